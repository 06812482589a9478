// SPDX-License-Identifier: GPL-2.0-or-later
// Killing the server (SIGKILL) in the middle of many concurrent uploads
// leaves every file whole or absent, and the storage quota equal to the
// files present.

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include <boost/test/unit_test.hpp>

#include "support/e2e.hpp"

using namespace purse::test;

BOOST_AUTO_TEST_SUITE(files_crash)

BOOST_AUTO_TEST_CASE(sigkill_during_uploads_leaves_whole_files_or_none) {
  auto u = make_user("family");
  std::set<std::string> acknowledged;
  std::mutex m;
  std::atomic<bool> stop{false};
  std::atomic<int> attempts{0};
  {
    server_process server{
      {"--read-limit", "100000", "--write-limit", "100000", "--db-pool", "4"}};
    http_client client{server.base_url()};
    std::vector<std::thread> uploaders;
    for (int t = 0; t < 8; ++t)
      uploaders.emplace_back([&, t] {
        // Distinct text content per upload: ~300 KiB, base64 in JSON.
        for (int i = 0; !stop && i < 1000; ++i) {
          std::string bytes(300 * 1024, static_cast<char>('a' + (i % 26)));
          bytes += "\nupload " + std::to_string(t) + "-" + std::to_string(i)
                   + "\n";
          auto encoded = base64(bytes);
          ++attempts;
          auto r = client.post(v1("/me/files"), u.key,
                               R"({"name":"f.txt","content_base64":")" + encoded
                                 + "\"}");
          if (r.status == 201) {
            std::lock_guard<std::mutex> guard{m};
            acknowledged.insert(r.at("/data/id"));
          }
        }
      });
    // Let uploads pile up, then kill the server mid-flight.
    while (attempts.load() < 40)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    BOOST_TEST(server.stop(9, 10) == 128 + 9);
    stop = true;
    for (auto& t : uploaders)
      t.join();
  }
  BOOST_TEST_MESSAGE(attempts.load() << " uploads attempted, "
                                     << acknowledged.size() << " acknowledged");
  BOOST_TEST(acknowledged.size() > 0u);
  auto scope = "'" + u.id + "'";
  // Every row has its bytes, whole: size and SHA-256 match.
  BOOST_TEST(sql_value("SELECT COUNT(*) FROM files f LEFT JOIN file_contents c"
                       " ON c.file_id = f.id WHERE f.scope_id = "
                       + scope
                       + " AND (c.file_id IS NULL OR length(c.bytes) <>"
                         " f.size_bytes OR encode(sha256(c.bytes), 'hex') <>"
                         " f.sha256)")
             == "0");
  // No bytes without a row.
  BOOST_TEST(sql_value("SELECT COUNT(*) FROM file_contents c LEFT JOIN files f"
                       " ON f.id = c.file_id WHERE f.id IS NULL")
             == "0");
  // Every upload the client saw acknowledged survived.
  for (auto& id : acknowledged)
    BOOST_TEST(sql_value("SELECT COUNT(*) FROM files WHERE id = '" + id + "'")
                 == "1",
               id);
  // After a restart the quota equals the files present.
  server_process again;
  http_client client{again.base_url()};
  auto usage = client.get(v1("/me/usage"), u.key);
  BOOST_TEST(
    usage.at("/data/quotas/files/used")
    == sql_value("SELECT COUNT(*) FROM files WHERE scope_id = " + scope));
  BOOST_TEST(usage.at("/data/quotas/file_storage_bytes/used")
             == sql_value("SELECT COALESCE(SUM(size_bytes), 0) FROM files"
                          " WHERE scope_id = "
                          + scope));
}

BOOST_AUTO_TEST_SUITE_END()
