// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/studies/style.h"

#include <cstdio>

#include "core/integrators/settingkeys.h"

namespace dms {

namespace {

struct Look {
  Method method;
  Rgb color;
  Pen pen;
};

// Okabe-Ito (blue, vermilion, orange, reddish purple, bluish green, black) and two of Paul
// Tol's colour-blind-safe ones: his indigo for RKMK4 (Okabe-Ito's sky blue is too near vi's
// blue on a projector) and his sand, darkened to be read on white, for RATTLE. Every two are at
// least 30 apart in CIE76 delta E (tst_methodlook). The dashed lines are methods drawn over or
// beside a neighbour: RK45 with quaternions in an orange beside RK45's vermilion, vi's
// compositions (the triple jump black, order 6 in Tol's grey, order 8 a dark brown), and RATTLE,
// whose curves lie exactly on vi's (the same map in other coordinates), so vi's solid line shows
// between its dashes. DOP853 is RK45's kin in Paul Tol's wine, dotted, as its curves lie on
// RK45's wherever both are accurate.
const Look kLooks[] = {
    {Method::Variational, 0x0072b2, Pen::Solid}, {Method::Rk45, 0xd55e00, Pen::Solid},
    {Method::Rk45Quat, 0xe69f00, Pen::Dash},     {Method::Rk45Proj, 0xcc79a7, Pen::Solid},
    {Method::Rk4, 0x009e73, Pen::Solid},         {Method::Rkmk4, 0x332288, Pen::Solid},
    {Method::Vi4, 0x000000, Pen::Dash},          {Method::Rattle, 0xd4c15a, Pen::Dash},
    {Method::Vi6, 0x777777, Pen::Dash},          {Method::Vi8, 0x661100, Pen::Dash},
    {Method::Rk853, 0x882255, Pen::Dot},
};

const Look& look(Method m) {
  for (const Look& l : kLooks)
    if (l.method == m) return l;
  return kLooks[0];
}

}  // namespace

Rgb methodColor(Method m) { return look(m).color; }

Pen methodPen(Method m) { return look(m).pen; }

std::string legendLabel(Method m, RkController controller) {
  const MethodInfo& info = methodInfo(m);
  // the controller named only for the pairs that read it (not DOP853, which has its own)
  if (!info.adaptive || !settingKey("controller").readBy(m)) return info.label;
  return info.label + (controller == RkController::Ode45 ? " (ode45)" : " (SciPy)");
}

Series methodSeries(Method m) {
  Series s;
  s.name = methodInfo(m).label;
  s.color = methodColor(m);
  s.pen = methodPen(m);
  return s;
}

std::string rgbHex(Rgb c) {
  char text[8];
  std::snprintf(text, sizeof text, "#%06x", unsigned(c & 0xffffff));
  return text;
}

}  // namespace dms
