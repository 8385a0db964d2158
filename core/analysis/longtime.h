// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Long-time behaviour: for one system, parameter set and a list of
/// methods, the energy, structure and momentum errors against t on a log-spaced time axis
/// ("Long time"), and each method's distance from a reference trajectory against t ("Distance
/// between runs"). Both stream the runs through buckets of the time axis, so memory is
/// O(buckets) whatever the number of steps (up to kLongTimeMaxSteps), and both run the methods
/// on any number of threads with the same results.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/systems/system.h"

namespace dms {

/// The most steps (T/h) a long-time or distance run may take.
constexpr double kLongTimeMaxSteps = 1e8;
/// The range of buckets per decade of t.
constexpr int kBucketsPerDecadeMin = 1;
constexpr int kBucketsPerDecadeMax = 100;
/// A growth exponent is fitted over the last kGrowthDecades decades of a run, and only when the
/// run spans that many decades above its first step.
constexpr double kGrowthDecades = 3.0;

/// The smallest and largest of the values a bucket saw.
struct MinMax {
  double min = 0.0;
  double max = 0.0;
};

/// The log-spaced time axis: bucket j holds the samples with t in [t_j, t_{j+1}),
/// t_j = h 10^(j/b), h the first step's time and b the buckets per decade. t = 0 (where every
/// error is zero) is in no bucket.
struct LongTimeBucket {
  double tLo = 0.0;
  double tHi = 0.0;
  std::int64_t samples = 0;
  MinMax energy;     ///< of |E - E0|
  MinMax structure;  ///< of Sample::structure; zero for a system without a structure error
  MinMax momentum;   ///< of |L - L0|; zero for a system without conserved momentum
};

/// What a long-time view runs: one system at one parameter set, the step h, horizon T and RK45
/// tolerances (RK45 sampled at t_k = k h, like the fixed-step methods), and the methods.
struct LongTimeSpec {
  std::string system;      ///< CLI name
  ParamValues parameters;  ///< complete and normalized (SystemModel::normalize)
  IntegratorSettings settings;
  std::vector<Method> methods;
  int bucketsPerDecade = 10;
};

/// A system's default long-time view: its parameters and article set-up (h, RelTol, AbsTol),
/// every method it has, and T = 10^6 h (rounded to 12 digits), so the fixed-step methods take
/// a million steps: six decades of t above the first step.
LongTimeSpec defaultLongTime(const SystemModel& model);

/// Checks a long-time view: a known system, methods it has (at least one, no repeats), settings
/// validateSettings() accepts with RK45 sampled at the output times (RkSampling::Output), at
/// most kLongTimeMaxSteps steps (T/h), bucketsPerDecade in [kBucketsPerDecadeMin,
/// kBucketsPerDecadeMax]. Throws InputError naming the field (--system, --methods, --h, --T,
/// --rk-samples, --buckets-per-decade) and the allowed range.
void validateLongTime(const LongTimeSpec& spec);

/// The growth exponents of a run's errors (docs/numerics.md): the least-squares slope of
/// log max_{s <= t} |err(s)| against log t, at the upper end of each bucket (the run's last
/// time for the last bucket) over the buckets that lie in the last kGrowthDecades decades of the
/// run. A slope says how the error grows: round-off that adds up as a random walk gives about
/// 1/2 (Brouwer's law), a bias or a drift (a non-symplectic method's dissipation) about 1, an
/// error that stays bounded (a symplectic method's energy, which a modified energy keeps within
/// O(h^p)) about 0. Empty when the run spans fewer than kGrowthDecades decades, when fewer than
/// three buckets have a non-zero maximum, or for a quantity the system does not have.
struct GrowthExponents {
  std::optional<double> energy;
  std::optional<double> structure;
  std::optional<double> momentum;
};

/// One method's long run.
struct LongTimeRun {
  Method method = Method::Variational;
  RunStatus status = RunStatus::Ok;
  std::string failure;  ///< why it failed, with the time; the buckets hold the run up to there
  RunCounters counters;
  double cpuSeconds = 0.0;              ///< CPU time of the run's thread (threadCpuSeconds)
  std::vector<LongTimeBucket> buckets;  ///< the non-empty ones, in time order
  GrowthExponents exponents;
};

struct LongTimeResult {
  LongTimeSpec spec;
  bool hasStructure = false;      ///< the system has a structure error (SystemModel::structureName)
  bool hasMomentum = false;       ///< SystemModel::hasMomentum
  std::vector<LongTimeRun> runs;  ///< in the order of spec.methods
};

/// Runs the methods of a validated long-time view on `jobs` threads (one run per method).
/// Results do not depend on `jobs` (CPU times aside). With `cancel` set, the
/// runs stop at their next chunk and come back Cancelled with what they had. `progress`, if
/// given, gets the fraction of the work done (the mean of the runs' progress), from the worker
/// threads, perhaps several at once.
LongTimeResult runLongTime(const LongTimeSpec& spec, unsigned jobs = 1,
                           const std::atomic<bool>* cancel = nullptr,
                           const std::function<void(double fractionDone)>& progress = {});

/// The buckets as CSV, one row per method and bucket: method, t_lo, t_hi, samples, energy_min,
/// energy_max, structure_min, structure_max, momentum_min, momentum_max; the structure and
/// momentum cells are empty for a system without them.
void writeLongTimeCsv(std::ostream& csv, const LongTimeResult& r);

/// What a distance view runs: as LongTimeSpec; each method is compared with the reference
/// (RK45 at kReferenceRtol) at every output time t_k = k h.
struct DistanceSpec {
  std::string system;      ///< CLI name
  ParamValues parameters;  ///< complete and normalized (SystemModel::normalize)
  IntegratorSettings settings;
  std::vector<Method> methods;
  int bucketsPerDecade = 10;
};

/// A system's default distance view: its parameters and article set-up (h, T, RelTol, AbsTol:
/// RK45 at the article's tolerance is one of the methods) and every method it has.
DistanceSpec defaultDistance(const SystemModel& model);

/// Checks a distance view as validateLongTime does.
void validateDistance(const DistanceSpec& spec);

/// The distances in one bucket of the time axis (LongTimeBucket's axis): of
/// SystemModel::stateError(run, reference), the min and max of its norm and the max of each
/// part.
struct DistanceBucket {
  double tLo = 0.0;
  double tHi = 0.0;
  std::int64_t samples = 0;
  MinMax norm;
  double angleMax = 0.0;
  double positionMax = 0.0;
  double velocityMax = 0.0;
};

/// One run against the reference, in lockstep.
struct DistanceRun {
  Method method = Method::Variational;
  std::optional<double> rtol;  ///< an adaptive method's tolerances
  std::optional<double> atol;
  RunStatus status = RunStatus::Ok;
  std::string failure;                  ///< the run's or the reference's failure, with the time
  RunCounters counters;                 ///< the run's (not the reference's)
  double cpuSeconds = 0.0;              ///< the run's and its reference's
  std::vector<DistanceBucket> buckets;  ///< the non-empty ones, in time order
  /// The distance at the last time both reached (T when ok), and that time.
  std::optional<StateError> last;
  double lastTime = 0.0;
};

struct DistanceResult {
  DistanceSpec spec;
  /// The reference: RK45 at kReferenceRtol, AbsTol kReferenceRtol / kRtolPerAtol; its
  /// errorBound is the check's distance at T (0 unless the check is ok).
  SweepReference reference;
  /// RK45 at kReferenceCheckRtol against the reference: about ten times the reference's own
  /// error (sweep.h), the floor under which a distance says nothing.
  DistanceRun check;
  std::vector<DistanceRun> runs;  ///< in the order of spec.methods
};

/// Runs the methods of a validated distance view and the reference check on `jobs` threads.
/// Each task runs its own copy of the reference beside the method, so no trajectory is stored;
/// the reference is deterministic, so every task sees the same one. Results do not depend on
/// `jobs` (CPU times aside); `cancel` and `progress` as in runLongTime.
DistanceResult runDistance(const DistanceSpec& spec, unsigned jobs = 1,
                           const std::atomic<bool>* cancel = nullptr,
                           const std::function<void(double fractionDone)>& progress = {});

/// The buckets as CSV, one row per run and bucket, the check first (method "reference-check"):
/// method, rtol, t_lo, t_hi, samples, distance_min, distance_max, angle_max, position_max,
/// velocity_max; rtol is empty for a fixed-step method.
void writeDistanceCsv(std::ostream& csv, const DistanceResult& r);

}  // namespace dms
