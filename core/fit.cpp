// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/fit.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace dms {

double leastSquaresSlope(const std::vector<double>& x, const std::vector<double>& y) {
  const std::size_t n = std::min(x.size(), y.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  const double N = double(n), d = N * sxx - sx * sx;
  return n >= 2 && d > 0 ? (N * sxy - sx * sy) / d : NAN;
}

}  // namespace dms
