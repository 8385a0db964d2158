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
  const std::int64_t N = su.settings.steps();
  std::int64_t steps = 0, newton = 0;
  std::uint64_t allocs = 0;
  std::string why;
  for (auto _ : state) {
    TwoBodyStepState x = su.x0;
    const HeapCounts before = heapCounts();
    for (std::int64_t k = 0; k < N; ++k) {
      int it = 0;
      if (!twoBodyStep(su.p, su.settings.h, x, true, &it, &why)) {
        state.SkipWithError(why.c_str());
        return;
      }
      newton += it;
    }
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x);
    steps += N;
  }
  state.counters["steps"] = double(N);
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["newton_per_step"] = steps > 0 ? double(newton) / double(steps) : 0.0;
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

struct TwoBodySink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy + s.state[0]; }
};

// the product's run of `method` (vi or rk45) at the set-up, as dmsim run asks for samples
inline void bmTwoBodyRun(benchmark::State& state, Method method) {
  const TwoBodySetup& su = twoBodySetup();
  TwoBodySink sink;
  std::int64_t steps = 0, fevals = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    std::unique_ptr<Run> run = su.model->makeRun(su.values, method, su.settings);
    const HeapCounts before = heapCounts();
    while (run->advance(sink, kChunk, SampleFields::Metrics)) {
    }
    allocs += heapCounts().allocations - before.allocations;
    if (run->failure().failed) {
      state.SkipWithError(run->failure().reason.c_str());
      return;
    }
    steps += run->counters().steps;
    fevals += run->counters().fevals;
  }
  benchmark::DoNotOptimize(sink.sum);
  state.counters["ns_per_step"] = perUnit(double(steps));
  if (method == Method::Rk45) state.counters["ns_per_eval"] = perUnit(double(fevals));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
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
  bool ok = true;
  for (Method m : {Method::Variational, Method::Rk45}) {
    const TwoBodySetup& su = twoBodySetup();
    std::unique_ptr<Run> run = su.model->makeRun(su.values, m, su.settings);
    TwoBodySink sink;
    const HeapCounts before = heapCounts();
    while (run->advance(sink, kChunk, SampleFields::Metrics)) {
    }
    const std::uint64_t a = heapCounts().allocations - before.allocations;
    const bool good = a == 0 && !run->failure().failed;
    os << "check two-body " << methodName(m) << ": " << a << " allocations in "
       << run->counters().steps << " steps" << (good ? ": ok" : ": FAIL") << "\n";
    ok = ok && good;
  }
  return ok;
}

}  // namespace dms::bench
