// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The steps, samples and runs of a particle of mass m on a sphere of radius l (q the unit
/// vector from the centre, omega its angular velocity) in a potential U(q), written once for
/// every such system: the spherical pendulum (U = -m g l q3, sphericalpendulum.h) and the
/// particle whose U is typed in (customsphere.h). What depends on U comes in as a small struct
/// (a template parameter, so the steps inline it): the tangent part of its gradient,
/// t(q) = q x dU(q) up to a factor the struct folds into its scales, and dU itself for RATTLE.
/// Each system writes its struct with its own arithmetic, so that the steps' numbers are the
/// ones that system always had.
#pragma once

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/compensated.h"
#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"
#include "core/systems/sphericalpendulum.h"

namespace dms {

/// The failure of the step when |f_k| > 1: "<needs>, got |f_k|; reduce h" (out of line, off
/// the step's path).
bool sphereStepUnsolvable(const char* needs, double f2, std::string* why);
/// The failure of a step whose potential's gradient is not finite at q (U left its domain).
bool sphereGradientNotFinite(const Vector3d& q, std::string* why);
/// RATTLE's failure when the quadratic for lambda has no real root (discriminant D).
bool rattleNoRoot(double D, std::string* why);

/// Eqs (35)-(36) of the spherical pendulum for any U, with f_k = h omega_k + fScale t(q_k):
///   q_{k+1} = f_k x q_k + (1 - |f_k|^2)^(1/2) q_k
///   omega_{k+1} = omega_k + kScale t(q_k) + kScale t(q_{k+1})
/// where t(q) = q x dU(q) up to a constant, fScale = -h^2/(2 m l^2) and kScale = -h/(2 m l^2)
/// in that constant's units (the pendulum: t = q x e3, fScale = h^2 g/(2l), kScale = h g/(2l)).
/// `Field` has fScale, kScale(), `const char* needs` (the condition on |f_k|, for the message),
/// tangent(q) and `static constexpr bool kMayLeaveDomain`: whether t(q_{k+1}) can be non-finite
/// (a typed U with a pole), checked only then, as a constant gradient never is. Fails when
/// |f_k| > 1 or t(q_{k+1}) is not finite.
template <class Field>
bool sphereStep(const Field& k, double h, SphericalPendulumState& x, std::string* why) {
  const Vector3d t0 = k.tangent(x.q);
  const Vector3d f = h * x.omega + k.fScale * t0;
  const double f2 = f.squaredNorm();
  if (!(f2 <= 1.0)) return sphereStepUnsolvable(k.needs, f2, why);
  const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
  const Vector3d t1 = k.tangent(q1);
  if constexpr (Field::kMayLeaveDomain)
    if (!t1.allFinite()) return sphereGradientNotFinite(q1, why);
  const double kScale = k.kScale();  // after the root, which it then overlaps
  x.omega = x.omega + kScale * t0 + kScale * t1;
  x.q = q1;
  return true;
}

/// The same step as increments added with compensation (compensated.h). For f_k tangent to
/// q_k, (35) turns q_k about f_k by asin|f_k|; the increment is that rotation, in Cayley form
/// with c_k = f_k / (1 + s_k), s_k = (1 - |f_k|^2)^(1/2) (tan of half the angle;
/// 2 / (1 + |c_k|^2) = 1 + s_k), which keeps |q| whatever f_k rounds to:
///   dq_k = f_k x q_k + f_k x (f_k x q_k) / (1 + s_k),   q_{k+1} = q_k + dq_k
///   omega_{k+1} = omega_k + (kick, early)
/// `Field` has fScale, needs and tangent(q) as for the plain step, and
/// kicks(t0, dq, q1, kick, early), which writes the two increments of omega (the one known
/// before dq, `early`, joins what the last addition dropped first) and returns false when
/// the gradient at q_{k+1} is not finite.
template <class Field>
bool sphereStep(const Field& k, double h, SphericalPendulumSums& x, std::string* why) {
  const Vector3d q = x.x.q;
  const Vector3d t0 = k.tangent(q);
  const Vector3d f = h * x.x.omega + k.fScale * t0;
  const double f2 = f.squaredNorm();
  if (!(f2 <= 1.0)) return sphereStepUnsolvable(k.needs, f2, why);
  // the Cayley form with 2 / (1 + |c|^2) = 1 + (1 - |f|^2)^(1/2): one division, after the root
  const Vector3d fxq = f.cross(q);
  const Vector3d dq = fxq + f.cross(fxq) / (1 + std::sqrt(1 - f2));
  compensatedAdd(x.x.q, x.lost.q, dq);
  Vector3d kick, early;
  if (!k.kicks(t0, dq, x.x.q, kick, early)) return sphereGradientNotFinite(x.x.q, why);
  compensatedAdd(x.x.omega, x.lost.omega, kick, early);
  return true;
}

/// One step of RATTLE (constrained Stormer-Verlet; Hairer, Lubich and Wanner VII.1) in R^3 with
/// |q| = 1 and its hidden constraint q . p = 0, dU = `gradient`(q), ml2 = m l^2:
///   p+ = p_k - h/2 (dU_k + lambda q_k)
///   q_{k+1} = q_k + h p+ / (m l^2),              |q_{k+1}| = 1
///   p_{k+1} = p+ - h/2 (dU_{k+1} + mu q_{k+1}),  q_{k+1} . p_{k+1} = 0
/// With a = q_k + h/(m l^2) (p_k - h/2 dU_k) and c = h^2 / (2 m l^2), the first condition is the
/// quadratic c^2 |q_k|^2 lambda^2 - 2 c (a . q_k) lambda + |a|^2 - 1 = 0, solved in closed form
/// for the root that tends to 0 with h; the second is linear in mu. The increments are added
/// with compensation when `compensated`. Fails (x unchanged) when the quadratic has no root or
/// dU_{k+1} is not finite.
template <class Gradient>
bool sphereRattleStep(double ml2, const Gradient& gradient, double h, RattleState& x,
                      bool compensated, std::string* why) {
  const Vector3d dU0 = gradient(x.q);
  const Vector3d& q = x.q;
  const Vector3d a = q + h / ml2 * (x.p - 0.5 * h * dU0);
  const double c = h * h / (2 * ml2), aq = a.dot(q), a2m1 = a.squaredNorm() - 1;
  const double D = aq * aq - q.squaredNorm() * a2m1;
  const double den = c * (aq + std::sqrt(std::max(D, 0.0)));
  if (!(D >= 0.0) || !(den > 0.0)) return rattleNoRoot(D, why);
  // the root of the quadratic that tends to 0 with h, without cancellation
  const double lambda = a2m1 / den;
  const auto add = [compensated](Vector3d& sum, Vector3d& lost, const Vector3d& inc) {
    if (compensated)
      compensatedAdd(sum, lost, inc);
    else
      sum += inc;
  };
  RattleState n = x;
  const Vector3d kick1 = -0.5 * h * (dU0 + lambda * q);
  add(n.p, n.lostP, kick1);
  const Vector3d dq = h / ml2 * n.p;
  add(n.q, n.lostQ, dq);
  const Vector3d& q1 = n.q;
  const Vector3d dU1 = gradient(q1);
  if (!dU1.allFinite()) return sphereGradientNotFinite(q1, why);
  const double mu = (2 * q1.dot(n.p) / h - q1.dot(dU1)) / q1.squaredNorm();
  const Vector3d kick2 = -0.5 * h * (dU1 + mu * q1);
  add(n.p, n.lostP, kick2);
  if (!n.q.allFinite() || !n.p.allFinite()) {
    if (why) *why = "RATTLE: the state became non-finite";
    return false;
  }
  x = n;
  return true;
}

// The derivative of one step (core/integrators/tangent.h) in the tangent coordinates the
// systems on the sphere declare: xi (delta q = xi x q) and omega's entries, 6 of them, then the
// force F's 3 entries when forced. Every change below is written in R^3 (q's and omega's own
// entries) and turned into tangent coordinates at the end.

template <class Body>
struct ForcedSphereBody;

/// d accel / dF (3 x m): none for a body without control.
template <class Body>
MatrixXd sphereAccelControl(const Body& /*b*/, const Vector3d& /*q*/) {
  return MatrixXd(3, 0);
}
/// For the forced body: accel adds q x F l/(m l^2), so d accel / dF = (l/(m l^2)) q^.
template <class Body>
MatrixXd sphereAccelControl(const ForcedSphereBody<Body>& b, const Vector3d& q) {
  if (!b.forced()) return MatrixXd(3, 0);
  return MatrixXd(hat(q) * (b.b.radius() / b.b.ml2()));
}
/// d dU / dF (3 x m) of RATTLE's gradient: none for a body without control.
template <class Body>
MatrixXd sphereGradientControl(const Body& /*b*/) {
  return MatrixXd(3, 0);
}
/// For the forced body RATTLE takes dU - l F as its gradient: d/dF = -l I.
template <class Body>
MatrixXd sphereGradientControl(const ForcedSphereBody<Body>& b) {
  if (!b.forced()) return MatrixXd(3, 0);
  return MatrixXd(-b.b.radius() * Matrix3d::Identity());
}

/// The change of (q, omega) that the tangent vector (xi, delta omega) makes (6 x 6; rows 0-2
/// delta q, rows 3-5 delta omega), with omega as setState takes it. `projected` (the
/// variational steps, sphereTangentPart): its part along q removed, omega - (q.omega) q/|q|^2,
/// whose change is
///   delta omega - ((delta q.omega + q.delta omega) q + (q.omega) delta q) / |q|^2
/// (|q| does not change along delta q = xi x q; for a state on T S^2 the last term is 0).
/// Otherwise (the Runge-Kutta methods, whose equations take any omega) delta omega itself.
inline Eigen::Matrix<double, 6, 6> sphereStateChange(const Vector3d& q, const Vector3d& omega,
                                                     bool projected) {
  const Matrix3d Dq = -hat(q);  // delta q = xi x q = -q^ xi
  Eigen::Matrix<double, 6, 6> E = Eigen::Matrix<double, 6, 6>::Identity();
  E.topLeftCorner<3, 3>() = Dq;
  if (projected) {
    const double n = q.squaredNorm(), rho = q.dot(omega);
    E.bottomLeftCorner<3, 3>() = -(q * (omega.transpose() * Dq) + rho * Dq) / n;
    E.bottomRightCorner<3, 3>() -= q * q.transpose() / n;
  }
  return E;
}

/// The tangent coordinates of a change delta q at q: xi = q x delta q / |q|^2, the first order
/// of tangentDifference (which normalizes both unit vectors; the component of xi along q is 0).
inline Matrix3d sphereCoordinates(const Vector3d& q) { return hat(q) / q.squaredNorm(); }

/// The canonical form dq ^ dp of T*S^2 in the coordinates (xi, omega), with the momentum
/// p = m l^2 omega x q that the variational step preserves (its discrete Legendre transform
/// -D_1 L_d, tangent part; the part along q does not enter the form on |q| = 1):
///   delta q = -q^ xi,  delta p = m l^2 (-q^ delta omega - omega^ q^ xi),
///   Omega = Dq^T Dp - Dp^T Dq.
/// omega's component along q changes nothing (p does not see it): its row and column are 0, as
/// are xi's along q.
inline MatrixXd sphereSymplectic(double ml2, const Vector3d& q, const Vector3d& omega) {
  Eigen::Matrix<double, 3, 6> Dq = Eigen::Matrix<double, 3, 6>::Zero(), Dp;
  Dq.leftCols<3>() = -hat(q);
  Dp.leftCols<3>() = -ml2 * hat(omega) * hat(q);
  Dp.rightCols<3>() = -ml2 * hat(q);
  return MatrixXd(Dq.transpose() * Dp - Dp.transpose() * Dq);
}

/// The derivative of the variational step (35)-(36) in its forced form (ForcedSphereBody::step,
/// which unforced is the same map):
///   f = h omega + h^2/2 a(q),  q1 = f x q + s q (s = (1 - |f|^2)^(1/2)),
///   omega1 = omega + h/2 (a(q) + a(q1)),
/// explicit, so by the chain rule:
///   delta f = h delta omega + h^2/2 (Da delta q + Du delta F)
///   delta q1 = -q^ delta f - (f.delta f / s) q + (f^ + s I) delta q
///   delta omega1 = delta omega + h/2 (Da(q) delta q + Da(q1) delta q1 + Du(q) + Du(q1)) dF
/// with Da = d a/dq (Body::accelJacobian) and Du = d a/dF (sphereAccelControl), from the start
/// setState makes (sphereStateChange). Fails as the step does when |f| >= 1.
template <class Body>
bool sphereStepDerivative(const Body& b, const SphericalPendulumState& x, double h,
                          StepDerivative& d, std::string* why) {
  using M36 = Eigen::Matrix<double, 3, 6>;
  const Vector3d& q = x.q;
  const Eigen::Matrix<double, 6, 6> E = sphereStateChange(q, x.omega, true);
  const M36 Dq0 = E.topRows<3>(), Dw0 = E.bottomRows<3>();
  const Vector3d a0 = b.accel(q);
  const Matrix3d Ja0 = b.accelJacobian(q);
  const MatrixXd Ju0 = sphereAccelControl(b, q);
  const Vector3d f = h * x.omega + (0.5 * h * h) * a0;
  const double f2 = f.squaredNorm();
  if (!(f2 < 1.0)) return sphereStepUnsolvable("the step's derivative needs |f_k| < 1", f2, why);
  const double s = std::sqrt(1 - f2);
  const Vector3d q1 = f.cross(q) + s * q;
  const Vector3d a1 = b.accel(q1);
  if (!a1.allFinite()) return sphereGradientNotFinite(q1, why);
  const Matrix3d Ja1 = b.accelJacobian(q1);
  const MatrixXd Ju1 = sphereAccelControl(b, q1);
  const M36 Df = h * Dw0 + (0.5 * h * h) * Ja0 * Dq0;
  const MatrixXd Dfu = (0.5 * h * h) * Ju0;
  const Matrix3d dq1df = -hat(q) - q * f.transpose() / s;
  const M36 Dq1 = dq1df * Df + (hat(f) + s * Matrix3d::Identity()) * Dq0;
  const MatrixXd Dq1u = dq1df * Dfu;
  const M36 Dw1 = Dw0 + (0.5 * h) * (Ja0 * Dq0 + Ja1 * Dq1);
  const Eigen::Index m = Ju0.cols();
  d.A.resize(6, 6);
  d.A << sphereCoordinates(q1) * Dq1, Dw1;
  d.B.resize(6, m);
  if (m > 0) d.B << sphereCoordinates(q1) * Dq1u, (0.5 * h) * (Ju0 + Ja1 * Dq1u + Ju1);
  return true;
}

/// The derivative of one RATTLE step (sphereRattleStep) as the named state sees it: (q, omega)
/// in, p = m l^2 omega x q (omega's part along q does not enter p), out omega1 = q1 x p1/(m l^2)
/// (the sample's r x v / |r|^2, exactly, whatever |q1|). Explicit: lambda is the closed-form
/// root of its quadratic, mu linear, so the chain rule through each line:
///   a = q + h/(m l^2) (p - h/2 g0),  g = dU (forced: dU - l F, Body::dU, hessian)
///   lambda = (|a|^2 - 1) / (c (a.q + D^(1/2))),  D = (a.q)^2 - |q|^2 (|a|^2 - 1)
///   p+ = p - h/2 (g0 + lambda q),  q1 = q + h p+/(m l^2)
///   mu = (2 q1.p+/h - q1.g1) / |q1|^2,  p1 = p+ - h/2 (g1 + mu q1)
/// Columns: xi, delta omega, delta F.
template <class Body>
bool sphereRattleDerivative(const Body& b, const RattleState& x, double h, StepDerivative& d,
                            std::string* why) {
  const double ml2 = b.ml2();
  const MatrixXd Gu = sphereGradientControl(b);
  const Eigen::Index m = Gu.cols(), N = 6 + m;
  const Vector3d& q = x.q;
  const Vector3d& p = x.p;
  const Vector3d omega = q.cross(p) / ml2;
  // the inputs' changes (3 x N): delta q, delta p, the gradient's
  MatrixXd Dq = MatrixXd::Zero(3, N), Dp = MatrixXd::Zero(3, N);
  Dq.leftCols<3>() = -hat(q);
  Dp.leftCols<3>() = ml2 * hat(omega) * Dq.leftCols<3>();  // m l^2 omega x delta q
  Dp.middleCols<3>(3) = -ml2 * hat(q);                     // m l^2 delta omega x q
  const auto gradient = [&](const Vector3d& at, MatrixXd& Dg, const MatrixXd& Dat) {
    Dg = b.hessian(at) * Dat;
    if (m > 0) Dg.rightCols(m) += Gu;
    return Vector3d(b.dUForced(at));
  };
  MatrixXd Dg0;
  const Vector3d g0 = gradient(q, Dg0, Dq);
  const Vector3d a = q + h / ml2 * (p - 0.5 * h * g0);
  const MatrixXd Da = Dq + h / ml2 * (Dp - 0.5 * h * Dg0);
  const double c = h * h / (2 * ml2), aq = a.dot(q), q2 = q.squaredNorm(),
               a2m1 = a.squaredNorm() - 1;
  const double D = aq * aq - q2 * a2m1;
  const double den = c * (aq + std::sqrt(std::max(D, 0.0)));
  if (!(D > 0.0) || !(den > 0.0)) return rattleNoRoot(D, why);
  const double lambda = a2m1 / den;
  const Eigen::RowVectorXd daq = q.transpose() * Da + a.transpose() * Dq;
  const Eigen::RowVectorXd da2m1 = 2 * a.transpose() * Da;
  const Eigen::RowVectorXd dq2 = 2 * q.transpose() * Dq;
  const Eigen::RowVectorXd dD = 2 * aq * daq - a2m1 * dq2 - q2 * da2m1;
  const Eigen::RowVectorXd dden = c * (daq + dD / (2 * std::sqrt(D)));
  const Eigen::RowVectorXd dlambda = (da2m1 - lambda * dden) / den;
  const Vector3d pPlus = p - 0.5 * h * (g0 + lambda * q);
  const MatrixXd DpPlus = Dp - 0.5 * h * (Dg0 + q * dlambda + lambda * Dq);
  const Vector3d q1 = q + h / ml2 * pPlus;
  const MatrixXd Dq1 = Dq + h / ml2 * DpPlus;
  MatrixXd Dg1;
  const Vector3d g1 = gradient(q1, Dg1, Dq1);
  if (!g1.allFinite()) return sphereGradientNotFinite(q1, why);
  const double q12 = q1.squaredNorm();
  const double mu = (2 * q1.dot(pPlus) / h - q1.dot(g1)) / q12;
  const Eigen::RowVectorXd dmu =
      ((2 / h) * (pPlus.transpose() * Dq1 + q1.transpose() * DpPlus) - g1.transpose() * Dq1 -
       q1.transpose() * Dg1 - 2 * mu * q1.transpose() * Dq1) /
      q12;
  const Vector3d p1 = pPlus - 0.5 * h * (g1 + mu * q1);
  const MatrixXd Dp1 = DpPlus - 0.5 * h * (Dg1 + q1 * dmu + mu * Dq1);
  // omega1 = q1 x p1 / (m l^2)
  const MatrixXd Dw1 = (hat(q1) * Dp1 - hat(p1) * Dq1) / ml2;
  const MatrixXd Dxi1 = sphereCoordinates(q1) * Dq1;
  d.A.resize(6, 6);
  d.A << Dxi1.leftCols<6>(), Dw1.leftCols<6>();
  d.B.resize(6, m);
  if (m > 0) d.B << Dxi1.rightCols(m), Dw1.rightCols(m);
  return true;
}

/// The sample of a state: E = 1/2 m l^2 |omega|^2 + U(q), |1 - q^T q|, |q.omega|, the angular
/// momentum about the centre m l^2 q x qdot (qdot = omega x q), the state (q, omega); with every
/// field, the particle at l q and its velocity l omega x q.
void sphereFill(double ml2, double l, double U, double t, const SphericalPendulumState& x,
                Sample& s, SampleFields f);

/// A system on the sphere as its runs take it: `Body` has ml2(), step(h, x, why) for
/// SphericalPendulumState and SphericalPendulumSums, rattle(h, x, compensated, why),
/// fill(t, x, s, f) (sphereFill with its U) and accel(q) = omega' = -q x dU / (m l^2).
template <class Body>
struct SphereStepper {
  using State = SphericalPendulumState;
  Body b;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;  // the gradient at q_k and at q_{k+1}
    return b.step(h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const { b.fill(t, x, s, f); }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return sphereStepDerivative(b, x, h, d, why);
  }
  MatrixXd symplecticForm(const State& x) const { return sphereSymplectic(b.ml2(), x.q, x.omega); }
};

/// The compensated step is the plain step's map in exact arithmetic (its increments sum to the
/// same q_{k+1} and omega_{k+1}): its derivative is the plain step's at the sums, what rounding
/// dropped (of the order of eps) left out.
template <class Body>
struct CompensatedSphereStepper {
  using State = SphericalPendulumSums;
  Body b;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    return b.step(h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const { b.fill(t, x.x, s, f); }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return sphereStepDerivative(b, x.x, h, d, why);
  }
  MatrixXd symplecticForm(const State& x) const {
    return sphereSymplectic(b.ml2(), x.x.q, x.x.omega);
  }
};

/// RATTLE's sample: omega = q x p / (m l^2) (qdot = p / (m l^2)); structure2 is the hidden
/// constraint |q . qdot|; the state is (q, p).
template <class Body>
void sphereRattleFill(const Body& b, double t, const RattleState& x, Sample& s, SampleFields f) {
  const double ml2 = b.ml2();
  b.fill(t, {x.q, x.q.cross(x.p) / ml2}, s, f);
  s.structure2 = std::fabs(x.q.dot(x.p)) / ml2;
  s.momentum = x.q.cross(x.p);  // m l^2 q x qdot, RATTLE's p being m l^2 qdot
  s.state << x.q, x.p;
}

template <class Body>
struct SphereRattleStepper {
  using State = RattleState;
  Body b;
  bool compensated = true;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;  // the gradient at q_k and at q_{k+1}
    return b.rattle(h, x, compensated, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    sphereRattleFill(b, t, x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "p1", "p2", "p3"}; }
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return sphereRattleDerivative(b, x, h, d, why);
  }
  /// The same canonical form: RATTLE's p is tangent and equals m l^2 omega x q.
  MatrixXd symplecticForm(const State& x) const {
    return sphereSymplectic(b.ml2(), x.q, Vector3d(x.q.cross(x.p) / b.ml2()));
  }
};

/// A body on the sphere forced by a force F on the particle, in inertial coordinates, held over
/// each step (control->u = F [N]). Unforced, it is `Body` itself, bit for bit. Forced, the
/// force adds q x F / (m l) to omega' = accel(q), and enters the variational step (35)-(36)
/// as the discrete Lagrange-d'Alembert principle with h/2 of the step's impulse at each end:
///   f_k = h omega_k + h^2/2 a(q_k),   omega_{k+1} = omega_k + h/2 (a(q_k) + a(q_{k+1}))
/// with a the forced omega', as a potential's -q x dU/(m l^2) enters it; RATTLE takes
/// dU - l F as its gradient (F does work l F.dq). `Body` also has dU(q) and radius().
template <class Body>
struct ForcedSphereBody {
  Body b;
  const HeldControl* control = nullptr;
  bool forced() const { return control && control->active(); }
  double ml2() const { return b.ml2(); }
  Vector3d accel(const Vector3d& q) const {
    if (!forced()) return b.accel(q);
    return b.accel(q) + q.cross(Vector3d(control->u.head<3>())) * (b.radius() / b.ml2());
  }
  bool step(double h, SphericalPendulumState& x, std::string* why) const {
    if (!forced()) return b.step(h, x, why);
    const Vector3d a0 = accel(x.q);
    const Vector3d f = h * x.omega + (0.5 * h * h) * a0;
    const double f2 = f.squaredNorm();
    if (!(f2 <= 1.0)) return sphereStepUnsolvable("the forced step needs |f_k| <= 1", f2, why);
    const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
    const Vector3d a1 = accel(q1);
    if (!a1.allFinite()) return sphereGradientNotFinite(q1, why);
    x.omega = x.omega + (0.5 * h) * (a0 + a1);
    x.q = q1;
    return true;
  }
  bool step(double h, SphericalPendulumSums& x, std::string* why) const {
    if (!forced()) return b.step(h, x, why);
    const Vector3d q = x.x.q;
    const Vector3d a0 = accel(q);
    const Vector3d f = h * x.x.omega + (0.5 * h * h) * a0;
    const double f2 = f.squaredNorm();
    if (!(f2 <= 1.0)) return sphereStepUnsolvable("the forced step needs |f_k| <= 1", f2, why);
    // the rotation of q about f in Cayley form, as the unforced compensated step
    const Vector3d fxq = f.cross(q);
    const Vector3d dq = fxq + f.cross(fxq) / (1 + std::sqrt(1 - f2));
    compensatedAdd(x.x.q, x.lost.q, dq);
    const Vector3d a1 = accel(x.x.q);
    if (!a1.allFinite()) return sphereGradientNotFinite(x.x.q, why);
    const Vector3d dOmega = (0.5 * h) * (a0 + a1);
    compensatedAdd(x.x.omega, x.lost.omega, dOmega);
    return true;
  }
  /// d accel/dq: the body's, and d(q x F)/dq = -F^ scaled as accel.
  Matrix3d accelJacobian(const Vector3d& q) const {
    if (!forced()) return b.accelJacobian(q);
    return b.accelJacobian(q) - hat(Vector3d(control->u.head<3>())) * (b.radius() / b.ml2());
  }
  /// RATTLE's gradient, dU - l F, and its derivative in q (the force's is 0).
  Vector3d dUForced(const Vector3d& q) const {
    if (!forced()) return b.dU(q);
    return b.dU(q) - b.radius() * Vector3d(control->u.head<3>());
  }
  Matrix3d hessian(const Vector3d& q) const { return b.hessian(q); }
  bool rattle(double h, RattleState& x, bool compensated, std::string* why) const {
    if (!forced()) return b.rattle(h, x, compensated, why);
    const Vector3d lF = b.radius() * Vector3d(control->u.head<3>());
    return sphereRattleStep(
        b.ml2(), [&](const Vector3d& q) { return Vector3d(b.dU(q) - lF); }, h, x, compensated, why);
  }
  void fill(double t, const SphericalPendulumState& x, Sample& s, SampleFields f) const {
    b.fill(t, x, s, f);
  }
};

/// The standard forms of a body on the sphere from x0, passed to make(forms): the variational
/// step, and the Runge-Kutta methods on the continuous equations q' = omega x q,
/// omega' = accel(q) (projected onto T S^2: q unit, omega tangent), and for RKMK the action of
/// SO(3) x R^3 on S^2 x R^3: q' = omega^ q (omega a spatial angular velocity).
template <class Body, class Make>
auto withSphereForms(const Body& b, const SphericalPendulumState& x0, Make make) {
  const VectorXd y0 = (VectorXd(6) << x0.q, x0.omega).finished();
  const std::vector<std::string> names = {"q1", "q2", "q3", "w1", "w2", "w3"};
  const auto sample = [b](double t, const VectorXd& y) {
    Sample s;
    b.fill(t, SphericalPendulumState{y.head<3>(), y.tail<3>()}, s, SampleFields::All);
    return s;
  };
  const auto rhs = [b](double, const auto& y, auto& dy) {
    const Vector3d q = y.template head<3>();
    const Vector3d w = y.template tail<3>();
    dy.template head<3>() = w.cross(q);
    dy.template tail<3>() = b.accel(q);
  };
  using Form = ContinuousFormT<6, decltype(rhs)>;
  const auto continuous = [=] {
    Form form{y0, rhs, {}, names, {}, {}};
    form.sample = [b](double t, const typename Form::State& y) {
      Sample s;
      b.fill(t, SphericalPendulumState{y.template head<3>(), y.template tail<3>()}, s,
             SampleFields::All);
      return s;
    };
    // the derivative of a step (tangent.h): q' = omega x q, omega' = a(q) (a = accel, with the
    // force when forced), and the tangent coordinates as the variational step's
    form.tangent.jacobian = [b](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
      const Vector3d q = y.head<3>(), w = y.tail<3>();
      fy = MatrixXd::Zero(6, 6);
      fy.topLeftCorner<3, 3>() = hat(w);
      fy.topRightCorner<3, 3>() = -hat(q);
      fy.bottomLeftCorner<3, 3>() = b.accelJacobian(q);
      const MatrixXd Ju = sphereAccelControl(b, q);
      fu = MatrixXd::Zero(6, Ju.cols());
      fu.bottomRows<3>() = Ju;
    };
    form.tangent.in = [](const VectorXd& y) {
      return MatrixXd(sphereStateChange(y.head<3>(), y.tail<3>(), false));
    };
    form.tangent.out = [](const VectorXd& y) {
      MatrixXd P = MatrixXd::Identity(6, 6);
      P.topLeftCorner<3, 3>() = sphereCoordinates(y.head<3>());
      return P;
    };
    form.tangent.symplectic = [ml2 = b.ml2()](const VectorXd& y) {
      return sphereSymplectic(ml2, y.head<3>(), y.tail<3>());
    };
    form.project = [](typename Form::State& y) {
      const Vector3d q = y.template head<3>().normalized();
      const Vector3d w = y.template tail<3>();
      y.template head<3>() = q;
      y.template tail<3>() = w - w.dot(q) * q;
    };
    return form;
  };
  const auto lie = [=] {
    LieForm form;
    form.y0 = y0;
    form.rotationDim = 3;
    form.vectorDim = 3;
    form.generator = [b](const VectorXd& y, VectorXd& xi) {
      xi.resize(6);
      xi << y.tail<3>(), b.accel(Vector3d(y.head<3>()));
    };
    form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
      out.resize(6);
      out << so3Exp(u.head<3>()) * y.head<3>(), y.tail<3>() + u.tail<3>();
    };
    form.sample = sample;
    form.names = names;
    return form;
  };
  const StandardForms<SphereStepper<Body>, CompensatedSphereStepper<Body>, decltype(continuous)>
      forms{{b}, x0, {b}, SphericalPendulumSums{x0}, continuous, lie};
  return make(forms);
}

/// The run of `method` from x0 (null for a method it does not make): the standard forms
/// (withSphereForms) and RATTLE.
template <class Body>
std::unique_ptr<Run> makeSphereRun(const Body& b, const SphericalPendulumState& x0, Method method,
                                   const IntegratorSettings& settings) {
  if (method == Method::Rattle)
    return std::make_unique<FixedStepRun<SphereRattleStepper<Body>>>(
        SphereRattleStepper<Body>{b, settings.summation == Summation::Compensated},
        RattleState{x0.q, b.ml2() * x0.omega.cross(x0.q)}, settings);
  return withSphereForms(
      b, x0, [&](const auto& forms) { return makeStandardRun(method, forms, settings); });
}

/// The same, one step at a time, forced by `control` (ForcedSphereBody).
template <class Body>
std::unique_ptr<Stepping> makeSphereStepping(const Body& body, const HeldControl* control,
                                             const SphericalPendulumState& x0, Method method,
                                             const IntegratorSettings& settings) {
  const ForcedSphereBody<Body> b{body, control};
  using Forced = ForcedSphereBody<Body>;
  if (method == Method::Rattle)
    return std::make_unique<FixedStepping<SphereRattleStepper<Forced>>>(
        SphereRattleStepper<Forced>{b, settings.summation == Summation::Compensated},
        RattleState{x0.q, b.ml2() * x0.omega.cross(x0.q)}, settings.h);
  return withSphereForms(
      b, x0, [&](const auto& forms) { return makeStandardStepping(method, forms, settings); });
}

/// q0 normalized (a zero-length one refused) and omega0 projected onto the tangent plane at
/// q0, with a warning when that removed more than round-off; returns q0.
Vector3d normalizeSphereStart(ParamValues& out, std::vector<std::string>* warnings);
/// The energy and the vertical angular momentum e3.(m l^2 q x qdot).
std::vector<ConservedQuantity> sphereEnergyAndVerticalMomentum();
/// The parameters m (mass), l (radius), q0 and omega0, with the spherical pendulum's defaults.
std::vector<ParamSpec> sphereSpecs(const char* mass, const char* radius, const char* q0);

}  // namespace dms
