// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Equal cost: the step h at which a fixed-step method (the variational
/// integrator) costs what an adaptive run (RK45 at the article's tolerances) costs, by force
/// or right-hand-side evaluations (RunCounters::fevals, deterministic) or by CPU time (the
/// median of repeated runs, threadCpuSeconds, noisy).
///
/// The fixed-step run takes h = T/N for a whole number N of steps: a run stops at
/// floor(T/h + 1e-9) h and drops a partial last step (the article's h = 0.035 ends the
/// mass-spring 0.033 s short of T = 200 pi), so only h = T/N covers the adaptive run's [0, T],
/// and its cost, N times the cost of a step, is then a function of N alone. The search is on N:
/// the first guess scales the article's N by target/cost (cost proportional to N), then a
/// secant on log cost over log N kept inside the bracket of the N evaluated so far (a geometric
/// bisection when the secant leaves it), until the cost is within `tolerance` of the target,
/// the bracket is two neighbouring N, or maxIterations runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// What the cost of a run is.
enum class CostMeasure {
  Fevals,  ///< RunCounters::fevals: force (vi) or right-hand-side (RK) evaluations: "fevals"
  CpuTime  ///< CPU seconds of the run's thread, median of `repeats` runs: "cpu"
};
std::string costMeasureName(CostMeasure m);
CostMeasure parseCostMeasure(const std::string& s);  ///< throws InputError naming --cost

struct EqualCostSpec {
  std::string system;      ///< CLI name
  ParamValues parameters;  ///< complete and normalized
  /// The adaptive run's settings: tolerances, controller, output spacing h and horizon T (the
  /// fixed-step run keeps T, the summation, and gets h = T/N).
  IntegratorSettings settings;
  Method adaptive = Method::Rk45;
  Method fixed = Method::Variational;
  CostMeasure measure = CostMeasure::Fevals;
  int repeats = 5;          ///< CPU time: the median of this many runs, in [1, 99]
  double tolerance = 0.02;  ///< stop when |cost / target - 1| <= this, in (0, 0.5]
  int maxIterations = 30;   ///< fixed-step evaluations (of `repeats` runs each), in [1, 200]
};

/// The system's article settings (defaultSettings()), rk45 against vi, by fevals.
EqualCostSpec defaultEqualCost(const SystemModel& model);

/// Checks a spec: a known system, an adaptive method and a fixed-step one it has, valid
/// settings, repeats, tolerance and maxIterations in range. Throws InputError naming the field
/// (--system, --adaptive, --fixed, --repeats, --tolerance, --max-iter) and the range.
void validateEqualCost(const EqualCostSpec& spec);

/// One fixed-step evaluation of the search.
struct EqualCostIterate {
  std::int64_t steps = 0;  ///< N
  double h = 0.0;          ///< T / N
  double cost = 0.0;       ///< fevals, or median CPU seconds
};

struct EqualCostResult {
  EqualCostSpec spec;
  double targetCost = 0.0;  ///< the adaptive run's cost
  RunCounters adaptiveCounters;
  double adaptiveCpuSeconds = 0.0;  ///< median over `repeats` (one run for fevals)
  double h = 0.0;                   ///< the matched step, T / steps
  std::int64_t steps = 0;
  double cost = 0.0;  ///< the fixed-step run's cost at h
  RunCounters fixedCounters;
  double fixedCpuSeconds = 0.0;
  int iterations = 0;  ///< fixed-step evaluations made
  /// |cost / target - 1| <= tolerance.
  bool converged = false;
  /// Why not converged: the bracket closed between neighbouring N, the iterations ran out, a run
  /// failed (with its time) or the search was cancelled; empty when converged.
  std::string note;
  double articleH = 0.0;                ///< the system's default h, for comparison
  std::vector<EqualCostIterate> trace;  ///< every evaluation, in order
};

/// Runs the search for a validated spec on the calling thread (CPU times are the thread's).
/// Throws std::runtime_error when the adaptive run fails.
EqualCostResult runEqualCost(const EqualCostSpec& spec, const std::atomic<bool>* cancel = nullptr);

}  // namespace dms
