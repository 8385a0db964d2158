// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/studyview.h"

#include <qcustomplot.h>

#include <QHBoxLayout>

#include "ui/common/figure.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

StudyView::StudyView(QWidget* parent) : QWidget(parent) {
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(2);
  for (QCustomPlot*& p : m_plots) {
    p = new QCustomPlot(this);
    PlotStyle::apply(p, QString(), QString(), QString());
    connect(p, &QCustomPlot::mouseDoubleClick, this, [p] {
      PlotStyle::fitAxes(p);
      p->replot(QCustomPlot::rpQueuedReplot);
    });
    row->addWidget(p, 1);
    // the legend's names whole: two a row where they fit, else one
    connect(p, &QCustomPlot::afterLayout, this, [p] {
      if (PlotStyle::fitLegend(p, 2)) p->replot(QCustomPlot::rpQueuedReplot);
    });
  }
  display(nullptr, QString());
}

void StudyView::display(const StudyOutput* output, const QString& note, const QString& title) {
  m_shown = output ? int(std::min<std::size_t>(2, output->figures.size())) : 0;
  for (int i = 0; i < 2; ++i) {
    QCustomPlot* p = m_plots[i];
    if (i < m_shown) {
      const std::size_t omitted = drawFigure(p, output->figures[std::size_t(i)], false);
      // under the axes, never over the curves
      addCaption(p, omitted ? tr("%1 points not positive: not drawn on the log axis").arg(omitted)
                            : QString());
      // two entries a row, refilled: the names stay whole in a half-width plot
      p->legend->setWrap(2);
      p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
      p->replot();
      p->setVisible(true);
      continue;
    }
    // clean axes for the note: nothing left of the study shown before (labels, a log scale,
    // its range, its caption)
    p->clearPlottables();
    p->clearItems();
    PlotStyle::title(p)->setText(title);
    addCaption(p, QString());
    for (QCPAxis* a : {p->xAxis, p->yAxis}) {
      a->setLabel(QString());
      PlotStyle::setLogAxis(a, false);
      a->setRange(0.0, 1.0);
      a->setTickLabels(false);
    }
    p->setVisible(i == 0);  // one plot with the note, titled by the study, the width to itself
    if (i == 0) PlotStyle::addNote(p, 0.5, 0.5, 10, note);
    p->replot();
  }
}

std::vector<QCustomPlot*> StudyView::plots() const {
  std::vector<QCustomPlot*> shown;
  for (int i = 0; i < m_shown; ++i) shown.push_back(m_plots[i]);
  return shown;
}

int StudyView::pointCount(int plot) const {
  if (plot < 0 || plot >= m_shown) return 0;
  int n = 0;
  for (int i = 0; i < m_plots[plot]->plottableCount(); ++i) {
    QCPAbstractPlottable* p = m_plots[plot]->plottable(i);
    if (auto* g = qobject_cast<QCPGraph*>(p)) n += g->dataCount();
    if (auto* c = qobject_cast<QCPCurve*>(p)) n += c->dataCount();
  }
  return n;
}

}  // namespace dms::ui
