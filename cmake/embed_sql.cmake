# SPDX-License-Identifier: GPL-2.0-or-later
# Script mode (cmake -P): writes OUTPUT, a C++ header that holds the text of
# the SQL file INPUT as one string constant, purse::persistence::schema_sql::
# NAME (the file's name without .sql), so the binaries carry the schema's
# SQL and never read the source tree. The header defines the constant with
# internal linkage: include it from one source file only.
if(NOT NAME MATCHES "^[a-z_][a-z0-9_]*$")
  message(FATAL_ERROR "embed_sql: '${NAME}.sql' is not named as a C++ "
                      "identifier (lower case, digits, '_')")
endif()
file(READ ${INPUT} sql)
# A raw string literal: the text goes in unchanged, as long as it never
# contains the literal's closing sequence.
set(delimiter "purse_sql")
if(sql MATCHES "\\)${delimiter}\"")
  message(FATAL_ERROR "embed_sql: ${INPUT} contains ')${delimiter}\"'")
endif()
file(RELATIVE_PATH source ${SOURCE_DIR} ${INPUT})
set(text "// Written by cmake/embed_sql.cmake from ${source}; edit that file.\n")
string(APPEND text "#pragma once\n\nnamespace purse {\nnamespace persistence {\n")
string(APPEND text "namespace schema_sql {\n\n/// The statements of ${source}.\n")
string(APPEND text "constexpr const char ${NAME}[] = R\"${delimiter}(${sql})${delimiter}\";\n")
string(APPEND text "\n} // namespace schema_sql\n} // namespace persistence\n")
string(APPEND text "} // namespace purse\n")
file(WRITE ${OUTPUT} "${text}")
