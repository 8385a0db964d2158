/// Compensated (Kahan) summation for the state updates of the variational steps: a step
/// computes its increment as a small correction, and the sum carries what rounding dropped
/// into the next addition, so that the round-off of millions of steps behaves like a random
/// walk (Brouwer's law, growing as t^(1/2)) instead of accumulating a bias that grows as t
/// (Hairer, Lubich and Wanner, Geometric Numerical Integration, VIII.5; Higham, Accuracy and
/// Stability of Numerical Algorithms, 4.3).
#pragma once

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

}  // namespace dms
