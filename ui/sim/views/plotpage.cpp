// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/plotpage.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <algorithm>

#include "ui/common/plotstyle.h"
#include "ui/common/timeunit.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

PlotPage::PlotPage(const PlotContext& context, bool logScale, QWidget* parent)
    : QWidget(parent), m_ctx(context), m_logScale(logScale) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
}

PlotPage::~PlotPage() {
  // a legend out of its layout would outlive the plot that owns it through the layout
  for (QCustomPlot* p : m_plots)
    if (!p->plotLayout()->hasElement(1, 0)) p->plotLayout()->addElement(1, 0, p->legend);
}

QCustomPlot* PlotPage::addPlot() {
  auto* p = new QCustomPlot(this);
  static_cast<QHBoxLayout*>(layout())->addWidget(p, 1);
  m_plots.push_back(p);
  // a wheel or a drag means the user chose a range: stop following the data
  connect(p, &QCustomPlot::mouseWheel, this, &PlotPage::rangeChosen);
  connect(p, &QCustomPlot::mousePress, this, &PlotPage::rangeChosen);
  connect(p, &QCustomPlot::mouseDoubleClick, this, &PlotPage::autoscaleRequested);
  // the legend row placed and the title fitted anew before each replot, at the sizes and in the
  // fonts they are drawn at: a resize, new curves and View > Presentation's larger font
  // (PlotStyle::setScale) all replot
  connect(p, &QCustomPlot::beforeReplot, this, [this, p] {
    placeLegend(p);
    PlotStyle::fitTitle(p);  // a long title ("Energy E − E₀ (thin) and ...") on more lines
  });
  return p;
}

QCustomPlot* PlotPage::addTimePlot(const QString& yLabel) {
  QCustomPlot* p = addPlot();
  PlotStyle::apply(p, QString(), tr("t [s]"), yLabel);
  m_cursors.push_back(PlotStyle::addCursor(p));
  m_timePlots.push_back(p);
  connect(p->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          &PlotPage::timeRangeChanged);
  PlotStyle::setLogAxis(p->yAxis, isLogPlot());
  return p;
}

void PlotPage::shareTimeAxis(QCustomPlot* a, QCustomPlot* b) {
  connect(a->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          [b](const QCPRange& r) {
            b->xAxis->setRange(r);
            b->replot(QCustomPlot::rpQueuedReplot);
          });
  connect(b->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
          [a](const QCPRange& r) { a->xAxis->setRange(r); });
}

void PlotPage::addStaleBanners(const QString& text) {
  for (QCustomPlot* p : m_plots) m_staleBanners.push_back(addStaleBanner(p, text));
}

void PlotPage::setStale(bool stale) {
  for (QCPItemText* b : m_staleBanners) b->setVisible(stale);
  for (QCustomPlot* p : m_plots)
    for (int i = 0; i < p->plottableCount(); ++i) {
      QCPAbstractPlottable* g = p->plottable(i);
      QPen pen = g->pen();
      QColor c = pen.color();
      c.setAlpha(stale ? 70 : 255);
      pen.setColor(c);
      g->setPen(pen);
    }
}

void PlotPage::setRuns(const TimeUnit& unit) {
  // the time axes in the unit the horizon reads best in (a week in days)
  for (QCustomPlot* p : m_timePlots) PlotStyle::setTimeAxis(p->xAxis, unit);
  for (QCPItemText* b : m_staleBanners) b->setVisible(false);
  // at most three entries a row: more runs wrap onto more rows, never off the plot
  for (QCustomPlot* p : m_plots) p->legend->setWrap(3);
  rebuild();
}

void PlotPage::applyScale() {
  if (!m_logScale) return;
  for (QCustomPlot* p : m_plots) PlotStyle::setLogAxis(p->yAxis, isLogPlot());
}

void PlotPage::refresh(int columns, bool autoscale, bool now) {
  double t0 = 0.0, t1 = m_ctx.horizon;
  if (!m_timePlots.empty()) {
    QCustomPlot* lead = m_timePlots.front();
    if (!autoscale) {
      t0 = lead->xAxis->range().lower;
      t1 = lead->xAxis->range().upper;
    }
    // one bucket group per pixel column of the plot (or of the exported image); beyond the
    // errors' plots, one not laid out yet (a view just chosen) counts by its widget's width
    if (columns <= 0)
      columns = fitsShortPlots() ? std::max({100, lead->axisRect()->width(), lead->width() - 80})
                                 : std::max(100, lead->axisRect()->width());
  }
  if (m_ctx.stores) fill(*m_ctx.stores, t0, t1, columns);
  if (autoscale) {
    // a plot against t frames the whole horizon, the phase portrait its curves
    for (QCustomPlot* p : m_timePlots) autoscaleTimePlot(p, m_ctx.horizon, isLogPlot());
    for (QCustomPlot* p : m_plots)
      if (std::find(m_timePlots.begin(), m_timePlots.end(), p) == m_timePlots.end())
        PlotStyle::fitAxes(p);
  }
  // a linear y axis of a short plot (the window at its smallest) gets fewer ticks, so that their
  // labels do not run into each other; the Errors view's axes stay as QCustomPlot ticks them
  if (fitsShortPlots() && !isLogPlot())
    for (QCustomPlot* p : m_plots)
      p->yAxis->ticker()->setTickCount(
          m_ctx.exporting ? 5 : std::clamp(p->axisRect()->height() / 30, 2, 5));
  for (QCustomPlot* p : m_plots)
    p->replot(now ? QCustomPlot::rpRefreshHint : QCustomPlot::rpQueuedReplot);
}

void PlotPage::setCursorTime(double t) {
  for (QCPItemLine* c : m_cursors) PlotStyle::setCursor(c, t);
}

// Each plot's legend row while legendsShown and the plot has curves. In the window, a short plot
// of a view beyond the errors (the window at its smallest) leaves that row to the curves: its
// title keys the lines, the window's legend names the runs' colours. An export has it always.
void PlotPage::placeLegends() {
  for (QCustomPlot* p : m_plots)
    if (placeLegend(p)) p->replot(QCustomPlot::rpQueuedReplot);
}

bool PlotPage::placeLegend(QCustomPlot* p) {
  // an empty legend caps its layout column at its own (nil) maximum width, which crushed the
  // exported plot to a sliver: without curves it leaves the layout (and comes back with them)
  bool wanted = m_ctx.legendsShown && p->legend->itemCount() > 0;
  if (wanted && !m_ctx.exporting && fitsShortPlots() && p->height() < kShortPlot) wanted = false;
  // on screen a legend whose rows of entries are wider than the plot would cut the names: the
  // window's own legend above the 3D view names the runs instead (files always have theirs).
  // The entries fill its grid's rows (wrap() a row, setRuns), each column as wide as its widest
  // name in the legend's font now (View > Presentation scales it), with the spacing between the
  // columns and the legend's margins.
  if (wanted && !m_ctx.exporting && !legendRowFits(p)) wanted = false;
  QCPLayoutGrid* layout = p->plotLayout();
  const bool inLayout = layout->hasElement(1, 0);  // its cell holds nothing else
  if (wanted == inLayout) return false;
  if (inLayout) layout->take(p->legend);
  if (wanted) layout->addElement(1, 0, p->legend);
  return true;
}

std::vector<CurvePoint> PlotPage::pointsOf(const QCPGraph* g) {
  std::vector<CurvePoint> out;
  if (!g) return out;
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
    out.push_back({it->key, it->key, it->value});
  return out;
}

std::vector<CurvePoint> PlotPage::pointsOf(const QCPCurve* c) {
  std::vector<CurvePoint> out;
  if (!c) return out;
  for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it)
    out.push_back({it->t, it->key, it->value});
  return out;
}

}  // namespace dms::ui
