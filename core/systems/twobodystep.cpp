// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The two-body problem's equations: the mutual potential of two sphere sets, its forces and
// moments, the collision test, the variational step, the continuous right-hand side and the
// sample.
#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/lie/orthogonality.h"
#include "core/lie/so3.h"
#include "core/systems/lgvi.h"
#include "core/systems/stepfailure.h"
#include "core/systems/twobody.h"

namespace dms {
namespace {

// sum += inc, plain or compensated
template <class T>
inline void add(T& sum, T& lost, const T& inc, bool compensated) {
  if (compensated)
    compensatedAdd(sum, lost, inc);
  else
    sum += inc;
}

}  // namespace

void SphereBody::update() {
  mass = 0.0;
  J.setZero();
  for (int i = 0; i < n; ++i) {
    mass += m[i];
    J += m[i] * ((0.4 * r[i] * r[i] + c[i].squaredNorm()) * Matrix3d::Identity() -
                 c[i] * c[i].transpose());
  }
  Jmin = smallestEigenvalue(J);
}

double twoBodyPotential(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                        const Matrix3d& R2) {
  const SphereBody &a = p.body[0], &b = p.body[1];
  double U = 0.0;
  for (int j = 0; j < b.n; ++j) {
    const Vector3d X2 = X + R2 * b.c[j];
    for (int i = 0; i < a.n; ++i) U -= p.G * a.m[i] * b.m[j] / (X2 - R1 * a.c[i]).norm();
  }
  return U;
}

void twoBodyForces(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                   const Matrix3d& R2, Vector3d& dUdX, Vector3d& M1, Vector3d& M2) {
  const SphereBody &a = p.body[0], &b = p.body[1];
  // the spheres' centres relative to their body's centre of mass, in the inertial frame
  std::array<Vector3d, kTwoBodyMaxSpheres> s1, s2;
  for (int i = 0; i < a.n; ++i) s1[i] = R1 * a.c[i];
  for (int j = 0; j < b.n; ++j) s2[j] = R2 * b.c[j];
  dUdX.setZero();
  // the forces' sums weighted by each body's sphere, in the inertial frame: M1 = R1^T sum_i
  // ... is taken at the end, sum_ij c_1i x (R1^T f_ij) = sum_i c_1i x (R1^T F_i) with
  // F_i = sum_j f_ij
  std::array<Vector3d, kTwoBodyMaxSpheres> F1, F2;
  for (int i = 0; i < a.n; ++i) F1[i].setZero();
  for (int j = 0; j < b.n; ++j) F2[j].setZero();
  for (int j = 0; j < b.n; ++j) {
    const Vector3d X2 = X + s2[j];
    for (int i = 0; i < a.n; ++i) {
      const Vector3d d = X2 - s1[i];
      const double r2 = d.squaredNorm();
      const Vector3d f = (p.G * a.m[i] * b.m[j] / (r2 * std::sqrt(r2))) * d;
      F1[i] += f;
      F2[j] += f;
    }
  }
  M1.setZero();
  M2.setZero();
  for (int i = 0; i < a.n; ++i) {
    dUdX += F1[i];
    M1 += a.c[i].cross(R1.transpose() * F1[i]);
  }
  for (int j = 0; j < b.n; ++j) M2 += (R2.transpose() * F2[j]).cross(b.c[j]);
}

std::string twoBodyCollision(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                             const Matrix3d& R2) {
  const SphereBody &a = p.body[0], &b = p.body[1];
  for (int j = 0; j < b.n; ++j) {
    const Vector3d X2 = X + R2 * b.c[j];
    for (int i = 0; i < a.n; ++i) {
      const double dist = (X2 - R1 * a.c[i]).norm(), reach = a.r[i] + b.r[j];
      // also a non-finite distance: the state has left every meaningful configuration
      if (!(dist >= reach)) {
        std::ostringstream m;
        m << "collision: sphere " << i + 1 << " of body 1 and sphere " << j + 1
          << " of body 2 overlap (centres " << dist << " m apart, radii sum " << reach << " m)";
        return m.str();
      }
    }
  }
  return {};
}

TwoBodyStepState TwoBodyStepState::start(const TwoBodyParams& p) {
  TwoBodyStepState x;
  for (int i = 0; i < 2; ++i) {
    x.R[i] = p.R0 ? (*p.R0)[std::size_t(i)] : so3Exp(p.rotvec[i]);
    x.pi[i] = x.R[i] * (p.body[i].J * p.Omega0[i]);
  }
  x.X = p.X0;
  x.p = p.mu * p.V0;
  Vector3d M1, M2;
  twoBodyForces(p, x.X, x.R[0], x.R[1], x.dUdX, M1, M2);
  x.tau[0] = x.R[0] * M1;
  x.tau[1] = x.R[1] * M2;
  return x;
}

bool twoBodyStep(const TwoBodyParams& p, double h, TwoBodyStepState& x, bool compensated,
                 int* iterations, std::string* why) {
  if (iterations) *iterations = 0;
  TwoBodyStepState y = x;  // x stays as it was when the step fails
  const double hh = 0.5 * h;
  // the control's half kick (the torques in space, R_i tau_i), at each end of the step
  const auto controlKick = [&] {
    if (!p.forced()) return;
    const VectorXd& u = p.control->u;
    add(y.p, y.lostP, Vector3d(hh * u.segment<3>(6)), compensated);
    for (int i = 0; i < 2; ++i)
      add(y.pi[i], y.lostPi[i], Vector3d(hh * (y.R[i] * u.segment<3>(3 * i))), compensated);
  };
  // first half kick
  add(y.p, y.lostP, Vector3d(-hh * y.dUdX), compensated);
  for (int i = 0; i < 2; ++i) add(y.pi[i], y.lostPi[i], Vector3d(hh * y.tau[i]), compensated);
  controlKick();
  // rotations: (42) for each body, g_i = h R_i^T pi_i+
  for (int i = 0; i < 2; ++i) {
    const SphereBody& b = p.body[i];
    const Vector3d g = h * (y.R[i].transpose() * y.pi[i]);
    const Eq42Solution sol = solveEq42(b.J, g, b.Jmin);
    if (iterations) *iterations += sol.iterations;
    if (!sol.converged)
      return stepFailure(why, "eq (42) for body " + std::to_string(i + 1) + ": " + sol.why);
    const Matrix3d fh = hat(sol.f);
    const Matrix3d FmI = (2.0 / (1.0 + sol.f.squaredNorm())) * (fh + fh * fh);
    add(y.R[i], y.lostR[i], Matrix3d(y.R[i] * FmI), compensated);
  }
  // drift
  add(y.X, y.lostX, Vector3d((h / p.mu) * y.p), compensated);
  const std::string hit = twoBodyCollision(p, y.X, y.R[0], y.R[1]);
  if (!hit.empty()) return stepFailure(why, hit);
  // forces at the new configuration, second half kick
  Vector3d M1, M2;
  twoBodyForces(p, y.X, y.R[0], y.R[1], y.dUdX, M1, M2);
  y.tau[0] = y.R[0] * M1;
  y.tau[1] = y.R[1] * M2;
  add(y.p, y.lostP, Vector3d(-hh * y.dUdX), compensated);
  for (int i = 0; i < 2; ++i) add(y.pi[i], y.lostPi[i], Vector3d(hh * y.tau[i]), compensated);
  controlKick();
  if (!(y.p.allFinite() && y.pi[0].allFinite() && y.pi[1].allFinite()))
    return stepFailure(why, "the state became non-finite");
  x = y;
  return true;
}

TwoBodyForceDerivative twoBodyForceDerivative(const TwoBodyParams& p, const Vector3d& X,
                                              const Matrix3d& R1, const Matrix3d& R2) {
  const SphereBody &a = p.body[0], &b = p.body[1];
  // the spheres' centres s = R c in the inertial frame, their turn ds/dxi = -R c^, and the
  // forces' sums per sphere (as twoBodyForces forms them)
  std::array<Vector3d, kTwoBodyMaxSpheres> s1, s2, F1, F2;
  std::array<Matrix3d, kTwoBodyMaxSpheres> ds1, ds2;
  for (int i = 0; i < a.n; ++i) {
    s1[i] = R1 * a.c[i];
    ds1[i] = -R1 * hat(a.c[i]);
    F1[i].setZero();
  }
  for (int j = 0; j < b.n; ++j) {
    s2[j] = R2 * b.c[j];
    ds2[j] = -R2 * hat(b.c[j]);
    F2[j].setZero();
  }
  TwoBodyForceDerivative W = TwoBodyForceDerivative::Zero();
  Eigen::Matrix<double, 3, 9> Dd;
  for (int j = 0; j < b.n; ++j) {
    for (int i = 0; i < a.n; ++i) {
      // f = k d / |d|^3 with d = X + s2_j - s1_i: df = k (I - 3 d d^T / |d|^2) / |d|^3 dd,
      // dd = dX - ds1_i xi1 + ds2_j xi2
      const Vector3d d = X + s2[j] - s1[i];
      const double r2 = d.squaredNorm();
      const double k = p.G * a.m[i] * b.m[j] / (r2 * std::sqrt(r2));
      const Vector3d f = k * d;
      F1[i] += f;
      F2[j] += f;
      const Matrix3d H = k * (Matrix3d::Identity() - (3.0 / r2) * d * d.transpose());
      Dd << Matrix3d::Identity(), -ds1[i], ds2[j];
      const Eigen::Matrix<double, 3, 9> df = H * Dd;
      W.middleRows<3>(0) += df;
      // tau1 = sum_ij s1_i x f_ij and tau2 = sum_ij f_ij x s2_j: the forces' change ...
      W.middleRows<3>(3) += hat(s1[i]) * df;
      W.middleRows<3>(6) -= hat(s2[j]) * df;
    }
  }
  // ... and the lever arms' turn, d s1_i x F1_i = -F1_i^ ds1_i xi1, F2_j x d s2_j
  for (int i = 0; i < a.n; ++i) W.block<3, 3>(3, 3) -= hat(F1[i]) * ds1[i];
  for (int j = 0; j < b.n; ++j) W.block<3, 3>(6, 6) += hat(F2[j]) * ds2[j];
  return W;
}

namespace {

// the derivative's coordinates of the step's own state, z = (X, xi1, xi2, p, pi1, pi2), then
// the control's u = (tau1, tau2, f)
constexpr int kZ = 18;

}  // namespace

bool twoBodyStepDerivative(const TwoBodyParams& p, double h, const TwoBodyStepState& x,
                           StepDerivative& d, std::string* why) {
  const int m = p.control ? 9 : 0;
  const Eigen::Index n = kZ + m;
  const double hh = 0.5 * h;
  const Matrix3d I = Matrix3d::Identity();
  using Rows = Eigen::Matrix<double, 3, Eigen::Dynamic>;
  const auto unit = [&](int at) {
    Rows r = Rows::Zero(3, n);
    r.block<3, 3>(0, at) = I;
    return r;
  };
  // each quantity's derivative with respect to (z, u) at the step's start, carried through it
  Rows dX = unit(0), dp = unit(9);
  std::array<Rows, 2> dxi{unit(3), unit(6)}, dpi{unit(12), unit(15)};
  std::array<Vector3d, 2> torque{Vector3d::Zero(), Vector3d::Zero()};
  Vector3d force = Vector3d::Zero();
  if (p.forced()) {
    const VectorXd& u = p.control->u;
    torque = {u.segment<3>(0), u.segment<3>(3)};
    force = u.segment<3>(6);
  }
  // the values the step passes through (plain sums: the compensation terms change the rounding,
  // not the map)
  std::array<Matrix3d, 2> R = x.R;
  Vector3d X = x.X, P = x.p;
  std::array<Vector3d, 2> pi = x.pi;
  // a half kick at the configuration (X, R): p -= h/2 (dU/dX - f), pi_i += h/2 (tau_i + R_i
  // tau_u,i), with the forces' derivative W at (X, R) and d(R u) = -R u^ dxi
  const auto halfKick = [&](const Vector3d& dUdX, const std::array<Vector3d, 2>& tau) {
    const TwoBodyForceDerivative W = twoBodyForceDerivative(p, X, R[0], R[1]);
    Eigen::Matrix<double, 9, Eigen::Dynamic> config(9, n);
    config << dX, dxi[0], dxi[1];
    const Eigen::Matrix<double, 9, Eigen::Dynamic> dW = W * config;
    P += -hh * dUdX + hh * force;
    dp -= hh * dW.middleRows<3>(0);
    if (m > 0) dp.block<3, 3>(0, kZ + 6) += hh * I;
    for (int i = 0; i < 2; ++i) {
      pi[i] += hh * tau[i] + hh * (R[i] * torque[i]);
      dpi[i] += hh * dW.middleRows<3>(3 + 3 * i);
      if (m > 0) {
        dpi[i] -= hh * (R[i] * hat(torque[i])) * dxi[i];
        dpi[i].block<3, 3>(0, kZ + 3 * i) += hh * R[i];
      }
    }
  };
  halfKick(x.dUdX, x.tau);
  // rotations: g = h R^T pi+ and (42), g^ = F Jd - Jd F^T; with dF = zeta^ F,
  // dg^ = zeta^ (F Jd) + (F Jd)^T zeta^ = ((tr(F Jd) I - F Jd) zeta)^, so zeta = K^-1 dg with
  // K = tr(F Jd) I - F Jd (the implicit function theorem at the converged F), and
  // R1 = R F moves by dR1 = R1 (F^T dxi + F^T zeta)^
  for (int i = 0; i < 2; ++i) {
    const SphereBody& b = p.body[i];
    const Vector3d body = R[i].transpose() * pi[i];
    const Eq42Solution sol = solveEq42(b.J, h * body, b.Jmin);
    if (!sol.converged)
      return stepFailure(why, "eq (42) for body " + std::to_string(i + 1) + ": " + sol.why);
    const Matrix3d F = cayley(sol.f);
    const Matrix3d FJd = F * (0.5 * b.J.trace() * I - b.J);
    const Matrix3d K = FJd.trace() * I - FJd;
    // d(R^T pi) = (R^T pi)^ dxi + R^T dpi
    const Rows dg = h * (hat(body) * dxi[i] + R[i].transpose() * dpi[i]);
    dxi[i] = F.transpose() * (dxi[i] + K.partialPivLu().solve(dg));
    R[i] = R[i] * F;
  }
  // drift
  X += (h / p.mu) * P;
  dX += (h / p.mu) * dp;
  // the second half kick at the new configuration
  Vector3d dUdX, M1, M2;
  twoBodyForces(p, X, R[0], R[1], dUdX, M1, M2);
  halfKick(dUdX, {R[0] * M1, R[1] * M2});
  // (z, u) -> z1
  MatrixXd Z(kZ, n);
  Z << dX, dxi[0], dxi[1], dp, dpi[0], dpi[1];
  // from the named state's tangent coordinates (R1 xi, Omega1, x1, v1, R2 xi, Omega2, x2, v2)
  // to z at the start: X = x2 - x1, p = mu (v2 - v1), pi_i = R_i J_i Omega_i moves by
  // -R_i (J_i Omega_i)^ dxi_i + R_i J_i dOmega_i
  MatrixXd in = MatrixXd::Zero(kZ, 24);
  in.block<3, 3>(0, 6) = -I;
  in.block<3, 3>(0, 18) = I;
  in.block<3, 3>(9, 9) = -p.mu * I;
  in.block<3, 3>(9, 21) = p.mu * I;
  for (int i = 0; i < 2; ++i) {
    in.block<3, 3>(3 + 3 * i, 12 * i) = I;
    in.block<3, 3>(12 + 3 * i, 12 * i) = -x.R[i] * hat(Vector3d(x.R[i].transpose() * x.pi[i]));
    in.block<3, 3>(12 + 3 * i, 12 * i + 3) = x.R[i] * p.body[i].J;
  }
  // from z at the end to the named state: Omega_i = J_i^-1 R_i^T pi_i moves by
  // J_i^-1 ((R_i^T pi_i)^ dxi_i + R_i^T dpi_i); x2 = (m1/M) X, x1 = x2 - X, v2 = (m1/M) p/mu,
  // v1 = v2 - p/mu
  const double w2 = p.body[0].mass / p.M, w1 = w2 - 1.0;
  MatrixXd out = MatrixXd::Zero(24, kZ);
  out.block<3, 3>(6, 0) = w1 * I;
  out.block<3, 3>(18, 0) = w2 * I;
  out.block<3, 3>(9, 9) = (w1 / p.mu) * I;
  out.block<3, 3>(21, 9) = (w2 / p.mu) * I;
  for (int i = 0; i < 2; ++i) {
    const auto Jinv = p.body[i].J.llt();
    out.block<3, 3>(12 * i, 3 + 3 * i) = I;
    out.block<3, 3>(12 * i + 3, 3 + 3 * i) = Jinv.solve(hat(Vector3d(R[i].transpose() * pi[i])));
    out.block<3, 3>(12 * i + 3, 12 + 3 * i) = Jinv.solve(R[i].transpose());
  }
  d.A = out * Z.leftCols(kZ) * in;
  d.B = out * Z.rightCols(m);
  return true;
}

MatrixXd twoBodySymplectic(const TwoBodyParams& p, const Vector3d& Pi1, const Vector3d& Pi2) {
  MatrixXd S = MatrixXd::Zero(24, 24);
  const Vector3d Pi[2] = {Pi1, Pi2};
  for (int i = 0; i < 2; ++i) {
    const int o = 12 * i;
    // xi_a . J dOmega_b - xi_b . J dOmega_a + Pi . (xi_a x xi_b), Pi . (xi_a x xi_b) =
    // xi_a^T (-Pi^) xi_b
    S.block<3, 3>(o, o) = -hat(Pi[i]);
    S.block<3, 3>(o, o + 3) = p.body[i].J;
    S.block<3, 3>(o + 3, o) = -p.body[i].J;
  }
  // mu (dX_a . dV_b - dX_b . dV_a), X = x2 - x1, V = v2 - v1
  Eigen::Matrix<double, 3, 24> LX = Eigen::Matrix<double, 3, 24>::Zero(), LV = LX;
  LX.block<3, 3>(0, 6) = -Matrix3d::Identity();
  LX.block<3, 3>(0, 18) = Matrix3d::Identity();
  LV.block<3, 3>(0, 9) = -Matrix3d::Identity();
  LV.block<3, 3>(0, 21) = Matrix3d::Identity();
  S += p.mu * (LX.transpose() * LV - LV.transpose() * LX);
  return S;
}

void twoBodyRhs(const TwoBodyParams& p, const double* y, double* dy) {
  const Eigen::Map<const Matrix3d> R1(y), R2(y + 9);
  const Eigen::Map<const Vector3d> X(y + 18), W1(y + 21), W2(y + 24), V(y + 27);
  Vector3d dUdX, M1, M2;
  twoBodyForces(p, X, R1, R2, dUdX, M1, M2);
  Eigen::Map<Matrix3d> dR1(dy), dR2(dy + 9);
  Eigen::Map<Vector3d> dX(dy + 18), dW1(dy + 21), dW2(dy + 24), dV(dy + 27);
  dR1 = R1 * hat(W1);
  dR2 = R2 * hat(W2);
  dX = V;
  const Matrix3d &J1 = p.body[0].J, &J2 = p.body[1].J;
  if (p.forced()) {
    const VectorXd& u = p.control->u;
    M1 += u.segment<3>(0);
    M2 += u.segment<3>(3);
    dUdX -= u.segment<3>(6);
  }
  dW1 = J1.llt().solve(M1 - W1.cross(J1 * W1));
  dW2 = J2.llt().solve(M2 - W2.cross(J2 * W2));
  dV = -dUdX / p.mu;
}

void twoBodyRhsJacobian(const TwoBodyParams& p, const double* y, MatrixXd& fy, MatrixXd& fu) {
  const Eigen::Map<const Matrix3d> R1(y), R2(y + 9);
  const Eigen::Map<const Vector3d> X(y + 18), W1(y + 21), W2(y + 24);
  const Matrix3d I = Matrix3d::Identity();
  const SphereBody &a = p.body[0], &b = p.body[1];
  fy = MatrixXd::Zero(kTwoBodyStateSize, kTwoBodyStateSize);
  // R_i' = R_i W_i^ (column-major): column c of R_i' is sum_k W_i^(k, c) R_i e_k, and its
  // derivative in W_i along e_k is R_i e_k^
  const Eigen::Map<const Matrix3d> Rs[2] = {R1, R2};
  const Vector3d Ws[2] = {W1, W2};
  for (int i = 0; i < 2; ++i) {
    const Matrix3d Wh = hat(Ws[i]);
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) fy.block<3, 3>(9 * i + 3 * c, 9 * i + 3 * k) = Wh(k, c) * I;
    for (int k = 0; k < 3; ++k)
      fy.block<9, 1>(9 * i, 21 + 3 * i + k) =
          Eigen::Map<const Eigen::Matrix<double, 9, 1>>(Matrix3d(Rs[i] * hat(I.col(k))).data());
  }
  // X' = V
  fy.block<3, 3>(18, 27) = I;
  // dU/dX, M1, M2 of twoBodyForces as functions of (R1, R2, X) as entries (off SO(3) too):
  // with d = X + R2 c2_j - R1 c1_i, dd = dX + dR2 c2_j - dR1 c1_i, and df = H dd as in
  // twoBodyForceDerivative; M1 = sum_i c1_i x R1^T F1_i, M2 = sum_j (R2^T F2_j) x c2_j
  Eigen::Matrix<double, 9, 21> D = Eigen::Matrix<double, 9, 21>::Zero();
  std::array<Vector3d, kTwoBodyMaxSpheres> F1, F2;
  for (int i = 0; i < a.n; ++i) F1[i].setZero();
  for (int j = 0; j < b.n; ++j) F2[j].setZero();
  Eigen::Matrix<double, 3, 21> Dd;
  for (int j = 0; j < b.n; ++j) {
    for (int i = 0; i < a.n; ++i) {
      const Vector3d d = X + R2 * b.c[j] - R1 * a.c[i];
      const double r2 = d.squaredNorm();
      const double k = p.G * a.m[i] * b.m[j] / (r2 * std::sqrt(r2));
      F1[i] += k * d;
      F2[j] += k * d;
      const Matrix3d H = k * (I - (3.0 / r2) * d * d.transpose());
      Dd.setZero();
      for (int c = 0; c < 3; ++c) {
        Dd.block<3, 3>(0, 3 * c) = -a.c[i][c] * I;
        Dd.block<3, 3>(0, 9 + 3 * c) = b.c[j][c] * I;
      }
      Dd.block<3, 3>(0, 18) = I;
      const Eigen::Matrix<double, 3, 21> df = H * Dd;
      D.middleRows<3>(0) += df;
      D.middleRows<3>(3) += hat(a.c[i]) * R1.transpose() * df;
      D.middleRows<3>(6) -= hat(b.c[j]) * R2.transpose() * df;
    }
  }
  // R^T F's change with R: (dR^T F)_c = dR e_c . F, the entries 3c..3c+2 of vec dR
  const auto transposed = [](const Vector3d& F) {
    Eigen::Matrix<double, 3, 9> T = Eigen::Matrix<double, 3, 9>::Zero();
    for (int c = 0; c < 3; ++c) T.block<1, 3>(c, 3 * c) = F.transpose();
    return T;
  };
  for (int i = 0; i < a.n; ++i) D.block<3, 9>(3, 0) += hat(a.c[i]) * transposed(F1[i]);
  for (int j = 0; j < b.n; ++j) D.block<3, 9>(6, 9) -= hat(b.c[j]) * transposed(F2[j]);
  // J_i W_i' = M_i + tau_i - W_i x J_i W_i, mu V' = -dU/dX + f
  for (int i = 0; i < 2; ++i) {
    const Matrix3d& J = p.body[i].J;
    const auto Jinv = J.llt();
    fy.block<3, 21>(21 + 3 * i, 0) = Jinv.solve(D.middleRows<3>(3 + 3 * i));
    fy.block<3, 3>(21 + 3 * i, 21 + 3 * i) =
        Jinv.solve(Matrix3d(hat(Vector3d(J * Ws[i])) - hat(Ws[i]) * J));
  }
  fy.block<3, 21>(27, 0) = -D.middleRows<3>(0) / p.mu;
  fu = MatrixXd::Zero(kTwoBodyStateSize, p.control ? 9 : 0);
  if (p.control) {
    for (int i = 0; i < 2; ++i) fu.block<3, 3>(21 + 3 * i, 3 * i) = p.body[i].J.llt().solve(I);
    fu.block<3, 3>(27, 6) = I / p.mu;
  }
}

double twoBodyEnergy(const TwoBodyParams& p, const Vector3d& X, const Matrix3d& R1,
                     const Matrix3d& R2, const Vector3d& W1, const Vector3d& W2,
                     const Vector3d& V) {
  return 0.5 * p.mu * V.squaredNorm() + 0.5 * W1.dot(p.body[0].J * W1) +
         0.5 * W2.dot(p.body[1].J * W2) + twoBodyPotential(p, X, R1, R2);
}

void twoBodyFill(const TwoBodyParams& p, double t, const double* y, Sample& s, SampleFields f) {
  const Eigen::Map<const Matrix3d> R1(y), R2(y + 9);
  const Eigen::Map<const Vector3d> X(y + 18), W1(y + 21), W2(y + 24), V(y + 27);
  s.t = t;
  s.energy = twoBodyEnergy(p, X, R1, R2, W1, W2, V);
  s.structure = std::max(orthogonalityError(R1), orthogonalityError(R2));
  s.structure2 = 0.0;
  s.momentum = p.mu * X.cross(V) + R1 * (p.body[0].J * W1) + R2 * (p.body[1].J * W2);
  if (f == SampleFields::All) {
    const double w2 = p.body[0].mass / p.M;  // x2 = (m1/M) X
    s.position = w2 * X;
    s.velocity = w2 * V;
    s.attitude = R2;
  }
  s.state = Eigen::Map<const Eigen::Matrix<double, kTwoBodyStateSize, 1>>(y);
}

std::vector<std::string> twoBodyStateNames() {
  std::vector<std::string> n;
  for (int b = 1; b <= 2; ++b)
    for (int j = 1; j <= 3; ++j)
      for (int i = 1; i <= 3; ++i)
        n.push_back("R" + std::to_string(b) + "_" + std::to_string(i) + std::to_string(j));
  for (const char* v : {"X", "W1_", "W2_", "V"})
    for (int i = 1; i <= 3; ++i) n.push_back(v + std::to_string(i));
  return n;
}

}  // namespace dms
