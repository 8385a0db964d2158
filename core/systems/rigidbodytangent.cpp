// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The rigid body's derivatives: of its forces, of the Runge-Kutta forms' right-hand sides in
// tangent coordinates, and its symplectic form (docs/linearization.md, "Rigid bodies").
#include <Eigen/Cholesky>
#include <Eigen/LU>

#include "core/lie/so3.h"
#include "core/systems/rigidbody.h"

namespace dms {
namespace {

// The rows of f_y for Omega and v of eqs (39)-(40) along a change (dx, dR, dOmega):
// J dOmega' = dM - dOmega x J Omega - Omega x J dOmega and m dv' = -d(dU/dx)
void ratesDerivative(const RigidBody& b, const Eigen::LLT<Matrix3d>& Jllt, const Vector3d& x,
                     const Matrix3d& R, const Vector3d& Omega, const Vector3d& dx,
                     const Matrix3d& dR, const Vector3d& dOmega, Vector3d& dOmegaDot,
                     Vector3d& dvDot) {
  Vector3d ddUdx, dM;
  b.forcesDerivative(x, R, dx, dR, ddUdx, dM);
  dOmegaDot = Jllt.solve(dM - dOmega.cross(b.J * Omega) - Omega.cross(b.J * dOmega));
  dvDot = -ddUdx / b.m;
}

// f_u of eqs (39)-(40) at rows `at` (Omega) and at + 3 (v): the torque tau enters J Omega', the
// force f enters m v'; for a thrust u = (f, M) the force f R a enters m v' and M enters
// J Omega'
MatrixXd controlJacobian(const RigidBody& b, const Eigen::LLT<Matrix3d>& Jllt, const Matrix3d& R,
                         Eigen::Index n, Eigen::Index at) {
  const Eigen::Index m = b.controlSize();
  MatrixXd fu = MatrixXd::Zero(n, m);
  if (m == 0) return fu;
  if (!b.thrustAxis.isZero()) {
    fu.block<3, 3>(at, 1) = Jllt.solve(Matrix3d::Identity());
    fu.block<3, 1>(at + 3, 0) = R * b.thrustAxis / b.m;
    return fu;
  }
  fu.block<3, 3>(at, 0) = Jllt.solve(Matrix3d::Identity());
  if (m == 6) fu.block<3, 3>(at + 3, 3) = Matrix3d::Identity() / b.m;
  return fu;
}

// dR(q) along dq for quatToRotation's R(q) = (q0^2 - |qv|^2) I + 2 qv qv^T + 2 q0 qv^
Matrix3d quatToRotationDerivative(const Vector4d& q, const Vector4d& dq) {
  const double q0 = q[0], d0 = dq[0];
  const Vector3d qv = q.tail<3>(), dv = dq.tail<3>();
  return 2.0 * (q0 * d0 - qv.dot(dv)) * Matrix3d::Identity() +
         2.0 * (dv * qv.transpose() + qv * dv.transpose()) + 2.0 * d0 * hat(qv) +
         2.0 * q0 * hat(dv);
}

Vector4d pureQuat(const Vector3d& w) { return Vector4d(0.0, w.x(), w.y(), w.z()); }

}  // namespace

void RigidBody::forcesDerivative(const Vector3d& x, const Matrix3d& R, const Vector3d& dx,
                                 const Matrix3d& dR, Vector3d& ddUdx, Vector3d& dM) const {
  Vector3d dUdx;
  Matrix3d dUdR, ddUdR;
  potential->gradient(x, R, dUdx, dUdR);
  potential->gradientDerivative(x, R, dx, dR, ddUdx, ddUdR);
  // M^ = B^T - B with B = dU/dR^T R (bodyMoment), so dM^ = dB^T - dB
  const Matrix3d dB = ddUdR.transpose() * R + dUdR.transpose() * dR;
  dM = vee(dB - dB.transpose());
  // the thrust's force f R a (controlForce) turns with the body: it changes by f dR a
  if (control && control->active() && !thrustAxis.isZero())
    ddUdx -= control->u[0] * (dR * thrustAxis);
}

Eigen::Matrix<double, 6, 6> rigidBodyForceJacobian(const RigidBody& b, const Vector3d& x,
                                                   const Matrix3d& R) {
  Eigen::Matrix<double, 6, 6> K;
  for (int k = 0; k < 6; ++k) {
    const Vector3d e = Vector3d::Unit(k % 3);
    const Matrix3d dR = k < 3 ? Matrix3d(R * hat(e)) : Matrix3d::Zero();
    const Vector3d dx = k < 3 ? Vector3d::Zero() : e;
    Vector3d ddUdx, dM;
    b.forcesDerivative(x, R, dx, dR, ddUdx, dM);
    K.col(k) << ddUdx, dM;
  }
  return K;
}

MatrixXd rigidBodySymplectic(const RigidBody& b, const Vector3d& Omega) {
  // w(a, b) = a^T W b in (xi, dOmega, dx, dv): the xi-xi block is Pi.(xi_a x xi_b) =
  // xi_a^T (-Pi^) xi_b, the xi-dOmega block J (dPi = J dOmega), the dx-dv block m I
  MatrixXd W = MatrixXd::Zero(12, 12);
  W.block<3, 3>(0, 0) = -hat(Vector3d(b.J * Omega));
  W.block<3, 3>(0, 3) = b.J;
  W.block<3, 3>(3, 0) = -b.J;
  W.block<3, 3>(6, 9) = b.m * Matrix3d::Identity();
  W.block<3, 3>(9, 6) = -b.m * Matrix3d::Identity();
  return W;
}

ContinuousTangent rigidBodyMatrixTangent(const RigidBody& b) {
  // y = (R column by column, x, Omega, v); tangent coordinates (xi, dOmega, dx, dv)
  ContinuousTangent t;
  const Eigen::LLT<Matrix3d> Jllt(b.J);
  t.jacobian = [b, Jllt](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
    const Matrix3d R = Eigen::Map<const Matrix3d>(y.data());
    const Vector3d x = y.segment<3>(9), Omega = y.segment<3>(12);
    fy = MatrixXd::Zero(18, 18);
    Vector3d dOmegaDot, dvDot;
    for (int k = 0; k < 9; ++k) {
      // along the entry R(k % 3, k / 3): R' = R Omega^ changes by dR Omega^
      Matrix3d dR = Matrix3d::Zero();
      dR(k % 3, k / 3) = 1.0;
      fy.block<9, 1>(0, k) = Eigen::Map<const Vector9d>(Matrix3d(dR * hat(Omega)).data());
      ratesDerivative(b, Jllt, x, R, Omega, Vector3d::Zero(), dR, Vector3d::Zero(), dOmegaDot,
                      dvDot);
      fy.block<3, 1>(12, k) = dOmegaDot;
      fy.block<3, 1>(15, k) = dvDot;
    }
    for (int j = 0; j < 3; ++j) {
      const Vector3d e = Vector3d::Unit(j);
      ratesDerivative(b, Jllt, x, R, Omega, e, Matrix3d::Zero(), Vector3d::Zero(), dOmegaDot,
                      dvDot);
      fy.block<3, 1>(12, 9 + j) = dOmegaDot;
      fy.block<3, 1>(15, 9 + j) = dvDot;
      fy.block<9, 1>(0, 12 + j) = Eigen::Map<const Vector9d>(Matrix3d(R * hat(e)).data());
      ratesDerivative(b, Jllt, x, R, Omega, Vector3d::Zero(), Matrix3d::Zero(), e, dOmegaDot,
                      dvDot);
      fy.block<3, 1>(12, 12 + j) = dOmegaDot;
      fy(9 + j, 15 + j) = 1.0;
    }
    fu = controlJacobian(b, Jllt, R, 18, 12);
  };
  t.in = [](const VectorXd& y) {
    const Matrix3d R = Eigen::Map<const Matrix3d>(y.data());
    MatrixXd E = MatrixXd::Zero(18, 12);
    for (int j = 0; j < 3; ++j)
      E.block<9, 1>(0, j) = Eigen::Map<const Vector9d>(Matrix3d(R * hat(Vector3d::Unit(j))).data());
    E.block<3, 3>(12, 3).setIdentity();
    E.block<3, 3>(9, 6).setIdentity();
    E.block<3, 3>(15, 9).setIdentity();
    return E;
  };
  t.out = [](const VectorXd& y) {
    // xi = vee of the skew part of R^-1 dR: P E = I for any invertible R, and on SO(3) the
    // first-order change of tangentDifference's log(R^T (R + dR))
    const Matrix3d Rinv = Matrix3d(Eigen::Map<const Matrix3d>(y.data())).inverse();
    MatrixXd P = MatrixXd::Zero(12, 18);
    for (int k = 0; k < 9; ++k) {
      Matrix3d dR = Matrix3d::Zero();
      dR(k % 3, k / 3) = 1.0;
      const Matrix3d W = Rinv * dR;
      P.block<3, 1>(0, k) = 0.5 * vee(W - W.transpose());
    }
    P.block<3, 3>(3, 12).setIdentity();
    P.block<3, 3>(6, 9).setIdentity();
    P.block<3, 3>(9, 15).setIdentity();
    return P;
  };
  t.symplectic = [b](const VectorXd& y) {
    return rigidBodySymplectic(b, Vector3d(y.segment<3>(12)));
  };
  return t;
}

ContinuousTangent rigidBodyQuaternionTangent(const RigidBody& b) {
  // y = (q, x, Omega, v); tangent coordinates (xi, dOmega, dx, dv) with dq = 1/2 q (x) (0, xi),
  // so that dR(q) = R(q) xi^ for a unit q
  ContinuousTangent t;
  const Eigen::LLT<Matrix3d> Jllt(b.J);
  t.jacobian = [b, Jllt](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
    const Vector4d q = y.head<4>();
    const Matrix3d R = quatToRotation(q);
    const Vector3d x = y.segment<3>(4), Omega = y.segment<3>(7);
    fy = MatrixXd::Zero(13, 13);
    Vector3d dOmegaDot, dvDot;
    for (int k = 0; k < 4; ++k) {
      const Vector4d dq = Vector4d::Unit(k);
      fy.block<4, 1>(0, k) = 0.5 * quatMultiply(dq, pureQuat(Omega));
      ratesDerivative(b, Jllt, x, R, Omega, Vector3d::Zero(), quatToRotationDerivative(q, dq),
                      Vector3d::Zero(), dOmegaDot, dvDot);
      fy.block<3, 1>(7, k) = dOmegaDot;
      fy.block<3, 1>(10, k) = dvDot;
    }
    for (int j = 0; j < 3; ++j) {
      const Vector3d e = Vector3d::Unit(j);
      ratesDerivative(b, Jllt, x, R, Omega, e, Matrix3d::Zero(), Vector3d::Zero(), dOmegaDot,
                      dvDot);
      fy.block<3, 1>(7, 4 + j) = dOmegaDot;
      fy.block<3, 1>(10, 4 + j) = dvDot;
      fy.block<4, 1>(0, 7 + j) = 0.5 * quatMultiply(q, pureQuat(e));
      ratesDerivative(b, Jllt, x, R, Omega, Vector3d::Zero(), Matrix3d::Zero(), e, dOmegaDot,
                      dvDot);
      fy.block<3, 1>(7, 7 + j) = dOmegaDot;
      fy(4 + j, 10 + j) = 1.0;
    }
    fu = controlJacobian(b, Jllt, R, 13, 7);
  };
  t.in = [](const VectorXd& y) {
    const Vector4d q = y.head<4>();
    MatrixXd E = MatrixXd::Zero(13, 12);
    for (int j = 0; j < 3; ++j)
      E.block<4, 1>(0, j) = 0.5 * quatMultiply(q, pureQuat(Vector3d::Unit(j)));
    E.block<3, 3>(7, 3).setIdentity();
    E.block<3, 3>(4, 6).setIdentity();
    E.block<3, 3>(10, 9).setIdentity();
    return E;
  };
  t.out = [](const VectorXd& y) {
    // xi = 2 vec(q^-1 (x) dq): P E = I, and a change along q itself (its norm) moves no xi
    const Vector4d q = y.head<4>();
    const Vector4d qinv = Vector4d(q[0], -q[1], -q[2], -q[3]) / q.squaredNorm();
    MatrixXd P = MatrixXd::Zero(12, 13);
    for (int k = 0; k < 4; ++k)
      P.block<3, 1>(0, k) = 2.0 * quatMultiply(qinv, Vector4d::Unit(k)).tail<3>();
    P.block<3, 3>(3, 7).setIdentity();
    P.block<3, 3>(6, 4).setIdentity();
    P.block<3, 3>(9, 10).setIdentity();
    return P;
  };
  t.symplectic = [b](const VectorXd& y) {
    return rigidBodySymplectic(b, Vector3d(y.segment<3>(7)));
  };
  return t;
}

}  // namespace dms
