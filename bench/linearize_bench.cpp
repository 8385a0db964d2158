// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_linearize_bench: the cost of a step's exact derivative (Simulator::linearize) against the
// step itself, on every system that declares tangent coordinates and every method with a
// derivative, at the system's default set-up. Prints the ratio linearize / step per row, the
// chain of 2's largest against the budget of 10, and the largest of all. A benchmark, not a test:
// the machine may be shared and noisy, so the ratios are taken within one run, each the best of
// seven repetitions in the thread's CPU time. `dms_linearize_bench SYSTEM` runs one system's rows.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>

#include "core/sim/registry.h"
#include "core/sim/simulator.h"

namespace {

// the thread's CPU time: a call preempted by another process on a shared machine is not
// charged for the time it waited
double threadSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

template <class F>
double perCall(int n, F&& f) {
  double best = 1e300;
  for (int r = 0; r < 7; ++r) {
    const double t0 = threadSeconds();
    for (int i = 0; i < n; ++i) f();
    best = std::min(best, (threadSeconds() - t0) / n);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dms;
  // the budget holds on the chain of 2 (the default pendulum-chain); every other row is
  // reported beside it
  constexpr double kBudget = 10.0;
  double worst = 0.0, worstChain = 0.0;
  std::string worstRow, worstChainRow;
  std::printf("%-24s %-10s %5s %12s %12s %8s\n", "system", "method", "d", "step [us]", "linearize",
              "ratio");
  for (const SystemModel* m : allSystems()) {
    if (m->declaration().tangent.empty()) continue;
    // dms_linearize_bench [SYSTEM]: one system only
    if (argc > 1 && m->name() != argv[1]) continue;
    const ParamValues v = m->normalize({}, nullptr);
    for (Method me : m->methods()) {
      if (me == Method::Rk45Proj || me == Method::Rkmk4) continue;
      Simulator sim(*m, me, v, m->defaultSettings());
      const VectorXd u = VectorXd::Zero(Eigen::Index(sim.controlSize()));
      const SimulatorSave start = sim.save();
      // the step from the same state each time: restore, then step (the restore is timed
      // alone and taken off)
      const double restore = perCall(2000, [&] { sim.restore(start); });
      const double step = perCall(2000,
                                  [&] {
                                    sim.restore(start);
                                    sim.step(u);
                                  }) -
                          restore;
      sim.restore(start);
      double sink = 0.0;
      const double lin = perCall(2000, [&] { sink += sim.linearize(u).A(0, 0); });
      const double ratio = lin / step;
      std::printf("%-24s %-10s %5lld %12.3f %12.3f %8.2f%s\n", m->name().c_str(),
                  methodName(me).c_str(), static_cast<long long>(sim.tangentSize()), step * 1e6,
                  lin * 1e6, ratio, sink == 12345.678 ? " " : "");
      if (ratio > worst) {
        worst = ratio;
        worstRow = m->name() + " " + methodName(me);
      }
      if (m->name() == "pendulum-chain" && ratio > worstChain) {
        worstChain = ratio;
        worstChainRow = methodName(me);
      }
    }
  }
  if (!worstChainRow.empty())
    std::printf("\nchain of 2, largest linearize / step: %.2f (%s); budget %.0f: %s\n", worstChain,
                worstChainRow.c_str(), kBudget, worstChain <= kBudget ? "met" : "NOT met");
  std::printf("largest linearize / step of every row: %.2f (%s)\n", worst, worstRow.c_str());
  return 0;
}
