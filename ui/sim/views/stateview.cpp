// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/stateview.h"

#include <qcustomplot.h>

#include <algorithm>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

StateView::StateView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, false, parent) {
  QCustomPlot* a = addTimePlot(QString());
  QCustomPlot* b = addTimePlot(QString());
  shareTimeAxis(a, b);
}

QString StateView::title() const { return tr("State"); }

QString StateView::tip() const { return tr("The state's coordinates against t"); }

std::vector<std::pair<QString, QCustomPlot*>> StateView::exportablePlots() const {
  const std::vector<StatePlot>& state = m_ctx.q.state;
  if (state.size() < 2) return {{"state-1", plots()[0]}, {"state-2", plots()[1]}};
  return {{state[0].name, plots()[0]}, {state[1].name, plots()[1]}};
}

// each plot's components, the runs by colour, the components by line where several
void StateView::rebuild() {
  for (QCustomPlot* p : plots()) p->clearPlottables();
  const std::vector<RunStyle>& runs = m_ctx.runs;
  const std::size_t n = runs.size();
  for (auto& plot : m_graphs) plot.assign(n, {});
  for (int j = 0; j < 2 && m_ctx.known() && m_ctx.q.state.size() == 2; ++j) {
    const StatePlot& sp = m_ctx.q.state[std::size_t(j)];
    QCustomPlot* p = plots()[std::size_t(j)];
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
        QCPGraph* g = addRunGraph(p, runs[i].color, 1.0, several ? styles[k % 3] : runs[i].pen,
                                  runs[i].label);
        if (several) g->removeFromLegend();
        if (sp.angular) {
          // the wrap breaks the line; lone points of a fast rotation still show
          g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDot));
        }
        m_graphs[j][i].push_back(g);
      }
    if (several) {
      // the legend names the runs by colour and the components by line
      for (std::size_t i = 0; i < n; ++i)
        addRunGraph(p, runs[i].color, 2.0, Qt::SolidLine, runs[i].label);
      for (std::size_t k = 0; k < sp.components.size(); ++k)
        addRunGraph(p, mutedTextColor(), 1.0, styles[k % 3], sp.labels.value(int(k)));
    }
  }
}

void StateView::fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) {
  const std::size_t n = std::min(stores.size(), m_ctx.runs.size());
  for (std::size_t i = 0; i < n; ++i)
    for (int j = 0; j < 2 && m_ctx.q.state.size() == 2; ++j) {
      const StatePlot& sp = m_ctx.q.state[std::size_t(j)];
      if (i >= m_graphs[j].size()) continue;
      const std::vector<QCPGraph*>& gs = m_graphs[j][i];
      for (std::size_t k = 0; k < gs.size() && k < sp.components.size(); ++k)
        fillDecimated(gs[k], stores[i], componentMetric(sp.components[k]), t0, t1, columns, false,
                      sp.angular);
    }
}

std::vector<CurvePoint> StateView::curve(std::size_t run, int which) const {
  int k = which;
  for (const auto& plot : m_graphs) {
    if (run >= plot.size()) break;
    if (k < int(plot[run].size())) return pointsOf(plot[run][std::size_t(k)]);
    k -= int(plot[run].size());
  }
  return {};
}

}  // namespace dms::ui
