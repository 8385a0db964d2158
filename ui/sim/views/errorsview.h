// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Errors view of the plot panel (the default one): the energy deviation |E - E0| and the
// structure error of every run side by side (the secondary one dotted, on demand), log scale by
// default, made anew for every set of runs. A system without a structure error (a linear
// configuration space) has no structure plot: the energy plot takes the width.
#pragma once

#include "ui/sim/views/plotpage.h"

class QCPItemText;

namespace dms::ui {

class ErrorsView : public PlotPage {
  Q_OBJECT
 public:
  ErrorsView(const PlotContext& context, QWidget* parent);

  /// The structure errors of the next runs (before setRuns): an empty structureName (a linear
  /// configuration space) hides the structure plot; structure2Name is the secondary error's
  /// symbol, plotted for the runs whose RunStyle::structure2 is set.
  void setStructure(const QString& structureName, const QString& structure2Name);
  /// Whether the structure plot is shown (the system has a structure error).
  bool hasStructure() const { return m_hasStructure; }
  /// Whether a run of the runs has the secondary structure error.
  bool hasStructure2() const { return !m_structure2Name.isEmpty(); }
  /// The secondary error's curves shown (dotted, in the legend) or hidden.
  void setShowStructure2(bool on);

  /// The plots' names, also their exported files' names: "energy", "structure".
  static QStringList plotNames() { return {"energy", "structure"}; }
  /// Both plots, or the energy plot alone for a system without a structure error.
  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  QString title() const override;
  QString tip() const override;
  /// |E - E0| (`which` 0) or the structure error (`which` 1).
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;
  /// Points of the curve of run `run` on plot `plot` (0 energy, 1 structure): a test hook.
  int pointCount(int plot, int run) const;
  /// Sum of the values of that curve (changes whenever its data does): a test hook.
  double dataChecksum(int plot, int run) const;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;
  bool fitsShortPlots() const override { return false; }

 private:
  void updateStructureTitle();

  QCustomPlot* m_energy = nullptr;
  QCustomPlot* m_structure = nullptr;
  QCPItemText* m_note = nullptr;  ///< why there is no structure plot
  std::vector<QCPGraph*> m_energyGraphs, m_structureGraphs;
  std::vector<QCPGraph*> m_structure2Graphs;  ///< per run; nullptr where it has none
  QString m_structureName, m_structure2Symbol;
  QString m_structure2Name;  ///< the secondary error's symbol where a run has it, else empty
  bool m_hasStructure = false, m_showS2 = false;
};

}  // namespace dms::ui
