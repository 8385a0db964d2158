#include "ui/analysis/analysisplots.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QToolTip>
#include <cmath>
#include <limits>
#include <map>

#include "ui/common/methodlook.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

namespace {

QString g(double v, int digits = 3) { return QString::number(v, 'g', digits); }

QString errorName(SweepError e) {
  switch (e) {
    case SweepError::Global:
      return AnalysisPlots::tr("global error at T");
    case SweepError::Energy:
      return AnalysisPlots::tr("max |E - E₀|");
    case SweepError::Structure:
      return AnalysisPlots::tr("max structure error");
    case SweepError::Momentum:
      return AnalysisPlots::tr("max |L - L₀|");
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
  m_work->xAxis->setLabel(cost == SweepCost::Cpu
                              ? tr("CPU time [s]")
                              : tr("evaluations of the right-hand side or forces"));
  m_points[0].clear();
  m_points[1].clear();
  if (!result) {
    for (QCustomPlot* p : {m_work, m_convergence})
      PlotStyle::addNote(p, 0.5, 0.5, 10, tr("choose the methods and steps, then Run"));
    for (QCustomPlot* p : {m_work, m_convergence}) p->replot();
    return;
  }
  std::map<Method, std::optional<double>> orders;
  for (const auto& [m, o] : fittedOrders(*result)) orders[m] = o;
  const double T = result->spec.T;
  for (Method m : result->spec.methods) {
    const MethodLook look = methodLook(m);
    QString name = QString::fromStdString(methodInfo(m).label);
    const bool adaptive = methodInfo(m).adaptive;
    QCPGraph* work = m_work->addGraph();
    QCPGraph* conv = m_convergence->addGraph();
    work->setName(name);
    const std::optional<double> order = orders.count(m) ? orders[m] : std::nullopt;
    conv->setName(order ? tr("%1: order %2").arg(name, QString::number(*order, 'f', 2)) : name);
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
  const QString ref = partial ? tr("the runs finished so far (reference: RK45 at RelTol %1)")
                                    .arg(g(result->reference.rtol))
                              : tr("reference: RK45 at RelTol %1, its error at most %2")
                                    .arg(g(result->reference.rtol))
                                    .arg(g(result->reference.errorBound, 2));
  for (QCustomPlot* p : {m_work, m_convergence}) {
    if (p->graphCount() == 0 || m_points[p == m_work ? 0 : 1].empty())
      PlotStyle::addNote(p, 0.5, 0.5, 10, tr("no finished run has this error"));
    else
      PlotStyle::addNote(p, 0.5, 0.97, 8, ref);
    PlotStyle::fitAxes(p);
    p->replot();
  }
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
