// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The work-precision and convergence sweep: the methods of one system over a list
/// of step sizes (fixed-step methods) and of tolerances (adaptive methods), each run's cost and
/// its errors against a reference far below the sweep, and the orders fitted to the fixed-step
/// methods' global errors. The runs are independent: they go on any number of threads with the
/// same results, or in disjoint slices (shards) on other machines whose results merge into the
/// unsliced sweep's.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The reference: the exact solution where the motion has a closed form (exactSolution), else
/// RK45 (ode45's controller) at RelTol 1e-13, a hundred times below the smallest tolerance a
/// sweep may ask for. RK45's error e13 is bounded by its distance from a second run at 1e-12
/// (error e12): |ref - check| >= |e12| - |e13| >= |e13| as long as the error at least halves from
/// 1e-12 to 1e-13. RK45's global error is proportional to RelTol (a tenth per decade;
/// tst_analysis checks it falls on every system), so the bound is about ten times e13.
constexpr double kReferenceRtol = 1e-13;
constexpr double kReferenceCheckRtol = 1e-12;
/// Adaptive runs get AbsTol = RelTol / kRtolPerAtol (to 12 digits): MATLAB's defaults' ratio
/// (1e-3 / 1e-6), so the error test stays relative above |y| = 1e-3 and absolute below it at
/// every tolerance.
constexpr double kRtolPerAtol = 1e3;
/// The range of a sweep's RelTol values: at least 100 times the reference's.
constexpr double kSweepRtolMin = 1e-11;
constexpr double kSweepRtolMax = 0.1;

/// What a sweep runs: one system at one parameter set, a horizon, the methods, the step sizes
/// of the fixed-step ones and the tolerances of the adaptive ones.
struct SweepSpec {
  std::string system;      ///< CLI name
  ParamValues parameters;  ///< complete and normalized (SystemModel::normalize)
  double T = 0.0;
  std::vector<Method> methods;
  std::vector<double> steps;  ///< h values, for the fixed-step methods
  std::vector<double> rtols;  ///< RelTol values, for the adaptive methods
  /// The h values of a fixed-step method that the default sweep gives steps of its own (an
  /// order above 4: defaultSweep(model, method)); every other one takes `steps`. Steps given by
  /// the user (--h, h=) replace them all: the caller clears this.
  std::map<Method, std::vector<double>> ownSteps;
};

/// The h values a sweep runs method m at: its own steps, else the shared ones.
const std::vector<double>& sweepSteps(const SweepSpec& spec, Method m);
/// Sets the horizon T given by the user: each method's own steps that T is not a whole number
/// of become T/N with N = round(T/h) (at least 1), the nearest steps that land on T; the shared
/// steps, the user's or the default's, are left for validateSweep to check.
void setSweepHorizon(SweepSpec& spec, double T);

/// A system's default sweep: every method it has; h = 2 h0, h0, h0/2, h0/4, h0/8 (h0 its
/// article step), RelTol 1e-3 to 1e-10 by decades; T a tenth of the article's horizon, rounded
/// to a whole number of the largest h (so every h divides it) and to 12 digits. A fixed-step
/// method of order above 4 gets its own steps (ownSteps), those of defaultSweep(model, method),
/// so that its order is fitted above round-off.
SweepSpec defaultSweep(const SystemModel& model);
/// The default sweep of one method, with steps for its order p. Up to p = 4 the steps above.
/// Above it the article's steps leave the error at round-off (vi8 at 2 h0: 2e-13 to 4e-10, with
/// the fit's floor at 1e-14 to 2e-10): the largest h is 2^((p-4)/2) times 2 h0 (4 h0 for order 6,
/// 8 h0 for order 8), and the five h are T/N_k with N_k = N_0 2^(4k/p) rounded, spaced by
/// 2^(4/p) rather than 2 so that the errors span 2^16 as order 4's do over four halvings and
/// stay between the fit's floor and ceiling (measured on every system: vi6 from 1e-6 to 9e-4 at
/// the largest h, vi8 from 1e-8 to 3e-5). Larger steps leave the asymptotic range (vi8 at
/// 16 h0 fits 8.6 on the 3D pendulum) or the implicit steps' domain (the dumbbell's vi6 at
/// 8 h0).
SweepSpec defaultSweep(const SystemModel& model, Method method);

/// Checks a sweep: a known system, methods it has (no repeats), at least one h when a
/// fixed-step method is swept and one RelTol when an adaptive one is, every h in (0, T] with T a
/// whole number of steps of it (the global error is compared at T), every RelTol in
/// [kSweepRtolMin, kSweepRtolMax]. Throws InputError naming the flag (--methods, --h, --rtol,
/// --T) and the allowed range.
void validateSweep(const SweepSpec& spec);

/// One run of the sweep: a method with its h (fixed step) or RelTol and AbsTol (adaptive).
struct SweepPoint {
  Method method = Method::Variational;
  std::optional<double> h;
  std::optional<double> rtol;
  std::optional<double> atol;
};

/// Every run of a sweep, in its one order: by method as listed, then by h or RelTol as listed.
std::vector<SweepPoint> sweepPoints(const SweepSpec& spec);

/// Slice `index` (1-based) of `count` of a sweep's runs.
struct Shard {
  int index = 1;
  int count = 1;
};

/// Parses "I/N" with 1 <= I <= N; throws InputError naming --shard.
Shard parseShard(const std::string& text);

/// The indices of the runs of shard `s` among `n` runs: i with i mod N = I - 1 (round robin,
/// so each shard gets coarse and fine runs alike). The shards are disjoint and together hold
/// every index.
std::vector<std::size_t> shardIndices(std::size_t n, const Shard& s);

enum class RunStatus { Ok, Failed, Cancelled };
std::string statusName(RunStatus s);  ///< "ok", "failed", "cancelled"
RunStatus parseStatus(const std::string& s);

/// What one run of the sweep measured.
struct SweepRun {
  std::size_t index = 0;  ///< in sweepPoints()
  SweepPoint point;
  RunCounters counters;
  double cpuSeconds = 0.0;  ///< CPU time of the run's thread (threadCpuSeconds)
  RunStatus status = RunStatus::Ok;
  std::string failure;  ///< why it failed, with the time
  /// The state error at T against the reference (SystemModel::stateError); empty unless ok.
  std::optional<StateError> error;
  double energyMaxDev = 0.0;  ///< max |E_k - E_0| over the samples (RK45: its accepted steps)
  std::optional<double> structureMaxErr;  ///< empty for a system without structure error
  std::optional<double> momentumMaxDev;   ///< empty for a system without conserved momentum
};

/// The exact state of a system at t, from its closed form, and how far rounding can put it off.
struct ExactSolution {
  Sample sample;        ///< the state at t, as the system's runs fill their samples
  double bound = 0.0;   ///< a bound on the StateError::norm of the evaluation's round-off
  std::string formula;  ///< the closed form, e.g. "q0 cos(w t) + v0/w sin(w t), w = ..."
};

/// The exact solution at t of a system whose motion has a closed form, or none. The mass-spring
/// (its motion is harmonic): q(t) = q0 cos(w t) + v0/w sin(w t), v(t) = v0 cos(w t) - q0 w
/// sin(w t), w = sqrt(kappa/m), evaluated in long double and rounded to double once. The planar
/// pendulum while it librates (E < m g l, so not on the separatrix or over the top): sin(theta/2)
/// = k sn(w t + u0, k), Omega = 2 k w cn(w t + u0, k), w = sqrt(g/l), k^2 = sin^2(theta0/2) +
/// (omega0/2w)^2, u0 = F(atan2(sin(theta0/2), omega0/2w), k), also in long double.
std::optional<ExactSolution> exactSolution(const SystemModel& model, const ParamValues& values,
                                           double t);

struct SweepReference {
  /// RK45's settings; an exact reference keeps them, so that `dmsim sweep`'s JSON fields and
  /// the shards' check that they share one reference stay as they are.
  Method method = Method::Rk45;
  double rtol = kReferenceRtol;
  double atol = 1e-16;  ///< kReferenceRtol / kRtolPerAtol
  /// |reference at kReferenceCheckRtol - reference| (StateError::norm) at T; for an exact
  /// reference, the bound of its round-off (ExactSolution::bound).
  double errorBound = 0.0;
  /// The closed form when the reference is the exact solution (ExactSolution::formula), empty
  /// when it is RK45.
  std::string exact;
};

struct SweepResult {
  SweepSpec spec;
  Shard shard;
  SweepReference reference;
  std::vector<SweepRun> runs;  ///< by index
};

/// Runs the reference (nothing to run when it is exact) and the runs of `shard` of a validated
/// sweep on `jobs` threads. Results do not depend on `jobs` (CPU times aside). With `cancel`
/// set, runs not yet finished come back Cancelled. `progress(done, total)`, if given, is called
/// from the worker threads as each run (RK45's two reference runs included) ends. `arrived`, if
/// given, gets each run of the shard as soon as it and the reference have finished (its error
/// known; not after a cancel or a failed reference), in no particular order and perhaps from
/// several threads at once; the result's runs are the same. Throws std::runtime_error when the
/// reference fails.
SweepResult runSweep(const SweepSpec& spec, const Shard& shard = {}, unsigned jobs = 1,
                     const std::atomic<bool>* cancel = nullptr,
                     const std::function<void(std::size_t done, std::size_t total)>& progress = {},
                     const std::function<void(const SweepRun& run)>& arrived = {});
/// The sweep's runs as CSV (dmsim sweep --csv's columns): method, h, rtol, atol, steps, fevals,
/// cpu_s, global_err, angle_err, position_err, velocity_err, energy_max_dev,
/// structure_max_err, momentum_max_dev, status; an empty cell where a value does not apply.
void writeSweepCsv(std::ostream& csv, const SweepResult& r);

/// Joins the shards of one sweep into the unsliced sweep's result. Throws InputError when they
/// are of different sweeps (naming what differs), when a shard is missing or given twice.
/// `names` label the shards in messages (file names).
SweepResult mergeSweeps(const std::vector<SweepResult>& shards,
                        const std::vector<std::string>& names);

/// Which runs a fitted order uses: a fixed-step run that finished, with a global error
/// - at least kFitFloorFactor times the larger of the reference's error bound and N eps (the
///   round-off of N steps rounding the same way, for the product's order-one states), so the
///   reference and round-off change it by at most 1/kFitFloorFactor;
/// - at most kFitCeiling: the error expansion's leading term dominates only for small errors
///   (a pendulum whose phase error nears a radian has left the asymptotic range).
constexpr double kFitFloorFactor = 100.0;
constexpr double kFitCeiling = 0.1;
bool usedForOrder(const SweepRun& run, const SweepReference& reference);

/// The least-squares slope of log(global error) over log(h) of a fixed-step method's runs that
/// usedForOrder accepts; empty for an adaptive method or fewer than three such runs.
std::optional<double> fittedOrder(const SweepResult& result, Method method);
/// fittedOrder of every method of the sweep, in its order.
std::vector<std::pair<Method, std::optional<double>>> fittedOrders(const SweepResult& result);

}  // namespace dms
