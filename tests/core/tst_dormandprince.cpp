// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The generic Dormand-Prince 5(4): accuracy against an exact solution, tolerance scaling,
// dense output, counters, and ode45's figure in the article.
#include <QtTest>
#include <cmath>

#include "core/fit.h"
#include "core/integrators/dormandprince.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "tests/common/suitemain.h"

namespace tst_dormandprince {

using namespace dms;

// y'' = -y as (y, y'), exact solution (cos t, -sin t) from (1, 0)
void oscillator(double, const VectorXd& y, VectorXd& dy) {
  dy[0] = y[1];
  dy[1] = -y[0];
}

double globalError(RkController c, double rtol, double tf) {
  DormandPrince dp;
  DormandPrince::Options o;
  o.rtol = rtol;
  o.atol = rtol * 1e-3;
  o.controller = c;
  dp.init(oscillator, 0.0, Eigen::Vector2d(1, 0), tf, o);
  while (!dp.done()) {
    if (!dp.step()) return NAN;
  }
  return std::hypot(dp.y()[0] - std::cos(tf), dp.y()[1] + std::sin(tf));
}

class TestDormandPrince : public QObject {
  Q_OBJECT
 private slots:
  void errorScalesWithTolerance_data() {
    QTest::addColumn<int>("controller");
    QTest::newRow("ode45") << int(RkController::Ode45);
    QTest::newRow("scipy") << int(RkController::Scipy);
  }
  // A 5th-order method with local extrapolation and an error-per-step controller: the global
  // error is proportional to the tolerance (Hairer, Norsett, Wanner I.II.4: "tolerance
  // proportionality"). Over 4 decades of RelTol the log-log slope must be near 1 (0.7 .. 1.3:
  // the controller's safety factors make it ragged, but a slope of 0 or 5 would be a bug).
  void errorScalesWithTolerance() {
    QFETCH(int, controller);
    const auto c = static_cast<RkController>(controller);
    std::vector<double> lx, ly;
    for (double rtol : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) {
      const double e = globalError(c, rtol, 20.0);
      QVERIFY(std::isfinite(e));
      lx.push_back(std::log10(rtol));
      ly.push_back(std::log10(e));
    }
    const double slope = leastSquaresSlope(lx, ly);
    QVERIFY2(slope > 0.7 && slope < 1.3, qPrintable(QString("slope %1").arg(slope)));
    // and the error at the tightest tolerance is small in absolute terms
    QVERIFY(globalError(c, 1e-8, 20.0) < 1e-6);
  }

  void denseOutputIsFourthOrderAndExactAtStepEnd_data() { errorScalesWithTolerance_data(); }
  // The interpolant reproduces the step's end exactly (s = 1 gives the 5th-order weights) and,
  // inside a step of size H, is accurate to O(H^5) locally: halving H divides its error by
  // about 2^5 = 32; we require more than 16.
  void denseOutputIsFourthOrderAndExactAtStepEnd() {
    QFETCH(int, controller);
    const auto c = static_cast<RkController>(controller);
    double prevErr = 0.0;
    for (double H : {0.2, 0.1}) {
      DormandPrince dp;
      DormandPrince::Options o;
      o.controller = c;
      o.rtol = 0.5;  // accept the first step as it is
      o.atol = 1.0;
      o.hmax = H;
      o.firstOutputSpacing = H;
      dp.init(oscillator, 0.0, Eigen::Vector2d(1, 0), 10.0, o);
      QVERIFY(dp.step());
      const double h = dp.t() - dp.tPrev();
      VectorXd y(2);
      dp.interpolate(dp.t(), y);
      QCOMPARE(y[0], dp.y()[0]);
      // s = 1 through the polynomial itself (just below the end)
      const double tEnd = std::nextafter(dp.t(), 0.0);
      dp.interpolate(tEnd, y);
      QVERIFY(std::fabs(y[0] - dp.y()[0]) < 1e-14);
      dp.interpolate(dp.tPrev() + 0.5 * h, y);
      const double err = std::fabs(y[0] - std::cos(0.5 * h));
      if (prevErr > 0) QVERIFY2(prevErr / err > 16, qPrintable(QString::number(prevErr / err)));
      prevErr = err;
    }
  }

  // ode45 counts 1 evaluation for f(t0, y0) and 6 per attempted step (first same as last)
  void countersAddUp() {
    DormandPrince dp;
    DormandPrince::Options o;
    dp.init(oscillator, 0.0, Eigen::Vector2d(1, 0), 50.0, o);
    while (!dp.done()) QVERIFY(dp.step());
    QCOMPARE(dp.t(), 50.0);
    QVERIFY(dp.accepted() > 10);
    QCOMPARE(dp.fevals(), 1 + 6 * (dp.accepted() + dp.rejected()));
  }

  // A right-hand side that blows up reports a step-size failure, never a NaN state.
  void failsCleanlyOnSingularity() {
    DormandPrince dp;
    DormandPrince::Options o;
    // y' = y^2 from y(0) = 1 blows up at t = 1
    dp.init([](double, const VectorXd& y, VectorXd& dy) { dy[0] = y[0] * y[0]; }, 0.0,
            VectorXd::Ones(1), 2.0, o);
    bool ok = true;
    int guard = 0;
    while (ok && !dp.done() && ++guard < 100000) ok = dp.step();
    QVERIFY(!ok);
    QVERIFY(dp.error().find("t = ") != std::string::npos);
    QVERIFY(dp.t() < 1.0);
    QVERIFY(dp.y().allFinite());
  }

  // The article's RK45 unit-length error of example 3, 1.0164e-2 (printed to 5 digits), comes
  // from MATLAB's ode45 at its defaults sampled at 0:h:T; our re-implementation of that
  // algorithm must give the same 5 digits: |ours - 1.0164e-2| <= 0.5e-6.
  void reproducesArticleOde45Figure() {
    const SystemModel* m = findSystem("spherical-pendulum");
    QVERIFY(m);
    std::unique_ptr<Run> run =
        m->makeRun(m->normalize({}, nullptr), Method::Rk45, m->defaultSettings());
    RunSummary sum;
    std::vector<Sample> chunk;
    while (run->advance(chunk, 1000)) {
    }
    for (const Sample& s : chunk) sum.add(s);
    QVERIFY(!run->failure().failed);
    QCOMPARE(sum.samples, std::int64_t(4001));
    QVERIFY2(std::fabs(sum.structureMean - 1.0164e-2) <= 0.5e-6,
             qPrintable(QString::number(sum.structureMean, 'e', 6)));
  }
};

DMS_TEST_APPLESS_MAIN(TestDormandPrince)
}  // namespace tst_dormandprince
#include "tst_dormandprince.moc"
