// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A value in the modes' status lines and summaries: the shortest of fixed and exponent notation
// ('g') with the given significant digits.
#pragma once

#include <QString>

namespace dms::ui {

inline QString numberText(double v, int digits = 3) { return QString::number(v, 'g', digits); }

}  // namespace dms::ui
