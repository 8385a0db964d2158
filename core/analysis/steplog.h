// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// An adaptive run's internals: its accepted step sizes against t, where it
/// rejected steps, and its evaluations as it went, for one method (RK45 and its variants) at
/// given settings. Read off the run itself, sampled at its accepted steps, one step at a time.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The most accepted steps a step log keeps (the rest of the run is not logged: `truncated`).
constexpr std::int64_t kStepLogMaxSteps = 2000000;

struct StepLog {
  Method method = Method::Rk45;
  /// Accepted step k: from t[k] - h[k] to t[k], with the evaluations made up to its end
  /// (rejected attempts included).
  std::vector<double> t, h;
  std::vector<std::int64_t> fevals;
  /// Indices k of the accepted steps that came after at least one rejected attempt (from
  /// t[k] - h[k], with a larger step), and how many attempts were rejected there.
  std::vector<std::size_t> rejectedBefore;
  std::vector<int> rejectedCount;
  RunCounters counters;
  RunFailure failure;
  bool truncated = false;
  bool cancelled = false;  ///< stopped by `cancel`: the log holds the steps up to there
};

/// Runs `method` (adaptive: MethodInfo::adaptive) of `model` at `settings` with its samples at
/// its accepted steps and logs every step; with `cancel` set it stops within a few thousand
/// steps. Throws InputError for a fixed-step method or settings validateSettings() refuses.
StepLog logSteps(const SystemModel& model, const ParamValues& values, Method method,
                 IntegratorSettings settings, const std::atomic<bool>* cancel = nullptr);

}  // namespace dms
