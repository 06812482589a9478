// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once

// JSON in and out for the domain's resource mappings: one include for the
// reader, the writer and the field errors.

#include "purse/actors/body_reader.hpp"
#include "purse/actors/field_errors.hpp"
#include "purse/actors/json_writer.hpp"
