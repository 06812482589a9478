// SPDX-License-Identifier: GPL-2.0-or-later
#include "support/processes.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/test/unit_test.hpp>
#include <rapidjson/document.h>

extern char** environ;

namespace purse::test {

namespace {

std::string env_or_fail(const char* name) {
  auto v = std::getenv(name);
  if (v == nullptr || *v == '\0')
    throw std::runtime_error(std::string{name}
                             + " is not set: run the tests through "
                               "deploy/test.sh (it starts PostgreSQL)");
  return v;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string temp_path(const char* stem) {
  static std::atomic<int> n{0};
  return "/tmp/purse-test-" + std::to_string(getpid()) + "-" + stem + "-"
         + std::to_string(n++);
}

/// fork + exec with stdout/stderr redirected to files; returns the pid.
int spawn(const std::vector<std::string>& argv,
          const std::vector<std::string>& env, const std::string& out_path,
          const std::string& err_path) {
  // `env` entries replace inherited ones of the same name.
  auto name_of = [](const std::string& entry) {
    return entry.substr(0, entry.find('='));
  };
  std::vector<std::string> envs;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string entry{*e};
    bool replaced = false;
    for (auto& given : env)
      replaced = replaced || name_of(given) == name_of(entry);
    if (!replaced)
      envs.push_back(std::move(entry));
  }
  for (auto& e : env)
    envs.push_back(e);
  auto pid = fork();
  if (pid < 0)
    throw std::runtime_error("fork failed");
  if (pid == 0) {
    int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int null = open("/dev/null", O_RDONLY);
    dup2(null, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> args;
    for (auto& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    std::vector<char*> envp;
    for (auto& e : envs)
      envp.push_back(const_cast<char*>(e.c_str()));
    envp.push_back(nullptr);
    execve(args[0], args.data(), envp.data());
    _exit(127);
  }
  return pid;
}

int wait_for(int pid, int timeout_seconds) {
  auto until = std::chrono::steady_clock::now()
               + std::chrono::seconds(timeout_seconds);
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    auto r = waitpid(pid, &status, WNOHANG);
    if (r == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return -1;
}

/// 127.0.0.1:`port` (0: any port).
sockaddr_in loopback(int port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return addr;
}

bool accepts(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  auto addr = loopback(port);
  bool ok = connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

} // namespace

std::string database_url() {
  return env_or_fail("PURSE_TEST_DATABASE_URL");
}

std::string unique_id(const std::string& prefix) {
  static std::atomic<std::uint64_t> made{0};
  return prefix + "-"
         + std::to_string(
           std::chrono::steady_clock::now().time_since_epoch().count())
         + "-" + std::to_string(made.fetch_add(1));
}

std::string server_binary() {
  return env_or_fail("PURSE_SERVER_BIN");
}

command_result run_command(const std::vector<std::string>& argv,
                           const std::vector<std::string>& env,
                           int timeout_seconds) {
  auto out_path = temp_path("out");
  auto err_path = temp_path("err");
  auto pid = spawn(argv, env, out_path, err_path);
  command_result r;
  r.exit_code = wait_for(pid, timeout_seconds);
  if (r.exit_code == -1) {
    kill(pid, SIGKILL);
    wait_for(pid, 5);
  }
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  unlink(out_path.c_str());
  unlink(err_path.c_str());
  return r;
}

command_result admin(const std::vector<std::string>& args) {
  return admin(database_url(), args);
}

command_result admin(const std::string& database,
                     const std::vector<std::string>& args) {
  std::vector<std::string> argv{env_or_fail("PURSE_ADMIN_BIN")};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_command(argv, {"PURSE_DATABASE_URL=" + database});
}

std::string admin_field(const std::vector<std::string>& args,
                        const char* field) {
  return admin_field(database_url(), args, field);
}

std::string admin_field(const std::string& database,
                        const std::vector<std::string>& args,
                        const char* field) {
  auto r = admin(database, args);
  BOOST_REQUIRE_MESSAGE(r.exit_code == 0, "purse-admin failed: " << r.err);
  rapidjson::Document d;
  d.Parse(r.out.c_str());
  BOOST_REQUIRE_MESSAGE(!d.HasParseError() && d.IsObject() && d.HasMember(field)
                          && d[field].IsString(),
                        "unexpected purse-admin output: " << r.out);
  return d[field].GetString();
}

user_with_key make_user(const std::string& plan) {
  static std::atomic<int> n{0};
  user_with_key u;
  auto email = "user" + std::to_string(getpid()) + "-" + std::to_string(n++)
               + "-"
               + std::to_string(
                 std::chrono::system_clock::now().time_since_epoch().count())
               + "@test.purse";
  auto initial = plan == "free" ? "solo" : plan;
  u.id = admin_field({"user", "create", "--email", email, "--plan", initial},
                     "id");
  auto r = admin({"key", "create", "--user", u.id});
  BOOST_REQUIRE_MESSAGE(r.exit_code == 0, "key create failed: " << r.err);
  rapidjson::Document d;
  d.Parse(r.out.c_str());
  u.key = d["secret"].GetString();
  u.key_id = d["id"].GetString();
  if (plan == "free")
    admin_field({"user", "set-plan", "--user", u.id, "--plan", "free"}, "id");
  return u;
}

std::string make_key(const std::string& user_id, const std::string& audience) {
  return admin_field(
    {"key", "create", "--user", user_id, "--audience", audience}, "secret");
}

std::string base64(const std::string& bytes) {
  static const char* a
    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  auto at = [&](std::size_t k) {
    return k < bytes.size() ? static_cast<unsigned char>(bytes[k]) : 0u;
  };
  for (; i < bytes.size(); i += 3) {
    auto n = (at(i) << 16) | (at(i + 1) << 8) | at(i + 2);
    out += a[n >> 18 & 63];
    out += a[n >> 12 & 63];
    out += i + 1 < bytes.size() ? a[n >> 6 & 63] : '=';
    out += i + 2 < bytes.size() ? a[n & 63] : '=';
  }
  return out;
}

namespace {

/// The first port the kernel hands out as an outgoing connection's own
/// (net.ipv4.ip_local_port_range; 32768 when it cannot be read).
int ephemeral_low() {
  std::ifstream range{"/proc/sys/net/ipv4/ip_local_port_range"};
  int low = 0;
  if (range >> low && low > 1024)
    return low;
  return 32768;
}

/// Whether `port` on 127.0.0.1 can be bound now (nothing listens on it, no
/// connection holds it).
bool bindable(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  auto addr = loopback(port);
  bool ok = bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  close(fd);
  return ok;
}

} // namespace

int free_port() {
  // Below the ephemeral range: a port the kernel picked (bind to port 0)
  // is one it may give next to any process's outgoing connection, between
  // this check and the server's bind (seen in CI: a cluster node's
  // --cluster-listen port taken while the suites ran side by side). Ports
  // from 10000 up to that range, picked at random and checked.
  static std::atomic<std::uint64_t> turn{
    static_cast<std::uint64_t>(getpid()) * 7919u
    + static_cast<std::uint64_t>(
      std::chrono::steady_clock::now().time_since_epoch().count())};
  int low = 10000;
  int high = ephemeral_low() - 1;
  if (high - low > 1000) {
    for (int i = 0; i < 1000; ++i) {
      auto n = turn.fetch_add(1) * 2654435761u;
      int port = low + static_cast<int>((n >> 16) % (high - low + 1));
      if (bindable(port))
        return port;
    }
  }
  // A machine whose ephemeral range starts low: the kernel's choice.
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  auto addr = loopback(0);
  bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  close(fd);
  return ntohs(addr.sin_port);
}

server_process::server_process(std::vector<std::string> extra,
                               bool insecure_http, std::string database,
                               std::vector<std::string> env) {
  if (database.empty())
    database = database_url();
  // A "--listen 127.0.0.1:PORT" in `extra` keeps a port (a restart).
  auto given = std::find(extra.begin(), extra.end(), "--listen");
  if (given != extra.end() && given + 1 != extra.end()) {
    port_ = std::stoi(given[1].substr(given[1].rfind(':') + 1));
  } else {
    port_ = free_port();
    extra.insert(extra.begin(),
                 {"--listen", "127.0.0.1:" + std::to_string(port_)});
  }
  log_path_ = temp_path("server-log");
  std::vector<std::string> argv{server_binary()};
  if (insecure_http)
    argv.push_back("--insecure-http");
  argv.insert(argv.end(), extra.begin(), extra.end());
  env.push_back("PURSE_DATABASE_URL=" + database);
  pid_ = spawn(argv, env, "/dev/null", log_path_);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!accepts(port_)) {
    if (!running())
      throw std::runtime_error("purse-server exited at start: " + log());
    if (std::chrono::steady_clock::now() > until)
      throw std::runtime_error("purse-server did not start: " + log());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

server_process::~server_process() {
  if (pid_ > 0 && running()) {
    kill(pid_, SIGKILL);
    wait_for(pid_, 10);
  }
  unlink(log_path_.c_str());
}

int server_process::stop(int signal_number, int timeout_seconds) {
  kill(pid_, signal_number);
  auto rc = wait_for(pid_, timeout_seconds);
  if (rc != -1)
    pid_ = -1;
  return rc;
}

bool server_process::running() {
  if (pid_ <= 0)
    return false;
  int status = 0;
  auto r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

std::string server_process::base_url(const std::string& scheme) const {
  return scheme + "://127.0.0.1:" + std::to_string(port_);
}

std::string server_process::log() const {
  return slurp(log_path_);
}

child_process::child_process(const std::vector<std::string>& argv,
                             const std::vector<std::string>& env)
  : log_path_(temp_path("child-log")) {
  pid_ = spawn(argv, env, log_path_, log_path_);
}

child_process::~child_process() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    wait_for(pid_, 10);
  }
  unlink(log_path_.c_str());
}

bool child_process::running() {
  if (pid_ <= 0)
    return false;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) {
    pid_ = -1;
    return false;
  }
  return true;
}

std::string child_process::log() const {
  return slurp(log_path_);
}

bool port_accepts(int port) {
  return accepts(port);
}

} // namespace purse::test

#include <poll.h>

namespace purse::test {

raw_connection::raw_connection(int port, const std::string& from) {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (!from.empty()) {
    sockaddr_in local{};
    local.sin_family = AF_INET;
    if (inet_pton(AF_INET, from.c_str(), &local.sin_addr) != 1
        || bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) {
      close(fd_);
      throw std::runtime_error("bind to " + from + " failed");
    }
  }
  auto addr = loopback(port);
  if (connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    close(fd_);
    throw std::runtime_error("connect failed");
  }
}

raw_connection::~raw_connection() {
  if (fd_ >= 0)
    close(fd_);
}

void raw_connection::reset() {
  linger now{1, 0};
  setsockopt(fd_, SOL_SOCKET, SO_LINGER, &now, sizeof now);
  close(fd_);
  fd_ = -1;
}

void raw_connection::send(const std::string& bytes) {
  ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
}

std::string raw_connection::receive(int timeout_ms, bool& closed) {
  closed = false;
  std::string out;
  pollfd p{fd_, POLLIN, 0};
  while (poll(&p, 1, timeout_ms) > 0) {
    char buf[4096];
    auto n = recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) {
      closed = true;
      break;
    }
    out.append(buf, static_cast<std::size_t>(n));
    timeout_ms = 200; // drain what follows quickly
  }
  return out;
}

} // namespace purse::test

namespace purse::test {

self_signed_certificate::self_signed_certificate() {
  auto base = "/tmp/purse-tls-" + std::to_string(getpid()) + "-"
              + std::to_string(free_port());
  cert = base + "-cert.pem";
  key = base + "-key.pem";
  auto made = run_command(
    {"/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
     "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
     "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert});
  if (made.exit_code != 0)
    throw std::runtime_error("openssl req failed: " + made.err);
}

self_signed_certificate::~self_signed_certificate() {
  std::remove(cert.c_str());
  std::remove(key.c_str());
}

} // namespace purse::test
