// The least-squares slope of y over x, for convergence orders (log error over log h) and growth
// exponents (log error over log t), as GeometricIntegrators.jl tests its orders.
#pragma once

#include <cstddef>
#include <vector>

namespace dms::test {

inline double leastSquaresSlope(const std::vector<double>& x, const std::vector<double>& y) {
  const double n = double(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sx += x[i];
    sy += y[i];
    sxx += x[i] * x[i];
    sxy += x[i] * y[i];
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace dms::test
