// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/phaseview.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

PhaseView::PhaseView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, false, parent) {
  m_plot = addPlot();
  PlotStyle::apply(m_plot, tr("Phase portrait"), tr("q"), tr("p"));
  ensureCursorLayer(m_plot);
}

std::vector<std::pair<QString, QCustomPlot*>> PhaseView::exportablePlots() const {
  return {{"phase-portrait", m_plot}};
}

QString PhaseView::title() const { return tr("Phase portrait"); }

QString PhaseView::tip() const {
  return tr("(q, p) of every run; the ring marks the playback time");
}

QString PhaseView::unavailableReason() const {
  return tr("No phase portrait: the system has more than one degree of freedom");
}

bool PhaseView::available() const { return m_ctx.haveQuantities && m_ctx.q.plane.has_value(); }

void PhaseView::rebuild() {
  m_plot->clearPlottables();
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  m_curves.assign(n, nullptr);
  m_markers.assign(n, nullptr);
  if (!m_ctx.known() || !m_ctx.q.plane) return;
  const PhasePlane& plane = *m_ctx.q.plane;
  const QString qName = plotSymbol(plane.qName), pName = plotSymbol(plane.pName);
  // the axes name the symbols alone (a short plot has no room for more), the title the rest
  PlotStyle::title(m_plot)->setText(tr("Phase portrait (%1, %2)").arg(qName, pName));
  m_plot->xAxis->setLabel(QString("%1 [%2]").arg(qName, plotSymbol(plane.qUnit)));
  m_plot->yAxis->setLabel(
      QString("%1 [%2]").arg(pName.section(' ', 0, 0), plotSymbol(plane.pUnit)));
  // the first run drawn last, on top: the article's variational run over RK45's spiral
  for (std::size_t i = n; i-- > 0;) {
    auto* c = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    c->setPen(QPen(runs[i].color, 1.0, runs[i].pen));
    c->setName(runs[i].label);
    c->removeFromLegend();
    m_curves[i] = c;
  }
  for (QCPCurve* c : m_curves) c->addToLegend();  // the legend in the runs' order
  for (std::size_t i = 0; i < n; ++i) {
    auto* m = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m->setLayer("cursor");
    m->setLineStyle(QCPCurve::lsNone);
    m->setPen(QPen(runs[i].color, 2.0));
    m->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(runs[i].color, 2.0), Qt::white, 10));
    m->removeFromLegend();
    m_markers[i] = m;
  }
}

// (q, p) of every kept sample of each run (the playback buffer: every sample of a short run,
// evenly thinned on a long one), the angle in (-pi, pi] with a gap at each wrap, and a gap
// wherever consecutive points are too far apart for a line to stand for the path
void PhaseView::fill(const std::vector<RunStore>& stores, double, double, int) {
  if (!m_ctx.q.plane) return;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const PhasePlane& plane = *m_ctx.q.plane;
  const std::size_t n = std::min(stores.size(), m_curves.size());
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* curve = m_curves[i];
    if (!curve) continue;
    const RunStore& store = stores[i];
    QVector<double> t, q, p;
    const auto addSample = [&](const Sample& s) {
      const Vector2d x = plane.read(s);
      t.push_back(s.t);
      q.push_back(plane.angular ? wrapAngle(x[0]) : x[0]);
      p.push_back(x[1]);
    };
    for (const Sample& s : store.playback()) addSample(s);
    if (!store.empty() && (t.isEmpty() || store.last().t > t.back())) addSample(store.last());
    double qLo = 0, qHi = 0, pLo = 0, pHi = 0;
    for (int k = 0; k < q.size(); ++k) {
      qLo = k ? std::min(qLo, q[k]) : q[k];
      qHi = k ? std::max(qHi, q[k]) : q[k];
      pLo = k ? std::min(pLo, p[k]) : p[k];
      pHi = k ? std::max(pHi, p[k]) : p[k];
    }
    // a chord longer than a fifth of the portrait's extent is no part of the path (a long
    // run's thinned samples): the points stay, the line breaks
    const double qGap = 0.2 * (qHi - qLo), pGap = 0.2 * (pHi - pLo);
    QVector<double> tt, qq, pp;
    tt.reserve(t.size() + 16);
    qq.reserve(t.size() + 16);
    pp.reserve(t.size() + 16);
    bool thinned = false;
    for (int k = 0; k < t.size(); ++k) {
      if (k > 0) {
        const double dq = std::fabs(q[k] - q[k - 1]), dp = std::fabs(p[k] - p[k - 1]);
        const bool wrap = plane.angular && dq > kPi;
        const bool far = (qGap > 0 && dq > qGap) || (pGap > 0 && dp > pGap);
        if (wrap || far) {
          thinned = thinned || (far && !wrap);
          tt.push_back(0.5 * (t[k - 1] + t[k]));
          qq.push_back(nan);
          pp.push_back(nan);
        }
      }
      tt.push_back(t[k]);
      qq.push_back(q[k]);
      pp.push_back(p[k]);
    }
    curve->setData(tt, qq, pp, true);
    curve->setScatterStyle(thinned ? QCPScatterStyle(QCPScatterStyle::ssDisc, 2.5)
                                   : QCPScatterStyle(QCPScatterStyle::ssNone));
  }
}

// the ring of each run at the playback time, on the cursor layer (a frame repaints it alone)
void PhaseView::setCursorTime(double t) {
  if (!m_ctx.q.plane) return;
  const std::vector<RunStore>* stores = m_ctx.stores;
  const std::size_t n = stores ? std::min(stores->size(), m_markers.size()) : 0;
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* m = m_markers[i];
    if (!m) continue;
    const std::optional<Sample> s = (*stores)[i].nearest(t);
    if (!s) {
      m->data()->clear();
      continue;
    }
    const Vector2d x = m_ctx.q.plane->read(*s);
    const double q = m_ctx.q.plane->angular ? wrapAngle(x[0]) : x[0];
    m->setData(QVector<double>{s->t}, QVector<double>{q}, QVector<double>{x[1]}, true);
  }
  m_plot->layer("cursor")->replot();
}

std::vector<CurvePoint> PhaseView::curve(std::size_t run, int which) const {
  const std::vector<QCPCurve*>& cs = which == 0 ? m_curves : m_markers;
  return pointsOf(run < cs.size() ? cs[run] : nullptr);
}

}  // namespace dms::ui
