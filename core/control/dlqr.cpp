// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/dlqr.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <cmath>
#include <sstream>
#include <string>

#include "core/params.h"

namespace dms {

namespace {

void checkShape(const MatrixXd& M, Eigen::Index rows, Eigen::Index cols, const char* name) {
  if (M.rows() != rows || M.cols() != cols) {
    std::ostringstream s;
    s << "LQR: " << name << " is " << M.rows() << " x " << M.cols() << ", it must be " << rows
      << " x " << cols;
    throw InputError(s.str());
  }
  if (!M.allFinite()) throw InputError(std::string("LQR: ") + name + " has a non-finite entry");
}

// symmetric to round-off of its largest entry
bool symmetric(const MatrixXd& M) {
  return (M - M.transpose()).cwiseAbs().maxCoeff() <=
         1e-12 * std::max(1.0, M.cwiseAbs().maxCoeff());
}

double spectralRadius(const MatrixXd& M) {
  return M.size() ? Eigen::EigenSolver<MatrixXd>(M, false).eigenvalues().cwiseAbs().maxCoeff()
                  : 0.0;
}

}  // namespace

double dareResidual(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R,
                    const MatrixXd& X) {
  const MatrixXd BtXA = B.transpose() * X * A;
  const MatrixXd S = R + B.transpose() * X * B;
  const MatrixXd rhs = A.transpose() * X * A - BtXA.transpose() * S.ldlt().solve(BtXA) + Q;
  return (X - rhs).norm() / std::max(1.0, X.norm());
}

DlqrResult dlqr(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R) {
  const Eigen::Index n = A.rows(), m = B.cols();
  if (n == 0) throw InputError("LQR: A is empty, it must be n x n with n >= 1");
  checkShape(A, n, n, "A");
  checkShape(B, n, m, "B");
  checkShape(Q, n, n, "Q");
  checkShape(R, m, m, "R");
  if (!symmetric(Q) || !symmetric(R)) throw InputError("LQR: Q and R must be symmetric");
  const Eigen::LLT<MatrixXd> rChol(R);
  if (m == 0 || rChol.info() != Eigen::Success)
    throw InputError("LQR: R must be positive definite (all its eigenvalues > 0)");
  const Eigen::SelfAdjointEigenSolver<MatrixXd> qEig(Q, Eigen::EigenvaluesOnly);
  if (qEig.eigenvalues().minCoeff() < -1e-12 * std::max(1.0, Q.norm()))
    throw InputError("LQR: Q must be positive semidefinite (all its eigenvalues >= 0)");

  // Structure-preserving doubling (Chu, Fan, Lin and Wang, 2004): with A_0 = A, G_0 = B R^-1 B^T,
  // H_0 = Q, each step squares the symplectic pencil's stable part,
  //   W = I + G_k H_k,  A_{k+1} = A_k W^-1 A_k,  G_{k+1} = G_k + A_k W^-1 G_k A_k^T,
  //   H_{k+1} = H_k + A_k^T H_k W^-1 A_k,
  // and H_k converges quadratically to the stabilizing X.
  MatrixXd Ak = A;
  MatrixXd Gk = B * rChol.solve(B.transpose());
  MatrixXd Hk = Q;
  const MatrixXd I = MatrixXd::Identity(n, n);
  DlqrResult r;
  constexpr int kMaxIterations = 100;
  bool converged = false;
  double previousChange = 0.0;
  for (int k = 1; k <= kMaxIterations && !converged; ++k) {
    const Eigen::PartialPivLU<MatrixXd> W(I + Gk * Hk);
    const MatrixXd WinvA = W.solve(Ak);
    const MatrixXd WinvG = W.solve(Gk);
    const MatrixXd Hnext = Hk + Ak.transpose() * Hk * WinvA;
    const MatrixXd Gnext = Gk + Ak * WinvG * Ak.transpose();
    const MatrixXd Anext = Ak * WinvA;
    if (!Hnext.allFinite() || !Gnext.allFinite() || !Anext.allFinite()) break;
    // the change shrinks quadratically; at round-off of H it stops (max norms: a Frobenius
    // norm of a diverging H overflows before its entries do). Where H's entries span many
    // orders (weak control, a large X) the change's floor is the round-off of the largest
    // entries, above 1e-14 of them: then it stops when the change no longer halves once it is
    // below 1e-8 of H (quadratic convergence would have taken it far lower)
    const double change = (Hnext - Hk).cwiseAbs().maxCoeff();
    const double scale = std::max(1.0, Hnext.cwiseAbs().maxCoeff());
    converged = change <= 1e-14 * scale ||
                (k > 1 && change <= 1e-8 * scale && change >= 0.5 * previousChange);
    previousChange = change;
    Hk = 0.5 * (Hnext + Hnext.transpose());
    Gk = 0.5 * (Gnext + Gnext.transpose());
    Ak = Anext;
    r.iterations = k;
  }
  if (!converged)
    throw InputError(
        "LQR: the Riccati iteration did not converge: (A, B) has an unstable mode that B cannot "
        "move, or (A, Q) one that Q does not see");
  r.X = Hk;
  const MatrixXd S = R + B.transpose() * r.X * B;
  r.K = S.ldlt().solve(B.transpose() * r.X * A);
  r.residual = dareResidual(A, B, Q, R, r.X);
  r.closedLoopRadius = spectralRadius(A - B * r.K);
  if (!(r.closedLoopRadius < 1.0))
    throw InputError("LQR: no stabilizing solution (the closed loop's spectral radius is " +
                     formatNumber(r.closedLoopRadius) + ")");
  return r;
}

}  // namespace dms
