// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Errors view of the plot panel (ui/sim/plotpanel.h): the runs' curves of |E - E0| and of
// the structure error (the secondary one dotted, on demand), made anew for every set of runs.
#include <qcustomplot.h>

#include <QCheckBox>

#include "ui/common/plotstyle.h"
#include "ui/common/timeunit.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/views/plotdrawing.h"

namespace dms::ui {

void PlotPanel::setRuns(const std::vector<RunStyle>& runs, double horizon,
                        const QString& structureName, const QString& structure2Name) {
  m_horizon = horizon;
  // the time axes in the unit the horizon reads best in (a week in days)
  const TimeUnit unit = timeUnitFor(horizon);
  for (QCPItemLine* cursor : m_cursors) PlotStyle::setTimeAxis(cursor->parentPlot()->xAxis, unit);
  m_runs = runs;
  m_hasStructure = !structureName.isEmpty();
  m_stale = false;
  for (QCPItemText* b : m_staleBanners) b->setVisible(false);
  for (QCustomPlot* p : {m_energy, m_structure}) p->clearGraphs();
  // at most three entries a row: more runs wrap onto more rows, never off the plot
  for (QCustomPlot* p : allPlots()) p->legend->setWrap(3);
  m_energyGraphs.clear();
  m_structureGraphs.clear();
  m_structure2Graphs.clear();
  const auto add = [](QCustomPlot* p, const RunStyle& r, Qt::PenStyle pen, const QString& name) {
    // a 1-pixel pen: wide antialiased zigzags (|E - E0| on a log axis) are slow to draw
    return addRunGraph(p, r.color, 1.0, pen, name);
  };
  for (const RunStyle& r : runs) {
    m_energyGraphs.push_back(add(m_energy, r, r.pen, r.label));
    if (m_hasStructure) m_structureGraphs.push_back(add(m_structure, r, r.pen, r.label));
  }
  // the secondary error only for the runs that have it: a curve that is 0 by design is none
  bool anyS2 = false;
  for (const RunStyle& r : runs) {
    QCPGraph* g = nullptr;
    if (m_hasStructure && !structure2Name.isEmpty() && r.structure2) {
      g = add(m_structure, r, Qt::DotLine, r.label + "  " + structure2Name);
      g->setVisible(m_showS2);
      if (!m_showS2) g->removeFromLegend();
      anyS2 = true;
    }
    m_structure2Graphs.push_back(g);
  }
  m_structureName = structureName;
  m_structure2Name = anyS2 ? structure2Name : QString();
  m_s2Box->setText(tr("Show %1").arg(structure2Name));
  m_s2Box->setToolTip(tr("Also plot %1 (dotted) on the structure plot").arg(structure2Name));
  m_s2Box->setVisible(anyS2 && m_view == PlotView::Errors);
  PlotStyle::title(m_energy)->setText(tr("Energy deviation |E − E₀|"));
  updateStructureTitle();
  // a structure error is a pure number: "[–]" says so, as every other axis names its unit
  m_structure->yAxis->setLabel(m_hasStructure ? tr("%1 [–]").arg(structureName)
                                              : tr("structure error"));
  m_note->setVisible(!m_hasStructure);
  rebuildQuantityGraphs();
  updateChooser();
  // the legends in the window only while they fit one row: the names and colours of more runs
  // are in the window's own legend, and the plots keep their height (files always have them)
  m_legendsInWindow = runs.size() <= 3;
  setLegendsShown(m_legendsInWindow);
  // a linear space has no structure to lose: the energy plot takes the width
  m_structure->setVisible(m_hasStructure);
  m_autoscale = true;
}

void PlotPanel::setShowStructure2(bool on) {
  m_showS2 = on;
  m_s2Box->blockSignals(true);
  m_s2Box->setChecked(on);
  m_s2Box->blockSignals(false);
  for (QCPGraph* g : m_structure2Graphs) {
    if (!g) continue;
    g->setVisible(on);
    if (on)
      g->addToLegend();
    else
      g->removeFromLegend();
  }
  updateStructureTitle();
  refresh();
}

// the title names what is drawn: the primary error, and the secondary one while it is shown
void PlotPanel::updateStructureTitle() {
  QString title =
      m_hasStructure ? tr("Structure error %1").arg(m_structureName) : tr("Structure error");
  if (m_hasStructure && m_showS2 && !m_structure2Name.isEmpty())
    title += tr(" and %1 (dotted)").arg(m_structure2Name);
  PlotStyle::title(m_structure)->setText(title);
}

int PlotPanel::pointCount(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  return run >= 0 && run < int(gs.size()) ? gs[std::size_t(run)]->dataCount() : 0;
}

double PlotPanel::dataChecksum(int plot, int run) const {
  const std::vector<QCPGraph*>& gs = plot == 0 ? m_energyGraphs : m_structureGraphs;
  if (run < 0 || run >= int(gs.size())) return 0.0;
  double sum = 0.0;
  for (auto it = gs[std::size_t(run)]->data()->constBegin();
       it != gs[std::size_t(run)]->data()->constEnd(); ++it)
    sum += it->value + 1e-3 * it->key;
  return sum;
}

}  // namespace dms::ui
