// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Deadlines of the GUI suites. They guard against hangs, lost cancellations and a blocked event
// loop, not speed: sanitizer builds run the numerics and Qt's event loop several times slower,
// so every deadline goes through ms(), which scales it there.
// kSlowdown > 1 also tells a suite it runs under a sanitizer (tst_roundoff shortens a long run).
#pragma once

#include "core/sanitizers.h"

namespace dms::test {

#if DMS_TSAN
constexpr int kSlowdown = 5;
#elif DMS_ASAN
constexpr int kSlowdown = 3;
#else
constexpr int kSlowdown = 1;
#endif

/// A deadline of `budget` milliseconds in a Release build, scaled for sanitizer builds.
constexpr int ms(int budget) { return budget * kSlowdown; }

}  // namespace dms::test
