// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The systems with a typed potential against the fixed ones they reproduce, at the same values,
/// the product's vi run of each (as dmsim run asks for samples): custom-rigid-body with
/// pendulum-3d's potential typed in, and custom-sphere-particle with the spherical pendulum's.
/// The budget: at most 3x the fixed system's time per step for the rigid body and 4x for the
/// particle, whose fixed step is cheaper (muParser's bytecode in place of a few products), and
/// no allocation in the step loop.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>

#include "bench/alloccounter.h"
#include "bench/setup.h"
#include "core/sim/registry.h"
#include "core/systems/typedpotential.h"

namespace dms::bench {

/// The pairs compared: a typed system and the fixed one whose potential it types.
enum class TypedPair { RigidBody, SphereParticle };

struct TypedSetup {
  const SystemModel* fixed = nullptr;
  std::shared_ptr<const SystemModel> typed;
  ParamValues fixedValues, typedValues;
  IntegratorSettings settings;
  explicit TypedSetup(TypedPair pair) {
    if (pair == TypedPair::RigidBody) {
      fixed = findSystem("pendulum-3d");
      typed =
          withPotential(*findSystem("custom-rigid-body"), "-m*g*(R31*rho1 + R32*rho2 + R33*rho3)");
      fixedValues = fixed->normalize({}, nullptr);
      typedValues = typed->normalize({{"m", fixedValues.at("m")},
                                      {"g", fixedValues.at("g")},
                                      {"rho1", {fixedValues.at("rho")[0]}},
                                      {"rho2", {fixedValues.at("rho")[1]}},
                                      {"rho3", {fixedValues.at("rho")[2]}}},
                                     nullptr);
      settings = fixed->defaultSettings();
      settings.T = 10.0;  // 1000 steps
    } else {
      fixed = findSystem("spherical-pendulum");
      typed = withPotential(*findSystem("custom-sphere-particle"), "-m*g*l*q3");
      fixedValues = fixed->normalize({}, nullptr);
      typedValues = typed->normalize({{"m", fixedValues.at("m")},
                                      {"l", fixedValues.at("l")},
                                      {"g", fixedValues.at("g")},
                                      {"q0", fixedValues.at("q0")},
                                      {"omega0", fixedValues.at("omega0")}},
                                     nullptr);
      settings = fixed->defaultSettings();
      settings.T = 1000.0 * settings.h;  // 1000 steps
    }
  }
  const SystemModel& model(bool isTyped) const { return isTyped ? *typed : *fixed; }
  const ParamValues& values(bool isTyped) const { return isTyped ? typedValues : fixedValues; }
};

inline const TypedSetup& typedSetup(TypedPair pair) {
  static const TypedSetup body(TypedPair::RigidBody), particle(TypedPair::SphereParticle);
  return pair == TypedPair::RigidBody ? body : particle;
}

struct TypedSink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy; }
};

// one vi run after makeRun: its steps, the allocations in its loop, the time it took
struct TypedRunCost {
  std::int64_t steps = 0, fevals = 0;
  std::uint64_t allocs = 0;
  double seconds = 0.0;
  bool failed = false;
};
inline TypedRunCost typedRun(TypedPair pair, bool isTyped) {
  const TypedSetup& su = typedSetup(pair);
  std::unique_ptr<Run> run =
      su.model(isTyped).makeRun(su.values(isTyped), Method::Variational, su.settings);
  TypedSink sink;
  const HeapCounts before = heapCounts();
  const auto t0 = std::chrono::steady_clock::now();
  while (run->advance(sink, kChunk, SampleFields::Metrics)) {
  }
  const auto t1 = std::chrono::steady_clock::now();
  benchmark::DoNotOptimize(sink.sum);
  return {run->counters().steps, run->counters().fevals,
          heapCounts().allocations - before.allocations,
          std::chrono::duration<double>(t1 - t0).count(), run->failure().failed};
}

inline void bmTypedRun(benchmark::State& state, TypedPair pair, bool isTyped) {
  std::int64_t steps = 0, fevals = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    const TypedRunCost c = typedRun(pair, isTyped);
    if (c.failed) {
      state.SkipWithError("the run failed");
      return;
    }
    steps += c.steps;
    fevals += c.fevals;
    allocs += c.allocs;
  }
  const double runs = std::max(1.0, double(state.iterations()));
  state.counters["steps"] = double(steps) / runs;
  state.counters["fevals"] = double(fevals) / runs;
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

inline void registerTyped() {
  benchmark::RegisterBenchmark("typed-potential/pendulum-3d/vi_run", bmTypedRun,
                               TypedPair::RigidBody, false);
  benchmark::RegisterBenchmark("typed-potential/custom-rigid-body/vi_run", bmTypedRun,
                               TypedPair::RigidBody, true);
  benchmark::RegisterBenchmark("typed-potential/spherical-pendulum/vi_run", bmTypedRun,
                               TypedPair::SphereParticle, false);
  benchmark::RegisterBenchmark("typed-potential/custom-sphere-particle/vi_run", bmTypedRun,
                               TypedPair::SphereParticle, true);
}

// before the timings: no allocation in either loop, and the typed run within 3x of the fixed
// one per step (the best of 5 runs of each, interleaved, against a shared machine's noise)
inline bool checkTypedPair(std::ostream& os, TypedPair pair) {
  double best[2] = {1e300, 1e300};
  std::uint64_t allocs[2] = {0, 0};
  std::int64_t steps[2] = {0, 0};
  bool failed = false;
  for (int rep = 0; rep < 5; ++rep)
    for (int typed = 0; typed < 2; ++typed) {
      const TypedRunCost c = typedRun(pair, typed == 1);
      best[typed] = std::min(best[typed], c.seconds / double(std::max<std::int64_t>(c.steps, 1)));
      allocs[typed] += c.allocs;
      steps[typed] = c.steps;
      failed = failed || c.failed;
    }
  const double ratio = best[1] / best[0];
  // the particle's fixed step is a few products (about 30 ns): muParser's three derivatives
  // weigh more there (2.2x measured, best of 5), so its budget is 4x, the rigid body's 3x
  const double budget = pair == TypedPair::RigidBody ? 3.0 : 4.0;
  const bool good = !failed && allocs[0] == 0 && allocs[1] == 0 && ratio <= budget;
  const TypedSetup& su = typedSetup(pair);
  os << "check " << su.typed->name() << " (" << su.fixed->name()
     << "'s potential typed) vi: " << best[1] * 1e9 << " ns/step against " << su.fixed->name()
     << "'s " << best[0] * 1e9 << " ns/step, ratio " << ratio << " (budget " << budget
     << "), allocations " << allocs[1] << " and " << allocs[0] << " in 5 x " << steps[1] << " steps"
     << (good ? ": ok" : ": FAIL") << "\n";
  return good;
}

inline bool checkTyped(std::ostream& os) {
  const bool body = checkTypedPair(os, TypedPair::RigidBody);
  const bool particle = checkTypedPair(os, TypedPair::SphereParticle);
  return body && particle;
}

}  // namespace dms::bench
