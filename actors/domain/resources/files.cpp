// SPDX-License-Identifier: GPL-2.0-or-later
// Files: receipts and statements. Upload (JSON with base64 content), list,
// metadata, download, delete. The type is decided from the bytes; the bytes
// and the metadata are committed together.

#include "crud_resource.hpp"
#include "encoders.hpp"

#include <variant>

#include "purse/actors/file_types.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

constexpr std::int64_t mib = 1024 * 1024;

using persistence::file_row;
using persistence::session;
using persistence::store;
using persistence::transaction_row;

constexpr std::size_t max_name = 255;

/// A file with the ids of the transactions it is attached to.
struct attached_file {
  file_row file;
  std::vector<std::string> transaction_ids;
};

/// The file and its attachments, read in the current transaction.
attached_file attached(session& s, file_row f) {
  auto ids = s.transactions_of_file(f.id);
  return {std::move(f), std::move(ids)};
}

std::string encode(const attached_file& item) {
  return encode_file(item.file, item.transaction_ids);
}

} // namespace

std::string encode_file(const file_row& f,
                        const std::vector<std::string>& transaction_ids) {
  json_writer w;
  w.begin_object();
  w.key("id").value(f.id).key("name").value(f.name);
  w.key("content_type").value(f.content_type);
  w.key("size_bytes").value(f.size_bytes).key("sha256").value(f.sha256);
  w.key("created_at").time_or_null(f.created_at);
  write_authors(w, f.created_by, f.updated_by);
  w.key("transaction_ids").begin_array();
  for (auto& id : transaction_ids)
    w.value(id);
  w.end_array().end_object();
  return w.str();
}

namespace {

/// An upload's fields, whichever form they came in.
struct upload_fields {
  std::string name;
  std::optional<std::string> declared;
  std::string bytes;
  std::string transaction_id;
  /// Where errors about the content are reported.
  std::string content_field = "content_base64";
};

/// The upload's fields from the JSON form (base64 content) or from the
/// bytes a front end handed over; the answer instead when they are bad.
std::variant<upload_fields, api_result> read_upload(const api_call& call) {
  upload_fields out;
  field_errors errors;
  std::optional<std::string> name, tx;
  if (call.upload.present) {
    auto& up = call.upload;
    out.content_field = "file";
    for (auto& field : up.other_fields)
      errors.add(field, "is not a known field");
    if (up.name.empty())
      errors.add("file", "must have a file name");
    else if (up.name.size() > max_name || !storable_text(up.name))
      errors.add("file", "must have a file name of at most "
                           + std::to_string(max_name) + " bytes of text");
    else
      name = up.name;
    if (up.content_type.size() > 100)
      errors.add("content_type", "must be at most 100 bytes");
    else if (!up.content_type.empty())
      out.declared = up.content_type;
    if (!up.transaction_id.empty())
      tx = up.transaction_id;
    if (up.bytes.empty())
      errors.add("file", "must not be empty");
    out.bytes = up.bytes;
  } else {
    body_reader body{call.body};
    if (!body.syntax_error().empty())
      return make_result(errc::bad_request, "null", body.syntax_error());
    body.reject_unknown(
      {"name", "content_type", "content_base64", "transaction_id"});
    name = body.text("name", true, max_name);
    out.declared = body.text("content_type", false, 100);
    auto encoded = body.text("content_base64", true, std::string::npos);
    tx = body.text("transaction_id", false, 64);
    if (encoded) {
      auto bytes = decode_base64(*encoded);
      if (!bytes)
        body.errors().add("content_base64", "must be standard base64");
      else if (bytes->empty())
        body.errors().add("content_base64", "must not be empty");
      else
        out.bytes = std::move(*bytes);
    }
    errors = std::move(body.errors());
  }
  if (tx && !valid_id(*tx))
    errors.add("transaction_id", "must be an id issued by this service");
  if (!errors.empty())
    return invalid(errors);
  out.name = *name;
  out.transaction_id = tx.value_or("");
  return out;
}

class files final : public crud_resource {
public:
  files() : crud_resource({"files", "file", role::member, {{0, 1000, 10000}}}) {
    // nop
  }

  /// The count of files, and their bytes: in all and per file.
  std::vector<quota_spec> quotas() const override {
    auto out = crud_resource::quotas();
    out.push_back({"file_storage_bytes", {0, 1024 * mib, 10 * 1024 * mib}});
    out.push_back(
      {"max_file_bytes", {0, 10 * mib, 25 * mib}, quota_spec::usage::per_item});
    return out;
  }

  route_shape shape() const override {
    route_shape s;
    s.body = route_shape::body_kind::upload;
    s.editable = false;
    s.downloads = {"content"};
    return s;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    auto [count, bytes] = s.file_totals(scope_id);
    out["files"] = count;
    out["file_storage_bytes"] = bytes;
  }

protected:
  prepared_call read(const api_call& call,
                     const scope_view& scope) const override {
    return call.action == "content" ? download(call, scope)
                                    : metadata(call, scope);
  }

  prepared_call list(const api_call& call,
                     const scope_view& scope) const override {
    query_reader q{call.query};
    auto page = q.pagination();
    auto tx = q.get("transaction_id").value_or("");
    q.reject_unknown();
    if (!tx.empty() && !valid_id(tx))
      q.errors().add("transaction_id", "must be an id issued by this service");
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    auto cached = tx.empty() ? cached_count(scope, "files") : -1;
    return read_task([scope_id = scope.scope_id, tx, page, cached](store& st) {
      std::vector<attached_file> rows;
      auto total = cached;
      st.read([&](session& s) {
        for (auto& f : s.list_files(scope_id, tx, page.offset(), page.per_page))
          rows.push_back(attached(s, std::move(f)));
        if (total < 0)
          total = s.count_files_of(scope_id, tx);
      });
      return db_outcome{page_of(rows, encode, page, total), {}};
    });
  }

  /// Only uploads arrive: files are not editable.
  prepared_call write(const api_call& call,
                      const scope_view& scope) const override {
    auto input = read_upload(call);
    if (auto r = std::get_if<api_result>(&input))
      return answer(std::move(*r));
    auto& up = std::get<upload_fields>(input);
    auto* bytes = &up.bytes;
    auto& declared = up.declared;
    auto& tx = up.transaction_id;
    auto size = static_cast<std::int64_t>(bytes->size());
    auto max_file = scope.quotas.limit(call.plan, "max_file_bytes");
    if (size > max_file)
      return answer(make_result(errc::too_large, "null",
                                "The file has " + std::to_string(size)
                                  + " bytes; the " + call.plan
                                  + " plan allows files of up to "
                                  + std::to_string(max_file) + " bytes"));
    auto sniffed = sniff_type(*bytes);
    if (sniffed.empty())
      return answer(invalid(up.content_field,
                            "must be a JPEG, PNG, WebP or HEIC image, a PDF, "
                            "a CSV or plain text"));
    auto type = sniffed;
    if (declared) {
      auto d = normalize_type(*declared);
      if (!declared_type_agrees(d, sniffed))
        return answer(invalid("content_type",
                              "says " + d + " but the content is " + sniffed));
      type = d;
    }
    file_row row;
    row.id = new_id();
    row.scope_id = scope.scope_id;
    row.uploader_id = call.caller_id;
    row.name = up.name;
    row.content_type = type;
    row.size_bytes = size;
    row.sha256 = sha256_hex(*bytes);
    row.created_at = now_seconds();
    row.created_by = row.updated_by = call.caller_id;
    // Checked when the write runs, after every write queued before it.
    quota_claim storage{"file_storage_bytes", size,
                        scope.quotas.limit(call.plan, "file_storage_bytes"),
                        "the file has " + std::to_string(size)};
    auto prepared = write_then_answer<attached_file>(
      [row, tx, data = std::vector<char>(bytes->begin(), bytes->end())](
        session& s) -> outcome_or<attached_file> {
        attached_file out{row, {}};
        if (!tx.empty()) {
          transaction_row t;
          if (!s.find(tx, t) || t.scope_id != row.scope_id)
            return db_outcome{invalid("transaction_id",
                                      "must be the id of a transaction in "
                                      "this scope"),
                              {}};
          out.transaction_ids.push_back(tx);
        }
        s.insert_file(row, data);
        if (!tx.empty()) {
          std::vector<std::string> ids;
          for (auto& [t, f] : s.files_of({tx}))
            ids.push_back(f);
          ids.push_back(row.id);
          s.set_files(row.scope_id, tx, ids);
        }
        return out;
      },
      [](const attached_file& f) {
        return db_outcome{make_result(errc::created, encode(f)),
                          {{"files", 1},
                           {"file_storage_bytes", f.file.size_bytes}}};
      });
    prepared.claims.push_back(std::move(storage));
    return prepared;
  }

  prepared_call remove(const api_call& call,
                       const scope_view& scope) const override {
    if (auto bad = no_query(call))
      return answer(std::move(*bad));
    auto may_delete_any = parse_role(call.role).value_or(role::viewer)
                          >= role::admin;
    return write_task([id = call.id, scope_id = scope.scope_id,
                       caller = call.caller_id, may_delete_any](store& st) {
      db_outcome out{missing("file"), {}};
      st.write([&](session& s) {
        file_row f;
        if (!s.find(id, f) || f.scope_id != scope_id)
          return;
        if (!may_delete_any && f.uploader_id != caller) {
          out.result = make_result(errc::forbidden, "null",
                                   "Members may delete only the files they "
                                   "uploaded");
          return;
        }
        s.erase_file(id);
        out = {make_result(errc::ok, "null", "File deleted"),
               {{"files", -1}, {"file_storage_bytes", -f.size_bytes}}};
      });
      return out;
    });
  }

private:
  static prepared_call metadata(const api_call& call, const scope_view& scope) {
    return read_task([id = call.id, scope_id = scope.scope_id](store& st) {
      std::optional<attached_file> found;
      st.read([&](session& s) {
        file_row f;
        if (s.find(id, f) && f.scope_id == scope_id)
          found = attached(s, std::move(f));
      });
      if (!found)
        return db_outcome{missing("file"), {}};
      return db_outcome{make_result(errc::ok, encode(*found)), {}};
    });
  }

  static prepared_call download(const api_call& call, const scope_view& scope) {
    return read_task([id = call.id, scope_id = scope.scope_id,
                      known = call.known_version](store& st) {
      api_result out = missing("file");
      file_row f;
      std::vector<char> bytes;
      bool found = false;
      st.read([&](session& s) {
        found = s.find(id, f) && f.scope_id == scope_id;
        if (!found || known == f.sha256 || known == "*")
          return;
        found = s.load_file_bytes(id, bytes);
      });
      if (!found)
        return db_outcome{out, {}};
      out = make_result(errc::ok, std::string{bytes.begin(), bytes.end()});
      out.download.media_type = f.content_type;
      out.download.version = f.sha256;
      out.download.filename = safe_filename(f.name);
      out.download.unchanged = known == f.sha256 || known == "*";
      if (out.download.unchanged)
        out.data.clear();
      return db_outcome{out, {}};
    });
  }
};

} // namespace

const resource& files_resource() {
  static const files instance;
  return instance;
}

} // namespace purse::resources
