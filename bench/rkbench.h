// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The RK45 benchmarks (bench/main.cpp): our Dormand-Prince on the bench's right-hand side, the
/// product's RK45 runs, and Boost.Odeint's controlled runge_kutta_dopri5 as the peer.
#pragma once

#include <benchmark/benchmark.h>

#include <array>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "bench/alloccounter.h"
#include "bench/setup.h"

namespace dms::bench {

namespace odeint = boost::numeric::odeint;

// RK45 run's work counters and final energy error, shared by ours and the peer's
inline void setRkCounters(benchmark::State& state, std::int64_t accepted, std::int64_t rejected,
                          std::int64_t fevals, std::uint64_t allocs, double dE) {
  const double it = double(state.iterations());
  state.counters["accepted"] = double(accepted);
  state.counters["rejected"] = double(rejected);
  state.counters["fevals"] = double(fevals);
  state.counters["ns_per_step"] = perUnit(double(accepted) * it);
  state.counters["ns_per_feval"] = perUnit(double(fevals) * it);
  state.counters["allocs"] = it > 0 ? double(allocs) / it : 0.0;
  state.counters["dE_T"] = dE;
}

// our Dormand-Prince (init + step() to tf), no dense output: DP is OurRk<P> (the product's
// RK45 runs) or DormandPrince (dynamic size, std::function: what they used before)
template <class P, class DP>
void bmRk(benchmark::State& state, RkController controller) {
  const Setup<P>& su = setup<P>();
  const typename DP::Options o = rkOptions<DP>(su.settings, controller);
  const typename DP::State y0 = su.y0;
  std::int64_t acc = 0, rej = 0, fe = 0;
  std::uint64_t allocs = 0;
  double dE = 0.0;
  for (auto _ : state) {
    const HeapCounts before = heapCounts();
    DP dp;
    dp.init(BenchRhs<P>{su.p}, 0.0, y0, su.tf, o);
    bool ok = true;
    while (ok && !dp.done()) ok = dp.step();
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(dp.y().data());
    if (!ok) {
      state.SkipWithError(dp.error().c_str());
      break;
    }
    acc = dp.accepted();
    rej = dp.rejected();
    fe = dp.fevals();
    dE = std::fabs(P::energy(su.p, dp.y()) - P::energy(su.p, su.y0));
  }
  setRkCounters(state, acc, rej, fe, allocs, dE);
}

// the product's RK45 run: makeRun(rk45 or rk45-quat), ode45 controller, dense output at
// t_k = k h
template <class P>
void bmRkRun(benchmark::State& state, Method method) {
  const Setup<P>& su = setup<P>();
  std::vector<Sample> out;
  out.reserve(kChunk);
  std::int64_t samples = 0, totalSamples = 0;
  RunCounters c;
  for (auto _ : state) {
    std::unique_ptr<Run> run = su.model->makeRun(su.values, method, su.settings);
    bool more = true;
    std::int64_t n = 0;
    while (more) {
      out.clear();
      more = run->advance(out, kChunk);
      n += std::int64_t(out.size());
    }
    benchmark::DoNotOptimize(out.data());
    if (run->failure().failed) {
      state.SkipWithError(run->failure().reason.c_str());
      break;
    }
    c = run->counters();
    samples = n;
    totalSamples += n;
  }
  state.counters["accepted"] = double(c.steps);
  state.counters["fevals"] = double(c.fevals);
  state.counters["samples"] = double(samples);
  state.counters["ns_per_sample"] = perUnit(double(totalSamples));
}

// the peer: Boost.Odeint's controlled runge_kutta_dopri5, integrate_adaptive from 0 to tf,
// first trial step h, error checker eps_abs = atol, eps_rel = rtol (a_x = a_dxdt = 1)
template <class P, class S>
void bmOdeint(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const double rtol = su.settings.rtol, atol = su.settings.atol;
  std::int64_t acc = 0, fe = 0;
  std::uint64_t allocs = 0;
  double dE = 0.0;
  for (auto _ : state) {
    const HeapCounts before = heapCounts();
    S x = toState<S>(su.y0);
    std::int64_t fevals = 0;
    const std::size_t steps = odeint::integrate_adaptive(
        odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<S>()),
        OdeintSystem<P, S>{su.p, &fevals}, x, 0.0, su.tf, su.settings.h);
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x.data());
    acc = std::int64_t(steps);
    fe = fevals;
    dE = std::fabs(P::energy(su.p, x) - P::energy(su.p, su.y0));
  }
  // FSAL: one evaluation to start, then 6 per attempted step; rejected = attempts - accepted
  if (fe > 0 && (fe - 1) % 6 != 0) {
    state.SkipWithError("odeint's evaluation count is not 1 + 6 per attempted step");
    return;
  }
  const std::int64_t attempts = (fe - 1) / 6;
  setRkCounters(state, acc, attempts - acc, fe, allocs, dE);
}

}  // namespace dms::bench
