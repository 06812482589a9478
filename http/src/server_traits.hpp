// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// RESTinio's traits for the server: our guarded sockets
// (guarded_socket.hpp) and a cap on open connections counted by
// accept_limiter (accept_limiter.hpp) instead of the library's own.

#include <restinio/all.hpp>
#include <restinio/tls.hpp>

#include "accept_limiter.hpp"
#include "guarded_socket.hpp"

namespace purse::http {

template <class Base, class Socket>
struct limited_traits : Base {
  static constexpr bool use_connection_count_limiter = true;
  using stream_socket_t = Socket;
};

using plain_traits
  = limited_traits<restinio::default_traits_t, guarded_tcp_socket>;
using tls_traits
  = limited_traits<restinio::default_tls_traits_t, guarded_tls_socket>;

} // namespace purse::http

namespace restinio {

template <class Base, class Socket>
struct connection_count_limit_types<purse::http::limited_traits<Base, Socket>> {
  using limiter_t = purse::http::accept_limiter;
  using lifetime_monitor_t
    = connection_count_limits::connection_lifetime_monitor_t<limiter_t>;
};

} // namespace restinio
