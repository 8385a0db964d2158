// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// DOP853: its tableau's order conditions, its order 8 on a Kepler orbit, the order 7 of its
// dense output, tolerance proportionality of the controlled steps, and its counters.
#include <QtTest>
#include <cmath>
#include <numeric>

#include "core/fit.h"
#include "core/integrators/dop853.h"
#include "tests/common/suitemain.h"

namespace tst_dop853 {

using namespace dms;
using namespace dms::dop853;

// The Kepler problem with mu = 1, y = (x, y, vx, vy), from periapsis of an orbit of
// eccentricity e and semi-major axis 1: its period is 2 pi, after which the state returns.
void kepler(double, const VectorXd& y, VectorXd& dy) {
  const double r3 = std::pow(y[0] * y[0] + y[1] * y[1], 1.5);
  dy[0] = y[2];
  dy[1] = y[3];
  dy[2] = -y[0] / r3;
  dy[3] = -y[1] / r3;
}

VectorXd keplerStart(double e) {
  VectorXd y(4);
  y << 1 - e, 0, 0, std::sqrt((1 + e) / (1 - e));
  return y;
}

// The error after one period, or NaN when the run failed.
double periodError(const Dop853::Options& o, double e, std::int64_t* steps = nullptr) {
  Dop853 dp;
  const VectorXd y0 = keplerStart(e);
  dp.init(kepler, 0.0, y0, 2 * M_PI, o);
  while (!dp.done())
    if (!dp.step()) return NAN;
  if (steps) *steps = dp.accepted();
  return (dp.y() - y0).norm();
}

// sum_i w_i c_i^k over the 16 stages
double moment(const double* w, int n, int k) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) s += w[i] * std::pow(kC[i], k);
  return s;
}

// The weight b_j(s) of stage j in the dense output at y(t + s h) = y + h sum_j b_j(s) k_j,
// expanded from its nested form (dop853.h) with y1 - y = h sum_j b_j k_j.
double denseWeight(int j, double s) {
  const double b = j < kStages ? kB[j] : 0.0;
  const double d0 = j == 0 ? 1.0 : 0.0, d12 = j == 12 ? 1.0 : 0.0;
  const double s1 = 1.0 - s;
  const double inner = kD[0][j] + s * (kD[1][j] + s1 * (kD[2][j] + s * kD[3][j]));
  return s * b + s * s1 * (d0 - b) + s * s * s1 * (2 * b - d12 - d0) + s * s * s1 * s1 * inner;
}

class TestDop853 : public QObject {
  Q_OBJECT
 private slots:
  // Conditions a transcription error of any coefficient breaks. Each sum has at most 16 terms of
  // at most 5e2 in magnitude, so its round-off is below 16 * 5e2 * 2^-53 < 1e-12; we allow 1e-11.
  void tableauOrderConditions() {
    const double tol = 1e-11;
    // every stage's row sum is its node (stage i approximates y at t + c_i h)
    for (int i = 1; i < kExtended; ++i) {
      const double row = std::accumulate(kA[i], kA[i] + i, 0.0);
      QVERIFY2(std::fabs(row - kC[i]) < tol, qPrintable(QString("row %1").arg(i)));
    }
    // the order-8 weights integrate c^k exactly for k <= 7 (the bushy trees)
    for (int k = 0; k <= 7; ++k)
      QVERIFY2(std::fabs(moment(kB, kStages, k) - 1.0 / (k + 1)) < tol,
               qPrintable(QString("b c^%1").arg(k)));
    // and sum_i b_i sum_j a_ij c_j^k = 1 / ((k + 1)(k + 2)) for k <= 6 (the trees [[t^k]])
    for (int k = 0; k <= 6; ++k) {
      double s = 0.0;
      for (int i = 0; i < kStages; ++i)
        for (int j = 0; j < i; ++j) s += kB[i] * kA[i][j] * std::pow(kC[j], k);
      QVERIFY2(std::fabs(s - 1.0 / ((k + 1) * (k + 2))) < tol,
               qPrintable(QString("b A c^%1").arg(k)));
    }
    // b minus the order-5 weights integrates c^k to 0 for k <= 4
    for (int k = 0; k <= 4; ++k)
      QVERIFY2(std::fabs(moment(kE5, kStages, k)) < tol, qPrintable(QString("E5 c^%1").arg(k)));
    // the order-3 weights (at stages 0, 8, 11) integrate c^k exactly for k <= 2
    const int at[3] = {0, 8, 11};
    for (int k = 0; k <= 2; ++k) {
      double s = 0.0;
      for (int m = 0; m < 3; ++m) s += kBhh[m] * std::pow(kC[at[m]], k);
      QVERIFY2(std::fabs(s - 1.0 / (k + 1)) < tol, qPrintable(QString("bhat3 c^%1").arg(k)));
    }
  }

  // The dense output has order 7: at every s its weights integrate c^k exactly for k <= 6,
  // sum_j b_j(s) c_j^k = s^(k+1) / (k+1), over the 16 stages. Same round-off bound as above.
  void denseOutputOrderConditions() {
    for (double s : {0.1, 0.3, 0.5, 0.7, 0.9}) {
      for (int k = 0; k <= 6; ++k) {
        double sum = 0.0;
        for (int j = 0; j < kExtended; ++j) sum += denseWeight(j, s) * std::pow(kC[j], k);
        QVERIFY2(std::fabs(sum - std::pow(s, k + 1) / (k + 1)) < 1e-11,
                 qPrintable(QString("s %1, c^%2: %3").arg(s).arg(k).arg(sum)));
      }
    }
  }

  // Fixed steps on the circular orbit (the vector field is as nonlinear as on any other; the
  // eccentric ones need far more steps to reach the asymptotic regime at their periapsis): the
  // global error is C h^8. From 16 to 48 steps per period the errors run from 2e-8 to 4e-12,
  // far above round-off (1e-14 over 48 steps); the fitted order must be 8 +- 0.3.
  void fixedStepsConvergeAtOrderEight() {
    std::vector<double> lh, le;
    for (int n : {16, 24, 32, 48}) {
      Dop853::Options o;
      o.fixedStep = 2 * M_PI / n;
      const double e = periodError(o, 0.0);
      QVERIFY(std::isfinite(e));
      lh.push_back(std::log(o.fixedStep));
      le.push_back(std::log(e));
    }
    const double order = leastSquaresSlope(lh, le);
    QVERIFY2(std::fabs(order - 8.0) < 0.3, qPrintable(QString("order %1").arg(order)));
  }

  // One step of size H from periapsis: the dense output at the step's middle has a local error
  // O(H^8) (an order-7 interpolant), so halving H divides it by about 2^8; we require 2^7. The
  // reference is the same orbit integrated to H/2 with 64 tiny fixed steps (error ~1e-30 H^9).
  // At the step's ends it gives the step's own states.
  void denseOutputIsOrderSeven() {
    double prev = 0.0;
    for (double H : {0.4, 0.2, 0.1}) {
      Dop853 dp;
      Dop853::Options o;
      o.fixedStep = H;
      dp.init(kepler, 0.0, keplerStart(0.5), H, o);
      QVERIFY(dp.step());
      VectorXd mid(4), end(4), start(4);
      dp.interpolate(H / 2, mid);
      dp.interpolate(H, end);
      dp.interpolate(0.0, start);
      QCOMPARE(end, dp.y());
      QVERIFY((start - keplerStart(0.5)).norm() < 1e-15);
      Dop853 ref;
      Dop853::Options r;
      r.fixedStep = H / 128;
      ref.init(kepler, 0.0, keplerStart(0.5), H / 2, r);
      while (!ref.done()) QVERIFY(ref.step());
      const double err = (mid - ref.y()).norm();
      if (prev > 0)
        QVERIFY2(prev / err > 128, qPrintable(QString("H %1: ratio %2").arg(H).arg(prev / err)));
      prev = err;
    }
  }

  // Controlled steps keep the global error proportional to the tolerance (DOP853's controller
  // with an error per step): over 6 decades of rtol, on an orbit of eccentricity 0.9 (its
  // periapsis passage needs steps 40 times shorter than its apoapsis), the log-log slope is near
  // 1 (0.7 .. 1.3; a slope of 0 or 1/8 would be a bug).
  void errorScalesWithTolerance() {
    std::vector<double> lx, ly;
    for (double rtol : {1e-5, 1e-7, 1e-9, 1e-11}) {
      Dop853::Options o;
      o.rtol = rtol;
      o.atol = rtol;
      const double e = periodError(o, 0.9);
      QVERIFY(std::isfinite(e));
      lx.push_back(std::log10(rtol));
      ly.push_back(std::log10(e));
    }
    const double slope = leastSquaresSlope(lx, ly);
    QVERIFY2(slope > 0.7 && slope < 1.3, qPrintable(QString("slope %1").arg(slope)));
  }

  // A step costs 12 evaluations plus f at the new point (the next step's first), the dense
  // output 3 more, once per step however often it is read.
  void countsEvaluations() {
    Dop853 dp;
    Dop853::Options o;
    o.fixedStep = 2 * M_PI / 10;
    dp.init(kepler, 0.0, keplerStart(0.1), 2 * M_PI, o);
    QCOMPARE(dp.fevals(), std::int64_t(1));
    QVERIFY(dp.step());
    QCOMPARE(dp.fevals(), std::int64_t(1 + 12));
    VectorXd y(4);
    dp.interpolate(0.1, y);
    dp.interpolate(0.2, y);
    QCOMPARE(dp.fevals(), std::int64_t(1 + 12 + 3));
    while (!dp.done()) QVERIFY(dp.step());
    QCOMPARE(dp.accepted(), std::int64_t(10));
  }

  // A right-hand side that blows up: the run stops with a reason naming t, its state finite. The
  // relative error control lets a step land past the singularity at t = 1 where y ~ 1/rtol, by
  // less than the time 1/y left to it then: t stays below 1 + 1e-5.
  void failsCleanlyOnBlowUp() {
    Dop853 dp;
    Dop853::Options o;
    auto blowUp = [](double, const VectorXd& y, VectorXd& dy) { dy[0] = y[0] * y[0]; };
    dp.init(blowUp, 0.0, VectorXd::Ones(1), 2.0, o);  // y = 1 / (1 - t): infinite at t = 1
    bool ok = true;
    int guard = 0;
    while (ok && !dp.done() && ++guard < 100000) ok = dp.step();
    QVERIFY(!ok);
    QVERIFY(dp.error().find("t = ") != std::string::npos);
    QVERIFY(dp.t() < 1.0 + 1e-5);
    QVERIFY(dp.y().allFinite());
  }
};

DMS_TEST_APPLESS_MAIN(TestDop853)
}  // namespace tst_dop853
#include "tst_dop853.moc"
