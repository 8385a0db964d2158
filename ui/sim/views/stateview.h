// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The State view of the plot panel: two plots against t, q and p where the system has a phase
// plane, else the position and velocity of the point the 3D view draws; the runs by colour, the
// components by line where a plot has several.
#pragma once

#include "ui/sim/views/plotpage.h"

namespace dms::ui {

class StateView : public PlotPage {
  Q_OBJECT
 public:
  StateView(const PlotContext& context, QWidget* parent);

  /// The two plots with the names of the quantities' state plots ("state-q" and "state-p" or
  /// "state-x" and "state-v"; "state-1" and "state-2" until there are quantities).
  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  QString title() const override;
  QString tip() const override;
  /// Component `which` of both plots, in order.
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;

 private:
  std::vector<std::vector<QCPGraph*>> m_graphs[2];  ///< [plot][run][component]
};

}  // namespace dms::ui
