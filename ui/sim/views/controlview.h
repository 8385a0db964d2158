// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Control view of the plot panel: while a control law forces the runs (the forcing panel),
// E - E0 of every run on the left (for a law with tracking errors, the quadrotor's geometric
// controller: |e_x| and Psi, log scale) and the control u(t) each run was given
// (Sample::control, the value held over each step) on the right, each run in its method's colour,
// the channels' names and units from the system's declaration on the axis. Not available while no
// law is on (the chooser's tooltip says why).
#pragma once

#include "ui/sim/views/plotpage.h"

namespace dms::ui {

class ControlView : public PlotPage {
  Q_OBJECT
 public:
  ControlView(const PlotContext& context, QWidget* parent);

  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const override;
  QString title() const override;
  QString tip() const override;
  bool available() const override;
  QString unavailableReason() const override;
  /// E - E0 (`which` 0), or entry `which` - 1 of u.
  std::vector<CurvePoint> curve(std::size_t run, int which) const override;

 protected:
  void rebuild() override;
  void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) override;

 private:
  /// |e_x| and Psi of run `run` (PlotContext::tracking) from its kept samples.
  void fillTracking(std::size_t run, const std::vector<Sample>& kept, double t0, double t1,
                    int columns);

  QCustomPlot* m_energy = nullptr;
  QCustomPlot* m_control = nullptr;
  std::vector<QCPGraph*> m_energyGraphs;                ///< or |e_x| of a law with tracking errors
  std::vector<QCPGraph*> m_psiGraphs;                   ///< Psi of a law with tracking errors
  std::vector<std::vector<QCPGraph*>> m_controlGraphs;  ///< per run, per entry of u
};

/// The control's axis label, e.g. "τ [N m]" or "f₁, f₂, f₃ [N]; τ [N m]".
QString controlAxisLabel(const std::vector<StatePartSpec>& channels,
                         const std::vector<std::size_t>& sizes);
/// The name of entry `k` of u, e.g. "τ", "f₂", "f₂,₃".
QString controlEntryName(const std::vector<StatePartSpec>& channels,
                         const std::vector<std::size_t>& sizes, std::size_t k);

}  // namespace dms::ui
