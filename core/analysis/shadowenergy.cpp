// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/shadowenergy.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "core/systems/dumbbell.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"

namespace dms {
namespace {

// Why the weights are what they are (docs/shadow-energy.md has the full derivation).
// For a symplectic map with discrete Lagrangian L_d, the modified flow (q(t), p(t)) with
// Hamiltonian H~ passes through the samples, and the exact discrete Lagrangian of H~ generates
// the same map, so the action sum from sample a to sample b is
//   S_ab = int_{t_a}^{t_b} p . dq - (t_b - t_a) H~   (up to a constant per step).
// Hence w(a, b) = (p_a + p_b).(q_b - q_a) - 2 S_ab = 2 (t_b - t_a) H~ + e(a, b), where
// e(a, b) = (p_a + p_b).(q_b - q_a) - 2 int p . dq is the error of the chord rule. e is
// antisymmetric in (a, b) and smooth, so with centre c = (a + b)/2 and lag d = b - a,
//   w = sum_{j>=0} g_j(c) (d h)^(2j+1),   g_0 = 2 H~ constant, g_j(c) = sum_r g_j^(r) (c h)^r/r!.
// On a stencil of k + 1 samples (centre k/2, offsets s = c - k/2) weights c_ab symmetric under
// time reversal cancel every term of odd r and even total degree; requiring
//   sum c_ab d = 1,   sum c_ab s^r d^(2j+1) = 0  for j >= 1, r even, 2j + 1 + r <= 2k - 1
// leaves H~ + O(h^(2k)) in sum c_ab w / (2h). The system is consistent and has exactly one
// symmetric solution for k = 1..6 (solved in rational arithmetic); the weights of k = 2 and 4
// are those Engle, Skeel and Drees (2005) publish in difference form. The terms of g_0's
// derivatives need no condition because g_0 is constant: that is where H~'s conservation
// enters, and why k + 1 samples reach order 2k.
struct PairWeight {
  int a, b;
  double c;
};

// The weights of the pairs with a + b <= k; the mirror pair (k - b, k - a) has the same weight.
const std::vector<PairWeight>& halfWeights(int k) {
  static const std::vector<std::vector<PairWeight>> tables = {
      {},
      {{0, 1, 1.0}},
      {{0, 1, 2.0 / 3}, {0, 2, -1.0 / 6}},
      {{0, 1, 3.0 / 10}, {0, 2, -3.0 / 20}, {0, 3, 1.0 / 30}, {1, 2, 9.0 / 10}},
      {{0, 1, 4.0 / 35},
       {0, 2, -3.0 / 35},
       {0, 3, 4.0 / 105},
       {0, 4, -1.0 / 140},
       {1, 2, 24.0 / 35},
       {1, 3, -8.0 / 35}},
      {{0, 1, 5.0 / 126},
       {0, 2, -5.0 / 126},
       {0, 3, 5.0 / 189},
       {0, 4, -5.0 / 504},
       {0, 5, 1.0 / 630},
       {1, 2, 25.0 / 63},
       {1, 3, -25.0 / 126},
       {1, 4, 25.0 / 378},
       {2, 3, 50.0 / 63}},
      {{0, 1, 1.0 / 77},
       {0, 2, -5.0 / 308},
       {0, 3, 10.0 / 693},
       {0, 4, -5.0 / 616},
       {0, 5, 1.0 / 385},
       {0, 6, -1.0 / 2772},
       {1, 2, 15.0 / 77},
       {1, 3, -10.0 / 77},
       {1, 4, 5.0 / 77},
       {1, 5, -3.0 / 154},
       {2, 3, 50.0 / 77},
       {2, 4, -75.0 / 308}},
  };
  return tables.at(std::size_t(k));
}

// every pair of the stencil 0..k with its weight
std::vector<PairWeight> stencilWeights(int k) {
  std::vector<PairWeight> all;
  for (const PairWeight& w : halfWeights(k)) {
    all.push_back(w);
    const PairWeight mirror{k - w.b, k - w.a, w.c};
    if (mirror.a != w.a || mirror.b != w.b) all.push_back(mirror);
  }
  return all;
}

std::string orderList() {
  std::string s;
  for (int o : shadowOrders()) s += (s.empty() ? "" : ", ") + std::to_string(o);
  return s;
}

const std::string& massSpringName() {
  static const std::string n = MassSpring().name();
  return n;
}
const std::string& planarName() {
  static const std::string n = PlanarPendulum().name();
  return n;
}
const std::string& sphericalName() {
  static const std::string n = SphericalPendulum().name();
  return n;
}
const std::string& dumbbellName() {
  static const std::string n = Dumbbell().name();
  return n;
}

void requireAvailable(const std::string& system, Method method) {
  const ShadowAvailability a = shadowEnergyAvailability(system, method);
  if (!a.available) throw InputError("shadow energy: " + a.reason);
}

}  // namespace

const std::vector<int>& shadowOrders() {
  static const std::vector<int> orders = {2, 4, 6, 8, 10, 12};
  return orders;
}

ShadowEnergySeries shadowEnergy(const CanonicalTrajectory& x, const DiscreteLagrangian& Ld,
                                int order) {
  if (order <= 0 || order % 2 != 0 || order > shadowOrders().back())
    throw InputError("shadow energy: order " + std::to_string(order) + " is not one of " +
                     orderList());
  const std::size_t n = x.t.size();
  if (x.q.size() != n || x.p.size() != n)
    throw InputError("shadow energy: t, q and p have different lengths");
  if (!(x.h > 0)) throw InputError("shadow energy: the step h must be positive");
  // t_k = t_0 + k h: the weights assume equal steps
  const double eps = std::numeric_limits<double>::epsilon();
  for (std::size_t i = 1; i < n; ++i) {
    const double expected = x.t[0] + double(i) * x.h;
    if (std::fabs(x.t[i] - expected) > 1e-6 * x.h + 8 * eps * std::fabs(expected)) {
      std::ostringstream m;
      m << "shadow energy: sample " << i << " is at t = " << x.t[i] << ", not t_0 + " << i
        << " h = " << expected << ": the construction needs a uniform step";
      throw InputError(m.str());
    }
  }
  const int k = order / 2;
  ShadowEnergySeries out;
  out.order = order;
  if (n < std::size_t(k) + 1) return out;
  // the action of each step, once
  std::vector<double> L(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) L[i] = Ld(x.q[i], x.q[i + 1]);
  const std::vector<PairWeight> weights = stencilWeights(k);
  const std::size_t count = n - std::size_t(k);
  out.t.resize(count);
  out.value.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    double sum = 0.0;
    for (const PairWeight& w : weights) {
      const std::size_t a = i + std::size_t(w.a), b = i + std::size_t(w.b);
      double action = 0.0;
      for (std::size_t j = a; j < b; ++j) action += L[j];
      const double chord = (x.p[a] + x.p[b]).dot(x.q[b] - x.q[a]);
      sum += w.c * (chord - 2 * action);
    }
    out.value[i] = sum / (2 * x.h);
    out.t[i] = 0.5 * (x.t[i] + x.t[i + std::size_t(k)]);
  }
  return out;
}

ShadowAvailability shadowEnergyAvailability(const std::string& system, Method method) {
  ShadowAvailability a;
  const bool known = system == massSpringName() || system == planarName() ||
                     system == sphericalName() || system == dumbbellName();
  if (!known) {
    a.reason = "unknown system '" + system + "'";
    return a;
  }
  if (system == dumbbellName()) {
    a.reason =
        "not available for the dumbbell: its Lie group step carries the attitude R in SO(3) and "
        "the body-frame momentum; the construction needs the samples as (q, p) in linear "
        "coordinates with the step's discrete Lagrangian in them (R as a point of R^{3x3} would "
        "do in principle), which is not implemented or tested";
    return a;
  }
  const bool sphere = system == sphericalName();
  if (method == Method::Variational || (sphere && method == Method::Rattle)) {
    a.available = true;
    return a;
  }
  if (method == Method::Vi4) {
    a.reason =
        "not available for vi4: its step is a composition of three vi steps, and its discrete "
        "Lagrangian needs the two inner configurations of each step, which the samples do not "
        "hold";
    return a;
  }
  a.reason = "not available for " + methodName(method) +
             ": only a symplectic map has a modified Hamiltonian (this method's energy drifts); "
             "the construction applies to " +
             (sphere ? std::string("vi and rattle") : std::string("vi"));
  return a;
}

CanonicalTrajectory canonicalTrajectory(const std::string& system, const ParamValues& values,
                                        Method method, double h,
                                        const std::vector<Sample>& samples) {
  requireAvailable(system, method);
  CanonicalTrajectory x;
  x.h = h;
  x.t.reserve(samples.size());
  x.q.reserve(samples.size());
  x.p.reserve(samples.size());
  for (const Sample& s : samples) x.t.push_back(s.t);
  if (system == massSpringName()) {
    const MassSpringParams p = MassSpringParams::from(values);
    for (const Sample& s : samples) {
      x.q.push_back(VectorXd::Constant(1, s.state[0]));
      x.p.push_back(VectorXd::Constant(1, p.m * s.state[1]));
    }
  } else if (system == planarName()) {
    const PlanarPendulumParams p = PlanarPendulumParams::from(values);
    const double ml2 = p.m * p.l * p.l, twoPi = 2 * 3.14159265358979323846;
    double previous = 0.0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const StateVec& y = samples[i].state;  // R11, R21, R12, R22, Omega
      double theta = std::atan2(y[1], y[0]);
      // unwrapped: the multiple of 2 pi nearest the previous sample (a step turns by less than
      // pi/2, the principal branch of eq (25))
      if (i > 0) theta += twoPi * std::round((previous - theta) / twoPi);
      previous = theta;
      x.q.push_back(VectorXd::Constant(1, theta));
      x.p.push_back(VectorXd::Constant(1, ml2 * y[4]));
    }
  } else {
    const SphericalPendulumParams p = SphericalPendulumParams::from(values);
    const double ml2 = p.m * p.l * p.l;
    for (const Sample& s : samples) {
      const Vector3d q = s.state.head<3>(), v = s.state.tail<3>();
      x.q.push_back(q);
      // vi carries omega (qdot = omega x q), RATTLE the momentum itself
      x.p.push_back(method == Method::Rattle ? Vector3d(v) : Vector3d(ml2 * v.cross(q)));
    }
  }
  return x;
}

DiscreteLagrangian discreteLagrangian(const std::string& system, const ParamValues& values,
                                      Method method, double h) {
  requireAvailable(system, method);
  if (system == massSpringName()) {
    const MassSpringParams p = MassSpringParams::from(values);
    // eqs (10)-(11) are the midpoint rule: L_d = h L((q0 + q1)/2, (q1 - q0)/h)
    return [m = p.m, kappa = p.kappa, h](const VectorXd& q0, const VectorXd& q1) {
      const double dq = q1[0] - q0[0], mid = 0.5 * (q0[0] + q1[0]);
      return m / (2 * h) * dq * dq - 0.5 * h * kappa * mid * mid;
    };
  }
  if (system == planarName()) {
    const PlanarPendulumParams p = PlanarPendulumParams::from(values);
    // eq (20) with h/2 on both potential terms; (1/2) tr(I - F) = 1 - cos dtheta, written as
    // 2 sin^2(dtheta/2) so that small steps keep their digits
    return
        [ml2 = p.m * p.l * p.l, mgl = p.m * p.g * p.l, h](const VectorXd& q0, const VectorXd& q1) {
          const double half = std::sin(0.5 * (q1[0] - q0[0]));
          return 2 * ml2 / h * half * half + 0.5 * h * mgl * (std::cos(q0[0]) + std::cos(q1[0]));
        };
  }
  const SphericalPendulumParams p = SphericalPendulumParams::from(values);
  // the discrete Lagrangian stated after eq (33); RATTLE is the variational step of the same one
  return [ml2 = p.m * p.l * p.l, mgl = p.m * p.g * p.l, h](const VectorXd& q0, const VectorXd& q1) {
    return ml2 / (2 * h) * (q1 - q0).squaredNorm() + 0.5 * h * mgl * (q0[2] + q1[2]);
  };
}

ShadowEnergySeries shadowEnergyOfRun(const std::string& system, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order) {
  return shadowEnergy(canonicalTrajectory(system, values, method, h, samples),
                      discreteLagrangian(system, values, method, h), order);
}

}  // namespace dms
