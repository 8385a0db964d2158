// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the Simulation mode's plots show of a job beyond the errors, decided from the system, its
// values and the methods alone (no run needed): the phase plane, the state plots' coordinates
// and how to read them off a sample, whether there is a conserved angular momentum, and which
// runs have a shadow energy (and why the others have none).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/runstore.h"
#include "core/sim/shadowenergy.h"
#include "core/systems/system.h"

namespace dms::ui {

/// The views of the plot panel, in the order of its "Show:" chooser.
enum class PlotView { Errors = 0, Energy = 1, Phase = 2, State = 3, Momentum = 4, Control = 5 };
constexpr int kPlotViewCount = 6;

/// One plot of the state view: the components of the store's reader it draws.
struct StatePlot {
  QString name;        ///< the exported file's name, e.g. "state-q"
  QString title;       ///< e.g. "Angle θ"
  QString yLabel;      ///< with its unit, e.g. "θ [rad]"
  QStringList labels;  ///< per component, for a legend of several (e.g. "x", "y", "z")
  std::vector<int> components;
  bool angular = false;  ///< an angle in (-pi, pi]: no line across the wrap
};

struct Quantities {
  /// The canonical phase plane (mass-spring, planar pendulum); empty for the others.
  std::optional<PhasePlane> plane;
  /// Whether Sample::momentum is conserved (the angular momentum plot).
  bool momentum = false;
  /// The state view's two plots: q and p where there is a phase plane, else the position and
  /// the velocity of the point the 3D view draws (the bob or the centre of mass).
  std::vector<StatePlot> state;
  /// What the stores read off each sample for the state plots (RunStore::setComponents).
  ComponentReader reader;
  /// Per method of the job: whether its shadow energy is computed, and if not, why.
  std::vector<ShadowAvailability> shadow;
};

/// The quantities of a job: `values` normalized, `methods` the job's.
Quantities quantitiesOf(const SystemModel& model, const ParamValues& values,
                        const std::vector<Method>& methods);

/// Core's plain-text notation as a plot writes it: theta, Omega and omega as Greek letters,
/// ^2 and ^3 as superscripts ("p = m l^2 Omega" becomes "p = m l² Ω").
QString plotSymbol(const std::string& text);

/// An angle in (-pi, pi].
double wrapAngle(double a);

}  // namespace dms::ui
