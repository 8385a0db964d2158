#include "ui/analysis/studies.h"

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/analysis/equalcost.h"
#include "ui/analysis/studykit.h"
#include "ui/common/methodlook.h"

namespace dms::ui {

// the other studies' files
const Study& longTimeStudy();
const Study& phaseStudy();
const Study& distanceStudy();
const Study& stepsStudy();

using namespace studykit;

namespace {

constexpr std::size_t kColumns = 1500;
constexpr std::int64_t kPathPoints = 20000;

class EqualCostStudy : public Study {
 public:
  std::vector<std::string> figureNames(const SystemModel&) const override {
    return {"equal-cost-energy", "equal-cost-error"};
  }
  QString key() const override { return QStringLiteral("equal-cost"); }
  QString name() const override { return QObject::tr("Equal cost"); }
  QString description() const override {
    return QObject::tr(
        "The variational step h whose cost equals RK45's at the article's "
        "tolerances (found by a search), then both runs side by side, as the "
        "article chose its h");
  }
  QString notice() const override {
    return QObject::tr(
        "For the same work as RK45, the variational method's energy error stays in a narrow "
        "band while RK45's drifts steadily away");
  }
  bool usesMethods() const override { return false; }
  std::vector<StudyField> fields(const SystemModel&) const override {
    return {{"measure", QObject::tr("Cost"), "evaluations",
             QObject::tr("evaluations (of the forces or the right-hand side: exact) or cpu "
                         "(CPU time, the median of repeated runs: noisy)")},
            {"repeats", QObject::tr("Repeats"), "5",
             QObject::tr("CPU time: the median of this many runs, 1 to 99")}};
  }
  StudyTask prepare(const SystemModel& model, const ParamValues& parameters, const StudyInputs& in,
                    const std::vector<Method>&) const override {
    EqualCostSpec spec = defaultEqualCost(model);
    spec.parameters = parameters;
    const QString measure = inputValue(*this, model, in, "measure").trimmed();
    if (measure != "evaluations" && measure != "cpu")
      throw InputError("Cost: '" + measure.toStdString() + "' is not evaluations or cpu");
    spec.measure = measure == "cpu" ? CostMeasure::CpuTime : CostMeasure::Fevals;
    spec.repeats = whole(*this, model, in, "repeats", 1, 99);
    checked([&] { validateEqualCost(spec); }, {{"--repeats", QObject::tr("Repeats")}});
    return [spec, &model](unsigned, const std::atomic<bool>* cancel, const StudyProgress& p) {
      return run(model, spec, cancel, p);
    };
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
      QString name;
      Qt::PenStyle pen;
    };
    IntegratorSettings matched = spec.settings, article = spec.settings;
    matched.h = r.h > 0.0 ? r.h : spec.settings.h;
    const std::vector<Shown> shown = {
        {spec.adaptive, spec.settings, methodLabel(spec.adaptive, spec.settings.controller),
         Qt::SolidLine},
        {spec.fixed, matched,
         QObject::tr("%1, matched h = %2").arg(label(spec.fixed), g(matched.h)), Qt::SolidLine},
        {spec.fixed, article,
         QObject::tr("%1, the article's h = %2").arg(label(spec.fixed), g(article.h)),
         Qt::DashLine}};
    Figure energy, error;
    energy.title = QObject::tr("Equal cost: total energy");
    energy.xLabel = error.xLabel = QObject::tr("t [s]");
    energy.yLabel = QObject::tr("total energy E");
    const bool structure = !model.structureName().empty();
    error.title = structure ? QObject::tr("Equal cost: structure error")
                            : QObject::tr("Equal cost: energy error");
    error.yLabel =
        structure ? QString::fromStdString(model.structureName()) : QObject::tr("|E - E0|");
    error.logY = true;
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
    const QString unit = byEvals ? QObject::tr("evaluations") : QObject::tr("CPU s");
    out.summary = QObject::tr(
                      "<b>Matched h = %1 s</b> (%2 steps): %3 %4 against %5's %6 (%7 "
                      "iterations). The article's h = %8 s.")
                      .arg(g(r.h, 6))
                      .arg(r.steps)
                      .arg(label(spec.fixed), g(r.cost, 6),
                           methodLabel(spec.adaptive, spec.settings.controller),
                           g(r.targetCost, 6) + " " + unit)
                      .arg(r.iterations)
                      .arg(g(r.articleH));
    if (!r.converged) {
      out.summary += QObject::tr("<br>Not matched within %1%: %2")
                         .arg(spec.tolerance * 100)
                         .arg(QString::fromStdString(r.note));
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

const std::vector<const Study*>& studies() {
  static const EqualCostStudy equalCost;
  static const std::vector<const Study*> all = {&equalCost, &longTimeStudy(), &phaseStudy(),
                                                &distanceStudy(), &stepsStudy()};
  return all;
}

const Study* findStudy(const QString& key) {
  for (const Study* s : studies())
    if (s->key() == key) return s;
  return nullptr;
}

QString inputValue(const Study& study, const SystemModel& model, const StudyInputs& inputs,
                   const QString& key) {
  const auto it = inputs.find(key);
  if (it != inputs.end()) return it->second;
  for (const StudyField& f : study.fields(model))
    if (f.key == key) return f.value;
  return {};
}

Series methodSeries(Method m) {
  Series s;
  s.name = label(m);
  s.color = methodLook(m).color;
  s.pen = methodLook(m).pen;
  return s;
}

RunTrace::RunTrace(double T, std::int64_t samples)
    : m_T(T), m_stride(std::max<std::int64_t>(1, samples / kPathPoints)), m_cols(kColumns) {}

void RunTrace::take(const Sample& s) {
  summary.add(s);
  Column& c = m_cols[std::min(kColumns - 1, std::size_t(std::max(0.0, s.t / m_T) * kColumns))];
  c.energy.add(s.t, s.energy);
  c.structure.add(s.t, s.structure);
  if (m_count++ % m_stride == 0) {
    pathX.push_back(s.position.x());
    pathY.push_back(s.position.y());
  }
}

void RunTrace::Extrema::add(double t, double v) {
  if (!any || v < min) tMin = t, min = v;
  if (!any || v > max) tMax = t, max = v;
  any = true;
}

void RunTrace::energy(std::vector<double>* t, std::vector<double>* v) const {
  curve(&Column::energy, t, v);
}

void RunTrace::structure(std::vector<double>* t, std::vector<double>* v) const {
  curve(&Column::structure, t, v);
}

void RunTrace::curve(Extrema Column::*e, std::vector<double>* t, std::vector<double>* v) const {
  for (const Column& c : m_cols) {
    const Extrema& x = c.*e;
    if (!x.any) continue;
    const bool minFirst = x.tMin <= x.tMax;
    t->push_back(minFirst ? x.tMin : x.tMax);
    v->push_back(minFirst ? x.min : x.max);
    if (x.tMin != x.tMax) {
      t->push_back(minFirst ? x.tMax : x.tMin);
      v->push_back(minFirst ? x.max : x.min);
    }
  }
}

}  // namespace dms::ui
