// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Energy view of the plot panel: E - E0 of every run and H~ - H~0 of the runs that have a
// shadow energy (the variational ones), where E oscillates and H~ stays flat; a note under the
// axes says why the others have none (in the middle of the axes where no run has one).
#pragma once

#include "ui/sim/views/plotpage.h"

class QCPItemText;
class QCPTextElement;

namespace dms::ui {

class EnergyView : public PlotPage {
  Q_OBJECT
 public:
  EnergyView(const PlotContext& context, QWidget* parent);
  ~EnergyView() override;

  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  QString title() const override;
  QString tip() const override;
  void resized() override;
  /// The runs without H~ and why (under the axes, or in their middle where no run has H~, the
  /// reasons as the core gives them); empty when every run has it.
  QString note() const override;
  /// E - E0 (`which` 0) or H~ - H~0 (`which` 1).
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;

 private:
  void updateNote(bool full);
  /// The width the plot is drawn at: the export's, else the window's.
  int plotWidth() const;

  QCustomPlot* m_plot = nullptr;
  QCPTextElement* m_note = nullptr;
  QCPItemText* m_centre = nullptr;  ///< why no run has H~, in the middle of the axes
  QString m_noteText, m_centreText;
  std::vector<QCPGraph*> m_energyGraphs, m_shadowGraphs;  ///< per run; nullptr where none
};

}  // namespace dms::ui
