// SPDX-License-Identifier: GPL-2.0-or-later
// --env-file's parser: systemd's EnvironmentFile= syntax (comments, quotes,
// escapes, continuation lines), and errors that name the file and line but
// never a value.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>

#include <unistd.h>

#include <boost/test/unit_test.hpp>

#include "purse/config/env_file.hpp"

using purse::config::env_file_error;
using purse::config::parse_env_file;

namespace {

/// The file's variables after applying it (a later line wins).
std::map<std::string, std::string> parsed(const std::string& text) {
  std::map<std::string, std::string> out;
  for (auto& a : parse_env_file(text, "test.env"))
    out[a.name] = a.value;
  return out;
}

/// The error message `text` is refused with ("" when accepted).
std::string refusal(const std::string& text) {
  try {
    parse_env_file(text, "test.env");
  } catch (const env_file_error& e) {
    return e.what();
  }
  return "";
}

} // namespace

BOOST_AUTO_TEST_SUITE(env_file)

BOOST_AUTO_TEST_CASE(plain_assignments_comments_and_blank_lines) {
  auto text = "# a comment\n"
              "; another comment\n"
              "\n"
              "   \t\n"
              "A=1\n"
              "  B = two words  \n"
              "C=\n"
              "D=x=y#not a comment\n"
              "A=again\n"
              "E=last line without a newline";
  auto v = parsed(text);
  BOOST_TEST(v.size() == 5u);
  BOOST_TEST(v["A"] == "again");
  BOOST_TEST(v["B"] == "two words");
  BOOST_TEST(v["C"] == "");
  BOOST_TEST(v["D"] == "x=y#not a comment");
  BOOST_TEST(v["E"] == "last line without a newline");
  auto lines = parse_env_file(text, "test.env");
  BOOST_TEST(lines.at(0).line == 5);
  BOOST_TEST(lines.at(1).line == 6);
  BOOST_TEST(lines.at(4).line == 9);
}

BOOST_AUTO_TEST_CASE(crlf_line_ends_are_line_ends) {
  auto v = parsed("A=1\r\nB=two \r\n# c\r\n");
  BOOST_TEST(v["A"] == "1");
  BOOST_TEST(v["B"] == "two");
}

BOOST_AUTO_TEST_CASE(single_quotes_keep_everything_verbatim) {
  auto v = parsed("A='  spaced  '\n"
                  "B='back\\slash \"double\" $HOME'\n"
                  "C='two\nlines'\n"
                  "D='a'  \n"
                  "E='x'y\n");
  BOOST_TEST(v["A"] == "  spaced  ");
  BOOST_TEST(v["B"] == "back\\slash \"double\" $HOME");
  BOOST_TEST(v["C"] == "two\nlines");
  BOOST_TEST(v["D"] == "a");
  BOOST_TEST(v["E"] == "xy");
}

BOOST_AUTO_TEST_CASE(double_quotes_take_the_shell_escapes) {
  auto v = parsed("A=\"say \\\"hi\\\"\"\n"
                  "B=\"\\\\ \\` \\$\"\n"
                  "C=\"keep \\n and \\t\"\n"
                  "D=\"joined \\\nline\"\n"
                  "E=\"semi;colon #hash\"\n"
                  "F=\"p@ss word\" \n");
  BOOST_TEST(v["A"] == "say \"hi\"");
  BOOST_TEST(v["B"] == "\\ ` $");
  BOOST_TEST(v["C"] == "keep \\n and \\t");
  BOOST_TEST(v["D"] == "joined line");
  BOOST_TEST(v["E"] == "semi;colon #hash");
  BOOST_TEST(v["F"] == "p@ss word");
}

BOOST_AUTO_TEST_CASE(unquoted_backslashes_and_continuation_lines) {
  auto v = parsed("A=one\\\ntwo\n"
                  "B=a\\\\b\n"
                  "C=trailing\\ \n"
                  "D=quotes \"stay\" 'here'\n"
                  "E=first \\\n"
                  "  second\n"
                  "F=after\n");
  BOOST_TEST(v["A"] == "onetwo");
  BOOST_TEST(v["B"] == "a\\b");
  BOOST_TEST(v["C"] == "trailing ");
  BOOST_TEST(v["D"] == "quotes \"stay\" 'here'");
  BOOST_TEST(v["E"] == "first   second");
  BOOST_TEST(v["F"] == "after");
  // The line after a continuation is counted.
  auto lines = parse_env_file("A=one\\\ntwo\nB=x\n", "test.env");
  BOOST_TEST(lines.at(1).line == 3);
}

BOOST_AUTO_TEST_CASE(a_database_url_survives_as_written) {
  auto url = "postgresql://purse:s3cr%40t@db.internal:5432/purse"
             "?sslmode=verify-full&sslrootcert=/etc/purse/ca.pem";
  BOOST_TEST(parsed(std::string{"PURSE_DATABASE_URL="} + url
                    + "\n")["PURSE_DATABASE_URL"]
             == url);
  BOOST_TEST(parsed(std::string{"PURSE_DATABASE_URL=\""} + url
                    + "\"\n")["PURSE_DATABASE_URL"]
             == url);
}

BOOST_AUTO_TEST_CASE(malformed_lines_are_refused_with_file_and_line) {
  BOOST_TEST(refusal("A=1\n\nNOEQUALS\n").rfind("test.env:3: no '='", 0) == 0,
             refusal("A=1\n\nNOEQUALS\n"));
  BOOST_TEST(
    refusal("A=1\nexport B=2\n").rfind("test.env:2: 'export' is not part", 0)
    == 0);
  BOOST_TEST(refusal("1A=x\n").rfind("test.env:1: the name", 0) == 0);
  BOOST_TEST(refusal("A B=x\n").rfind("test.env:1: the name", 0) == 0);
  BOOST_TEST(refusal("=x\n").rfind("test.env:1: the name", 0) == 0);
  BOOST_TEST(refusal("A-B=x\n").rfind("test.env:1: the name", 0) == 0);
  // An unterminated quote names the line it was opened on.
  BOOST_TEST(
    refusal("A=1\nB='open\nC=3\n").rfind("test.env:2: unterminated ' quote", 0)
    == 0);
  BOOST_TEST(
    refusal("# c\nB=\"open\\\"\n").rfind("test.env:2: unterminated \" quote", 0)
    == 0);
  BOOST_TEST(
    refusal(std::string{"A=1\nB=x\0y\n", 10}).rfind("test.env:2: a NUL byte", 0)
    == 0);
  // A later line counts the lines a quoted value spanned.
  BOOST_TEST(refusal("A='x\ny'\nbad\n").rfind("test.env:3:", 0) == 0);
}

BOOST_AUTO_TEST_CASE(errors_never_quote_a_value_or_a_name) {
  for (auto text : {"postgresql://purse:hunter2@db/purse?sslmode=require\n",
                    "hunter2 x=1\n", "A='hunter2\n", "hunter2\n"}) {
    auto message = refusal(text);
    BOOST_TEST(!message.empty(), text);
    BOOST_TEST(message.find("hunter2") == std::string::npos, message);
  }
}

BOOST_AUTO_TEST_CASE(files_are_read_and_missing_ones_refused) {
  char path[] = "/tmp/purse-env-file-XXXXXX";
  int fd = ::mkstemp(path);
  BOOST_REQUIRE(fd >= 0);
  ::close(fd);
  {
    std::ofstream out{path};
    out << "# test\nPURSE_ENV_FILE_TEST_A='from file'\n"
           "PURSE_ENV_FILE_TEST_B=2\n";
  }
  ::setenv("PURSE_ENV_FILE_TEST_A", "inherited", 1);
  purse::config::load_env_file(path);
  BOOST_TEST(std::string{std::getenv("PURSE_ENV_FILE_TEST_A")} == "from file");
  BOOST_TEST(std::string{std::getenv("PURSE_ENV_FILE_TEST_B")} == "2");
  {
    std::ofstream out{path};
    out << "PURSE_ENV_FILE_TEST_A=changed\nbroken\n";
  }
  // A malformed file sets nothing.
  BOOST_CHECK_THROW(purse::config::load_env_file(path), env_file_error);
  BOOST_TEST(std::string{std::getenv("PURSE_ENV_FILE_TEST_A")} == "from file");
  std::remove(path);
  try {
    purse::config::read_env_file(path);
    BOOST_FAIL("a missing file was read");
  } catch (const env_file_error& e) {
    BOOST_TEST(std::string{e.what()}
               == std::string{path}
                    + ": cannot open: No such file or directory");
  }
  BOOST_CHECK_THROW(purse::config::read_env_file("/tmp"), env_file_error);
  ::unsetenv("PURSE_ENV_FILE_TEST_A");
  ::unsetenv("PURSE_ENV_FILE_TEST_B");
}

BOOST_AUTO_TEST_SUITE_END()
