// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The gammas of vi's symmetric compositions (core/integrators/composition.h) meet their order
// conditions: the triple jump (vi4) order 4, Yoshida's 7 stages (vi6) order 6, the 15 stages of
// Suzuki and Umeno (vi8) order 8.
#include <QtTest>
#include <cmath>
#include <limits>
#include <unsupported/Eigen/MatrixFunctions>
#include <vector>

#include "core/integrators/composition.h"
#include "tests/common/suitemain.h"

namespace tst_composition {

using namespace dms;

// long double: its rounding (1e-19) is far below the smallest local error measured (1e-15)
using Wide = long double;
using Mat = Eigen::Matrix<Wide, 4, 4>;

// two fixed matrices with entries spread over [-1, 1] and no structure: their commutators are
// generic, so every order condition of the free Lie algebra shows in the local error
Mat matrixA() {
  Mat a;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) a(i, j) = std::sin(Wide(1 + 3 * i + 7 * j));
  return a;
}
Mat matrixB() {
  Mat b;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) b(i, j) = std::cos(Wide(2 + 5 * i * i + 11 * j));
  return b;
}

// Strang splitting e^{hA/2} e^{hB} e^{hA/2}: a symmetric step of order 2 for y' = (A + B) y
Mat strang(const Mat& A, const Mat& B, Wide h) {
  const Mat half = (A * (h / 2)).exp();
  return half * (B * h).exp() * half;
}

// the local error of the composition at h: the norm of its one step against e^{h(A+B)}
Wide localError(const std::vector<double>& gammas, Wide h) {
  const Mat A = matrixA(), B = matrixB();
  Mat step = Mat::Identity();
  for (double g : gammas) step = strang(A, B, Wide(g) * h) * step;
  return (step - ((A + B) * h).exp()).norm();
}

class TestComposition : public QObject {
  Q_OBJECT
 private slots:
  void order_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<int>("order");
    QTest::newRow("vi4") << int(Method::Vi4) << TripleJumpCoefficients::kOrder;
    QTest::newRow("vi6") << int(Method::Vi6) << Yoshida6Coefficients::kOrder;
    QTest::newRow("vi8") << int(Method::Vi8) << SuzukiUmeno8Coefficients::kOrder;
  }
  // A composition of order p has a local error C h^(p+1) (1 + O(h^2), it is symmetric): the
  // slope of log(error) between h and h/2 at h = 0.2 and 0.1 is p + 1 within 0.3 (measured:
  // 5.07, 5.03; 7.16, 7.08; 9.08, 8.97). An unmet condition at a lower order q shows as a slope
  // q + 1 at most: a gamma off by d of itself breaks sum gamma = 1 and adds d gamma h (A + B) to
  // the error (vi8's second gamma off by 1e-10: slope 1.19 at h = 0.1). The smallest error, vi8's
  // at h = 0.05 (6e-17), is 500 long double eps; the rounding of the 15 stages' exponentials and
  // products is a few tens of eps (the matrices' norms are of order 1), which moves a slope by less
  // than log2(1.1) = 0.14.
  void order() {
    QFETCH(int, method);
    QFETCH(int, order);
    const std::vector<double> gammas = compositionGammas(Method(method));
    QCOMPARE(int(gammas.size()), methodInfo(Method(method)).order == 4   ? 3
                                 : methodInfo(Method(method)).order == 6 ? 7
                                                                         : 15);
    QCOMPARE(methodInfo(Method(method)).order, order);
    Wide previous = localError(gammas, 0.2L);
    for (Wide h : {0.1L, 0.05L}) {
      const Wide e = localError(gammas, h);
      const double slope = double(std::log2(previous / e));
      qInfo("%s, h = %.3g: local error %.3e, slope %.3f", methodName(Method(method)).c_str(),
            double(h), double(e), slope);
      QVERIFY2(std::fabs(slope - (order + 1)) < 0.3, qPrintable(QString::number(slope)));
      QVERIFY(e > 100 * std::numeric_limits<Wide>::epsilon());
      previous = e;
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestComposition)
}  // namespace tst_composition
#include "tst_composition.moc"
