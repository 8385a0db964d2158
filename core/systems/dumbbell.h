// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Example 4: a dumbbell spacecraft (two uniform spheres on a massless rod) orbiting a central
/// body, the restricted full two-body problem on SE(3). The article prints no numbers; the
/// nondimensional set-up in DumbbellParams is ours and the default (docs/numerics.md).
#pragma once

#include <array>

#include "core/systems/rigidbody.h"
#include "core/systems/system.h"

namespace dms {

/// The exact central gravity of two uniform spheres, masses m_i at body-frame offsets rho_i
/// from the mass centre, attracted by a point mass with gravitational parameter mu:
///   y_i = x + R rho_i,  F_i = -mu m_i y_i / |y_i|^3,  U = -sum mu m_i / |y_i|,
///   dU/dx = -sum F_i,  dU/dR = -sum F_i rho_i^T,  M = sum rho_i x (R^T F_i)  (= eq (41)).
/// Valid while no sphere contains the attracting point (|y_i| > r).
class DumbbellGravity final : public RigidBodyPotential {
 public:
  DumbbellGravity(double mu, const std::array<double, 2>& masses,
                  const std::array<Vector3d, 2>& offsets, double radius)
      : m_mu(mu), m_masses(masses), m_offsets(offsets), m_radius(radius) {}

  /// F_i, the inertial force on sphere i (0 or 1).
  Vector3d sphereForce(int i, const Vector3d& x, const Matrix3d& R) const;
  /// dU/dx = -(F_1 + F_2).
  Vector3d dUdx(const Vector3d& x, const Matrix3d& R) const;
  /// M = sum rho_i x (R^T F_i), the body moment written out (equal to eq (41)).
  Vector3d moment(const Vector3d& x, const Matrix3d& R) const;

  double energy(const Vector3d& x, const Matrix3d& R) const override;
  void gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx,
                Matrix3d& dUdR) const override;
  /// dF_i = -mu m_i (dy_i / |y_i|^3 - 3 y_i (y_i.dy_i) / |y_i|^5), dy_i = dx + dR rho_i.
  bool hasSecondDerivatives() const override { return true; }
  void gradientDerivative(const Vector3d& x, const Matrix3d& R, const Vector3d& dx,
                          const Matrix3d& dR, Vector3d& ddUdx, Matrix3d& ddUdR) const override;
  std::string domainError(const Vector3d& x, const Matrix3d& R) const override;
  bool hasDomain() const override { return true; }
  /// The attracting point is the origin: U(Q x, Q R) = U(x, R).
  bool rotationInvariant() const override { return true; }

  double mu() const { return m_mu; }
  double mass(int i) const { return m_masses[static_cast<std::size_t>(i)]; }
  const Vector3d& offset(int i) const { return m_offsets[static_cast<std::size_t>(i)]; }

 private:
  double m_mu;
  std::array<double, 2> m_masses;
  std::array<Vector3d, 2> m_offsets;
  double m_radius;
};

struct DumbbellParams {
  double mu = 1.0;
  double m1 = 0.5;
  double m2 = 0.5;
  double L = 1.0;  ///< distance between the sphere centres, along the body axis e1
  double r = 0.2;  ///< radius of each sphere
  Vector3d x0 = Vector3d(3.0, 0.0, 0.0);
  Vector3d v0 = Vector3d(0.0, 0.5773502691896258, 0.0);    // circular speed sqrt(mu/|x0|)
  Vector3d att0 = Vector3d(0.0, 0.5235987755982988, 0.0);  // R0 = exp(att0^): pi/6 about e2
  Vector3d Omega0 = Vector3d(0.1, 0.3, 1.0);
  static DumbbellParams from(const ParamValues& v);

  double m() const { return m1 + m2; }
  /// rho_1 = -(m2/m) L e1, rho_2 = (m1/m) L e1: the mass centre is the origin of the body frame.
  Vector3d rho(int i) const;
  /// J = sum m_i (|rho_i|^2 I - rho_i rho_i^T) + sum 2/5 m_i r^2 I.
  Matrix3d J() const;
  /// Jd = 1/2 tr(J) I - J.
  Matrix3d Jd() const { return 0.5 * J().trace() * Matrix3d::Identity() - J(); }
  DumbbellGravity gravity() const;
  RigidBody body() const;
  RigidBodyState initialState() const;
};

class Dumbbell final : public SystemModel {
 public:
  /// Conserves the energy and the total angular momentum about the attracting point,
  /// m x x v + R J Omega (Sample::momentum, all three components).
  Dumbbell();
  /// rigidBodyNamedState: R, Omega, x, v.
  std::vector<StatePart> namedState(Method /*method*/, const Sample& s) const override {
    return rigidBodyNamedState(s);
  }
  /// Checks the spheres do not overlap (2 r <= L) and that the attracting point lies outside
  /// both spheres at the start.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// rigidBodyStateError: attitude angle, mass-centre distance, (Omega, v) difference.
  StateError stateError(const Sample& a, const Sample& b) const override {
    return rigidBodyStateError(a, b);
  }
  /// vi: rigidBodyShadow (rigidbody.h).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a torque in body coordinates and a force on the mass centre in inertial
  /// coordinates (u = (tau, f)); from R, Omega, x, v when given.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
};

}  // namespace dms
