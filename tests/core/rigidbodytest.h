// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the rigid-body suites share (tst_dumbbell, tst_rigidbody): a free asymmetric top built
// with a potential defined here, random rotations and inertia tensors, the LGVI and its
// Dormand-Prince reference integrated to a time, and the dumbbell's default set-up.
#pragma once

#include <Eigen/Eigenvalues>
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

#include "core/fit.h"
#include "core/integrators/dormandprince.h"
#include "core/integrators/rkrun.h"
#include "core/lie/so3.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/dumbbell.h"
#include "core/systems/lgvi.h"

namespace dms::test {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// U = 0: a free rigid body, the third rigid body in a dozen lines (no core change)
class FreeTopPotential final : public RigidBodyPotential {
 public:
  double energy(const Vector3d&, const Matrix3d&) const override { return 0.0; }
  void gradient(const Vector3d&, const Matrix3d&, Vector3d& dUdx, Matrix3d& dUdR) const override {
    dUdx.setZero();
    dUdR.setZero();
  }
};

// an asymmetric top with a general (non-diagonal) inertia tensor: principal moments 1, 2, 2.5
// (a physical body: each at most the sum of the others) in axes rotated off the body frame
inline RigidBody freeTop() {
  RigidBody b;
  b.m = 2.0;
  const Matrix3d Q = so3Exp(Vector3d(0.3, -0.7, 0.5));
  b.J = Q * Vector3d(1.0, 2.0, 2.5).asDiagonal() * Q.transpose();
  b.J = 0.5 * (b.J + b.J.transpose());
  b.potential = std::make_shared<FreeTopPotential>();
  return b;
}

inline RigidBodyState freeTopStart() {
  RigidBodyState s;
  s.R = so3Exp(Vector3d(0.1, 0.2, -0.3));
  s.x = Vector3d(1.0, -2.0, 0.5);
  s.v = Vector3d(0.1, 0.0, -0.2);
  // near the middle axis: the tumbling motion, the hard case for an integrator
  s.Omega = Vector3d(0.4, 1.5, -0.8);
  return s;
}

inline Matrix3d randomRotation(std::mt19937& gen) {
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  return so3Exp(Vector3d(u(gen), u(gen), u(gen)));
}

// a random symmetric positive definite J with eigenvalues in [0.1, 1] (condition <= 10)
inline Matrix3d randomInertia(std::mt19937& gen) {
  std::uniform_real_distribution<double> u(0.1, 1.0);
  const Matrix3d Q = randomRotation(gen);
  const Matrix3d J = Q * Vector3d(u(gen), u(gen), u(gen)).asDiagonal() * Q.transpose();
  return 0.5 * (J + J.transpose());
}

inline std::vector<Sample> runAll(Run& run) {
  std::vector<Sample> all;
  while (run.advance(all, 1 << 20)) {
  }
  return all;
}

// the LGVI state after N = T/h steps (T a multiple of h)
inline RigidBodyState lgviTo(const RigidBody& b, RigidBodyState s, double h, double T) {
  const int n = int(std::lround(T / h));
  for (int k = 0; k < n; ++k) {
    std::string why;
    if (!lgviStep(b, h, s, &why)) qFatal("LGVI step failed: %s", why.c_str());
  }
  return s;
}

// the matrix form integrated by Dormand-Prince at tight tolerances, the reference solution
inline RigidBodyState rkTo(const RigidBody& b, const RigidBodyState& s0, double T, double rtol) {
  const ContinuousForm form = rigidBodyMatrixForm(b, s0);
  DormandPrince dp;
  DormandPrince::Options o;
  o.rtol = rtol;
  o.atol = rtol * 1e-2;
  dp.init(form.rhs, 0.0, form.y0, T, o);
  while (!dp.done())
    if (!dp.step()) qFatal("RK45 reference failed: %s", dp.error().c_str());
  const VectorXd& y = dp.y();
  RigidBodyState s;
  s.R = Eigen::Map<const Matrix3d>(y.data());
  s.x = y.segment<3>(9);
  s.Omega = y.segment<3>(12);
  s.v = y.segment<3>(15);
  return s;
}

struct Default {
  const SystemModel* model = findSystem("dumbbell");
  ParamValues values = model->normalize({}, nullptr);
  IntegratorSettings settings = model->defaultSettings();
};

}  // namespace dms::test
