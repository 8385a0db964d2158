// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The methods beside the article's: RK4, RK45 with projection, RKMK4, RATTLE and the triple
// jump vi4. Their orders, which keep the structure and which the energy, and vi4 as three
// calls of the vi step.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/fit.h"
#include "core/integrators/composition.h"
#include "core/integrators/fixedsteprun.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_methods {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

std::unique_ptr<Run> makeRun(const SystemModel& m, Method method, const IntegratorSettings& st) {
  return m.makeRun(m.normalize({}, nullptr), method, st);
}

Sample lastSample(const SystemModel& m, Method method, const IntegratorSettings& st,
                  RunSummary* sum = nullptr) {
  std::unique_ptr<Run> run = makeRun(m, method, st);
  std::vector<Sample> out;
  Sample last;
  bool more = true;
  while (more) {
    out.clear();
    more = run->advance(out, 1 << 14);
    for (const Sample& s : out) {
      if (sum) sum->add(s);
      last = s;
    }
  }
  if (run->failure().failed) qWarning("%s", run->failure().reason.c_str());
  return last;
}

// the configuration error against a reference at the same time: the displayed point and, for
// a rigid body, the attitude (its entries scaled by the system's size)
double configurationError(const Sample& a, const Sample& ref) {
  return (a.position - ref.position).norm() + (a.attitude - ref.attitude).norm();
}

class TestMethods : public QObject {
  Q_OBJECT
 private slots:
  void orders_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("order");
    for (const SystemModel* m : allSystems())
      for (Method me : m->methods()) {
        const double p = me == Method::Rattle                                              ? 2
                         : (me == Method::Rk4 || me == Method::Rkmk4 || me == Method::Vi4) ? 4
                                                                                           : 0;
        if (p == 0) continue;
        QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + methodName(me))))
            << QString::fromStdString(m->name()) << int(me) << p;
      }
  }
  // The global error at a fixed T against h over four halvings (three where the error at the
  // fifth h is at the reference's level): the least-squares log-log slope
  // is the order (within 0.15: the next term of the error expansion bends the line by O(h) in
  // the asymptotic range). The reference is RK45 at RelTol 1e-13, whose error (~1e-12 by
  // tolerance proportionality) is far below the smallest error fitted here (> 1e-10).
  void orders() {
    QFETCH(QString, system);
    QFETCH(int, method);
    QFETCH(double, order);
    const SystemModel& m = *findSystem(system.toStdString());
    // the system's time scales (SystemDeclaration): the steps are fractions of the shortest, the
    // same fraction of every system's motion (the pendulums' sqrt(l/g) = 1 s; the chain's 0.1 s
    // keeps vi4's largest substep, 1.35 h, well below its outer link's 1/omega for its implicit
    // step; the two-body problem's are in hours), T a few of the slow one (1.6 of them), a whole
    // number of every h
    const SystemDeclaration& d = m.declaration();
    QVERIFY2(d.timeScale && d.slowTimeScale, "the system declares no time scales");
    const double T = 1.6 * *d.slowTimeScale;
    IntegratorSettings ref = m.defaultSettings();
    ref.T = ref.h = T;
    ref.rtol = 1e-13;
    ref.atol = 1e-15;
    const Sample exact = lastSample(m, Method::Rk45, ref);
    std::vector<double> lh, le;
    const double h0 = (order == 4 ? 0.2 : 0.05) * *d.timeScale;
    for (double h = h0; h > h0 / 17; h /= 2) {
      IntegratorSettings st = m.defaultSettings();
      st.T = T;
      st.h = h;
      const Sample s = lastSample(m, Method(method), st);
      QVERIFY2(std::fabs(s.t - T) < 1e-9, qPrintable(QString("ended at t = %1").arg(s.t)));
      const double err = configurationError(s, exact);
      // four points make the slope; a fifth at the reference's level is not fitted (the slow
      // dumbbell's rkmk4: 5.9e-11 at its fifth h)
      if (err < 1e-10 && lh.size() >= 4) break;
      QVERIFY2(
          err > 1e-10,
          qPrintable(QString("error %1 at h %2 is at the reference's level").arg(err).arg(st.h)));
      lh.push_back(std::log(st.h));
      le.push_back(std::log(err));
    }
    const double p = leastSquaresSlope(lh, le);
    QVERIFY2(std::fabs(p - order) < 0.15, qPrintable(QString("observed order %1").arg(p)));
  }

  void structure_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    for (const SystemModel* m : allSystems())
      if (!m->structureName().empty())
        for (Method me : m->methods())
          QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + methodName(me))))
              << QString::fromStdString(m->name()) << int(me);
  }
  // Over the article's whole horizon: the methods that move along the manifold (the variational
  // steps, RATTLE, RKMK4 on the group, RK45 projected after every step) keep the structure
  // error at round-off: at most a random walk of one rounding per step, 4 eps sqrt(N), plus
  // 16 eps; RK4 and RK45 do not (their local errors, ~h^5 and ~RelTol, leave it above 1e-9).
  void structure() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    RunSummary sum;
    lastSample(m, Method(method), m.defaultSettings(), &sum);
    if (methodInfo(Method(method)).keepsStructure)
      QVERIFY2(sum.structureMax <= (4 * std::sqrt(double(sum.samples)) + 16) * kEps,
               qPrintable(QString::number(sum.structureMax)));
    else
      QVERIFY2(sum.structureMax > 1e-9, qPrintable(QString::number(sum.structureMax)));
  }

  void energyTrend_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    for (Method me : {Method::Variational, Method::Vi4, Method::Rk4, Method::Rk45, Method::Rk45Proj,
                      Method::Rkmk4})
      QTest::newRow(qPrintable(QString::fromStdString("planar-pendulum " + methodName(me))))
          << "planar-pendulum" << int(me);
    for (Method me : {Method::Rattle, Method::Rk45Proj})
      QTest::newRow(qPrintable(QString::fromStdString("spherical-pendulum " + methodName(me))))
          << "spherical-pendulum" << int(me);
  }
  // Over 10^6 steps (T = 10^6 h at the article's h): a symplectic method's energy error
  // oscillates within a band (backward error analysis: it is exact for a modified energy up to
  // exponentially small terms), so the running maximum stops growing: its growth exponent (the
  // log-log slope of max |E - E0| against t over the last three decades, RunSummary) is near 0;
  // a non-symplectic method's drifts, exponent near 1. The bounds 0.2 and 0.5 split the two.
  // RK45 runs at RelTol 1e-6 here: at 1e-3 it dissipates the pendulum's whole energy range
  // within the run, and a drift that has reached the bottom no longer grows.
  void energyTrend() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    IntegratorSettings st = m.defaultSettings();
    st.T = 1e6 * st.h;
    st.rtol = 1e-6;
    st.atol = 1e-9;
    RunSummary sum;
    lastSample(m, Method(method), st, &sum);
    QVERIFY(sum.energyGrowthExponent());
    const double e = *sum.energyGrowthExponent();
    qInfo("%s %s: energy growth exponent %.3f, max |E - E0| %.3e", qPrintable(system),
          methodName(Method(method)).c_str(), e, sum.energyMaxDev);
    if (methodInfo(Method(method)).symplectic)
      QVERIFY2(e < 0.2, qPrintable(QString::number(e)));
    else
      QVERIFY2(e > 0.5, qPrintable(QString::number(e)));
  }

  // vi4 calls the vi step itself three times (g1 h, g2 h, g1 h): bit for bit the same states
  // as the step called by hand, in both summation forms.
  void vi4IsThreeViSteps() {
    const SystemModel& m = *findSystem("planar-pendulum");
    for (Summation form : {Summation::Plain, Summation::Compensated}) {
      IntegratorSettings st = m.defaultSettings();
      st.T = 100 * st.h;
      st.summation = form;
      const Sample s = lastSample(m, Method::Vi4, st);
      const PlanarPendulumParams p = PlanarPendulumParams::from(m.normalize({}, nullptr));
      PlanarPendulumSums x{{rotation2(p.theta0), p.omega0}};
      PlanarPendulumState y = x.x;
      std::string why;
      for (int k = 0; k < 100; ++k)
        for (double g : {kTripleJumpG1, kTripleJumpG2, kTripleJumpG1}) {
          if (form == Summation::Plain)
            QVERIFY(planarPendulumStep(p, g * st.h, y, &why));
          else
            QVERIFY(planarPendulumStep(p, g * st.h, x, &why));
        }
      const PlanarPendulumState& mine = form == Summation::Plain ? y : x.x;
      const Sample expected = PlanarPendulum::sample(p, s.t, mine);
      QVERIFY(expected.state == s.state);
    }
  }

  // RATTLE keeps |q| = 1 and its hidden constraint q . qdot = 0 to round-off, and it is the
  // same second-order map as (35)-(36) up to O(h^2) (both are the discrete Euler-Lagrange
  // equations of a midpoint-type discrete Lagrangian on S^2): over the article's run their
  // energy errors agree to 1e-6 relative.
  void rattleConstraints() {
    const SystemModel& m = *findSystem("spherical-pendulum");
    RunSummary rattle, vi;
    lastSample(m, Method::Rattle, m.defaultSettings(), &rattle);
    lastSample(m, Method::Variational, m.defaultSettings(), &vi);
    QVERIFY2(rattle.structureMax <= 16 * kEps, qPrintable(QString::number(rattle.structureMax)));
    QVERIFY2(rattle.structure2Max <= 1e-14, qPrintable(QString::number(rattle.structure2Max)));
    QVERIFY2(std::fabs(rattle.energyMeanDev / vi.energyMeanDev - 1) < 1e-6,
             qPrintable(QString("%1 vs %2").arg(rattle.energyMeanDev).arg(vi.energyMeanDev)));
  }
};

DMS_TEST_APPLESS_MAIN(TestMethods)
}  // namespace tst_methods
#include "tst_methods.moc"
