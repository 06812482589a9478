// SPDX-License-Identifier: GPL-2.0-or-later
// OpenSSL keeps one error queue per thread, and requires it to be empty
// before each TLS I/O call: SSL_get_error() reads it to tell a failure of
// this connection from "would block". CAF's TLS transport (libcaf_openssl
// 0.17, the cluster links) drains the queue only when its logging is
// compiled in, which Debian's build does not do: one failed handshake (a
// process without the cluster's certificate) or one peer vanishing leaves
// an error in the queue of the thread that serves every link, and the
// next "would block" on a healthy link is then taken for a failure, which
// closes it. Measured before this file: a stranger's refused handshake
// took down every link of the node it dialled.
//
// purse-server therefore defines the four calls that start TLS I/O: each
// empties the calling thread's queue, as OpenSSL requires, then calls
// OpenSSL's own. Callers that already do so (asio, for HTTPS) see no
// change. The dynamic linker resolves the libraries' references to these
// definitions because the executable defines them.

#include <dlfcn.h>

#include <openssl/err.h>
#include <openssl/ssl.h>

namespace {

template <class Fn>
Fn next_definition(const char* name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" {

int SSL_read(SSL* ssl, void* buf, int num) {
  using fn = int (*)(SSL*, void*, int);
  static auto real = next_definition<fn>("SSL_read");
  ERR_clear_error();
  return real(ssl, buf, num);
}

int SSL_write(SSL* ssl, const void* buf, int num) {
  using fn = int (*)(SSL*, const void*, int);
  static auto real = next_definition<fn>("SSL_write");
  ERR_clear_error();
  return real(ssl, buf, num);
}

int SSL_accept(SSL* ssl) {
  using fn = int (*)(SSL*);
  static auto real = next_definition<fn>("SSL_accept");
  ERR_clear_error();
  return real(ssl);
}

int SSL_connect(SSL* ssl) {
  using fn = int (*)(SSL*);
  static auto real = next_definition<fn>("SSL_connect");
  ERR_clear_error();
  return real(ssl);
}

} // extern "C"
