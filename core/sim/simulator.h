// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A forced simulator: one system, one method, one parameter set, advanced one step at a time
/// with a control held constant over each step (a zero-order hold). The control enters the
/// variational methods through the discrete Lagrange-d'Alembert principle and the Runge-Kutta
/// methods through their vector field (docs/numerics.md, "Forcing"). With no control its steps
/// are those of a run (SystemModel::makeRun) of the same method and settings.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The number of entries of a declared shape, a dimension declared by a letter (the chain's
/// "n") read from the parameter of that name in `values`.
std::size_t declaredSize(const std::vector<std::string>& shape, const ParamValues& values);

class Simulator;

/// A simulator's whole state at one step, the integrator's own included (compensation terms,
/// RK45's step size): restoring it and stepping repeats the steps bit for bit.
class SimulatorSave {
 public:
  SimulatorSave(const SimulatorSave& other);
  SimulatorSave& operator=(const SimulatorSave& other);
  SimulatorSave(SimulatorSave&&) noexcept;
  SimulatorSave& operator=(SimulatorSave&&) noexcept;
  ~SimulatorSave();
  double t() const { return m_t; }

 private:
  friend class Simulator;
  SimulatorSave() = default;
  const void* m_owner = nullptr;
  std::unique_ptr<Stepping> m_stepping;
  std::int64_t m_stepsBefore = 0;
  RunCounters m_workBefore;
  RunFailure m_failure;
  double m_t = 0.0;
};

class Simulator {
 public:
  /// Checks and normalizes `values` (warnings, when given, receive what was changed), checks
  /// the settings (h is the step; T only bounds nothing here and is not read), and starts
  /// from `state` (the parts of namedState) when given, else from the parameters' initial
  /// state, at t = 0. Throws InputError naming the field.
  Simulator(const SystemModel& model, Method method, const ParamValues& values,
            const IntegratorSettings& settings, const std::vector<StatePart>* state = nullptr,
            std::vector<std::string>* warnings = nullptr);
  /// Not copied: its steps read a control that it alone writes (save() copies its state).
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;
  ~Simulator();

  const SystemModel& model() const { return *m_model; }
  Method method() const { return m_method; }
  const ParamValues& values() const { return m_values; }
  const IntegratorSettings& settings() const { return m_settings; }
  /// The number of entries of u: the declared control channels' sizes, added.
  std::size_t controlSize() const { return m_controlSize; }

  /// One step of h with u held over it (u's entries in the order of the declared channels).
  /// Throws InputError for a u of the wrong size or with a number that is not finite (nothing
  /// is stepped). Returns false when the step failed: failure() says why, and the state stays
  /// the last good one; every later step fails the same way.
  bool step(const VectorXd& u);
  /// One step with no control (the run's own step, bit for bit).
  bool step();

  /// The time of the current state, steps() h (as a run's t_k = k h).
  double t() const;
  std::int64_t steps() const { return m_stepsBefore + m_stepping->steps(); }
  /// The current sample, every field (SampleFields::All), at t().
  const Sample& sample() const;
  /// The current state by parts (SystemModel::namedState).
  std::vector<StatePart> state() const;
  /// Restarts from `parts` at the current time (the integrator's own extra state, compensation
  /// terms and RK45's step size, starts afresh). Throws InputError as the constructor.
  void setState(const std::vector<StatePart>& parts);
  /// The whole state now, to restore() later.
  SimulatorSave save() const;
  /// Back to a saved state of this simulator (the same one; throws InputError for another).
  void restore(const SimulatorSave& saved);
  /// The derivative of the next step from the current state with u held over it (empty u: no
  /// control), A = dx_{k+1}/dx_k and B = dx_{k+1}/du_k in the tangent coordinates the system
  /// declares (SystemDeclaration::tangent); the state does not change. Throws InputError for a
  /// bad u, or when the method has no derivative on this system (saying so).
  StepDerivative linearize(const VectorXd& u) const;
  /// The system's symplectic form at the current state in the same coordinates (empty when
  /// the system supplies none).
  MatrixXd symplecticForm() const;
  /// The number of tangent coordinates (the declared tangent parts' sizes, added).
  std::size_t tangentSize() const;
  /// The work done so far, over every restart.
  RunCounters counters() const;
  const RunFailure& failure() const { return m_failure; }

 private:
  void restart(const std::vector<StatePart>* state);
  void checkControl(const VectorXd& u) const;

  const SystemModel* m_model;
  Method m_method;
  ParamValues m_values;
  IntegratorSettings m_settings;
  std::size_t m_controlSize = 0;
  std::shared_ptr<HeldControl> m_control;
  std::unique_ptr<Stepping> m_stepping;
  std::int64_t m_stepsBefore = 0;  // steps of the restarts before this stepping
  RunCounters m_workBefore;
  RunFailure m_failure;
  mutable Sample m_sample;
  Sample m_lastGood;
  mutable bool m_sampleValid = false;
};

}  // namespace dms
