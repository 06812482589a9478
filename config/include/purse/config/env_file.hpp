// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// Environment files as systemd's EnvironmentFile= reads them (see
// systemd.exec(5)), for --env-file of purse-server and purse-admin: the
// file the unit names is the one an operator passes, so both read it alike.
//
//   NAME=value        one assignment a line; blanks around NAME and around
//                     an unquoted value are dropped, inner blanks kept
//   # text, ; text    comment lines (at the start of a line only)
//   NAME='v a l'      single quotes: everything verbatim, also line breaks
//   NAME="v \" \\"    double quotes: \" \\ \` \$ give the character, a
//                     backslash before a line break joins the lines, any
//                     other backslash stays as written
//   NAME=a\ b\        unquoted: a backslash keeps the next character; at the
//                     end of a line it joins the next line
//
// Stricter than systemd where it would drop a line with at most a warning:
// a line without '=', a name that is not a variable name (letters, digits
// and '_', not starting with a digit; so no "export NAME=..."), an
// unterminated quote and a NUL byte are errors naming the file and line.
// Errors never quote a value or a name: the file holds the database
// password.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace purse::config {

/// One NAME=value of a file, with the line its name is on (1-based).
struct env_assignment {
  std::string name;
  std::string value;
  int line = 0;
};

/// A file that cannot be read or is not in the syntax above. what() reads
/// "ORIGIN:LINE: reason" or "ORIGIN: reason".
class env_file_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// The assignments of `text` in file order (a name given twice appears
/// twice; the later one wins when applied). `origin` names the file in
/// errors.
std::vector<env_assignment> parse_env_file(std::string_view text,
                                           const std::string& origin);

/// Reads and parses the file at `path` (at most 1 MiB).
std::vector<env_assignment> read_env_file(const std::string& path);

/// Reads the file at `path` and sets each of its variables in this
/// process's environment, replacing a value it inherited (as the file's
/// values replace Environment= in a unit). Command-line flags are read
/// after this and still win. Throws env_file_error; sets nothing then.
void load_env_file(const std::string& path);

} // namespace purse::config
