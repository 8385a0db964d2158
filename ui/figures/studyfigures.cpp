// The Analysis studies of `dmsim figures`: per system the work-precision and the convergence
// plots of the default sweep (the Analysis mode's own plots, drawn offscreen).
#include <qcustomplot.h>

#include <QString>
#include <algorithm>
#include <cmath>

#include "core/analysis/phasearea.h"
#include "core/analysis/sweep.h"
#include "ui/analysis/analysisplots.h"
#include "ui/common/methodlook.h"
#include "ui/common/plotstyle.h"
#include "ui/figures/articlefigures.h"

namespace dms::figures {
namespace {

QString number(double v, int digits = 4) { return QString::number(v, 'g', digits); }

// --quick: the three largest steps and tolerances 1e-3..1e-5 over a tenth of the horizon,
// still a whole number of the largest step
SweepSpec quickSweep(SweepSpec spec) {
  spec.steps.resize(std::min<std::size_t>(spec.steps.size(), 3));
  spec.rtols.resize(std::min<std::size_t>(spec.rtols.size(), 3));
  if (!spec.steps.empty()) {
    const double hMax = *std::max_element(spec.steps.begin(), spec.steps.end());
    spec.T = hMax * std::max(1.0, std::round(spec.T / hMax / 10.0));
  }
  return spec;
}

QString sweepCaption(const SweepResult& r) {
  QStringList orders;
  for (const auto& [m, o] : fittedOrders(r))
    if (o)
      orders << QStringLiteral("%1 %2").arg(QString::fromStdString(methodName(m)),
                                            QString::number(*o, 'f', 2));
  return QStringLiteral(
             "T = %1 s; error: the global state error at T on the manifold, against "
             "RK45 at RelTol %2 (its own error at most %3)\nfitted orders: %4")
      .arg(number(r.spec.T), number(r.reference.rtol), number(r.reference.errorBound, 2),
           orders.isEmpty() ? QStringLiteral("none") : orders.join(", "));
}

bool hasPhasePlane(const SystemModel& model) {
  return model.phasePlane(model.normalize({}, nullptr)).has_value();
}

QString phaseLabel(const std::string& name, const std::string& unit) {
  return QString::fromStdString(name + (unit.empty() ? "" : " [" + unit + "]"));
}

Series methodSeries(Method m) {
  Series s;
  s.name = QString::fromStdString(methodInfo(m).label);
  s.color = ui::methodLook(m).color;
  s.pen = ui::methodLook(m).pen;
  return s;
}

// the phase portrait (each method's run from the initial state, the curves of initial
// conditions it carried at the study's times, the separatrix) and the area ratio against t
void writePhaseFigures(Output& out, const SystemModel& model, const Context& c,
                       const std::string& portraitId, const std::string& areaId) {
  PhaseAreaSpec spec = defaultPhaseArea(model);
  if (c.quick) {
    spec.points = 16;
    spec.settings.T =
        spec.settings.h * std::max(1.0, std::round(spec.settings.T / spec.settings.h / 10.0));
    for (double& t : spec.times)
      t = spec.settings.h * std::max(1.0, std::round(t / spec.settings.h / 10.0));
  }
  validatePhaseArea(spec);
  const PhaseAreaResult r = runPhaseArea(spec, c.jobs);
  PhaseAreaSpec twice = spec;  // the polygon's own error, by Richardson (phasearea.h)
  twice.points = 2 * spec.points;
  twice.methods = {Method::Variational};
  const std::optional<double> bound =
      phaseAreaDiscretizationBound(r, runPhaseArea(twice, c.jobs), Method::Variational);
  const QString title = QString::fromStdString(model.title());
  QString setup = QStringLiteral(
                      "M = %1 initial conditions on a circle of radius %2 around the "
                      "initial state; h = %3 s, T = %4 s")
                      .arg(spec.points)
                      .arg(number(spec.radius), number(spec.settings.h), number(spec.settings.T));
  QStringList failures;
  for (const PhaseAreaMethod& m : r.methods)
    if (m.status != RunStatus::Ok)
      failures << QStringLiteral("%1: %2").arg(QString::fromStdString(methodName(m.method)),
                                               QString::fromStdString(m.failure));
  if (!failures.isEmpty()) setup += "\nnot finished: " + failures.join("; ");
  if (out.wanted(portraitId)) {
    Figure f;
    f.title = title + ", ours: phase portrait and carried curves";
    f.xLabel = phaseLabel(r.qName, r.qUnit);
    f.yLabel = phaseLabel(r.pName, r.pUnit);
    for (const PhaseAreaMethod& m : r.methods) {
      Series s = methodSeries(m.method);
      s.path = true;
      s.width = 0.8;
      for (const Vector2d& z : m.portrait) {
        s.x.push_back(z.x());
        s.y.push_back(z.y());
      }
      f.series.push_back(s);
      for (const PhaseCurve& curve : m.curves) {
        Series cs = methodSeries(m.method);
        cs.name += QStringLiteral(" at t = %1").arg(number(curve.t));
        cs.path = true;
        cs.inLegend = false;
        cs.width = 2.0;
        for (std::size_t i = 0; i <= curve.points.size() && !curve.points.empty(); ++i) {
          const Vector2d& z = curve.points[i % curve.points.size()];
          cs.x.push_back(z.x());
          cs.y.push_back(z.y());
        }
        f.series.push_back(cs);
      }
    }
    for (int sign : {1, -1}) {
      if (r.separatrix.empty()) break;
      Series s;
      s.name = sign > 0 ? QStringLiteral("separatrix") : QStringLiteral("separatrix (lower)");
      s.inLegend = sign > 0;
      s.color = Qt::black;
      s.pen = Qt::DashLine;
      for (const Vector2d& z : r.separatrix) {
        s.x.push_back(z.x());
        s.y.push_back(sign * z.y());
      }
      f.series.push_back(s);
    }
    f.caption = setup + QStringLiteral(
                            "\nthin: the run from the initial state; thick: the "
                            "curve of initial conditions at %1 times")
                            .arg(spec.times.size());
    out.write(portraitId, f, c.command(portraitId));
  }
  if (out.wanted(areaId)) {
    Figure f;
    f.title = title + ", ours: area of the carried curve, A(t) / A(0)";
    f.xLabel = QStringLiteral("t [s]");
    f.yLabel = QStringLiteral("A(t) / A(0)");
    QStringList ends;
    for (const PhaseAreaMethod& m : r.methods) {
      Series s = methodSeries(m.method);
      s.x = m.ratioTimes;
      s.y = m.ratios;
      f.series.push_back(s);
      if (!m.ratios.empty())
        ends << QStringLiteral("%1 %2").arg(QString::fromStdString(methodName(m.method)),
                                            QString::number(m.ratios.back(), 'f', 6));
    }
    f.caption = setup + QStringLiteral(
                            "\nA(T)/A(0): %1\nthe polygon alone moves the variational "
                            "ratio by at most %2 (M against 2M vertices)")
                            .arg(ends.join(", "), bound ? number(*bound, 2) : QStringLiteral("?"));
    out.write(areaId, f, c.command(areaId));
  }
}

}  // namespace

std::vector<std::string> studyIds(const SystemModel& model) {
  std::vector<std::string> ids = {model.name() + "-work-precision", model.name() + "-convergence"};
  if (hasPhasePlane(model)) {
    ids.push_back(model.name() + "-phase-portrait");
    ids.push_back(model.name() + "-phase-area");
  }
  return ids;
}

void writeStudyFigures(Output& out, const SystemModel& model, const Context& c) {
  const std::vector<std::string> ids = studyIds(model);
  if (ids.size() > 3 && (out.wanted(ids[2]) || out.wanted(ids[3])))
    writePhaseFigures(out, model, c, ids[2], ids[3]);
  if (!out.wanted(ids[0]) && !out.wanted(ids[1])) return;
  SweepSpec spec = defaultSweep(model);
  if (c.quick) spec = quickSweep(spec);
  validateSweep(spec);
  SweepResult result;
  try {
    result = runSweep(spec, {}, c.jobs);
  } catch (const std::exception& e) {
    for (const std::string& id : ids)
      if (out.wanted(id)) out.fail(id, QString::fromUtf8(e.what()));
    return;
  }
  ui::AnalysisPlots plots;
  plots.setResult(&result, ui::SweepError::Global, ui::SweepCost::Evaluations);
  const QString title = QString::fromStdString(model.title());
  const auto csv = [&result](std::ostream& s) { writeSweepCsv(s, result); };
  QCustomPlot* plot[2] = {plots.workPrecision(), plots.convergence()};
  const QString name[2] = {QStringLiteral("work-precision"), QStringLiteral("convergence")};
  for (int i = 0; i < 2; ++i) {
    if (!out.wanted(ids[i])) continue;
    ui::PlotStyle::title(plot[i])->setText(title + ", ours: " + name[i]);
    ui::addCaption(plot[i], sweepCaption(result));
    out.write(ids[i], plot[i], sweepCaption(result), csv, c.command(ids[i]));
  }
  for (const SweepRun& r : result.runs)
    if (r.status == RunStatus::Failed) {
      out.fail(ids[0] + "-" + std::to_string(r.index),
               QStringLiteral("run %1 (%2) failed: %3")
                   .arg(r.index)
                   .arg(QString::fromStdString(methodName(r.point.method)),
                        QString::fromStdString(r.failure)));
    }
}

}  // namespace dms::figures
