// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/momentumview.h"

#include <qcustomplot.h>

#include <algorithm>

#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

MomentumView::MomentumView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, true, parent) {
  m_plot = addTimePlot(tr("|ΔL| [kg m²/s]"));
  // which runs conserve L exactly: a row under the axes, never over a curve
  m_note = addFootnote(m_plot, QFont(font().family(), 8));
}

MomentumView::~MomentumView() {
  // a note out of its layout would outlive the plot that owns it through the layout
  if (!m_plot->plotLayout()->hasElement(3, 0)) m_plot->plotLayout()->addElement(3, 0, m_note);
}

std::vector<std::pair<QString, QCustomPlot*>> MomentumView::exportablePlots() const {
  return {{"momentum", m_plot}};
}

QString MomentumView::title() const { return tr("Angular momentum"); }

QString MomentumView::tip() const {
  return tr("|L − L₀| of the conserved angular momentum against t");
}

QString MomentumView::unavailableReason() const {
  return tr("No angular momentum plot: the system has no conserved angular momentum");
}

bool MomentumView::available() const { return m_ctx.haveQuantities && m_ctx.q.momentum; }

void MomentumView::rebuild() {
  m_plot->clearPlottables();
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  m_graphs.assign(n, nullptr);
  setFootnote(m_note, &m_noteText, QString());
  if (!m_ctx.known() || !m_ctx.q.momentum) return;
  PlotStyle::title(m_plot)->setText(tr("Angular momentum deviation |L − L₀|"));
  for (std::size_t i = 0; i < n; ++i)
    m_graphs[i] = addRunGraph(m_plot, runs[i].color, 1.0, runs[i].pen, runs[i].label);
}

void MomentumView::fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) {
  const std::size_t n = std::min(stores.size(), m_ctx.runs.size());
  for (std::size_t i = 0; i < n; ++i)
    if (i < m_graphs.size() && m_graphs[i])
      fillDecimated(m_graphs[i], stores[i], Metric::MomentumDeviation, t0, t1, columns,
                    isLogPlot());
  updateNote();
  if (n > 0 && !stores[0].empty()) {
    // the deviation of the conserved components: the vertical one alone under gravity
    const RunSummary& sum = stores[0].summary();
    const double L0 = sum.momentumMask().cwiseProduct(sum.momentum0()).norm();
    const bool vertical = sum.momentumMask() == Vector3d::UnitZ();
    PlotStyle::title(m_plot)->setText(
        (vertical ? tr("Vertical angular momentum deviation |L₃ − L₃,₀|, |L₃,₀| = %1 kg m²/s")
                  : tr("Angular momentum deviation |L − L₀|, |L₀| = %1 kg m²/s"))
            .arg(L0, 0, 'g', 4));
  }
}

// the runs whose |L - L0| is 0 at every sample: a log axis has no point for them
void MomentumView::updateNote() {
  QStringList exact;
  const std::vector<RunStore>* stores = m_ctx.stores;
  const std::size_t n = stores ? std::min(stores->size(), m_graphs.size()) : 0;
  for (std::size_t i = 0; i < n && isLogPlot(); ++i) {
    const RunStore& s = (*stores)[i];
    if (m_graphs[i] && !s.empty() && s.summary().momentumMaxDev == 0.0)
      exact << m_ctx.runs[i].label;
  }
  setFootnote(m_note, &m_noteText,
              exact.isEmpty() ? QString()
                              : tr("%1: L conserved exactly (|L − L₀| = 0 at every step, no point "
                                   "on a log axis)")
                                    .arg(exact.join(", ")));
}

std::vector<CurvePoint> MomentumView::curve(std::size_t run, int) const {
  return pointsOf(run < m_graphs.size() ? m_graphs[run] : nullptr);
}

}  // namespace dms::ui
