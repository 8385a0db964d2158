// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Per-iteration progress of an optimal-control solve, shared by every method (direct
/// transcription with SQP, indirect shooting): the solver calls the callback once per iteration
/// from its own thread; the callback returns false to cancel the solve.
#pragma once

#include <functional>
#include <optional>

namespace dms {

/// One iteration of a solver, by value (safe to copy to another thread).
struct IterationReport {
  int iteration = 0;                 ///< 0 is the initial guess
  int evaluations = 0;               ///< function evaluations so far (line searches included)
  double cost = 0.0;                 ///< objective at the current iterate
  double constraintViolation = 0.0;  ///< max |c_i| of the equality constraints
  /// Residual of a shooting method's boundary conditions (Newton iterations of an indirect
  /// method); empty for direct methods, whose defect is constraintViolation.
  std::optional<double> residual;
};

/// Called once per iteration; return false to stop the solve (it then reports "cancelled").
using ProgressCallback = std::function<bool(const IterationReport&)>;

}  // namespace dms
