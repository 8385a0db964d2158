// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/energyview.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cstring>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/mode/mode.h"
#include "ui/sim/simworker.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

EnergyView::EnergyView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, false, parent) {
  m_plot = addTimePlot(tr("ΔE, ΔH̃ [J]"));
  // why a run has no shadow energy: a row under the axes, never over a curve
  m_note = addFootnote(m_plot, QFont(font().family(), 8));
  m_centre = PlotStyle::addNote(m_plot, 0.5, 0.5, 10, QString());
  m_centre->setColor(hintTextColor());
  m_centre->setVisible(false);
}

EnergyView::~EnergyView() {
  // a note out of its layout would outlive the plot that owns it through the layout
  if (!m_plot->plotLayout()->hasElement(3, 0)) m_plot->plotLayout()->addElement(3, 0, m_note);
}

QString EnergyView::title() const { return tr("Energy and shadow energy"); }

QString EnergyView::tip() const {
  return tr(
      "E − E₀ of every run and the shadow energy H̃ − H̃₀ of the variational runs: E "
      "oscillates, the energy the integrator conserves (H̃) does not");
}

std::vector<std::pair<QString, QCustomPlot*>> EnergyView::exportablePlots() const {
  return {{"shadow-energy", m_plot}};
}

// the energy of every run, and the shadow energy of the runs that have H~ (the note under the
// plot says why the others have none)
void EnergyView::rebuild() {
  m_plot->clearPlottables();
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  m_energyGraphs.assign(n, nullptr);
  m_shadowGraphs.assign(n, nullptr);
  const bool known = m_ctx.known();
  for (std::size_t i = 0; known && i < n; ++i)
    m_energyGraphs[i] =
        addRunGraph(m_plot, runs[i].color, 1.0, runs[i].pen, tr("%1: E − E₀").arg(runs[i].label));
  // H~ on top, wider and darker: flat where E oscillates around it
  for (std::size_t i = 0; known && i < n; ++i)
    if (m_ctx.q.shadow[i].available)
      m_shadowGraphs[i] = addRunGraph(m_plot, runs[i].color.darker(200), 2.5, Qt::SolidLine,
                                      tr("%1: H̃ − H̃₀").arg(runs[i].label));
  PlotStyle::title(m_plot)->setText(
      tr("Energy E − E₀ (thin) and shadow energy H̃ − H̃₀ (thick, order %1)")
          .arg(SimWorker::kShadowOrder));
  updateNote(false);
}

void EnergyView::fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) {
  const std::size_t n = std::min(stores.size(), m_ctx.runs.size());
  for (std::size_t i = 0; i < n; ++i) {
    const RunStore& s = stores[i];
    if (i < m_energyGraphs.size() && m_energyGraphs[i])
      fillDecimated(m_energyGraphs[i], s, Metric::Energy, t0, t1, columns, false);
    if (i < m_shadowGraphs.size() && m_shadowGraphs[i]) {
      const Curve c = s.decimateShadow(t0, t1, columns);
      m_shadowGraphs[i]->setData(QVector<double>(c.t.begin(), c.t.end()),
                                 QVector<double>(c.value.begin(), c.value.end()), true);
    }
  }
  // an export (columns given) or a tall plot has room for the whole reason
  updateNote(m_ctx.exporting || m_plot->height() >= kShortPlot);
}

void EnergyView::resized() { updateNote(m_plot->height() >= kShortPlot); }

// the runs without a shadow energy and why (the availability's reason, or what stopped it), runs
// with the same reason together: its first clause where the plot is short (the window at its
// smallest), the whole of it in a file or a tall plot, and always in the plot's tooltip
void EnergyView::updateNote(bool full) {
  QStringList whole, brief, reasons;
  std::vector<QStringList> who;
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  if (m_ctx.haveQuantities && m_ctx.q.shadow.size() == n) {
    for (std::size_t i = 0; i < n; ++i) {
      QString why = QString::fromStdString(m_ctx.q.shadow[i].reason);
      if (m_ctx.q.shadow[i].available && m_ctx.stores && i < m_ctx.stores->size())
        why = QString::fromStdString((*m_ctx.stores)[i].shadowProblem());
      if (why.isEmpty()) continue;
      const int at = int(reasons.indexOf(why));
      if (at < 0) {
        reasons << why;
        who.push_back({runs[i].label});
      } else {
        who[std::size_t(at)] << runs[i].label;
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
    m_plot->setToolTip(QString());
    m_centre->setText(lines.join('\n'));
    m_centre->setVisible(true);
    setFootnote(m_note, &m_noteText, QString());
    m_centreText = lines.join(' ');
    return;
  }
  m_centre->setVisible(false);
  m_centreText.clear();
  // the short form groups the runs by the first clause of their reasons (RK45's and RK4's
  // differ only after it), so that one line names them all
  QStringList firsts;
  std::vector<QStringList> briefWho;
  for (int k = 0; k < reasons.size(); ++k) {
    const QString names = who[std::size_t(k)].join(", ");
    QString reason = reasons[k];
    // "not available for rk45: only a symplectic map has ...; the construction ..." without
    // its head; the first clause: up to the first ';' or '('
    if (reason.startsWith("not available for") && reason.contains(": "))
      reason = reason.mid(reason.indexOf(": ") + 2);
    QString first = reason.section(';', 0, 0);
    if (first.contains(" (")) first = first.left(first.indexOf(" ("));
    whole << tr("No shadow energy for %1: %2").arg(names, reason);
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
  m_plot->setToolTip(whole.join('\n'));
  setFootnote(m_note, &m_noteText, lines.join('\n'));
}

int EnergyView::plotWidth() const { return m_ctx.exporting ? m_ctx.exportWidth : m_plot->width(); }

QString EnergyView::note() const { return m_centreText.isEmpty() ? m_noteText : m_centreText; }

std::vector<CurvePoint> EnergyView::curve(std::size_t run, int which) const {
  const std::vector<QCPGraph*>& gs = which == 0 ? m_energyGraphs : m_shadowGraphs;
  return pointsOf(run < gs.size() ? gs[run] : nullptr);
}

}  // namespace dms::ui
