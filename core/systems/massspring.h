// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Example 1: a mass on a linear spring, L = 1/2 m qdot^2 - 1/2 kappa q^2.
#pragma once

#include <memory>

#include "core/systems/system.h"

namespace dms {

struct MassSpringParams {
  double m = 1.0;      ///< mass [kg]
  double kappa = 1.0;  ///< spring constant [kg/s^2]
  double q0 = 1.4142135623730951;
  double v0 = 0.0;
  /// The force along the rail held over a step [N], null or empty when unforced: f/m adds to
  /// v', and the midpoint rule (eqs (10)-(11)) takes it whole over the step, h f/m into
  /// v_{k+1} (the discrete Lagrange-d'Alembert principle with h f/2 at each end).
  const HeldControl* control = nullptr;
  /// f/m of the control held, 0 when unforced.
  double controlAcceleration() const {
    return control && control->active() ? control->u[0] / m : 0.0;
  }
  static MassSpringParams from(const ParamValues& v);
};

struct MassSpringState {
  double q = 0.0;
  double v = 0.0;
};

/// E = 1/2 m v^2 + 1/2 kappa q^2.
double massSpringEnergy(const MassSpringParams& p, const MassSpringState& x);

/// Eqs (10)-(11):
///   (1 + h^2 kappa / 4m) q_{k+1} = h v_k + (1 - h^2 kappa / 4m) q_k
///   v_{k+1} = v_k - (h kappa / 2m) q_k - (h kappa / 2m) q_{k+1}
void massSpringStep(const MassSpringParams& p, double h, MassSpringState& x);

/// The state of the compensated step: (q, v) and what rounding dropped from each sum.
struct MassSpringSums {
  MassSpringState x;
  MassSpringState lost = {};
};

/// Eqs (10)-(11) as increments of the same map, added with compensation (compensated.h):
///   v_{k+1} = v_k - e (q_k + h/2 v_k),   e = (h kappa / m) / (1 + h^2 kappa / 4m)
///   q_{k+1} = q_k + h/2 (v_k + v_{k+1})
/// (v_{k+1} - v_k = -(h kappa / 2m)(q_k + q_{k+1}) solved for q_k + q_{k+1}.) Whatever e and
/// h/2 round to, this linear map has determinant 1, so rounded coefficients do not make the
/// energy drift.
void massSpringStep(const MassSpringParams& p, double h, MassSpringSums& x);

class MassSpring final : public SystemModel {
 public:
  MassSpring();
  /// (q, p = m v), pScale sqrt(m kappa), no separatrix.
  std::optional<PhasePlane> phasePlane(const ParamValues& values) const override;
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  /// position |q_a - q_b| [m], velocity |v_a - v_b| [m/s]; no angle.
  StateError stateError(const Sample& a, const Sample& b) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a force along the rail (MassSpringParams::control); from q and v when given.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
  /// vi (the midpoint rule, eqs (10)-(11)): q, p = m v;
  /// L_d = (m/2h)(q1 - q0)^2 - (h kappa/2)((q0 + q1)/2)^2.
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  /// Sample of a state: position (q, 0, 0) along the rail.
  static Sample sample(const MassSpringParams& p, double t, const MassSpringState& x);
  /// The same sample, written into s: the fields asked for.
  static void fill(const MassSpringParams& p, double t, const MassSpringState& x, Sample& s,
                   SampleFields f);
};

}  // namespace dms
