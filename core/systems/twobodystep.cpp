// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The two-body problem's equations: the mutual potential of two sphere sets, its forces and
// moments, the collision test, the variational step, the continuous right-hand side and the
// sample.
#include <Eigen/Cholesky>
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
