// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The benchmarks' set-up (bench/main.cpp): each problem at the article's set-up, as the product
/// builds it, and what the RK45 benchmarks share (the bench's right-hand side, the options, the
/// peer's system functor).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/problems.h"
#include "core/integrators/dormandprince.h"
#include "core/sim/registry.h"

namespace dms::bench {

// samples per advance() call, as the CLI; and as the simulation worker (ui/sim/simworker.cpp)
constexpr std::size_t kChunk = 4096;
constexpr std::size_t kViewsChunk = 256;

// ---- set-up: the article's set-up of a system, as the product builds it -------------------

template <class P>
struct Setup {
  const SystemModel* model = nullptr;
  ParamValues values;
  typename P::Params p;
  IntegratorSettings settings;  // SystemModel::defaultSettings(): h, T, rtol 1e-3, atol 1e-6
  typename P::State x0;
  std::int64_t steps = 0;  // N = floor(T/h + 1e-9)
  double tf = 0.0;         // N h: ode45 with tspan = 0:h:T stops at the last output time
  VectorXd y0;             // RK45 initial state, read off the product's RkRun
};

// The product's state of a problem's full state and back: the same, but for a body on a pivot
// (P::kPivot), which the product stores as (R, Omega) where the problem's rigid body carries
// (R, x, Omega, v) with x = v = 0.
template <class P, class = void>
struct ProductLayout {
  static VectorXd product(const VectorXd& y) { return y; }
  static VectorXd full(const VectorXd& s) { return s; }
};
template <class P>
struct ProductLayout<P, std::void_t<decltype(P::kPivot)>> {
  static VectorXd product(const VectorXd& y) {
    VectorXd s(12);
    s << y.head<9>(), y.segment<3>(12);
    return s;
  }
  static VectorXd full(const VectorXd& s) {
    VectorXd y = VectorXd::Zero(18);
    y.head<9>() = s.head<9>();
    y.segment<3>(12) = s.tail<3>();
    return y;
  }
};

template <class P>
Setup<P> makeSetup() {
  Setup<P> s;
  s.model = findSystem(P::kName);
  if (!s.model) throw std::runtime_error(std::string("no system named ") + P::kName);
  s.values = s.model->normalize(defaultValues(s.model->params()), nullptr);
  s.settings = s.model->defaultSettings();
  validateSettings(s.settings);
  s.p = P::Params::from(s.values);
  s.x0 = P::initial(s.p);
  s.steps = s.settings.steps();
  s.tf = double(s.steps) * s.settings.h;
  std::unique_ptr<Run> rk = s.model->makeRun(s.values, Method::Rk45, s.settings);
  std::vector<Sample> first;
  rk->advance(first, 1);
  if (first.size() != 1) throw std::runtime_error(std::string(P::kName) + ": no RK45 sample");
  s.y0 = ProductLayout<P>::full(first[0].state);
  if (s.y0.size() != P::kDim)
    throw std::runtime_error(std::string(P::kName) + ": RK45 state has " +
                             std::to_string(s.y0.size()) + " entries, kDim says " +
                             std::to_string(P::kDim));
  return s;
}

template <class P>
const Setup<P>& setup() {
  static const Setup<P> s = makeSetup<P>();
  return s;
}

// our RK45 on P's rhs: the state fixed-size, the rhs a functor (inlined), as the systems'
// makeRun() give it to RkRunT with their parameters captured by value
template <class P>
struct BenchRhs {
  typename P::Params p;
  template <class Y, class DY>
  void operator()(double, const Y& y, DY& dy) const {
    P::rhs(p, y, dy);
  }
};
template <class P>
using OurRk = DormandPrinceT<P::kDim, BenchRhs<P>>;

template <class DP>
typename DP::Options rkOptions(const IntegratorSettings& s, RkController c) {
  // as RkRun with output sampling (the article's ode45 runs)
  typename DP::Options o;
  o.rtol = s.rtol;
  o.atol = s.atol;
  o.controller = c;
  o.firstOutputSpacing = s.h;
  return o;
}

// the peer's system functor; counts right-hand-side evaluations
template <class P, class S>
struct OdeintSystem {
  typename P::Params p;
  std::int64_t* fevals;
  void operator()(const S& x, S& dxdt, double /*t*/) const {
    ++*fevals;
    P::rhs(p, x, dxdt);
  }
};

template <class S>
S toState(const VectorXd& y) {
  S s{};
  if constexpr (std::is_same_v<S, std::vector<double>>) s.resize(std::size_t(y.size()));
  for (Eigen::Index i = 0; i < y.size(); ++i) s[std::size_t(i)] = y[i];
  return s;
}

inline benchmark::Counter perUnit(double units) {
  return benchmark::Counter(units, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace dms::bench
