// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The discrete linear-quadratic regulator of x_{k+1} = A x_k + B u_k with the cost
/// sum_k x_k^T Q x_k + u_k^T R u_k: the stabilizing solution X of the discrete algebraic Riccati
/// equation
///   X = A^T X A - A^T X B (R + B^T X B)^{-1} B^T X A + Q
/// by the structure-preserving doubling algorithm, and the gain K = (R + B^T X B)^{-1} B^T X A
/// of the feedback u = -K x.
#pragma once

#include <Eigen/Core>

#include "core/types.h"

namespace dms {

using MatrixXd = Eigen::MatrixXd;

struct DlqrResult {
  MatrixXd X;  ///< the stabilizing solution, symmetric positive semidefinite (n x n)
  MatrixXd K;  ///< the gain of u = -K x (m x n)
  int iterations = 0;
  /// ||X - (A^T X A - A^T X B (R + B^T X B)^{-1} B^T X A + Q)|| / max(1, ||X||), Frobenius.
  double residual = 0.0;
  /// The spectral radius of A - B K: below 1 for a stabilizing gain.
  double closedLoopRadius = 0.0;
};

/// Solves the DARE for A (n x n), B (n x m), Q (n x n, symmetric positive semidefinite) and R
/// (m x m, symmetric positive definite). The doubling iteration converges quadratically when
/// (A, B) is stabilizable and (A, Q) detectable; throws InputError naming the matrix for a
/// wrong shape, an R that is not positive definite or a Q that is not positive semidefinite,
/// and saying so when the iteration does not converge (an uncontrollable unstable mode).
DlqrResult dlqr(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R);

/// The residual of the DARE at X, as DlqrResult::residual.
double dareResidual(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R,
                    const MatrixXd& X);

}  // namespace dms
