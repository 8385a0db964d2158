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

// Okabe-Ito: blue, vermillion, orange, reddish purple, bluish green, sky blue, black; the
// yellow (rattle, the one method of one system) darkened to be read on white. The dashed
// lines are the variants of a method drawn in a neighbour's colour.
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
    {Method::Rkmk4, 0x56b4e9, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "Munthe-Kaas RK4 on the rotation group")},
    {Method::Vi4, 0x000000, Qt::DashLine,
     QT_TRANSLATE_NOOP("MethodLook", "variational, Yoshida triple jump, order 4")},
    {Method::Rattle, 0xb8a800, Qt::SolidLine,
     QT_TRANSLATE_NOOP("MethodLook", "constrained Stormer-Verlet in R^3")},
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
