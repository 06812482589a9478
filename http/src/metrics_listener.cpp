// SPDX-License-Identifier: GPL-2.0-or-later
#include "metrics_listener.hpp"

#include <stdexcept>
#include <vector>

#include <restinio/all.hpp>

namespace purse::http {

namespace {

using traits = restinio::default_traits_t;

/// Keeps a stopped RESTinio server until the process ends (as the API's;
/// see server.cpp's retire()).
void keep(std::shared_ptr<void> stopped) {
  static auto* kept = new std::vector<std::shared_ptr<void>>;
  kept->push_back(std::move(stopped));
}

} // namespace

struct metrics_listener::impl {
  std::function<std::string()> render;
  std::shared_ptr<void> running;
  std::function<void()> stop_server;
};

metrics_listener::metrics_listener(std::string host, std::uint16_t port,
                                   std::function<std::string()> render)
  : impl_(new impl) {
  impl_->render = std::move(render);
  auto* self = impl_.get();
  auto settings
    = restinio::server_settings_t<traits>{}
        .address(std::move(host))
        .port(port)
        .read_next_http_message_timelimit(std::chrono::seconds(15))
        .write_http_response_timelimit(std::chrono::seconds(15))
        .request_handler([self](restinio::request_handle_t req) {
          auto& h = req->header();
          bool get = h.method() == restinio::http_method_get();
          bool head = h.method() == restinio::http_method_head();
          if (h.path() != "/metrics" || !(get || head)) {
            auto code = h.path() == "/metrics"
                          ? restinio::status_method_not_allowed()
                          : restinio::status_not_found();
            return req->create_response(code)
              .append_header(restinio::http_field::content_type,
                             "text/plain; charset=utf-8")
              .append_header("Allow", "GET, HEAD")
              .set_body("Serves GET /metrics only\n")
              .done();
          }
          auto body = self->render();
          auto type = "text/plain; version=0.0.4; charset=utf-8";
          if (head) {
            auto resp
              = req->create_response<restinio::user_controlled_output_t>(
                restinio::status_ok());
            resp.append_header(restinio::http_field::content_type, type);
            resp.append_header("Cache-Control", "no-store");
            resp.set_content_length(body.size());
            return resp.done();
          }
          return req->create_response()
            .append_header(restinio::http_field::content_type, type)
            .append_header("Cache-Control", "no-store")
            .set_body(std::move(body))
            .done();
        });
  auto handle = restinio::run_async<traits>(restinio::own_io_context(),
                                            std::move(settings), 1);
  auto shared = std::shared_ptr<decltype(handle)>(
    new decltype(handle)(std::move(handle)));
  impl_->running = shared;
  impl_->stop_server = [shared] {
    (*shared)->stop();
    (*shared)->wait();
  };
}

metrics_listener::~metrics_listener() {
  stop();
}

void metrics_listener::stop() {
  if (impl_->stop_server) {
    impl_->stop_server();
    impl_->stop_server = nullptr;
    keep(std::move(impl_->running));
  }
}

} // namespace purse::http
