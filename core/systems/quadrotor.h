// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A quadrotor UAV on SE(3) (Lee, Leok and McClamroch, "Geometric tracking control of a
/// quadrotor UAV on SE(3)", CDC 2010): a rigid body of mass m and inertia J = diag(J) in
/// uniform gravity, e3 pointing down, pushed by a thrust f along -b3 = -R e3 and turned by a
/// torque M in body coordinates, both from its four rotor forces (quadrotorWrench):
///   x' = v,   m v' = m g e3 - f R e3,   R' = R Omega^,   J Omega' + Omega x J Omega = M.
/// Its control u = (f, M1, M2, M3); the geometric tracking controller that closes it is a
/// built-in control law (core/sim/geometriclaw.h). docs/quadrotor.md derives the model, the
/// LGVI with the thrust forced through the discrete Lagrange-d'Alembert principle, and the
/// paper's two cases.
#pragma once

#include "core/systems/rigidbody.h"
#include "core/systems/system.h"

namespace dms {

/// U(x, R) = -m g e3.x, gravity along e3 (down): dU/dx = -m g e3, dU/dR = 0. Invariant under
/// rotations about e3 (and under every rotation of the body), so the vertical angular momentum
/// e3.(m x x v + R J Omega) is conserved unforced, by the LGVI too (discrete Noether).
class UniformGravity final : public RigidBodyPotential {
 public:
  UniformGravity(double m, double g) : m_mg(m * g) {}
  double energy(const Vector3d& x, const Matrix3d& R) const override;
  void gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx,
                Matrix3d& dUdR) const override;
  /// U is linear in x and does not depend on R: its second derivatives are 0.
  bool hasSecondDerivatives() const override { return true; }
  void gradientDerivative(const Vector3d& x, const Matrix3d& R, const Vector3d& dx,
                          const Matrix3d& dR, Vector3d& ddUdx, Matrix3d& ddUdR) const override;

 private:
  double m_mg;
};

struct QuadrotorParams {
  double m = 4.34;
  double g = 9.81;
  Vector3d J = Vector3d(0.0820, 0.0845, 0.1377);
  double d = 0.315;       ///< the distance from the centre of mass to each rotor [m]
  double ctf = 8.004e-4;  ///< the rotors' torque-to-thrust ratio c_tauf [m]
  Vector3d x0 = Vector3d::Zero();
  Vector3d v0 = Vector3d::Zero();
  Vector3d rotvec0 = Vector3d::Zero();
  Vector3d Omega0 = Vector3d::Zero();
  static QuadrotorParams from(const ParamValues& v);

  /// m, diag(J), UniformGravity, and the thrust axis -e3 (u = (f, M)).
  RigidBody body() const;
  /// x0, v0, R0 = exp(rotvec0^), Omega0.
  RigidBodyState initialState() const;
};

/// The paper's map from the four rotor forces f_i (along -b3, rotors 1 and 3 on b1, 2 and 4 on
/// b2, 1 and 3 turning one way, 2 and 4 the other) to the thrust and the body torque:
///   [f; M1; M2; M3] = [[1, 1, 1, 1], [0, -d, 0, d], [d, 0, -d, 0], [-c, c, -c, c]] [f1..f4],
/// c = c_tauf. Invertible for d, c > 0: quadrotorRotorForces is its inverse.
Eigen::Vector4d quadrotorWrench(const Eigen::Vector4d& rotorForces, double d, double ctf);
Eigen::Vector4d quadrotorRotorForces(const Eigen::Vector4d& wrench, double d, double ctf);

class Quadrotor final : public SystemModel {
 public:
  /// Conserves the energy and the vertical angular momentum unforced (the whole angular
  /// momentum without gravity).
  Quadrotor();
  /// x, v, R, Omega.
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  /// rigidBodyStateError: attitude angle, position distance, (Omega, v) difference.
  StateError stateError(const Sample& a, const Sample& b) const override {
    return rigidBodyStateError(a, b);
  }
  std::vector<ConservedQuantity> conservedAt(const ParamValues& values) const override;
  /// Checks J's triangle inequality.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// vi: rigidBodyShadow (rigidbody.h).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by u = (f, M): the thrust along -R e3 at the attitude of each end of a step, and
  /// the body torque; from x, v, R, Omega when given.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
};

}  // namespace dms
