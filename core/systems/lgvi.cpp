// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/lgvi.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/lie/so3.h"

namespace dms {
namespace {

Vector3d eq42Residual(const Matrix3d& J, const Vector3d& g, const Vector3d& f) {
  return g + g.cross(f) + g.dot(f) * f - 2.0 * J * f;
}

// the size of every term of G, for a relative residual
double eq42Scale(const Matrix3d& J, const Vector3d& g, const Vector3d& f) {
  const double nf = f.norm(), ng = g.norm();
  return ng + ng * nf + std::fabs(g.dot(f)) * nf + 2.0 * (J.cwiseAbs() * f.cwiseAbs()).norm();
}

}  // namespace

Eq42Solution solveEq42(const Matrix3d& J, const Vector3d& g, double Jmin) {
  Eq42Solution out;
  Vector3d f = J.llt().solve(0.5 * g);
  for (int it = 0;; ++it) {
    const Vector3d G = eq42Residual(J, g, f);
    const double scale = eq42Scale(J, g, f);
    out.residual = scale > 0.0 ? G.norm() / scale : 0.0;
    out.iterations = it;
    if (!f.allFinite() || !std::isfinite(out.residual)) {
      out.why = "Newton's method for eq (42) diverged (non-finite Cayley parameter)";
      return out;
    }
    if (out.residual <= kEq42Tolerance) break;
    if (it == kEq42MaxIterations) {
      std::ostringstream m;
      m << "Newton's method for eq (42) did not converge in " << kEq42MaxIterations
        << " iterations (relative residual " << out.residual << " > " << kEq42Tolerance
        << ", |f| = " << f.norm() << "): no solution near the start, reduce h";
      out.why = m.str();
      return out;
    }
    const Matrix3d dG = hat(g) + g.dot(f) * Matrix3d::Identity() + f * g.transpose() - 2.0 * J;
    const Vector3d df = dG.partialPivLu().solve(-G);
    f += df;
  }
  // the root test: the smallest rotation, proved by either monotonicity bound (lgvi.h)
  if (!(Jmin > 0.0)) Jmin = smallestEigenvalue(J);
  const double nf = f.norm(), ng = g.norm();
  const bool certified =
      ng * nf < Jmin || (ng > 0 && Eigen::LLT<Matrix3d>(2.0 * J - nf * ng * Matrix3d::Identity() -
                                                        (1.5 * nf / ng) * g * g.transpose())
                                           .info() == Eigen::Success);
  if (!certified) {
    std::ostringstream m;
    m << "eq (42): the root found (a rotation of " << 2.0 * std::atan(f.norm())
      << " rad, |f| = " << nf << ") is not shown to be the smallest rotation: the root test "
      << "needs |g| |f| = " << ng * nf << " below the smallest eigenvalue of J, " << Jmin
      << ", or 2J - |g| |f| I - 3/2 |f|/|g| g g^T positive definite; reduce h";
    out.why = m.str();
    return out;
  }
  out.f = f;
  out.F = cayley(f);
  out.converged = true;
  return out;
}

bool lgviStep(const RigidBody& b, double h, RigidBodyState& s, std::string* why,
              LgviStepInfo* info) {
  Vector3d dU0, M0;
  b.forces(s.x, s.R, dU0, M0);
  const Vector3d Pi0 = b.J * s.Omega;
  const Eq42Solution sol = solveEq42(b.J, h * Pi0 + 0.5 * h * h * M0, b.Jmin);
  if (info) {
    info->newtonIterations = sol.iterations;
    info->residual = sol.residual;
  }
  if (!sol.converged) {
    if (why) *why = sol.why;
    return false;
  }
  const Matrix3d& F = sol.F;
  RigidBodyState n;
  n.R = s.R * F;
  n.x = s.x + h * s.v - h * h / (2.0 * b.m) * dU0;
  const std::string domain = b.potential->domainError(n.x, n.R);
  if (!domain.empty()) {
    if (why) *why = domain;
    return false;
  }
  Vector3d dU1, M1;
  b.forces(n.x, n.R, dU1, M1);
  const Vector3d Pi1 = F.transpose() * Pi0 + 0.5 * h * (F.transpose() * M0) + 0.5 * h * M1;
  n.Omega = b.J.llt().solve(Pi1);
  n.v = s.v - h / (2.0 * b.m) * (dU0 + dU1);
  s = n;
  return true;
}

namespace {

// eta = Dcay(f) df, the body-frame change of F = cay(f) (dF = F eta^): with C = f^,
// F^-1 dF = 2 (I + C)^-1 dC (I - C)^-1, taken column by column
Matrix3d cayleyDerivative(const Vector3d& f) {
  const Matrix3d C = hat(f);
  const Matrix3d plus = (Matrix3d::Identity() + C).inverse();
  const Matrix3d minus = (Matrix3d::Identity() - C).inverse();
  Matrix3d D;
  for (int k = 0; k < 3; ++k) D.col(k) = vee(2.0 * plus * hat(Vector3d::Unit(k)) * minus);
  return D;
}

}  // namespace

bool lgviDerivative(const RigidBody& b, double h, const RigidBodyState& s, StepDerivative& d,
                    std::string* why) {
  if (!b.potential->hasSecondDerivatives()) {
    if (why) *why = "the potential has no second derivatives, which the step's derivative needs";
    return false;
  }
  // the columns: z = (xi, dOmega, dx, dv, du), u = (tau, [f]) or, with a thrust, (f, M)
  const Eigen::Index m = b.controlSize(), n = 12 + m;
  const auto cols = [n](Eigen::Index at) {
    MatrixXd S = MatrixXd::Zero(3, n);
    S.middleCols<3>(at).setIdentity();
    return S;
  };
  const MatrixXd Xi = cols(0), dOmega = cols(3), dx = cols(6), dv = cols(9);
  const bool thrust = m > 0 && !b.thrustAxis.isZero();
  MatrixXd dTau = MatrixXd::Zero(3, n), dF = MatrixXd::Zero(3, n);
  if (thrust) {
    dTau = cols(13);
  } else if (m > 0) {
    dTau = cols(12);
  }
  if (m == 6) dF = cols(15);
  // the force's change with u at an end of attitude R: a thrust's f R a changes by df R a (its
  // turn with R is in the forces' derivative K), a force in inertial coordinates by its own
  const auto forceByU = [&](const Matrix3d& R) {
    if (!thrust) return dF;
    MatrixXd out = MatrixXd::Zero(3, n);
    out.col(12) = R * b.thrustAxis;
    return out;
  };

  // the forces at the start, their derivative (the control's torque adds to M, its force is
  // subtracted from dU/dx)
  Vector3d dU0, M0;
  b.forces(s.x, s.R, dU0, M0);
  const Eigen::Matrix<double, 6, 6> K0 = rigidBodyForceJacobian(b, s.x, s.R);
  const MatrixXd ddU0 = K0.block<3, 3>(0, 0) * Xi + K0.block<3, 3>(0, 3) * dx - forceByU(s.R);
  const MatrixXd dM0 = K0.block<3, 3>(3, 0) * Xi + K0.block<3, 3>(3, 3) * dx + dTau;

  // (42): G(f, g) = 0 at the converged root; dG/dg = I - f^ + f f^T
  const Vector3d Pi0 = b.J * s.Omega;
  const Vector3d g = h * Pi0 + 0.5 * h * h * M0;
  const Eq42Solution sol = solveEq42(b.J, g, b.Jmin);
  if (!sol.converged) {
    if (why) *why = sol.why;
    return false;
  }
  const Vector3d& f = sol.f;
  const Matrix3d& F = sol.F;
  const Matrix3d dGdf = hat(g) + g.dot(f) * Matrix3d::Identity() + f * g.transpose() - 2.0 * b.J;
  const Matrix3d dGdg = Matrix3d::Identity() - hat(f) + f * f.transpose();
  const MatrixXd dg = h * b.J * dOmega + 0.5 * h * h * dM0;
  const MatrixXd df = -dGdf.partialPivLu().solve(dGdg * dg);
  const MatrixXd eta = cayleyDerivative(f) * df;

  // (43): R1 = R F, d(R1) = R1 (F^T xi + eta)^
  const Matrix3d R1 = s.R * F;
  const MatrixXd Xi1 = F.transpose() * Xi + eta;
  // (44)
  const Vector3d x1 = s.x + h * s.v - h * h / (2.0 * b.m) * dU0;
  const MatrixXd dx1 = dx + h * dv - (h * h / (2.0 * b.m)) * ddU0;
  const std::string domain = b.potential->domainError(x1, R1);
  if (!domain.empty()) {
    if (why) *why = domain;
    return false;
  }
  Vector3d dU1, M1;
  b.forces(x1, R1, dU1, M1);
  const Eigen::Matrix<double, 6, 6> K1 = rigidBodyForceJacobian(b, x1, R1);
  const MatrixXd ddU1 = K1.block<3, 3>(0, 0) * Xi1 + K1.block<3, 3>(0, 3) * dx1 - forceByU(R1);
  const MatrixXd dM1 = K1.block<3, 3>(3, 0) * Xi1 + K1.block<3, 3>(3, 3) * dx1 + dTau;
  // (45): Pi1 = F^T w + h/2 M1, w = Pi0 + h/2 M0; d(F^T) w = -eta^ F^T w = (F^T w)^ eta
  const Vector3d w = Pi0 + 0.5 * h * M0;
  const MatrixXd dPi1 = hat(Vector3d(F.transpose() * w)) * eta +
                        F.transpose() * (b.J * dOmega + 0.5 * h * dM0) + 0.5 * h * dM1;
  const MatrixXd dOmega1 = b.J.llt().solve(dPi1);
  // (46)
  const MatrixXd dv1 = dv - (h / (2.0 * b.m)) * (ddU0 + ddU1);

  MatrixXd Z(12, n);
  Z << Xi1, dOmega1, dx1, dv1;
  d.A = Z.leftCols(12);
  d.B = Z.rightCols(m);
  return true;
}

RigidBodySums RigidBodySums::start(const RigidBody& b, const RigidBodyState& s0) {
  RigidBodySums out;
  out.s = s0;
  out.pi = s0.R * (b.J * s0.Omega);
  out.p = b.m * s0.v;
  return out;
}

namespace {

// a half kick, p += -h/2 dU/dx and pi += h/2 tau, tau = (R dU/dR^T - dU/dR R^T)^vee the moment
// in space (= R M of eq (41) on SO(3)). For a rotation-invariant potential tau = x x dU/dx, and
// pi's increment is computed as -(x - lostX) x (p's increment), with x - lostX the position the
// sum holds: the total angular momentum x x p + pi of the sums then changes only by the
// rounding of that product. Rounding dU/dx and tau apart left L a drift (measured, about 4e-21
// per step on the dumbbell): those roundings follow the state, which nearly repeats orbit after
// orbit, so they do not average out
void halfKick(const RigidBody& b, double h, RigidBodySums& n) {
  Vector3d dUdx;
  Matrix3d dUdR;
  b.potential->gradient(n.s.x, n.s.R, dUdx, dUdR);
  Vector3d kickP = -0.5 * h * dUdx;
  Vector3d kickPi;
  if (b.potential->rotationInvariant())
    kickPi = n.lostX.cross(kickP) - n.s.x.cross(kickP);
  else
    kickPi = 0.5 * h * vee(n.s.R * dUdR.transpose() - dUdR * n.s.R.transpose());
  if (b.control && b.control->active()) {
    // the control's half of the step's impulse: the torque in space, R tau, and the force
    kickPi += 0.5 * h * (n.s.R * b.controlTorque());
    kickP += 0.5 * h * b.controlForce(n.s.R);
  }
  compensatedAdd(n.p, n.lostP, kickP);
  compensatedAdd(n.pi, n.lostPi, kickPi);
}

}  // namespace

bool lgviStep(const RigidBody& b, double h, RigidBodySums& s, std::string* why,
              LgviStepInfo* info) {
  RigidBodySums n = s;
  halfKick(b, h, n);
  const Eq42Solution sol = solveEq42(b.J, h * (s.s.R.inverse() * n.pi), b.Jmin);
  if (info) {
    info->newtonIterations = sol.iterations;
    info->residual = sol.residual;
  }
  if (!sol.converged) {
    if (why) *why = sol.why;
    return false;
  }
  const Matrix3d W = hat(sol.f);
  const Matrix3d FminusI = (2.0 / (1.0 + sol.f.squaredNorm())) * (W + W * W);
  const Matrix3d dR = s.s.R * FminusI;
  compensatedAdd(n.s.R, n.lostR, dR);
  // the drift adds (h/m) P, P = p - lostP the momentum the sum holds, with the product's
  // rounding error: then it changes x x p by (h/m) P x P = 0 up to the compensation's own
  // rounding. Rounding (h/m) p, or leaving lostP out, each left L a drift
  const double c = h / b.m;
  Vector3d dx, dxLow;
  for (int i = 0; i < 3; ++i) twoProduct(c, n.p[i], dx[i], dxLow[i]);
  dxLow -= c * n.lostP;
  compensatedAdd(n.s.x, n.lostX, dx, dxLow);
  const std::string domain = b.potential->domainError(n.s.x, n.s.R);
  if (!domain.empty()) {
    if (why) *why = domain;
    return false;
  }
  halfKick(b, h, n);
  n.s.v = n.p / b.m;
  n.s.Omega = b.J.llt().solve(Vector3d(n.s.R.inverse() * n.pi));
  s = n;
  return true;
}

}  // namespace dms
