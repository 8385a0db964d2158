// How each integrator looks wherever a run is shown: its colour (plots, 3D bodies and trails,
// legends, exports), its line and the text of its 3D card. The colours are mostly Okabe and
// Ito's palette for colour-blind readers ("Color Universal Design", 2008) with two of Paul Tol's:
// every two methods' colours stay clearly apart (CIE76 delta E of 30 at least), and the
// article's pair keeps the blue and the vermilion it always had.
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
