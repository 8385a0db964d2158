// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The variational integrators of examples 1-3: order, invariants, symplecticity, energy
// against RK45 at the article's settings.
#include <QtTest>
#include <cmath>
#include <limits>
#include <optional>

#include "core/fit.h"
#include "core/integrators/dormandprince.h"
#include "core/integrators/rkrun.h"
#include "core/lie/orthogonality.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_variational {

using namespace dms;

std::vector<Sample> runAll(const std::string& system, Method m, IntegratorSettings st,
                           const ParamValues& values = {}) {
  const SystemModel* model = findSystem(system);
  std::unique_ptr<Run> run = model->makeRun(model->normalize(values, nullptr), m, st);
  std::vector<Sample> out;
  while (run->advance(out, 1 << 16)) {
  }
  if (run->failure().failed) qWarning("%s", run->failure().reason.c_str());
  return out;
}

class TestVariational : public QObject {
  Q_OBJECT
 private slots:
  void observedOrderIsTwo_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }
  // The discrete action sums are second-order approximations of the action, so the maps are
  // second order: the least-squares slope of log(global error) over log(h) across 5 halvings
  // of h must be 2 (within 0.1; the asymptotic regime is reached from h = 0.04 slow time scales
  // on here). The error is the configuration's (the displayed point and the attitude) against a
  // tight RK45.
  void observedOrderIsTwo() {
    QFETCH(QString, system);
    const std::string sys = system.toStdString();
    // the system's slow time scale (SystemDeclaration): T two of it, the steps from a 25th of it
    // (the pendulums' sqrt(l/g) = 1 s; the dumbbell's 8 s, a quarter of its orbit; the two-body
    // problem's 12500 s, a fifth of KW4's orbit, its primary turning 0.31 rad in the largest step)
    const std::optional<double> scale = findSystem(sys)->declaration().slowTimeScale;
    QVERIFY2(scale, "the system declares no slow time scale");
    const double tscale = *scale;
    const double T = 2.0 * tscale;
    const std::vector<Sample> ref = [&] {
      IntegratorSettings st;
      st.h = st.T = T;
      st.rtol = 1e-12;
      st.atol = 1e-14;
      return runAll(sys, Method::Rk45, st);
    }();
    std::vector<double> lh, le;
    for (double h = 0.04 * tscale; h > 0.04 * tscale / 33; h /= 2) {
      IntegratorSettings st;
      st.h = h;
      st.T = T;
      const std::vector<Sample> s = runAll(sys, Method::Variational, st);
      QCOMPARE(s.back().t, T);
      const double err = (s.back().position - ref.back().position).norm() +
                         (s.back().attitude - ref.back().attitude).norm();
      lh.push_back(std::log(h));
      le.push_back(std::log(err));
    }
    const double p = leastSquaresSlope(lh, le);
    QVERIFY2(std::fabs(p - 2.0) < 0.1, qPrintable(QString("observed order %1").arg(p)));
  }

  // (35)-(36) keep |q| = 1 and q.omega = 0 exactly in exact arithmetic; in floating point the
  // error is a random walk of rounding errors, ~sqrt(N) eps ~ 300 * 1.1e-16 after 1e5 steps.
  // We allow 1e-12 (30x that walk), far below the RK45's 1e-2.
  void sphereInvariantsToRoundOff() {
    SphericalPendulumParams p;
    SphericalPendulumState x{p.q0, p.omega0};
    double maxUnit = 0, maxTangent = 0;
    const double wz0 = x.omega.z();
    for (int k = 0; k < 100000; ++k) {
      std::string why;
      QVERIFY(sphericalPendulumStep(p, 0.05, x, &why));
      maxUnit = std::max(maxUnit, std::fabs(1 - x.q.squaredNorm()));
      maxTangent = std::max(maxTangent, std::fabs(x.q.dot(x.omega)));
    }
    QVERIFY2(maxUnit < 1e-12, qPrintable(QString::number(maxUnit)));
    QVERIFY2(maxTangent < 1e-12, qPrintable(QString::number(maxTangent)));
    // omega.e3 is conserved exactly by (36): each increment is orthogonal to e3
    QCOMPARE(x.omega.z(), wz0);
  }

  // R_{k+1} = R_k F_k with F_k in SO(2): R^T R = I to round-off (same random-walk bound).
  void so2StaysOrthogonal() {
    PlanarPendulumParams p;
    PlanarPendulumState x{rotation2(p.theta0), 0.3};
    double maxErr = 0;
    for (int k = 0; k < 100000; ++k) {
      std::string why;
      QVERIFY(planarPendulumStep(p, 0.03, x, &why));
      maxErr = std::max(maxErr, orthogonalityError(x.R));
    }
    QVERIFY2(maxErr < 1e-12, qPrintable(QString::number(maxErr)));
  }

  void sampleVelocityIsThePositionsRate() {
    // Sample::velocity (the views' trails rely on it) against a central difference of the
    // positions of one variational run, every system. Both approximate the continuous velocity
    // to O(h^2) (the maps are second order), so at h = 1e-3 they agree to ~1e-6 of the speed
    // scale; a wrong sign or a missing factor l would be off by the speed itself.
    for (const SystemModel* model : allSystems()) {
      IntegratorSettings st = model->defaultSettings();
      st.h = 1e-3;
      st.T = 2.0;
      const std::vector<Sample> s = runAll(model->name(), Method::Variational, st);
      QVERIFY(s.size() > 1000);
      double vmax = 0.0, err = 0.0;
      for (std::size_t k = 1; k + 1 < s.size(); ++k) {
        const Vector3d fd = (s[k + 1].position - s[k - 1].position) / (2 * st.h);
        err = std::max(err, (fd - s[k].velocity).norm());
        vmax = std::max(vmax, s[k].velocity.norm());
      }
      QVERIFY2(vmax > 0.1, model->name().c_str());
      QVERIFY2(err <= 1e-4 * vmax, qPrintable(QString("%1: |fd - v| = %2, max |v| = %3")
                                                  .arg(QString::fromStdString(model->name()))
                                                  .arg(err)
                                                  .arg(vmax)));
    }
  }

  // The mass-spring map is linear; its Jacobian (by differences, exact for a linear map up to
  // round-off ~1e-15) has determinant 1: the map is symplectic. A non-symplectic map such as
  // explicit Euler would give 1 + h^2 kappa/m = 1.0009 at h = 0.03.
  void massSpringIsSymplectic() {
    MassSpringParams p;
    p.m = 2.0;
    p.kappa = 3.0;
    const double h = 0.03;
    auto map = [&](double q, double v) {
      MassSpringState x{q, v};
      massSpringStep(p, h, x);
      return Eigen::Vector2d(x.q, x.v);
    };
    const Eigen::Vector2d base = map(0.7, -0.2);
    Eigen::Matrix2d Jac;
    Jac.col(0) = map(1.7, -0.2) - base;
    Jac.col(1) = map(0.7, 0.8) - base;
    QVERIFY2(std::fabs(Jac.determinant() - 1.0) < 1e-13,
             qPrintable(QString::number(Jac.determinant() - 1.0, 'e', 3)));
    // and the midpoint map conserves the quadratic energy exactly (round-off)
    MassSpringState x{0.7, -0.2};
    const double e0 = massSpringEnergy(p, x);
    for (int k = 0; k < 10000; ++k) massSpringStep(p, h, x);
    QVERIFY(std::fabs(massSpringEnergy(p, x) - e0) < 1e-12 * e0);
  }

  void energyBeatsRk45_data() { observedOrderIsTwo_data(); }
  // At the article's settings (its h and T, RK45 = ode45 at RelTol 1e-3, AbsTol 1e-6), the
  // variational mean energy deviation is below RK45's, and it does not drift: the largest
  // deviation over the last quarter of the run is no more than 1.5x that over the first
  // quarter, plus a round-off floor N eps max(1, |E0|) (rounding errors accumulate at most
  // linearly in the number of steps N; this is all the mass-spring map has, since it conserves
  // its quadratic energy exactly). RK45 dissipates, so its
  // last-quarter deviation exceeds its first-quarter one. The article reports
  // 2.7327e-13 / 1.0835e-2 / 1.5460e-4 (E/ml^2) for the variational runs and "notable
  // dissipation" for RK45; we get 8.5e-13 / 1.0835e-2 / 1.5452e-4 and 1.8e-2 / 7.19 / 5.0e-3.
  void energyBeatsRk45() {
    QFETCH(QString, system);
    const std::string sys = system.toStdString();
    const IntegratorSettings st = findSystem(sys)->defaultSettings();
    const std::vector<Sample> vi = runAll(sys, Method::Variational, st);
    const std::vector<Sample> rk = runAll(sys, Method::Rk45, st);
    QCOMPARE(vi.size(), std::size_t(st.steps() + 1));
    QCOMPARE(rk.size(), vi.size());
    RunSummary svi, srk;
    for (const Sample& s : vi) svi.add(s);
    for (const Sample& s : rk) srk.add(s);
    QVERIFY2(svi.energyMeanDev < srk.energyMeanDev,
             qPrintable(QString("vi %1 rk %2").arg(svi.energyMeanDev).arg(srk.energyMeanDev)));
    auto quarterMax = [](const std::vector<Sample>& s, int q) {
      const std::size_t n = s.size() / 4;
      double m = 0;
      for (std::size_t i = q * n; i < (q + 1) * n; ++i)
        m = std::max(m, std::fabs(s[i].energy - s[0].energy));
      return m;
    };
    const double floor = double(st.steps()) * std::numeric_limits<double>::epsilon() *
                         std::max(1.0, std::fabs(vi[0].energy));
    QVERIFY2(quarterMax(vi, 3) <= 1.5 * quarterMax(vi, 0) + floor,
             qPrintable(QString("%1 vs %2").arg(quarterMax(vi, 3)).arg(quarterMax(vi, 0))));
    QVERIFY(quarterMax(rk, 3) > quarterMax(rk, 0));
  }

  // Example 2: the map is deterministic and the article printed its mean energy variation
  // 1.0835e-2 (physical units, g = 9.81) to 5 digits: we must match them.
  void planarReproducesArticle() {
    const IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
    RunSummary s;
    for (const Sample& x : runAll("planar-pendulum", Method::Variational, st)) s.add(x);
    QVERIFY2(std::fabs(s.energyMeanDev - 1.0835e-2) <= 0.5e-6,
             qPrintable(QString::number(s.energyMeanDev, 'e', 6)));
  }

  // A step too large for (25) or (35) to have a solution is an integration error with the
  // time of the last good sample, never a NaN sample.
  void tooLargeStepFailsCleanly_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<double>("h");
    QTest::newRow("planar") << "planar-pendulum" << 2.0;
    QTest::newRow("spherical") << "spherical-pendulum" << 3.0;
  }
  void tooLargeStepFailsCleanly() {
    QFETCH(QString, system);
    QFETCH(double, h);
    const SystemModel* m = findSystem(system.toStdString());
    IntegratorSettings st = m->defaultSettings();
    st.h = h;
    std::unique_ptr<Run> run = m->makeRun(m->normalize({}, nullptr), Method::Variational, st);
    std::vector<Sample> out;
    while (run->advance(out, 100)) {
    }
    QVERIFY(run->failure().failed);
    QVERIFY(!out.empty());
    QCOMPARE(run->failure().time, out.back().t);
    QVERIFY(run->failure().reason.find("reduce h") != std::string::npos);
    for (const Sample& s : out) QVERIFY(sampleIsFinite(s));
  }

  // Every field counts, an infinity or a NaN in any one of them is caught, and large finite
  // values are not (no false alarm from a sum that overflows).
  void sampleFinitenessCheck() {
    Sample s;
    s.state.resize(18);
    s.state.setConstant(1e308);
    s.t = s.energy = s.structure = s.structure2 = 1e308;
    s.momentum.setConstant(-1e308);
    s.position.setConstant(1e308);
    s.velocity.setConstant(-1e308);
    s.attitude.setConstant(1e308);
    QVERIFY(sampleIsFinite(s));
    const double bad[2] = {std::numeric_limits<double>::infinity(), std::nan("")};
    const int fields = 4 + 3 * 3 + 9 + 18;
    for (double b : bad)
      for (int f = 0; f < fields; ++f) {
        Sample c = s;
        double* scalars[4] = {&c.t, &c.energy, &c.structure, &c.structure2};
        if (f < 4)
          *scalars[f] = b;
        else if (f < 7)
          c.momentum[f - 4] = b;
        else if (f < 10)
          c.position[f - 7] = b;
        else if (f < 13)
          c.velocity[f - 10] = b;
        else if (f < 22)
          c.attitude((f - 13) % 3, (f - 13) / 3) = b;
        else
          c.state[f - 22] = b;
        QVERIFY2(!sampleIsFinite(c), qPrintable(QString("field %1").arg(f)));
      }
  }

  // q0 is normalized and a non-tangent omega0 projected, each with a warning.
  void sphericalNormalizesInput() {
    const SystemModel* m = findSystem("spherical-pendulum");
    std::vector<std::string> warnings;
    const ParamValues v = m->normalize({{"q0", {0, 0, 2}}, {"omega0", {0.1, 0.2, 0.3}}}, &warnings);
    QCOMPARE(v.at("q0"), (std::vector<double>{0, 0, 1}));
    QCOMPARE(v.at("omega0"), (std::vector<double>{0.1, 0.2, 0}));
    QCOMPARE(warnings.size(), std::size_t(2));
    QVERIFY_THROWS_EXCEPTION(InputError, m->normalize({{"q0", {0, 0, 0}}}, nullptr));
  }
};

DMS_TEST_APPLESS_MAIN(TestVariational)
}  // namespace tst_variational
#include "tst_variational.moc"
