// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The 3D pendulum: a rigid body on a fixed frictionless pivot in uniform gravity, on SO(3)
/// (Chaturvedi, Lee, Leok and McClamroch, J. Nonlinear Sci. 2011). The pivot is the origin of
/// the body frame; e3 points along gravity (down), as in the article's example 3, and the body's
/// centre of mass is at rho (body frame), so U(R) = -m g e3.(R rho). J is the inertia about the
/// pivot, diagonal in the body axes. The heavy top is one (docs/numerics.md).
#pragma once

#include <utility>

#include "core/systems/rigidbody.h"
#include "core/systems/system.h"

namespace dms {

/// U(x, R) = -m g e3.(R rho) of a body held at its pivot: the rigid body of rigidbody.h with
/// dU/dx = 0, so a state with x = v = 0 keeps them 0 exactly in every method, and
///   dU/dR = -m g e3 rho^T,   M = m g rho x (R^T e3)   (eq (41)).
/// With it the LGVI (lgvi.h) is the pendulum's, eqs (42), (43), (45) with (44), (46) idle:
///   h (J Omega_k)^ + h^2/2 M_k^ = F_k Jd - Jd F_k^T,   Jd = 1/2 tr(J) I - J     (42)
///   R_{k+1} = R_k F_k                                                         (43)
///   J Omega_{k+1} = F_k^T J Omega_k + h/2 F_k^T M_k + h/2 M_{k+1}             (45)
/// U is invariant under rotations about e3 (U(Q R) = U(R) for Q e3 = e3), so the vertical
/// angular momentum e3.(R J Omega) is conserved, by the LGVI too (discrete Noether).
class PivotGravity final : public RigidBodyPotential {
 public:
  PivotGravity(double m, double g, const Vector3d& rho) : m_mg(m * g), m_rho(rho) {}
  double energy(const Vector3d& x, const Matrix3d& R) const override;
  void gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx,
                Matrix3d& dUdR) const override;
  /// U is linear in R: its gradient is constant, its second derivatives 0.
  bool hasSecondDerivatives() const override { return true; }
  void gradientDerivative(const Vector3d& /*x*/, const Matrix3d& /*R*/, const Vector3d& /*dx*/,
                          const Matrix3d& /*dR*/, Vector3d& ddUdx, Matrix3d& ddUdR) const override {
    ddUdx.setZero();
    ddUdR.setZero();
  }

 private:
  double m_mg;
  Vector3d m_rho;
};

struct Pendulum3dParams {
  double m = 1.0;
  double g = 9.81;
  Vector3d J = Vector3d(0.13, 0.28, 0.17);
  Vector3d rho = Vector3d(0.0, 0.0, 0.3);
  Vector3d rotvec0 = Vector3d(1.2, 0.4, 0.0);
  Vector3d Omega0 = Vector3d(0.5, -1.0, 3.0);
  static Pendulum3dParams from(const ParamValues& v);

  RigidBody body() const;
  /// R0 = exp(rotvec0^), Omega0; x = v = 0 (the pivot).
  RigidBodyState initialState() const;
};

/// What every rigid body held at a fixed pivot shares (the 3D pendulum, the body whose U(R) is
/// typed in, customrigidbody.h): the rigid body's methods, its state R and Omega, its errors,
/// and a step and horizon for a body tumbling well away from rest.
class PivotBodyModel : public SystemModel {
 public:
  explicit PivotBodyModel(SystemDeclaration declaration) : SystemModel(std::move(declaration)) {}
  /// What every body on a pivot declares: a step and horizon, the rigid body's methods, the
  /// structure errors (|1 - |q|| of rk45-quat alone), its state R and Omega; a system adds its
  /// name, parameters, conserved quantities and body.
  static SystemDeclaration sharedDeclaration();
  /// R and Omega (declaration().state).
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  /// rigidBodyStateError: attitude angle, centre-of-mass distance, (Omega, velocity) difference.
  StateError stateError(const Sample& a, const Sample& b) const override {
    // a pivot's state ends with Omega (makePivotRun)
    return rigidBodyStateError(a, b, a.state.tail<3>(), b.state.tail<3>());
  }

  /// The energy and the vertical angular momentum e3.(R J Omega), Sample::momentum's third
  /// component (conserved when U is invariant under rotations about e3).
  static std::vector<ConservedQuantity> energyAndVerticalMomentum();
  /// The parameter J: principal moments of inertia about the pivot.
  static ParamSpec inertiaSpec();
  /// The parameters rotvec0 (R0 = exp(rotvec0^)) and Omega0, in that order.
  static std::vector<ParamSpec> initialStateSpecs();
  /// Throws InputError unless J satisfies the triangle inequality J_i <= J_j + J_k (Jd = 1/2
  /// tr(J) I - J >= 0) up to the round-off of its sums; returns that round-off tolerance.
  static double checkTriangleInequality(const Vector3d& J);

  /// The body at normalized `values`, its initial state and the point of it that is drawn.
  struct SetUp {
    RigidBody body;
    RigidBodyState s0;
    Vector3d point;
  };
  virtual SetUp setUp(const ParamValues& values) const = 0;
  /// The rigid body's runs (makeRigidBodyRun) with the pivot's samples (makePivotRun).
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// The same, one step at a time, forced by a torque in body coordinates (tau, [N m]), from R
  /// and Omega when given.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
};

/// The samples of a body on a pivot from the rigid body's run `inner`: the drawn point is
/// R point (with its velocity R (Omega x point)); the momentum stays the rigid body's
/// m x x v + R J Omega, with x = v = 0 the angular momentum about the pivot R J Omega; the state
/// is (R column by column, Omega) or (quaternion, Omega), without the pivot's x and v.
std::unique_ptr<Run> makePivotRun(std::unique_ptr<Run> inner, const Vector3d& point);
/// The same for the rigid body's steps.
std::unique_ptr<Stepping> makePivotStepping(std::unique_ptr<Stepping> inner, const Vector3d& point);

class Pendulum3d final : public PivotBodyModel {
 public:
  /// Conserves the energy and the vertical angular momentum (energyAndVerticalMomentum).
  Pendulum3d();
  /// Without gravity's torque (g m rho = 0) every component of R J Omega is conserved.
  std::vector<ConservedQuantity> conservedAt(const ParamValues& values) const override;
  /// Checks that J is an inertia about the pivot of a body of mass m with its centre of mass
  /// at rho: the triangle inequality J_i <= J_j + J_k (Jd = 1/2 tr(J) I - J >= 0), and
  /// Jd - m rho rho^T >= 0 (the second moment about the centre of mass).
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// vi: rigidBodyShadow (rigidbody.h).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  /// The body drawn at its centre of mass R rho (velocity R (Omega x rho)), momentum R J Omega.
  SetUp setUp(const ParamValues& values) const override;
};

}  // namespace dms
