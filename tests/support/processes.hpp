// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Runs the real binaries for tests: purse-admin commands and purse-server
// processes against the test database (PURSE_TEST_DATABASE_URL).

#include <string>
#include <vector>

#include "support/http_client.hpp"

namespace purse::test {

/// The test database URL; fails the test run loudly when it is not set.
std::string database_url();

/// `prefix`, "-" and a number no other call has made, in this test run or
/// an earlier one on the same database (the clock's ticks and a count): an
/// id for the rows a test makes.
std::string unique_id(const std::string& prefix);

/// What a finished command produced.
struct command_result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs purse-admin with the test database (via the environment).
command_result admin(const std::vector<std::string>& args);

/// Runs purse-admin on the database at `database` (a URL) instead.
command_result admin(const std::string& database,
                     const std::vector<std::string>& args);

/// Runs purse-admin and returns the field of its JSON output; fails the
/// test if the command fails.
std::string admin_field(const std::vector<std::string>& args,
                        const char* field);

/// The same on the database at `database` (a URL).
std::string admin_field(const std::string& database,
                        const std::vector<std::string>& args,
                        const char* field);

/// A user on a plan with one fresh public-API key.
struct user_with_key {
  std::string id;
  std::string key;
  std::string key_id;
};

/// Creates a user (unique e-mail) and a key; plan free gets its key while
/// on solo and is then downgraded, as a real downgrade would.
user_with_key make_user(const std::string& plan = "solo");

/// Creates another public-API key for a user and returns its secret.
std::string make_key(const std::string& user_id,
                     const std::string& audience = "public-api");

/// Standard base64 of bytes (test payloads).
std::string base64(const std::string& bytes);

/// A free TCP port on 127.0.0.1.
int free_port();

/// A purse-server child process.
class server_process {
public:
  /// Starts the server with `extra` flags (plain HTTP unless TLS flags are
  /// given) and waits until it accepts connections.
  /// `env` entries (NAME=value) replace the inherited ones.
  explicit server_process(std::vector<std::string> extra = {},
                          bool insecure_http = true, std::string database = {},
                          std::vector<std::string> env = {});
  ~server_process();
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;

  /// Sends a signal and waits for the exit status (-1 on timeout).
  int stop(int signal_number = 15, int timeout_seconds = 30);

  /// True while the child runs.
  bool running();

  int port() const {
    return port_;
  }

  /// The child's process id.
  int pid() const {
    return pid_;
  }
  std::string base_url(const std::string& scheme = "http") const;
  /// Everything the server wrote to stderr so far.
  std::string log() const;

private:
  int pid_ = -1;
  int port_ = 0;
  std::string log_path_;
};

/// Another child process (e.g. haproxy), killed when the object goes;
/// stdout and stderr go to one log file.
class child_process {
public:
  child_process(const std::vector<std::string>& argv,
                const std::vector<std::string>& env = {});
  ~child_process();
  child_process(const child_process&) = delete;
  child_process& operator=(const child_process&) = delete;

  /// True while the child runs.
  bool running();

  /// What the child wrote so far.
  std::string log() const;

  int pid() const {
    return pid_;
  }

private:
  int pid_ = -1;
  std::string log_path_;
};

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
bool port_accepts(int port);

/// Runs a command line and collects its output (for the negative-start
/// tests of purse-server).
command_result run_command(const std::vector<std::string>& argv,
                           const std::vector<std::string>& env = {},
                           int timeout_seconds = 30);

/// Path of the purse-server binary.
std::string server_binary();

/// A self-signed certificate for 127.0.0.1 (CN and subjectAltName) and its
/// key, as PEM files under /tmp made with openssl; removed when it goes.
struct self_signed_certificate {
  std::string cert;
  std::string key;
  self_signed_certificate();
  ~self_signed_certificate();
  self_signed_certificate(const self_signed_certificate&) = delete;
  self_signed_certificate& operator=(const self_signed_certificate&) = delete;
};

} // namespace purse::test

namespace purse::test {

/// A raw TCP connection to 127.0.0.1 (for slow-client and limit tests).
class raw_connection {
public:
  /// Connects to 127.0.0.1:`port`, from the loopback address `from`
  /// (e.g. "127.0.0.2") when one is given.
  explicit raw_connection(int port, const std::string& from = {});
  ~raw_connection();
  /// Sends bytes as they are.
  void send(const std::string& bytes);
  /// Waits up to `timeout_ms` for data; returns what arrived, "" on
  /// timeout, and sets `closed` when the peer closed the connection.
  std::string receive(int timeout_ms, bool& closed);
  /// Closes with a reset (SO_LINGER 0): the peer sees an RST, not a FIN.
  void reset();

private:
  int fd_ = -1;
};

} // namespace purse::test
