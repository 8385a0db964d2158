// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A rigid body on SE(3) in a potential U(x, R), the article's eqs (37)-(46): the pieces every
/// rigid-body system shares (state, energy, momentum, samples, the RK45 continuous forms and
/// the runs). A system only supplies m, J and a RigidBodyPotential.
#pragma once

#include <Eigen/Cholesky>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/rkrun.h"
#include "core/lie/so3.h"
#include "core/systems/system.h"

namespace dms {

/// A configuration-dependent potential U: SE(3) -> R.
class RigidBodyPotential {
 public:
  virtual ~RigidBodyPotential() = default;
  /// U(x, R).
  virtual double energy(const Vector3d& x, const Matrix3d& R) const = 0;
  /// dU/dx and the matrix dU/dR with [dU/dR]_ij = dU/d[R]_ij. R need not be orthogonal (the
  /// RK45 forms drift off SO(3)).
  virtual void gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx,
                        Matrix3d& dUdR) const = 0;
  /// Empty when U is valid at (x, R); otherwise why not (e.g. a collision), so a run stops.
  virtual std::string domainError(const Vector3d& /*x*/, const Matrix3d& /*R*/) const { return {}; }
  /// True when domainError can be non-empty somewhere. A potential valid everywhere (gravity
  /// about a pivot, uniform gravity) returns false, and its Runge-Kutta runs then check no
  /// sample's pose against it.
  virtual bool hasDomain() const { return false; }
  /// True when U(Q x, Q R) = U(x, R) for every rotation Q about the origin (e.g. gravity of a
  /// point mass at the origin). Then the moment in space is tau = x x dU/dx: the body feels no
  /// torque about the origin and its total angular momentum is conserved (Noether), which the
  /// compensated LGVI step uses (lgvi.h).
  virtual bool rotationInvariant() const { return false; }
  /// True when gradientDerivative is implemented: a step's derivative (Simulator::linearize)
  /// needs U's second derivatives.
  virtual bool hasSecondDerivatives() const { return false; }
  /// The directional derivative of the gradient at (x, R) along (dx, dR): d(dU/dx) and
  /// d(dU/dR), exact (dR any 3 x 3 matrix: a tangent R xi^ of SO(3), or any change of the
  /// RK45 forms' R). Only called when hasSecondDerivatives().
  virtual void gradientDerivative(const Vector3d& /*x*/, const Matrix3d& /*R*/,
                                  const Vector3d& /*dx*/, const Matrix3d& /*dR*/, Vector3d& ddUdx,
                                  Matrix3d& ddUdR) const {
    ddUdx.setConstant(std::numeric_limits<double>::quiet_NaN());
    ddUdR.setConstant(std::numeric_limits<double>::quiet_NaN());
  }
};

/// The smallest eigenvalue of a symmetric 3 x 3 matrix (closed form).
double smallestEigenvalue(const Matrix3d& J);

/// Eq (41): the body moment of the potential, M^ = dU/dR^T R - R^T dU/dR.
Vector3d bodyMoment(const Matrix3d& R, const Matrix3d& dUdR);

/// Mass, inertia and potential of one rigid body. Constant during a run.
struct RigidBody {
  double m = 1.0;
  Matrix3d J = Matrix3d::Identity();
  std::shared_ptr<const RigidBodyPotential> potential;
  /// The smallest eigenvalue of J, for the root test of eq (42); 0: computed when needed.
  double Jmin = 0.0;
  /// The control held over a step, null or empty when unforced: u = (tau, f), tau the torque in
  /// body coordinates [N m], then (on a free body, 6 entries) f the force on the centre of mass
  /// in inertial coordinates [N]. It adds to the potential's forces in every method, which in
  /// the LGVI is the discrete Lagrange-d'Alembert principle with the force held over the step
  /// split equally between its ends (docs/numerics.md).
  const HeldControl* control = nullptr;
  /// Zero, or a body-fixed direction a along which the control pushes: then u = (f, M), 4
  /// entries, a thrust f [N] whose inertial force f R a turns with the body (at each end of an
  /// LGVI step, the attitude there) and a torque M in body coordinates [N m] (a quadrotor).
  Vector3d thrustAxis = Vector3d::Zero();

  /// Jd = 1/2 tr(J) I - J, the non-standard inertia of eq (42).
  Matrix3d Jd() const { return 0.5 * J.trace() * Matrix3d::Identity() - J; }
  /// Throws InputError unless m > 0, J is symmetric positive definite and a potential is set.
  void validate() const;
  /// dU/dx and M (eq (41)) at (x, R), the control's force subtracted from dU/dx and its torque
  /// added to M.
  void forces(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx, Vector3d& M) const;
  /// The derivative of forces(x, R) along (dx, dR) (dR any 3 x 3 matrix) with the control
  /// held: d(dU/dx) and dM = vee(dB - dB^T), dB = d(dU/dR)^T R + dU/dR^T dR, and a thrust's
  /// force f R a turning by f dR a (subtracted from d(dU/dx)); a torque in body coordinates and
  /// a force in inertial ones do not change with x and R. Needs
  /// potential->hasSecondDerivatives().
  void forcesDerivative(const Vector3d& x, const Matrix3d& R, const Vector3d& dx,
                        const Matrix3d& dR, Vector3d& ddUdx, Vector3d& dM) const;
  /// The control's size: 0 unforced, 3 (a torque), 6 (a torque and a force) or 4 (a thrust and
  /// a torque).
  Eigen::Index controlSize() const { return control && control->active() ? control->u.size() : 0; }
  /// The control's torque in body coordinates and its force in inertial coordinates at the
  /// attitude R (0 unforced).
  Vector3d controlTorque() const;
  Vector3d controlForce(const Matrix3d& R) const;
  /// Whether a step's derivative can be taken: the potential's second derivatives.
  bool hasStepDerivative() const { return potential->hasSecondDerivatives(); }
};

/// (R, x, Omega, v): attitude (body to inertial), position of the mass centre, body angular
/// velocity, inertial velocity.
struct RigidBodyState {
  Matrix3d R = Matrix3d::Identity();
  Vector3d x = Vector3d::Zero();
  Vector3d Omega = Vector3d::Zero();
  Vector3d v = Vector3d::Zero();
};

/// E = 1/2 m |v|^2 + 1/2 Omega^T J Omega + U(x, R).
double rigidBodyEnergy(const RigidBody& b, const RigidBodyState& s);
/// Total angular momentum about the origin, m x cross v + R J Omega.
Vector3d rigidBodyMomentum(const RigidBody& b, const RigidBodyState& s);

/// A sample: energy, momentum, structure ||I - R^T R||, position x, attitude R and the raw
/// state (R column by column, x, Omega, v). For the quaternion form pass q too (s.R is then
/// R(q)): structure2 = |1 - |q||, and the raw state starts with q instead of R.
Sample rigidBodySample(const RigidBody& b, double t, const RigidBodyState& s,
                       const Vector4d* q = nullptr);
/// The same sample, written into out: the fields asked for.
void rigidBodyFill(const RigidBody& b, double t, const RigidBodyState& s, Sample& out,
                   SampleFields f, const Vector4d* q = nullptr);

/// The state error of two rigid-body samples: angle |log(R_a^T R_b)| between the nearest
/// rotations of their attitudes (so RK45's drift off SO(3) does not count as an angle; it is the
/// structure error) [rad], position |x_a - x_b| [m], velocity sqrt(|Omega_a - Omega_b|^2 +
/// |v_a - v_b|^2) [rad/s, m/s] (the raw state of either form ends with x, Omega, v).
StateError rigidBodyStateError(const Sample& a, const Sample& b);
/// The same with the body angular velocities given (a layout of another kind: makePivotRun's).
StateError rigidBodyStateError(const Sample& a, const Sample& b, const Vector3d& omegaA,
                               const Vector3d& omegaB);

/// The named state of a rigid-body sample of either form, from its state: R (3 x 3, row by
/// row; for the quaternion form R(q), the sample's attitude), Omega [rad/s] (body frame), x [m]
/// and v [m/s] (inertial frame).
std::vector<StatePart> rigidBodyNamedState(const Sample& s);

/// The shadow energy of the LGVI (eqs (42)-(46), method vi) of body b at step h, from the
/// samples of its matrix form: SO(3) as a subset of R^{3x3}, so q = (x, R) in R^12 (R column by
/// column) and p = (m v, 1/2 R (J Omega)^), whose Frobenius pairing with a tangent R xi^ is
/// J Omega . xi (the step's body momentum, eq (42) being its discrete Legendre transform), and
///   L_d = (m/2h)|x1 - x0|^2 + (1/h) tr((I - R0^T R1) Jd) - (h/2)(U(x0, R0) + U(x1, R1)).
/// docs/shadow-energy.md derives it. `onPivot`: the samples of makePivotRun (R and Omega, x = 0
/// fixed): q = R, p = 1/2 R (J Omega)^.
ShadowConstruction rigidBodyShadow(const RigidBody& b, double h, bool onPivot = false);

/// Column names of the raw states: R11 R21 R31 R12 ... x1 x2 x3 W1 W2 W3 v1 v2 v3, and with q0..q3
/// in place of R for the quaternion form.
std::vector<std::string> rigidBodyStateNames(bool quaternion);

/// A rigid body's tangent coordinates: (xi, dOmega, dx, dv), dR = R xi^, 12 of them (a body on
/// a pivot keeps the first 6). Its symplectic form there: the canonical form of T*SE(3)
/// left-trivialized, with the body momentum Pi = J Omega and p = m v (docs/linearization.md,
/// "Rigid bodies (LGVI)"):
///   w(a, b) = xi_a.dPi_b - dPi_a.xi_b + Pi.(xi_a x xi_b) + dx_a.dp_b - dp_a.dx_b.
MatrixXd rigidBodySymplectic(const RigidBody& b, const Vector3d& Omega);

/// The derivative of (dU/dx, M) (forces(), without the control) along the tangent coordinates
/// (xi, dx) of (R, x), dR = R xi^: rows dU/dx, M; columns xi, dx (6 x 6).
Eigen::Matrix<double, 6, 6> rigidBodyForceJacobian(const RigidBody& b, const Vector3d& x,
                                                   const Matrix3d& R);

/// Eqs (39)-(40) at (x, R, Omega): J Omega' = M - Omega x J Omega and m v' = -dU/dx.
void rigidBodyRates(const RigidBody& b, const Eigen::LLT<Matrix3d>& Jllt, const Vector3d& x,
                    const Matrix3d& R, const Vector3d& Omega, Vector3d& OmegaDot, Vector3d& vDot);

/// The right-hand side of the matrix form below, for any y and dy of 18 entries with data() and
/// segment() (a fixed-size or dynamic Eigen vector, or a Map), so RK45 inlines it.
struct RigidBodyMatrixRhs {
  RigidBody b;
  Eigen::LLT<Matrix3d> Jllt;
  explicit RigidBodyMatrixRhs(const RigidBody& body) : b(body), Jllt(body.J) {}
  template <class Y, class DY>
  void operator()(double, const Y& y, DY& dy) const {
    const Matrix3d R = Eigen::Map<const Matrix3d>(y.data());
    const Vector3d x = y.template segment<3>(9);
    const Vector3d Omega = y.template segment<3>(12);
    Vector3d OmegaDot, vDot;
    rigidBodyRates(b, Jllt, x, R, Omega, OmegaDot, vDot);
    Eigen::Map<Matrix3d>(dy.data()) = R * hat(Omega);
    dy.template segment<3>(9) = y.template segment<3>(15);
    dy.template segment<3>(12) = OmegaDot;
    dy.template segment<3>(15) = vDot;
  }
};
using RigidBodyMatrixForm = ContinuousFormT<18, RigidBodyMatrixRhs>;

/// Eqs (37)-(40) with R as 9 states (column by column), then x, Omega, v; not renormalized:
///   R' = R Omega^,  x' = v,  J Omega' + Omega x J Omega = M,  m v' = -dU/dx.
/// Fixed-size, as RK45 takes it; rigidBodyMatrixForm is the same on VectorXd.
RigidBodyMatrixForm rigidBodyFixedMatrixForm(const RigidBody& b, const RigidBodyState& s0);
ContinuousForm rigidBodyMatrixForm(const RigidBody& b, const RigidBodyState& s0);
/// Eqs (37)-(40) with the attitude as a quaternion q (scalar first), then x, Omega, v; q is not
/// renormalized and R(q) is quatToRotation's (q0^2 - |qv|^2) I + 2 qv qv^T + 2 q0 qv^:
///   q' = 1/2 q (x) (0, Omega),  x' = v,  J Omega' + Omega x J Omega = M(x, R(q)),  m v' = -dU/dx.
ContinuousForm rigidBodyQuaternionForm(const RigidBody& b, const RigidBodyState& s0);

/// The tangent of the matrix form (f_y, f_u, E, P, the symplectic form) in the coordinates
/// (xi, dOmega, dx, dv), dR = R xi^; set on the form when the potential has second derivatives.
ContinuousTangent rigidBodyMatrixTangent(const RigidBody& b);
/// The same for the quaternion form, dq = 1/2 q (x) (0, xi).
ContinuousTangent rigidBodyQuaternionTangent(const RigidBody& b);

struct LieForm;  // core/integrators/rkmk.h

/// Eqs (37)-(40) on SO(3) x R^9 for RKMK4: R' = (R Omega)^ R (the spatial angular velocity
/// acting from the left), the rest as in the matrix form.
LieForm rigidBodyLieForm(const RigidBody& b, const RigidBodyState& s0);

/// The methods of a rigid body (makeRigidBodyRun makes each), in the order of allMethods().
inline std::vector<Method> rigidBodyMethods() {
  return {Method::Variational, Method::Rk45,     Method::Rk45Quat, Method::Vi4, Method::Vi6,
          Method::Vi8,         Method::Rk45Proj, Method::Rkmk4,    Method::Rk4, Method::Rk853};
}

/// A run of a rigid body: the LGVI (vi) and its triple jump (vi4), RK45 with R (rk45), with a
/// quaternion (rk45-quat) or projected onto SO(3) (rk45-proj), RKMK4 and RK4.
/// Each stops with a failure at the first state outside the potential's domain (RK45: checked
/// at its samples). `system` names the system in the error for another method.
std::unique_ptr<Run> makeRigidBodyRun(const RigidBody& b, const RigidBodyState& s0, Method method,
                                      const IntegratorSettings& settings,
                                      const std::string& system);
/// The same methods taken one step at a time (stepping.h), forced by b.control. The
/// Runge-Kutta methods do not check the potential's domain (a forced simulator's caller sees
/// every state); the LGVI's step still fails outside it.
std::unique_ptr<Stepping> makeRigidBodyStepping(const RigidBody& b, const RigidBodyState& s0,
                                                Method method, const IntegratorSettings& settings,
                                                const std::string& system);

}  // namespace dms
