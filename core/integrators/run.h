// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What every run produces, whatever the system or the integrator: samples in chunks, counters
/// of the work, and the reason when it stopped early.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/types.h"

namespace dms {

/// One sample of a run. Everything a view or a summary needs, by value.
struct Sample {
  double t = 0.0;
  double energy = 0.0;
  /// Primary structure error: |1 - q^T q| on S^2, ||I - R^T R|| (spectral) for rotations,
  /// 0 where the configuration space is linear (mass-spring).
  double structure = 0.0;
  /// Secondary structure error: |q.omega| on S^2, |1 - |q|| for a quaternion, else 0.
  double structure2 = 0.0;
  /// The angular momentum, all three components in the inertial frame, from the positions and
  /// velocities of the masses (SystemModel::conservedAt says which components are conserved);
  /// zero for systems without one.
  Vector3d momentum = Vector3d::Zero();
  /// Pose for display: a point (bob, block or centre of mass) and an attitude.
  Vector3d position = Vector3d::Zero();
  /// The velocity of that point, d(position)/dt: the views use it to tell whether stored samples
  /// are close enough in time to be joined into a trail. Zero where a sample source has none.
  Vector3d velocity = Vector3d::Zero();
  Matrix3d attitude = Matrix3d::Identity();
  /// The raw state the integrator carries (its own coordinates).
  StateVec state;
  /// The control held over the step that starts at this sample, in the system's declared
  /// layout (SystemDeclaration::controls); empty in a run without a control.
  VectorXd control;
};

/// What a consumer reads of each sample. Metrics: t, energy, structure, structure2, momentum
/// and state (the summaries, the CSV exporters, the sweeps). All adds the pose for display:
/// position, velocity and attitude (the views). A run fills what is asked and leaves the rest
/// as it was.
enum class SampleFields { Metrics, All };

/// True when every number of the given fields is finite.
bool sampleIsFinite(const Sample& s, SampleFields fields = SampleFields::All);

/// Receives a run's samples one by one, as they are made: nothing is stored unless the sink
/// stores it. The sample is the run's own and is overwritten by the next one.
class SampleSink {
 public:
  virtual ~SampleSink() = default;
  virtual void take(const Sample& s) = 0;
};

/// Why a run stopped early.
struct RunFailure {
  bool failed = false;
  double time = 0.0;  ///< time of the last good sample
  std::string reason;
};

/// Counters of the integrator's work.
struct RunCounters {
  std::int64_t steps = 0;     ///< fixed steps, or RK45 accepted steps
  std::int64_t rejected = 0;  ///< RK45 rejected steps
  /// Right-hand-side evaluations, or for a variational step its evaluations of the forces
  /// (the potential's gradient).
  std::int64_t fevals = 0;
  std::int64_t newton = 0;  ///< Newton iterations of implicit steps
};

/// The work of fixed steps, added up by the run.
struct StepWork {
  std::int64_t fevals = 0;
  std::int64_t newton = 0;
};

/// Watches the steps of a run that has dense output (core/sim/events.h locates events with
/// it). Called after each accepted step, before the samples that step makes are passed on.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  /// The run stepped from t0 to t1, and Run::interpolate covers [t0, t1] until its next step.
  /// Returns the time at which the run is to end (no sample after it is made; the run is over
  /// once its samples up to it are passed on), or +infinity to go on.
  virtual double stepped(double t0, double t1) = 0;
};

/// A run in progress: call advance() until it returns false.
class Run {
 public:
  virtual ~Run() = default;
  /// Passes up to maxSamples new samples, with the fields asked for, to sink; returns false
  /// when the run is over (finished or failed). Never passes a non-finite sample: a failure
  /// stops at the last good one.
  virtual bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) = 0;
  /// Appends up to maxSamples whole samples (SampleFields::All) to out; otherwise as above.
  bool advance(std::vector<Sample>& out, std::size_t maxSamples);
  /// Fraction of the horizon done, in [0, 1].
  virtual double progress() const = 0;
  virtual RunCounters counters() const = 0;
  const RunFailure& failure() const { return m_failure; }
  /// Column names of Sample::state, for CSV headers.
  virtual std::vector<std::string> stateNames() const = 0;
  /// Dense output (events, core/sim/events.h): a run that has one (RK45) calls `observer` after
  /// each of its steps from now on (null: no more) and returns true; the default, a run without
  /// one (the fixed-step runs), returns false and calls nothing. Unset, it costs a run nothing
  /// but a test of a null pointer per step.
  virtual bool observeSteps([[maybe_unused]] StepObserver* observer) { return false; }
  /// The whole sample (SampleFields::All) at t in the span of the last step observed, from the
  /// run's dense output (RK45's interpolant, projected where the run projects its samples);
  /// false for a run without dense output.
  virtual bool interpolate([[maybe_unused]] double t, [[maybe_unused]] Sample& out) const {
    return false;
  }

 protected:
  RunFailure m_failure;
};

}  // namespace dms
