// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_work_precision's systems: each one's set-up as the product builds it (the registry's
// normalize and defaults) and its continuous right-hand side, the one its makeRun gives RK45
// and RK4 (pendulumChainRhs, RigidBodyMatrixRhs, twoBodyRhs), for the peer and the reference.
#include <stdexcept>

#include "bench/workprecision.h"
#include "core/systems/pendulum3d.h"
#include "core/systems/pendulumchain.h"
#include "core/systems/rigidbody.h"
#include "core/systems/twobody.h"

namespace dms::bench::wp {

namespace {

// the system's set-up and its initial state in the product's layout: the first sample of its
// RK45 run (every method starts from it; main checks that each method's first sample agrees)
Case baseCase(const std::string& label, const std::string& system, const ParamValues& given,
              double T) {
  Case c;
  c.label = label;
  c.model = findSystem(system);
  if (!c.model) throw std::runtime_error("no system named " + system);
  c.values = c.model->normalize(given, nullptr);
  c.base = c.model->defaultSettings();
  c.base.T = T;
  validateSettings(c.base);
  std::unique_ptr<Run> rk = c.model->makeRun(c.values, Method::Rk45, c.base);
  std::vector<Sample> first;
  rk->advance(first, 1);
  if (first.size() != 1) throw std::runtime_error(label + ": no first sample");
  c.y0 = first[0].state;
  return c;
}

template <int n>
struct ChainRhs {
  static constexpr int kDim = 6 * n;
  PendulumChainParams p;
  void operator()(const double* y, double* dy) const { pendulumChainRhs(p, y, dy); }
};

template <int n>
void bindChain(Case& c) {
  bindCase(c, ChainRhs<n>{PendulumChainParams::from(c.values)},
           [](const VectorXd& y) { return y; });
}

// the rigid body's eqs (37)-(40) on (R column by column, x, Omega, v); shared, since the
// functor (an LLT of J with the body) is copied into every closure
struct RigidRhs {
  static constexpr int kDim = 18;
  std::shared_ptr<const RigidBodyMatrixRhs> f;
  void operator()(const double* y, double* dy) const {
    const Eigen::Map<const Eigen::Matrix<double, 18, 1>> ym(y);
    Eigen::Map<Eigen::Matrix<double, 18, 1>> dym(dy);
    (*f)(0.0, ym, dym);
  }
};

struct TwoBodyRhs {
  static constexpr int kDim = kTwoBodyStateSize;
  TwoBodyParams p;
  void operator()(const double* y, double* dy) const { twoBodyRhs(p, y, dy); }
};

}  // namespace

Case chainCase(int n, double T) {
  Case c = baseCase("chain n = " + std::to_string(n), "pendulum-chain", {{"n", {double(n)}}}, T);
  // (q_1..q_n, omega_1..omega_n), every method's sample alike
  for (int i = 0; i < 2 * n; ++i) c.parts.push_back({3 * i, 3});
  switch (n) {
    case 2:
      bindChain<2>(c);
      break;
    case 4:
      bindChain<4>(c);
      break;
    case 8:
      bindChain<8>(c);
      break;
    default:
      throw std::runtime_error("chainCase: n must be 2, 4 or 8");
  }
  return c;
}

Case heavyTopCase() {
  // resources/examples/heavy-top.json: Bruls, Cardona and Arnold's heavy top (docs/numerics.md)
  const ParamValues v = {{"m", {15.0}},
                         {"g", {9.81}},
                         {"J", {15.234375, 0.46875, 15.234375}},
                         {"rho", {0.0, 1.0, 0.0}},
                         {"rotvec0", {0.0, 0.0, 0.0}},
                         {"Omega0", {0.0, 150.0, 4.61538}}};
  Case c = baseCase("heavy top", "pendulum-3d", v, 1.0);
  c.base.h = 1.0 / 8192.0;  // the example's h = 2^-13
  // a body on a pivot is sampled as (R column by column, Omega): 12 numbers; the continuous
  // form carries x = v = 0 besides (18)
  c.parts = {{0, 9}, {9, 3}};
  const VectorXd s = c.y0;
  c.y0 = VectorXd::Zero(18);
  c.y0.head<9>() = s.head<9>();
  c.y0.segment<3>(12) = s.tail<3>();
  const Pendulum3dParams p = Pendulum3dParams::from(c.values);
  bindCase(c, RigidRhs{std::make_shared<const RigidBodyMatrixRhs>(p.body())},
           [](const VectorXd& y) {
             VectorXd s(12);
             s << y.head<9>(), y.segment<3>(12);
             return s;
           });
  return c;
}

Case kw4Case() {
  // the default spheres are 1999 KW4's (docs/numerics.md); its sweep horizon, a fifth of the
  // orbit: the error counts metres of a 2.5 km orbit, and rad/s of spins of 6e-4 rad/s
  const SystemModel* m = findSystem("two-body");
  if (!m) throw std::runtime_error("no system named two-body");
  Case c = baseCase("KW4", "two-body", {}, m->sweepHorizon(m->defaultSettings()));
  // R1, R2, X, Omega1, Omega2, V; atol 1e-4 rtol: the spins are 6e-4 rad/s, X 2.5e3 m
  c.parts = {{0, 9}, {9, 9}, {18, 3}, {21, 3}, {24, 3}, {27, 3}};
  c.atolScale = 1e-4;
  bindCase(c, TwoBodyRhs{TwoBodyParams::from(c.values)}, [](const VectorXd& y) { return y; });
  return c;
}

}  // namespace dms::bench::wp
