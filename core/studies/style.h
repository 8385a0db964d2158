// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// How the figures look without Qt: each integrator's colour and line (the app's methodLook
// reads them from here, so a run looks the same in the app, in its exports and in the files of
// `dmsim figures`), its legend label, and the few other colours the studies' figures use.
#pragma once

#include <string>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"
#include "core/studies/figure.h"

namespace dms {

/// The colour of a method's runs. Mostly Okabe and Ito's palette for colour-blind readers
/// ("Color Universal Design", 2008) with two of Paul Tol's: every two methods' colours stay
/// clearly apart (CIE76 delta E of 30 at least), and the article's pair keeps the blue and the
/// vermilion it always had.
Rgb methodColor(Method m);
/// Its line: dashed for a method drawn over or beside a neighbour.
Pen methodPen(Method m);
/// The legend label; an adaptive method's names its step-size controller, e.g. "RK45 (ode45)".
std::string legendLabel(Method m, RkController controller);

/// A method's curve in its colour, line and label.
Series methodSeries(Method m);

// the other colours of the figures (ui/common/palette.h has the same values for the widgets)
constexpr Rgb kHintColor = 0x777777;   ///< reference lines: slopes, the area kept
constexpr Rgb kBlack = 0x000000;       ///< a reference's own error, the separatrix
constexpr Rgb kErrorColor = 0xb00020;  ///< a problem, in a summary's HTML

/// "#b00020".
std::string rgbHex(Rgb c);

}  // namespace dms
