// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/plotdrawing.h"

#include <qcustomplot.h>

#include <QVector>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

void ensureCursorLayer(QCustomPlot* p) {
  if (p->layer("cursor")) return;
  p->addLayer("cursor", p->layer("main"), QCustomPlot::limAbove);
  p->layer("cursor")->setMode(QCPLayer::lmBuffered);
}

void fillDecimated(QCPGraph* g, const RunStore& store, Metric m, double t0, double t1, int columns,
                   bool log, bool angular) {
  const Curve c = store.decimate(m, t0, t1, columns);
  QVector<double> keys, values;
  keys.reserve(int(c.t.size()));
  values.reserve(int(c.t.size()));
  for (std::size_t i = 0; i < c.t.size(); ++i) {
    // a log axis cannot show 0 (an exact invariant): leave the point out, keep the line
    if (log && !(c.value[i] > 0.0)) continue;
    // an angle's wrap from pi to -pi is no motion: a gap, not a line across the plot
    if (angular && !values.isEmpty() && std::fabs(c.value[i] - values.back()) > kPi) {
      keys.push_back(0.5 * (keys.back() + c.t[i]));
      values.push_back(std::numeric_limits<double>::quiet_NaN());
    }
    keys.push_back(c.t[i]);
    values.push_back(c.value[i]);
  }
  g->setData(keys, values, true);
}

QCPGraph* addRunGraph(QCustomPlot* p, const QColor& color, double width, Qt::PenStyle pen,
                      const QString& name) {
  QCPGraph* g = p->addGraph();
  g->setPen(QPen(color, width, pen));
  g->setName(name);
  g->setAdaptiveSampling(true);
  return g;
}

void autoscaleTimePlot(QCustomPlot* p, double horizon, bool log) {
  p->xAxis->blockSignals(true);
  p->xAxis->setRange(0.0, horizon);
  p->xAxis->blockSignals(false);
  bool any = false;
  for (int i = 0; i < p->graphCount(); ++i) {
    QCPGraph* g = p->graph(i);
    if (!g->visible() || g->dataCount() == 0) continue;
    g->rescaleValueAxis(any, false);
    any = true;
  }
  if (!any) {
    p->yAxis->setRange(log ? QCPRange(1e-16, 1.0) : QCPRange(0.0, 1.0));
  } else if (log) {
    // a decade of room above and below
    const QCPRange r = p->yAxis->range();
    p->yAxis->setRange(r.lower / 3.0, r.upper * 3.0);
  } else if (!(p->yAxis->range().size() > 0)) {
    // one value (an exact invariant): a range around it
    const double v = p->yAxis->range().center();
    const double d = std::max(1e-12, 0.05 * std::fabs(v));
    p->yAxis->setRange(v - d, v + d);
  } else {
    p->yAxis->scaleRange(1.1, p->yAxis->range().center());
  }
}

QCPTextElement* addFootnote(QCustomPlot* p, const QFont& font) {
  auto* e = new QCPTextElement(p, QString(), font);
  e->setTextColor(mutedTextColor());
  e->setVisible(false);
  p->plotLayout()->addElement(3, 0, e);
  p->plotLayout()->setRowStretchFactor(3, 0.001);
  p->plotLayout()->take(e);  // in the layout while it has something to say (setFootnote)
  return e;
}

void setFootnote(QCPTextElement* element, QString* shown, const QString& text) {
  if (text == *shown) return;
  *shown = text;
  element->setText(text);
  element->setVisible(!text.isEmpty());
  QCPLayoutGrid* layout = element->parentPlot()->plotLayout();
  const bool inLayout = layout->hasElement(3, 0);
  if (text.isEmpty() && inLayout) layout->take(element);
  if (!text.isEmpty() && !inLayout) layout->addElement(3, 0, element);
  element->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}

QCPItemText* addStaleBanner(QCustomPlot* p, const QString& text) {
  QCPItemText* banner = PlotStyle::addNote(p, 0.5, 0.08, 10, text);
  banner->setColor(errorColor());
  banner->setBrush(QColor(255, 255, 255, 225));
  banner->setPadding(QMargins(6, 3, 6, 3));
  banner->setVisible(false);
  return banner;
}

bool legendRowFits(QCustomPlot* p) {
  QCPLegend* legend = p->legend;
  const QMargins margins = legend->margins();
  int row = margins.left() + margins.right() +
            std::max(0, legend->columnCount() - 1) * legend->columnSpacing();
  for (int c = 0; c < legend->columnCount(); ++c) {
    int widest = 0;
    for (int r = 0; r < legend->rowCount(); ++r)
      if (legend->hasElement(r, c))
        widest = std::max(widest, legend->element(r, c)->minimumOuterSizeHint().width());
    row += widest;
  }
  return row <= p->viewport().width();
}

}  // namespace dms::ui
