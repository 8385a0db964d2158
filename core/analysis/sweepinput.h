// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What a sweep is asked for, checked the one way `dmsim sweep` and the Python module check it,
/// with the same messages: the methods by name against the steps and tolerances given, and the
/// number of threads.
#pragma once

#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/systems/system.h"

namespace dms {

/// The largest number of threads a sweep takes (--jobs).
constexpr unsigned kMaxSweepJobs = 256;

/// The methods named in `names` (`given`: the list as the user wrote it, for the messages).
/// Throws InputError naming --methods for a method `model` does not have, --h when steps are
/// given but no fixed-step method is swept, --rtol when tolerances are given but no adaptive one.
std::vector<Method> sweepMethods(const SystemModel& model, const std::vector<std::string>& names,
                                 const std::string& given, bool stepsGiven, bool rtolsGiven);

/// `jobs` as a number of threads; throws InputError naming --jobs and `text` (how the user wrote
/// it) unless it is a whole number in [1, kMaxSweepJobs].
unsigned sweepJobs(double jobs, const std::string& text);

}  // namespace dms
