// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/equalcost.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>

#include "core/analysis/common.h"
#include "core/analysis/parallel.h"
#include "core/integrators/settings.h"
#include "core/sim/registry.h"

namespace dms {

using analysis::modelOf;

namespace {

// takes the samples and keeps nothing: the cost of a run is its stepping and its samples
struct NullSink final : SampleSink {
  void take(const Sample& /*s*/) override {}
};

struct Measured {
  RunCounters counters;
  double cpu = 0.0;  // median
  RunFailure failure;
  bool cancelled = false;
};

double median(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  const std::size_t n = xs.size();
  return n % 2 ? xs[n / 2] : 0.5 * (xs[n / 2 - 1] + xs[n / 2]);
}

// `repeats` runs to the end (one when only the counters are asked for)
Measured measure(const SystemModel& model, const ParamValues& values, Method method,
                 const IntegratorSettings& st, int repeats, const std::atomic<bool>* cancel) {
  Measured m;
  std::vector<double> cpu;
  NullSink sink;
  for (int r = 0; r < repeats; ++r) {
    const double c0 = threadCpuSeconds();
    const std::unique_ptr<Run> run = model.makeRun(values, method, st);
    while (run->advance(sink, 4096, SampleFields::Metrics))
      if (cancel && cancel->load()) {
        m.cancelled = true;
        return m;
      }
    cpu.push_back(threadCpuSeconds() - c0);
    m.counters = run->counters();
    m.failure = run->failure();
    if (m.failure.failed) return m;
  }
  m.cpu = median(cpu);
  return m;
}

double costOf(const Measured& m, CostMeasure c) {
  return c == CostMeasure::Fevals ? double(m.counters.fevals) : m.cpu;
}

}  // namespace

std::string costMeasureName(CostMeasure m) { return m == CostMeasure::Fevals ? "fevals" : "cpu"; }

CostMeasure parseCostMeasure(const std::string& s) {
  if (s == "fevals") return CostMeasure::Fevals;
  if (s == "cpu") return CostMeasure::CpuTime;
  throw InputError("--cost '" + s +
                   "': expected fevals (force or right-hand-side evaluations) or cpu (CPU time)");
}

EqualCostSpec defaultEqualCost(const SystemModel& model) {
  EqualCostSpec s;
  s.system = model.name();
  s.parameters = model.normalize({}, nullptr);
  s.settings = model.defaultSettings();
  return s;
}

void validateEqualCost(const EqualCostSpec& spec) {
  const SystemModel& model = modelOf(spec.system);
  std::string has;
  for (Method m : model.methods()) has += (has.empty() ? "" : ", ") + methodName(m);
  const auto check = [&](Method m, const std::string& flag, bool adaptive) {
    if (!model.hasMethod(m))
      throw InputError(flag + " '" + methodName(m) + "': not available for " + spec.system +
                       " (this system has: " + has + ")");
    if (methodInfo(m).adaptive != adaptive)
      throw InputError(flag + " '" + methodName(m) + "': not " +
                       (adaptive ? "an adaptive" : "a fixed-step") + " method");
  };
  check(spec.adaptive, "--adaptive", true);
  check(spec.fixed, "--fixed", false);
  validateSettings(spec.settings);
  if (spec.repeats < 1 || spec.repeats > 99)
    throw InputError("--repeats " + std::to_string(spec.repeats) + ": must be in [1, 99]");
  if (!(spec.tolerance > 0.0 && spec.tolerance <= 0.5))
    throw InputError("--tolerance " + formatNumber(spec.tolerance) +
                     ": the relative cost mismatch must be in (0, 0.5]");
  if (spec.maxIterations < 1 || spec.maxIterations > 200)
    throw InputError("--max-iter " + std::to_string(spec.maxIterations) + ": must be in [1, 200]");
}

EqualCostResult runEqualCost(const EqualCostSpec& spec, const std::atomic<bool>* cancel) {
  const SystemModel& model = modelOf(spec.system);
  const IntegratorSettings& st = spec.settings;
  const int repeats = spec.measure == CostMeasure::CpuTime ? spec.repeats : 1;
  EqualCostResult r;
  r.spec = spec;
  r.articleH = model.defaultSettings().h;

  const Measured target = measure(model, spec.parameters, spec.adaptive, st, repeats, cancel);
  if (target.cancelled) {
    r.note = "cancelled";
    return r;
  }
  if (target.failure.failed)
    throw std::runtime_error("the " + methodName(spec.adaptive) + " run failed at t = " +
                             formatNumber(target.failure.time) + ": " + target.failure.reason);
  r.adaptiveCounters = target.counters;
  r.adaptiveCpuSeconds = target.cpu;
  r.targetCost = costOf(target, spec.measure);

  // N in [nMin, nMax]: h = T/N within h's range (integratorSpecs' upper end) and T/h within
  // validateSettings'
  const double T = st.T;
  const double hMax = integratorSpec("h").max;
  const std::int64_t nMin = std::max<std::int64_t>(1, std::int64_t(std::ceil(T / hMax - 1e-9)));
  const std::int64_t nMax = std::int64_t(std::floor(std::min(1e10, T / 1e-300)));
  const auto clampN = [&](double n) {
    return std::clamp<std::int64_t>(std::int64_t(std::llround(n)), nMin, nMax);
  };
  const auto settingsOf = [&](std::int64_t n) {
    IntegratorSettings s = st;
    s.h = T / double(n);
    return s;
  };
  // the error in log cost of an iterate
  const auto miss = [&](double cost) { return std::log(cost / r.targetCost); };

  struct Point {
    std::int64_t n;
    double cost;
  };
  std::optional<Point> lo, hi;  // the largest N below the target and the smallest at or above
  std::int64_t n = clampN(double(st.steps()));
  bool first = true;
  while (r.iterations < spec.maxIterations) {
    const IntegratorSettings s = settingsOf(n);
    const Measured m = measure(model, spec.parameters, spec.fixed, s, repeats, cancel);
    if (m.cancelled) {
      r.note = "cancelled";
      return r;
    }
    ++r.iterations;
    if (m.failure.failed) {
      r.note = methodName(spec.fixed) + " at h = " + formatNumber(s.h) +
               " failed at t = " + formatNumber(m.failure.time) + ": " + m.failure.reason;
      return r;
    }
    const double c = costOf(m, spec.measure);
    r.trace.push_back({n, s.h, c});
    if (r.steps == 0 || std::fabs(miss(c)) < std::fabs(miss(r.cost))) {
      r.steps = n;
      r.h = s.h;
      r.cost = c;
      r.fixedCounters = m.counters;
      r.fixedCpuSeconds = m.cpu;
    }
    if (std::fabs(c / r.targetCost - 1.0) <= spec.tolerance) break;
    if (c < r.targetCost) {
      if (!lo || n > lo->n) lo = Point{n, c};
    } else if (!hi || n < hi->n) {
      hi = Point{n, c};
    }
    if (lo && hi && hi->n - lo->n <= 1) {
      r.note = "the cost passes the target between N = " + std::to_string(lo->n) + " and " +
               std::to_string(hi->n);
      break;
    }
    // the secant on log cost over log N (slope 1, cost proportional to N, from one point)
    double next = 0.0;
    if (first || !(lo && hi)) {
      next = double(n) * r.targetCost / c;
    } else {
      const double slope = std::log(hi->cost / lo->cost) / std::log(double(hi->n) / double(lo->n));
      next = slope > 0 ? double(lo->n) * std::pow(r.targetCost / lo->cost, 1.0 / slope) : 0.0;
    }
    first = false;
    std::int64_t nn = clampN(next);
    const bool inside = (!lo || nn > lo->n) && (!hi || nn < hi->n);
    if (!inside) {
      if (lo && hi) {
        nn = clampN(std::sqrt(double(lo->n) * double(hi->n)));
        nn = std::clamp(nn, lo->n + 1, hi->n - 1);
      } else {
        // an unbracketed secant that repeats an evaluated end: step past it
        nn = lo ? lo->n * 2 : std::max<std::int64_t>(nMin, hi->n / 2);
      }
    }
    if (nn == n) {
      r.note = "N = " + std::to_string(n) + " is at the end of h's range";
      break;
    }
    n = nn;
  }
  r.converged = std::fabs(r.cost / r.targetCost - 1.0) <= spec.tolerance;
  if (r.converged)
    r.note.clear();
  else if (r.note.empty())
    r.note = "no match within " + std::to_string(spec.maxIterations) + " iterations";
  return r;
}

}  // namespace dms
