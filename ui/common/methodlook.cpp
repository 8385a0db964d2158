#include "ui/common/methodlook.h"

#include <QCoreApplication>
#include <QStringList>

namespace dms::ui {

namespace {

struct Look {
  Method method;
  QRgb color;
  Qt::PenStyle pen;
  const char* subtitle;
};

// Okabe-Ito (blue, vermilion, orange, reddish purple, bluish green, black) and two of Paul
// Tol's colour-blind-safe ones: his indigo for RKMK4 (Okabe-Ito's sky blue was too near vi's
// blue on a projector) and his sand, darkened to be read on white, for RATTLE. Every two are at
// least 30 apart in CIE76 delta E (tst_methodlook). The dashed lines are methods drawn over or
// beside a neighbour: RK45 with quaternions in an orange beside RK45's vermilion, the triple
// jump, and RATTLE, whose curves lie exactly on vi's (the same map in other coordinates), so
// vi's solid line shows between its dashes.
const Look kLooks[] = {
    {Method::Variational, 0x0072b2, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "Lie group variational, fixed step h")},
    {Method::Rk45, 0xd55e00, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "Dormand-Prince 5(4), adaptive")},
    {Method::Rk45Quat, 0xe69f00, Qt::DashLine,
     QT_TRANSLATE_NOOP("MethodLook", "RK45 with a unit quaternion")},
    {Method::Rk45Proj, 0xcc79a7, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "RK45 projected onto the manifold")},
    {Method::Rk4, 0x009e73, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "classical RK4, fixed step h")},
    {Method::Rkmk4, 0x332288, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "Munthe-Kaas RK4 on the rotation group")},
    {Method::Vi4, 0x000000, Qt::DashLine,
     QT_TRANSLATE_NOOP("MethodLook", "variational, Yoshida triple jump, order 4")},
    {Method::Rattle, 0xd4c15a, Qt::DashLine,
     QT_TRANSLATE_NOOP("MethodLook", "constrained Stormer-Verlet in R^3 (the same map as vi)")},
};

const Look& look(Method m) {
  for (const Look& l : kLooks)
    if (l.method == m) return l;
  return kLooks[0];
}

}  // namespace

MethodLook methodLook(Method m) { return {QColor::fromRgb(look(m).color), look(m).pen}; }

QString methodLabel(Method m, RkController controller) {
  const MethodInfo& info = methodInfo(m);
  const QString label = QString::fromStdString(info.label);
  if (!info.adaptive) return label;
  return QStringLiteral("%1 (%2)").arg(label,
                                       controller == RkController::Ode45 ? "ode45" : "SciPy");
}

QString methodSubtitle(Method m) {
  return QCoreApplication::translate("MethodLook", look(m).subtitle);
}

QString methodList(const std::vector<Method>& methods) {
  QStringList names;
  for (Method m : methods) names << QString::fromStdString(methodName(m));
  return names.join(',');
}

}  // namespace dms::ui
