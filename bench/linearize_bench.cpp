// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_linearize_bench: the cost of a step's exact derivative (Simulator::linearize) against the
// step itself, on every system that declares tangent coordinates and every method with a
// derivative, at the system's default set-up. Prints the ratio linearize / step per row and the
// largest, against the budget of 10. A benchmark, not a test: the machine may be shared and
// noisy, so the ratios are taken within one run, each the best of five repetitions.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "core/sim/registry.h"
#include "core/sim/simulator.h"

namespace {

using Clock = std::chrono::steady_clock;

// seconds per call of f, the best of five repetitions of n calls
template <class F>
double perCall(int n, F&& f) {
  double best = 1e300;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = Clock::now();
    for (int i = 0; i < n; ++i) f();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count() / n);
  }
  return best;
}

}  // namespace

int main() {
  using namespace dms;
  constexpr double kBudget = 10.0;
  double worst = 0.0;
  std::string worstRow;
  std::printf("%-24s %-10s %5s %12s %12s %8s\n", "system", "method", "d", "step [us]", "linearize",
              "ratio");
  for (const SystemModel* m : allSystems()) {
    if (m->declaration().tangent.empty()) continue;
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
    }
  }
  std::printf("\nlargest linearize / step: %.2f (%s); budget %.0f: %s\n", worst, worstRow.c_str(),
              kBudget, worst <= kBudget ? "met" : "NOT met");
  return 0;
}
