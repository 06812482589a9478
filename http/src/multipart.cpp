#include "multipart.hpp"

#include <openssl/evp.h>
#include <restinio/helpers/file_upload.hpp>
#include <restinio/helpers/multipart_body.hpp>

#include "purse/actors/json.hpp"

namespace purse::http {

namespace {

namespace hfp = restinio::http_field_parsers;

std::string base64(restinio::string_view_t bytes) {
  std::string out(4 * ((bytes.size() + 2) / 3), '\0');
  auto n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                           reinterpret_cast<const unsigned char*>(bytes.data()),
                           static_cast<int>(bytes.size()));
  out.resize(static_cast<std::size_t>(n));
  return out;
}

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

} // namespace

bool is_multipart_form(std::string_view content_type) {
  std::string lower;
  for (char c : content_type.substr(0, content_type.find(';')))
    if (c != ' ')
      lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "multipart/form-data";
}

std::optional<std::string>
multipart_upload_as_json(const restinio::request_t& req, std::string& error) {
  int files = 0;
  json_writer w;
  w.begin_object();
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
        auto filename = described->filename ? *described->filename
                                            : *described->filename_star;
        w.key("name").value(filename);
        if (auto type = described->fields.opt_value_of(
              restinio::http_field::content_type))
          if (*type != "application/octet-stream")
            w.key("content_type")
              .value(std::string_view{type->data(), type->size()});
        w.key("content_base64").value(base64(described->body));
      } else {
        // Other fields pass through as strings; the domain rejects unknown
        // ones like any other unknown field.
        w.key(*name).value(
          std::string_view{part.body.data(), part.body.size()});
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
  w.end_object();
  return w.str();
}

} // namespace purse::http
