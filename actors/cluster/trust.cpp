// SPDX-License-Identifier: GPL-2.0-or-later
#include "trust.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>

namespace purse {

namespace {

/// A deleter calling OpenSSL's (or C's) free function `Free`.
template <auto Free>
struct freed_by {
  template <class T>
  void operator()(T* p) const {
    Free(p);
  }
};

using file_ptr = std::unique_ptr<std::FILE, freed_by<&std::fclose>>;
using x509_ptr = std::unique_ptr<X509, freed_by<&X509_free>>;

file_ptr open_pem(const std::string& path, const char* what) {
  file_ptr f{std::fopen(path.c_str(), "r")};
  if (!f)
    throw std::runtime_error(std::string{"cannot read "} + what + " " + path);
  return f;
}

x509_ptr read_certificate(const std::string& path, const char* what) {
  auto f = open_pem(path, what);
  x509_ptr cert{PEM_read_X509(f.get(), nullptr, nullptr, nullptr)};
  if (!cert)
    throw std::runtime_error(path + " holds no PEM certificate (" + what + ")");
  return cert;
}

} // namespace

std::string cluster_ca_fingerprint(const cluster_options& opts) {
  auto ca = read_certificate(opts.ca_file, "--cluster-ca");
  auto cert = read_certificate(opts.cert_file, "--cluster-cert");
  auto key_file = open_pem(opts.key_file, "--cluster-key");
  std::unique_ptr<EVP_PKEY, freed_by<&EVP_PKEY_free>> key{
    PEM_read_PrivateKey(key_file.get(), nullptr, nullptr, nullptr)};
  if (!key)
    throw std::runtime_error(opts.key_file
                             + " holds no PEM private key (--cluster-key)");
  if (X509_check_private_key(cert.get(), key.get()) != 1)
    throw std::runtime_error("--cluster-key " + opts.key_file
                             + " is not the key of --cluster-cert "
                             + opts.cert_file);
  std::unique_ptr<X509_STORE, freed_by<&X509_STORE_free>> store{
    X509_STORE_new()};
  std::unique_ptr<X509_STORE_CTX, freed_by<&X509_STORE_CTX_free>> ctx{
    X509_STORE_CTX_new()};
  if (!store || !ctx || X509_STORE_add_cert(store.get(), ca.get()) != 1
      || X509_STORE_CTX_init(ctx.get(), store.get(), cert.get(), nullptr) != 1)
    throw std::runtime_error("cannot check the cluster certificates");
  if (X509_verify_cert(ctx.get()) != 1)
    throw std::runtime_error(
      "--cluster-cert " + opts.cert_file + " is not signed by --cluster-ca "
      + opts.ca_file + ": "
      + X509_verify_cert_error_string(X509_STORE_CTX_get_error(ctx.get())));
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (X509_digest(ca.get(), EVP_sha256(), digest, &size) != 1)
    throw std::runtime_error("cannot hash the cluster CA");
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

} // namespace purse
