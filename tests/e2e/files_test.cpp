// SPDX-License-Identifier: GPL-2.0-or-later
// Files: upload with real magic bytes, list, metadata, download, delete,
// quotas, roles, scopes.

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "purse/actors/file_types.hpp"
#include "support/e2e.hpp"

using namespace purse::test;

namespace {

const std::string png{
  "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06"
  "\0\0\0\x1f\x15\xc4\x89\0\0\0\rIDATx\x9c"
  "c\xf8\x0f\0\0"
  "\x01\x01\0\x05\x18\xd8N\0\0\0\0IEND\xae"
  "B`\x82",
  67};
const std::string pdf = "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"
                        "trailer\n<< /Root 1 0 R >>\n%%EOF\n";
const std::string csv = "date,amount,payee\n2026-01-01,12.50,Cafe\n"
                        "2026-01-02,3.00,Bakery\n";

response upload(const std::string& key, const std::string& scope,
                const std::string& name, const std::string& bytes,
                const std::string& type = "", const std::string& extra = "") {
  auto body = R"({"name":")" + name + R"(","content_base64":")" + base64(bytes)
              + "\""
              + (type.empty() ? "" : R"(,"content_type":")" + type + "\"")
              + (extra.empty() ? "" : "," + extra) + "}";
  return api().post(v1(scope + "/files"), key, body);
}

/// A team of `owner` with `member` in the role member; its id.
std::string team_with_member(const user_with_key& owner,
                             const user_with_key& member,
                             const std::string& name) {
  auto team = admin_field(
    {"team", "create", "--name", name, "--owner", owner.id}, "id");
  admin_field({"team", "add-member", "--team", team, "--user", member.id,
               "--role", "member"},
              "team_id");
  return team;
}

} // namespace

BOOST_AUTO_TEST_SUITE(files)

BOOST_AUTO_TEST_CASE(upload_read_download_delete_in_both_scopes) {
  auto u = make_user("solo");
  auto team = admin_field({"team", "create", "--name", "F", "--owner", u.id},
                          "id");
  for (auto scope : {std::string{"/me"}, "/teams/" + team}) {
    BOOST_TEST_CONTEXT(scope) {
      auto r = upload(u.key, scope, "receipt.png", png, "image/png");
      BOOST_TEST(r.status == 201);
      auto id = r.at("/data/id");
      BOOST_TEST(r.at("/data/content_type") == "image/png");
      BOOST_TEST(r.at("/data/size_bytes") == "67");
      BOOST_TEST(r.at("/data/sha256") == purse::sha256_hex(png));
      BOOST_TEST(r.size_at("/data/transaction_ids") == 0);
      auto meta = api().get(v1(scope + "/files/" + id), u.key);
      BOOST_TEST(meta.at("/data/name") == "receipt.png");
      auto content = api().get(v1(scope + "/files/" + id + "/content"), u.key);
      BOOST_TEST(content.status == 200);
      BOOST_TEST(content.body == png);
      BOOST_TEST(content.header("content-type") == "image/png");
      BOOST_TEST(content.header("content-length") == "67");
      BOOST_TEST(content.header("x-content-type-options") == "nosniff");
      BOOST_TEST(content.header("etag")
                 == "\"" + purse::sha256_hex(png) + "\"");
      BOOST_TEST(content.header("content-disposition")
                 == "attachment; filename=\"receipt.png\"");
      auto cached
        = api().request("GET", v1(scope + "/files/" + id + "/content"), u.key,
                        "", {"If-None-Match: " + content.header("etag")});
      BOOST_TEST(cached.status == 304);
      BOOST_TEST(cached.body.empty());
      BOOST_TEST(
        api().get(v1(scope + "/files"), u.key).at("/data/pagination/total")
        == "1");
      BOOST_TEST(api().del(v1(scope + "/files/" + id), u.key).status == 200);
      BOOST_TEST(api().get(v1(scope + "/files/" + id), u.key).status == 404);
      BOOST_TEST(
        api().get(v1(scope + "/files/" + id + "/content"), u.key).status
        == 404);
    }
  }
}

BOOST_AUTO_TEST_CASE(types_are_decided_by_the_bytes) {
  auto u = make_user("solo");
  BOOST_TEST(upload(u.key, "/me", "s.pdf", pdf).at("/data/content_type")
             == "application/pdf");
  BOOST_TEST(upload(u.key, "/me", "s.csv", csv, "text/csv").status == 201);
  BOOST_TEST(
    upload(u.key, "/me", "n.txt", "just a note\n").at("/data/content_type")
    == "text/plain");
  // A declared type that disagrees with the bytes.
  auto lie = upload(u.key, "/me", "x.pdf", png, "application/pdf");
  BOOST_TEST(lie.status == 422);
  BOOST_TEST(!lie.at("/data/content_type/0").empty());
  // Dangerous or unsupported content, whatever it claims to be.
  for (auto [name, bytes] :
       {std::pair{
          "page.html",
          std::string{"<!DOCTYPE html><html><script>x</script></html>"}},
        std::pair{
          "img.svg",
          std::string{
            "<?xml version=\"1.0\"?><svg "
            "xmlns=\"http://www.w3.org/2000/svg\"><script>x</script></svg>"}},
        std::pair{"run.sh", std::string{"#!/bin/sh\nrm -rf /\n"}},
        std::pair{"a.exe",
                  std::string{"\x7f"
                              "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0>\0",
                              20}},
        std::pair{"a.zip", std::string{"PK\x03\x04\x14\0\0\0\x08\0", 10}}}) {
    auto r = upload(u.key, "/me", name, bytes, "image/png");
    BOOST_TEST(r.status == 422, name);
    auto plain = upload(u.key, "/me", name, bytes);
    BOOST_TEST(plain.status == 422, name);
  }
  BOOST_TEST(api().get(v1("/me/files"), u.key).at("/data/pagination/total")
             == "3");
}

BOOST_AUTO_TEST_CASE(bad_uploads_are_refused_cleanly) {
  auto u = make_user("solo");
  auto path = v1("/me/files");
  BOOST_TEST(api().post(path, u.key, R"({"name":"x"})").status == 422);
  BOOST_TEST(
    api()
      .post(path, u.key, R"({"name":"x","content_base64":"not base64!"})")
      .status
    == 422);
  BOOST_TEST(
    api().post(path, u.key, R"({"name":"x","content_base64":""})").status
    == 422);
  auto other = upload(u.key, "/me", "r.png", png, "", R"("colour":"red")");
  BOOST_TEST(other.status == 422);
  BOOST_TEST(api().get(path, u.key).at("/data/pagination/total") == "0");
}

BOOST_AUTO_TEST_CASE(size_and_storage_limits) {
  server_process server{{"--quotas",
                         "solo.max_file_bytes=100,solo.file_storage_bytes=150,"
                         "solo.files=5",
                         "--read-limit", "100000", "--write-limit", "100000"}};
  http_client client{server.base_url()};
  auto u = make_user("solo");
  auto post = [&](const std::string& bytes) {
    return client.post(v1("/me/files"), u.key,
                       R"({"name":"n.txt","content_base64":")" + base64(bytes)
                         + "\"}");
  };
  auto big = post(std::string(101, 'a'));
  BOOST_TEST(big.status == 413);
  BOOST_TEST(big.at("/meta/code") == "413");
  BOOST_TEST(post(std::string(100, 'a')).status == 201);
  auto over = post(std::string(60, 'b'));
  BOOST_TEST(over.status == 422);
  BOOST_TEST(!over.at("/data/file_storage_bytes/0").empty());
  BOOST_TEST(post(std::string(50, 'c')).status == 201);
  auto usage = client.get(v1("/me/usage"), u.key);
  BOOST_TEST(usage.at("/data/quotas/files/used") == "2");
  BOOST_TEST(usage.at("/data/quotas/file_storage_bytes/used") == "150");
  BOOST_TEST(usage.at("/data/quotas/max_file_bytes/limit") == "100");
}

BOOST_AUTO_TEST_CASE(files_belong_to_their_scope_and_roles_apply) {
  auto owner = make_user("solo");
  auto member = make_user("solo");
  auto viewer = make_user("solo");
  auto team = team_with_member(owner, member, "R");
  auto scope = "/teams/" + team;
  auto mine = upload(owner.key, "/me", "p.png", png).at("/data/id");
  BOOST_TEST(api().get(v1(scope + "/files/" + mine), owner.key).status == 404);
  BOOST_TEST(api().get(v1("/me/files/" + mine), member.key).status == 404);
  auto by_owner = upload(owner.key, scope, "o.png", png).at("/data/id");
  auto by_member = upload(member.key, scope, "m.png", png).at("/data/id");
  BOOST_TEST(!by_member.empty());
  // Members delete only their own uploads; owners and admins any.
  BOOST_TEST(api().del(v1(scope + "/files/" + by_owner), member.key).status
             == 403);
  BOOST_TEST(api().del(v1(scope + "/files/" + by_member), member.key).status
             == 200);
  BOOST_TEST(api().del(v1(scope + "/files/" + by_owner), owner.key).status
             == 200);
  BOOST_TEST(api().get(v1(scope + "/files"), viewer.key).status == 403);
}

BOOST_AUTO_TEST_CASE(deleting_a_transaction_deletes_only_files_one_may) {
  // A member attaches the owner's file to a transaction of their own and
  // deletes it with delete_files=true: the owner's file stays, detached;
  // the member's own file goes. An owner deleting the same way takes all.
  auto owner = make_user("solo");
  auto member = make_user("solo");
  auto team = team_with_member(owner, member, "F");
  auto scope = "/teams/" + team;
  auto account = make_account(owner.key, scope);
  auto owners_file = upload(owner.key, scope, "o.png", png).at("/data/id");
  auto members_file = upload(member.key, scope, "m.png", png).at("/data/id");
  auto tx = make_expense(member.key, scope, account, "4").at("/data/id");
  auto attach = api().patch(v1(scope + "/transactions/" + tx), member.key,
                            R"({"file_ids":[")" + owners_file + R"(",")"
                              + members_file + R"("]})");
  BOOST_REQUIRE_MESSAGE(attach.status == 200, attach.body);
  auto del = api().del(v1(scope + "/transactions/" + tx + "?delete_files=true"),
                       member.key);
  BOOST_TEST(del.status == 200);
  BOOST_TEST(del.at("/meta/message").find("1 file kept") != std::string::npos,
             del.body);
  auto kept = api().get(v1(scope + "/files/" + owners_file), owner.key);
  BOOST_TEST(kept.status == 200);
  BOOST_TEST(kept.size_at("/data/transaction_ids") == 0);
  BOOST_TEST(api().get(v1(scope + "/files/" + members_file), owner.key).status
             == 404);
  // The owner may delete any: nothing is kept.
  auto tx2 = make_expense(owner.key, scope, account, "5").at("/data/id");
  BOOST_REQUIRE(api()
                  .patch(v1(scope + "/transactions/" + tx2), owner.key,
                         R"({"file_ids":[")" + owners_file + R"("]})")
                  .status
                == 200);
  auto del2 = api().del(
    v1(scope + "/transactions/" + tx2 + "?delete_files=true"), owner.key);
  BOOST_TEST(del2.status == 200);
  BOOST_TEST(del2.at("/meta/message").find("kept") == std::string::npos,
             del2.body);
  BOOST_TEST(api().get(v1(scope + "/files/" + owners_file), owner.key).status
             == 404);
}

BOOST_AUTO_TEST_CASE(uploads_can_attach_to_a_transaction_of_the_scope) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto tx = make_expense(u.key, "/me", account, "9").at("/data/id");
  auto r = upload(u.key, "/me", "r.png", png, "",
                  R"("transaction_id":")" + tx + "\"");
  BOOST_TEST(r.status == 201);
  BOOST_TEST(r.at("/data/transaction_ids/0") == tx);
  auto listed = api().get(v1("/me/files?transaction_id=" + tx), u.key);
  BOOST_TEST(listed.at("/data/pagination/total") == "1");
  auto other = make_user("solo");
  auto foreign = upload(other.key, "/me", "r.png", png, "",
                        R"("transaction_id":")" + tx + "\"");
  BOOST_TEST(foreign.status == 422);
  // Another scope asking for this transaction's files sees none, and its
  // total says so (the count is taken under the same scope as the rows).
  auto peek = api().get(v1("/me/files?transaction_id=" + tx), other.key);
  BOOST_TEST(peek.status == 200);
  BOOST_TEST(peek.size_at("/data/items") == 0);
  BOOST_TEST(peek.at("/data/pagination/total") == "0");
  // Deleting the transaction keeps the file, detached.
  BOOST_TEST(api().del(v1("/me/transactions/" + tx), u.key).status == 200);
  auto file = api().get(v1("/me/files/" + r.at("/data/id")), u.key);
  BOOST_TEST(file.status == 200);
  BOOST_TEST(file.size_at("/data/transaction_ids") == 0);
}

BOOST_AUTO_TEST_CASE(transactions_carry_file_ids_in_every_write_and_read) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto f1 = upload(u.key, "/me", "a.png", png).at("/data/id");
  auto f2 = upload(u.key, "/me", "b.pdf", pdf).at("/data/id");
  auto tx = make_expense(u.key, "/me", account, "4", "2026-03-01T10:00:00Z",
                         R"("file_ids":[")" + f1 + "\"]");
  BOOST_TEST(tx.status == 201);
  BOOST_TEST(tx.at("/data/file_ids/0") == f1);
  auto id = tx.at("/data/id");
  auto base = v1("/me/transactions/" + id);
  auto patched = api().patch(base, u.key,
                             R"({"file_ids":[")" + f1 + R"(",")" + f2 + "\"]}");
  BOOST_TEST(patched.size_at("/data/file_ids") == 2);
  // A PATCH that does not mention files keeps them.
  BOOST_TEST(
    api().patch(base, u.key, R"({"notes":"n"})").size_at("/data/file_ids")
    == 2);
  BOOST_TEST(
    api().get(v1("/me/transactions"), u.key).size_at("/data/items/0/file_ids")
    == 2);
  BOOST_TEST(
    api().get(v1("/me/files/" + f2), u.key).at("/data/transaction_ids/0")
    == id);
  // A file of another scope cannot be attached.
  auto other = make_user("solo");
  auto foreign = upload(other.key, "/me", "c.png", png).at("/data/id");
  auto bad = api().patch(base, u.key, R"({"file_ids":[")" + foreign + "\"]}");
  BOOST_TEST(bad.status == 422);
  BOOST_TEST(!bad.at("/data/file_ids/0").empty());
  // Deleting a file detaches it from the transaction.
  BOOST_TEST(api().del(v1("/me/files/" + f1), u.key).status == 200);
  BOOST_TEST(api().get(base, u.key).size_at("/data/file_ids") == 1);
  // delete_files=true removes the transaction's files as well.
  BOOST_TEST(api().del(base + "?delete_files=true", u.key).status == 200);
  BOOST_TEST(api().get(v1("/me/files/" + f2), u.key).status == 404);
  auto usage = api().get(v1("/me/usage"), u.key);
  BOOST_TEST(usage.at("/data/quotas/files/used") == "0");
  BOOST_TEST(usage.at("/data/quotas/file_storage_bytes/used") == "0");
}

BOOST_AUTO_TEST_CASE(multipart_uploads_take_name_and_type_from_the_part) {
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto tx = make_expense(u.key, "/me", account, "2").at("/data/id");
  auto part = [](const std::string& name, const std::string& filename,
                 const std::string& type, const std::string& bytes) {
    std::string p = "--XyZb0undary\r\nContent-Disposition: form-data; name=\""
                    + name + "\"";
    if (!filename.empty())
      p += "; filename=\"" + filename + "\"";
    p += "\r\n";
    if (!type.empty())
      p += "Content-Type: " + type + "\r\n";
    return p + "\r\n" + bytes + "\r\n";
  };
  auto send = [&](const std::string& parts) {
    return api().request("POST", v1("/me/files"), u.key,
                         parts + "--XyZb0undary--\r\n",
                         {"Content-Type: multipart/form-data; "
                          "boundary=XyZb0undary"});
  };
  auto r = send(part("file", "statement.pdf", "application/pdf", pdf)
                + part("transaction_id", "", "", tx));
  BOOST_TEST(r.status == 201);
  BOOST_TEST(r.at("/data/name") == "statement.pdf");
  BOOST_TEST(r.at("/data/content_type") == "application/pdf");
  BOOST_TEST(r.at("/data/transaction_ids/0") == tx);
  BOOST_TEST(
    api().get(v1("/me/files/" + r.at("/data/id") + "/content"), u.key).body
    == pdf);
  BOOST_TEST(send(part("file", "s.png", "image/png", pdf)).status == 422);
  // The bytes are handed over as they are; errors name the multipart form's
  // own fields.
  auto html = send(part("file", "x.html", "", "<html><body>hi</body></html>"));
  BOOST_TEST(html.status == 422);
  BOOST_TEST(!html.at("/data/file/0").empty());
  auto extra = send(part("file", "s.pdf", "", pdf) + part("note", "", "", "x"));
  BOOST_TEST(extra.status == 422);
  BOOST_TEST(extra.at("/data/note/0") == "is not a known field");
  BOOST_TEST(send(part("upload", "s.pdf", "", pdf)).status == 422);
  // Form fields never override the file part's name or type, and a field
  // sent twice is refused rather than one of them winning.
  auto renamed = send(part("file", "s.pdf", "", pdf)
                      + part("name", "", "", "evil.exe")
                      + part("content_type", "", "", "text/html"));
  BOOST_TEST(renamed.status == 422);
  BOOST_TEST(renamed.at("/data/name/0") == "is not a known field");
  BOOST_TEST(renamed.at("/data/content_type/0") == "is not a known field");
  BOOST_TEST(send(part("file", "s.pdf", "", pdf)
                  + part("transaction_id", "", "", tx)
                  + part("transaction_id", "", "", tx))
               .status
             == 422);
  // filename* (RFC 8187) is decoded, and preferred to filename.
  auto star = send("--XyZb0undary\r\nContent-Disposition: form-data; "
                   "name=\"file\"; filename=\"naive.pdf\"; "
                   "filename*=UTF-8''na%C3%AFve%20%E2%82%AC.pdf\r\n\r\n"
                   + pdf + "\r\n");
  BOOST_TEST(star.status == 201, star.body);
  BOOST_TEST(star.at("/data/name") == "na\xc3\xafve \xe2\x82\xac.pdf");
  auto bad_star = send("--XyZb0undary\r\nContent-Disposition: form-data; "
                       "name=\"file\"; filename*=UTF-8''%FF.pdf\r\n\r\n"
                       + pdf + "\r\n");
  BOOST_TEST(bad_star.status == 422);
  BOOST_TEST(
    send(part("file", "a.pdf", "", pdf) + part("file", "b.pdf", "", pdf)).status
    == 422);
  BOOST_TEST(api()
               .request("POST", v1("/me/files"), u.key, "garbage",
                        {"Content-Type: multipart/form-data; boundary=q"})
               .status
             == 422);
  BOOST_TEST(
    api()
      .request("POST", v1("/me/tags"), u.key, part("file", "a", "", "b"),
               {"Content-Type: multipart/form-data; boundary=XyZb0undary"})
      .status
    == 415);
}

BOOST_AUTO_TEST_CASE(
  transactions_tag_and_file_id_columns_follow_every_link_write) {
  // Schema v13: transactions.tag_ids and file_ids are kept equal to the
  // link tables by triggers (persistence/sql/link_ids.sql), and the reads
  // return them. Every kind of link write the server makes is driven here
  // through the API; after each, the columns are compared with the links
  // in SQL (the whole table, every test's rows) and with what the reads
  // show.
  auto u = make_user("solo");
  auto account = make_account(u.key, "/me");
  auto t1 = make_tag(u.key, "/me", "one");
  auto t2 = make_tag(u.key, "/me", "two");
  auto t3 = make_tag(u.key, "/me", "three");
  auto f1 = upload(u.key, "/me", "1.png", png).at("/data/id");
  auto f2 = upload(u.key, "/me", "2.pdf", pdf).at("/data/id");
  auto f3 = upload(u.key, "/me", "3.csv", csv, "text/csv").at("/data/id");
  BOOST_REQUIRE(!f1.empty() && !f2.empty() && !f3.empty());
  auto base = v1("/me/transactions");

  using ids = std::vector<std::string>;
  auto joined = [](ids v) {
    std::sort(v.begin(), v.end());
    std::string out;
    for (auto& id : v)
      out += (out.empty() ? "" : ",") + id;
    return out;
  };
  auto json_ids = [](const response& r, const std::string& array) {
    std::string out;
    auto n = r.size_at(array.c_str());
    for (long i = 0; i < n; ++i)
      out += (i == 0 ? "" : ",")
             + r.at((array + "/" + std::to_string(i)).c_str());
    return out;
  };
  auto quoted = [](const ids& v) {
    std::string out;
    for (auto& id : v)
      out += (out.empty() ? "\"" : ",\"") + id + "\"";
    return out;
  };
  // What each transaction should link: tags, files.
  std::map<std::string, std::pair<ids, ids>> want;
  auto check = [&](const std::string& step) {
    BOOST_TEST_CONTEXT("after " << step) {
      BOOST_TEST(
        sql_value(
          "SELECT count(*) FROM transactions t WHERE t.tag_ids <>"
          " COALESCE((SELECT string_agg(l.tag_id, ',' ORDER BY l.tag_id)"
          " FROM transaction_tags l WHERE l.transaction_id = t.id), '')"
          " OR t.file_ids <>"
          " COALESCE((SELECT string_agg(l.file_id, ',' ORDER BY l.file_id)"
          " FROM transaction_files l WHERE l.transaction_id = t.id), '')")
        == "0");
      auto list = api().get(base + "?per_page=100", u.key);
      BOOST_REQUIRE_EQUAL(list.status, 200);
      // A filtered list: the other shape of the list's statement.
      auto filtered = api().get(base + "?per_page=100&account_id=" + account,
                                u.key);
      BOOST_REQUIRE_EQUAL(filtered.status, 200);
      BOOST_TEST(list.size_at("/data/items") == static_cast<long>(want.size()));
      BOOST_TEST(filtered.size_at("/data/items")
                 == static_cast<long>(want.size()));
      for (auto& [tx, links] : want) {
        BOOST_TEST_CONTEXT("transaction " << tx) {
          auto tags = joined(links.first);
          auto files = joined(links.second);
          BOOST_TEST(sql_value("SELECT tag_ids || '/' || file_ids FROM"
                               " transactions WHERE id = '"
                               + tx + "'")
                     == tags + "/" + files);
          auto one = api().get(base + "/" + tx, u.key);
          BOOST_TEST(json_ids(one, "/data/tag_ids") == tags);
          BOOST_TEST(json_ids(one, "/data/file_ids") == files);
          for (auto* page : {&list, &filtered})
            for (long i = 0; i < page->size_at("/data/items"); ++i) {
              auto item = "/data/items/" + std::to_string(i);
              if (page->at((item + "/id").c_str()) != tx)
                continue;
              BOOST_TEST(json_ids(*page, item + "/tag_ids") == tags);
              BOOST_TEST(json_ids(*page, item + "/file_ids") == files);
            }
        }
      }
    }
  };

  // Creates, one of them through a batch.
  auto a = make_expense(u.key, "/me", account, "1", "2026-03-01T10:00:00Z",
                        R"("tag_ids":[)" + quoted({t2, t1})
                          + R"(],"file_ids":[)" + quoted({f1}) + "]");
  BOOST_REQUIRE_MESSAGE(a.status == 201, a.body);
  auto tx_a = a.at("/data/id");
  auto batch = api().post(
    v1("/me/transactions/batch"), u.key,
    R"({"transactions":[{"account_id":")" + account
      + R"(","flow_type":"expense","amount":2,"currency_code":"USD",)"
        R"("transaction_at":"2026-03-02T10:00:00Z","tag_ids":[)"
      + quoted({t2}) + R"(],"file_ids":[)" + quoted({f2, f1}) + "]}]}");
  BOOST_REQUIRE_MESSAGE(batch.status == 200, batch.body);
  BOOST_REQUIRE_EQUAL(batch.at("/data/items/0/status"), "201");
  auto tx_b = batch.at("/data/items/0/data/id");
  auto tx_c = make_expense(u.key, "/me", account, "3").at("/data/id");
  want[tx_a] = {{t1, t2}, {f1}};
  want[tx_b] = {{t2}, {f1, f2}};
  want[tx_c] = {{}, {}};
  check("the creates");

  // PATCH replaces what it names and keeps the rest.
  auto patch = [&](const std::string& tx, const std::string& body) {
    auto r = api().patch(base + "/" + tx, u.key, body);
    BOOST_REQUIRE_MESSAGE(r.status == 200, r.body);
  };
  patch(tx_a, R"({"tag_ids":[)" + quoted({t3}) + "]}");
  want[tx_a].first = {t3};
  check("a PATCH of tags");
  patch(tx_a, R"({"file_ids":[)" + quoted({f3, f2}) + "]}");
  want[tx_a].second = {f2, f3};
  check("a PATCH of files");
  patch(tx_a, R"({"notes":"n","amount":4})");
  check("a PATCH of other fields (the row's UPDATE leaves the ids)");
  patch(tx_c, R"({"tag_ids":[)" + quoted({t1, t2, t3}) + "]}");
  want[tx_c].first = {t1, t2, t3};
  check("a PATCH adding tags to a transaction without any");

  // PUT replaces everything: files it does not name are detached.
  auto put = api().put(
    base + "/" + tx_b, u.key,
    R"({"account_id":")" + account
      + R"(","flow_type":"expense","amount":5,"currency_code":"USD",)"
        R"("transaction_at":"2026-03-02T10:00:00Z","tag_ids":[)"
      + quoted({t3, t1}) + "]}");
  BOOST_REQUIRE_MESSAGE(put.status == 200, put.body);
  want[tx_b] = {{t1, t3}, {}};
  check("a PUT");

  // An upload attached to a transaction.
  auto f4 = upload(u.key, "/me", "4.png", png, "",
                   R"("transaction_id":")" + tx_c + "\"");
  BOOST_REQUIRE_EQUAL(f4.status, 201);
  want[tx_c].second = {f4.at("/data/id")};
  check("an upload attached to a transaction");

  // Deleting a tag or a file detaches it from every transaction.
  BOOST_TEST(api().del(v1("/me/tags/" + t3), u.key).status == 200);
  want[tx_a].first = {};
  want[tx_b].first = {t1};
  want[tx_c].first = {t1, t2};
  check("deleting a tag");
  BOOST_TEST(api().del(v1("/me/files/" + f2), u.key).status == 200);
  want[tx_a].second = {f3};
  check("deleting a file");

  // Deleting transactions, one with its files.
  BOOST_TEST(api().del(base + "/" + tx_a, u.key).status == 200);
  want.erase(tx_a);
  check("deleting a transaction");
  BOOST_TEST(api().del(base + "/" + tx_c + "?delete_files=true", u.key).status
             == 200);
  want.erase(tx_c);
  check("deleting a transaction and its files");
  BOOST_TEST(sql_value("SELECT count(*) FROM transactions WHERE id IN ('" + tx_a
                       + "', '" + tx_c + "')")
             == "0");
}

BOOST_AUTO_TEST_SUITE_END()
