#include "multipart.hpp"

#include <restinio/helpers/file_upload.hpp>
#include <restinio/helpers/multipart_body.hpp>

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

} // namespace

bool is_multipart_form(std::string_view content_type) {
  std::string lower;
  for (char c : content_type.substr(0, content_type.find(';')))
    if (c != ' ')
      lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "multipart/form-data";
}

std::optional<file_upload> multipart_upload(const restinio::request_t& req,
                                            std::string& error) {
  int files = 0;
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
        auto filename = described->filename ? *described->filename
                                            : *described->filename_star;
        up.name = filename;
        // A generic type declares nothing: the bytes decide.
        if (auto type = described->fields.opt_value_of(
              restinio::http_field::content_type))
          if (*type != "application/octet-stream")
            up.content_type.assign(type->data(), type->size());
        up.bytes.assign(described->body.data(), described->body.size());
      } else if (*name == "transaction_id") {
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
