// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plots of the "Optimal control" mode: the solver's progress per iteration (cost and
// constraint violation, or a shooting method's residual; log scale), filled live, and one
// plot per control channel against time (the three components and the norm), with the
// playback cursor. Same look and export as PlotPanel.
#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/control/progress.h"
#include "core/sim/registry.h"

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QHBoxLayout;

namespace dms::ui {

class ControlPlots : public QWidget {
  Q_OBJECT
 public:
  explicit ControlPlots(QWidget* parent = nullptr);

  /// Rebuilds the plots for a problem (clears every curve).
  void setProblem(const ControlProblem* problem);
  /// The progress plot for a shooting method's residual (log scale) or for cost and constraint
  /// violation (the problem's choice of method decides: ControlProblem::reportsResidual).
  void setResidualProgress(bool residual);
  /// The iterations so far of the solve in progress (or of the last one).
  void setHistory(const std::vector<IterationReport>& history);
  /// The controls of a solution against time; nullptr clears them.
  void setResult(const ControlResult* result);
  void setCursorTime(double t);
  /// A line over the progress plot (e.g. "cancelled at iteration 12"), empty to hide it.
  void setNote(const QString& text);

  /// The plots, in the order of plotNames(): "progress", then one per channel.
  std::vector<QCustomPlot*> plots() const;
  QStringList plotNames() const;
  /// Points of graph `graph` of plot `plot` (test hook).
  int pointCount(int plot, int graph) const;
  /// Sum of that graph's values (changes whenever its data does; test hook).
  double dataChecksum(int plot, int graph) const;

 private:
  QCustomPlot* makePlot(const QString& title, const QString& xLabel, const QString& yLabel);
  void fitProgress();

  QHBoxLayout* m_row = nullptr;
  QCustomPlot* m_progress = nullptr;
  QCPItemText* m_note = nullptr;
  std::vector<QCustomPlot*> m_channels;
  std::vector<int> m_components;  // entries per channel: 3, or 1 for a scalar control
  std::vector<QCPItemLine*> m_cursors;
  std::vector<QCPItemText*> m_emptyNotes;
  QStringList m_names;
  bool m_residual = false;
};

}  // namespace dms::ui
