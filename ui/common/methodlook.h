// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How each integrator looks wherever a run is shown: its colour (plots, 3D bodies and trails,
// legends, exports), its line and the text of its 3D card. The colours and lines are
// core/studies/style.h's, which the studies' plain figures use too.
#pragma once

#include <QColor>
#include <QString>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"

namespace dms::ui {

struct MethodLook {
  QColor color;
  Qt::PenStyle pen = Qt::SolidLine;
};

/// The colour and line of a method's runs.
MethodLook methodLook(Method m);
/// The legend label; an adaptive method's names its step-size controller, e.g. "RK45 (ode45)".
QString methodLabel(Method m, RkController controller);
/// The second line of its 3D card, e.g. "Dormand-Prince 5(4), adaptive".
QString methodSubtitle(Method m);
/// "vi,rk45,rk4": the CLI names joined by commas.
QString methodList(const std::vector<Method>& methods);

}  // namespace dms::ui
