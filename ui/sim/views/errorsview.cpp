// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/views/errorsview.h"

#include <qcustomplot.h>

#include <algorithm>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

ErrorsView::ErrorsView(const PlotContext& context, QWidget* parent)
    : PlotPage(context, true, parent) {
  m_energy = addTimePlot(tr("|E − E₀| [J]"));
  m_structure = addTimePlot(tr("structure error"));
  shareTimeAxis(m_energy, m_structure);
  m_note = PlotStyle::addNote(m_structure, 0.5, 0.5, 11,
                              tr("no structure error:\nthe configuration space is linear"));
  m_note->setColor(hintTextColor());
  m_note->setVisible(false);
}

void ErrorsView::setStructure(const QString& structureName, const QString& structure2Name) {
  m_structureName = structureName;
  m_structure2Symbol = structure2Name;
}

void ErrorsView::rebuild() {
  m_hasStructure = !m_structureName.isEmpty();
  for (QCustomPlot* p : {m_energy, m_structure}) p->clearGraphs();
  m_energyGraphs.clear();
  m_structureGraphs.clear();
  m_structure2Graphs.clear();
  const auto add = [](QCustomPlot* p, const RunStyle& r, Qt::PenStyle pen, const QString& name) {
    // a 1-pixel pen: wide antialiased zigzags (|E - E0| on a log axis) are slow to draw
    return addRunGraph(p, r.color, 1.0, pen, name);
  };
  for (const RunStyle& r : m_ctx.runs) {
    m_energyGraphs.push_back(add(m_energy, r, r.pen, r.label));
    if (m_hasStructure) m_structureGraphs.push_back(add(m_structure, r, r.pen, r.label));
  }
  // the secondary error only for the runs that have it: a curve that is 0 by design is none
  bool anyS2 = false;
  for (const RunStyle& r : m_ctx.runs) {
    QCPGraph* g = nullptr;
    if (m_hasStructure && !m_structure2Symbol.isEmpty() && r.structure2) {
      g = add(m_structure, r, Qt::DotLine, r.label + "  " + m_structure2Symbol);
      g->setVisible(m_showS2);
      if (!m_showS2) g->removeFromLegend();
      anyS2 = true;
    }
    m_structure2Graphs.push_back(g);
  }
  m_structure2Name = anyS2 ? m_structure2Symbol : QString();
  PlotStyle::title(m_energy)->setText(tr("Energy deviation |E − E₀|"));
  updateStructureTitle();
  // a structure error is a pure number: "[–]" says so, as every other axis names its unit
  m_structure->yAxis->setLabel(m_hasStructure ? tr("%1 [–]").arg(m_structureName)
                                              : tr("structure error"));
  m_note->setVisible(!m_hasStructure);
  // a linear space has no structure to lose: the energy plot takes the width
  m_structure->setVisible(m_hasStructure);
}

void ErrorsView::setShowStructure2(bool on) {
  m_showS2 = on;
  for (QCPGraph* g : m_structure2Graphs) {
    if (!g) continue;
    g->setVisible(on);
    if (on)
      g->addToLegend();
    else
      g->removeFromLegend();
  }
  updateStructureTitle();
}

// the title names what is drawn: the primary error, and the secondary one while it is shown
void ErrorsView::updateStructureTitle() {
  QString title =
      m_hasStructure ? tr("Structure error %1").arg(m_structureName) : tr("Structure error");
  if (m_hasStructure && m_showS2 && !m_structure2Name.isEmpty())
    title += tr(" and %1 (dotted)").arg(m_structure2Name);
  PlotStyle::title(m_structure)->setText(title);
}

void ErrorsView::fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) {
  const std::size_t n = std::min(stores.size(), m_ctx.runs.size());
  const bool log = isLogPlot();
  for (std::size_t i = 0; i < n; ++i) {
    const RunStore& s = stores[i];
    if (i < m_energyGraphs.size())
      fillDecimated(m_energyGraphs[i], s, Metric::EnergyDeviation, t0, t1, columns, log);
    if (i < m_structureGraphs.size())
      fillDecimated(m_structureGraphs[i], s, Metric::Structure, t0, t1, columns, log);
    if (i < m_structure2Graphs.size() && m_structure2Graphs[i])
      fillDecimated(m_structure2Graphs[i], s, Metric::Structure2, t0, t1, columns, log);
  }
}

QString ErrorsView::title() const { return tr("Errors"); }

QString ErrorsView::tip() const { return tr("|E − E₀| and the structure error of every run"); }

std::vector<std::pair<QString, QCustomPlot*>> ErrorsView::exportablePlots() const {
  // a system without a structure error: no file for the empty plot
  if (!m_hasStructure) return {{plotNames()[0], m_energy}};
  return {{plotNames()[0], m_energy}, {plotNames()[1], m_structure}};
}

std::vector<CurvePoint> ErrorsView::curve(std::size_t run, int which) const {
  const std::vector<QCPGraph*>& gs = which == 0 ? m_energyGraphs : m_structureGraphs;
  return pointsOf(run < gs.size() ? gs[run] : nullptr);
}

int ErrorsView::pointCount(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  return run >= 0 && run < int(gs.size()) ? gs[std::size_t(run)]->dataCount() : 0;
}

double ErrorsView::dataChecksum(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  if (run < 0 || run >= int(gs.size())) return 0.0;
  double sum = 0.0;
  for (auto it = gs[std::size_t(run)]->data()->constBegin();
       it != gs[std::size_t(run)]->data()->constEnd(); ++it)
    sum += it->value + 1e-3 * it->key;
  return sum;
}

}  // namespace dms::ui
