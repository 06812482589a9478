// SPDX-License-Identifier: GPL-2.0-or-later
#include "multipart.hpp"

#include <algorithm>
#include <cctype>

#include <restinio/helpers/file_upload.hpp>
#include <restinio/helpers/multipart_body.hpp>

#include "ascii.hpp"
#include "purse/actors/utf8.hpp"

namespace purse::http {

namespace {

namespace hfp = restinio::http_field_parsers;

/// The `name` parameter of a part's Content-Disposition, if any.
std::optional<std::string> field_name(const restinio::http_header_fields_t& f) {
  auto disposition = f.opt_value_of(restinio::http_field::content_disposition);
  if (!disposition)
    return std::nullopt;
  auto parsed = hfp::content_disposition_value_t::try_parse(*disposition);
  if (!parsed || parsed->value != "form-data")
    return std::nullopt;
  auto name = hfp::find_first(parsed->parameters, "name");
  if (!name)
    return std::nullopt;
  return std::string{name->data(), name->size()};
}

int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

} // namespace

std::optional<std::string> decode_ext_value(std::string_view value) {
  // charset'[language]'value-chars (RFC 8187, 3.2.1); the language is
  // ignored.
  auto first = value.find('\'');
  if (first == std::string_view::npos)
    return std::nullopt;
  auto second = value.find('\'', first + 1);
  if (second == std::string_view::npos)
    return std::nullopt;
  auto charset = lower_ascii(value.substr(0, first));
  bool latin1 = charset == "iso-8859-1";
  if (charset != "utf-8" && !latin1)
    return std::nullopt;
  std::string bytes;
  auto rest = value.substr(second + 1);
  for (std::size_t i = 0; i < rest.size(); ++i) {
    char c = rest[i];
    if (c == '%') {
      if (i + 2 >= rest.size())
        return std::nullopt;
      auto hi = hex_value(rest[i + 1]);
      auto lo = hex_value(rest[i + 2]);
      if (hi < 0 || lo < 0)
        return std::nullopt;
      bytes += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (std::isalnum(static_cast<unsigned char>(c))
               || std::string_view{"!#$&+-.^_`|~"}.find(c)
                    != std::string_view::npos) {
      bytes += c;
    } else {
      return std::nullopt;
    }
  }
  if (!latin1)
    return valid_utf8(bytes) ? std::optional<std::string>{bytes} : std::nullopt;
  std::string utf8;
  for (unsigned char b : bytes) {
    if (b < 0x80) {
      utf8 += static_cast<char>(b);
    } else {
      utf8 += static_cast<char>(0xC0 | (b >> 6));
      utf8 += static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  return utf8;
}

bool is_multipart_form(std::string_view content_type) {
  auto lower = lower_ascii(content_type.substr(0, content_type.find(';')));
  lower.erase(std::remove(lower.begin(), lower.end(), ' '), lower.end());
  return lower == "multipart/form-data";
}

std::optional<file_upload> multipart_upload(const restinio::request_t& req,
                                            std::string& error) {
  int files = 0;
  int transaction_ids = 0;
  file_upload up;
  up.present = true;
  auto r = restinio::multipart_body::enumerate_parts(
    req,
    [&](restinio::multipart_body::parsed_part_t part) {
      auto name = field_name(part.fields);
      if (!name)
        return restinio::multipart_body::handling_result_t::
          continue_enumeration;
      if (*name == "file") {
        auto described = restinio::file_upload::analyze_part(std::move(part));
        if (!described) {
          error = "the part named file has no filename";
          return restinio::multipart_body::handling_result_t::
            terminate_enumeration;
        }
        ++files;
        // filename* (RFC 6266: preferred when both are sent), decoded.
        if (described->filename_star) {
          auto decoded = decode_ext_value(*described->filename_star);
          if (!decoded) {
            error = "the file part's filename* is not charset'language'"
                    "percent-encoded text in UTF-8 or ISO-8859-1";
            return restinio::multipart_body::handling_result_t::
              terminate_enumeration;
          }
          up.name = *decoded;
        } else {
          up.name = *described->filename;
        }
        // A generic type declares nothing: the bytes decide.
        if (auto type = described->fields.opt_value_of(
              restinio::http_field::content_type))
          if (*type != "application/octet-stream")
            up.content_type.assign(type->data(), type->size());
        up.bytes.assign(described->body.data(), described->body.size());
      } else if (*name == "transaction_id") {
        if (++transaction_ids > 1) {
          error = "send transaction_id once";
          return restinio::multipart_body::handling_result_t::
            terminate_enumeration;
        }
        up.transaction_id.assign(part.body.data(), part.body.size());
      } else {
        // The domain refuses unknown fields like any other unknown field.
        up.other_fields.push_back(*name);
      }
      return restinio::multipart_body::handling_result_t::continue_enumeration;
    },
    "multipart", "form-data");
  if (!error.empty())
    return std::nullopt;
  if (!r) {
    error = "the multipart body is malformed";
    return std::nullopt;
  }
  if (files != 1) {
    error = files == 0 ? "send the file as one part named file"
                       : "send exactly one part named file";
    return std::nullopt;
  }
  return up;
}

} // namespace purse::http
