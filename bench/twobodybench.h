// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The full two-body problem at its default set-up (1999 KW4: 7 and 3 spheres, 21 sphere
/// pairs per force evaluation): the variational step, the product's vi and rk45 runs, and
/// Boost.Odeint's dopri5 on the same right-hand side as the peer per evaluation, with the
/// allocations of each loop, which must be 0.
#pragma once

#include <benchmark/benchmark.h>

#include <array>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "bench/alloccounter.h"
#include "bench/implicitbench.h"
#include "bench/setup.h"
#include "core/sim/registry.h"
#include "core/systems/twobody.h"

namespace dms::bench {

struct TwoBodySetup {
  const SystemModel* model = findSystem("two-body");
  ParamValues values;
  TwoBodyParams p;
  IntegratorSettings settings;
  TwoBodyStepState x0;
  TwoBodySetup() {
    values = model->normalize({}, nullptr);
    p = TwoBodyParams::from(values);
    settings = model->defaultSettings();
    settings.T = 6.0e4;  // 1000 steps: about one orbit
    x0 = TwoBodyStepState::start(p);
  }
};

inline const TwoBodySetup& twoBodySetup() {
  static const TwoBodySetup s;
  return s;
}

// the core step, compensated (the product's default), all steps of the set-up per iteration
inline void bmTwoBodyStep(benchmark::State& state) {
  const TwoBodySetup& su = twoBodySetup();
  benchImplicitSteps(state, su.settings.steps(), su.x0,
                     [&su](TwoBodyStepState& x, int& it, std::string& why) {
                       return twoBodyStep(su.p, su.settings.h, x, true, &it, &why);
                     });
}

// the product's run of `method` (vi or rk45) at the set-up, as dmsim run asks for samples
inline void bmTwoBodyRun(benchmark::State& state, Method method) {
  const TwoBodySetup& su = twoBodySetup();
  benchProductRun(state, *su.model, su.values, su.settings, method);
}

// the peer: Boost.Odeint's controlled runge_kutta_dopri5 on std::array<double, 30> with the
// same right-hand side (twoBodyRhs), the set-up's tolerances, first trial step h
inline void bmTwoBodyOdeint(benchmark::State& state) {
  namespace odeint = boost::numeric::odeint;
  using S = std::array<double, kTwoBodyStateSize>;
  const TwoBodySetup& su = twoBodySetup();
  S y0{};
  {
    const std::unique_ptr<Run> run = su.model->makeRun(su.values, Method::Rk4, su.settings);
    std::vector<Sample> first;
    run->advance(first, 1);
    for (int i = 0; i < kTwoBodyStateSize; ++i) y0[std::size_t(i)] = first.front().state[i];
  }
  std::int64_t fevals = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    S x = y0;
    const HeapCounts before = heapCounts();
    odeint::integrate_adaptive(
        odeint::make_controlled(su.settings.atol, su.settings.rtol,
                                odeint::runge_kutta_dopri5<S>()),
        [&](const S& y, S& dy, double) {
          ++fevals;
          twoBodyRhs(su.p, y.data(), dy.data());
        },
        x, 0.0, su.settings.T, su.settings.h);
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x.data());
  }
  state.counters["ns_per_eval"] = perUnit(double(fevals));
  state.counters["allocs"] =
      state.iterations() > 0 ? double(allocs) / double(state.iterations()) : 0.0;
}

inline void registerTwoBody() {
  benchmark::RegisterBenchmark("two-body/vi_step", bmTwoBodyStep);
  benchmark::RegisterBenchmark("two-body/vi_run", bmTwoBodyRun, Method::Variational);
  benchmark::RegisterBenchmark("two-body/rk45_run", bmTwoBodyRun, Method::Rk45);
  benchmark::RegisterBenchmark("two-body/odeint_array", bmTwoBodyOdeint);
}

// before the timings: one vi run and one rk45 run, counted; any allocation in the step loop
// (after makeRun) fails the bench
inline bool checkTwoBody(std::ostream& os) {
  const TwoBodySetup& su = twoBodySetup();
  bool ok = true;
  for (Method m : {Method::Variational, Method::Rk45})
    ok = checkProductRun(os, "two-body", *su.model, su.values, su.settings, m) && ok;
  return ok;
}

}  // namespace dms::bench
