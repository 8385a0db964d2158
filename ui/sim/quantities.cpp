// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/quantities.h"

#include <QObject>
#include <cmath>

#include "core/notation.h"

namespace dms::ui {

double wrapAngle(double a) {
  if (!std::isfinite(a)) return a;
  if (a > kPi || a <= -kPi) {
    a = std::remainder(a, 2 * kPi);  // in [-pi, pi]
    if (a <= -kPi) a += 2 * kPi;
  }
  return a;
}

QString plotSymbol(const std::string& text) { return QString::fromStdString(typeset(text)); }

Quantities quantitiesOf(const SystemModel& model, const ParamValues& values,
                        const std::vector<Method>& methods) {
  Quantities q;
  q.plane = model.phasePlane(values);
  q.momentum = model.hasMomentum();
  for (Method m : methods) q.shadow.push_back(shadowEnergyAvailability(model, values, m));
  const auto withUnit = [](const QString& name, const std::string& unit) {
    return unit.empty() ? name : QString("%1 [%2]").arg(name, plotSymbol(unit));
  };
  if (q.plane) {
    // the canonical coordinates every method's samples give through the phase plane: the
    // runs' raw states differ (RATTLE carries p where vi carries omega, a rotation matrix or a
    // quaternion), these do not
    const PhasePlane& plane = *q.plane;
    const QString qName = plotSymbol(plane.qName), pName = plotSymbol(plane.pName);
    StatePlot a{"state-q",
                plane.angular ? QObject::tr("Angle %1 (in (−π, π])").arg(qName)
                              : QObject::tr("Coordinate %1").arg(qName),
                withUnit(qName, plane.qUnit),
                {qName},
                {0},
                plane.angular};
    // the axis names the symbol alone ("p"), the title what it is ("p = m l² Ω")
    const QString pSymbol = pName.section(' ', 0, 0);
    StatePlot b{"state-p",
                QObject::tr("Momentum %1").arg(pName),
                withUnit(pSymbol, plane.pUnit),
                {pSymbol},
                {1},
                false};
    q.state = {a, b};
    q.reader = [read = plane.read, angular = plane.angular](const Sample& s) {
      const Vector2d x = read(s);
      return Components{angular ? wrapAngle(x[0]) : x[0], x[1], 0.0, 0.0, 0.0, 0.0};
    };
  } else {
    // no phase plane: the point the 3D view draws, in metres, the same for every method
    q.state = {
        {"state-x",
         QObject::tr("Position r"),
         QObject::tr("position [m]"),
         {"x", "y", "z"},
         {0, 1, 2},
         false},
        {"state-v",
         QObject::tr("Velocity v"),
         QObject::tr("velocity [m/s]"),
         {"vx", "vy", "vz"},
         {3, 4, 5},
         false},
    };
    q.reader = [](const Sample& s) {
      return Components{s.position.x(), s.position.y(), s.position.z(),
                        s.velocity.x(), s.velocity.y(), s.velocity.z()};
    };
  }
  return q;
}

}  // namespace dms::ui
