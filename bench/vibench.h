// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The variational benchmarks (bench/main.cpp): the core step, the minimal hand-written step
/// and the product's run, with the allocations each loop makes.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "bench/alloccounter.h"
#include "bench/setup.h"

namespace dms::bench {

// the core step function, N steps from x0 per iteration: the plain step, or the compensated
// one (the product's default)
template <class P, bool Compensated>
void bmViStep(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const double h = su.settings.h;
  std::string why;
  std::int64_t steps = 0;
  std::uint64_t allocs = 0;
  bool failed = false;
  for (auto _ : state) {
    typename P::State x = su.x0;
    typename P::Sums sums = P::sums(su.p, su.x0);
    const HeapCounts before = heapCounts();
    for (std::int64_t k = 0; k < su.steps; ++k) {
      const bool ok =
          Compensated ? P::stepCompensated(su.p, h, sums, &why) : P::step(su.p, h, x, &why);
      if (!ok) {
        failed = true;
        break;
      }
    }
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(sums);
    if (failed) {
      state.SkipWithError(why.c_str());
      break;
    }
    steps += su.steps;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

// one minimal step: M::stepCompensated where the plain and compensated states are one type
// (RATTLE), else M::step on either
template <class M, class = void>
struct HasStepCompensated : std::false_type {};
template <class M>
struct HasStepCompensated<M, std::void_t<decltype(&M::stepCompensated)>> : std::true_type {};
template <bool Compensated, class M, class X>
inline void minimalStep(const M& m, X& x) {
  if constexpr (Compensated && HasStepCompensated<M>::value)
    m.stepCompensated(x);
  else
    m.step(x);
}

// the minimal hand-written step (minimal.h), N steps from x0 per iteration
template <class P, bool Compensated>
void bmMinimalStep(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const typename P::Minimal mini = P::minimal(su.p, su.settings.h);
  std::int64_t steps = 0;
  for (auto _ : state) {
    if constexpr (Compensated) {
      typename P::Sums x = P::sums(su.p, su.x0);
      for (std::int64_t k = 0; k < su.steps; ++k) minimalStep<true>(mini, x);
      benchmark::DoNotOptimize(x);
    } else {
      typename P::State x = su.x0;
      for (std::int64_t k = 0; k < su.steps; ++k) minimalStep<false>(mini, x);
      benchmark::DoNotOptimize(x);
    }
    steps += su.steps;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["ns_per_step"] = perUnit(double(steps));
}

// what dmsim run does with each sample, minus the arithmetic of its summary: read it
struct ReadingSink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy + s.structure + s.state[0]; }
};

// the product's run: SystemModel::makeRun(vi) at its defaults (compensated steps, or plain
// ones with Plain) and advance() to the end, samples included. Views = false: as dmsim run
// asks (the metrics, passed to a sink one by one); true: as the simulation worker asks (whole
// samples, in vectors of its chunk size).
template <class P, bool Views, bool Plain = false>
void bmViRun(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  IntegratorSettings settings = su.settings;
  if (Plain) settings.summation = Summation::Plain;
  std::vector<Sample> out;
  out.reserve(kViewsChunk);
  ReadingSink sink;
  std::int64_t steps = 0, samples = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    std::unique_ptr<Run> run = su.model->makeRun(su.values, P::kMethod, settings);
    const HeapCounts before = heapCounts();
    std::int64_t n = 0;
    if (Views) {
      bool more = true;
      while (more) {
        out.clear();
        more = run->advance(out, kViewsChunk);
        n += std::int64_t(out.size());
      }
    } else {
      while (run->advance(sink, kChunk, SampleFields::Metrics)) {
      }
      n = run->counters().steps + 1;
    }
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(out.data());
    benchmark::DoNotOptimize(sink.sum);
    if (run->failure().failed) {
      state.SkipWithError(run->failure().reason.c_str());
      break;
    }
    steps += run->counters().steps;
    samples = n;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["samples"] = double(samples);
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

}  // namespace dms::bench
