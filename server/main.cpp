// SPDX-License-Identifier: GPL-2.0-or-later
// purse-server: the composition root. It reads the configuration (flags or
// the matching PURSE_* environment variables, which --env-file FILE may
// set from a systemd environment file; flags win; parsed by CLI11),
// opens the domain and serves it over HTTP(S) until SIGINT or SIGTERM
// (SIGHUP reloads the TLS certificate and key).

#include <csignal>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <pthread.h>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/send.hpp>

#include <CLI/CLI.hpp>
#include <asio/io_context.hpp>
#include <asio/ip/address.hpp>

#include "machine_defaults.hpp"
#include "purse/actors/build_info.hpp"
#include "purse/actors/domain.hpp"
#include "purse/actors/log.hpp"
#include "purse/config/env_file.hpp"
#include "purse/http/server.hpp"
#include "scheduler_options.hpp"

namespace {

/// A flag of the server, the environment variable that sets it too, and
/// its help text (with the default).
struct option_spec {
  const char* name;
  const char* env;
  const char* help;
  bool cluster = false;
};

const std::vector<option_spec>& options() {
  static const std::vector<option_spec> table{
    {"listen", "PURSE_LISTEN", "HOST:PORT to serve on (127.0.0.1:8080)"},
    {"database", "PURSE_DATABASE_URL",
     "libpq conninfo or postgresql:// URI (prefer the variable: it holds a "
     "password)"},
    {"tls-cert", "PURSE_TLS_CERT", "PEM certificate chain for HTTPS"},
    {"tls-key", "PURSE_TLS_KEY", "PEM private key for HTTPS"},
    {"insecure-http", "PURSE_INSECURE_HTTP",
     "serve plain HTTP (local use or behind a TLS proxy); the variable: 1"},
    {"db-pool", "PURSE_DB_POOL",
     "persistence workers and connections (1.5 per usable core, 8 to 64)"},
    {"io-threads", "PURSE_IO_THREADS",
     "HTTP io threads (half the usable cores, 2 to 64)"},
    {"max-body-bytes", "PURSE_MAX_BODY_BYTES",
     "largest request body (1048576)"},
    {"max-connections", "PURSE_MAX_CONNECTIONS",
     "concurrent connections; the open-file limit is raised to fit them "
     "(8192, or what the open-file limit allows)"},
    {"read-timeout", "PURSE_READ_TIMEOUT",
     "seconds a client may take to send a request (15)"},
    {"handshake-timeout", "PURSE_HANDSHAKE_TIMEOUT",
     "seconds a client may take to finish the TLS handshake (5)"},
    {"header-timeout", "PURSE_HEADER_TIMEOUT",
     "seconds a client may take to send a request's header fields, from "
     "its first byte (5)"},
    {"first-byte-timeout", "PURSE_FIRST_BYTE_TIMEOUT",
     "seconds a new connection may stay silent, from its acceptance (or "
     "its TLS handshake) to its first byte (5)"},
    {"idle-timeout-keepalive", "PURSE_IDLE_TIMEOUT_KEEPALIVE",
     "seconds a keep-alive connection may stay silent after an answer "
     "(5)"},
    {"max-connections-per-address", "PURSE_MAX_CONNECTIONS_PER_ADDRESS",
     "open connections per client address (an IPv6 client: per /64); as "
     "many more are answered 503 with Retry-After and closed; trusted "
     "proxies are not capped; 0: no cap (256)"},
    {"hsts-max-age", "PURSE_HSTS_MAX_AGE",
     "Strict-Transport-Security max-age in seconds on answers over HTTPS "
     "(also through a trusted proxy that says X-Forwarded-Proto: https); "
     "0: not sent (31536000)"},
    {"max-body-memory", "PURSE_MAX_BODY_MEMORY",
     "bytes of request bodies held at once, over all connections; a body "
     "that does not fit is refused 503 before it is read (268435456)"},
    {"drain-seconds", "PURSE_DRAIN_SECONDS",
     "how long SIGTERM waits for in-flight requests (a cluster node first "
     "hands requests on for up to 3 s more while it leaves) (10)"},
    {"read-limit", "PURSE_READ_LIMIT",
     "GET/HEAD requests per key per rolling minute (120)"},
    {"write-limit", "PURSE_WRITE_LIMIT",
     "POST/PUT/PATCH/DELETE per key per rolling minute (30)"},
    {"auth-failure-limit", "PURSE_AUTH_FAILURE_LIMIT",
     "failed authentications per client address, and per key, per rolling "
     "minute before 429 (30)"},
    {"trusted-proxy", "PURSE_TRUSTED_PROXY",
     "proxies (e.g. 10.0.0.0/8,::1) whose X-Forwarded-For or Forwarded header "
     "names the client (none: the peer is)"},
    {"quotas", "PURSE_QUOTAS",
     "override plan quotas, e.g. solo.tags=1000,family.accounts=200 "
     "(defaults in the README)"},
    {"idle-timeout", "PURSE_IDLE_TIMEOUT",
     "seconds after which an idle user's or scope's actor is stopped (state "
     "reloads on next use; at least 60) (300)"},
    {"change-retention", "PURSE_CHANGE_RETENTION",
     "seconds the changes feed keeps tombstones of deleted records; an "
     "older cursor answers 410 cursor_expired (values under 90 days are "
     "for tests) (7776000)"},
    {"webhook-allow-http", "PURSE_WEBHOOK_ALLOW_HTTP",
     "let webhooks use http:// URLs (tests, closed networks); the "
     "variable: 1"},
    {"webhook-allow-private", "PURSE_WEBHOOK_ALLOW_PRIVATE",
     "let webhooks reach loopback, private, link-local and multicast "
     "addresses (tests, closed networks); the variable: 1"},
    {"webhook-ca", "PURSE_WEBHOOK_CA",
     "PEM file of CA certificates that webhook deliveries trust beside the "
     "system's (certificates are always verified)"},
    {"webhook-timeout", "PURSE_WEBHOOK_TIMEOUT",
     "seconds a webhook receiver has to answer 2xx, 1 to 60 (10)"},
    {"webhook-first-retry", "PURSE_WEBHOOK_FIRST_RETRY",
     "seconds before a failed webhook delivery's first retry, each later "
     "one doubling up to an hour, 1 to 3600 (values under 30 are for "
     "tests) (30)"},
    {"upgrade-url", "PURSE_UPGRADE_URL",
     "where Free users upgrade, shown in 402 answers (/settings/billing)"},
    {"docs-dir", "PURSE_DOCS_DIR",
     "the reference page's files, served at /api/public/v1/docs "
     "(in a build tree, its docs/; installed, ../share/purse/docs from "
     "the binary's folder)"},
    {"scheduler", "PURSE_SCHEDULER",
     "actor scheduler: sharing (idle threads sleep, no polling) or stealing "
     "(CAF's work stealing, which polls) (sharing)"},
    {"scheduler-threads", "PURSE_SCHEDULER_THREADS",
     "actor scheduler threads, 0: one per core (0)"},
    {"actor-config", "PURSE_ACTOR_CONFIG",
     "CAF configuration file read first, e.g. the [work-stealing] polling "
     "settings"},
    {"metrics-listen", "PURSE_METRICS_LISTEN",
     "HOST:PORT where Prometheus metrics are served at /metrics (plain HTTP, "
     "no key; keep it private) (off)"},
    {"node-id", "PURSE_NODE_ID",
     "this node's id, unique in the cluster (host name:HTTP port)", true},
    {"cluster-listen", "PURSE_CLUSTER_LISTEN",
     "HOST:PORT where other nodes connect", true},
    {"cluster-advertise", "PURSE_CLUSTER_ADVERTISE",
     "HOST:PORT that other nodes dial (--cluster-listen)", true},
    {"cluster-ca", "PURSE_CLUSTER_CA",
     "PEM CA that signs every node's certificate", true},
    {"cluster-cert", "PURSE_CLUSTER_CERT", "this node's PEM certificate", true},
    {"cluster-key", "PURSE_CLUSTER_KEY", "this node's PEM private key", true},
    {"cluster-lease", "PURSE_CLUSTER_LEASE",
     "seconds a membership lasts unrenewed (renewed every second) (5)", true},
    {"cluster-call-port", "PURSE_CLUSTER_CALL_PORT",
     "port, on --cluster-listen's host, where other nodes hand this one "
     "their calls (0: any free port, told to them over the node link) (0)",
     true},
  };
  return table;
}

/// The options that are switches (a flag, or the variable 1).
bool is_switch(std::string_view name) {
  return name == "insecure-http" || name == "webhook-allow-http"
         || name == "webhook-allow-private";
}

constexpr const char* cluster_group
  = "Cluster (all of --cluster-listen, --cluster-ca, --cluster-cert and "
    "--cluster-key, or none: without them the server runs alone)";

/// How long a cluster node keeps handing requests on after SIGTERM before
/// it stops accepting: load balancers notice its failing /readyz (haproxy
/// as deploy/haproxy.cfg sets it: 2 checks 1 s apart) and send elsewhere.
constexpr std::chrono::seconds cluster_stop_grace{3};

/// PURSE_ALLOW_SHARED_DATABASE=1 (the test suites only): several servers
/// alone on one database, each with its own limits and counts.
bool shared_database_allowed() {
  auto v = std::getenv("PURSE_ALLOW_SHARED_DATABASE");
  return v != nullptr && std::string{v} == "1";
}

/// A start-up failure (a refused command line, the database, its schema,
/// the listening socket): one JSON log line, as everything the server
/// writes on stderr, so a journal or log shipper reads it like the rest.
int fail(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
    message.pop_back(); // libpq's messages end in a line break
  purse::log_event(purse::log_level::error, "start_failed",
                   {{"error", message}});
  return 2;
}

/// Whether clients can reach `host` only from this machine (a loopback
/// address or "localhost").
bool loopback_host(const std::string& host) {
  if (host == "localhost")
    return true;
  asio::error_code ec;
  auto address = asio::ip::make_address(host, ec);
  return !ec && address.is_loopback();
}

/// Raises the open-file limit to fit `connections` and what the process
/// opens besides (database connections, files, logs); false if the hard
/// limit is too low, with the limit in `limit`. The soft limit goes up to
/// the hard one (at most 2^20): a socket the listener cannot get stops that
/// accept for good, and sockets still draining after a close are not
/// counted as connections, so the room above `connections` is worth having.
bool fit_open_files(std::size_t connections, std::size_t others,
                    rlim_t& limit) {
  rlimit now{};
  if (getrlimit(RLIMIT_NOFILE, &now) != 0)
    return true;
  rlim_t wanted = connections + others;
  if (now.rlim_max != RLIM_INFINITY && now.rlim_max < wanted) {
    limit = now.rlim_max;
    return false;
  }
  rlim_t ceiling = rlim_t{1} << 20;
  if (now.rlim_max != RLIM_INFINITY)
    ceiling = std::min(ceiling, now.rlim_max);
  auto target = std::max(wanted, ceiling);
  if (now.rlim_cur >= target)
    return true;
  auto before = now.rlim_cur;
  now.rlim_cur = target;
  if (setrlimit(RLIMIT_NOFILE, &now) == 0)
    return true;
  now.rlim_cur = wanted; // the kernel's own ceiling (nr_open) is lower
  return before >= wanted || setrlimit(RLIMIT_NOFILE, &now) == 0;
}

bool to_size(const std::string& text, std::size_t min, std::size_t max,
             std::size_t& out) {
  char* end = nullptr;
  auto v = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || v < min || v > max)
    return false;
  out = v;
  return true;
}

/// The cluster options, if any was given; `error` says what is wrong.
std::optional<purse::cluster_options>
cluster_of(std::map<std::string, std::string>& opt, const std::string& listen,
           std::string& error) {
  auto given = [&](const char* name) {
    return opt.count(name) != 0 && !opt[name].empty();
  };
  const char* required[] = {"cluster-listen", "cluster-ca", "cluster-cert",
                            "cluster-key"};
  int n = 0;
  for (auto* name : required)
    n += given(name) ? 1 : 0;
  if (n == 0) {
    for (auto* name :
         {"node-id", "cluster-advertise", "cluster-lease", "cluster-call-port"})
      if (given(name))
        error = std::string{"--"} + name
                + " needs --cluster-listen, --cluster-ca, --cluster-cert "
                  "and --cluster-key";
    return std::nullopt;
  }
  if (n != 4) {
    error = "--cluster-listen, --cluster-ca, --cluster-cert and "
            "--cluster-key go together";
    return std::nullopt;
  }
  purse::cluster_options c;
  if (!purse::split_endpoint(opt["cluster-listen"], c.listen_host,
                             c.listen_port)) {
    error = "--cluster-listen must be HOST:PORT, e.g. 10.0.0.5:7400";
    return std::nullopt;
  }
  c.advertise = given("cluster-advertise") ? opt["cluster-advertise"]
                                           : opt["cluster-listen"];
  std::string host;
  std::uint16_t port = 0;
  if (!purse::split_endpoint(c.advertise, host, port)
      || host.find_first_not_of("0.:[]") == std::string::npos) {
    error = "--cluster-advertise must be HOST:PORT that other nodes can dial"
            " (not a wildcard address)";
    return std::nullopt;
  }
  c.ca_file = opt["cluster-ca"];
  c.cert_file = opt["cluster-cert"];
  c.key_file = opt["cluster-key"];
  for (auto* file : {&c.ca_file, &c.cert_file, &c.key_file})
    if (access(file->c_str(), R_OK) != 0) {
      error = "cannot read " + *file;
      return std::nullopt;
    }
  if (given("node-id")) {
    c.node_id = opt["node-id"];
  } else {
    char name[256] = {};
    gethostname(name, sizeof(name) - 1);
    c.node_id = std::string{name} + listen.substr(listen.rfind(':'));
  }
  if (c.node_id.empty() || c.node_id.size() > 200
      || c.node_id.find_first_of(", \t\r\n") != std::string::npos) {
    error = "--node-id must be 1 to 200 characters without commas or spaces";
    return std::nullopt;
  }
  std::size_t lease = 5;
  if (given("cluster-lease") && !to_size(opt["cluster-lease"], 3, 600, lease)) {
    error = "--cluster-lease must be from 3 to 600 seconds";
    return std::nullopt;
  }
  c.lease = std::chrono::seconds(lease);
  std::size_t call_port = 0;
  if (given("cluster-call-port")
      && !to_size(opt["cluster-call-port"], 0, 65535, call_port)) {
    error = "--cluster-call-port must be a port from 0 to 65535";
    return std::nullopt;
  }
  c.call_port = static_cast<std::uint16_t>(call_port);
  return c;
}

/// Reads the command line and the PURSE_* variables (flags win) into `opt`,
/// one entry per option given either way. Returns an exit code when the
/// program is done (help, version, routes, or a refused command line).
std::optional<int> parse_command_line(int argc, char** argv,
                                      std::map<std::string, std::string>& opt) {
  CLI::App app{"purse-server: serves the Purse API over HTTP(S) until SIGINT "
               "or SIGTERM. Every option can also be set by its environment "
               "variable; a flag wins.",
               "purse-server"};
  app.set_version_flag("--version", purse::version_line("purse-server"),
                       "print the version, git commit and schema version");
  bool print_routes = false;
  app.add_flag("--print-routes", print_routes,
               "print every route served and exit: the API's as \"METHOD "
               "/path\" under /api/public/v1, then the developer settings "
               "page's as \"page METHOD /path\"");
  // Read as soon as it is parsed, before CLI11 reads the PURSE_* variables
  // (and before main reads the others): the file's values replace the
  // inherited ones, flags still win. Given twice, both are read in order.
  app.add_option("--env-file")
    ->description("read environment variables from FILE first (systemd's "
                  "EnvironmentFile= syntax; its values replace inherited "
                  "ones, flags still win)")
    ->type_name("FILE")
    ->each([](const std::string& path) {
      purse::config::load_env_file(path);
    })
    ->trigger_on_parse();
  std::map<std::string, CLI::Option*> bound;
  for (auto& o : options()) {
    auto name = std::string{"--"} + o.name;
    auto* option
      = is_switch(o.name)
          ? app.add_flag(name)
          : app.add_option(name)->multi_option_policy(
            CLI::MultiOptionPolicy::TakeLast); // as before: the last one wins
    option->description(o.help)->envname(o.env);
    if (o.cluster)
      option->group(cluster_group);
    bound[o.name] = option;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(std::string{e.what()}
                + " (purse-server --help lists every "
                  "option)");
  } catch (const purse::config::env_file_error& e) {
    return fail(std::string{"--env-file "} + e.what());
  }
  if (print_routes) {
    for (auto& line : purse::http::served_routes())
      std::cout << line << '\n';
    return 0;
  }
  for (auto& [name, option] : bound) {
    if (option->count() == 0 || option->results().empty())
      continue;
    auto value = option->results().back();
    if (is_switch(name))
      value = (value == "1" || value == "true" || value == "on"
               || value == "yes")
                ? "1"
                : "0";
    opt[name] = value;
  }
  return std::nullopt;
}

} // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> opt;
  if (auto done = parse_command_line(argc, argv, opt))
    return *done;

  purse::http::server_config cfg;
  auto listen = opt.count("listen") ? opt["listen"] : "127.0.0.1:8080";
  auto colon = listen.rfind(':');
  std::size_t port = 0;
  if (colon == std::string::npos
      || !to_size(listen.substr(colon + 1), 1, 65535, port))
    return fail("--listen must be HOST:PORT, e.g. 127.0.0.1:8080");
  cfg.host = listen.substr(0, colon);
  if (cfg.host.size() > 2 && cfg.host.front() == '[')
    cfg.host = cfg.host.substr(1, cfg.host.size() - 2);
  cfg.port = static_cast<std::uint16_t>(port);
  cfg.tls_cert = opt["tls-cert"];
  cfg.docs_dir = opt["docs-dir"];
  cfg.trusted_proxies = opt["trusted-proxy"];
  if (auto error = purse::http::trusted_proxies_error(cfg.trusted_proxies);
      !error.empty())
    return fail("--trusted-proxy: " + error);
  cfg.tls_key = opt["tls-key"];
  auto insecure = opt["insecure-http"] == "1" || opt["insecure-http"] == "true";
  if (cfg.tls_cert.empty() != cfg.tls_key.empty())
    return fail("--tls-cert and --tls-key go together");
  if (cfg.tls_cert.empty() && !insecure)
    return fail("refusing to serve without TLS: pass --tls-cert and --tls-key,"
                " or --insecure-http for local use or behind a TLS proxy");
  if (cfg.tls_cert.empty() && !loopback_host(cfg.host)
      && cfg.trusted_proxies.empty())
    return fail("refusing plain HTTP on " + cfg.host
                + ", which is not a loopback address: serve HTTPS "
                  "(--tls-cert and --tls-key), or name the TLS-terminating "
                  "proxy in front with --trusted-proxy");
  if (!opt["metrics-listen"].empty()
      && !purse::split_endpoint(opt["metrics-listen"], cfg.metrics_host,
                                cfg.metrics_port))
    return fail("--metrics-listen must be HOST:PORT, e.g. 127.0.0.1:9464");
  // Defaults from the cores this process may use; the flags override them.
  auto machine = purse::server::defaults_for(purse::server::usable_cores());
  std::size_t pool_size = machine.db_pool;
  cfg.io_threads = machine.io_threads;
  std::size_t drain_seconds = 10;
  if (opt.count("db-pool") && !to_size(opt["db-pool"], 1, 256, pool_size))
    return fail("--db-pool must be from 1 to 256");
  if (opt.count("io-threads")
      && !to_size(opt["io-threads"], 1, 64, cfg.io_threads))
    return fail("--io-threads must be from 1 to 64");
  if (opt.count("max-body-bytes")
      && !to_size(opt["max-body-bytes"], 1024, 1 << 30, cfg.max_body_bytes))
    return fail("--max-body-bytes must be from 1024 to 1073741824");
  if (opt.count("max-connections")
      && !to_size(opt["max-connections"], 1, 100000, cfg.max_connections))
    return fail("--max-connections must be from 1 to 100000");
  // Deadlines, in seconds.
  struct deadline_option {
    const char* name;
    std::size_t max;
    std::chrono::milliseconds& into;
  };
  std::chrono::milliseconds read_timeout{cfg.read_timeout};
  for (auto [name, max, into] :
       {deadline_option{"read-timeout", 3600, read_timeout},
        deadline_option{"handshake-timeout", 600, cfg.handshake_timeout},
        deadline_option{"header-timeout", 600, cfg.header_timeout},
        deadline_option{"first-byte-timeout", 600, cfg.first_byte_timeout},
        deadline_option{"idle-timeout-keepalive", 3600,
                        cfg.keepalive_timeout}}) {
    std::size_t seconds = 0;
    if (!opt.count(name))
      continue;
    if (!to_size(opt[name], 1, max, seconds))
      return fail(std::string{"--"} + name + " must be from 1 to "
                  + std::to_string(max) + " seconds");
    into = std::chrono::seconds(seconds);
  }
  cfg.read_timeout
    = std::chrono::duration_cast<std::chrono::seconds>(read_timeout);
  std::size_t hsts_max_age = 31536000;
  if (opt.count("hsts-max-age")
      && !to_size(opt["hsts-max-age"], 0, 315360000, hsts_max_age))
    return fail("--hsts-max-age must be from 0 (not sent) to 315360000 "
                "seconds");
  cfg.hsts_max_age = std::chrono::seconds(hsts_max_age);
  if (opt.count("max-connections-per-address")
      && !to_size(opt["max-connections-per-address"], 0, 100000,
                  cfg.max_connections_per_address))
    return fail("--max-connections-per-address must be from 0 (no cap) to "
                "100000");
  if (opt.count("max-body-memory")
      && !to_size(opt["max-body-memory"], 1 << 20, std::size_t{1} << 40,
                  cfg.max_body_memory))
    return fail("--max-body-memory must be from 1048576 bytes to 1 TiB");
  if (opt.count("drain-seconds")
      && !to_size(opt["drain-seconds"], 0, 600, drain_seconds))
    return fail("--drain-seconds must be from 0 to 600");
  purse::user_settings settings;
  if (opt.count("upgrade-url"))
    settings.upgrade_url = opt["upgrade-url"];
  std::size_t limit = 0;
  if (opt.count("read-limit")) {
    if (!to_size(opt["read-limit"], 1, 10'000'000, limit))
      return fail("--read-limit must be from 1 to 10000000");
    settings.read_limit = static_cast<std::int64_t>(limit);
  }
  if (opt.count("write-limit")) {
    if (!to_size(opt["write-limit"], 1, 10'000'000, limit))
      return fail("--write-limit must be from 1 to 10000000");
    settings.write_limit = static_cast<std::int64_t>(limit);
  }
  if (opt.count("auth-failure-limit")) {
    if (!to_size(opt["auth-failure-limit"], 1, 10'000'000, limit))
      return fail("--auth-failure-limit must be from 1 to 10000000");
    settings.auth_failure_limit = static_cast<std::int64_t>(limit);
  }
  if (opt.count("idle-timeout")) {
    if (!to_size(opt["idle-timeout"], 60, 86400, limit))
      return fail("--idle-timeout must be from 60 to 86400 seconds");
    settings.idle_timeout = std::chrono::seconds(limit);
  }
  if (opt.count("change-retention")) {
    if (!to_size(opt["change-retention"], 1, 3'153'600'000, limit))
      return fail("--change-retention must be from 1 to 3153600000 seconds");
    settings.change_retention = std::chrono::seconds(limit);
  }
  purse::webhook_options webhooks;
  webhooks.allow_http = opt["webhook-allow-http"] == "1";
  webhooks.allow_private = opt["webhook-allow-private"] == "1";
  webhooks.ca_file = opt["webhook-ca"];
  if (opt.count("webhook-timeout")) {
    if (!to_size(opt["webhook-timeout"], 1, 60, limit))
      return fail("--webhook-timeout must be from 1 to 60 seconds");
    webhooks.timeout = std::chrono::seconds(limit);
  }
  if (opt.count("webhook-first-retry")) {
    if (!to_size(opt["webhook-first-retry"], 1, 3600, limit))
      return fail("--webhook-first-retry must be from 1 to 3600 seconds");
    webhooks.first_retry = std::chrono::seconds(limit);
  }
  auto quotas
    = std::make_shared<purse::quota_table>(purse::quota_table::defaults());
  if (std::string error; !quotas->apply(opt["quotas"], error))
    return fail("--quotas: " + error);
  if (opt["database"].empty())
    return fail("no database: pass --database URL or set PURSE_DATABASE_URL");
  // A socket the listener cannot get (the open-file limit) stops that
  // accept for good: the limit must fit every connection allowed, with
  // room for the database pool, the cluster's links and the files served.
  // The default gives way to a lower hard limit (logged); a number the
  // operator chose does not.
  const std::size_t other_files = pool_size + 256;
  if (rlim_t hard = 0;
      !fit_open_files(cfg.max_connections, other_files, hard)) {
    if (opt.count("max-connections") || hard <= other_files + 64)
      return fail("--max-connections " + std::to_string(cfg.max_connections)
                  + " does not fit the open-file limit (" + std::to_string(hard)
                  + "; raise LimitNOFILE= or lower --max-connections)");
    cfg.max_connections = static_cast<std::size_t>(hard) - other_files;
    fit_open_files(cfg.max_connections, other_files, hard);
    purse::log_event(
      purse::log_level::warn, "max connections lowered to the open-file limit",
      {{"max_connections", std::to_string(cfg.max_connections), true},
       {"open_file_limit", std::to_string(hard), true}});
  }

  purse::server::scheduler_options sched;
  if (opt.count("scheduler"))
    sched.policy = opt["scheduler"];
  if (opt.count("scheduler-threads")
      && !to_size(opt["scheduler-threads"], 0, 256, sched.threads))
    return fail("--scheduler-threads must be from 0 to 256");
  sched.config_file = opt["actor-config"];
  caf::actor_system_config sys_cfg;
  if (auto error = purse::server::apply(sched, sys_cfg); !error.empty())
    return fail(error);
  std::string cluster_error;
  auto cluster = cluster_of(opt, listen, cluster_error);
  if (!cluster_error.empty())
    return fail(cluster_error);
  if (cluster)
    purse::configure_cluster(sys_cfg, *cluster);

  // Block the stop signals before any thread exists so that every thread
  // inherits the mask and only sigwait below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGHUP); // reloads the TLS pair, see below
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  caf::actor_system sys{sys_cfg};
  // The HTTP front's io context, which a cluster node's call wires share.
  // It ends after the domain and before the actor system, on every way
  // out: what still waits on it (a cluster node's call wires, its
  // listener) holds actor handles, and the actor system's end waits for
  // the last handle of each actor.
  auto io = std::make_shared<asio::io_context>();
  cfg.io = io;
  struct io_end {
    purse::http::server_config& cfg;
    std::shared_ptr<asio::io_context>& io;
    ~io_end() {
      cfg.io.reset();
      io.reset();
    }
  } end_io_before_actors{cfg, io};
  std::unique_ptr<purse::domain> domain;
  try {
    domain = std::make_unique<purse::domain>(
      sys, purse::domain_options{
             opt["database"], pool_size, !opt.count("db-pool"), *quotas,
             settings, cluster, shared_database_allowed(), webhooks, io});
    pool_size = domain->pool_size();
  } catch (const purse::domain_error& e) {
    return fail(e.what());
  }
  int rc = 0;
  {
    purse::http::api_server server{sys, domain->front(), cfg,
                                   domain->settings_portal()};
    try {
      server.start();
    } catch (const std::exception& e) {
      rc = fail(std::string{"cannot listen on "} + listen + ": " + e.what());
    }
    if (rc == 0) {
      purse::log_event(purse::log_level::info, "listening",
                       {{"address", listen},
                        {"scheme", cfg.tls_cert.empty() ? "http" : "https"},
                        {"db_pool", std::to_string(pool_size), true},
                        {"io_threads", std::to_string(cfg.io_threads), true},
                        {"node", cluster ? cluster->node_id : "standalone"}});
      int sig = 0;
      while (sigwait(&stop_signals, &sig) == 0 && sig == SIGHUP) {
        // Reload the TLS certificate and key; on failure keep the pair
        // in use (the server goes on serving either way).
        std::string result;
        if (server.reload_tls(result))
          purse::log_event(purse::log_level::info, "tls_reloaded",
                           {{"certificate", result}});
        else
          purse::log_event(purse::log_level::error, "tls_reload_failed",
                           {{"reason", result}});
      }
      purse::log_event(
        purse::log_level::info, "stopping",
        {{"signal", sig == SIGTERM ? "SIGTERM" : "SIGINT"},
         {"in_flight", std::to_string(server.in_flight()), true}});
      if (cluster) {
        // Others take over this node's keys and scopes first, and load
        // balancers see /readyz fail; what still reaches the node meanwhile
        // is handed on to the new owners.
        server.announce_stop();
        domain->leave_cluster();
        std::this_thread::sleep_for(std::min<std::chrono::seconds>(
          cluster_stop_grace, std::chrono::seconds(drain_seconds)));
      }
      server.stop(std::chrono::seconds(drain_seconds));
    }
    domain->shutdown();
    // Every actor that may still hold a request handle ends before the
    // server (and its io context) is destroyed.
    sys.await_all_actors_done();
  }
  purse::log_event(purse::log_level::info, "stopped");
  return rc;
}
