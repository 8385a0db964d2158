// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The C++ side of bench/python_bench.py: the planar pendulum at the article's set-up run through
// the core to its samples, each into the run's summary and into columns (t, energy, structure,
// structure2 and momentum where the system has them, the state) and through the run's shadow
// energy (core/sim/shadowenergy.h, its values into two more columns), as dms.run keeps them
// before NumPy takes them over. Prints the median CPU time of `repeats` runs in seconds.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <vector>

#include "core/analysis/parallel.h"
#include "core/sim/registry.h"
#include "core/sim/shadowenergy.h"
#include "core/sim/summary.h"

int main(int argc, char** argv) {
  using namespace dms;
  const int repeats = argc > 1 ? std::atoi(argv[1]) : 15;
  const SystemModel& model = *findSystem("planar-pendulum");
  const IntegratorSettings st = model.defaultSettings();
  const ParamValues values = model.normalize({}, nullptr);
  struct Columns final : SampleSink {
    RunSummary summary;
    RunShadow* shadow = nullptr;
    std::vector<double> t, energy, structure, state, shadowT, shadowValue;
    std::size_t d = 0;
    void take(const Sample& s) override {
      summary.add(s);
      if (shadow->take(s)) {
        shadowT.push_back(shadow->stream()->time());
        shadowValue.push_back(shadow->stream()->value());
      }
      t.push_back(s.t);
      energy.push_back(s.energy);
      structure.push_back(s.structure);
      for (std::size_t i = 0; i < d; ++i) state.push_back(s.state[Eigen::Index(i)]);
    }
  };
  std::vector<double> seconds;
  for (int r = 0; r < repeats; ++r) {
    const double c0 = threadCpuSeconds();
    std::unique_ptr<Run> run = model.makeRun(values, Method::Variational, st);
    RunShadow shadow(model, values, Method::Variational, st.h);
    Columns c;
    c.shadow = &shadow;
    c.d = run->stateNames().size();
    const std::size_t n = std::size_t(st.steps()) + 1;
    c.t.reserve(n);
    c.energy.reserve(n);
    c.structure.reserve(n);
    c.state.reserve(c.d * n);
    while (run->advance(c, 4096, SampleFields::Metrics)) {
    }
    seconds.push_back(threadCpuSeconds() - c0);
    if (c.t.size() != n) return 1;
  }
  std::nth_element(seconds.begin(), seconds.begin() + repeats / 2, seconds.end());
  std::cout << seconds[std::size_t(repeats / 2)] << "\n";
  return 0;
}
