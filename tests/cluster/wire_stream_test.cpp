// SPDX-License-Identifier: GPL-2.0-or-later
// A call wire's framing (actors/cluster/wire.hpp): two wire_streams over
// loopback TLS with the cluster's certificates, one writing frames of many
// sizes at once, the other reading them. TLS cuts the stream where it
// likes, so frames come several to a record, split across records, and
// larger than any one record; each must be handed on whole, once, in
// order, and a frame announcing more than the largest payload ends the
// wire. And the two ends agree on admitted calls only when both know them.

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <asio/ip/tcp.hpp>

#include <caf/binary_deserializer.hpp>

#include "cluster/certificates.hpp"
#include "wire.hpp"

using namespace purse;

namespace {

struct received {
  std::uint64_t id = 0;
  std::string text;
  bool whole = false; // the payload was one serialized string, nothing more
};

/// The cluster's TLS for a listener of a version before admitted calls:
/// the same certificates, no ALPN.
void load_listener_without_alpn(asio::ssl::context& tls,
                                const cluster_options& opts) {
  tls.load_verify_file(opts.ca_file);
  tls.use_certificate_chain_file(opts.cert_file);
  tls.use_private_key_file(opts.key_file, asio::ssl::context::pem);
  tls.set_verify_mode(asio::ssl::verify_peer
                      | asio::ssl::verify_fail_if_no_peer_cert);
}

/// Two ends of a wire on one io context: `server` accepted, `client`
/// dialled; both started. `frames` collects what the server reads. With
/// `older_listener`, the accepting end's TLS offers no wire protocol, as a
/// listener of an older version.
struct wire_pair {
  test::certificates certs;
  std::shared_ptr<asio::io_context> io = std::make_shared<asio::io_context>();
  std::shared_ptr<wire_context> ctx;
  asio::ip::tcp::acceptor acceptor{*io};
  std::shared_ptr<wire_stream> server;
  std::shared_ptr<wire_stream> client;
  asio::ssl::context older{asio::ssl::context::tls_server};
  std::vector<received> frames;
  bool server_ended = false;

  explicit wire_pair(bool older_listener = false) {
    cluster_options opts;
    opts.ca_file = certs.dir + "/ca.pem";
    opts.cert_file = certs.dir + "/node-1.pem";
    opts.key_file = certs.dir + "/node-1.key";
    ctx = std::make_shared<wire_context>(io, opts);
    load_listener_without_alpn(older, opts);
    acceptor.open(asio::ip::tcp::v4());
    acceptor.bind({asio::ip::make_address("127.0.0.1"), 0});
    acceptor.listen();
    server = std::make_shared<wire_stream>(*io, older_listener ? older
                                                               : ctx->server);
    acceptor.async_accept(
      server->stream().lowest_layer(), [this](const asio::error_code& ec) {
        BOOST_REQUIRE(!ec);
        server->stream().async_handshake(
          asio::ssl::stream_base::server, [this](const asio::error_code& ec) {
            BOOST_REQUIRE(!ec);
            server->start(
              [this](std::uint64_t id, const char* data, std::size_t size) {
                received r;
                r.id = id;
                caf::binary_deserializer source{nullptr, data, size};
                r.whole = !source(r.text) && source.remaining() == 0;
                frames.push_back(std::move(r));
              },
              [this] {
                server_ended = true;
              });
          });
      });
    dial_wire(ctx, "127.0.0.1", acceptor.local_endpoint().port(),
              [this](std::shared_ptr<wire_stream> w) {
                BOOST_REQUIRE(w);
                client = std::move(w);
                client->start([](std::uint64_t, const char*, std::size_t) {},
                              [] {});
              });
    run_until([this] {
      return client && client->up() && server->up();
    });
  }

  ~wire_pair() {
    if (client)
      client->close();
    server->close();
    io->run_for(std::chrono::milliseconds(200));
  }

  /// Runs the io context until `done` holds (at most 20 s).
  template <class Predicate>
  bool run_until(Predicate done) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!done() && std::chrono::steady_clock::now() < until) {
      io->restart();
      io->run_for(std::chrono::milliseconds(20));
    }
    return done();
  }
};

/// A payload of `size` bytes that differs with its id and position.
std::string payload(std::uint64_t id, std::size_t size) {
  std::string s(size, '\0');
  for (std::size_t i = 0; i < size; ++i)
    s[i] = static_cast<char>('a' + (id * 7 + i) % 26);
  return s;
}

} // namespace

BOOST_AUTO_TEST_SUITE(wire_stream_frames)

BOOST_AUTO_TEST_CASE(frames_of_every_size_arrive_whole_once_and_in_order) {
  wire_pair w;
  // Small ones several to a TLS record; middling ones cut by a record's
  // end after whole frames before them; ones of a whole record and more;
  // ones many times a record (5 MiB); small ones right behind them.
  std::vector<std::size_t> sizes{0,     1,      100,   12, 16 * 1024,
                                 20000, 300000, 10,    7,  5 << 20,
                                 3,     40000,  65536, 1,  2};
  for (std::size_t i = 0; i < 40; ++i) {
    sizes.push_back(700 + 97 * i);
    sizes.push_back(5000 + 1331 * (i % 8));
  }
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    auto text = payload(i + 1, sizes[i]);
    std::vector<char> frame;
    BOOST_REQUIRE(wire::frame(frame, i + 1, text));
    BOOST_REQUIRE(w.client->write(std::move(frame)));
  }
  BOOST_REQUIRE(w.run_until([&] {
    return w.frames.size() >= sizes.size();
  }));
  w.io->run_for(std::chrono::milliseconds(100)); // nothing more may come
  BOOST_TEST(w.frames.size() == sizes.size());
  for (std::size_t i = 0; i < w.frames.size() && i < sizes.size(); ++i) {
    BOOST_TEST_CONTEXT("frame " << i + 1 << " of " << sizes[i] << " bytes") {
      BOOST_TEST(w.frames[i].id == i + 1);
      BOOST_TEST(w.frames[i].whole);
      BOOST_TEST(w.frames[i].text == payload(i + 1, sizes[i]));
    }
  }
  BOOST_TEST(!w.server_ended);
  BOOST_TEST(w.server->up());
}

BOOST_AUTO_TEST_CASE(
  a_frame_announcing_more_than_the_largest_payload_ends_the_wire) {
  wire_pair w;
  std::vector<char> ok;
  auto text = payload(1, 50);
  BOOST_REQUIRE(wire::frame(ok, 1, text));
  // A header that announces max_payload + 1 bytes, then a few of them.
  std::vector<char> bad(wire::header_bytes + 8, 'x');
  std::uint32_t size = wire::max_payload + 1;
  for (int i = 0; i < 4; ++i)
    bad[i] = static_cast<char>((size >> (24 - 8 * i)) & 0xff);
  for (int i = 0; i < 8; ++i)
    bad[4 + i] = static_cast<char>(i == 7 ? 2 : 0);
  BOOST_REQUIRE(w.client->write(std::move(ok)));
  BOOST_REQUIRE(w.client->write(std::move(bad)));
  BOOST_REQUIRE(w.run_until([&] {
    return w.server_ended;
  }));
  BOOST_TEST(!w.server->up());
  // The frame before it was handed on; the bad one never was.
  BOOST_REQUIRE(w.frames.size() == 1u);
  BOOST_TEST(w.frames[0].id == 1u);
  BOOST_TEST(w.frames[0].text == text);
}

BOOST_AUTO_TEST_CASE(admitted_calls_go_only_where_both_ends_agreed_on_them) {
  {
    wire_pair w;
    BOOST_TEST(w.client->takes_admitted());
    BOOST_TEST(w.server->takes_admitted());
  }
  // A listener of a version before admitted calls selects no protocol:
  // the dialler sends it keyed calls only, which it still takes.
  wire_pair w{true};
  BOOST_TEST(!w.client->takes_admitted());
  BOOST_TEST(!w.server->takes_admitted());
  std::vector<char> frame;
  auto text = payload(1, 10);
  BOOST_REQUIRE(wire::frame(frame, 1, text));
  BOOST_REQUIRE(w.client->write(std::move(frame)));
  BOOST_REQUIRE(w.run_until([&] {
    return !w.frames.empty();
  }));
  BOOST_TEST(w.frames[0].text == text);
}

BOOST_AUTO_TEST_SUITE_END()
