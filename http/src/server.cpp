// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/http/server.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <thread>

#include <caf/event_based_actor.hpp>
#include <restinio/all.hpp>
#include <restinio/tls.hpp>

#include "ascii.hpp"
#include "client_address.hpp"
#include "connection_guard.hpp"
#include "envelope.hpp"
#include "metrics_listener.hpp"
#include "multipart.hpp"
#include "page_stream.hpp"
#include "public_documents.hpp"
#include "purse/actors/api_key.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/json.hpp"
#include "purse/actors/log.hpp"
#include "reply_port.hpp"
#include "request_metrics.hpp"
#include "response.hpp"
#include "routes.hpp"
#include "server_traits.hpp"
#include "settings_pages.hpp"
#include "status.hpp"
#include "tls_identity.hpp"

namespace purse::http {

namespace {

/// The reference page's folder: --docs-dir; else, for a binary in a CMake
/// build tree (a CMakeCache.txt beside it), the page that tree built
/// (docs/); else the installed page, found from the executable itself
/// (PURSE_DOCS_FROM_BIN: ../share/purse/docs), so an installed server
/// serves the page of the prefix it was installed to, whatever prefix the
/// build was configured with. Empty if the executable is not known.
std::string docs_dir_of(const server_config& cfg) {
  if (!cfg.docs_dir.empty())
    return cfg.docs_dir;
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec)
    return {};
  auto bin = exe.parent_path();
  if (std::filesystem::exists(bin / "CMakeCache.txt", ec))
    return (bin / "docs").string();
  return (bin / PURSE_DOCS_FROM_BIN).lexically_normal().string();
}

/// The key of an `Authorization: Bearer <key>` value (the scheme is
/// case-insensitive, RFC 9110, 11.1); nothing if it is not one.
std::optional<presented_key> bearer_key(std::string_view authorization) {
  if (authorization.size() > 7
      && lower_ascii(authorization.substr(0, 7)) == "bearer ")
    return parse_api_key(authorization.substr(7));
  return std::nullopt;
}

/// Whether a matched route takes a file upload (its bodies may be larger:
/// base64 adds a third).
bool takes_upload(const route_match& route) {
  return route.what == route_match::kind::call
         && route.shape->body == route_shape::body_kind::upload
         && !route.call.is_read;
}

/// Set while RESTinio's io thread runs our request handler. An answer
/// written from inside the handler would start its write before RESTinio
/// has taken the request's slot back from the handler; with pipelined
/// requests waiting, RESTinio 0.6 then starts reading the next request
/// twice and closes the connection. Such answers are posted instead, to
/// run right after the handler returns.
thread_local bool inside_handler = false;

/// A client-chosen request id is echoed only if it is short and plain.
bool sane_request_id(std::string_view id) {
  if (id.empty() || id.size() > 128)
    return false;
  for (char c : id)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'
          || c == '.'))
      return false;
  return true;
}

bool is_json_media_type(std::string_view value) {
  auto semi = value.find(';');
  auto type = value.substr(0, semi);
  while (!type.empty() && type.back() == ' ')
    type.remove_suffix(1);
  if (type.size() != 16)
    return false;
  return lower_ascii(type) == "application/json";
}

/// The version an If-None-Match names: "*", or one strong entity tag
/// without its quotes; anything else names none we issue.
std::string known_version(std::string_view if_none_match) {
  if (if_none_match == "*")
    return "*";
  if (if_none_match.size() >= 2 && if_none_match.front() == '"'
      && if_none_match.back() == '"')
    return std::string{if_none_match.substr(1, if_none_match.size() - 2)};
  return {};
}

/// Microseconds as milliseconds with three decimals ("12.345"), for the
/// access log; no printf on the request path.
std::string milliseconds_text(std::int64_t micros) {
  if (micros < 0)
    micros = 0;
  auto text = std::to_string(micros / 1000);
  char frac[] = ".000";
  auto rest = micros % 1000;
  frac[1] = static_cast<char>('0' + rest / 100);
  frac[2] = static_cast<char>('0' + rest / 10 % 10);
  frac[3] = static_cast<char>('0' + rest % 10);
  return text.append(frac, 4);
}

} // namespace

std::string trusted_proxies_error(const std::string& spec) {
  http::trusted_proxies p;
  std::string error;
  p.parse(spec, error);
  return error;
}

std::vector<std::string> served_routes() {
  auto out = route_list();
  for (auto& r : settings_pages::routes())
    out.push_back("page " + r);
  return out;
}

namespace {

/// The route templates requests are counted by: the API's, the documents',
/// the probes' and the settings page's.
std::vector<std::string> metric_routes() {
  std::vector<std::string> out;
  auto add = [&](const std::string& route, std::string_view prefix) {
    auto space = route.find(' ');
    out.push_back(std::string{prefix} + route.substr(space + 1));
  };
  for (auto& r : route_list())
    add(r, api_prefix);
  for (auto& r : settings_pages::routes())
    add(r, "");
  out.emplace_back("/healthz");
  out.emplace_back("/readyz");
  return out;
}

} // namespace

struct api_server::impl {
  caf::actor_system& sys;
  std::shared_ptr<front_door> front;
  server_config cfg;
  reply_port replies;
  std::atomic<bool> draining{false};
  /// Told to stop, still serving: /readyz says so, and every answer
  /// closes its connection, so balancers and clients move elsewhere.
  std::atomic<bool> stopping{false};
  std::atomic<std::size_t> inflight{0};
  std::function<void()> stop_server;
  std::shared_ptr<void> running; // the RESTinio handle
  /// The io context RESTinio runs on (answers are posted to it).
  std::shared_ptr<asio::io_context> io
    = cfg.io ? cfg.io : std::make_shared<asio::io_context>();

  public_documents docs;
  std::unique_ptr<settings_pages> pages;
  http::trusted_proxies proxies;
  request_metrics metrics{metric_routes()};
  std::unique_ptr<metrics_listener> metrics_server;
  std::shared_ptr<connection_guard> guard;
  /// The TLS certificate and key (HTTPS only).
  std::unique_ptr<tls_identities> identities;

  impl(caf::actor_system& s, std::shared_ptr<front_door> f, server_config c,
       std::shared_ptr<settings::portal> portal)
    : sys(s),
      front(std::move(f)),
      cfg(std::move(c)),
      replies(s, cfg.request_timeout),
      docs(docs_dir_of(cfg)) {
    if (portal)
      pages = std::make_unique<settings_pages>(std::move(portal));
    std::string error;
    if (!proxies.parse(cfg.trusted_proxies, error))
      throw std::invalid_argument("--trusted-proxy: " + error);
    guard = std::make_shared<connection_guard>(
      guard_limits{cfg.handshake_timeout, cfg.header_timeout,
                   cfg.first_byte_timeout, cfg.keepalive_timeout,
                   cfg.max_connections_per_address, cfg.max_body_memory},
      proxies, gate_rules_of());
    if (docs.page_files() == 0)
      log_event(log_level::warn, "reference page not built",
                {{"docs_dir", docs_dir_of(cfg)}});
  }

  /// What the request gate decides from a request's headers alone.
  gate_rules gate_rules_of() {
    gate_rules rules;
    rules.max_header_block = cfg.max_header_bytes * 4;
    rules.secret = new_id() + new_id();
    rules.body_limit = [this](std::string_view method, std::string_view path) {
      return takes_upload(match_route(method, path)) ? cfg.max_upload_bytes
                                                     : cfg.max_body_bytes;
    };
    rules.refused_by_headers
      = [this](std::string_view method, std::string_view path,
               std::string_view authorization, int authorizations) {
          if (pages && settings_pages::owns(path))
            return false;
          // Probes and documents never read a body.
          if (path == "/healthz" || path == "/readyz"
              || public_documents::owns(path))
            return true;
          if (match_route(method, path).what != route_match::kind::call)
            return true;
          return authorizations != 1 || !bearer_key(authorization);
        };
    return rules;
  }

  /// The answer to a request stopped at the gate.
  static outgoing gate_answer(const gate_verdict& v) {
    switch (v.status) {
      case 411:
        return transport_answer(transport_status::length_required, v.message);
      case 413:
        return transport_answer(transport_status::payload_too_large, v.message);
      case 431:
        return transport_answer(transport_status::headers_too_large, v.message);
      case 501:
        return transport_answer(transport_status::not_implemented, v.message);
      case 503: {
        auto r = make_result(errc::unavailable, "null", v.message);
        r.retry_after = 1;
        return from_result(r);
      }
      default:
        break;
    }
    return from_result(make_result(errc::bad_request, "null", v.message));
  }

  /// One request in progress: everything needed to answer and log it.
  struct exchange {
    restinio::request_handle_t req;
    std::string request_id;
    std::string method;
    std::string path;
    bool head = false;
    /// The gate kept the body back: only header-based refusals may follow.
    bool body_withheld = false;
    std::chrono::steady_clock::time_point started;
    /// Reached over HTTPS: our TLS, or a trusted proxy's.
    bool tls = false;
    impl* owner;
  };

  void respond(const exchange& x, const api_result& r) {
    respond(x, from_result(r));
  }

  /// Every header of a response: the one place they are set.
  template <class Response>
  void set_headers(const exchange& x, const outgoing& out, bool raw,
                   Response& resp) {
    if (out.has_body)
      resp.append_header(restinio::http_field::content_type,
                         raw ? out.raw_type
                             : "application/json; charset=utf-8");
    resp.append_header("X-Request-Id", x.request_id);
    resp.append_header("Cache-Control", out.cache_control);
    resp.append_header("X-Content-Type-Options", "nosniff");
    // Every 401 names the scheme to use (RFC 6750).
    if (out.status.code == 401)
      resp.append_header("WWW-Authenticate", "Bearer realm=\"purse\"");
    for (auto& [name, value] : out.headers)
      resp.append_header(name, value);
    if (x.tls && cfg.hsts_max_age.count() > 0)
      resp.append_header("Strict-Transport-Security",
                         "max-age=" + std::to_string(cfg.hsts_max_age.count()));
    if (draining || stopping)
      resp.connection_close();
  }

  /// Writes a response.
  /// RESTinio's status line of a response.
  static restinio::http_status_line_t status_line(const outgoing& out) {
    return restinio::http_status_line_t{
      restinio::http_status_code_t{static_cast<std::uint16_t>(out.status.code)},
      out.status.reason};
  }

  /// Counts an answer in the request metrics, with the time since the
  /// request arrived (returned, in microseconds); before the answer
  /// leaves, so that a client that has it sees it counted.
  std::int64_t count_answer(const exchange& x, int code) {
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(
                std::chrono::steady_clock::now() - x.started)
                .count();
    metrics.count(metrics.route_of(x.path), x.method, code,
                  static_cast<double>(us) / 1e6);
    return us;
  }

  void respond(const exchange& x, outgoing out) {
    auto status = status_line(out);
    bool raw = !out.raw_type.empty();
    std::string body;
    if (out.has_body)
      body = raw ? std::move(out.data)
                 : envelope(out.status.code, out.message, out.data,
                            error_code_of(out), x.request_id,
                            out.plan_required_of, out.deduplicated);
    auto headers = [&](auto& resp) {
      set_headers(x, out, raw, resp);
    };
    auto micros = count_answer(x, out.status.code);
    if (x.head) {
      // HEAD: the headers GET would send, its Content-Length included,
      // and no body (RFC 9110, 9.3.2).
      auto resp
        = x.req->create_response<restinio::user_controlled_output_t>(status);
      headers(resp);
      resp.set_content_length(body.size());
      send(std::move(resp));
    } else {
      auto resp = x.req->create_response(status);
      headers(resp);
      if (out.has_body)
        resp.set_body(std::move(body));
      send(std::move(resp));
    }
    log_event(log_level::info, "request",
              {{"request_id", x.request_id},
               // Behind a trusted proxy: the client it names.
               {"client", client_of(*x.req)},
               {"method", x.method},
               {"path", x.path},
               {"status", std::to_string(out.status.code), true},
               {"duration_ms", milliseconds_text(micros), true}});
    inflight.fetch_sub(1);
  }

  /// Hands a complete answer to RESTinio: at once, or from inside the
  /// request handler right after it returns (see inside_handler).
  template <class Response>
  void send(Response resp) {
    if (!inside_handler) {
      resp.done();
      return;
    }
    asio::post(*io, [resp = std::move(resp)]() mutable {
      resp.done();
    });
  }

  /// Whether the request reached us over HTTPS: our own TLS, or a trusted
  /// proxy that terminated it and says so (X-Forwarded-Proto, or the
  /// proto of Forwarded).
  bool reached_over_tls(const restinio::request_t& req) const {
    if (!cfg.tls_cert.empty())
      return true;
    if (!proxies.contains(req.remote_endpoint().address()))
      return false;
    auto& h = req.header();
    return forwarded_proto(h.get_field_or(restinio::http_field::forwarded, ""),
                           h.get_field_or("X-Forwarded-Proto", ""))
           == "https";
  }

  /// The client's address: the peer's, or behind a trusted proxy the one
  /// the proxy names (Forwarded or X-Forwarded-For).
  std::string client_of(const restinio::request_t& req) const {
    auto& h = req.header();
    return proxies.client_of(req.remote_endpoint().address(),
                             h.get_field_or(restinio::http_field::forwarded,
                                            ""),
                             h.get_field_or("X-Forwarded-For", ""));
  }

  /// 405 naming the methods the path takes.
  void refuse_method(const exchange& x, const std::string& allow) {
    auto out = transport_answer(transport_status::method_not_allowed,
                                "Method " + x.method
                                  + " is not allowed here; allowed: " + allow);
    out.headers.emplace_back("Allow", allow);
    respond(x, std::move(out));
  }

  /// GET /healthz: the process answers. GET /readyz: it can serve (not
  /// draining, the database reachable). For load balancers: no key, no
  /// rate limit, never logged as API traffic beyond the access line.
  void answer_probe(const exchange& x) {
    if (x.method != "GET" && !x.head) {
      refuse_method(x, "GET, HEAD");
      return;
    }
    if (x.path == "/healthz") {
      respond(x, make_result(errc::ok, R"({"status":"alive"})"));
      return;
    }
    if (draining || stopping || !front->ready()) {
      auto r = make_result(errc::unavailable, R"({"status":"not ready"})",
                           draining || stopping
                             ? "The server is shutting down"
                             : "The database is unreachable");
      r.retry_after = 1;
      respond(x, std::move(r));
      return;
    }
    respond(x, make_result(errc::ok, R"({"status":"ready"})"));
  }

  restinio::request_handling_status_t handle(restinio::request_handle_t req) {
    inflight.fetch_add(1);
    exchange x;
    x.req = req;
    x.owner = this;
    x.started = std::chrono::steady_clock::now();
    auto& h = req->header();
    x.method = h.method().c_str();
    x.path = std::string{h.path()};
    x.head = h.method() == restinio::http_method_head();
    x.tls = reached_over_tls(*req);
    auto client_id = h.get_field_or("X-Request-Id", "");
    x.request_id = sane_request_id(client_id) ? std::string{client_id}
                                              : new_id();
    // Stopped at the gate (request_gate.hpp): answered from the headers
    // alone (a stand-in for malformed framing says Connection: close).
    if (auto verdict = request_gate::read_verdict(
          h.get_field_or(verdict_field, ""), guard->rules().secret)) {
      if (verdict->status != 0) {
        log_event(log_level::info, "refused at the gate",
                  {{"request_id", x.request_id},
                   {"client", client_of(*req)},
                   {"status", std::to_string(verdict->status), true},
                   {"reason", verdict->message}});
        respond(x, gate_answer(*verdict));
        return restinio::request_accepted();
      }
      x.body_withheld = true;
    }
    // Probes first: load balancers' health checks often send HTTP/1.0
    // without a Host, and RESTinio 0.6 reports every request as HTTP/1.1.
    if (x.path == "/healthz" || x.path == "/readyz") {
      answer_probe(x);
      return restinio::request_accepted();
    }
    if (h.http_major() == 1 && h.http_minor() == 1
        && !h.has_field(restinio::http_field::host)) {
      respond(x, make_result(errc::bad_request, "null",
                             "HTTP/1.1 requests need a Host header"));
      return restinio::request_accepted();
    }
    if (draining) {
      auto r = make_result(errc::unavailable, "null",
                           "The server is shutting down; retry");
      r.retry_after = 1;
      respond(x, std::move(r));
      return restinio::request_accepted();
    }
    if (h.request_target().size() > cfg.max_url_bytes) {
      respond(x, transport_answer(transport_status::uri_too_long));
      return restinio::request_accepted();
    }
    std::size_t header_bytes = 0;
    h.for_each_field([&](const auto& f) {
      header_bytes += f.name().size() + f.value().size() + 4;
    });
    if (header_bytes > cfg.max_header_bytes
        || h.fields_count() > cfg.max_header_count) {
      respond(x, transport_answer(transport_status::headers_too_large));
      return restinio::request_accepted();
    }
    if (pages && settings_pages::owns(x.path)) {
      // The developer settings page: cookies and forms, never a key.
      serve_page(std::move(x));
      return restinio::request_accepted();
    }
    if (public_documents::owns(x.path)) {
      // The contract and its reference page: no key, no rate limit.
      if (x.method == "GET" || x.head)
        respond(x,
                docs.answer(
                  {x.path,
                   h.get_field_or(restinio::http_field::accept_encoding, ""),
                   h.get_field_or(restinio::http_field::if_none_match, "")}));
      else
        refuse_method(x, "GET, HEAD");
      return restinio::request_accepted();
    }
    auto route = match_route(x.method, x.path);
    if (route.what == route_match::kind::not_found) {
      respond(x,
              make_result(errc::not_found, "null", "No such path: " + x.path));
      return restinio::request_accepted();
    }
    if (route.what == route_match::kind::method_not_allowed) {
      refuse_method(x, route.allow);
      return restinio::request_accepted();
    }
    // Authentication comes before body checks so an anonymous client learns
    // nothing about validation. Cookies are never read. One Authorization
    // header: with two, a proxy and this server could each read another.
    int authorizations = 0;
    h.for_each_field([&](const auto& f) {
      if (lower_ascii(f.name()) == "authorization")
        ++authorizations;
    });
    if (authorizations > 1) {
      respond(x, make_result(errc::bad_request, "null",
                             "Send one Authorization header"));
      return restinio::request_accepted();
    }
    auto auth = h.get_field_or(restinio::http_field::authorization, "");
    auto key = bearer_key(auth);
    if (!key) {
      respond(x, make_result(errc::unauthenticated, "null",
                             auth.empty()
                               ? "A valid API key is required: send "
                                 "'Authorization: Bearer <key>'"
                               : "The API key is missing or malformed: send "
                                 "'Authorization: Bearer <key>'"));
      return restinio::request_accepted();
    }
    if (x.body_withheld) {
      // The gate withholds a body only from requests refused above.
      respond(x, make_result(errc::bad_request, "null",
                             "The request body was not read"));
      return restinio::request_accepted();
    }
    auto& body = req->body();
    bool is_upload = takes_upload(route);
    auto limit = is_upload ? cfg.max_upload_bytes : cfg.max_body_bytes;
    if (body.size() > limit) {
      respond(x, transport_answer(transport_status::payload_too_large,
                                  "The request body exceeds "
                                    + std::to_string(limit) + " bytes"));
      return restinio::request_accepted();
    }
    auto content_type = h.get_field_or(restinio::http_field::content_type, "");
    auto call = std::move(route.call);
    if (is_upload && is_multipart_form(content_type)) {
      std::string error;
      auto upload = multipart_upload(*req, error);
      if (!upload) {
        field_errors e;
        e.add("file", error);
        respond(x, make_result(errc::unprocessable, e.to_json()));
        return restinio::request_accepted();
      }
      call.upload = std::move(*upload);
    } else if (!body.empty() && !is_json_media_type(content_type)) {
      respond(x, transport_answer(transport_status::unsupported_media_type,
                                  is_upload ? "Send the file as "
                                              "multipart/form-data or as "
                                              "application/json"
                                            : ""));
      return restinio::request_accepted();
    } else {
      call.body = body;
    }
    auto query
      = restinio::try_parse_query<restinio::parse_query_traits::relaxed>(
        h.query());
    if (!query) {
      respond(x, make_result(errc::bad_request, "null",
                             "The query string is malformed"));
      return restinio::request_accepted();
    }
    for (auto& [k, v] : *query)
      call.query.emplace_back(std::string{k}, std::string{v});
    if (query->tag())
      call.query.emplace_back(std::string{*query->tag()}, "");
    call.idempotency_key = std::string{h.get_field_or("Idempotency-Key", "")};
    call.known_version
      = known_version(h.get_field_or(restinio::http_field::if_none_match, ""));
    call.client_address = client_of(*req);
    dispatch(std::move(x), std::move(*key), std::move(call));
    return restinio::request_accepted();
  }

  /// A request of the developer settings page (settings_pages.cpp).
  void serve_page(exchange x) {
    auto& h = x.req->header();
    page_request pr;
    pr.method = x.method;
    pr.head = x.head;
    pr.path = x.path;
    pr.query = std::string{h.query()};
    pr.body = x.req->body();
    pr.content_type = h.get_field_or(restinio::http_field::content_type, "");
    pr.cookie = h.get_field_or(restinio::http_field::cookie, "");
    pr.origin = h.get_field_or("Origin", "");
    pr.referer = h.get_field_or(restinio::http_field::referer, "");
    pr.host = h.get_field_or(restinio::http_field::host, "");
    pr.address = client_of(*x.req);
    pr.tls = x.tls;
    pages->handle(std::move(pr), [x](outgoing out) {
      x.owner->respond(x, std::move(out));
    });
  }

  /// Hands the call to the domain; the answer comes back through the
  /// reply port, on the thread of the actor that gives it. A streamed
  /// answer (a collection download such as export.csv) goes on page by
  /// page (stream()).
  void dispatch(exchange x, presented_key key, api_call call) {
    bool streamable = call.op == operation::list && !call.action.empty();
    auto mid = replies.expect(
      [x, key = streamable ? key : presented_key{},
       again = streamable ? call : api_call{}](const api_result& r) {
        if (r.stream && r.code == errc::ok)
          x.owner->stream(x, r, again, key);
        else
          x.owner->respond(x, r);
      });
    if (auto now = front->submit(key.lookup_id, std::move(key.secret_hash),
                                 std::move(call), replies.sender(), mid)) {
      replies.cancel(mid);
      respond(x, *now);
    }
  }

  /// Sends a streamed answer: `first` page, then each page after it,
  /// asked for with the same key and call (and the page's continuation:
  /// no further token of the read bucket) once the page before it has been
  /// written (page_stream.hpp).
  void stream(const exchange& x, const api_result& first, api_call call,
              presented_key key) {
    auto out = from_result(first);
    auto resp = x.req->create_response<stream_output_t>(status_line(out));
    set_headers(x, out, true, resp);
    count_answer(x, out.status.code);
    auto ask = [this, key](api_call c,
                           std::function<void(const api_result&)> on_page) {
      auto mid = replies.expect(on_page);
      if (auto now = front->submit(key.lookup_id, key.secret_hash, std::move(c),
                                   replies.sender(), mid)) {
        replies.cancel(mid);
        on_page(*now);
      }
    };
    auto defer = [io = io](std::function<void()> work) {
      asio::post(*io, std::move(work));
    };
    auto end = [this, x](bool complete, std::string why, std::uint64_t bytes) {
      auto total = std::chrono::duration_cast<std::chrono::microseconds>(
                     std::chrono::steady_clock::now() - x.started)
                     .count();
      if (!complete)
        log_event(log_level::warn, "streamed answer cut short",
                  {{"request_id", x.request_id},
                   {"path", x.path},
                   {"bytes", std::to_string(bytes), true},
                   {"reason", why}});
      log_event(log_level::info, "request",
                {{"request_id", x.request_id},
                 {"client", client_of(*x.req)},
                 {"method", x.method},
                 {"path", x.path},
                 {"status", "200", true},
                 {"bytes", std::to_string(bytes), true},
                 {"complete", complete ? "true" : "false", true},
                 {"duration_ms", milliseconds_text(total), true}});
      inflight.fetch_sub(1);
    };
    page_stream::start(std::move(resp), x.head, first, std::move(call),
                       std::move(ask), std::move(defer), std::move(end));
  }

  template <class Traits, class Settings>
  void run(Settings settings) {
    install_connection_guard(guard);
    auto handle = restinio::run_async<Traits>(
      restinio::io_context_holder_t{io}, std::move(settings), cfg.io_threads);
    auto shared = std::shared_ptr<decltype(handle)>(
      new decltype(handle)(std::move(handle)));
    running = shared;
    stop_server = [shared] {
      (*shared)->stop();
      (*shared)->wait();
    };
  }

  template <class Traits>
  auto settings() {
    return restinio::server_settings_t<Traits>{}
      .address(cfg.host)
      .port(cfg.port)
      .max_parallel_connections(cfg.max_connections)
      .read_next_http_message_timelimit(cfg.read_timeout)
      .write_http_response_timelimit(cfg.write_timeout)
      // Above the domain's own timeout so our 504 wins over a dropped line.
      .handle_request_timeout(cfg.request_timeout + std::chrono::seconds(5))
      // Hard limits above ours: between the two we answer 413, 414 or 431
      // ourselves; beyond them RESTinio drops the connection.
      .incoming_http_msg_limits(
        restinio::incoming_http_msg_limits_t{}
          .max_url_size(cfg.max_url_bytes * 4)
          .max_field_name_size(cfg.max_header_bytes * 4)
          .max_field_value_size(cfg.max_header_bytes * 4)
          .max_field_count(cfg.max_header_count * 4)
          // Bodies: four times the ordinary limit, but uploads only 1 MiB
          // past theirs, so one connection cannot make us buffer much more
          // than the largest acceptable file.
          .max_body_size(std::max(cfg.max_body_bytes * 4,
                                  cfg.max_upload_bytes + 1024 * 1024)))
      .request_handler([this](restinio::request_handle_t req) {
        struct handling {
          handling() {
            inside_handler = true;
          }
          ~handling() {
            inside_handler = false;
          }
        } scope;
        return handle(req);
      });
  }
};

api_server::api_server(caf::actor_system& sys,
                       std::shared_ptr<front_door> front, server_config cfg,
                       std::shared_ptr<settings::portal> portal)
  : impl_(new impl(sys, std::move(front), std::move(cfg), std::move(portal))) {
  // nop
}

namespace {

/// Keeps a stopped RESTinio server (and its io context) until the process
/// ends. RESTinio 0.6 with a connection count limiter cannot be destroyed
/// while keep-alive connections are open: its acceptor, which owns the
/// limiter, goes first, and the io context then destroys the connections'
/// queued reads, whose destructors update the freed limiter. A stopped
/// server does nothing, and the process exits right after; the holder is
/// reachable, so leak checkers do not report it.
void retire(std::shared_ptr<void> stopped_server) {
  static auto* retired = new std::vector<std::shared_ptr<void>>;
  retired->push_back(std::move(stopped_server));
}

} // namespace

api_server::~api_server() {
  if (impl_->stop_server && !impl_->draining)
    impl_->stop_server();
  impl_->stop_server = nullptr; // it holds the server too
  retire(std::move(impl_->running));
}

void api_server::start() {
  auto& cfg = impl_->cfg;
  if (!cfg.tls_cert.empty()) {
    asio::ssl::context tls{asio::ssl::context::tls_server};
    tls.set_options(
      asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2
      | asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1
      | asio::ssl::context::no_tlsv1_1);
    // TLS 1.2: forward secrecy (ECDHE) and AEAD ciphers only; TLS 1.3's
    // suites are all both.
    if (SSL_CTX_set_cipher_list(tls.native_handle(),
                                "ECDHE+AESGCM:ECDHE+CHACHA20:!aNULL:!eNULL")
        != 1)
      throw std::runtime_error("cannot set the TLS cipher list");
    // Client-initiated renegotiation: refused whatever OpenSSL's default.
    SSL_CTX_set_options(tls.native_handle(), SSL_OP_NO_RENEGOTIATION);
    // The certificate and key: taken at each handshake from the pair
    // loaded last, so SIGHUP can replace them (reload_tls).
    impl_->identities = std::make_unique<tls_identities>(cfg.tls_cert,
                                                         cfg.tls_key);
    impl_->identities->load_or_throw();
    impl_->identities->serve(tls.native_handle());
    impl_->run<tls_traits>(
      impl_->settings<tls_traits>().tls_context(std::move(tls)));
  } else {
    impl_->run<plain_traits>(impl_->settings<plain_traits>());
  }
  if (cfg.metrics_port != 0) {
    auto* self = impl_.get();
    self->metrics.in_flight = &self->inflight;
    try {
      self->metrics_server = std::make_unique<metrics_listener>(
        cfg.metrics_host, cfg.metrics_port, [self] {
          return self->metrics.exposition(self->front->metrics());
        });
    } catch (const std::exception& e) {
      throw std::runtime_error("--metrics-listen " + cfg.metrics_host + ":"
                               + std::to_string(cfg.metrics_port) + ": "
                               + e.what());
    }
  }
}

bool api_server::reload_tls(std::string& result) {
  if (!impl_->identities) {
    result = "not serving TLS";
    return false;
  }
  if (!impl_->identities->reload(result))
    return false;
  result = impl_->identities->current()->describe();
  return true;
}

void api_server::announce_stop() {
  impl_->stopping = true;
}

void api_server::stop(std::chrono::milliseconds deadline) {
  impl_->draining = true;
  auto until = std::chrono::steady_clock::now() + deadline;
  while (impl_->inflight.load() > 0 && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  if (impl_->stop_server)
    impl_->stop_server();
  if (impl_->metrics_server)
    impl_->metrics_server->stop();
}

std::size_t api_server::in_flight() const {
  return impl_->inflight.load();
}

} // namespace purse::http
