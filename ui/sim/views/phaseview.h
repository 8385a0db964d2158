// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Phase portrait view of the plot panel, for a system with a phase plane: (q, p) of every
// run from its playback buffer, an angle in (-pi, pi] with no line across the wrap, and a ring
// at each run's point at the playback time.
#pragma once

#include "ui/sim/views/plotpage.h"

namespace dms::ui {

class PhaseView : public PlotPage {
  Q_OBJECT
 public:
  PhaseView(const PlotContext& context, QWidget* parent);

  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  /// The system has a phase plane.
  QString title() const override;
  QString tip() const override;
  bool available() const override;
  QString unavailableReason() const override;
  /// The ring of each run at the playback time.
  void setCursorTime(double t) override;
  /// (q, p) (`which` 0) or the ring (`which` 1).
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;

 private:
  QCustomPlot* m_plot = nullptr;
  std::vector<QCPCurve*> m_curves, m_markers;  ///< per run; nullptr where none
};

}  // namespace dms::ui
