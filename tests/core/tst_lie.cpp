// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The SO(3) toolkit: hat/vee, Rodrigues exp and log (near 0 and near pi), Cayley map and its
// inverse, quaternions, the orthogonality error. Tolerances are round-off: a few eps (2.2e-16)
// times the size of the numbers involved, said at each check.
#include <Eigen/Eigenvalues>
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

#include "core/lie/orthogonality.h"
#include "core/lie/so3.h"
#include "tests/common/suitemain.h"

namespace tst_lie {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

Vector3d randomUnit(std::mt19937& gen) {
  std::normal_distribution<double> n(0.0, 1.0);
  const Vector3d v(n(gen), n(gen), n(gen));
  return v.normalized();
}

// an independent rotation: Eigen's angle-axis
Matrix3d angleAxis(double angle, const Vector3d& axis) {
  return Eigen::AngleAxisd(angle, axis).toRotationMatrix();
}

class TestLie : public QObject {
  Q_OBJECT
 private slots:
  void hatIsCrossProductAndVeeInvertsIt() {
    std::mt19937 gen(1);
    for (int i = 0; i < 100; ++i) {
      const Vector3d a = 3.0 * randomUnit(gen), b = 2.0 * randomUnit(gen);
      const Matrix3d A = hat(a);
      // both sides are the same 2 products per component: equal to 2 ulps of |a||b| = 6
      QVERIFY((A * b - a.cross(b)).norm() <= 4 * kEps * 6.0);
      QCOMPARE(vee(A), a);
      QCOMPARE(Matrix3d(A + A.transpose()), Matrix3d::Zero());
    }
  }

  // exp against Eigen's angle-axis at angles from 1e-12 to pi: equal to ~10 eps
  void expMatchesAngleAxis() {
    std::mt19937 gen(2);
    for (double angle :
         {1e-12, 1e-7, 1e-4, 9.99e-4, 1.001e-3, 0.3, 1.0, 2.0, 3.0, kPi - 1e-9, kPi}) {
      for (int i = 0; i < 20; ++i) {
        const Vector3d n = randomUnit(gen);
        const Matrix3d R = so3Exp(angle * n);
        QVERIFY2((R - angleAxis(angle, n)).norm() <= 10 * kEps,
                 qPrintable(QString("angle %1").arg(angle)));
        QVERIFY(orthogonalityError(R) <= 10 * kEps);
        QVERIFY(std::fabs(R.determinant() - 1.0) <= 10 * kEps);
      }
    }
  }

  // log(exp(w)) = w for |w| < pi: relative error a few eps near 0 (series), absolute error a
  // few eps elsewhere, including within 1e-12 of pi where the axis comes from (R + R^T)/2
  void logInvertsExpAtEveryAngle() {
    std::mt19937 gen(3);
    for (double angle :
         {0.0, 1e-300, 1e-15, 1e-8, 1e-4, 9.99e-4, 1.001e-3, 0.5, 1.5, kPi / 2 - 1e-9,
          kPi / 2 + 1e-9, 2.5, 3.1, kPi - 1e-6, kPi - 1e-9, kPi - 1e-12}) {
      for (int i = 0; i < 20; ++i) {
        const Vector3d w = angle * randomUnit(gen);
        const Vector3d back = so3Log(angleAxis(angle, w.normalized()));
        const double tol = angle < 1e-3 ? 8 * kEps * angle : 16 * kEps;
        QVERIFY2((back - w).norm() <= tol,
                 qPrintable(QString("angle %1: error %2").arg(angle).arg((back - w).norm())));
      }
    }
  }

  // at exactly pi the logarithm is pi n or -pi n; both give R back
  void logAtPiGivesTheAxisUpToSign() {
    std::mt19937 gen(4);
    for (int i = 0; i < 50; ++i) {
      const Vector3d n = i < 3 ? Vector3d(Vector3d::Unit(i)) : randomUnit(gen);
      const Matrix3d R = angleAxis(kPi, n);
      const Vector3d w = so3Log(R);
      QVERIFY(std::fabs(w.norm() - kPi) <= 8 * kEps);
      QVERIFY(std::fabs(std::fabs(w.normalized().dot(n)) - 1.0) <= 8 * kEps);
      QVERIFY((so3Exp(w) - R).norm() <= 16 * kEps);
    }
  }

  void distanceIsTheRotationAngle() {
    std::mt19937 gen(5);
    for (int i = 0; i < 50; ++i) {
      const Matrix3d A = so3Exp(2.0 * randomUnit(gen));
      const double angle = 0.05 * (i + 1);
      const Matrix3d B = A * so3Exp(angle * randomUnit(gen));
      QVERIFY(std::fabs(so3Distance(A, B) - angle) <= 32 * kEps);
      QVERIFY(std::fabs(so3Distance(B, A) - angle) <= 32 * kEps);
    }
  }

  // cayley(f) = (I + f^)(I - f^)^-1 = exp(2 atan|f| f/|f|), orthogonal; cayleyInverse undoes it
  void cayleyMapAndInverse() {
    std::mt19937 gen(6);
    for (double len : {0.0, 1e-10, 1e-3, 0.1, 1.0, 10.0, 1e3}) {
      for (int i = 0; i < 20; ++i) {
        const Vector3d f = len * randomUnit(gen);
        const Matrix3d F = cayley(f);
        const Matrix3d I = Matrix3d::Identity();
        const Matrix3d ref = (I + hat(f)) * (I - hat(f)).inverse();
        // the inverse of I - f^ amplifies round-off by its condition number, 1 + |f|^2
        QVERIFY((F - ref).norm() <= 16 * kEps * (1.0 + len * len));
        const Vector3d w = len > 0 ? Vector3d(2.0 * std::atan(len) * f / len) : Vector3d::Zero();
        QVERIFY((F - so3Exp(w)).norm() <= 16 * kEps);
        QVERIFY(orthogonalityError(F) <= 8 * kEps);
        // f = vee(F - F^T) / (1 + tr F): 1 + tr F = 4 / (1 + |f|^2) loses |f|^2 in relative terms
        QVERIFY((cayleyInverse(F) - f).norm() <=
                16 * kEps * (1.0 + len * len) * std::max(1.0, len));
      }
    }
    bool threw = false;
    try {
      cayleyInverse(angleAxis(kPi, Vector3d::UnitZ()));
    } catch (const std::domain_error&) {
      threw = true;
    }
    QVERIFY(threw);
  }

  // R(q) for unit q is Eigen's quaternion matrix; for any q, R(q)^T R(q) = |q|^4 I and
  // R(q) = |q|^2 R(q/|q|)
  void quaternionToRotation() {
    std::mt19937 gen(7);
    std::normal_distribution<double> n(0.0, 1.0);
    for (int i = 0; i < 100; ++i) {
      Vector4d q(n(gen), n(gen), n(gen), n(gen));
      const Vector4d u = q / q.norm();
      const Matrix3d Ru = quatToRotation(u);
      const Matrix3d ref = Eigen::Quaterniond(u[0], u[1], u[2], u[3]).toRotationMatrix();
      QVERIFY((Ru - ref).norm() <= 16 * kEps);
      const double s = 0.5 + 0.01 * i;  // |q| from 0.5 to 1.5
      q = s * u;
      const Matrix3d R = quatToRotation(q);
      const double s4 = std::pow(s, 4);
      QVERIFY((R.transpose() * R - s4 * Matrix3d::Identity()).norm() <= 32 * kEps * s4);
      QVERIFY((R - s * s * Ru).norm() <= 16 * kEps * s * s);
      // the orthogonality error of R(q) is |1 - |q|^4|, the spectral norm of (1 - |q|^4) I
      QVERIFY(std::fabs(orthogonalityError(R) - std::fabs(1.0 - s4)) <= 64 * kEps * s4);
    }
  }

  // rotationToQuat inverts quatToRotation up to the sign of q, at every angle, including the
  // rotations by pi about each axis where a naive 1 + tr R formula divides by zero
  void rotationToQuaternionRoundTrip() {
    std::mt19937 gen(8);
    std::vector<Matrix3d> Rs;
    for (int i = 0; i < 3; ++i) Rs.push_back(angleAxis(kPi, Vector3d::Unit(i)));
    for (double angle : {0.0, 1e-9, 0.5, 2.0, 3.0, kPi - 1e-7, kPi})
      for (int i = 0; i < 20; ++i) Rs.push_back(angleAxis(angle, randomUnit(gen)));
    for (const Matrix3d& R : Rs) {
      const Vector4d q = rotationToQuat(R);
      QVERIFY(std::fabs(q.norm() - 1.0) <= 4 * kEps);
      QVERIFY(q[0] >= 0.0);
      QVERIFY((quatToRotation(q) - R).norm() <= 16 * kEps);
    }
  }

  // R(p (x) q) = R(p) R(q): the product composes rotations in the same order as matrices,
  // which the kinematics q' = 1/2 q (x) (0, Omega) <-> R' = R Omega^ relies on
  void quaternionProductComposesRotations() {
    std::mt19937 gen(9);
    std::normal_distribution<double> n(0.0, 1.0);
    for (int i = 0; i < 100; ++i) {
      Vector4d p(n(gen), n(gen), n(gen), n(gen)), q(n(gen), n(gen), n(gen), n(gen));
      p.normalize();
      q.normalize();
      QVERIFY((quatToRotation(quatMultiply(p, q)) - quatToRotation(p) * quatToRotation(q)).norm() <=
              32 * kEps);
    }
    // and the derivative: d/dt R(q(t)) at q' = 1/2 q (x) (0, w) equals R(q) w^ (product rule on
    // the quadratic R(q), exact)
    const Vector4d q = Vector4d(0.3, -0.5, 0.7, 0.4).normalized();
    const Vector3d w(0.2, -1.1, 0.6);
    Vector4d w4;
    w4 << 0.0, w;
    const Vector4d qd = 0.5 * quatMultiply(q, w4);
    const Matrix3d dR =
        2.0 * (q[0] * qd[0] - q.tail<3>().dot(qd.tail<3>())) * Matrix3d::Identity() +
        2.0 * (qd.tail<3>() * q.tail<3>().transpose() + q.tail<3>() * qd.tail<3>().transpose()) +
        2.0 * (qd[0] * hat(q.tail<3>()) + q[0] * hat(qd.tail<3>()));
    QVERIFY((dR - quatToRotation(q) * hat(w)).norm() <= 32 * kEps);
  }

  // spectral, not Frobenius: I - R^T R = diag(0, 0, 1 - (1 + d)^2) has spectral norm
  // |1 - (1 + d)^2| whatever the basis it is written in
  void orthogonalityErrorIsSpectral() {
    const double d = 1e-3;
    const Matrix3d Q = angleAxis(0.7, Vector3d(1, 2, 3).normalized());
    const Matrix3d R = Q * Eigen::Vector3d(1.0, 1.0, 1.0 + d).asDiagonal() * Q.transpose();
    QVERIFY(std::fabs(orthogonalityError(R) - std::fabs(1.0 - (1 + d) * (1 + d))) <= 1e-15);
    const Matrix3d R2 = Eigen::Vector3d(1.0 + d, 1.0 + d, 1.0).asDiagonal();
    // Frobenius would be sqrt(2) times larger
    QVERIFY(std::fabs(orthogonalityError(R2) - std::fabs(1.0 - (1 + d) * (1 + d))) <= 1e-15);
  }
  // The closed forms against Eigen's iterative solver (QR sweeps), on random symmetric
  // matrices, nearly double and nearly triple eigenvalues, I - R^T R of nearly orthogonal R, and
  // entries near the ends of the exponent range. Both are backward stable: each returns the
  // largest |eigenvalue| of a matrix within c eps ||A|| of A, c about 5 for each (a chain of
  // about ten dependent roundings), so by Weyl's inequality they differ by at most about
  // 10 eps ||A|| = 10 eps times the result; 16 eps leaves room for the constants.
  void spectralNormMatchesEigensolver() {
    std::mt19937 gen(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const auto eigen = [](const auto& A) {
      using Mat = std::decay_t<decltype(A)>;
      Eigen::SelfAdjointEigenSolver<Mat> es(A, Eigen::EigenvaluesOnly);
      return es.eigenvalues().cwiseAbs().maxCoeff();
    };
    double worst2 = 0.0, worst3 = 0.0;
    for (int i = 0; i < 30000; ++i) {
      const Matrix3d Q = angleAxis(kPi * u(gen), randomUnit(gen));
      const double l = u(gen), e = std::pow(10.0, -16.0 * std::fabs(u(gen)));
      Matrix3d A;
      switch (i % 5) {
        case 0:
          A = Matrix3d::Random();
          A = (A + A.transpose()).eval();
          break;
        case 1:  // a nearly double pair, the largest or not
          A = Q *
              Vector3d(l, l * (1 + e * u(gen)), (i % 10 < 5 ? 1e-3 : 1.0) * u(gen)).asDiagonal() *
              Q.transpose();
          break;
        case 2:  // nearly triple
          A = Q * Vector3d(l, l * (1 + 1e-12 * u(gen)), l * (1 + 1e-15 * u(gen))).asDiagonal() *
              Q.transpose();
          break;
        case 3: {  // what samples ask: R nearly orthogonal
          const double noise = std::pow(10.0, -16.0 + 8.0 * std::fabs(u(gen)));
          const Matrix3d R = Q + noise * Matrix3d::Random();
          A = Matrix3d::Identity() - R.transpose() * R;
          break;
        }
        default:
          A = Matrix3d::Random();
          A = (A + A.transpose()).eval() * (i % 10 < 5 ? 1e-200 : 1e200);
      }
      const double x = eigen(A), y = symmetricSpectralNorm(A);
      worst3 = std::max(worst3, std::fabs(x - y) / x);
      Eigen::Matrix2d B = Eigen::Matrix2d::Random();
      B(1, 0) *= i % 3 == 0 ? e : 1.0;
      B(0, 1) = B(1, 0);
      if (i % 7 == 0) B *= 1e-300;
      const double x2 = eigen(B), y2 = symmetricSpectralNorm(B(0, 0), B(1, 0), B(1, 1));
      worst2 = std::max(worst2, std::fabs(x2 - y2) / x2);
    }
    qInfo("largest relative difference from Eigen's solver: 2x2 %.2f eps, 3x3 %.2f eps",
          worst2 / kEps, worst3 / kEps);
    QVERIFY(worst2 <= 16 * kEps);
    QVERIFY(worst3 <= 16 * kEps);
    QCOMPARE(symmetricSpectralNorm(Matrix3d::Zero()), 0.0);
    QCOMPARE(symmetricSpectralNorm(0.0, 0.0, 0.0), 0.0);
    QCOMPARE(symmetricSpectralNorm(Matrix3d(-2.5 * Matrix3d::Identity())), 2.5);
    QVERIFY(std::isnan(orthogonalityError(Matrix3d::Constant(std::nan("")))));
    QVERIFY(std::isnan(orthogonalityError(Eigen::Matrix2d::Constant(std::nan("")))));
  }
};

DMS_TEST_APPLESS_MAIN(TestLie)
}  // namespace tst_lie
#include "tst_lie.moc"
