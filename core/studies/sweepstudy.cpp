// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The work-precision and convergence sweep as a study: the methods over step sizes and tolerances
// (core/analysis/sweep.h, the computation of `dmsim sweep`), each run's error at T against a
// reference. Its output keeps the runs (StudyOutput::sweep) for the app's plots, which redraw them
// with another error or cost; its plain figures are the global error against the evaluations and
// against the step, with the fitted orders.
#include <algorithm>
#include <cmath>
#include <mutex>

#include "core/studies/studykit.h"
#include "core/studies/style.h"

namespace dms {

using namespace studykit;

namespace {

// numbers separated by commas or spaces; throws InputError naming `field`
std::vector<double> parseList(const std::string& text, const std::string& field) {
  std::vector<double> xs;
  std::string part;
  const auto flush = [&] {
    if (!part.empty()) xs.push_back(parseNumber(part, field));
    part.clear();
  };
  for (char c : text) {
    if (c == ',' || c == ' ' || (c >= '\t' && c <= '\r'))
      flush();
    else
      part += c;
  }
  flush();
  return xs;
}

// digits 0: each number exactly, as short as it reads back
std::string listText(const std::vector<double>& xs, int digits) {
  std::vector<std::string> parts;
  for (double x : xs) parts.push_back(digits ? g(x, digits) : exact(x));
  return join(parts, ", ");
}

// "; vi8: h = ..." for each method the sweep gives steps of its own
std::string ownStepsText(const SweepSpec& spec) {
  std::string out;
  for (const auto& [m, hs] : spec.ownSteps)
    if (std::find(spec.methods.begin(), spec.methods.end(), m) != spec.methods.end())
      out += " (" + methodName(m) + ": " + listText(hs, 6) + ")";
  return out;
}

// the global error of a run that finished, where a log axis shows it
std::optional<double> globalError(const SweepRun& run) {
  if (run.status != RunStatus::Ok || !run.error) return std::nullopt;
  const double e = run.error->norm();
  return e > 0 && std::isfinite(e) ? std::optional<double>(e) : std::nullopt;
}

std::vector<Figure> sweepFigures(const SweepResult& r) {
  Figure work, conv;
  work.title = "Work-precision";
  work.x = {"evaluations (f or forces)", "", true};
  conv.title = "Convergence";
  conv.x = {"step h (adaptive: mean step T/N)", "s", true};
  work.y = conv.y = {"global error at T", "", true};
  std::map<Method, std::optional<double>> orders;
  for (const auto& [m, o] : fittedOrders(r)) orders[m] = o;
  for (Method m : r.spec.methods) {
    Series w = methodSeries(m);
    w.points = true;
    w.width = 1.6;
    Series c = w;
    if (orders[m]) c.name += ": order " + fixed(*orders[m], 2);
    const bool adaptive = methodInfo(m).adaptive;
    for (const SweepRun& run : r.runs) {
      if (run.point.method != m) continue;
      const std::optional<double> e = globalError(run);
      if (!e) continue;
      w.x.push_back(double(run.counters.fevals));
      w.y.push_back(*e);
      c.x.push_back(adaptive ? r.spec.T / double(std::max<std::int64_t>(run.counters.steps, 1))
                             : run.point.h.value_or(0.0));
      c.y.push_back(*e);
    }
    work.series.push_back(w);
    conv.series.push_back(c);
  }
  const std::string note = "against " + referenceText(r.reference);
  work.caption = conv.caption = note;
  return {work, conv};
}

std::string sweepSummary(const SweepResult& r) {
  std::vector<std::string> orders;
  for (const auto& [m, o] : fittedOrders(r))
    if (o) orders.push_back(methodInfo(m).label + " " + fixed(*o, 2));
  int failed = 0;
  for (const SweepRun& run : r.runs) failed += run.status == RunStatus::Failed;
  std::string summary = std::to_string(r.runs.size()) + " runs";
  if (failed) summary += ", " + std::to_string(failed) + " failed (see the CSV's status)";
  if (!orders.empty()) summary += ". Fitted orders: " + join(orders, "; ");
  return summary + ". Reference: " + referenceText(r.reference) + ".";
}

class SweepStudy : public Study {
 public:
  std::string key() const override { return "sweep"; }
  std::string name() const override { return "Work-precision and convergence"; }
  std::string description() const override {
    return "Every run's error at T against a reference, over step sizes and "
           "tolerances: the "
           "work-precision diagram and the orders";
  }
  std::string notice() const override {
    return "Halving h divides a second-order method's error by 4 and a "
           "fourth-order one's by 16, "
           "so on the convergence plot their points run parallel to the "
           "h\u00b2 and h\u2074 "
           "triangles, while the work-precision diagram shows which method "
           "reaches an error for "
           "the least work";
  }
  bool keepsRuns() const override { return true; }
  std::string settingsGroup() const override { return {}; }
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"work-precision", "convergence"};
  }
  std::vector<StudyField> fields(const SystemModel& model) const override {
    const SweepSpec d = defaultSweep(model);
    // the defaults exactly: a run at the defaults is the default sweep (dmsim sweep's)
    return {{"h", "h values [s]", listText(d.steps, 0),
             "Step sizes of the fixed-step methods, separated by commas; T "
             "must be a whole "
             "number of each"},
            {"rtol", "RelTol values", listText(d.rtols, 0),
             "RelTol values of the adaptive methods (AbsTol = RelTol / 1000), "
             "from 1e-11 to 0.1"},
            {"T", "T [s]", exact(d.T), "The horizon: every run's error is measured at T"}};
  }
  // the three largest steps and tolerances 1e-3..1e-5 over a tenth of the horizon, still a whole
  // number of the largest step
  StudyInputs quickInputs(const SystemModel& model) const override {
    SweepSpec spec = defaultSweep(model);
    spec.steps.resize(std::min<std::size_t>(spec.steps.size(), 3));
    spec.rtols.resize(std::min<std::size_t>(spec.rtols.size(), 3));
    if (!spec.steps.empty()) {
      const double hMax = *std::max_element(spec.steps.begin(), spec.steps.end());
      spec.T = hMax * std::max(1.0, std::round(spec.T / hMax / 10.0));
    }
    return {
        {"h", listText(spec.steps, 0)}, {"rtol", listText(spec.rtols, 0)}, {"T", exact(spec.T)}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>& methods) const override {
    SweepSpec spec = defaultSweep(model);
    spec.parameters = parameters;
    spec.methods = methods;
    const std::vector<double> steps = parseList(inputValue(*this, model, in, "h"), "h values");
    // h values other than the default's replace every method's, the high orders' own included
    if (steps != spec.steps) spec.ownSteps.clear();
    spec.steps = steps;
    spec.rtols = parseList(inputValue(*this, model, in, "rtol"), "RelTol values");
    const std::vector<double> T = parseList(inputValue(*this, model, in, "T"), "T");
    if (T.size() != 1) throw InputError("T: one number, the horizon in seconds");
    setSweepHorizon(spec, T.front());
    checked(
        [&] { validateSweep(spec); },
        {{"--methods", "Methods"}, {"--h", "h values"}, {"--rtol", "RelTol values"}, {"--T", "T"}});
    return [spec](unsigned jobs, const std::atomic<bool>* cancel, const StudyProgress& progress,
                  const StudyPartial& partial) {
      // the runs so far, sent on as each finishes (from the sweep's threads, one at a time)
      std::mutex mutex;
      SweepResult soFar;
      soFar.spec = spec;
      const auto arrived = [&](const SweepRun& run) {
        if (!partial) return;
        const std::lock_guard<std::mutex> lock(mutex);
        soFar.runs.push_back(run);
        std::sort(soFar.runs.begin(), soFar.runs.end(),
                  [](const SweepRun& a, const SweepRun& b) { return a.index < b.index; });
        StudyOutput out;
        out.sweep = std::make_shared<const SweepResult>(soFar);
        partial(out);
      };
      const SweepResult r = runSweep(
          spec, {}, jobs, cancel,
          [&](std::size_t done, std::size_t total) {
            if (total) progress(double(done) / double(total));
          },
          arrived);
      StudyOutput out;
      out.figures = sweepFigures(r);
      out.summary = sweepSummary(r);
      out.csv = csvOf([&r](std::ostream& s) { writeSweepCsv(s, r); });
      out.sweep = std::make_shared<const SweepResult>(r);
      std::vector<std::string> names;
      for (Method m : r.spec.methods) names.push_back(methodName(m));
      out.caption = "T = " + g(r.spec.T, 6) + " s; methods " + join(names, ",") +
                    "; h = " + listText(r.spec.steps, 6) + ownStepsText(r.spec) +
                    " s; RelTol = " + listText(r.spec.rtols, 3) +
                    " (AbsTol = RelTol/1000); reference " + referenceText(r.reference);
      return out;
    };
  }
};

}  // namespace

std::string referenceText(const SweepReference& r, bool withBound) {
  if (!r.exact.empty())
    return withBound ? "the exact solution, its round-off at most " + g(r.errorBound, 2)
                     : "the exact solution";
  return withBound ? "RK45 at RelTol " + g(r.rtol, 3) + ", its error at most " + g(r.errorBound, 2)
                   : "RK45 at RelTol " + g(r.rtol, 3);
}

const Study& sweepStudy() {
  static const SweepStudy s;
  return s;
}

}  // namespace dms
