// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The classical Runge-Kutta method of order 4 with a fixed step h on a continuous form, as a
/// FixedStepRun stepper: the usual fixed-step baseline at the variational integrator's h.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/integrators/rkrun.h"

namespace dms {

/// Rk4Stepper::State: y and its time (the forms take t, though ours do not use it).
struct Rk4State {
  VectorXd y;
  double t = 0.0;
};

/// One step of classical RK4 (Kutta 1901; Hairer, Norsett and Wanner II.1):
///   k1 = f(t, y), k2 = f(t + h/2, y + h/2 k1), k3 = f(t + h/2, y + h/2 k2),
///   k4 = f(t + h, y + h k3),  y_{k+1} = y_k + h/6 (k1 + 2 k2 + 2 k3 + k4)
/// Never fails but on a non-finite state (the run stops there).
class Rk4Stepper {
 public:
  using State = Rk4State;
  explicit Rk4Stepper(ContinuousForm f) : form(std::move(f)) {}
  ContinuousForm form;
  bool step(State& x, double h, StepWork& work, std::string* why) const;
  void fill(Sample& s, double t, const State& x, SampleFields) const { s = form.sample(t, x.y); }
  std::vector<std::string> stateNames() const { return form.names; }
  /// The derivative of step(x, h) (tangent.h): RK4 on the variational equation.
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const;
  MatrixXd symplecticForm(const State& x) const;

 private:
  mutable VectorXd m_k1, m_k2, m_k3, m_k4, m_tmp;  // the stages, allocated at the first step
};

}  // namespace dms
