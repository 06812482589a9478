// file      : odb/details/mutex.cxx
// copyright : Copyright (c) 2009-2015 Code Synthesis Tools CC
// license   : GNU GPL v2; see accompanying LICENSE file

#include <odb/details/mutex.hxx>

namespace odb
{
  namespace details
  {
    // This otherwise unnecessary file is here to allow instantiation
    // of inline functions for exporting.
  }
}
