// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The failed step's return: the reason into *why when the caller asked for it, and false.
#pragma once

#include <string>

namespace dms {

inline bool stepFailure(std::string* why, const std::string& text) {
  if (why) *why = text;
  return false;
}

}  // namespace dms
