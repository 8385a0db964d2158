// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/ensemble.h"

#include <cmath>
#include <memory>
#include <random>
#include <utility>

#include "core/analysis/parallel.h"
#include "core/sim/namedstate.h"
#include "core/sim/simulator.h"

namespace dms {
namespace {

constexpr int kMaxMembers = 10000000;

// keeps the last sample and adds every sample to the summary: a member stores nothing else
class LastSample final : public SampleSink {
 public:
  explicit LastSample(RunSummary& summary) : m_summary(summary) {}
  void take(const Sample& s) override {
    m_summary.add(s);
    last = s;
  }
  Sample last;

 private:
  RunSummary& m_summary;
};

std::string memberText(std::size_t i) { return "member " + std::to_string(i); }

// a member given by its state: the forced simulator with no control, to N steps
EnsembleMember runState(const SystemModel& model, const EnsembleInput& in,
                        const ParamValues& values, std::size_t i, const std::atomic<bool>* cancel) {
  EnsembleMember out;
  out.summary = RunSummary(conservedMomentumMask(model, values));
  Simulator sim(model, in.method, values, in.settings, &in.states[i]);
  out.summary.add(sim.sample());
  const std::int64_t n = in.settings.steps();
  for (std::int64_t k = 0; k < n; ++k) {
    if (cancel && (k & 1023) == 0 && cancel->load()) {
      out.cancelled = true;
      break;
    }
    if (!sim.step()) break;
    out.summary.add(sim.sample());
  }
  out.final = sim.state();
  out.t = sim.t();
  out.counters = sim.counters();
  out.failure = sim.failure();
  return out;
}

// a member given by its parameters: the system's own run, as dmsim run makes it
EnsembleMember runParams(const SystemModel& model, const EnsembleInput& in, std::size_t i,
                         const std::atomic<bool>* cancel) {
  EnsembleMember out;
  const ParamValues& values = in.memberValues[i];
  out.summary = RunSummary(conservedMomentumMask(model, values));
  const std::unique_ptr<Run> run = model.makeRun(values, in.method, in.settings);
  LastSample sink(out.summary);
  const SampleFields fields =
      model.namedStateNeedsPose(in.method) ? SampleFields::All : SampleFields::Metrics;
  bool more = true;
  while (more) {
    if (cancel && cancel->load()) {
      out.cancelled = true;
      break;
    }
    more = run->advance(sink, 1024, fields);
  }
  out.final = namedState(model, in.method, sink.last);
  out.t = sink.last.t;
  out.counters = run->counters();
  out.failure = run->failure();
  return out;
}

}  // namespace

std::size_t ensembleSize(const EnsembleInput& in) {
  return in.states.empty() ? in.memberValues.size() : in.states.size();
}

std::vector<EnsembleMember> runEnsemble(const SystemModel& model, const EnsembleInput& given,
                                        unsigned jobs, const std::atomic<bool>* cancel) {
  if (given.states.empty() == given.memberValues.empty())
    throw InputError(given.states.empty()
                         ? "an ensemble needs its members: states or parameter sets, got neither"
                         : "an ensemble takes states or parameter sets, not both");
  const std::size_t n = ensembleSize(given);
  if (n > std::size_t(kMaxMembers))
    throw InputError("an ensemble has at most " + std::to_string(kMaxMembers) + " members, got " +
                     std::to_string(n));
  validateSettings(given.settings);
  if (!model.hasMethod(given.method))
    throw InputError(model.name() + " has no method " + methodName(given.method));
  // every member is checked before any runs: a bad one names itself and nothing is computed
  EnsembleInput in = given;
  const ParamValues values = model.normalize(in.values, nullptr);
  for (std::size_t i = 0; i < in.memberValues.size(); ++i) {
    try {
      in.memberValues[i] = model.normalize(in.memberValues[i], nullptr);
    } catch (const InputError& e) {
      throw InputError(memberText(i) + ": " + e.what());
    }
  }
  for (std::size_t i = 0; i < in.states.size(); ++i) {
    try {
      Simulator check(model, in.method, values, in.settings, &in.states[i]);
    } catch (const InputError& e) {
      throw InputError(memberText(i) + ": " + e.what());
    }
  }
  std::vector<EnsembleMember> out(n);
  parallelFor(
      n, jobs,
      [&](std::size_t i) {
        out[i] = in.states.empty() ? runParams(model, in, i, cancel)
                                   : runState(model, in, values, i, cancel);
      },
      {}, cancel);
  // members a cancel skipped before they started: their initial state, marked cancelled
  if (cancel && cancel->load())
    for (std::size_t i = 0; i < n; ++i)
      if (out[i].final.empty()) {
        out[i].cancelled = true;
        if (!in.states.empty()) out[i].final = in.states[i];
      }
  return out;
}

std::vector<ParamValues> sampleMembers(const SystemModel& model, const ParamValues& base,
                                       const std::map<std::string, double>& spread, int members,
                                       std::uint64_t seed) {
  if (members < 1 || members > kMaxMembers)
    throw InputError("members must be in [1, " + std::to_string(kMaxMembers) + "], got " +
                     std::to_string(members));
  const ParamValues center = model.normalize(base, nullptr);
  const std::vector<ParamSpec> specs = model.paramsFor(center);
  for (const auto& [name, sigma] : spread) {
    if (!findSpec(specs, name) || !center.count(name))
      throw InputError("spread: " + model.name() + " has no parameter '" + name + "'");
    if (!std::isfinite(sigma) || sigma < 0.0)
      throw InputError("spread of " + name + " must be a finite number >= 0, got " +
                       formatNumber(sigma));
  }
  std::mt19937_64 engine(seed);
  // uniform in (0, 1]: 53 random bits, never 0 (the logarithm of Box-Muller)
  const auto uniform = [&engine] { return (double(engine() >> 11) + 1.0) * 0x1.0p-53; };
  const double twoPi = 6.283185307179586476925286766559;
  std::vector<ParamValues> out;
  out.reserve(std::size_t(members));
  for (int m = 0; m < members; ++m) {
    ParamValues v = center;
    for (const auto& [name, sigma] : spread)
      for (double& x : v[name]) {
        const double r = std::sqrt(-2.0 * std::log(uniform()));
        x += sigma * r * std::cos(twoPi * uniform());
      }
    try {
      out.push_back(model.normalize(v, nullptr));
    } catch (const InputError& e) {
      throw InputError(memberText(std::size_t(m)) + " of the sampler: " + e.what() +
                       " (a smaller spread keeps the members in range)");
    }
  }
  return out;
}

}  // namespace dms
