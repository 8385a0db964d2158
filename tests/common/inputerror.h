// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The message of the InputError a call throws, or "" when it throws none: for the suites that
// check that bad input is refused with its field named.
#pragma once

#include <functional>
#include <string>

#include "core/params.h"

namespace dms::test {

inline std::string inputErrorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

}  // namespace dms::test
