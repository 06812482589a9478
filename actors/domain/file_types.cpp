// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/file_types.hpp"

#include <array>
#include <memory>
#include <stdexcept>

#include <magic.h>
#include <openssl/evp.h>

#include "purse/actors/api_key.hpp"

namespace purse {

namespace {

/// libmagic handles are not thread-safe: one per thread, loaded once.
magic_t magic_handle() {
  struct closer {
    void operator()(magic_set* m) const {
      magic_close(m);
    }
  };
  thread_local std::unique_ptr<magic_set, closer> handle = [] {
    std::unique_ptr<magic_set, closer> h{magic_open(MAGIC_MIME_TYPE)};
    if (!h || magic_load(h.get(), nullptr) != 0)
      throw std::runtime_error("cannot load the libmagic database");
    return h;
  }();
  return handle.get();
}

} // namespace

std::string sniff_type(std::string_view bytes) {
  if (bytes.empty())
    return {};
  auto found = magic_buffer(magic_handle(), bytes.data(), bytes.size());
  std::string type = found != nullptr ? found : "";
  static const std::array<std::pair<std::string_view, std::string_view>, 8>
    allowed{{{"image/jpeg", "image/jpeg"},
             {"image/png", "image/png"},
             {"image/webp", "image/webp"},
             {"image/heic", "image/heic"},
             {"image/heif", "image/heic"},
             {"application/pdf", "application/pdf"},
             {"text/csv", "text/csv"},
             {"text/plain", "text/plain"}}};
  for (auto& [seen, canonical] : allowed)
    if (type == seen)
      return std::string{canonical};
  return {};
}

std::string normalize_type(std::string_view declared) {
  auto semi = declared.find(';');
  auto type = declared.substr(0, semi);
  std::string out;
  for (char c : type)
    if (c != ' ' && c != '\t')
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool declared_type_agrees(std::string_view declared, std::string_view sniffed) {
  auto text = [](std::string_view t) {
    return t == "text/csv" || t == "text/plain";
  };
  return declared == sniffed || (text(declared) && text(sniffed));
}

std::string safe_filename(std::string_view name) {
  // Keep only the last path component, then only harmless characters.
  auto slash = name.find_last_of("/\\");
  if (slash != std::string_view::npos)
    name.remove_prefix(slash + 1);
  std::string out;
  for (char c : name) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != ';')
      out += c;
    else if (u >= 0x80 || u < 0x20)
      out += '_';
  }
  while (!out.empty() && (out.front() == '.' || out.front() == ' '))
    out.erase(0, 1);
  if (out.size() > 150)
    out.resize(150);
  return out.empty() ? "file" : out;
}

std::optional<std::string> decode_base64(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
      clean += c;
  if (clean.size() % 4 != 0)
    return std::nullopt;
  std::string out(clean.size() / 4 * 3, '\0');
  auto n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                           reinterpret_cast<const unsigned char*>(clean.data()),
                           static_cast<int>(clean.size()));
  if (n < 0)
    return std::nullopt;
  // EVP_DecodeBlock counts the padding as zero bytes: drop them.
  std::size_t pad = 0;
  if (!clean.empty() && clean.back() == '=')
    ++pad;
  if (clean.size() > 1 && clean[clean.size() - 2] == '=')
    ++pad;
  out.resize(static_cast<std::size_t>(n) - pad);
  return out;
}

std::string sha256_hex(std::string_view bytes) {
  return hash_secret(bytes);
}

} // namespace purse
