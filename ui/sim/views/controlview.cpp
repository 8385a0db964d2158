// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/controlview.h"

#include <qcustomplot.h>

#include <algorithm>

#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

namespace {

QString subscript(std::size_t i) {
  static const QString digits = QStringLiteral("₀₁₂₃₄₅₆₇₈₉");
  QString s;
  for (QChar c : QString::number(qulonglong(i))) s += digits[c.digitValue()];
  return s;
}

QString symbolOf(const std::string& name) {
  if (name == "tau") return QStringLiteral("τ");
  return QString::fromStdString(name);
}

// the pens that tell the entries of one run's u apart (its colour tells the runs apart)
Qt::PenStyle entryPen(std::size_t k) {
  static const Qt::PenStyle pens[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
  return pens[k % 4];
}

}  // namespace

QString controlEntryName(const std::vector<StatePartSpec>& channels,
                         const std::vector<std::size_t>& sizes, std::size_t k) {
  for (std::size_t c = 0; c < channels.size() && c < sizes.size(); ++c) {
    if (k < sizes[c]) {
      const QString sym = symbolOf(channels[c].name);
      if (sizes[c] == 1) return sym;
      // a list of rows (a chain's f_i): bob i, component j
      if (channels[c].shape.size() == 2 && sizes[c] % 3 == 0)
        return sym + subscript(k / 3 + 1) + QStringLiteral(",") + subscript(k % 3 + 1);
      return sym + subscript(k + 1);
    }
    k -= sizes[c];
  }
  return QStringLiteral("u") + subscript(k + 1);
}

QString controlAxisLabel(const std::vector<StatePartSpec>& channels,
                         const std::vector<std::size_t>& sizes) {
  QStringList parts;
  for (std::size_t c = 0; c < channels.size() && c < sizes.size(); ++c) {
    const QString sym = symbolOf(channels[c].name);
    const QString unit = QString::fromStdString(channels[c].unit);
    const QString names = sizes[c] == 1 ? sym : sym + QStringLiteral("ᵢ");
    parts << (unit.isEmpty() ? names : QStringLiteral("%1 [%2]").arg(names, unit));
  }
  return parts.isEmpty() ? QStringLiteral("u") : parts.join(QStringLiteral("; "));
}

ControlView::ControlView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, false, parent) {
  m_energy = addTimePlot(tr("E − E₀ [J]"));
  m_control = addTimePlot(tr("u"));
  shareTimeAxis(m_energy, m_control);
}

QString ControlView::title() const { return tr("Control and energy"); }

QString ControlView::tip() const {
  return tr(
      "The control u(t) the law gave each run (held over each step), beside its energy "
      "E − E₀: every method forced by the same law");
}

bool ControlView::available() const { return m_ctx.haveQuantities && m_ctx.controlOn; }

QString ControlView::unavailableReason() const {
  if (m_ctx.controlReason.isEmpty())
    return tr("No control plot: no control law is on (turn one on in the Forcing panel)");
  return m_ctx.controlReason;
}

std::vector<std::pair<QString, QCustomPlot*>> ControlView::exportablePlots() const {
  return {{"control-energy", m_energy}, {"control", m_control}};
}

void ControlView::rebuild() {
  m_energy->clearPlottables();
  m_control->clearPlottables();
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  m_energyGraphs.assign(n, nullptr);
  m_psiGraphs.assign(n, nullptr);
  m_controlGraphs.assign(n, {});
  const bool tracking = bool(m_ctx.tracking);
  m_energy->yAxis->setLabel(tracking ? tr("‖eₓ‖ [m], Ψ") : tr("E − E₀ [J]"));
  PlotStyle::setLogAxis(m_energy->yAxis, tracking);
  std::size_t entries = 0;
  for (std::size_t s : m_ctx.controlSizes) entries += s;
  m_control->yAxis->setLabel(controlAxisLabel(m_ctx.controls, m_ctx.controlSizes));
  PlotStyle::title(m_energy)->setText(tracking ? tr("Tracking errors: ‖eₓ‖ solid, Ψ dashed")
                                               : tr("Energy E − E₀ under the law"));
  // the entries of u told apart by their lines (the legend row may not fit): in the title
  static const char* const lines[] = {"solid", "dashed", "dotted", "dash-dot"};
  QStringList which;
  for (std::size_t k = 0; entries > 1 && k < std::min<std::size_t>(entries, 6); ++k)
    which << QStringLiteral("%1 %2").arg(controlEntryName(m_ctx.controls, m_ctx.controlSizes, k),
                                         tr(lines[k % 4]));
  PlotStyle::title(m_control)->setText(which.isEmpty()
                                           ? tr("Control u(t) = law(t, state)")
                                           : tr("Control u(t): %1").arg(which.join(", ")));
  if (!m_ctx.controlOn) return;
  for (std::size_t i = 0; i < n; ++i) {
    if (tracking) {
      m_energyGraphs[i] = addRunGraph(m_energy, runs[i].color, 1.5, Qt::SolidLine,
                                      QStringLiteral("%1: ‖eₓ‖").arg(runs[i].label));
      m_psiGraphs[i] = addRunGraph(m_energy, runs[i].color, 1.5, Qt::DashLine,
                                   QStringLiteral("%1: Ψ").arg(runs[i].label));
    } else {
      m_energyGraphs[i] = addRunGraph(m_energy, runs[i].color, 1.5, runs[i].pen, runs[i].label);
    }
    // the entries of u: a legend entry each for one run, the run alone for several entries
    // shown at once would crowd the row: at most the first six are drawn
    for (std::size_t k = 0; k < std::min<std::size_t>(entries, 6); ++k) {
      const QString name =
          entries == 1
              ? runs[i].label
              : QStringLiteral("%1: %2").arg(
                    runs[i].label, controlEntryName(m_ctx.controls, m_ctx.controlSizes, k));
      m_controlGraphs[i].push_back(addRunGraph(m_control, runs[i].color, 1.5, entryPen(k), name));
    }
  }
}

void ControlView::fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) {
  const std::size_t n = std::min(stores.size(), m_ctx.runs.size());
  for (std::size_t i = 0; i < n; ++i) {
    const RunStore& s = stores[i];
    if (m_ctx.tracking && i < m_psiGraphs.size() && m_psiGraphs[i]) {
      fillTracking(i, s.playback(), t0, t1, columns);
    } else if (i < m_energyGraphs.size() && m_energyGraphs[i]) {
      fillDecimated(m_energyGraphs[i], s, Metric::Energy, t0, t1, columns, false);
    }
    if (i >= m_controlGraphs.size() || m_controlGraphs[i].empty()) continue;
    // u from the playback buffer, thinned to about two points a column over [t0, t1]
    const std::vector<Sample>& kept = s.playback();
    const auto first = std::lower_bound(kept.begin(), kept.end(), t0,
                                        [](const Sample& a, double t) { return a.t < t; });
    const auto last =
        std::upper_bound(first, kept.end(), t1, [](double t, const Sample& a) { return t < a.t; });
    const std::size_t count = std::size_t(last - first);
    const std::size_t want = std::size_t(std::max(2, 2 * std::max(columns, 1)));
    const std::size_t stride = std::max<std::size_t>(1, count / want);
    const std::size_t entries = m_controlGraphs[i].size();
    std::vector<QVector<double>> t(entries), u(entries);
    for (std::size_t j = 0; j < count; j += stride) {
      const Sample& x = *(first + std::ptrdiff_t(j));
      for (std::size_t k = 0; k < entries && Eigen::Index(k) < x.control.size(); ++k) {
        t[k].push_back(x.t);
        u[k].push_back(x.control[Eigen::Index(k)]);
      }
    }
    for (std::size_t k = 0; k < entries; ++k) m_controlGraphs[i][k]->setData(t[k], u[k], true);
  }
}

void ControlView::fillTracking(std::size_t run, const std::vector<Sample>& kept, double t0,
                               double t1, int columns) {
  // the errors along every kept sample (the flip case's mode follows them from the start),
  // drawn thinned to about two points a column over [t0, t1]
  const std::vector<std::array<double, 2>> e = m_ctx.tracking(run, kept);
  const std::size_t want = std::size_t(std::max(2, 2 * std::max(columns, 1)));
  const std::size_t stride = std::max<std::size_t>(1, kept.size() / want);
  QVector<double> t, ex, psi;
  for (std::size_t j = 0; j < kept.size() && j < e.size(); j += stride) {
    if (kept[j].t < t0 || kept[j].t > t1) continue;
    t.push_back(kept[j].t);
    ex.push_back(e[j][0]);
    psi.push_back(e[j][1]);
  }
  m_energyGraphs[run]->setData(t, ex, true);
  m_psiGraphs[run]->setData(t, psi, true);
}

std::vector<CurvePoint> ControlView::curve(std::size_t run, int which) const {
  if (which == 0) return pointsOf(run < m_energyGraphs.size() ? m_energyGraphs[run] : nullptr);
  if (run >= m_controlGraphs.size()) return {};
  const std::size_t k = std::size_t(which - 1);
  return pointsOf(k < m_controlGraphs[run].size() ? m_controlGraphs[run][k] : nullptr);
}

}  // namespace dms::ui
