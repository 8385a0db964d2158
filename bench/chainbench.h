// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The chain of n spherical pendula at n = 2, 4, 8, to show how its cost grows with n: the
/// implicit variational step (Newton on 3n unknowns), the product's vi run, RK45 (ode45) per
/// evaluation of the (S^2)^n equations, with the allocations of each loop, which must be 0.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "bench/alloccounter.h"
#include "bench/setup.h"
#include "core/sim/registry.h"
#include "core/systems/pendulumchain.h"

namespace dms::bench {

struct ChainSetup {
  const SystemModel* model = findSystem("pendulum-chain");
  ParamValues values;
  PendulumChainParams p;
  IntegratorSettings settings;
  PendulumChainState x0;
  explicit ChainSetup(int n) {
    values = model->normalize({{"n", {double(n)}}}, nullptr);
    p = PendulumChainParams::from(values);
    settings = model->defaultSettings();
    settings.T = 5.0;  // 1000 steps: the falling chain's first swings
    ChainMat A;
    pendulumChainMatrix(p, p.q0, A);
    ChainVec w(3 * n);
    for (int i = 0; i < n; ++i) w.segment<3>(3 * i) = p.omega0[i];
    const ChainVec pi = A * w;
    x0.n = n;
    for (int i = 0; i < n; ++i) {
      x0.q[i] = p.q0[i];
      x0.pi[i] = pi.segment<3>(3 * i);
    }
  }
};

inline const ChainSetup& chainSetup(int n) {
  static const ChainSetup s2(2), s4(4), s8(8);
  return n == 2 ? s2 : n == 4 ? s4 : s8;
}

// the core step, compensated (the product's default), all steps of the set-up per iteration
inline void bmChainStep(benchmark::State& state, int n) {
  const ChainSetup& su = chainSetup(n);
  const std::int64_t N = su.settings.steps();
  std::int64_t steps = 0, newton = 0;
  std::uint64_t allocs = 0;
  std::string why;
  for (auto _ : state) {
    PendulumChainState x = su.x0;
    const HeapCounts before = heapCounts();
    for (std::int64_t k = 0; k < N; ++k) {
      int it = 0;
      if (!pendulumChainStep(su.p, su.settings.h, x, true, &it, &why)) {
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

// the product's run of `method` (vi or rk45) at the set-up, as dmsim run asks for samples
struct ChainSink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy + s.state[0]; }
};
inline void bmChainRun(benchmark::State& state, int n, Method method) {
  const ChainSetup& su = chainSetup(n);
  ChainSink sink;
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

inline void registerChain() {
  for (int n : {2, 4, 8}) {
    const std::string b = "pendulum-chain/n" + std::to_string(n);
    benchmark::RegisterBenchmark((b + "/vi_step").c_str(), bmChainStep, n);
    benchmark::RegisterBenchmark((b + "/vi_run").c_str(), bmChainRun, n, Method::Variational);
    benchmark::RegisterBenchmark((b + "/rk45_run").c_str(), bmChainRun, n, Method::Rk45);
  }
}

// before the timings: one vi run and one rk45 run per n, counted; any allocation in the step
// loop (after makeRun) fails the bench
inline bool checkChain(std::ostream& os) {
  bool ok = true;
  for (int n : {2, 4, 8})
    for (Method m : {Method::Variational, Method::Rk45}) {
      const ChainSetup& su = chainSetup(n);
      std::unique_ptr<Run> run = su.model->makeRun(su.values, m, su.settings);
      ChainSink sink;
      const HeapCounts before = heapCounts();
      while (run->advance(sink, kChunk, SampleFields::Metrics)) {
      }
      const std::uint64_t a = heapCounts().allocations - before.allocations;
      const bool good = a == 0 && !run->failure().failed;
      os << "check pendulum-chain n = " << n << " " << methodName(m) << ": " << a
         << " allocations in " << run->counters().steps << " steps" << (good ? ": ok" : ": FAIL")
         << "\n";
      ok = ok && good;
    }
  return ok;
}

}  // namespace dms::bench
