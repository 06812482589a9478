// file      : odb/statement.cxx
// copyright : Copyright (c) 2009-2015 Code Synthesis Tools CC
// license   : GNU GPL v2; see accompanying LICENSE file

#include <odb/statement.hxx>

namespace odb
{
  statement::
  ~statement ()
  {
  }
}
