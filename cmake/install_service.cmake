# SPDX-License-Identifier: GPL-2.0-or-later
# Runs at install time (install(CODE) in CMakeLists.txt): writes the systemd
# unit and the example environment file into share/purse/systemd with the
# paths of the prefix being installed to. deploy/purse.service and
# deploy/purse.env.example name the default prefix, /usr/local; here every
# such path becomes the one under CMAKE_INSTALL_PREFIX as `cmake --install
# --prefix` set it (not the prefix the build was configured with). The files
# go under $DESTDIR, which their contents never name (a package's staging
# folder).
#
# In: PURSE_SOURCE_DIR and PURSE_INSTALL_BINDIR, _DATADIR, _DOCDIR (the
# configured GNUInstallDirs, relative to the prefix or absolute).

# A relative --prefix is taken from the current folder, as the files are;
# --prefix / arrives empty.
set(_purse_prefix "")
if(NOT CMAKE_INSTALL_PREFIX STREQUAL "")
  get_filename_component(_purse_prefix "${CMAKE_INSTALL_PREFIX}" ABSOLUTE)
  string(REGEX REPLACE "/+$" "" _purse_prefix "${_purse_prefix}")
endif()
foreach(_dir IN ITEMS BINDIR DATADIR DOCDIR)
  set(_value "${PURSE_INSTALL_${_dir}}")
  if(NOT IS_ABSOLUTE "${_value}")
    set(_value "${_purse_prefix}/${_value}")
  endif()
  string(REGEX REPLACE "/+$" "" _value "${_value}")
  set(_purse_${_dir} "${_value}")
endforeach()
if("${_purse_BINDIR}${_purse_DATADIR}${_purse_DOCDIR}" MATCHES "[ \t\n\"'%$]")
  message(FATAL_ERROR "purse: the systemd unit cannot name paths with blanks, "
    "quotes, % or $: ${_purse_BINDIR}")
endif()

set(_purse_dest "$ENV{DESTDIR}${_purse_DATADIR}/purse/systemd")
file(MAKE_DIRECTORY "${_purse_dest}")
foreach(_name IN ITEMS purse.service purse.env.example)
  file(READ "${PURSE_SOURCE_DIR}/deploy/${_name}" _text)
  string(REPLACE "/usr/local/bin/" "${_purse_BINDIR}/" _text "${_text}")
  string(REPLACE "/usr/local/share/doc/purse/" "${_purse_DOCDIR}/" _text
         "${_text}")
  string(REPLACE "/usr/local/share/purse/" "${_purse_DATADIR}/purse/" _text
         "${_text}")
  # A setting naming another path under /usr/local would point at files of
  # the default prefix: refuse it rather than install a unit that runs
  # something else.
  if(NOT _purse_prefix STREQUAL "/usr/local"
     AND _text MATCHES "(^|\n)[^#;\n][^\n]*/usr/local")
    message(FATAL_ERROR "purse: deploy/${_name} names a path under /usr/local "
      "that cmake/install_service.cmake does not move to the install prefix")
  endif()
  message(STATUS "Installing: ${_purse_dest}/${_name} (paths under "
    "${_purse_prefix}/)")
  file(WRITE "${_purse_dest}/${_name}" "${_text}")
  file(CHMOD "${_purse_dest}/${_name}" PERMISSIONS OWNER_READ OWNER_WRITE
       GROUP_READ WORLD_READ)
  list(APPEND CMAKE_INSTALL_MANIFEST_FILES "${_purse_dest}/${_name}")
endforeach()
