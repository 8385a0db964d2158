// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A small driver for NLopt's SLSQP (Kraft's sequential least-squares QP, the SQP method the
/// article uses) on  min f(x)  s.t.  c(x) = 0,  with exact gradients, iteration counting,
/// progress per iteration through a ProgressCallback, and cancellation.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/control/progress.h"
#include "core/types.h"

namespace dms {

/// The problem: n variables, m equality constraints. evaluate() fills f and c and, when g and
/// A are non-null, the gradient (n) and the Jacobian (m x n, resized by the caller). It returns
/// false where the functions are not defined (e.g. a step without solution): the line search
/// then backs off.
struct EqualityNlp {
  int n = 0;
  int m = 0;
  std::function<bool(const VectorXd& x, double& f, VectorXd& c, VectorXd* g, Eigen::MatrixXd* A)>
      evaluate;
};

struct SlsqpSettings {
  int maxIterations = 200;       ///< SQP iterations (accepted steps)
  double constraintTol = 1e-10;  ///< |c_i| <= tol counts as feasible
  double ftolRel = 1e-12;        ///< stop when the cost changes by less than this, relatively
  double xtolRel = 0.0;          ///< stop when x changes by less than this, relatively (0: off)
  double maxTimeSeconds = 300;   ///< wall-clock limit (0: none)
};

/// Memory SLSQP allocates for n variables and m equality constraints (its dense work arrays,
/// the formula of NLopt's slsqp.c), in bytes.
double slsqpWorkBytes(int n, int m);

struct SlsqpResult {
  std::string status;    ///< NLopt's result name, "cancelled", "iteration limit", ...
  bool success = false;  ///< SLSQP met a stopping test on cost or step, feasible
  bool cancelled = false;
  int iterations = 0;
  int evaluations = 0;
  double cost = 0.0;
  double constraintViolation = 0.0;
  VectorXd x;                            ///< best point (the solution on success)
  std::vector<IterationReport> history;  ///< one report per iteration, 0 = initial guess
};

/// Runs SLSQP from x0. Never throws for solver trouble: it is reported in the result.
SlsqpResult solveSlsqp(const EqualityNlp& nlp, const VectorXd& x0, const SlsqpSettings& s,
                       const ProgressCallback& progress);

/// Copies what SLSQP reports (status, cancelled, converged, iterations, evaluations, history)
/// into a problem's solution, which names them alike.
template <class Solution>
void takeSolverReport(const SlsqpResult& r, Solution& out) {
  out.status = r.status;
  out.cancelled = r.cancelled;
  out.converged = r.success;
  out.iterations = r.iterations;
  out.evaluations = r.evaluations;
  out.history = r.history;
}

}  // namespace dms
