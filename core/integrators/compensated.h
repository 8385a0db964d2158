// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Compensated (Kahan) summation for the state updates of the variational steps: a step
/// computes its increment as a small correction, and the sum carries what rounding dropped
/// into the next addition, so that the round-off of millions of steps behaves like a random
/// walk (Brouwer's law, growing as t^(1/2)) instead of accumulating a bias that grows as t
/// (Hairer, Lubich and Wanner, Geometric Numerical Integration, VIII.5; Higham, Accuracy and
/// Stability of Numerical Algorithms, 4.3).
#pragma once

#include <cmath>

namespace dms {

/// How a variational step adds its increments to the state.
enum class Summation {
  Plain,       ///< x_{k+1} computed as written in the article: "plain"
  Compensated  ///< x_{k+1} = x_k + dx_k, added with Kahan's compensation: "compensated"
};

/// sum += increment; `lost` carries the low-order part rounding dropped (start it at zero and
/// keep it with the sum). T is a double or a fixed-size Eigen type (element by element).
template <class T>
inline void compensatedAdd(T& sum, T& lost, const T& increment) {
  const T y = increment - lost;
  const T t = sum + y;
  lost = (t - sum) - y;
  sum = t;
}

/// sum += hi + lo, an increment held as an unevaluated sum: lo joins what the last addition
/// dropped, then hi. With |lo| much below |hi| (e.g. the rounding error of the product that
/// gave hi) the sum takes hi + lo to within the rounding of the compensation itself; with lo
/// the part of the increment known early, hi (the part computed last) waits for one addition
/// less, and hi + lo is rounded as it would be when added first.
template <class T>
inline void compensatedAdd(T& sum, T& lost, const T& hi, const T& lo) {
  const T y = hi + (lo - lost);
  const T t = sum + y;
  lost = (t - sum) - y;
  sum = t;
}

/// a b = p + e exactly, p = fl(a b), unless a product overflows or underflows. With a hardware
/// FMA (FP_FAST_FMA) e = fma(a, b, -p); otherwise Dekker's product with Veltkamp's split, where
/// every partial product is exact, and there is no FMA a compiler could fuse into the split.
inline void twoProduct(double a, double b, double& p, double& e) {
  p = a * b;
#ifdef FP_FAST_FMA
  e = std::fma(a, b, -p);
#else
  constexpr double kSplit = 134217729.0;  // 2^27 + 1
  const double ca = kSplit * a;
  const double cb = kSplit * b;
  const double ah = ca - (ca - a), al = a - ah;
  const double bh = cb - (cb - b), bl = b - bh;
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}

}  // namespace dms
