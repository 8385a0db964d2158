// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/longtime.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

#include "core/analysis/common.h"
#include "core/analysis/parallel.h"
#include "core/fit.h"
#include "core/integrators/settingkeys.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"

namespace dms {

using analysis::methodList;
using analysis::modelOf;
using analysis::rounded12;

namespace {

// samples per call of Run::advance: the cancel flag and the progress are looked at this often
constexpr std::size_t kChunk = 4096;

// x rounded to 12 significant digits (as the sweep rounds its T and AbsTol)
// the checks a long-time view and a distance view share
void validateView(const std::string& system, const IntegratorSettings& st,
                  const std::vector<Method>& methods, int bucketsPerDecade) {
  const SystemModel& model = modelOf(system);
  if (methods.empty())
    throw InputError("--methods: no method (this system has: " + methodList(model.methods()) + ")");
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Method m = methods[i];
    if (!model.hasMethod(m))
      throw InputError("--methods: '" + methodName(m) + "' is not available for " + system +
                       " (this system has: " + methodList(model.methods()) + ")");
    if (std::find(methods.begin(), methods.begin() + long(i), m) != methods.begin() + long(i))
      throw InputError("--methods: '" + methodName(m) + "' given twice");
  }
  validateSettings(st);
  if (double(st.steps()) > kLongTimeMaxSteps)
    throw InputError(settingKey("T").flag + " " + formatNumber(st.T) + ", " + settingKey("h").flag +
                     " " + formatNumber(st.h) + ": T/h = " + formatNumber(st.T / st.h) +
                     " steps is too many (at most " + formatNumber(kLongTimeMaxSteps) +
                     "): raise h or lower T");
  if (st.sampling != RkSampling::Output)
    throw InputError(settingKey("sampling").flag + " " + samplingName(st.sampling) +
                     ": RK45 must be sampled at t_k = k h (output), the times of the fixed-step "
                     "methods");
  if (bucketsPerDecade < kBucketsPerDecadeMin || bucketsPerDecade > kBucketsPerDecadeMax)
    throw InputError("--buckets-per-decade " + std::to_string(bucketsPerDecade) +
                     ": out of range [" + std::to_string(kBucketsPerDecadeMin) + ", " +
                     std::to_string(kBucketsPerDecadeMax) + "]");
}

void widen(MinMax& r, double v, bool first) {
  if (first) {
    r.min = r.max = v;
  } else {
    r.min = std::min(r.min, v);
    r.max = std::max(r.max, v);
  }
}

// The log-spaced axis: bucket j is [t0 10^(j/b), t0 10^((j+1)/b)). Samples come in time order,
// so the current bucket moves forward only and a sample costs a comparison, not a logarithm;
// the edges are computed once each and are the ones reported, so a sample is in the bucket
// whose [tLo, tHi) holds it, exactly.
template <class Bucket>
class LogBuckets {
 public:
  LogBuckets(double t0, int perDecade) : m_t0(t0), m_perDecade(perDecade) {}

  // the bucket of t >= t0, a new (empty) one when t is past the current one
  Bucket& at(double t) {
    if (m_buckets.empty() || t >= m_buckets.back().tHi) {
      while (t >= edge(m_j + 1)) ++m_j;
      Bucket b;
      b.tLo = edge(m_j);
      b.tHi = edge(m_j + 1);
      m_buckets.push_back(b);
    }
    return m_buckets.back();
  }
  double t0() const { return m_t0; }
  std::vector<Bucket>& buckets() { return m_buckets; }

 private:
  double edge(std::int64_t j) const {
    return m_t0 * std::pow(10.0, double(j) / double(m_perDecade));
  }
  double m_t0;
  int m_perDecade;
  std::int64_t m_j = 0;
  std::vector<Bucket> m_buckets;
};

// The growth exponent (longtime.h) of the quantity whose bucket maximum `maxOf` reads: the
// running maximum cumulates the buckets' maxima, so at the end of bucket j it is
// max_{s <= t} |err(s)| for t at the bucket's last sample, as the exponent is defined.
// A bucket's own maximum would dip wherever the error oscillates down and scatter the fit.
template <class Bucket, class MaxOf>
std::optional<double> growthExponent(const std::vector<Bucket>& buckets, MaxOf maxOf, double t0,
                                     double tEnd) {
  const double span = std::pow(10.0, kGrowthDecades);
  if (!(tEnd >= t0 * span)) return std::nullopt;
  const double from = tEnd / span;
  std::vector<double> x, y;
  double running = 0.0;
  for (const Bucket& b : buckets) {
    running = std::max(running, maxOf(b));
    if (b.tLo < from || !(running > 0.0)) continue;
    x.push_back(std::log(std::min(b.tHi, tEnd)));
    y.push_back(std::log(running));
  }
  if (x.size() < 3) return std::nullopt;
  const double slope = leastSquaresSlope(x, y);
  if (!std::isfinite(slope)) return std::nullopt;
  return slope;
}

// |E - E0|, the structure error and |L - L0| of each sample into the log buckets
class LongTimeSink final : public SampleSink {
 public:
  // momentumMask: the conserved components of Sample::momentum (none: no momentum error)
  LongTimeSink(double t0, int perDecade, bool structure, const Vector3d& momentumMask)
      : m_buckets(t0, perDecade), m_structure(structure), m_momentumMask(momentumMask) {}

  void take(const Sample& s) override {
    if (!m_started) {
      m_started = true;
      m_energy0 = s.energy;
      m_momentum0 = s.momentum;
    }
    m_lastTime = s.t;
    if (s.t < m_buckets.t0()) return;
    LongTimeBucket& b = m_buckets.at(s.t);
    const bool first = b.samples == 0;
    ++b.samples;
    widen(b.energy, std::fabs(s.energy - m_energy0), first);
    widen(b.structure, m_structure ? s.structure : 0.0, first);
    widen(b.momentum, RunSummary::momentumDeviation(m_momentumMask, s.momentum, m_momentum0),
          first);
  }

  std::vector<LongTimeBucket>& buckets() { return m_buckets.buckets(); }
  double lastTime() const { return m_lastTime; }

 private:
  LogBuckets<LongTimeBucket> m_buckets;
  bool m_structure;
  Vector3d m_momentumMask;
  bool m_started = false;
  double m_energy0 = 0.0;
  Vector3d m_momentum0 = Vector3d::Zero();
  double m_lastTime = 0.0;
};

// the samples of one call of Run::advance, kept in place from call to call (no allocation)
class ChunkSink final : public SampleSink {
 public:
  void take(const Sample& s) override {
    if (m_size == m_samples.size())
      m_samples.push_back(s);
    else
      m_samples[m_size] = s;
    ++m_size;
  }
  void clear() { m_size = 0; }
  std::size_t size() const { return m_size; }
  const Sample& operator[](std::size_t i) const { return m_samples[i]; }

 private:
  std::vector<Sample> m_samples;
  std::size_t m_size = 0;
};

std::string failureText(const RunFailure& f) {
  return "at t = " + formatNumber(f.time) + ": " + f.reason;
}

// the progress of several runs: each run's fraction, their mean to the callback
class Progress {
 public:
  Progress(std::size_t n, const std::function<void(double)>& report)
      : m_fractions(new std::atomic<double>[n]), m_n(n), m_report(report) {
    for (std::size_t i = 0; i < n; ++i) m_fractions[i].store(0.0);
  }
  void set(std::size_t i, double fraction) {
    if (!m_report) return;
    m_fractions[i].store(fraction);
    double sum = 0.0;
    for (std::size_t k = 0; k < m_n; ++k) sum += m_fractions[k].load();
    m_report(sum / double(m_n));
  }

 private:
  std::unique_ptr<std::atomic<double>[]> m_fractions;
  std::size_t m_n;
  const std::function<void(double)>& m_report;
};

// the reference's settings: RK45 (ode45's controller) at kReferenceRtol, as the sweep's, but
// sampled at the output times t_k = k h
IntegratorSettings referenceSettings(const IntegratorSettings& st) {
  IntegratorSettings ref;
  ref.h = st.h;
  ref.T = st.T;
  ref.rtol = kReferenceRtol;
  ref.atol = rounded12(kReferenceRtol / kRtolPerAtol);
  ref.sampling = RkSampling::Output;
  return ref;
}

// One run against the reference in lockstep: both are sampled at t_k = k h, k = 0..N, so the
// k-th samples pair up. The run goes a chunk ahead, the reference catches up to it.
DistanceRun distanceRun(const SystemModel& model, const ParamValues& values, Method method,
                        const IntegratorSettings& st, int perDecade,
                        const std::atomic<bool>* cancel, Progress& progress, std::size_t task) {
  DistanceRun r;
  r.method = method;
  if (methodInfo(method).adaptive) {
    r.rtol = st.rtol;
    r.atol = st.atol;
  }
  const double c0 = threadCpuSeconds();
  const std::unique_ptr<Run> run = model.makeRun(values, method, st);
  const std::unique_ptr<Run> ref = model.makeRun(values, Method::Rk45, referenceSettings(st));
  LogBuckets<DistanceBucket> buckets(st.h, perDecade);
  ChunkSink a, b;
  bool moreRun = true, moreRef = true, cancelled = false;
  std::string outOfStep;
  while (moreRun) {
    if (cancel && cancel->load()) {
      cancelled = true;
      break;
    }
    a.clear();
    b.clear();
    moreRun = run->advance(a, kChunk, SampleFields::All);
    while (moreRef && b.size() < a.size())
      moreRef = ref->advance(b, a.size() - b.size(), SampleFields::All);
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t k = 0; k < n; ++k) {
      if (a[k].t != b[k].t) {
        outOfStep = "the run (t = " + formatNumber(a[k].t) +
                    ") and the reference (t = " + formatNumber(b[k].t) + ") are out of step";
        break;
      }
      const StateError e = model.stateError(a[k], b[k]);
      r.last = e;
      r.lastTime = a[k].t;
      if (a[k].t < buckets.t0()) continue;
      DistanceBucket& d = buckets.at(a[k].t);
      const bool first = d.samples == 0;
      ++d.samples;
      widen(d.norm, e.norm(), first);
      d.angleMax = std::max(d.angleMax, e.angle);
      d.positionMax = std::max(d.positionMax, e.position);
      d.velocityMax = std::max(d.velocityMax, e.velocity);
    }
    progress.set(task, run->progress());
    if (!outOfStep.empty() || n < a.size()) break;
  }
  r.cpuSeconds = threadCpuSeconds() - c0;
  r.counters = run->counters();
  r.buckets = std::move(buckets.buckets());
  if (run->failure().failed) {
    r.status = RunStatus::Failed;
    r.failure = failureText(run->failure());
  } else if (ref->failure().failed) {
    r.status = RunStatus::Failed;
    r.failure = "the reference (RK45 at RelTol " + formatNumber(kReferenceRtol) + ") failed " +
                failureText(ref->failure());
  } else if (!outOfStep.empty()) {
    r.status = RunStatus::Failed;
    r.failure = outOfStep;
  } else if (cancelled) {
    r.status = RunStatus::Cancelled;
  }
  return r;
}

}  // namespace

LongTimeSpec defaultLongTime(const SystemModel& model) {
  LongTimeSpec s;
  s.system = model.name();
  s.parameters = model.normalize({}, nullptr);
  s.settings = model.defaultSettings();
  s.settings.T = rounded12(1e6 * s.settings.h);
  s.settings.sampling = RkSampling::Output;
  s.methods = model.methods();
  return s;
}

void validateLongTime(const LongTimeSpec& spec) {
  validateView(spec.system, spec.settings, spec.methods, spec.bucketsPerDecade);
}

LongTimeResult runLongTime(const LongTimeSpec& spec, unsigned jobs, const std::atomic<bool>* cancel,
                           const std::function<void(double fractionDone)>& progress) {
  const SystemModel& model = modelOf(spec.system);
  LongTimeResult result;
  result.spec = spec;
  result.hasStructure = !model.structureName().empty();
  result.hasMomentum = model.hasMomentum();
  // a run that a cancel skips stays Cancelled
  for (Method m : spec.methods) {
    LongTimeRun r;
    r.method = m;
    r.status = RunStatus::Cancelled;
    result.runs.push_back(r);
  }
  Progress done(spec.methods.size(), progress);
  parallelFor(
      spec.methods.size(), jobs,
      [&](std::size_t i) {
        LongTimeRun& r = result.runs[i];
        const double c0 = threadCpuSeconds();
        const std::unique_ptr<Run> run = model.makeRun(spec.parameters, r.method, spec.settings);
        LongTimeSink sink(
            spec.settings.h, spec.bucketsPerDecade, result.hasStructure,
            result.hasMomentum ? conservedMomentumMask(model, spec.parameters) : Vector3d::Zero());
        bool more = true, cancelled = false;
        while (more) {
          if (cancel && cancel->load()) {
            cancelled = true;
            break;
          }
          more = run->advance(sink, kChunk, SampleFields::Metrics);
          done.set(i, run->progress());
        }
        r.cpuSeconds = threadCpuSeconds() - c0;
        r.counters = run->counters();
        r.buckets = std::move(sink.buckets());
        r.status = RunStatus::Ok;
        if (run->failure().failed) {
          r.status = RunStatus::Failed;
          r.failure = failureText(run->failure());
        } else if (cancelled) {
          r.status = RunStatus::Cancelled;
        }
        const double t0 = spec.settings.h, tEnd = sink.lastTime();
        r.exponents.energy = growthExponent(
            r.buckets, [](const LongTimeBucket& b) { return b.energy.max; }, t0, tEnd);
        if (result.hasStructure)
          r.exponents.structure = growthExponent(
              r.buckets, [](const LongTimeBucket& b) { return b.structure.max; }, t0, tEnd);
        if (result.hasMomentum)
          r.exponents.momentum = growthExponent(
              r.buckets, [](const LongTimeBucket& b) { return b.momentum.max; }, t0, tEnd);
      },
      {}, cancel);
  return result;
}

void writeLongTimeCsv(std::ostream& csv, const LongTimeResult& r) {
  const auto pair = [&](bool applies, const MinMax& x) {
    if (applies)
      csv << "," << formatNumber(x.min) << "," << formatNumber(x.max);
    else
      csv << ",,";
  };
  csv << "method,t_lo,t_hi,samples,energy_min,energy_max,structure_min,structure_max,"
         "momentum_min,momentum_max\n";
  for (const LongTimeRun& run : r.runs)
    for (const LongTimeBucket& b : run.buckets) {
      csv << methodName(run.method) << "," << formatNumber(b.tLo) << "," << formatNumber(b.tHi)
          << "," << b.samples;
      pair(true, b.energy);
      pair(r.hasStructure, b.structure);
      pair(r.hasMomentum, b.momentum);
      csv << "\n";
    }
}

DistanceSpec defaultDistance(const SystemModel& model) {
  DistanceSpec s;
  s.system = model.name();
  s.parameters = model.normalize({}, nullptr);
  s.settings = model.defaultSettings();
  s.settings.sampling = RkSampling::Output;
  s.methods = model.methods();
  return s;
}

void validateDistance(const DistanceSpec& spec) {
  validateView(spec.system, spec.settings, spec.methods, spec.bucketsPerDecade);
}

DistanceResult runDistance(const DistanceSpec& spec, unsigned jobs, const std::atomic<bool>* cancel,
                           const std::function<void(double fractionDone)>& progress) {
  const SystemModel& model = modelOf(spec.system);
  DistanceResult result;
  result.spec = spec;
  const IntegratorSettings refSettings = referenceSettings(spec.settings);
  result.reference.rtol = refSettings.rtol;
  result.reference.atol = refSettings.atol;
  // task 0 is the check (RK45 at kReferenceCheckRtol), then the methods
  IntegratorSettings checkSettings = refSettings;
  checkSettings.rtol = kReferenceCheckRtol;
  checkSettings.atol = rounded12(kReferenceCheckRtol / kRtolPerAtol);
  const std::size_t n = spec.methods.size() + 1;
  std::vector<DistanceRun> runs(n);
  for (std::size_t k = 0; k < n; ++k) {
    runs[k].method = k == 0 ? Method::Rk45 : spec.methods[k - 1];
    runs[k].status = RunStatus::Cancelled;
  }
  Progress done(n, progress);
  parallelFor(
      n, jobs,
      [&](std::size_t k) {
        runs[k] = distanceRun(model, spec.parameters, runs[k].method,
                              k == 0 ? checkSettings : spec.settings, spec.bucketsPerDecade, cancel,
                              done, k);
      },
      {}, cancel);
  result.check = std::move(runs[0]);
  result.runs.assign(std::make_move_iterator(runs.begin() + 1),
                     std::make_move_iterator(runs.end()));
  if (result.check.status == RunStatus::Ok && result.check.last)
    result.reference.errorBound = result.check.last->norm();
  return result;
}

void writeDistanceCsv(std::ostream& csv, const DistanceResult& r) {
  csv << "method,rtol,t_lo,t_hi,samples,distance_min,distance_max,angle_max,position_max,"
         "velocity_max\n";
  const auto rows = [&](const DistanceRun& run, const std::string& name) {
    for (const DistanceBucket& b : run.buckets) {
      csv << name << ",";
      if (run.rtol) csv << formatNumber(*run.rtol);
      csv << "," << formatNumber(b.tLo) << "," << formatNumber(b.tHi) << "," << b.samples << ","
          << formatNumber(b.norm.min) << "," << formatNumber(b.norm.max) << ","
          << formatNumber(b.angleMax) << "," << formatNumber(b.positionMax) << ","
          << formatNumber(b.velocityMax) << "\n";
    }
  };
  rows(r.check, "reference-check");
  for (const DistanceRun& run : r.runs) rows(run, methodName(run.method));
}

}  // namespace dms
