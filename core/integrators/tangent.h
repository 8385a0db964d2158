// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The derivative of one step of a method, x_{k+1} = Phi(x_k, u_k), in a system's tangent
/// coordinates (SystemDeclaration::tangent), and the pieces every method computes it from.
///
/// Tangent coordinates: on a Lie group left-trivialized (a rotation's change is
/// delta R = R xi^, xi in R^3), on S^2 the rotation that moves the point (delta q = xi x q),
/// elsewhere the state's own entries. Velocities enter as the state holds them (Omega, v, omega).
///
/// A variational step supplies its derivative itself (the implicit function theorem on its
/// discrete Euler-Lagrange equations). A Runge-Kutta method's derivative is the same method
/// applied to the variational equation, delta y' = f_y delta y + f_u delta u, through the same
/// stages: exact for the discrete map, not a difference quotient. For RK45 the step sizes the
/// controller chose are held fixed (their own dependence on the state is not differentiated).
#pragma once

#include <Eigen/Core>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/types.h"

namespace dms {

using MatrixXd = Eigen::MatrixXd;

/// A = dx_{k+1}/dx_k (d x d) and B = dx_{k+1}/du_k (d x m), d the tangent coordinates'
/// number and m the control's (0 columns for a system without control).
struct StepDerivative {
  MatrixXd A;
  MatrixXd B;
};

/// What a continuous form adds for its methods' derivatives. y has the form's n entries; m is
/// the control's size (0 unforced).
struct ContinuousTangent {
  /// f_y (n x n) and f_u (n x m) of the right-hand side at (t, y) with the control held now.
  std::function<void(double t, const VectorXd& y, MatrixXd& fy, MatrixXd& fu)> jacobian;
  /// f, f_y and f_u at (t, y) at once, where a form shares their work (the chain's one
  /// factorization of its mass matrix); f as the form's right-hand side evaluates it. Optional:
  /// without it a Runge-Kutta derivative calls the right-hand side and then jacobian.
  std::function<void(double t, const VectorXd& y, VectorXd& f, MatrixXd& fy, MatrixXd& fu)>
      rhsAndJacobian;
  /// E(y) (n x d): the change of y made by a tangent vector at y.
  std::function<MatrixXd(const VectorXd& y)> in;
  /// P(y) (d x n): the tangent coordinates at y of a change of y (P E = I on the manifold).
  std::function<MatrixXd(const VectorXd& y)> out;
  /// The system's symplectic form at y in tangent coordinates (d x d, antisymmetric): the
  /// canonical form of its phase space written in these coordinates.
  std::function<MatrixXd(const VectorXd& y)> symplectic;
  bool available() const { return jacobian && in && out; }
};

/// One explicit Runge-Kutta step of size h from (t, y0) with tableau a (s x s, strictly lower),
/// b (s), c (s), applied to the variational equation delta y' = f_y delta y + f_u delta u
/// through the same stages: the stage derivatives K_i = f_y(Y_i) (S + h sum_j a_ij K_j), plus
/// f_u(Y_i) in the control's columns. S (n x (d + m), flat) holds on entry the derivatives the
/// step starts from, [dy0/dz | dy0/du], and on exit those of the step's end,
/// [dy1/dy0 dy0/dz | dy1/dy0 dy0/du + dy1/du]: seeded with the tangent map E(y0) (n x d, d <= n)
/// only d columns are carried, and the steps of a run chain without a product of their own.
/// m < 0 takes the control's size from f_u at the first stage and appends m zero columns to S.
/// The stages after the last with b_i != 0 do not reach the step's end and are not evaluated
/// (DOPRI5's seventh, the first of the next step). When y1 is given, it receives the step's end
/// y0 + h sum_i b_i k_i from the same stages, so that a caller need not step again.
template <class Rhs>
void explicitRkDerivative(const Rhs& rhs, const ContinuousTangent& tangent, int s,
                          const double* a /* s*s row major */, const double* b, const double* c,
                          double t, const VectorXd& y0, double h, int m, MatrixXd& S,
                          VectorXd* y1 = nullptr) {
  const Eigen::Index n = y0.size();
  int last = s - 1;
  while (last > 0 && b[last] == 0.0) --last;
  const auto stages = static_cast<std::size_t>(last + 1);
  // zeroed: a copy of an uninitialized vector is a read of indeterminate values
  std::vector<VectorXd> k(stages, VectorXd::Zero(n));
  std::vector<MatrixXd> K(stages);
  MatrixXd fy, fu;
  const auto evaluate = [&](double ti, const VectorXd& Yi, VectorXd& ki) {
    if (tangent.rhsAndJacobian) {
      tangent.rhsAndJacobian(ti, Yi, ki, fy, fu);
    } else {
      rhs(ti, Yi, ki);
      tangent.jacobian(ti, Yi, fy, fu);
    }
  };
  evaluate(t, y0, k[0]);
  if (m < 0) {
    m = int(fu.cols());
    S.conservativeResize(n, S.cols() + m);
    S.rightCols(m).setZero();
  }
  VectorXd Y(n);
  MatrixXd D(n, S.cols());
  for (int i = 0; i <= last; ++i) {
    Y = y0;
    D = S;
    for (int j = 0; j < i; ++j) {
      const double aij = a[i * s + j];
      if (aij == 0.0) continue;
      Y += (h * aij) * k[std::size_t(j)];
      D += (h * aij) * K[std::size_t(j)];
    }
    // the first stage is the one evaluated at y0 above
    if (i > 0) evaluate(t + c[i] * h, Y, k[std::size_t(i)]);
    MatrixXd& Ki = K[std::size_t(i)];
    Ki.resize(n, S.cols());
    Ki.noalias() = fy * D;
    if (m > 0) Ki.rightCols(m) += fu;
  }
  for (int i = 0; i <= last; ++i)
    if (b[i] != 0.0) S += (h * b[i]) * K[std::size_t(i)];
  if (y1) {
    *y1 = y0;
    for (int i = 0; i <= last; ++i)
      if (b[i] != 0.0) *y1 += (h * b[i]) * k[std::size_t(i)];
  }
}

/// A stepper's own derivative, when it has one: bool linearize(const State& x, double h,
/// StepDerivative& d, std::string* why) const, the derivative of step(x, h) with the control
/// held now.
template <class S, class = void>
struct HasStepDerivative : std::false_type {};
template <class S>
struct HasStepDerivative<S, std::void_t<decltype(std::declval<const S&>().linearize(
                                std::declval<const typename S::State&>(), 0.0,
                                std::declval<StepDerivative&>(), std::declval<std::string*>()))>>
    : std::true_type {};

/// A stepper whose derivative also hands back the step's end: bool linearize(const State& x,
/// double h, StepDerivative& d, std::string* why, State* end) const, *end the state step(x, h)
/// reaches (to round-off: the derivative's own solve of the step). A composition chains its
/// stages through it instead of stepping each stage a second time.
template <class S, class = void>
struct HasStepDerivativeToEnd : std::false_type {};
template <class S>
struct HasStepDerivativeToEnd<
    S, std::void_t<decltype(std::declval<const S&>().linearize(
           std::declval<const typename S::State&>(), 0.0, std::declval<StepDerivative&>(),
           std::declval<std::string*>(), std::declval<typename S::State*>()))>> : std::true_type {};

/// A stepper's symplectic form at a state, when it has one: MatrixXd symplecticForm(const
/// State& x) const, in the same tangent coordinates.
template <class S, class = void>
struct HasSymplecticForm : std::false_type {};
template <class S>
struct HasSymplecticForm<S, std::void_t<decltype(std::declval<const S&>().symplecticForm(
                                std::declval<const typename S::State&>()))>> : std::true_type {};

/// The message for a method whose step has no derivative on a system.
inline const char* kNoStepDerivative =
    "this method's step has no derivative on this system (linearize needs vi, vi4, rattle, RK4 "
    "or RK45 where the system supplies them)";

}  // namespace dms
