// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/control/controlplots.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/notation.h"
#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

namespace {

QString unicodeSymbol(const std::string& s) { return QString::fromStdString(typeset(s)); }

}  // namespace

ControlPlots::ControlPlots(QWidget* parent) : QWidget(parent) {
  m_row = new QHBoxLayout(this);
  m_row->setContentsMargins(0, 0, 0, 0);
  m_row->setSpacing(2);
  setProblem(nullptr);
}

QCustomPlot* ControlPlots::makePlot(const QString& title, const QString& xLabel,
                                    const QString& yLabel) {
  auto* p = new QCustomPlot(this);
  PlotStyle::apply(p, title, xLabel, yLabel);
  connect(p, &QCustomPlot::mouseDoubleClick, this, [this, p] {
    if (p == m_progress) {
      fitProgress();
    } else {
      p->rescaleAxes();
      p->yAxis->scaleRange(1.15, p->yAxis->range().center());
    }
    p->replot(QCustomPlot::rpQueuedReplot);
  });
  // the legend's names whole: as many a row as the plot's width holds
  connect(p, &QCustomPlot::afterLayout, this, [p] {
    if (PlotStyle::fitLegend(p, 4)) p->replot(QCustomPlot::rpQueuedReplot);
  });
  // the title whole: on more lines where the plot is narrower than it ("Control moment uᵐ (body
  // frame)" at 1024x768), in the font it is drawn at (View > Presentation scales it)
  connect(p, &QCustomPlot::beforeReplot, this, [p] { PlotStyle::fitTitle(p); });
  m_row->addWidget(p, 1);
  return p;
}

void ControlPlots::setResidualProgress(bool residual) {
  if (residual == m_residual && m_progress->graphCount() > 0) return;
  m_residual = residual;
  m_progress->clearGraphs();
  m_progress->yAxis->setLabel(m_residual ? tr("terminal residual") : tr("cost J"));
  m_progress->yAxis->setLabelColor(m_residual ? QColor(Qt::black) : costColor());
  PlotStyle::setLogAxis(m_progress->yAxis, m_residual);
  QCPGraph* first = m_progress->addGraph();
  QCPAxis* right = m_progress->yAxis2;
  right->setVisible(!m_residual);
  if (m_residual) {
    first->setName(tr("terminal residual |r|"));
    first->setPen(QPen(violationColor(), 1.6));
  } else {
    // cost and violation differ by many decades: each on its own log axis
    first->setName(tr("cost J (left axis)"));
    first->setPen(QPen(costColor(), 1.6));
    right->setLabel(tr("violation max |cᵢ|"));
    right->setLabelColor(violationColor());
    right->grid()->setVisible(false);
    PlotStyle::setLogAxis(right, true);
    QCPGraph* viol = m_progress->addGraph(m_progress->xAxis, right);
    viol->setName(tr("constraint violation (right axis)"));
    viol->setPen(QPen(violationColor(), 1.6, Qt::DashLine));
  }
  for (int i = 0; i < m_progress->graphCount(); ++i) {
    m_progress->graph(i)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
    m_progress->graph(i)->setLineStyle(QCPGraph::lsLine);
  }
  m_progress->xAxis->setRange(0, 10);
  m_progress->yAxis->setRange(m_residual ? 1e-12 : 0.0, 1.0);
  m_progress->yAxis2->setRange(1e-12, 1);
  m_progress->replot(QCustomPlot::rpQueuedReplot);
}

void ControlPlots::setProblem(const ControlProblem* problem) {
  for (QCustomPlot* p : plots()) delete p;
  m_channels.clear();
  m_components.clear();
  m_cursors.clear();
  m_emptyNotes.clear();
  m_names = QStringList{"progress"};
  m_progress = makePlot(tr("Solver progress"), tr("iteration"), QString());
  m_residual = !(problem && problem->reportsResidual(problem->defaultRequest()));  // rebuilt next
  setResidualProgress(!m_residual);
  m_note =
      PlotStyle::addNote(m_progress, 0.5, 0.12, 10,
                         problem ? tr("press Solve") : tr("no optimal control for this system"));

  if (problem) {
    for (const ControlChannel& c : problem->channels()) {
      const QString sym = unicodeSymbol(c.symbol);
      QCustomPlot* p =
          makePlot(QString::fromStdString(c.title), tr("t [s]"),
                   QString("%1 [%2]").arg(sym, QString::fromStdString(typeset(c.unit))));
      // a vector's three components and its norm; a scalar's one graph, the others hidden
      const bool scalar = c.components == 1;
      for (int k = 0; k < 3; ++k) {
        QCPGraph* g = p->addGraph();
        g->setName(scalar ? sym : QString("%1%2").arg(sym).arg(QChar(0x2081 + k)));  // 1, 2, 3
        g->setPen(QPen(componentColor(k), 1.2));
        if (scalar && k > 0) g->setVisible(false), g->removeFromLegend();
      }
      QCPGraph* norm = p->addGraph();
      norm->setName(QString("|%1|").arg(sym));
      norm->setPen(QPen(c.shade == 0 ? controlColor() : controlColor2(), 2.4));
      if (scalar) {
        p->graph(0)->setPen(QPen(c.shade == 0 ? controlColor() : controlColor2(), 2.4));
        norm->setVisible(false);
        norm->removeFromLegend();
      }
      QCPItemLine* cursor = PlotStyle::addCursor(p);
      cursor->setVisible(false);
      QCPItemText* empty =
          PlotStyle::addNote(p, 0.5, 0.5, 10, tr("the optimal controls\nappear here\nafter Solve"));
      p->xAxis->setRange(0, 1);
      p->yAxis->setRange(-1, 1);
      m_channels.push_back(p);
      m_components.push_back(c.components);
      m_cursors.push_back(cursor);
      m_emptyNotes.push_back(empty);
      m_names << QString::fromStdString(c.plotName);
    }
  }
  // three plots side by side fit a 1024 x 640 window at their minimum width (plotstyle.cpp);
  // more (the two-body problem's progress, tau1, tau2 and f) share the width of three
  const std::vector<QCustomPlot*> all = plots();
  if (all.size() > 3)
    for (QCustomPlot* p : all) p->setMinimumWidth(p->minimumWidth() * 3 / int(all.size()));
  for (QCustomPlot* p : all) p->replot(QCustomPlot::rpQueuedReplot);
}

void ControlPlots::fitProgress() {
  int last = 0;
  for (int i = 0; i < m_progress->graphCount(); ++i) {
    const QCPGraph* g = m_progress->graph(i);
    bool any = false;
    double lo = 0, hi = 0;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
      lo = any ? std::min(lo, it->value) : it->value;
      hi = any ? std::max(hi, it->value) : it->value;
      last = std::max(last, int(it->key));
      any = true;
    }
    if (!any) continue;
    if (g->valueAxis()->scaleType() == QCPAxis::stLogarithmic) {
      g->valueAxis()->setRange(lo / 3, hi * 3);  // room of a factor 3 above and below
    } else {
      const double pad = std::max(0.08 * (hi - lo), 0.02 * std::fabs(hi));
      g->valueAxis()->setRange(lo - pad, hi + pad);
    }
  }
  m_progress->xAxis->setRange(-0.3, std::max(last, 5) + 0.3);
}

void ControlPlots::setHistory(const std::vector<IterationReport>& history) {
  QVector<double> k, a, b;
  QVector<double> kb;
  for (const IterationReport& r : history) {
    const double first = m_residual ? r.residual.value_or(r.constraintViolation) : r.cost;
    // a log axis cannot show 0 (an exactly feasible iterate): leave the point out
    if (first > 0 && std::isfinite(first)) {
      k << r.iteration;
      a << first;
    }
    if (!m_residual && r.constraintViolation > 0 && std::isfinite(r.constraintViolation)) {
      kb << r.iteration;
      b << r.constraintViolation;
    }
  }
  m_progress->graph(0)->setData(k, a, true);
  if (!m_residual) m_progress->graph(1)->setData(kb, b, true);
  if (!history.empty() && m_note->text() == tr("press Solve")) m_note->setText(QString());
  fitProgress();
  m_progress->replot(QCustomPlot::rpQueuedReplot);
}

void ControlPlots::setResult(const ControlResult* result) {
  for (std::size_t c = 0; c < m_channels.size(); ++c) {
    QCustomPlot* p = m_channels[c];
    QVector<double> t, comp[3], norm;
    if (result && c < result->controls.size()) {
      const std::vector<Vector3d>& u = result->controls[c];
      const bool own = !result->controlTimes.empty();
      const std::size_t n = own ? result->controlTimes.size() : result->samples.size();
      for (std::size_t k = 0; k < u.size() && k < n; ++k) {
        t << (own ? result->controlTimes[k] : result->samples[k].t);
        // a scalar control draws its one entry (its norm is its magnitude)
        for (int i = 0; i < m_components[c]; ++i) comp[i] << u[k](i);
        norm << u[k].norm();
      }
    }
    for (int i = 0; i < 3; ++i) p->graph(i)->setData(t, comp[i], true);
    p->graph(3)->setData(t, norm, true);
    if (!t.isEmpty()) {
      p->rescaleAxes();
      p->yAxis->scaleRange(1.15, p->yAxis->range().center());
    }
    m_cursors[c]->setVisible(!t.isEmpty());
    m_emptyNotes[c]->setVisible(t.isEmpty());
    p->replot(QCustomPlot::rpQueuedReplot);
  }
}

void ControlPlots::setCursorTime(double t) {
  for (std::size_t c = 0; c < m_channels.size(); ++c) PlotStyle::setCursor(m_cursors[c], t);
}

void ControlPlots::setNote(const QString& text) {
  m_note->setText(text);
  m_progress->replot(QCustomPlot::rpQueuedReplot);
}

std::vector<QCustomPlot*> ControlPlots::plots() const {
  std::vector<QCustomPlot*> all;
  if (m_progress) all.push_back(m_progress);
  all.insert(all.end(), m_channels.begin(), m_channels.end());
  return all;
}

QStringList ControlPlots::plotNames() const { return m_names; }

int ControlPlots::pointCount(int plot, int graph) const {
  const std::vector<QCustomPlot*> ps = plots();
  if (plot < 0 || plot >= int(ps.size()) || graph < 0 ||
      graph >= ps[std::size_t(plot)]->graphCount())
    return 0;
  return ps[std::size_t(plot)]->graph(graph)->dataCount();
}

double ControlPlots::dataChecksum(int plot, int graph) const {
  const std::vector<QCustomPlot*> ps = plots();
  if (plot < 0 || plot >= int(ps.size()) || graph < 0 ||
      graph >= ps[std::size_t(plot)]->graphCount())
    return 0.0;
  double sum = 0.0;
  const QCPGraph* g = ps[std::size_t(plot)]->graph(graph);
  for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
    sum += it->value + 1e-3 * it->key;
  return sum;
}

}  // namespace dms::ui
