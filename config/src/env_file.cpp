// SPDX-License-Identifier: GPL-2.0-or-later
// The state machine follows systemd's env-file parser (states PRE_KEY, KEY,
// PRE_VALUE, VALUE, quotes and escapes), with errors where systemd drops a
// line or accepts an unterminated quote.

#include "purse/config/env_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace purse::config {

namespace {

constexpr std::size_t max_file_size = 1 << 20;

bool is_newline(char c) {
  return c == '\n' || c == '\r';
}

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

bool valid_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
    return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

[[noreturn]] void refuse(const std::string& origin, int line,
                         const std::string& reason) {
  throw env_file_error{origin + ":" + std::to_string(line) + ": " + reason};
}

/// Walks the text; `at` is the next character, `line` its line.
struct cursor {
  std::string_view text;
  std::size_t at = 0;
  int line = 1;

  bool done() const {
    return at >= text.size();
  }
  char peek() const {
    return text[at];
  }
  char take() {
    char c = text[at++];
    if (c == '\n')
      ++line;
    return c;
  }
};

/// The value after '=' up to its end of line (quotes may span lines).
std::string read_value(cursor& in, const std::string& origin) {
  std::string value;
  // Where trailing unquoted blanks start (npos: none so far).
  auto trailing = std::string::npos;
  enum { pre_value, unquoted } state = pre_value;
  while (!in.done()) {
    char c = in.peek();
    if (is_newline(c)) {
      in.take();
      break;
    }
    in.take();
    if (c == '\\') {
      // Unquoted escape: keeps the next character; a line break is eaten.
      trailing = std::string::npos;
      state = unquoted;
      if (in.done())
        break;
      char next = in.take();
      if (!is_newline(next))
        value += next;
      continue;
    }
    if (state == pre_value) {
      if (is_blank(c))
        continue;
      if (c == '\'' || c == '"') {
        auto opened = in.line;
        for (;;) {
          if (in.done())
            refuse(origin, opened,
                   std::string{"unterminated "} + c + " quote (opened here)");
          char q = in.take();
          if (q == c)
            break;
          if (c == '"' && q == '\\') {
            if (in.done())
              continue; // reported as unterminated above
            char next = in.take();
            if (std::strchr("\"\\`$", next) != nullptr)
              value += next;
            else if (next != '\n') {
              value += '\\';
              value += next;
            }
            continue;
          }
          value += q;
        }
        continue; // back to pre_value: blanks after a quote are dropped
      }
      state = unquoted;
      value += c;
      continue;
    }
    if (is_blank(c)) {
      if (trailing == std::string::npos)
        trailing = value.size();
    } else {
      trailing = std::string::npos;
    }
    value += c;
  }
  if (trailing != std::string::npos)
    value.resize(trailing);
  return value;
}

} // namespace

std::vector<env_assignment> parse_env_file(std::string_view text,
                                           const std::string& origin) {
  std::vector<env_assignment> out;
  cursor in{text};
  if (auto nul = text.find('\0'); nul != std::string_view::npos) {
    int line = 1;
    for (std::size_t i = 0; i < nul; ++i)
      line += text[i] == '\n' ? 1 : 0;
    refuse(origin, line, "a NUL byte (not a text file?)");
  }
  while (!in.done()) {
    char c = in.peek();
    if (is_newline(c) || is_blank(c)) {
      in.take();
      continue;
    }
    if (c == '#' || c == ';') {
      while (!in.done() && in.peek() != '\n')
        in.take();
      continue;
    }
    auto line = in.line;
    auto start = in.at;
    while (!in.done() && in.peek() != '=' && !is_newline(in.peek()))
      in.take();
    if (in.done() || in.peek() != '=')
      refuse(origin, line,
             "no '=' in this line (a line is NAME=value, or a comment "
             "starting with # or ;)");
    auto name = text.substr(start, in.at - start);
    while (!name.empty() && is_blank(name.back()))
      name.remove_suffix(1);
    in.take(); // '='
    if (!valid_name(name)) {
      if (name.rfind("export", 0) == 0 && name.size() > 6 && is_blank(name[6]))
        refuse(origin, line,
               "'export' is not part of the syntax (systemd would ignore "
               "this line); write NAME=value");
      refuse(origin, line,
             "the name before '=' is not a variable name (letters, digits "
             "and _, not starting with a digit)");
    }
    out.push_back({std::string{name}, read_value(in, origin), line});
  }
  return out;
}

std::vector<env_assignment> read_env_file(const std::string& path) {
  auto cannot = [&](const char* what, int error) {
    return env_file_error{path + ": " + what + ": " + std::strerror(error)};
  };
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw cannot("cannot open", errno);
  std::string text;
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    auto error = errno;
    ::close(fd);
    throw cannot("cannot read", error);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw env_file_error{path + ": is a directory, not a file"};
  }
  char buffer[8192];
  for (;;) {
    auto n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      auto error = errno;
      ::close(fd);
      throw cannot("cannot read", error);
    }
    if (n == 0)
      break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > max_file_size) {
      ::close(fd);
      throw env_file_error{path
                           + ": larger than 1 MiB (not an environment "
                             "file?)"};
    }
  }
  ::close(fd);
  return parse_env_file(text, path);
}

void load_env_file(const std::string& path) {
  for (auto& a : read_env_file(path))
    if (::setenv(a.name.c_str(), a.value.c_str(), 1) != 0)
      throw env_file_error{path + ":" + std::to_string(a.line)
                           + ": cannot set the variable: "
                           + std::strerror(errno)};
}

} // namespace purse::config
