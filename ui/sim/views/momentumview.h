// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Angular momentum view of the plot panel, for a system with a conserved one: |L - L0| of
// every run against t (of the vertical component alone under gravity), log scale by default; a
// note under the axes names the runs that conserve it exactly (0 has no place on a log axis).
#pragma once

#include "ui/sim/views/plotpage.h"

class QCPTextElement;

namespace dms::ui {

class MomentumView : public PlotPage {
  Q_OBJECT
 public:
  MomentumView(const PlotContext& context, QWidget* parent);
  ~MomentumView() override;

  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  /// The system has a conserved angular momentum.
  QString title() const override;
  QString tip() const override;
  bool available() const override;
  QString unavailableReason() const override;
  /// The runs whose L is conserved exactly; empty when there are none.
  QString note() const override { return m_noteText; }
  /// |L - L0| (`which` is ignored).
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;

 private:
  void updateNote();

  QCustomPlot* m_plot = nullptr;
  QCPTextElement* m_note = nullptr;
  QString m_noteText;
  std::vector<QCPGraph*> m_graphs;  ///< per run; nullptr where none
};

}  // namespace dms::ui
