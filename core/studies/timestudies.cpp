// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The studies along t: long time, distance from a reference and RK45's steps.
#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "core/analysis/longtime.h"
#include "core/analysis/steplog.h"
#include "core/integrators/settingkeys.h"
#include "core/studies/studykit.h"
#include "core/studies/style.h"

namespace dms {

using namespace studykit;

namespace {

// reference slopes through the first point of the curves: c t^k, k = 1/2 and 1
void addSlopes(Figure* f, double t1) {
  // through the geometric mean of the curves' first positive points, at the earliest of them
  double logY = 0.0, t0 = t1;
  int n = 0;
  for (const Series& s : f->series)
    for (std::size_t i = 0; i < s.x.size(); ++i)
      if (s.y[i] > 0.0 && std::isfinite(s.y[i])) {
        logY += std::log(s.y[i]);
        t0 = std::min(t0, s.x[i]);
        ++n;
        break;
      }
  const double y0 = n ? std::exp(logY / n) : 0.0;
  if (!(y0 > 0.0) || !(t1 > t0)) return;
  for (double k : {0.5, 1.0}) {
    Series s;
    s.name = k == 0.5 ? "t^1/2: random walk (Brouwer)" : "t^1: drift";
    s.color = kHintColor;
    s.pen = k == 0.5 ? Pen::Dot : Pen::Dash;
    s.width = 1.0;
    for (double t : {t0, t1}) {
      s.x.push_back(t);
      s.y.push_back(y0 * std::pow(t / t0, k));
    }
    f->series.push_back(s);
  }
}

class LongTimeStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel& model) const override {
    if (!model.structureName().empty()) return {"long-time-energy", "long-time-structure"};
    if (model.hasMomentum()) return {"long-time-energy", "long-time-momentum"};
    return {"long-time-energy"};
  }
  std::string key() const override { return "long-time"; }
  std::string name() const override { return "Long time"; }
  std::string description() const override {
    return "Energy and structure errors against t on log-log axes up to 10^8 steps, "
           "in bounded memory (the largest per log-spaced bucket), with the slopes "
           "t^1/2 (round-off's random walk) and t^1 (drift) and each method's fitted "
           "growth exponent";
  }
  std::string notice() const override {
    return "The variational method's energy error stays bounded (slope 0) while RK45's grows like "
           "t (slope 1, the dashed line), so the longer the run, the wider the gap";
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const LongTimeSpec d = defaultLongTime(model);
    return {{"steps", "Steps N", g(double(d.settings.steps()), 6),
             "N steps of the article's h (T = N h), up to 10^8"},
            {"buckets", "Buckets per decade", std::to_string(d.bucketsPerDecade),
             "Resolution of the log time axis, 1 to 100"}};
  }
  StudyInputs quickInputs(const SystemModel&) const override { return {{"steps", "1e4"}}; }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    LongTimeSpec spec = defaultLongTime(model);
    spec.parameters = parameters;
    const double n = number(*this, model, in, "steps");
    if (!(n >= 10 && n <= kLongTimeMaxSteps && n == std::floor(n)))
      throw InputError("Steps N: " + g(n, 6) + " is not a whole number in [10, 1e8]");
    spec.settings.T = std::stod(g(n * spec.settings.h, 12));
    spec.bucketsPerDecade =
        whole(*this, model, in, "buckets", kBucketsPerDecadeMin, kBucketsPerDecadeMax);
    spec.methods = methods;
    checked([&] { validateLongTime(spec); }, {{"--methods", "Methods"},
                                              {"--buckets-per-decade", "Buckets per decade"},
                                              {"--T", "Steps N"}});
    return [spec, &model](unsigned jobs, const std::atomic<bool>* cancel, const StudyProgress& p,
                          const StudyPartial&) {
      return run(model, runLongTime(spec, jobs, cancel, p));
    };
  }

 private:
  static StudyOutput run(const SystemModel& model, const LongTimeResult& r) {
    StudyOutput out;
    Figure energy, other;
    energy.title = "Long time: energy error";
    energy.y = {"max |E - E0| per bucket", "", true};
    const bool structure = r.hasStructure;
    other.title = structure ? "Long time: structure error" : "Long time: momentum error";
    other.y = {structure ? model.structureName() : "max |L - L0| per bucket", "", true};
    for (Figure* f : {&energy, &other}) f->x = {"t", "s", true};
    std::vector<std::string> exponents;
    std::vector<std::pair<Method, std::string>> failed;
    for (const LongTimeRun& run : r.runs) {
      Series e = methodSeries(run.method), o = methodSeries(run.method);
      for (const LongTimeBucket& b : run.buckets) {
        e.x.push_back(std::min(b.tHi, r.spec.settings.T));  // the last bucket ends at T
        e.y.push_back(b.energy.max);
        o.x.push_back(e.x.back());
        o.y.push_back(structure ? b.structure.max : b.momentum.max);
      }
      energy.series.push_back(e);
      other.series.push_back(o);
      const GrowthExponents& x = run.exponents;
      const std::optional<double> second = structure ? x.structure : x.momentum;
      const auto text = [](const std::optional<double>& v) {
        return v ? fixed(*v, 2) : std::string("-");
      };
      exponents.push_back(structure || r.hasMomentum
                              ? label(run.method) + " " + text(x.energy) + " / " + text(second)
                              : label(run.method) + " " + text(x.energy));
      if (run.status != RunStatus::Ok)
        failed.push_back({run.method, run.failure.empty() ? statusName(run.status) : run.failure});
    }
    const double t0 = r.spec.settings.h, t1 = r.spec.settings.T;
    addSlopes(&energy, t1);
    addSlopes(&other, t1);
    out.figures = {energy};
    if (structure || r.hasMomentum) out.figures.push_back(other);
    out.summary = "T = " + g(t1, 6) + " s (" + g(t1 / t0, 6) + " steps of h = " + g(t0) +
                  " s). Growth exponents over the last three decades, energy" +
                  (structure       ? " / structure"
                   : r.hasMomentum ? " / momentum"
                                   : "") +
                  ": " + join(exponents, "; ") + failures(failed);
    out.failed = !failed.empty();
    out.csv = csvOf([&r](std::ostream& s) { writeLongTimeCsv(s, r); });
    return out;
  }
};

// ---------------------------------------------------------------------------------------------

class DistanceStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override { return {"distance"}; }
  std::string key() const override { return "distance"; }
  std::string name() const override { return "Distance from a reference"; }
  std::string description() const override {
    return "Each method's distance on the manifold from a reference trajectory (RK45 "
           "at RelTol 1e-13) against t, at the article's step and tolerances";
  }
  std::string notice() const override {
    return "Every method drifts away from the true motion, the variational one too (its timing "
           "slips a little more each period), so what it keeps over long times is the energy and "
           "the structure, not the phase";
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const DistanceSpec d = defaultDistance(model);
    return {{"T", "T [s]", g(d.settings.T, 12), "The horizon"},
            {"buckets", "Buckets per decade", std::to_string(d.bucketsPerDecade),
             "Resolution of the log time axis, 1 to 100"}};
  }
  StudyInputs quickInputs(const SystemModel& model) const override {
    const DistanceSpec d = defaultDistance(model);
    return {
        {"T", g(d.settings.h * std::max(1.0, std::round(d.settings.T / d.settings.h / 20)), 12)}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    DistanceSpec spec = defaultDistance(model);
    spec.parameters = parameters;
    spec.settings.T = number(*this, model, in, "T");
    spec.bucketsPerDecade =
        whole(*this, model, in, "buckets", kBucketsPerDecadeMin, kBucketsPerDecadeMax);
    spec.methods = methods;
    checked(
        [&] { validateDistance(spec); },
        {{"--methods", "Methods"}, {"--buckets-per-decade", "Buckets per decade"}, {"--T", "T"}});
    return [spec, &model](unsigned jobs, const std::atomic<bool>* cancel, const StudyProgress& p,
                          const StudyPartial&) {
      return run(model, runDistance(spec, jobs, cancel, p));
    };
  }

 private:
  static StudyOutput run(const SystemModel&, const DistanceResult& r) {
    StudyOutput out;
    Figure f;
    f.title = "Distance from the reference";
    f.x = {"t", "s", true};
    f.y = {"max distance per bucket (on the manifold)", "", true};
    std::vector<std::string> last;
    std::vector<std::pair<Method, std::string>> failed;
    for (const DistanceRun& run : r.runs) {
      Series s = methodSeries(run.method);
      for (const DistanceBucket& b : run.buckets) {
        s.x.push_back(std::min(b.tHi, r.spec.settings.T));
        s.y.push_back(b.norm.max);
      }
      f.series.push_back(s);
      if (run.last) last.push_back(label(run.method) + " " + g(run.last->norm(), 3));
      if (run.status != RunStatus::Ok)
        failed.push_back({run.method, run.failure.empty() ? statusName(run.status) : run.failure});
    }
    Series floor;
    floor.name = "reference's own error (RK45 1e-12 against 1e-13)";
    floor.color = kBlack;
    floor.pen = Pen::Dash;
    floor.width = 1.0;
    for (const DistanceBucket& b : r.check.buckets) {
      floor.x.push_back(std::min(b.tHi, r.spec.settings.T));
      floor.y.push_back(b.norm.max);
    }
    f.series.push_back(floor);
    out.figures = {f};
    out.summary = "h = " + g(r.spec.settings.h) + " s, T = " + g(r.spec.settings.T, 6) +
                  " s. Distance at T: " + join(last, "; ") +
                  ". Below the dashed line a distance says nothing (the reference's own error, "
                  "at most " +
                  g(r.reference.errorBound, 2) + " at T)." + failures(failed);
    out.failed = !failed.empty();
    out.csv = csvOf([&r](std::ostream& s) { writeDistanceCsv(s, r); });
    return out;
  }
};

// ---------------------------------------------------------------------------------------------

class StepsStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"rk45-steps", "rk45-evaluations"};
  }
  std::string key() const override { return "rk45-steps"; }
  std::string name() const override { return "RK45 steps"; }
  std::string description() const override {
    return "The adaptive methods' accepted step sizes against t, with the steps "
           "that came after rejected attempts marked, and their evaluations as they "
           "went, at the article's set-up";
  }
  std::string notice() const override {
    return "RK45 shrinks its step where the motion is fast and stretches it where it is slow, and "
           "every rejected attempt (a hollow circle) costs evaluations without moving the "
           "solution on";
  }
  bool supports(const SystemModel& model) const override {
    const std::vector<Method> ms = model.methods();
    return std::any_of(ms.begin(), ms.end(), [](Method m) { return methodInfo(m).adaptive; });
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const IntegratorSettings st = model.defaultSettings();
    // the tolerances' tooltips are their rows of the run settings' table, ranges included
    const auto tip = [](const char* key) {
      const SettingKey& k = settingKey(key);
      return k.description + ", in " + k.allowedText();
    };
    return {{"rtol", "RelTol", g(st.rtol, 6), tip("rtol")},
            {"atol", "AbsTol", g(st.atol, 6), tip("atol")},
            {"T", "T [s]", g(st.T, 12), "The horizon"}};
  }
  StudyInputs quickInputs(const SystemModel& model) const override {
    return {{"T", g(model.defaultSettings().T / 20, 12)}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    IntegratorSettings st = model.defaultSettings();
    st.rtol = number(*this, model, in, "rtol");
    st.atol = number(*this, model, in, "atol");
    st.T = number(*this, model, in, "T");
    std::vector<Method> adaptive;
    for (Method m : methods)
      if (methodInfo(m).adaptive) adaptive.push_back(m);
    if (adaptive.empty())
      throw InputError("Methods: check an adaptive method (RK45 or one of its variants)");
    st.sampling = RkSampling::Steps;
    checked([&] { validateSettings(st); }, {{"rtol", "RelTol"}, {"atol", "AbsTol"}});
    const ParamValues values = parameters;
    return [st, adaptive, values, &model](unsigned, const std::atomic<bool>* cancel,
                                          const StudyProgress& progress, const StudyPartial&) {
      StudyOutput out;
      Figure steps, evals;
      steps.title = "Accepted step sizes";
      steps.x = evals.x = {"t", "s"};
      steps.y = {"step h", "s", true};
      evals.title = "Evaluations so far";
      evals.y = {"evaluations of the right-hand side", ""};
      std::vector<std::string> counts;
      std::ostringstream csv;
      csv.precision(17);
      csv << "method,t,h,fevals,rejected_before\n";
      for (std::size_t i = 0; i < adaptive.size() && !(cancel && *cancel); ++i) {
        const StepLog log = logSteps(model, values, adaptive[i], st, cancel);
        Series h = methodSeries(log.method), e = h, rejected = h;
        h.x = log.t;
        h.y = log.h;
        for (std::size_t k = 0; k < log.t.size(); ++k) {
          e.x.push_back(log.t[k]);
          e.y.push_back(double(log.fevals[k]));
        }
        rejected.name = h.name + ": after a rejection";
        rejected.line = false;
        rejected.marker = Marker::Circle;
        std::size_t next = 0;
        for (std::size_t k = 0; k < log.t.size(); ++k) {
          int n = 0;
          if (next < log.rejectedBefore.size() && log.rejectedBefore[next] == k) {
            n = log.rejectedCount[next++];
            rejected.x.push_back(log.t[k] - log.h[k]);
            rejected.y.push_back(log.h[k]);
          }
          csv << methodName(log.method) << ',' << log.t[k] << ',' << log.h[k] << ','
              << log.fevals[k] << ',' << n << "\n";
        }
        steps.series.push_back(h);
        if (!rejected.x.empty()) steps.series.push_back(rejected);
        evals.series.push_back(e);
        counts.push_back(label(log.method) + ": " + std::to_string(log.counters.steps) +
                         " steps, " + std::to_string(log.counters.rejected) + " rejected, " +
                         std::to_string(log.counters.fevals) + " evaluations" +
                         (log.failure.failed ? " (failed at t = " + g(log.failure.time) + ": " +
                                                   log.failure.reason + ")"
                                             : std::string()));
        if (log.truncated)
          counts.back() += " (the first " + std::to_string(kStepLogMaxSteps) +
                           " steps only: the log stops there)";
        out.failed = out.failed || log.failure.failed || log.truncated;
        progress(double(i + 1) / double(adaptive.size()));
      }
      out.figures = {steps, evals};
      out.summary = "RelTol " + g(st.rtol) + ", AbsTol " + g(st.atol) + ", T = " + g(st.T, 6) +
                    " s. " + join(counts, "; ");
      out.csv = csv.str();
      return out;
    };
  }
};

}  // namespace

const Study& longTimeStudy() {
  static const LongTimeStudy s;
  return s;
}

const Study& distanceStudy() {
  static const DistanceStudy s;
  return s;
}

const Study& stepsStudy() {
  static const StepsStudy s;
  return s;
}

}  // namespace dms
