// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The equal-cost study: the variational step whose cost equals RK45's, then both runs.
#include <cmath>
#include <memory>
#include <sstream>

#include "core/analysis/equalcost.h"
#include "core/studies/studykit.h"
#include "core/studies/style.h"

namespace dms {

using namespace studykit;

namespace {

class EqualCostStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"equal-cost-energy", "equal-cost-error"};
  }
  std::string key() const override { return "equal-cost"; }
  std::string name() const override { return "Equal cost"; }
  std::string description() const override {
    return "The variational step h whose cost equals RK45's at the article's "
           "tolerances (found by a search), then both runs side by side, as the "
           "article chose its h";
  }
  std::string notice() const override {
    return "For the same work as RK45, the variational method's energy error stays in a narrow "
           "band while RK45's drifts steadily away";
  }
  bool usesMethods() const override { return false; }
  std::vector<StudyField> fields(const SystemModel&) const override {
    return {{"measure", "Cost", "evaluations",
             "evaluations (of the forces or the right-hand side: exact) or cpu "
             "(CPU time, the median of repeated runs: noisy)"},
            {"repeats", "Repeats", "5", "CPU time: the median of this many runs, 1 to 99"}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>&) const override {
    EqualCostSpec spec = defaultEqualCost(model);
    spec.parameters = parameters;
    const std::string measure = text(*this, model, in, "measure");
    if (measure != "evaluations" && measure != "cpu")
      throw InputError("Cost: '" + measure + "' is not evaluations or cpu");
    spec.measure = measure == "cpu" ? CostMeasure::CpuTime : CostMeasure::Fevals;
    spec.repeats = whole(*this, model, in, "repeats", 1, 99);
    checked([&] { validateEqualCost(spec); }, {{"--repeats", "Repeats"}});
    return [spec, &model](unsigned, const std::atomic<bool>* cancel, const StudyProgress& p,
                          const StudyPartial&) { return run(model, spec, cancel, p); };
  }

 private:
  static StudyOutput run(const SystemModel& model, const EqualCostSpec& spec,
                         const std::atomic<bool>* cancel, const StudyProgress& progress) {
    StudyOutput out;
    const EqualCostResult r = runEqualCost(spec, cancel);
    progress(0.7);
    // the adaptive run, the fixed-step run at the matched h and at the article's h
    struct Shown {
      Method method;
      IntegratorSettings settings;
      std::string name;
      Pen pen;
    };
    IntegratorSettings matched = spec.settings, article = spec.settings;
    matched.h = r.h > 0.0 ? r.h : spec.settings.h;
    const std::vector<Shown> shown = {
        {spec.adaptive, spec.settings, legendLabel(spec.adaptive, spec.settings.controller),
         Pen::Solid},
        {spec.fixed, matched, label(spec.fixed) + ", matched h = " + g(matched.h), Pen::Solid},
        {spec.fixed, article, label(spec.fixed) + ", the article's h = " + g(article.h),
         Pen::Dash}};
    Figure energy, error;
    energy.title = "Equal cost: total energy";
    energy.x = error.x = {"t", "s"};
    energy.y = {"total energy E", "J"};
    const bool structure = !model.structureName().empty();
    error.title = structure ? "Equal cost: structure error" : "Equal cost: energy error";
    error.y = {structure ? model.structureName() : "|E - E0|", "", true};
    const ParamValues values = spec.parameters;
    for (const Shown& s : shown) {
      if (cancel && *cancel) break;
      RunTrace trace(s.settings.T, s.settings.steps() + 1);
      std::unique_ptr<Run> run = model.makeRun(values, s.method, s.settings);
      while (run->advance(trace, 8192, SampleFields::Metrics)) {
        if (cancel && *cancel) break;
      }
      Series e = methodSeries(s.method);
      e.name = s.name;
      e.pen = s.pen;
      Series x = e;
      trace.energy(&e.x, &e.y);
      if (structure) {
        trace.structure(&x.x, &x.y);
      } else {
        trace.energy(&x.x, &x.y);
        for (double& v : x.y) v = std::abs(v - trace.summary.energy0);
      }
      energy.series.push_back(e);
      error.series.push_back(x);
    }
    out.figures = {energy, error};
    const bool byEvals = spec.measure == CostMeasure::Fevals;
    const std::string unit = byEvals ? "evaluations" : "CPU s";
    out.summary = "<b>Matched h = " + g(r.h, 6) + " s</b> (" + std::to_string(r.steps) +
                  " steps): " + label(spec.fixed) + " " + g(r.cost, 6) + " against " +
                  legendLabel(spec.adaptive, spec.settings.controller) + "'s " +
                  g(r.targetCost, 6) + " " + unit + " (" + std::to_string(r.iterations) +
                  " iterations). The article's h = " + g(r.articleH) + " s.";
    if (!r.converged) {
      out.summary += "<br>Not matched within " + g(spec.tolerance * 100, 6) + "%: " + r.note;
      out.failed = true;
    }
    std::ostringstream csv;
    csv.precision(17);
    csv << "iteration,steps,h,cost,target_cost,measure\n";
    for (std::size_t i = 0; i < r.trace.size(); ++i)
      csv << i + 1 << ',' << r.trace[i].steps << ',' << r.trace[i].h << ',' << r.trace[i].cost
          << ',' << r.targetCost << ',' << costMeasureName(spec.measure) << "\n";
    out.csv = csv.str();
    progress(1.0);
    return out;
  }
};

}  // namespace

const Study& equalCostStudy() {
  static const EqualCostStudy s;
  return s;
}

}  // namespace dms
