// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/forcedpendulum.h"

#include <cmath>
#include <sstream>

#include "core/lie/so3.h"

namespace dms {
namespace {

bool finite(const SphericalPendulumState& x) { return x.q.allFinite() && x.omega.allFinite(); }

}  // namespace

bool forcedSphericalPendulumStep(const SphericalPendulumParams& p, double h, const Vector3d& wk,
                                 const Vector3d& wk1, SphericalPendulumState& x, StepJacobians* J,
                                 std::string* why) {
  const Vector3d e3 = Vector3d::UnitZ();
  const double ml2 = p.m * p.l * p.l;
  const double beta = h * h / (2 * ml2);
  const double mu = h / (2 * ml2);
  const double kappa = h * p.g / (2 * p.l);
  const Vector3d qxe3 = x.q.cross(e3);
  const Vector3d uk = x.q.cross(wk);
  // same operations, in the same order, as sphericalPendulumStep, plus the control terms
  const Vector3d f = h * x.omega + h * h * p.g / (2 * p.l) * qxe3 + beta * uk;
  const double f2 = f.squaredNorm();
  if (!(f2 <= 1.0) || (J && !(f2 < 1.0))) {
    if (why) {
      std::ostringstream m;
      m << "forced eq (35) needs |h omega + h^2/2 ((g/l) q x e3 + u/(m l^2))| < 1, got "
        << std::sqrt(f2) << "; reduce h or the control";
      *why = m.str();
    }
    return false;
  }
  const double s = std::sqrt(1 - f2);
  const Vector3d q1 = f.cross(x.q) + s * x.q;
  const Vector3d uk1 = q1.cross(wk1);
  const Vector3d omega1 = x.omega + kappa * qxe3 + kappa * q1.cross(e3) + mu * (uk + uk1);

  if (J) {
    const double alpha = h * h * p.g / (2 * p.l);
    const Matrix3d I = Matrix3d::Identity();
    const Matrix3d E3 = hat(e3);
    const Matrix3d Q = hat(x.q);
    // f as a function of (q, omega, w_k)
    const Matrix3d fq = -alpha * E3 - beta * hat(wk);
    const Matrix3d fw = beta * Q;
    // q1 = -q^ f + s q, ds/df = -f^T/s
    const Matrix3d q1f = -Q - x.q * f.transpose() / s;
    const Matrix3d q1q = hat(f) + s * I + q1f * fq;
    const Matrix3d q1w = q1f * h;
    const Matrix3d q1wk = q1f * fw;
    // omega1 = omega + kappa (q x e3 + q1 x e3) + mu (q x w_k + q1 x w_{k+1})
    const Matrix3d o1q1 = -kappa * E3 - mu * hat(wk1);
    J->A.block<3, 3>(0, 0) = q1q;
    J->A.block<3, 3>(0, 3) = q1w;
    J->A.block<3, 3>(3, 0) = -kappa * E3 - mu * hat(wk) + o1q1 * q1q;
    J->A.block<3, 3>(3, 3) = I + o1q1 * q1w;
    J->B0.block<3, 3>(0, 0) = q1wk;
    J->B0.block<3, 3>(3, 0) = mu * Q + o1q1 * q1wk;
    J->B1.block<3, 3>(0, 0) = Matrix3d::Zero();
    J->B1.block<3, 3>(3, 0) = mu * hat(q1);
  }
  x.q = q1;
  x.omega = omega1;
  if (!finite(x)) {
    if (why) *why = "the forced step produced a non-finite state";
    return false;
  }
  return true;
}

namespace {

// x' = F(x, w) of the forced (31)-(32) and, on request, dF/dx and dF/dw
Vector6d forcedRhs(double gl, double c, const Vector6d& x, const Vector3d& w, Matrix6d* Fx,
                   Matrix63d* Fw) {
  const Vector3d q = x.head<3>();
  const Vector3d om = x.tail<3>();
  const Vector3d e3 = Vector3d::UnitZ();
  Vector6d d;
  d.head<3>() = om.cross(q);
  d.tail<3>() = gl * q.cross(e3) + c * q.cross(w);
  if (Fx) {
    Fx->block<3, 3>(0, 0) = hat(om);
    Fx->block<3, 3>(0, 3) = -hat(q);
    Fx->block<3, 3>(3, 0) = -gl * hat(e3) - c * hat(w);
    Fx->block<3, 3>(3, 3) = Matrix3d::Zero();
  }
  if (Fw) {
    Fw->block<3, 3>(0, 0) = Matrix3d::Zero();
    Fw->block<3, 3>(3, 0) = c * hat(q);
  }
  return d;
}

}  // namespace

bool heunSphericalPendulumStep(const SphericalPendulumParams& p, double h, const Vector3d& wk,
                               const Vector3d& wk1, SphericalPendulumState& x, StepJacobians* J,
                               std::string* why) {
  const double gl = p.g / p.l;
  const double c = 1.0 / (p.m * p.l * p.l);
  Vector6d x0;
  x0 << x.q, x.omega;
  Matrix6d F1x, F2x;
  Matrix63d F1w, F2w;
  const Vector6d k1 = forcedRhs(gl, c, x0, wk, J ? &F1x : nullptr, J ? &F1w : nullptr);
  const Vector6d xt = x0 + h * k1;
  const Vector6d k2 = forcedRhs(gl, c, xt, wk1, J ? &F2x : nullptr, J ? &F2w : nullptr);
  const Vector6d x1 = x0 + (h / 2) * (k1 + k2);
  if (J) {
    const Matrix6d xtx = Matrix6d::Identity() + h * F1x;
    J->A = Matrix6d::Identity() + (h / 2) * (F1x + F2x * xtx);
    J->B0 = (h / 2) * (F1w + h * F2x * F1w);
    J->B1 = (h / 2) * F2w;
  }
  if (!x1.allFinite()) {
    if (why) *why = "the Heun step produced a non-finite state";
    return false;
  }
  x.q = x1.head<3>();
  x.omega = x1.tail<3>();
  return true;
}

}  // namespace dms
