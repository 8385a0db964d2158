// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The least-squares slope of y over x: convergence orders (log error over log h, as
/// GeometricIntegrators.jl tests its orders) and growth exponents (log error over log t).
#pragma once

#include <vector>

namespace dms {

/// NaN when fewer than two points or every x is the same.
double leastSquaresSlope(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace dms
