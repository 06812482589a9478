// SPDX-License-Identifier: GPL-2.0-or-later
// The request gate: what passes to RESTinio, what is replaced by a
// verdict, fed whole or a byte at a time.

#include <boost/test/unit_test.hpp>

#include "request_gate.hpp"

using purse::http::gate_rules;
using purse::http::request_gate;

namespace {

struct gate_fixture {
  std::size_t reserved = 0;
  std::size_t budget = 1000;
  bool refuse = false;
  gate_rules rules;

  gate_fixture() {
    rules.max_header_block = 2048;
    rules.secret = "s3cret";
    rules.body_limit = [](std::string_view, std::string_view path) {
      return path == "/upload" ? std::size_t{500} : std::size_t{100};
    };
    rules.refused_by_headers = [this](std::string_view, std::string_view,
                                      std::string_view authorization,
                                      int authorizations) {
      return refuse || authorizations != 1 || authorization != "Bearer k";
    };
    rules.reserve = [this](std::size_t n) {
      if (reserved + n > budget)
        return false;
      reserved += n;
      return true;
    };
    rules.release = [this](std::size_t n) {
      reserved -= n;
    };
  }

  /// What the gate passes on for `bytes`, fed in pieces of `step`.
  std::string pass(request_gate& gate, const std::string& bytes,
                   std::size_t step = 0) {
    std::string out;
    if (step == 0)
      step = bytes.size();
    for (std::size_t i = 0; i < bytes.size() && !gate.closed(); i += step)
      gate.feed(bytes.data() + i, std::min(step, bytes.size() - i), out);
    return out;
  }

  /// The verdict the passed bytes carry (status -1: none).
  int verdict_in(const std::string& out) {
    auto at = out.find("X-Purse-Gate: ");
    if (at == std::string::npos)
      return -1;
    auto value = out.substr(at + 14, out.find("\r\n", at) - at - 14);
    auto v = request_gate::read_verdict(value, rules.secret);
    return v ? v->status : -2;
  }
};

const std::string get = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n";

std::string post(const std::string& path, const std::string& body,
                 const std::string& auth = "Bearer k") {
  return "POST " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: " + auth
         + "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n"
         + body;
}

} // namespace

BOOST_FIXTURE_TEST_SUITE(request_gate_rules, gate_fixture)

BOOST_AUTO_TEST_CASE(well_formed_requests_pass_as_they_came) {
  for (std::size_t step : {0, 1, 3, 17}) {
    request_gate gate{rules};
    auto bytes = get + post("/a", "{\"x\":1}") + get;
    BOOST_TEST(pass(gate, bytes, step) == bytes, step);
    BOOST_TEST(!gate.closed());
    BOOST_TEST(!gate.in_headers());
  }
}

BOOST_AUTO_TEST_CASE(a_header_block_in_progress_is_held_back) {
  request_gate gate{rules};
  std::string out;
  std::string part = "GET /a HTTP/1.1\r\nHost:";
  gate.feed(part.data(), part.size(), out);
  BOOST_TEST(out.empty());
  BOOST_TEST(gate.in_headers());
  std::string rest = " x\r\n\r\n";
  gate.feed(rest.data(), rest.size(), out);
  BOOST_TEST(out == get);
  BOOST_TEST(!gate.in_headers());
}

BOOST_AUTO_TEST_CASE(malformed_framing_becomes_a_verdict) {
  struct framing {
    std::string bytes;
    int status;
  } cases[] = {
    {"POST /a HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx",
     400},
    {"POST /a HTTP/1.1\r\nContent-Length: 1x\r\n\r\nx", 400},
    {"POST /a HTTP/1.1\r\nTransfer-Encoding: "
     "chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
     411},
    {"BREW /a HTTP/1.1\r\n\r\n", 501},
    {"CONNECT a:1 HTTP/1.1\r\n\r\n", 501},
    {"GET /a HTTP/1.1\r\nX: a\rb\r\n\r\n", 400},
    {"GET /a HTTP/1.1\r\nX: " + std::string(3000, 'a') + "\r\n\r\n", 431},
  };
  for (auto& c : cases) {
    for (std::size_t step : {0, 1}) {
      request_gate gate{rules};
      auto out = pass(gate, c.bytes, step);
      BOOST_TEST(verdict_in(out) == c.status, c.bytes.substr(0, 40));
      BOOST_TEST(gate.closed());
      // The stand-in is a complete request of its own, never the body.
      BOOST_TEST(out.find("\r\n\r\n") == out.size() - 4);
    }
  }
}

BOOST_AUTO_TEST_CASE(bodies_refused_by_their_headers_are_withheld) {
  struct withheld {
    std::string bytes;
    int status;
  } cases[] = {
    {post("/a", std::string(101, 'x')), 413},
    {post("/upload", std::string(400, 'x')), -1}, // passes: its limit is 500
    {post("/a", "{}", "Bearer wrong"), 0},
  };
  for (auto& c : cases) {
    request_gate gate{rules};
    auto out = pass(gate, c.bytes);
    BOOST_TEST(verdict_in(out) == c.status, c.bytes.substr(0, 20));
    if (c.status >= 0) {
      BOOST_TEST(out.find("Content-Length: 0\r\n") != std::string::npos);
      BOOST_TEST(out.find("xx") == std::string::npos);
      BOOST_TEST(out.find("Authorization: ") != std::string::npos);
      // The body was dropped as it came; the connection goes on.
      BOOST_TEST(!gate.closed());
      BOOST_TEST(pass(gate, get) == get);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_withheld_body_is_dropped_however_it_arrives) {
  request_gate gate{rules};
  auto bytes = post("/a", std::string(300, 'Z')) + get;
  // A byte at a time: the stand-in once, nothing of the body, then the
  // next request as it came.
  auto out = pass(gate, bytes, 1);
  BOOST_TEST(verdict_in(out) == 413);
  BOOST_TEST(out.find('Z') == std::string::npos);
  BOOST_TEST(out.substr(out.size() - get.size()) == get);
  BOOST_TEST(reserved == 0);
}

BOOST_AUTO_TEST_CASE(bodies_reserve_their_size_until_answered) {
  budget = 150;
  request_gate first{rules};
  auto head = post("/a", std::string(90, 'x'));
  head.resize(head.size() - 90);
  BOOST_TEST(pass(first, head) == head);
  BOOST_TEST(reserved == 90);
  BOOST_TEST(first.body_left() == 90);
  // A second body of 90 does not fit: 503.
  request_gate second{rules};
  BOOST_TEST(verdict_in(pass(second, post("/a", std::string(90, 'y')))) == 503);
  BOOST_TEST(reserved == 90);
  // The first body arrives, is answered: its share is back.
  std::string body(90, 'x');
  BOOST_TEST(pass(first, body) == body);
  BOOST_TEST(reserved == 90);
  first.answered();
  BOOST_TEST(reserved == 0);
  // A gate that goes (the connection closed) gives back what it held.
  {
    request_gate third{rules};
    pass(third, head);
    BOOST_TEST(reserved == 90);
  }
  BOOST_TEST(reserved == 0);
}

BOOST_AUTO_TEST_CASE(folded_fields_are_refused_however_they_arrive) {
  for (std::size_t step : {0, 1, 5}) {
    request_gate gate{rules};
    auto out = pass(gate, "GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n",
                    step);
    BOOST_TEST(verdict_in(out) == 400, step);
    BOOST_TEST(out.find("Connection: close") != std::string::npos, step);
    BOOST_TEST(gate.closed(), step);
  }
  // A space inside a value is no fold.
  request_gate gate{rules};
  BOOST_TEST(verdict_in(pass(gate, "GET /a HTTP/1.1\r\nX-A: a b\r\n\r\n"))
             == -1);
}

BOOST_AUTO_TEST_CASE(a_connection_over_its_cap_has_every_request_refused) {
  request_gate gate{rules};
  gate.refuse_all({503, "Too many connections"});
  auto out = pass(gate, post("/a", "{\"x\":1}") + get, 3);
  // Both requests: the verdict, no body, and Connection: close.
  BOOST_TEST(verdict_in(out) == 503);
  BOOST_TEST(out.find("{\"x\":1}") == std::string::npos);
  BOOST_TEST(out.find("Connection: close\r\nContent-Length: 0\r\n\r\n")
             != std::string::npos);
  BOOST_TEST(reserved == 0u);
  BOOST_TEST(gate.between_requests());
}

BOOST_AUTO_TEST_CASE(a_dropped_body_is_known_until_it_has_come) {
  refuse = true;
  request_gate gate{rules};
  std::string out;
  auto bytes = post("/a", std::string(50, 'x'));
  gate.feed(bytes.data(), bytes.size() - 10, out);
  BOOST_TEST(gate.dropping_body());
  BOOST_TEST(!gate.between_requests());
  gate.feed(bytes.data() + bytes.size() - 10, 10, out);
  BOOST_TEST(!gate.dropping_body());
  BOOST_TEST(gate.between_requests());
}

BOOST_AUTO_TEST_CASE(a_forged_verdict_is_not_one) {
  BOOST_TEST(!request_gate::read_verdict("guess 413 x", "s3cret"));
  BOOST_TEST(!request_gate::read_verdict("s3cret", "s3cret"));
  BOOST_TEST(!request_gate::read_verdict("s3cret x13 y", "s3cret"));
  BOOST_TEST(!request_gate::read_verdict("anything", ""));
  auto v = request_gate::read_verdict("s3cret 413 Too big", "s3cret");
  BOOST_REQUIRE(v);
  BOOST_TEST(v->status == 413);
  BOOST_TEST(v->message == "Too big");
  // A client's own verdict field is dropped when the gate adds one.
  request_gate gate{rules};
  auto bytes = post("/a", std::string(101, 'x'));
  bytes.insert(bytes.find("\r\n") + 2, "X-Purse-Gate: s3cret 200 ok\r\n");
  auto out = pass(gate, bytes);
  BOOST_TEST(out.find("200 ok") == std::string::npos);
  BOOST_TEST(verdict_in(out) == 413);
}

BOOST_AUTO_TEST_SUITE_END()
