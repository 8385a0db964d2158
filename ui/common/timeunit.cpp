// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/timeunit.h"

#include <cmath>

namespace dms::ui {

TimeUnit timeUnitFor(double horizon) {
  const double T = std::abs(horizon);
  if (!(T > 1000.0)) return {};
  if (T <= 3.0 * 3600.0) return {60.0, QStringLiteral("min")};
  if (T <= 3.0 * 86400.0) return {3600.0, QStringLiteral("h")};
  return {86400.0, QStringLiteral("d")};
}

QString timeText(double t, const TimeUnit& unit) {
  return QStringLiteral("%1 %2").arg(t / unit.seconds, 0, 'f', 2).arg(unit.symbol);
}

}  // namespace dms::ui
