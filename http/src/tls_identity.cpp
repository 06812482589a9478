// SPDX-License-Identifier: GPL-2.0-or-later
#include "tls_identity.hpp"

#include <cstdio>
#include <stdexcept>

#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

namespace purse::http {

namespace {

/// OpenSSL's last error as text (and its queue emptied).
std::string openssl_error() {
  auto code = ERR_get_error();
  ERR_clear_error();
  if (code == 0)
    return "unknown error";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

struct file_closer {
  void operator()(std::FILE* f) const {
    std::fclose(f);
  }
};
using file_handle = std::unique_ptr<std::FILE, file_closer>;

} // namespace

std::shared_ptr<const tls_identity>
tls_identity::load(const std::string& cert_file, const std::string& key_file,
                   std::string& error) {
  std::shared_ptr<tls_identity> id{new tls_identity};
  file_handle cert{std::fopen(cert_file.c_str(), "r")};
  if (!cert) {
    error = "cannot read " + cert_file;
    return nullptr;
  }
  id->leaf_ = PEM_read_X509(cert.get(), nullptr, nullptr, nullptr);
  if (id->leaf_ == nullptr) {
    error = cert_file + " holds no PEM certificate: " + openssl_error();
    return nullptr;
  }
  id->chain_ = sk_X509_new_null();
  while (auto* next = PEM_read_X509(cert.get(), nullptr, nullptr, nullptr))
    sk_X509_push(id->chain_, next);
  ERR_clear_error(); // the end of the file reads as an error
  file_handle key{std::fopen(key_file.c_str(), "r")};
  if (!key) {
    error = "cannot read " + key_file;
    return nullptr;
  }
  id->key_ = PEM_read_PrivateKey(key.get(), nullptr, nullptr, nullptr);
  if (id->key_ == nullptr) {
    error = key_file + " holds no PEM private key: " + openssl_error();
    return nullptr;
  }
  if (X509_check_private_key(id->leaf_, id->key_) != 1) {
    ERR_clear_error();
    error = key_file + " is not the private key of " + cert_file;
    return nullptr;
  }
  return id;
}

tls_identity::~tls_identity() {
  X509_free(leaf_);
  if (chain_ != nullptr)
    sk_X509_pop_free(chain_, X509_free);
  EVP_PKEY_free(key_);
}

std::string tls_identity::describe() const {
  char subject[256] = {};
  X509_NAME_oneline(X509_get_subject_name(leaf_), subject, sizeof subject);
  std::string out = subject;
  if (auto* bio = BIO_new(BIO_s_mem())) {
    if (ASN1_TIME_print(bio, X509_get0_notAfter(leaf_)) == 1) {
      char* text = nullptr;
      auto n = BIO_get_mem_data(bio, &text);
      out += ", valid until " + std::string(text, static_cast<std::size_t>(n));
    }
    BIO_free(bio);
  }
  return out;
}

tls_identities::tls_identities(std::string cert_file, std::string key_file)
  : cert_file_(std::move(cert_file)), key_file_(std::move(key_file)) {
  // nop
}

void tls_identities::load_or_throw() {
  std::string error;
  if (!reload(error))
    throw std::runtime_error(error);
}

bool tls_identities::reload(std::string& error) {
  auto next = tls_identity::load(cert_file_, key_file_, error);
  if (!next)
    return false;
  std::lock_guard<std::mutex> guard{mutex_};
  current_ = std::move(next);
  return true;
}

std::shared_ptr<const tls_identity> tls_identities::current() const {
  std::lock_guard<std::mutex> guard{mutex_};
  return current_;
}

void tls_identities::serve(SSL_CTX* ctx) {
  SSL_CTX_set_cert_cb(ctx, &tls_identities::on_handshake, this);
}

int tls_identities::on_handshake(SSL* ssl, void* self) {
  auto id = static_cast<tls_identities*>(self)->current();
  if (!id)
    return 0;
  // The SSL object takes its own references (override: replace what the
  // context gave it).
  return SSL_use_cert_and_key(ssl, id->leaf_, id->key_, id->chain_, 1) == 1 ? 1
                                                                            : 0;
}

} // namespace purse::http
