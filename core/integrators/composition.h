// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Symmetric compositions of a symmetric step of order 2 (Hairer, Lubich and Wanner, Geometric
/// Numerical Integration, II.4 and V.3): one step of size h is
///   Phi(gamma_s h) o ... o Phi(gamma_2 h) o Phi(gamma_1 h),  gamma_i = gamma_{s+1-i},
/// sum gamma_i = 1. With gammas solving the order conditions the composition is symmetric of
/// order 4, 6 or 8, and symplectic, on the Lie group and momentum-preserving whenever the step
/// is, since it is nothing but the step called s times (nothing of it is copied): vi4, vi6 and
/// vi8 are the variational step vi composed so.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/integrators/tangent.h"

namespace dms {

/// Yoshida's triple jump (Yoshida 1990; Hairer, Lubich and Wanner II.4): Phi(g1 h) o Phi(g2 h)
/// o Phi(g1 h), g1 = 1/(2 - 2^(1/3)), g2 = 1 - 2 g1, is of order 4.
constexpr double kTripleJumpG1 = 1.3512071919596578;   // 1 / (2 - 2^(1/3))
constexpr double kTripleJumpG2 = -1.7024143839193155;  // 1 - 2 g1

struct TripleJumpCoefficients {
  static constexpr int kOrder = 4;
  static constexpr std::array<double, 3> kGamma = {kTripleJumpG1, kTripleJumpG2, kTripleJumpG1};
};

/// Yoshida's (1990) order 6 with 7 stages, his solution A, as Hairer, Lubich and Wanner print
/// it (V.3, "p6 s7"). Each literal has 27 digits, so it rounds to the nearest double; the
/// middle one is the reference's 1 - 2 (gamma_1 + gamma_2 + gamma_3), not recomputed in double.
struct Yoshida6Coefficients {
  static constexpr int kOrder = 6;
  static constexpr double g1 = 0.78451361047755726381949763;
  static constexpr double g2 = 0.23557321335935813368479318;
  static constexpr double g3 = -1.17767998417887100694641568;
  static constexpr double g4 = 1.31518632068391121888424973;
  static constexpr std::array<double, 7> kGamma = {g1, g2, g3, g4, g3, g2, g1};
};

/// Order 8 with 15 stages: the solution of Suzuki and Umeno (1993) and McLachlan (1995) with the
/// smallest sum of |gamma_i| among the 15-stage ones, as Hairer, Lubich and Wanner print it (V.3,
/// "p8 s15"); Kahan and Li (1997) reach order 8 only with 17 stages, two more base steps for a
/// smaller error constant. 40-digit literals (each rounds to the nearest double).
struct SuzukiUmeno8Coefficients {
  static constexpr int kOrder = 8;
  static constexpr double g1 = 0.7416703643506129534482278017838063156035;
  static constexpr double g2 = -0.4091008258000315939973000958935634173099;
  static constexpr double g3 = 0.1907547102962383799538762564503716627355;
  static constexpr double g4 = -0.5738624711160822666563877266355357421595;
  static constexpr double g5 = 0.2990641813036559238444635406886029882258;
  static constexpr double g6 = 0.3346249182452981837849579798821822886337;
  static constexpr double g7 = 0.3152930923967665966320566638110024309941;
  static constexpr double g8 = -0.7968879393529163540197888401737330534463;
  static constexpr std::array<double, 15> kGamma = {g1, g2, g3, g4, g5, g6, g7, g8,
                                                    g7, g6, g5, g4, g3, g2, g1};
};

namespace detail {
template <std::size_t N>
constexpr bool palindromic(const std::array<double, N>& g) {
  for (std::size_t i = 0; i < N; ++i)
    if (g[i] != g[N - 1 - i]) return false;
  return true;
}
// sum gamma_i = 1 to the rounding of the literals and of the sum: s roundings of at most 2
template <std::size_t N>
constexpr bool sumsToOne(const std::array<double, N>& g) {
  double s = 0.0;
  for (double x : g) s += x;
  const double d = s - 1.0;
  return (d < 0 ? -d : d) <= 4.0 * double(N) * 2.220446049250313e-16;
}
}  // namespace detail

/// A symmetric composition of Base's step by the table C (C::kGamma, C::kOrder). step calls
/// Base::step with gamma_1 h, gamma_2 h, ... in turn, each size the product gamma_i * h.
template <class C, class Base>
struct SymmetricComposition {
  static_assert(detail::palindromic(C::kGamma),
                "a symmetric composition's gammas are a palindrome");
  static_assert(detail::sumsToOne(C::kGamma), "a composition's gammas add up to 1");
  using State = typename Base::State;
  static constexpr const auto& kGamma = C::kGamma;
  Base base;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    for (double g : kGamma)
      if (!base.step(x, g * h, work, why)) return false;
    return true;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const { base.fill(s, t, x, f); }
  std::vector<std::string> stateNames() const { return base.stateNames(); }
  /// The derivative of step(x, h): the chain rule through its s steps, A = A_s ... A_1 and
  /// B = sum_i A_s ... A_{i+1} B_i with the same control held over every stage, each stage's
  /// derivative taken at the state the stages before it reached (from the base's derivative when
  /// it hands back its end, HasStepDerivativeToEnd, else by stepping).
  template <class B = Base, std::enable_if_t<HasStepDerivative<B>::value, int> = 0>
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    State y = x;
    StepWork work;
    StepDerivative one;
    MatrixXd nextA, nextB;  // the products, written here and swapped in: no allocation per stage
    for (std::size_t i = 0; i < kGamma.size(); ++i) {
      const double hi = kGamma[i] * h;
      StepDerivative& di = i == 0 ? d : one;
      if constexpr (HasStepDerivativeToEnd<B>::value) {
        State next;
        if (!base.linearize(y, hi, di, why, &next)) return false;
        y = std::move(next);
      } else if (!base.linearize(y, hi, di, why)) {
        return false;
      }
      if (i > 0) {
        nextA.noalias() = one.A * d.A;
        nextB.noalias() = one.A * d.B;
        nextB += one.B;
        d.A.swap(nextA);
        d.B.swap(nextB);
      }
      if constexpr (!HasStepDerivativeToEnd<B>::value)
        if (i + 1 < kGamma.size() && !base.step(y, hi, work, why)) return false;
    }
    return true;
  }
  template <class B = Base, std::enable_if_t<HasSymplecticForm<B>::value, int> = 0>
  MatrixXd symplecticForm(const State& x) const {
    return base.symplecticForm(x);
  }
};

/// vi4: the triple jump.
template <class Base>
using TripleJump = SymmetricComposition<TripleJumpCoefficients, Base>;
/// vi6: Yoshida's 7 stages.
template <class Base>
using Yoshida6 = SymmetricComposition<Yoshida6Coefficients, Base>;
/// vi8: Suzuki and Umeno's / McLachlan's 15 stages.
template <class Base>
using SuzukiUmeno8 = SymmetricComposition<SuzukiUmeno8Coefficients, Base>;

/// vi or one of its compositions (vi4, vi6, vi8): the methods whose every step is the system's
/// variational step.
inline bool isVariationalComposition(Method m) {
  return m == Method::Variational || m == Method::Vi4 || m == Method::Vi6 || m == Method::Vi8;
}

/// The gammas of vi's compositions; vi itself is the one-stage {1}. Empty for another method.
inline std::vector<double> compositionGammas(Method m) {
  switch (m) {
    case Method::Variational:
      return {1.0};
    case Method::Vi4:
      return {TripleJumpCoefficients::kGamma.begin(), TripleJumpCoefficients::kGamma.end()};
    case Method::Vi6:
      return {Yoshida6Coefficients::kGamma.begin(), Yoshida6Coefficients::kGamma.end()};
    case Method::Vi8:
      return {SuzukiUmeno8Coefficients::kGamma.begin(), SuzukiUmeno8Coefficients::kGamma.end()};
    default:
      return {};
  }
}

}  // namespace dms
