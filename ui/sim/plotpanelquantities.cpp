// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plot panel's views beyond the errors (ui/sim/plotpanel.h): the curves of the energy and
// shadow energy, the phase portrait with its playback marks, the state and the angular
// momentum, and the notes under the energy and momentum plots.
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/mode/mode.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/simworker.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

// the curves of the views other than Errors, for the runs of setRuns and the quantities of
// setQuantities
void PlotPanel::rebuildQuantityGraphs() {
  for (QCustomPlot* p : {m_shadowPlot, m_phase, m_stateA, m_stateB, m_momentum})
    p->clearPlottables();
  const std::size_t n = m_runs.size();
  m_signedEnergyGraphs.assign(n, nullptr);
  m_shadowGraphs.assign(n, nullptr);
  m_momentumGraphs.assign(n, nullptr);
  m_phaseCurves.assign(n, nullptr);
  m_phaseMarkers.assign(n, nullptr);
  for (auto& plot : m_stateGraphs) plot.assign(n, {});
  const bool known = m_haveQuantities && m_methods.size() == n && m_q.shadow.size() == n;
  const auto graph = addRunGraph;

  // the energy of every run, and the shadow energy of the runs that have H~ (the note under the
  // plot says why the others have none)
  for (std::size_t i = 0; known && i < n; ++i)
    m_signedEnergyGraphs[i] = graph(m_shadowPlot, m_runs[i].color, 1.0, m_runs[i].pen,
                                    tr("%1: E − E₀").arg(m_runs[i].label));
  // H~ on top, wider and darker: flat where E oscillates around it
  for (std::size_t i = 0; known && i < n; ++i)
    if (m_q.shadow[i].available)
      m_shadowGraphs[i] = graph(m_shadowPlot, m_runs[i].color.darker(200), 2.5, Qt::SolidLine,
                                tr("%1: H̃ − H̃₀").arg(m_runs[i].label));
  PlotStyle::title(m_shadowPlot)
      ->setText(tr("Energy E − E₀ (thin) and shadow energy H̃ − H̃₀ (thick, order %1)")
                    .arg(SimWorker::kShadowOrder));
  updateShadowNote(false);

  // phase portrait
  if (known && m_q.plane) {
    const PhasePlane& plane = *m_q.plane;
    const QString qName = plotSymbol(plane.qName), pName = plotSymbol(plane.pName);
    // the axes name the symbols alone (a short plot has no room for more), the title the rest
    PlotStyle::title(m_phase)->setText(tr("Phase portrait (%1, %2)").arg(qName, pName));
    m_phase->xAxis->setLabel(QString("%1 [%2]").arg(qName, plotSymbol(plane.qUnit)));
    m_phase->yAxis->setLabel(
        QString("%1 [%2]").arg(pName.section(' ', 0, 0), plotSymbol(plane.pUnit)));
    // the first run drawn last, on top: the article's variational run over RK45's spiral
    for (std::size_t i = n; i-- > 0;) {
      auto* c = new QCPCurve(m_phase->xAxis, m_phase->yAxis);
      c->setPen(QPen(m_runs[i].color, 1.0, m_runs[i].pen));
      c->setName(m_runs[i].label);
      c->removeFromLegend();
      m_phaseCurves[i] = c;
    }
    for (QCPCurve* c : m_phaseCurves) c->addToLegend();  // the legend in the runs' order
    for (std::size_t i = 0; i < n; ++i) {
      auto* m = new QCPCurve(m_phase->xAxis, m_phase->yAxis);
      m->setLayer("cursor");
      m->setLineStyle(QCPCurve::lsNone);
      m->setPen(QPen(m_runs[i].color, 2.0));
      m->setScatterStyle(
          QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(m_runs[i].color, 2.0), Qt::white, 10));
      m->removeFromLegend();
      m_phaseMarkers[i] = m;
    }
  }

  // state: each plot's components, the runs by colour, the components by line where several
  for (int j = 0; j < 2 && known && m_q.state.size() == 2; ++j) {
    const StatePlot& sp = m_q.state[std::size_t(j)];
    QCustomPlot* p = j == 0 ? m_stateA : m_stateB;
    p->yAxis->setLabel(sp.yLabel);
    const bool several = sp.components.size() > 1;
    static const Qt::PenStyle styles[3] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    // the title keys the components' lines (a short plot has no legend row)
    static const char* glyphs[3] = {"─", "╌", "┈"};
    QStringList key;
    for (int k = 0; several && k < sp.labels.size(); ++k)
      key << QString("%1 %2").arg(sp.labels[k], QString::fromUtf8(glyphs[k % 3]));
    PlotStyle::title(p)->setText(several ? QString("%1: %2").arg(sp.title, key.join(", "))
                                         : sp.title);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t k = 0; k < sp.components.size(); ++k) {
        QCPGraph* g = graph(p, m_runs[i].color, 1.0, several ? styles[k % 3] : m_runs[i].pen,
                            m_runs[i].label);
        if (several) g->removeFromLegend();
        if (sp.angular) {
          // the wrap breaks the line; lone points of a fast rotation still show
          g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDot));
        }
        m_stateGraphs[j][i].push_back(g);
      }
    if (several) {
      // the legend names the runs by colour and the components by line
      for (std::size_t i = 0; i < n; ++i)
        graph(p, m_runs[i].color, 2.0, Qt::SolidLine, m_runs[i].label);
      for (std::size_t k = 0; k < sp.components.size(); ++k)
        graph(p, mutedTextColor(), 1.0, styles[k % 3], sp.labels.value(int(k)));
    }
  }

  // conserved angular momentum
  setFootnote(m_momentumNote, &m_momentumNoteText, QString());
  if (known && m_q.momentum) {
    PlotStyle::title(m_momentum)->setText(tr("Angular momentum deviation |L − L₀|"));
    for (std::size_t i = 0; i < n; ++i)
      m_momentumGraphs[i] = graph(m_momentum, m_runs[i].color, 1.0, m_runs[i].pen, m_runs[i].label);
  }
}

// the runs without a shadow energy and why (the availability's reason, or what stopped it), runs
// with the same reason together: its first clause where the plot is short (the window at its
// smallest), the whole of it in a file or a tall plot, and always in the plot's tooltip
void PlotPanel::updateShadowNote(bool full) {
  QStringList whole, brief, reasons;
  std::vector<QStringList> who;
  const std::size_t n = m_runs.size();
  if (m_haveQuantities && m_q.shadow.size() == n) {
    for (std::size_t i = 0; i < n; ++i) {
      QString why = QString::fromStdString(m_q.shadow[i].reason);
      if (m_q.shadow[i].available && m_stores && i < m_stores->size())
        why = QString::fromStdString((*m_stores)[i].shadowProblem());
      if (why.isEmpty()) continue;
      const int at = int(reasons.indexOf(why));
      if (at < 0) {
        reasons << why;
        who.push_back({m_runs[i].label});
      } else {
        who[std::size_t(at)] << m_runs[i].label;
      }
    }
  }
  bool any = false;
  for (std::size_t i = 0; i < n && i < m_shadowGraphs.size(); ++i) any = any || m_shadowGraphs[i];
  if (!any && !reasons.isEmpty()) {
    // no run has H~: the plot has no curve, and its middle says why, as the core puts it
    QStringList lines;
    const int width = std::max(40, int((plotWidth() - 60) / 7.5));  // at 10 points
    for (QString reason : reasons) {
      reason = reason.startsWith("not available") ? reason.mid(int(strlen("not available")))
                                                  : ": " + reason;
      lines << wrapWords(tr("No shadow energy%1").arg(reason), width);
    }
    m_shadowPlot->setToolTip(QString());
    m_shadowCentre->setText(lines.join('\n'));
    m_shadowCentre->setVisible(true);
    setFootnote(m_shadowNote, &m_shadowNoteText, QString());
    m_shadowCentreText = lines.join(' ');
    return;
  }
  m_shadowCentre->setVisible(false);
  m_shadowCentreText.clear();
  // the short form groups the runs by the first clause of their reasons (RK45's and RK4's
  // differ only after it), so that one line names them all
  QStringList firsts;
  std::vector<QStringList> briefWho;
  for (int k = 0; k < reasons.size(); ++k) {
    const QString runs = who[std::size_t(k)].join(", ");
    QString reason = reasons[k];
    // "not available for rk45: only a symplectic map has ...; the construction ..." without
    // its head; the first clause: up to the first ';' or '('
    if (reason.startsWith("not available for") && reason.contains(": "))
      reason = reason.mid(reason.indexOf(": ") + 2);
    QString first = reason.section(';', 0, 0);
    if (first.contains(" (")) first = first.left(first.indexOf(" ("));
    whole << tr("No shadow energy for %1: %2").arg(runs, reason);
    const int at = int(firsts.indexOf(first));
    if (at < 0) {
      firsts << first;
      briefWho.push_back(who[std::size_t(k)]);
    } else {
      briefWho[std::size_t(at)] << who[std::size_t(k)];
    }
  }
  for (int k = 0; k < firsts.size(); ++k)
    brief << tr("No shadow energy for %1: %2").arg(briefWho[std::size_t(k)].join(", "), firsts[k]);
  // about 6.5 pixels a character at 8 points
  const int width = std::max(40, int((plotWidth() - 20) / 6.5));
  QStringList lines;
  if (full) {
    for (const QString& l : whole) lines << wrapWords(l, width);
  } else {
    // a short plot: one line, cut where it must be (the tooltip has the whole of it)
    QString line = brief.join("; ");
    if (line.size() > width) line = line.left(width - 1) + QStringLiteral("…");
    if (!line.isEmpty()) lines << line;
  }
  m_shadowPlot->setToolTip(whole.join('\n'));
  setFootnote(m_shadowNote, &m_shadowNoteText, lines.join('\n'));
}

// the runs whose |L - L0| is 0 at every sample: a log axis has no point for them
void PlotPanel::updateMomentumNote() {
  QStringList exact;
  const std::size_t n = m_stores ? std::min(m_stores->size(), m_momentumGraphs.size()) : 0;
  for (std::size_t i = 0; i < n && m_log; ++i) {
    const RunStore& s = (*m_stores)[i];
    if (m_momentumGraphs[i] && !s.empty() && s.summary().momentumMaxDev == 0.0)
      exact << m_runs[i].label;
  }
  setFootnote(m_momentumNote, &m_momentumNoteText,
              exact.isEmpty() ? QString()
                              : tr("%1: L conserved exactly (|L − L₀| = 0 at every step, no point "
                                   "on a log axis)")
                                    .arg(exact.join(", ")));
}

// the width the energy plot is drawn at: the export's, else the window's
int PlotPanel::plotWidth() const { return m_exporting ? m_exportWidth : m_shadowPlot->width(); }

QString PlotPanel::note(PlotView view) const {
  if (view == PlotView::Energy)
    return m_shadowCentreText.isEmpty() ? m_shadowNoteText : m_shadowCentreText;
  if (view == PlotView::Momentum) return m_momentumNoteText;
  return {};
}

// (q, p) of every kept sample of each run (the playback buffer: every sample of a short run,
// evenly thinned on a long one), the angle in (-pi, pi] with a gap at each wrap, and a gap
// wherever consecutive points are too far apart for a line to stand for the path
void PlotPanel::fillPhase() {
  if (!m_stores || !m_q.plane) return;
  const PhasePlane& plane = *m_q.plane;
  const std::size_t n = std::min(m_stores->size(), m_phaseCurves.size());
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* curve = m_phaseCurves[i];
    if (!curve) continue;
    const RunStore& store = (*m_stores)[i];
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
          qq.push_back(kNaN);
          pp.push_back(kNaN);
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
void PlotPanel::updatePhaseMarkers() {
  if (m_view != PlotView::Phase || !m_q.plane) return;
  const std::size_t n = m_stores ? std::min(m_stores->size(), m_phaseMarkers.size()) : 0;
  for (std::size_t i = 0; i < n; ++i) {
    QCPCurve* m = m_phaseMarkers[i];
    if (!m) continue;
    const std::optional<Sample> s = (*m_stores)[i].nearest(m_cursorTime);
    if (!s) {
      m->data()->clear();
      continue;
    }
    const Vector2d x = m_q.plane->read(*s);
    const double q = m_q.plane->angular ? wrapAngle(x[0]) : x[0];
    m->setData(QVector<double>{s->t}, QVector<double>{q}, QVector<double>{x[1]}, true);
  }
  m_phase->layer("cursor")->replot();
}

std::vector<PlotPanel::CurvePoint> PlotPanel::curve(PlotView view, int run, int which) const {
  std::vector<CurvePoint> out;
  if (run < 0 || std::size_t(run) >= m_runs.size()) return out;
  const std::size_t r = std::size_t(run);
  const auto ofGraph = [&out](const QCPGraph* g) {
    if (!g) return;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
      out.push_back({it->key, it->key, it->value});
  };
  const auto ofCurve = [&out](const QCPCurve* c) {
    if (!c) return;
    for (auto it = c->data()->constBegin(); it != c->data()->constEnd(); ++it)
      out.push_back({it->t, it->key, it->value});
  };
  switch (view) {
    case PlotView::Errors:
      ofGraph(which == 0 ? (r < m_energyGraphs.size() ? m_energyGraphs[r] : nullptr)
                         : (r < m_structureGraphs.size() ? m_structureGraphs[r] : nullptr));
      break;
    case PlotView::Energy:
      ofGraph(which == 0 ? m_signedEnergyGraphs[r] : m_shadowGraphs[r]);
      break;
    case PlotView::Phase:
      ofCurve(which == 0 ? m_phaseCurves[r] : m_phaseMarkers[r]);
      break;
    case PlotView::State: {
      int k = which;
      for (const auto& plot : m_stateGraphs) {
        if (r >= plot.size()) break;
        if (k < int(plot[r].size())) {
          ofGraph(plot[r][std::size_t(k)]);
          break;
        }
        k -= int(plot[r].size());
      }
      break;
    }
    case PlotView::Momentum:
      ofGraph(m_momentumGraphs[r]);
      break;
  }
  return out;
}

}  // namespace dms::ui
