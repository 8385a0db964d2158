// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/analysisplots.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QToolTip>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>

#include "core/sim/registry.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

namespace {

QString g(double v, int digits = 3) { return QString::number(v, 'g', digits); }

QString errorName(SweepError e) {
  switch (e) {
    case SweepError::Global:
      return AnalysisPlots::tr("global error at T");
    case SweepError::Energy:
      return AnalysisPlots::tr("max |E − E₀| [J]");
    case SweepError::Structure:
      return AnalysisPlots::tr("max structure error [–]");
    case SweepError::Momentum:
      return AnalysisPlots::tr("max |L − L₀| [kg m²/s]");
  }
  return {};
}

}  // namespace

std::optional<double> sweepError(const SweepRun& run, SweepError e) {
  if (run.status != RunStatus::Ok) return std::nullopt;
  std::optional<double> v;
  switch (e) {
    case SweepError::Global:
      if (run.error) v = run.error->norm();
      break;
    case SweepError::Energy:
      v = run.energyMaxDev;
      break;
    case SweepError::Structure:
      v = run.structureMaxErr;
      break;
    case SweepError::Momentum:
      v = run.momentumMaxDev;
      break;
  }
  if (v && !(*v > 0 && std::isfinite(*v))) return std::nullopt;  // not on a log axis
  return v;
}

AnalysisPlots::AnalysisPlots(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(2);
  m_work = new QCustomPlot(this);
  m_convergence = new QCustomPlot(this);
  int index = 0;
  for (QCustomPlot* p : {m_work, m_convergence}) {
    p->setMinimumSize(200, 160);
    p->setMouseTracking(true);
    connect(p, &QCustomPlot::mouseMove, this, [this, index](QMouseEvent* e) { showTip(index, e); });
    connect(p, &QCustomPlot::mouseDoubleClick, this, [p] {
      PlotStyle::fitAxes(p);
      p->replot(QCustomPlot::rpQueuedReplot);
    });
    row->addWidget(p, 1);
    ++index;
  }
  // after every layout, on screen and in an export at another size: the triangles go where
  // that layout leaves room
  connect(m_convergence, &QCustomPlot::afterLayout, this, &AnalysisPlots::placeTriangles);
  // and the notes and legends fit the width that layout gives (a presentation's larger text)
  for (QCustomPlot* p : {m_work, m_convergence})
    connect(p, &QCustomPlot::afterLayout, this, [this, p] { fitTexts(p); });
  PlotStyle::apply(m_work, tr("Work-precision"), tr("CPU time [s]"), errorName(SweepError::Global));
  PlotStyle::apply(m_convergence, tr("Convergence"), tr("step h [s] (adaptive: mean step T/N)"),
                   errorName(SweepError::Global));
  setResult(nullptr, SweepError::Global, SweepCost::Cpu);
}

void AnalysisPlots::setResult(const SweepResult* result, SweepError error, SweepCost cost,
                              bool partial) {
  for (QCustomPlot* p : {m_work, m_convergence}) {
    p->clearGraphs();
    p->clearItems();
    p->legend->setWrap(2);  // two entries a row: more methods wrap onto more rows, never cut
    for (QCPAxis* a : {p->xAxis, p->yAxis}) PlotStyle::setLogAxis(a, true);
    p->yAxis->setLabel(errorName(error));
  }
  m_work->xAxis->setLabel(cost == SweepCost::Cpu ? tr("CPU time [s]")
                                                 : tr("evaluations (f or forces)"));
  m_points[0].clear();
  m_points[1].clear();
  m_triangles.clear();  // their items went with clearItems()
  if (!result) {
    for (QCustomPlot* p : {m_work, m_convergence})
      addNote(p, 0.5, 0.5, 10, tr("choose the methods and steps, then Run"));
    for (QCustomPlot* p : {m_work, m_convergence}) p->replot();
    return;
  }
  std::map<Method, std::optional<double>> orders;
  for (const auto& [m, o] : fittedOrders(*result)) orders[m] = o;
  const double T = result->spec.T;
  std::vector<std::pair<QCPGraph*, int>> ordered;  // each fixed-step curve's order, rounded
  for (Method m : result->spec.methods) {
    const MethodLook look = methodLook(m);
    QString name = QString::fromStdString(methodInfo(m).label);
    const bool adaptive = methodInfo(m).adaptive;
    QCPGraph* work = m_work->addGraph();
    QCPGraph* conv = m_convergence->addGraph();
    work->setName(name);
    const bool fitted = orders.count(m) && orders[m].has_value();
    const double order = fitted ? *orders[m] : 0.0;
    // a fixed-step method with too few runs in the fit's range (its error above the reference's
    // bound times kFitFloorFactor and below kFitCeiling) says so, not nothing
    int inRange = 0;
    for (const SweepRun& r : result->runs)
      inRange += r.point.method == m && usedForOrder(r, result->reference) ? 1 : 0;
    QString entry = name;
    if (fitted)
      entry = tr("%1: order %2").arg(name, QString::number(order, 'f', 2));
    else if (!adaptive)
      entry = tr("%1: no order (%2 of 3 runs in range)").arg(name).arg(inRange);
    conv->setName(entry);
    if (fitted) ordered.push_back({conv, int(std::lround(order))});
    for (QCPGraph* gph : {work, conv}) {
      gph->setPen(QPen(look.color, 1.6, look.pen));
      gph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, look.color, look.color, 6));
    }
    for (const SweepRun& r : result->runs) {
      if (r.point.method != m) continue;
      const std::optional<double> e = sweepError(r, error);
      if (!e) continue;
      const double x = cost == SweepCost::Cpu ? r.cpuSeconds : double(r.counters.fevals);
      const double step = adaptive ? T / double(std::max<std::int64_t>(r.counters.steps, 1))
                                   : r.point.h.value_or(0.0);
      const QString setting = adaptive ? tr("RelTol %1, AbsTol %2")
                                             .arg(g(r.point.rtol.value_or(0)))
                                             .arg(g(r.point.atol.value_or(0)))
                                       : tr("h = %1 s").arg(g(step));
      const QString tip = tr("%1, %2\n%3 = %4\nCPU %5 s, %6 steps, %7 evaluations")
                              .arg(name, setting, errorName(error), g(*e))
                              .arg(g(r.cpuSeconds))
                              .arg(r.counters.steps)
                              .arg(r.counters.fevals);
      if (x > 0) {
        work->addData(x, *e);
        m_points[0].push_back({x, *e, tip});
      }
      if (step > 0) {
        conv->addData(step, *e);
        m_points[1].push_back({step, *e, tip});
      }
    }
  }
  // a partial sweep has no reference yet (RK45's bound comes at the end): which one it will
  // be, without its bound
  QString ref;
  if (partial) {
    SweepReference coming = result->reference;
    if (const SystemModel* model = findSystem(result->spec.system))
      if (const std::optional<ExactSolution> e =
              exactSolution(*model, result->spec.parameters, result->spec.T))
        coming.exact = e->formula;
    ref = tr("the runs finished so far (reference: %1)")
              .arg(QString::fromStdString(referenceText(coming, false)));
  } else {
    ref = tr("reference: %1").arg(QString::fromStdString(referenceText(result->reference)));
  }
  // the fitted orders are the global error's: the triangles go with it alone
  if (error == SweepError::Global) addTriangles(ordered);
  for (QCustomPlot* p : {m_work, m_convergence}) {
    if (p->graphCount() == 0 || m_points[p == m_work ? 0 : 1].empty())
      addNote(p, 0.5, 0.5, 10, tr("no finished run has this error"));
    else
      // at the foot of the axes, growing upwards when it wraps
      addNote(p, 0.5, 0.99, 8, ref)->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    PlotStyle::fitAxes(p);
    p->replot();
  }
}

QCPItemText* AnalysisPlots::addNote(QCustomPlot* p, double x, double y, int pointSize,
                                    const QString& text) {
  QCPItemText* note = PlotStyle::addNote(p, x, y, pointSize, text);
  note->setProperty(kFullText, text);  // fitTexts wraps it to the axes' width
  return note;
}

void AnalysisPlots::fitTexts(QCustomPlot* p) {
  const int width = p->axisRect()->width();
  if (width <= 0) return;
  // a note's words in lines no wider than the axes (its text as given when it fits)
  for (int i = 0; i < p->itemCount(); ++i) {
    auto* note = qobject_cast<QCPItemText*>(p->item(i));
    if (!note || !note->property(kFullText).isValid()) continue;
    const QFontMetrics fm(note->font());
    QStringList lines;
    QString line;
    for (const QString& word : note->property(kFullText).toString().split(' ')) {
      const QString longer = line.isEmpty() ? word : line + ' ' + word;
      if (!line.isEmpty() && fm.horizontalAdvance(longer) > int(0.95 * width)) {
        lines << line;
        line = word;
      } else {
        line = longer;
      }
    }
    lines << line;
    const QString text = lines.join('\n');
    if (note->text() != text) note->setText(text);
  }
  // the legend two entries a row while two of its widest fit the width, else one a row (the
  // names are never cut)
  if (PlotStyle::fitLegend(p, 2))
    p->replot(QCustomPlot::rpQueuedReplot);  // a new layout with the legend's new rows
}

int AnalysisPlots::pointCount(int plot) const { return int(m_points[plot == 0 ? 0 : 1].size()); }

QString AnalysisPlots::tipAt(int plot, const QPointF& pixel) const {
  const QCustomPlot* p = plot == 0 ? m_work : m_convergence;
  double best = 12.0 * 12.0;
  QString tip;
  for (const Point& q : m_points[plot == 0 ? 0 : 1]) {
    const double dx = p->xAxis->coordToPixel(q.x) - pixel.x();
    const double dy = p->yAxis->coordToPixel(q.y) - pixel.y();
    if (dx * dx + dy * dy < best) {
      best = dx * dx + dy * dy;
      tip = q.tip;
    }
  }
  return tip;
}

void AnalysisPlots::showTip(int plot, QMouseEvent* e) {
  const QString tip = tipAt(plot, e->position());
  QCustomPlot* p = plot == 0 ? m_work : m_convergence;
  if (tip.isEmpty())
    QToolTip::hideText();
  else
    QToolTip::showText(p->mapToGlobal(e->position().toPoint()), tip, p);
}

}  // namespace dms::ui
