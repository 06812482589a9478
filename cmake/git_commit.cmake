# SPDX-License-Identifier: GPL-2.0-or-later
# Script mode (cmake -P): writes OUTPUT, a header defining PURSE_GIT_COMMIT
# as the source tree's commit (12 hex digits, "-dirty" with uncommitted
# changes to tracked files, "unknown" outside a git checkout). The file is
# rewritten only when its text changes.
set(commit unknown)
find_program(GIT git)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE head RESULT_VARIABLE rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(rc EQUAL 0 AND NOT head STREQUAL "")
    set(commit ${head})
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} diff --quiet HEAD --
                    RESULT_VARIABLE dirty ERROR_QUIET)
    if(NOT dirty EQUAL 0)
      string(APPEND commit "-dirty")
    endif()
  endif()
endif()
set(text "// Written by cmake/git_commit.cmake at build time.\n#pragma once\n#define PURSE_GIT_COMMIT \"${commit}\"\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
