// Files: receipts and statements. Upload (JSON with base64 content), list,
// metadata, download, delete. The type is decided from the bytes; the bytes
// and the metadata are committed together.

#include "common.hpp"

#include <variant>

#include "purse/actors/file_types.hpp"
#include "purse/actors/ids.hpp"
#include "purse/actors/timestamp.hpp"

namespace purse::resources {

namespace {

using persistence::file_row;
using persistence::session;
using persistence::store;
using persistence::transaction_row;

constexpr std::size_t max_name = 255;

std::string encode(const file_row& f,
                   const std::vector<std::string>& transaction_ids) {
  json_writer w;
  w.begin_object();
  w.key("id").value(f.id).key("name").value(f.name);
  w.key("content_type").value(f.content_type);
  w.key("size_bytes").value(f.size_bytes).key("sha256").value(f.sha256);
  w.key("created_at").time_or_null(f.created_at);
  w.key("transaction_ids").begin_array();
  for (auto& id : transaction_ids)
    w.value(id);
  w.end_array().end_object();
  return w.str();
}

std::int64_t count_of(const scope_view& scope, const char* key) {
  auto it = scope.counts.find(key);
  return it == scope.counts.end() ? 0 : it->second;
}

/// An upload's fields, whichever form they came in.
struct upload_fields {
  std::string name;
  std::optional<std::string> declared;
  std::string bytes;
  std::string transaction_id;
  /// Where errors about the content are reported.
  std::string content_field = "content_base64";
};

class files final : public resource {
public:
  std::string_view name() const override {
    return "files";
  }

  route_shape shape() const override {
    route_shape s;
    s.body = route_shape::body_kind::upload;
    s.editable = false;
    s.downloads = {"content"};
    return s;
  }

  const char* quota() const override {
    return "files";
  }

  role min_role(const api_call& call) const override {
    return call.is_read ? role::viewer : role::member;
  }

  void load_counts(session& s, const std::string& scope_id,
                   std::map<std::string, std::int64_t>& out) const override {
    auto [count, bytes] = s.file_totals(scope_id);
    out["files"] = count;
    out["file_storage_bytes"] = bytes;
  }

  prepared_call prepare(const api_call& call,
                        const scope_view& scope) const override {
    switch (call.op) {
      case operation::list:
        return list(call, scope);
      case operation::create:
        return upload(call, scope);
      case operation::read:
        return call.action == "content" ? download(call, scope)
                                        : read(call, scope);
      case operation::remove:
        return remove(call, scope);
      default:
        return answer(unsupported());
    }
  }

private:
  static prepared_call list(const api_call& call, const scope_view& scope) {
    query_reader q{call.query};
    auto page = q.pagination();
    auto tx = q.get("transaction_id").value_or("");
    q.reject_unknown();
    if (!tx.empty() && !valid_id(tx))
      q.errors().add("transaction_id", "must be an id issued by this service");
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
    auto cached = tx.empty() ? count_of(scope, "files") : -1;
    return read_task([scope_id = scope.scope_id, tx, page, cached](store& st) {
      std::vector<std::string> items;
      auto total = cached;
      st.read([&](session& s) {
        auto rows = s.list_files(scope_id, tx, page.offset(), page.per_page);
        for (auto& f : rows)
          items.push_back(encode(f, s.transactions_of_file(f.id)));
        if (total < 0)
          total = s.count_files_of(tx);
      });
      return db_outcome{make_result(errc::ok, page_json(items, page.page,
                                                        page.per_page, total)),
                        {}};
    });
  }

  /// The upload's fields from the JSON form (base64 content) or from the
  /// bytes a front end handed over; the answer instead when they are bad.
  static std::variant<upload_fields, api_result>
  read_upload(const api_call& call) {
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

  static prepared_call upload(const api_call& call, const scope_view& scope) {
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
    auto used = count_of(scope, "file_storage_bytes");
    auto storage = scope.quotas.limit(call.plan, "file_storage_bytes");
    if (used + size > storage) {
      field_errors e;
      auto text = "the " + call.plan + " plan allows " + std::to_string(storage)
                  + " file_storage_bytes in a scope; this scope uses "
                  + std::to_string(used) + " and the file has "
                  + std::to_string(size);
      e.add("file_storage_bytes", text);
      return answer(make_result(errc::unprocessable, e.to_json(),
                                "Quota exceeded: " + text));
    }
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
    return write_task([row, tx,
                       data = std::vector<char>(bytes->begin(), bytes->end())](
                        store& st) {
      db_outcome out{make_result(errc::created), {}};
      st.write([&](session& s) {
        std::vector<std::string> attached;
        if (!tx.empty()) {
          transaction_row t;
          if (!s.find(tx, t) || t.scope_id != row.scope_id) {
            out.result = invalid("transaction_id", "must be the id of a "
                                                   "transaction in this scope");
            return;
          }
          attached.push_back(tx);
        }
        s.insert_file(row, data);
        if (!tx.empty()) {
          std::vector<std::string> ids;
          for (auto& [t, f] : s.files_of({tx}))
            ids.push_back(f);
          ids.push_back(row.id);
          s.set_files(row.scope_id, tx, ids);
        }
        out = {make_result(errc::created, encode(row, attached)),
               {{"files", 1}, {"file_storage_bytes", row.size_bytes}}};
      });
      return out;
    });
  }

  static prepared_call read(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("file"));
    return read_task([id = call.id, scope_id = scope.scope_id](store& st) {
      api_result out = missing("file");
      st.read([&](session& s) {
        file_row f;
        if (s.find(id, f) && f.scope_id == scope_id)
          out = make_result(errc::ok, encode(f, s.transactions_of_file(id)));
      });
      return db_outcome{out, {}};
    });
  }

  static prepared_call download(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("file"));
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

  static prepared_call remove(const api_call& call, const scope_view& scope) {
    if (!valid_id(call.id))
      return answer(missing("file"));
    query_reader q{call.query};
    q.reject_unknown();
    if (!q.errors().empty())
      return answer(invalid(q.errors()));
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
};

} // namespace

const resource& files_resource() {
  static const files instance;
  return instance;
}

} // namespace purse::resources
