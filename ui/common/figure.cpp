// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/figure.h"

#include <qcustomplot.h>

#include <cmath>

#include "core/notation.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {
namespace {

QString shown(const std::string& plain) { return QString::fromStdString(typeset(plain)); }

// a log axis shows only positive values: the others are left out (the caption says so)
bool drawable(double v, bool log) { return std::isfinite(v) && (!log || v > 0.0); }

}  // namespace

Qt::PenStyle toPenStyle(Pen p) {
  switch (p) {
    case Pen::Solid:
      return Qt::SolidLine;
    case Pen::Dash:
      return Qt::DashLine;
    case Pen::Dot:
      return Qt::DotLine;
  }
  return Qt::SolidLine;
}

std::size_t drawFigure(QCustomPlot* p, const Figure& f, bool withCaption) {
  p->clearPlottables();
  p->clearItems();
  // what a person reads in the app's one notation (qᵀq, θ, S², ‖I − RᵀR‖); the CSV keeps the
  // plain names
  PlotStyle::title(p)->setText(shown(f.title));
  p->xAxis->setLabel(shown(f.x.text()));
  p->yAxis->setLabel(shown(f.y.text()));
  PlotStyle::setLogAxis(p->xAxis, f.x.log);
  PlotStyle::setLogAxis(p->yAxis, f.y.log);
  for (QCPAxis* a : {p->xAxis, p->yAxis}) a->setTickLabels(true);  // off under a placeholder
  p->legend->setWrap(4);
  std::size_t omitted = 0;
  for (const Series& s : f.series) {
    QVector<double> x, y;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (drawable(s.x[i], f.x.log) && drawable(s.y[i], f.y.log)) {
        x.push_back(s.x[i]);
        y.push_back(s.y[i]);
      } else {
        ++omitted;
      }
    }
    const QColor color = toQColor(s.color);
    const QString name = shown(s.name);
    const QPen pen = s.line ? QPen(color, s.width, toPenStyle(s.pen)) : QPen(Qt::NoPen);
    const auto shape =
        s.marker == Marker::Circle ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssDisc;
    QCPScatterStyle marker(shape, color, shape == QCPScatterStyle::ssDisc ? color : Qt::white, 5);
    if (shape != QCPScatterStyle::ssDisc) marker.setPen(QPen(color, 1.4));
    if (s.path) {
      auto* c = new QCPCurve(p->xAxis, p->yAxis);
      c->setData(x, y);
      c->setName(name);
      c->setPen(pen);
      if (s.points || !s.line) c->setScatterStyle(marker);
      if (!s.inLegend) c->removeFromLegend();
    } else {
      QCPGraph* g = p->addGraph();
      g->setData(x, y, true);
      g->setName(name);
      g->setPen(pen);
      if (s.points || !s.line) g->setScatterStyle(marker);
      if (!s.line) g->setLineStyle(QCPGraph::lsNone);
      if (!s.inLegend) g->removeFromLegend();
    }
  }
  PlotStyle::fitAxes(p);
  QString caption = shown(f.caption);
  if (omitted)
    caption += QStringLiteral("\n(%1 points not positive or not finite: not drawn on the log axis)")
                   .arg(omitted);
  if (withCaption) addCaption(p, caption);
  if (f.equalAxes) {
    // the scale ratio needs the axis rect laid out at its final size; the plot is wider than
    // tall, so x widens to y's scale and every point stays in view
    p->replot();
    p->xAxis->setScaleRatio(p->yAxis, 1.0);
  }
  p->replot();
  return omitted;
}

void addCaption(QCustomPlot* p, const QString& caption) {
  if (auto* shown = p->property("dmsCaption").value<QCPTextElement*>()) {
    shown->setText(caption);  // one caption row per plot, its text replaced
    return;
  }
  if (caption.isEmpty()) return;
  auto* text = new QCPTextElement(p, caption, QFont(p->font().family(), 8));
  p->setProperty("dmsCaption", QVariant::fromValue(text));
  text->setTextColor(mutedTextColor());
  QCPLayoutGrid* layout = p->plotLayout();
  const int row = layout->rowCount();
  layout->addElement(row, 0, text);
  layout->setRowStretchFactor(row, 0.001);
}

}  // namespace dms::ui
