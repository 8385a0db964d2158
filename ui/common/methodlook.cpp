// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/methodlook.h"

#include <QCoreApplication>
#include <QStringList>

#include "core/studies/style.h"
#include "ui/common/figure.h"

namespace dms::ui {

namespace {

// the colours and lines are core/studies/style.cpp's (one table for the app and the figures)
struct Look {
  Method method;
  const char* subtitle;
};

const Look kLooks[] = {
    {Method::Variational, QT_TRANSLATE_NOOP("MethodLook", "Lie group variational, fixed step h")},
    {Method::Rk45, QT_TRANSLATE_NOOP("MethodLook", "Dormand-Prince 5(4), adaptive")},
    {Method::Rk45Quat, QT_TRANSLATE_NOOP("MethodLook", "RK45 with a unit quaternion")},
    {Method::Rk45Proj, QT_TRANSLATE_NOOP("MethodLook", "RK45 projected onto the manifold")},
    {Method::Rk4, QT_TRANSLATE_NOOP("MethodLook", "classical RK4, fixed step h")},
    {Method::Rkmk4, QT_TRANSLATE_NOOP("MethodLook", "Munthe-Kaas RK4 on the rotation group")},
    {Method::Vi4, QT_TRANSLATE_NOOP("MethodLook", "variational, Yoshida triple jump, order 4")},
    {Method::Vi6, QT_TRANSLATE_NOOP("MethodLook", "variational, Yoshida's 7 stages, order 6")},
    {Method::Vi8, QT_TRANSLATE_NOOP("MethodLook", "variational, 15 stages, order 8")},
    {Method::Rattle,
     QT_TRANSLATE_NOOP("MethodLook", "constrained Störmer-Verlet in R³ (the same map as vi)")},
    {Method::Rk853, QT_TRANSLATE_NOOP("MethodLook", "Dormand-Prince 8(5,3) (DOP853), adaptive")},
};

const Look& look(Method m) {
  for (const Look& l : kLooks)
    if (l.method == m) return l;
  return kLooks[0];
}

}  // namespace

MethodLook methodLook(Method m) { return {toQColor(methodColor(m)), toPenStyle(methodPen(m))}; }

QString methodLabel(Method m, RkController controller) {
  return QString::fromStdString(legendLabel(m, controller));
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
