// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// The server's TLS certificate chain and private key, replaceable while it
// serves (SIGHUP): each handshake takes the pair current when it begins,
// so connections never see half of a reload, and a pair that fails to
// load leaves the one in use as it is.

#include <memory>
#include <mutex>
#include <string>

#include <openssl/ssl.h>

namespace purse::http {

class tls_identity {
public:
  /// Reads the PEM chain in `cert_file` (the leaf first) and the PEM key
  /// in `key_file`; empty, with the reason in `error`, if either cannot be
  /// read or the key is not the certificate's.
  static std::shared_ptr<const tls_identity> load(const std::string& cert_file,
                                                  const std::string& key_file,
                                                  std::string& error);

  ~tls_identity();
  tls_identity(const tls_identity&) = delete;
  tls_identity& operator=(const tls_identity&) = delete;

  /// The leaf certificate's subject and expiry, for the log.
  std::string describe() const;

private:
  tls_identity() = default;
  friend class tls_identities;

  X509* leaf_ = nullptr;
  STACK_OF(X509) * chain_ = nullptr;
  EVP_PKEY* key_ = nullptr;
};

/// The pair a TLS context serves, swapped by reload().
class tls_identities {
public:
  tls_identities(std::string cert_file, std::string key_file);

  /// Loads the files once; throws std::runtime_error if they do not load.
  void load_or_throw();

  /// Makes `ctx` take the current pair at every handshake. `this` must
  /// outlive the context.
  void serve(SSL_CTX* ctx);

  /// Loads the files again; on success the next handshakes use the new
  /// pair, else the current one stays and `error` says why.
  bool reload(std::string& error);

  std::shared_ptr<const tls_identity> current() const;

private:
  static int on_handshake(SSL* ssl, void* self);

  std::string cert_file_;
  std::string key_file_;
  mutable std::mutex mutex_;
  std::shared_ptr<const tls_identity> current_;
};

} // namespace purse::http
