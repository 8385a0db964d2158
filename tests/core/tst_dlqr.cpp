// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The discrete LQR: the doubling algorithm's X against the scalar Riccati equation's closed form
// and against the Riccati difference equation iterated to its fixed point, its residual and the
// closed loop's stability on random unstable systems, and its refusals.
#include <Eigen/Eigenvalues>
#include <QtTest>
#include <cmath>
#include <random>

#include "core/control/dlqr.h"
#include "core/params.h"
#include "tests/common/suitemain.h"

namespace tst_dlqr {

using namespace dms;

MatrixXd randomMatrix(std::mt19937& g, int rows, int cols) {
  std::normal_distribution<double> d;
  MatrixXd M(rows, cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) M(i, j) = d(g);
  return M;
}

// The Riccati difference equation X <- A^T X A - A^T X B (R + B^T X B)^-1 B^T X A + Q from
// X = Q: value iteration, converging linearly (at the closed loop's rate squared) to the same X.
MatrixXd valueIteration(const MatrixXd& A, const MatrixXd& B, const MatrixXd& Q, const MatrixXd& R,
                        int steps) {
  MatrixXd X = Q;
  for (int k = 0; k < steps; ++k) {
    const MatrixXd BtXA = B.transpose() * X * A;
    X = A.transpose() * X * A - BtXA.transpose() * (R + B.transpose() * X * B).ldlt().solve(BtXA) +
        Q;
    X = 0.5 * (X + X.transpose());
  }
  return X;
}

class TestDlqr : public QObject {
  Q_OBJECT
 private slots:
  // n = m = 1: x = a^2 x - a^2 b^2 x^2 / (r + b^2 x) + q is b^2 x^2 + (r (1 - a^2) - q b^2) x
  // - q r = 0, whose positive root is the stabilizing solution. The doubling iteration stops
  // at round-off, so the two agree to a few ulps: 1e-14 relative.
  void scalarMatchesClosedForm() {
    for (double a : {0.5, 1.0, 1.7, -3.0}) {
      const double b = 0.8, q = 2.0, r = 0.3;
      const double p = r * (1 - a * a) - q * b * b;
      const double x = (-p + std::sqrt(p * p + 4 * b * b * q * r)) / (2 * b * b);
      const DlqrResult res = dlqr(MatrixXd::Constant(1, 1, a), MatrixXd::Constant(1, 1, b),
                                  MatrixXd::Constant(1, 1, q), MatrixXd::Constant(1, 1, r));
      QVERIFY2(std::fabs(res.X(0, 0) - x) <= 1e-14 * x,
               qPrintable(QString("a %1: %2 vs %3").arg(a).arg(res.X(0, 0)).arg(x)));
      QVERIFY(std::fabs(a - b * res.K(0, 0)) < 1.0);
    }
  }

  // Random unstable systems (n = 6, m = 2, A scaled to spectral radius about 1.5): X is
  // symmetric positive definite, solves the DARE to round-off (the residual is a sum of
  // products of entries of order ||X||: 1e-12 relative), stabilizes A - B K, and is the fixed
  // point of the Riccati difference equation (2000 steps of value iteration reach it to 1e-9
  // at a closed-loop radius below 0.99).
  void randomSystemsSolveTheDare() {
    std::mt19937 g(12345);
    for (int trial = 0; trial < 20; ++trial) {
      MatrixXd A = randomMatrix(g, 6, 6);
      A *= 1.5 / Eigen::EigenSolver<MatrixXd>(A).eigenvalues().cwiseAbs().maxCoeff();
      const MatrixXd B = randomMatrix(g, 6, 2);
      const MatrixXd C = randomMatrix(g, 6, 6);
      const MatrixXd Q = C.transpose() * C;
      const MatrixXd R = MatrixXd::Identity(2, 2) * 0.5;
      const DlqrResult res = dlqr(A, B, Q, R);
      QVERIFY2(res.residual < 1e-12, qPrintable(QString::number(res.residual)));
      QVERIFY(res.closedLoopRadius < 1.0);
      QVERIFY((res.X - res.X.transpose()).norm() == 0.0);
      QVERIFY(Eigen::SelfAdjointEigenSolver<MatrixXd>(res.X).eigenvalues().minCoeff() > 0);
      QVERIFY(res.iterations < 30);
      QCOMPARE(dareResidual(A, B, Q, R, res.X), res.residual);
      if (res.closedLoopRadius < 0.99) {
        const MatrixXd V = valueIteration(A, B, Q, R, 2000);
        QVERIFY2((V - res.X).norm() <= 1e-9 * res.X.norm(),
                 qPrintable(QString::number((V - res.X).norm() / res.X.norm())));
      }
    }
  }

  // Bad input is refused naming the matrix; an unstable mode B cannot move is said in words.
  void refusesBadInput() {
    const MatrixXd I2 = MatrixXd::Identity(2, 2);
    auto message = [](auto&& f) {
      try {
        f();
      } catch (const InputError& e) {
        return QString(e.what());
      }
      return QString();
    };
    QVERIFY(message([&] {
              dlqr(I2, MatrixXd::Ones(3, 1), I2, MatrixXd::Ones(1, 1));
            }).contains("B is 3 x 1, it must be 2 x 1"));
    QVERIFY(message([&] {
              dlqr(I2, MatrixXd::Ones(2, 1), I2, -MatrixXd::Ones(1, 1));
            }).contains("R must be positive definite"));
    QVERIFY(message([&] {
              dlqr(I2, MatrixXd::Ones(2, 1), -I2, MatrixXd::Ones(1, 1));
            }).contains("Q must be positive semidefinite"));
    MatrixXd A = 2 * I2;
    MatrixXd B(2, 1);
    B << 1, 0;  // the second mode, unstable at 2, is not reached by u
    QVERIFY(message([&] { dlqr(A, B, I2, MatrixXd::Ones(1, 1)); }).contains("did not converge"));
    MatrixXd Anan = I2;
    Anan(0, 1) = NAN;
    QVERIFY(message([&] {
              dlqr(Anan, MatrixXd::Ones(2, 1), I2, MatrixXd::Ones(1, 1));
            }).contains("A has a non-finite entry"));
  }
};

DMS_TEST_APPLESS_MAIN(TestDlqr)
}  // namespace tst_dlqr
#include "tst_dlqr.moc"
