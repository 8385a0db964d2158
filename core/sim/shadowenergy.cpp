// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/shadowenergy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/sim/registry.h"

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

void checkOrder(int order) {
  if (order <= 0 || order % 2 != 0 || order > shadowOrders().back())
    throw InputError("shadow energy: order " + std::to_string(order) + " is not one of " +
                     orderList());
}

void requireAvailable(const ShadowConstruction& c) {
  if (!c.available()) throw InputError("shadow energy: " + c.reason);
}

}  // namespace

const std::vector<int>& shadowOrders() {
  static const std::vector<int> orders = {2, 4, 6, 8, 10, 12};
  return orders;
}

ShadowEnergySeries shadowEnergy(const CanonicalTrajectory& x, const DiscreteLagrangian& Ld,
                                int order) {
  checkOrder(order);
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

ShadowAvailability shadowEnergyAvailability(const SystemModel& model, const ParamValues& values,
                                            Method method) {
  const ShadowConstruction c = model.shadowConstruction(values, method, 1.0);
  return {c.available(), c.reason};
}

ShadowAvailability shadowEnergyAvailability(const std::string& system, Method method) {
  const SystemModel* model = findSystem(system);
  if (!model) return {false, "no system named '" + system + "'"};
  return shadowEnergyAvailability(*model, model->normalize({}, nullptr), method);
}

void CanonicalReader::read(const Sample& s, VectorXd& q, VectorXd& p) {
  m_c.read(s, q, p);
  if (m_c.angular) {
    // the multiple of 2 pi nearest the previous sample's angle
    const double twoPi = 2 * 3.14159265358979323846;
    if (m_any) q[0] += twoPi * std::round((m_previous - q[0]) / twoPi);
    m_previous = q[0];
  }
  m_any = true;
}

CanonicalTrajectory canonicalTrajectory(const ShadowConstruction& c, double h,
                                        const std::vector<Sample>& samples) {
  requireAvailable(c);
  CanonicalTrajectory x;
  x.h = h;
  x.t.reserve(samples.size());
  x.q.resize(samples.size());
  x.p.resize(samples.size());
  CanonicalReader reader(c);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    x.t.push_back(samples[i].t);
    reader.read(samples[i], x.q[i], x.p[i]);
  }
  return x;
}

CanonicalTrajectory canonicalTrajectory(const std::string& system, const ParamValues& values,
                                        Method method, double h,
                                        const std::vector<Sample>& samples) {
  return canonicalTrajectory(shadowConstructionOf(system, values, method, h), h, samples);
}

DiscreteLagrangian discreteLagrangian(const std::string& system, const ParamValues& values,
                                      Method method, double h) {
  const ShadowConstruction c = shadowConstructionOf(system, values, method, h);
  requireAvailable(c);
  return c.lagrangian;
}

ShadowConstruction shadowConstructionOf(const std::string& system, const ParamValues& values,
                                        Method method, double h) {
  const SystemModel* model = findSystem(system);
  if (!model) throw InputError("shadow energy: no system named '" + system + "'");
  return model->shadowConstruction(values, method, h);
}

ShadowEnergySeries shadowEnergyOfRun(const SystemModel& model, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order) {
  const ShadowConstruction c = model.shadowConstruction(values, method, h);
  return shadowEnergy(canonicalTrajectory(c, h, samples), c.lagrangian, order);
}

ShadowEnergySeries shadowEnergyOfRun(const std::string& system, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order) {
  const SystemModel* model = findSystem(system);
  if (!model) throw InputError("shadow energy: no system named '" + system + "'");
  return shadowEnergyOfRun(*model, values, method, h, samples, order);
}

ShadowEnergyStream::ShadowEnergyStream(ShadowConstruction c, double h, int order)
    : m_c(std::move(c)), m_reader(m_c), m_h(h), m_order(order), m_k(order / 2) {
  requireAvailable(m_c);
  checkOrder(order);
  for (const PairWeight& w : stencilWeights(m_k)) m_weights.push_back({w.a, w.b, w.c});
  m_q.resize(std::size_t(m_k) + 1);
  m_p.resize(std::size_t(m_k) + 1);
  m_t.resize(std::size_t(m_k) + 1);
  m_actions.resize(std::size_t(m_k));
}

bool ShadowEnergyStream::take(const Sample& s) {
  // the newest sample at m_count mod (k + 1); the action of the step into it at mod k
  const std::size_t slots = std::size_t(m_k) + 1;
  const std::size_t at = std::size_t(m_taken % std::int64_t(slots));
  m_reader.read(s, m_q[at], m_p[at]);
  m_t[at] = s.t;
  if (m_taken > 0) {
    const std::size_t before = std::size_t((m_taken - 1) % std::int64_t(slots));
    m_actions[std::size_t((m_taken - 1) % m_k)] = m_c.lagrangian(m_q[before], m_q[at]);
  }
  ++m_taken;
  if (m_taken < std::int64_t(slots)) return false;
  // samples i..i+k of the window, i = m_taken - k - 1, as shadowEnergy() sums them
  const std::int64_t i = m_taken - std::int64_t(slots);
  const auto slot = [&](int a) { return std::size_t((i + a) % std::int64_t(slots)); };
  double sum = 0.0;
  for (const Weight& w : m_weights) {
    double action = 0.0;
    for (int j = w.a; j < w.b; ++j) action += m_actions[std::size_t((i + j) % m_k)];
    const double chord = (m_p[slot(w.a)] + m_p[slot(w.b)]).dot(m_q[slot(w.b)] - m_q[slot(w.a)]);
    sum += w.c * (chord - 2 * action);
  }
  m_value = sum / (2 * m_h);
  m_time = 0.5 * (m_t[slot(0)] + m_t[slot(m_k)]);
  if (m_values == 0) m_first = m_value;
  ++m_values;
  m_maxDev = std::max(m_maxDev, std::fabs(m_value - m_first));
  return true;
}

RunShadow::RunShadow(const SystemModel& model, const ParamValues& values, Method method, double h) {
  ShadowConstruction c = model.shadowConstruction(values, method, h);
  if (c.available())
    m_stream = std::make_unique<ShadowEnergyStream>(std::move(c), h, kRunShadowOrder);
  else
    m_reason = c.reason;
}

ShadowSummary RunShadow::summary() const {
  ShadowSummary s;
  s.reason = m_reason;
  if (!m_stream) return s;
  s.order = m_stream->order();
  s.values = m_stream->values();
  s.first = m_stream->first();
  s.maxDev = m_stream->maxDev();
  return s;
}

}  // namespace dms
