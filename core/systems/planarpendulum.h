// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Example 2: the planar pendulum on SO(2). R maps the body frame to the inertial frame,
/// gravity and the rod both along e2, R = I hanging (docs/numerics.md, conventions).
#pragma once

#include <memory>
#include <string>

#include "core/systems/system.h"

namespace dms {

struct PlanarPendulumParams {
  double m = 1.0;
  double l = 9.81;
  double g = 9.81;
  double theta0 = 1.5707963267948966;
  double omega0 = 0.0;
  /// The torque about the pivot held over a step [N m], null or empty when unforced: tau/(m l^2)
  /// adds to Omega' and, split equally between the step's ends (the discrete
  /// Lagrange-d'Alembert principle), h^2 tau/(2 m l^2) to eq (25)'s sin dtheta and
  /// h tau/(m l^2) to eq (26)'s Omega_{k+1}.
  const HeldControl* control = nullptr;
  /// tau/(m l^2) of the control held, 0 when unforced.
  double controlAcceleration() const {
    return control && control->active() ? control->u[0] / (m * l * l) : 0.0;
  }
  static PlanarPendulumParams from(const ParamValues& v);
};

struct PlanarPendulumState {
  Matrix2d R = Matrix2d::Identity();
  double Omega = 0.0;
};

/// R(theta) = [[cos, -sin], [sin, cos]].
Matrix2d rotation2(double theta);
/// E = 1/2 m l^2 Omega^2 - m g l e2^T R e2.
double planarPendulumEnergy(const PlanarPendulumParams& p, const PlanarPendulumState& x);

/// Eqs (25)-(27), with F_k = R(dtheta_k) so that F - F^T = (2 sin dtheta)^:
///   sin dtheta_k = h Omega_k - (h^2 g / 2l) e2^T R_k e1    (principal branch, cos dtheta > 0)
///   R_{k+1} = R_k F_k
///   Omega_{k+1} = Omega_k - (h g / 2l) e2^T R_k e1 - (h g / 2l) e2^T R_{k+1} e1
/// Returns false (and says why) when the right side of (25) leaves [-1, 1].
bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumState& x,
                        std::string* why);

/// The state of the compensated step: (R, Omega) and what rounding dropped from each sum.
struct PlanarPendulumSums {
  PlanarPendulumState x;
  Matrix2d lostR = Matrix2d::Zero();
  double lostOmega = 0.0;
};

/// Eqs (25)-(27) as increments added with compensation (compensated.h), with c = cos dtheta_k:
///   R_{k+1} = R_k + R_k (F_k - I),  F_k - I = [[-s^2/(1 + c), -s], [s, -s^2/(1 + c)]]
///   Omega_{k+1} = Omega_k - (h g / 2l) (e2^T R_k e1 + e2^T R_{k+1} e1)
/// Fails like planarPendulumStep when (25) has no solution.
bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumSums& x,
                        std::string* why);

class PlanarPendulum final : public SystemModel {
 public:
  PlanarPendulum();
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  /// (theta, p = m l^2 Omega) with theta = atan2(e2^T R e1, e1^T R e1) in (-pi, pi] from
  /// hanging, pScale m l^2 sqrt(g/l) (m l^2 per rad/s when g = 0), and the separatrix through
  /// the upright position, E = m g l: p = 2 m l^2 sqrt(g/l) cos(theta/2).
  std::optional<PhasePlane> phasePlane(const ParamValues& values) const override;
  /// angle: the S^1 distance between the rods [rad]; velocity |Omega_a - Omega_b| [rad/s]
  /// (pivotStateError); no position part.
  StateError stateError(const Sample& a, const Sample& b) const override {
    return pivotStateError(a, b);
  }
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a torque about the pivot (PlanarPendulumParams::control); from theta, R and Omega
  /// when given. theta is the angle: R (a rotation) is turned onto it, R R(theta - atan2(R21,
  /// R11)), so that a state read back is kept bit for bit and a change of theta alone (the
  /// tangent coordinate) moves the rod.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
  /// vi (eqs (25)-(27)): theta = atan2(e2^T R e1, e1^T R e1), unwrapped, p = m l^2 Omega (eq
  /// (25) is p_k = -dL_d/dtheta_k); L_d = (m l^2/h)(1 - cos(theta1 - theta0)) +
  /// (h m g l/2)(cos theta0 + cos theta1).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;

  /// Sample of a state: the bob at l R e2 in the (e1, e2) plane, gravity along +e2.
  static Sample sample(const PlanarPendulumParams& p, double t, const PlanarPendulumState& x);
  /// The same sample, written into s: the fields asked for.
  static void fill(const PlanarPendulumParams& p, double t, const PlanarPendulumState& x, Sample& s,
                   SampleFields f);
};

}  // namespace dms
