// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The unit a horizon reads best in: seconds for a pendulum's minutes, minutes, hours, or days
// for an orbit's week (604800 s reads 7 d). The simulation's time axes, the playback bar and the
// 3D view's time stamp all say the time in it; the runs keep seconds.
#pragma once

#include <QString>

namespace dms::ui {

struct TimeUnit {
  double seconds = 1.0;  ///< one unit in seconds
  QString symbol = QStringLiteral("s");
};

/// s up to 1000 s, min up to 3 h, h up to 3 days, d beyond.
TimeUnit timeUnitFor(double horizon);
/// `t` seconds in `unit`, with two decimals: "12.34 s", "3.47 d".
QString timeText(double t, const TimeUnit& unit);

}  // namespace dms::ui
