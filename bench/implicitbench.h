// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What the benches of the implicit variational steps share (the chain of pendula, the full
/// two-body problem): the core step over a whole set-up with its Newton iterations, the
/// product's run as dmsim run asks for samples, and the allocation check before the timings.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "bench/alloccounter.h"
#include "bench/setup.h"

namespace dms::bench {

/// The core step, all N steps of the set-up per iteration, from x0: `step(x, iterations, why)`
/// is one step that says how many Newton iterations it took.
template <class State, class Step>
void benchImplicitSteps(benchmark::State& state, std::int64_t N, const State& x0,
                        const Step& step) {
  std::int64_t steps = 0, newton = 0;
  std::uint64_t allocs = 0;
  std::string why;
  for (auto _ : state) {
    State x = x0;
    const HeapCounts before = heapCounts();
    for (std::int64_t k = 0; k < N; ++k) {
      int it = 0;
      if (!step(x, it, why)) {
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

/// A sink that reads what dmsim's summary reads of each sample.
struct EnergySink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy + s.state[0]; }
};

/// The product's run of `method` (vi or rk45) at a set-up, as dmsim run asks for samples.
inline void benchProductRun(benchmark::State& state, const SystemModel& model,
                            const ParamValues& values, const IntegratorSettings& settings,
                            Method method) {
  EnergySink sink;
  std::int64_t steps = 0, fevals = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    std::unique_ptr<Run> run = model.makeRun(values, method, settings);
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
  // per run: the steps (accepted, for RK45) and the right-hand-side or force evaluations, as
  // dmsim run's JSON counts them
  const double runs = std::max(1.0, double(state.iterations()));
  state.counters["steps"] = double(steps) / runs;
  state.counters["fevals"] = double(fevals) / runs;
  state.counters["ns_per_step"] = perUnit(double(steps));
  if (method == Method::Rk45) state.counters["ns_per_eval"] = perUnit(double(fevals));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

/// One run of `method` at a set-up, counted: any allocation in the step loop (after makeRun),
/// or a failed run, fails the bench. Prints "check <label> <method>: ...".
inline bool checkProductRun(std::ostream& os, const std::string& label, const SystemModel& model,
                            const ParamValues& values, const IntegratorSettings& settings,
                            Method method) {
  std::unique_ptr<Run> run = model.makeRun(values, method, settings);
  EnergySink sink;
  const HeapCounts before = heapCounts();
  while (run->advance(sink, kChunk, SampleFields::Metrics)) {
  }
  const std::uint64_t a = heapCounts().allocations - before.allocations;
  const bool good = a == 0 && !run->failure().failed;
  os << "check " << label << " " << methodName(method) << ": " << a << " allocations in "
     << run->counters().steps << " steps" << (good ? ": ok" : ": FAIL") << "\n";
  return good;
}

}  // namespace dms::bench
