// SPDX-License-Identifier: GPL-2.0-or-later
#include "purse/actors/json.hpp"

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "purse/actors/timestamp.hpp"
#include "purse/actors/utf8.hpp"

namespace purse {

bool storable_text(std::string_view text) {
  return text.find('\0') == std::string_view::npos && valid_utf8(text);
}

// -- field_errors ---------------------------------------------------------------

void field_errors::add(const std::string& field, std::string message) {
  errors_[field].push_back(std::move(message));
}

std::string field_errors::to_json() const {
  json_writer w;
  w.begin_object();
  for (auto& [field, messages] : errors_) {
    w.key(field).begin_array();
    for (auto& m : messages)
      w.value(m);
    w.end_array();
  }
  w.end_object();
  return w.str();
}

// -- body_reader ------------------------------------------------------------------

namespace {

/// RapidJSON's iterative parser (its stack on the heap, never the call
/// stack's), numbers handed over as their text, UTF-8 checked.
constexpr unsigned parse_flags = rapidjson::kParseIterativeFlag
                                 | rapidjson::kParseNumbersAsStringsFlag
                                 | rapidjson::kParseValidateEncodingFlag;

/// The body as sent (a UTF-8 byte order mark at its start is skipped).
using body_stream
  = rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream>;

/// Number values are kept as their source text, prefixed with a byte that
/// valid UTF-8 never contains (encoding is validated), so a JSON number and
/// a JSON string with the same characters stay distinguishable.
constexpr char number_mark = '\xff';

/// Forwards SAX events to a document, turning numbers into marked text.
/// Stops (naming why in `refusal`) at a nesting deeper than
/// body_reader::max_depth, and at a key that an object repeats: "first
/// wins" or "last wins" would each let a client and a proxy read
/// different bodies.
struct marking_handler {
  rapidjson::Document& doc;
  int depth = 0;
  std::vector<std::set<std::string, std::less<>>> keys{};
  std::string refusal{};
  bool Null() {
    return doc.Null();
  }
  bool Bool(bool b) {
    return doc.Bool(b);
  }
  bool Int(int) {
    return false;
  }
  bool Uint(unsigned) {
    return false;
  }
  bool Int64(std::int64_t) {
    return false;
  }
  bool Uint64(std::uint64_t) {
    return false;
  }
  bool Double(double) {
    return false;
  }
  bool RawNumber(const char* str, rapidjson::SizeType len, bool) {
    std::string marked;
    marked.reserve(len + 1);
    marked += number_mark;
    marked.append(str, len);
    return doc.String(marked.data(),
                      static_cast<rapidjson::SizeType>(marked.size()), true);
  }
  bool String(const char* str, rapidjson::SizeType len, bool copy) {
    return doc.String(str, len, copy);
  }
  bool nest() {
    if (++depth <= body_reader::max_depth)
      return true;
    refusal = "the request body nests deeper than "
              + std::to_string(body_reader::max_depth) + " levels";
    return false;
  }
  bool StartObject() {
    if (!nest())
      return false;
    keys.emplace_back();
    return doc.StartObject();
  }
  bool Key(const char* str, rapidjson::SizeType len, bool copy) {
    if (!keys.back().emplace(str, len).second) {
      // Named when short (it is the client's own text, valid UTF-8).
      refusal = std::string{"the request body repeats "}
                + (len <= 64 ? "the key \"" + std::string{str, len} + "\""
                             : std::string{"a key"})
                + " in one object; send each key once";
      return false;
    }
    return doc.Key(str, len, copy);
  }
  bool EndObject(rapidjson::SizeType n) {
    --depth;
    keys.pop_back();
    return doc.EndObject(n);
  }
  bool StartArray() {
    return nest() && doc.StartArray();
  }
  bool EndArray(rapidjson::SizeType n) {
    --depth;
    return doc.EndArray(n);
  }
};

} // namespace

} // namespace purse

// -- numbers beyond a double ------------------------------------------------------

// RapidJSON 1.1.0 checks that a number fits a double even when it hands
// over the text, and refuses the whole body (a 400) for `1e400` or 10,000
// digits (Tencent/rapidjson#1368, fixed upstream after the 1.1.0 that
// Debian ships). Numbers are the fields' business (a 422 naming the
// field), so body_reader's parse, and only it, scans a number by JSON's
// grammar, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, with RapidJSON's
// own error codes and offsets, and hands its text over unconverted.
// Strings, structure and encoding stay RapidJSON's. With a RapidJSON that
// no longer refuses such numbers this specialization can go.
namespace rapidjson {

template <>
template <>
void Reader::ParseNumber<purse::parse_flags, purse::body_stream,
                         purse::marking_handler>(
  purse::body_stream& is, purse::marking_handler& handler) {
  auto start = is.Tell();
  std::string text;
  auto digits = [&] {
    while (is.Peek() >= '0' && is.Peek() <= '9')
      text += is.Take();
  };
  if (is.Peek() == '-')
    text += is.Take();
  if (is.Peek() == '0')
    text += is.Take();
  else if (is.Peek() >= '1' && is.Peek() <= '9')
    digits();
  else
    RAPIDJSON_PARSE_ERROR(kParseErrorValueInvalid, is.Tell());
  if (is.Peek() == '.') {
    text += is.Take();
    auto from = text.size();
    digits();
    if (text.size() == from)
      RAPIDJSON_PARSE_ERROR(kParseErrorNumberMissFraction, is.Tell());
  }
  if (is.Peek() == 'e' || is.Peek() == 'E') {
    text += is.Take();
    if (is.Peek() == '+' || is.Peek() == '-')
      text += is.Take();
    auto from = text.size();
    digits();
    if (text.size() == from)
      RAPIDJSON_PARSE_ERROR(kParseErrorNumberMissExponent, is.Tell());
  }
  if (!handler.RawNumber(text.data(), static_cast<SizeType>(text.size()), true))
    RAPIDJSON_PARSE_ERROR(kParseErrorTermination, start);
}

} // namespace rapidjson

namespace purse {

namespace {

bool is_marked_number(const rapidjson::Value& v) {
  return v.IsString() && v.GetStringLength() > 0
         && v.GetString()[0] == number_mark;
}

} // namespace

struct body_reader::impl {
  rapidjson::Document doc;

  const rapidjson::Value* member(const char* name) const {
    auto it = doc.FindMember(name);
    return it == doc.MemberEnd() ? nullptr : &it->value;
  }
};

body_reader::body_reader(std::string_view json) : impl_(new impl) {
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    syntax_error_ = "the request body is empty; send a JSON object";
    return;
  }
  rapidjson::MemoryStream bytes(json.data(), json.size());
  body_stream in(bytes);
  rapidjson::Reader reader;
  rapidjson::ParseResult result;
  std::string refusal;
  auto generate = [&](rapidjson::Document& doc) {
    marking_handler h{doc};
    result = reader.Parse<parse_flags>(in, h);
    refusal = std::move(h.refusal);
    return !result.IsError();
  };
  impl_->doc.Populate(generate);
  if (!refusal.empty()) {
    syntax_error_ = std::move(refusal);
    return;
  }
  // The offset is the body's as sent: nothing is rewritten before parsing.
  if (result.IsError()) {
    syntax_error_ = std::string{"the request body is not valid JSON: "}
                    + rapidjson::GetParseError_En(result.Code()) + " (at byte "
                    + std::to_string(result.Offset()) + ")";
    return;
  }
  if (!impl_->doc.IsObject())
    syntax_error_ = "the request body must be a JSON object";
}

body_reader::~body_reader() = default;

std::optional<std::vector<std::unique_ptr<body_reader>>>
body_reader::object_array(const char* name, bool required,
                          std::size_t max_items) {
  auto v = impl_->member(name);
  if (v == nullptr || v->IsNull()) {
    if (required)
      errors_.add(name, "is required");
    return std::nullopt;
  }
  constexpr const char* objects = "must be an array of JSON objects";
  if (!v->IsArray()) {
    errors_.add(name, objects);
    return std::nullopt;
  }
  if (v->Size() > max_items) {
    errors_.add(name,
                "must have at most " + std::to_string(max_items) + " items");
    return std::nullopt;
  }
  std::vector<std::unique_ptr<body_reader>> out;
  for (auto& item : v->GetArray()) {
    if (!item.IsObject()) {
      errors_.add(name, objects);
      return std::nullopt;
    }
    // Parsed from an empty object, then given a copy of the item.
    std::unique_ptr<body_reader> reader{new body_reader{"{}"}};
    auto& doc = reader->impl_->doc;
    doc.CopyFrom(item, doc.GetAllocator());
    out.push_back(std::move(reader));
  }
  return out;
}

bool body_reader::has(const char* name) const {
  return impl_->member(name) != nullptr;
}

bool body_reader::is_null(const char* name) const {
  auto v = impl_->member(name);
  return v != nullptr && v->IsNull();
}

std::optional<std::string> body_reader::text(const char* name, bool required,
                                             std::size_t max_length) {
  auto v = impl_->member(name);
  if (v == nullptr || v->IsNull()) {
    if (required)
      errors_.add(name, "is required");
    return std::nullopt;
  }
  if (!v->IsString() || is_marked_number(*v)) {
    errors_.add(name, "must be a string");
    return std::nullopt;
  }
  std::string out{v->GetString(), v->GetStringLength()};
  if (!storable_text(out)) {
    errors_.add(name, unstorable_text_message);
    return std::nullopt;
  }
  if (out.size() > max_length) {
    errors_.add(name, "must be at most " + std::to_string(max_length)
                        + " bytes long");
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> body_reader::number_text(const char* name,
                                                    bool required) {
  auto v = impl_->member(name);
  if (v == nullptr || v->IsNull()) {
    if (required)
      errors_.add(name, "is required");
    return std::nullopt;
  }
  if (!is_marked_number(*v)) {
    errors_.add(name, "must be a number");
    return std::nullopt;
  }
  return std::string{v->GetString() + 1, v->GetStringLength() - 1};
}

std::optional<bool> body_reader::boolean(const char* name, bool required) {
  auto v = impl_->member(name);
  if (v == nullptr || v->IsNull()) {
    if (required)
      errors_.add(name, "is required");
    return std::nullopt;
  }
  if (!v->IsBool()) {
    errors_.add(name, "must be true or false");
    return std::nullopt;
  }
  return v->GetBool();
}

std::optional<std::vector<std::string>>
body_reader::text_array(const char* name, bool required,
                        std::size_t max_items) {
  auto v = impl_->member(name);
  if (v == nullptr || v->IsNull()) {
    if (required)
      errors_.add(name, "is required");
    return std::nullopt;
  }
  if (!v->IsArray()) {
    errors_.add(name, "must be an array of strings");
    return std::nullopt;
  }
  if (v->Size() > max_items) {
    errors_.add(name,
                "must have at most " + std::to_string(max_items) + " items");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (auto& item : v->GetArray()) {
    if (!item.IsString() || is_marked_number(item)) {
      errors_.add(name, "must be an array of strings");
      return std::nullopt;
    }
    out.emplace_back(item.GetString(), item.GetStringLength());
    if (!storable_text(out.back())) {
      errors_.add(name, unstorable_text_message);
      return std::nullopt;
    }
  }
  return out;
}

void body_reader::reject_unknown(const std::vector<std::string_view>& known) {
  for (auto& m : impl_->doc.GetObject()) {
    std::string_view name{m.name.GetString(), m.name.GetStringLength()};
    bool ok = false;
    for (auto k : known)
      ok = ok || k == name;
    if (!ok)
      errors_.add(std::string{name}, "is not a known field");
  }
}

// -- json_writer ------------------------------------------------------------------

struct json_writer::impl {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w{buf};
};

json_writer::json_writer() : impl_(new impl) {
  // nop
}

json_writer::~json_writer() = default;

json_writer& json_writer::begin_object() {
  impl_->w.StartObject();
  return *this;
}

json_writer& json_writer::end_object() {
  impl_->w.EndObject();
  return *this;
}

json_writer& json_writer::begin_array() {
  impl_->w.StartArray();
  return *this;
}

json_writer& json_writer::end_array() {
  impl_->w.EndArray();
  return *this;
}

json_writer& json_writer::key(std::string_view k) {
  impl_->w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
  return *this;
}

json_writer& json_writer::value(std::string_view v) {
  impl_->w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  return *this;
}

json_writer& json_writer::value(std::int64_t v) {
  impl_->w.Int64(v);
  return *this;
}

json_writer& json_writer::value(bool v) {
  impl_->w.Bool(v);
  return *this;
}

json_writer& json_writer::null() {
  impl_->w.Null();
  return *this;
}

json_writer& json_writer::value_or_null(const std::string& v) {
  return v.empty() ? null() : value(std::string_view{v});
}

json_writer& json_writer::time_or_null(std::int64_t epoch_seconds) {
  return epoch_seconds == 0 ? null() : value(format_utc(epoch_seconds));
}

json_writer& json_writer::raw_number(const std::string& text) {
  impl_->w.RawValue(text.data(), text.size(), rapidjson::kNumberType);
  return *this;
}

json_writer& json_writer::raw_json(const std::string& json) {
  // RapidJSON's RawValue copies through its encoding transcoder one
  // character at a time (11% of a list's server CPU on 16 cores, where
  // every item is copied into the page and the page into the envelope).
  // The writer places the separator for an empty raw value; the text then
  // goes into the buffer as one block.
  impl_->w.RawValue("", 0, rapidjson::kObjectType);
  if (!json.empty())
    std::memcpy(impl_->buf.Push(json.size()), json.data(), json.size());
  return *this;
}

json_writer& json_writer::reserve(std::size_t bytes) {
  impl_->buf.Reserve(bytes);
  return *this;
}

namespace {

/// The bytes of the items and some room for the pagination around them.
std::size_t page_size(const std::vector<std::string>& items_json) {
  std::size_t n = 160;
  for (auto& item : items_json)
    n += item.size() + 1;
  return n;
}

} // namespace

std::string json_writer::str() const {
  return std::string{impl_->buf.GetString(), impl_->buf.GetSize()};
}

std::string page_json(const std::vector<std::string>& items_json,
                      std::int64_t page, std::int64_t per_page,
                      std::int64_t total) {
  json_writer w;
  w.reserve(page_size(items_json));
  w.begin_object().key("items").begin_array();
  for (auto& item : items_json)
    w.raw_json(item);
  w.end_array().key("pagination").begin_object();
  w.key("page").value(page).key("per_page").value(per_page);
  w.key("total").value(total);
  w.key("has_more").value(page * per_page < total);
  w.end_object().end_object();
  return w.str();
}

std::string cursor_page_json(const std::vector<std::string>& items_json,
                             std::int64_t page, std::int64_t per_page,
                             std::int64_t total, bool has_more,
                             const std::string& next_cursor) {
  json_writer w;
  w.reserve(page_size(items_json));
  w.begin_object().key("items").begin_array();
  for (auto& item : items_json)
    w.raw_json(item);
  w.end_array().key("pagination").begin_object();
  w.key("page");
  if (page > 0)
    w.value(page);
  else
    w.null();
  w.key("per_page").value(per_page);
  w.key("total").value(total);
  w.key("has_more").value(has_more);
  w.key("next_cursor").value_or_null(next_cursor);
  w.end_object().end_object();
  return w.str();
}

} // namespace purse
