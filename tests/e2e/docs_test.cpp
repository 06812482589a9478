// SPDX-License-Identifier: GPL-2.0-or-later
// The reference page's files and the OpenAPI document: content-named files
// cached for a year, the rest revalidated by ETag (304), gzip for clients
// that accept it, and the same bytes either way.

#include <filesystem>
#include <fstream>

#include <boost/test/unit_test.hpp>
#include <zlib.h>

#include "support/e2e.hpp"

using namespace purse::test;

namespace {

/// `bytes` gunzipped ("" if they are not gzip).
std::string gunzip(const std::string& bytes) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 16) != Z_OK)
    return {};
  std::string out;
  char buf[16384];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(buf, sizeof buf - z.avail_out);
  }
  inflateEnd(&z);
  return rc == Z_STREAM_END ? out : std::string{};
}

/// A page build of three files in a directory of its own, and a server
/// that serves it.
struct docs_server {
  std::string dir = "/tmp/purse-docs-" + std::to_string(free_port());
  std::string script;
  std::string index = "<!doctype html><title>t</title><script "
                      "src=\"/api/public/v1/docs/app.0123456789ab.js\">"
                      "</script>";
  std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + std::string(64, 'x');

  docs_server() {
    std::filesystem::create_directories(dir);
    for (int i = 0; i < 2000; ++i)
      script += "console.log('line " + std::to_string(i % 10) + "');\n";
    std::ofstream(dir + "/index.html") << index;
    std::ofstream(dir + "/app.0123456789ab.js") << script;
    std::ofstream(dir + "/logo.0123456789ab.png", std::ios::binary) << png;
  }
  ~docs_server() {
    std::filesystem::remove_all(dir);
  }
};

struct docs_fixture : docs_server {
  server_process server{{"--docs-dir", dir}};
  http_client client{server.base_url()};
};

} // namespace

BOOST_AUTO_TEST_SUITE(docs)

BOOST_FIXTURE_TEST_CASE(content_named_files_are_kept_for_a_year, docs_fixture) {
  auto r = client.get(v1("/docs/app.0123456789ab.js"), "");
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.body == script);
  BOOST_TEST(r.header("cache-control")
             == "public, max-age=31536000, immutable");
  BOOST_TEST(r.header("content-type") == "text/javascript; charset=utf-8");
  BOOST_TEST(r.header("content-encoding").empty());
  BOOST_TEST(r.header("vary") == "Accept-Encoding");
  BOOST_TEST(!r.header("etag").empty());
}

BOOST_FIXTURE_TEST_CASE(the_page_is_revalidated_by_its_etag, docs_fixture) {
  auto r = client.get(v1("/docs"), "");
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.body == index);
  BOOST_TEST(r.header("cache-control") == "no-cache");
  auto tag = r.header("etag");
  BOOST_TEST(tag.size() > 2);
  auto again = client.request("GET", v1("/docs/"), "", "",
                              {"If-None-Match: " + tag});
  BOOST_TEST(again.status == 304);
  BOOST_TEST(again.body.empty());
  BOOST_TEST(again.header("etag") == tag);
  BOOST_TEST(again.header("cache-control") == "no-cache");
  auto listed = client.request("GET", v1("/docs"), "", "",
                               {"If-None-Match: \"other\", W/" + tag});
  BOOST_TEST(listed.status == 304);
  auto stale = client.request("GET", v1("/docs"), "", "",
                              {"If-None-Match: \"0123\""});
  BOOST_TEST(stale.status == 200);
  BOOST_TEST(stale.body == index);
  // The OpenAPI document too.
  auto doc = client.get(v1("/openapi.json"), "");
  BOOST_TEST(doc.status == 200);
  BOOST_TEST(doc.header("cache-control") == "no-cache");
  auto doc_again = client.request("GET", v1("/openapi.json"), "", "",
                                  {"If-None-Match: " + doc.header("etag")});
  BOOST_TEST(doc_again.status == 304);
}

BOOST_FIXTURE_TEST_CASE(text_is_gzipped_for_clients_that_accept_it,
                        docs_fixture) {
  auto r = client.request("GET", v1("/docs/app.0123456789ab.js"), "", "",
                          {"Accept-Encoding: br, gzip;q=0.8"});
  BOOST_TEST(r.status == 200);
  BOOST_TEST(r.header("content-encoding") == "gzip");
  BOOST_TEST(r.header("vary") == "Accept-Encoding");
  BOOST_TEST(r.body.size() < script.size() / 4);
  BOOST_TEST(gunzip(r.body) == script);
  BOOST_TEST(r.header("content-length") == std::to_string(r.body.size()));
  // Its ETag differs from the plain one, and each revalidates its own.
  auto plain = client.get(v1("/docs/app.0123456789ab.js"), "");
  BOOST_TEST(r.header("etag") != plain.header("etag"));
  auto again = client.request("GET", v1("/docs/app.0123456789ab.js"), "", "",
                              {"Accept-Encoding: gzip",
                               "If-None-Match: " + r.header("etag")});
  BOOST_TEST(again.status == 304);
  // q=0 refuses gzip; "*" accepts it; HEAD tells the gzipped length.
  auto refused = client.request("GET", v1("/docs/app.0123456789ab.js"), "", "",
                                {"Accept-Encoding: gzip;q=0, identity"});
  BOOST_TEST(refused.header("content-encoding").empty());
  BOOST_TEST(refused.body == script);
  auto star = client.request("GET", v1("/openapi.json"), "", "",
                             {"Accept-Encoding: *"});
  BOOST_TEST(star.header("content-encoding") == "gzip");
  BOOST_TEST(gunzip(star.body) == client.get(v1("/openapi.json"), "").body);
  auto head = client.request("HEAD", v1("/docs/app.0123456789ab.js"), "", "",
                             {"Accept-Encoding: gzip"});
  BOOST_TEST(head.status == 200);
  BOOST_TEST(head.header("content-length") == std::to_string(r.body.size()));
  // Images are not gzipped (it would not make them smaller).
  auto image = client.request("GET", v1("/docs/logo.0123456789ab.png"), "", "",
                              {"Accept-Encoding: gzip"});
  BOOST_TEST(image.status == 200);
  BOOST_TEST(image.header("content-encoding").empty());
  BOOST_TEST(image.body == png);
  BOOST_TEST(image.header("cache-control")
             == "public, max-age=31536000, immutable");
}

BOOST_FIXTURE_TEST_CASE(unknown_files_are_404_and_writes_405, docs_fixture) {
  auto missing = client.get(v1("/docs/nothing.js"), "");
  BOOST_TEST(missing.status == 404);
  BOOST_TEST(missing.at("/meta/error") == "not_found");
  BOOST_TEST(missing.header("cache-control") == "no-store");
  auto post = client.request("POST", v1("/docs"), "", "{}");
  BOOST_TEST(post.status == 405);
}

// The build made the page (CMake runs npm in openapi/docs): a server
// started without --docs-dir serves it, and every file it refers to.
BOOST_AUTO_TEST_CASE(a_plain_build_serves_the_reference_page) {
  auto page = api().get(v1("/docs"), "");
  BOOST_TEST(page.status == 200);
  BOOST_TEST(page.header("content-type").find("text/html") == 0);
  BOOST_TEST(shared_server().log().find("reference page not built")
             == std::string::npos);
  std::size_t at = 0;
  int assets = 0;
  const std::string prefix = "/api/public/v1/docs/";
  while ((at = page.body.find(prefix, at)) != std::string::npos) {
    auto end = page.body.find('"', at);
    auto path = page.body.substr(at, end - at);
    auto file = api().get(path, "");
    BOOST_TEST(file.status == 200, path);
    BOOST_TEST(file.body.size() > 100, path);
    ++assets;
    at = end;
  }
  // Swagger UI's script and stylesheet, ours, and the icons.
  BOOST_TEST(assets >= 4);
}

// Swagger UI is Apache-2.0: its LICENSE and NOTICE are served with the
// page, and so is the file its bundle's first line names for the licences
// of what it contains (beside the bundle, under that name).
BOOST_AUTO_TEST_CASE(the_renderers_licence_texts_are_served) {
  for (const char* name :
       {"LICENSE", "NOTICE", "swagger-ui-bundle.js.LICENSE.txt"}) {
    auto r = api().get(v1(std::string{"/docs/"} + name), "");
    BOOST_TEST(r.status == 200, name);
    BOOST_TEST(r.header("content-type") == "text/plain; charset=utf-8", name);
    BOOST_TEST(r.header("cache-control") == "no-cache", name);
    BOOST_TEST(r.body.size() > 20, name);
  }
  auto licence = api().get(v1("/docs/LICENSE"), "");
  BOOST_TEST(licence.body.find("Apache License") != std::string::npos);
}

// Installed without Node.js, the page is missing: /docs says how to get it.
BOOST_AUTO_TEST_CASE(without_the_page_docs_says_how_to_get_it) {
  auto dir = "/tmp/purse-docs-empty-" + std::to_string(free_port());
  std::filesystem::create_directories(dir);
  {
    server_process server{{"--docs-dir", dir}};
    http_client client{server.base_url()};
    auto r = client.get(v1("/docs"), "");
    BOOST_TEST(r.status == 404);
    BOOST_TEST(r.at("/meta/error") == "not_found");
    for (const char* hint : {"Node.js", "purse_docs", "--docs-dir"})
      BOOST_TEST(r.body.find(hint) != std::string::npos, hint);
    BOOST_TEST(client.get(v1("/openapi.json"), "").status == 200);
  }
  std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()
