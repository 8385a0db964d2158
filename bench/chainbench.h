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
#include "bench/implicitbench.h"
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
  benchImplicitSteps(state, su.settings.steps(), su.x0,
                     [&su](PendulumChainState& x, int& it, std::string& why) {
                       return pendulumChainStep(su.p, su.settings.h, x, true, &it, &why);
                     });
}

// the product's run of `method` (vi or rk45) at the set-up, as dmsim run asks for samples
inline void bmChainRun(benchmark::State& state, int n, Method method) {
  const ChainSetup& su = chainSetup(n);
  benchProductRun(state, *su.model, su.values, su.settings, method);
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
      ok = checkProductRun(os, "pendulum-chain n = " + std::to_string(n), *su.model, su.values,
                           su.settings, m) &&
           ok;
    }
  return ok;
}

}  // namespace dms::bench
