// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis/sweep: the mass-spring's sweep measures its runs against the exact solution,
// q(t) = q0 cos(w t) + v0/w sin(w t), w = sqrt(kappa/m): the reference equals the closed form to
// round-off (checked against the same motion written another way), every run's error is its
// distance from it, the fitted orders stay (vi 2, vi4 4, rk4 4), the merged shards keep it, and
// the other systems keep RK45's reference. The planar pendulum's libration measures its runs
// against sin(theta/2) = k sn(w t + u0, k), Omega = 2 k w cn(w t + u0, k), w = sqrt(g/l): against
// tight RK45 runs, the small-angle limit and its energy, within the bound it reports; its default
// sweep then fits rkmk4 an order.
#include <QtTest>
#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "core/analysis/sweep.h"
#include "core/sim/registry.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_exactreference {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

const SystemModel& massSpring() { return *findSystem("mass-spring"); }

// the motion as amplitude and phase, q = a cos(w t - phi), v = -a w sin(w t - phi), in long
// double: the same motion as the sweep's closed form, computed another way
struct Motion {
  double q, v;
};
Motion amplitudePhase(double m, double kappa, double q0, double v0, double t) {
  using Wide = long double;
  const Wide w = std::sqrt(Wide(kappa) / Wide(m));
  const Wide a = std::hypot(Wide(q0), Wide(v0) / w), phi = std::atan2(Wide(v0) / w, Wide(q0));
  return {double(a * std::cos(w * Wide(t) - phi)), double(-a * w * std::sin(w * Wide(t) - phi))};
}

ParamValues parameters(double m, double kappa, double q0, double v0) {
  return massSpring().normalize({{"m", {m}}, {"kappa", {kappa}}, {"q0", {q0}}, {"v0", {v0}}},
                                nullptr);
}

const SystemModel& planarPendulum() { return *findSystem("planar-pendulum"); }

ParamValues pendulum(double l, double g, double theta0, double omega0) {
  return planarPendulum().normalize(
      {{"m", {1.5}}, {"l", {l}}, {"g", {g}}, {"theta0", {theta0}}, {"omega0", {omega0}}}, nullptr);
}

// the last sample of a run to T
Sample lastSample(const SystemModel& model, const ParamValues& values, Method method,
                  const IntegratorSettings& st) {
  const std::unique_ptr<Run> run = model.makeRun(values, method, st);
  std::vector<Sample> chunk;
  Sample last;
  bool more = true;
  while (more) {
    chunk.clear();
    more = run->advance(chunk, 4096);
    if (!chunk.empty()) last = chunk.back();
  }
  return last;
}

// the mass-spring's last sample of one run to T
Sample runToT(const ParamValues& values, Method method, double h, double T) {
  IntegratorSettings st;
  st.T = T;
  st.h = h;
  return lastSample(massSpring(), values, method, st);
}

// RK45 at RelTol rtol (AbsTol rtol/1000) to T, as the sweep's reference runs
Sample rk45ToT(const ParamValues& values, double rtol, double T) {
  IntegratorSettings st;
  st.T = T;
  st.h = std::min(T, integratorSpec("h").max);
  st.rtol = rtol;
  st.atol = rtol / kRtolPerAtol;
  st.sampling = RkSampling::Steps;
  return lastSample(planarPendulum(), values, Method::Rk45, st);
}

double angleOf(const Sample& s) { return std::atan2(s.state[1], s.state[0]); }  // R21, R11

class TestExactReference : public QObject {
  Q_OBJECT
 private slots:
  void closedForm_data() {
    QTest::addColumn<double>("m");
    QTest::addColumn<double>("kappa");
    QTest::addColumn<double>("q0");
    QTest::addColumn<double>("v0");
    QTest::addColumn<double>("t");
    QTest::newRow("article") << 1.0 << 1.0 << std::sqrt(2.0) << 0.0 << 62.86;
    QTest::newRow("m and kappa apart") << 2.0 << 3.0 << 0.7 << -1.1 << 41.3;
    QTest::newRow("long horizon") << 0.5 << 8.0 << -1.3 << 2.5 << 6283.2;
  }
  // the exact reference is the harmonic motion of these m, kappa, q0, v0 at t, within the
  // round-off bound it reports, and that bound is round-off (a few eps of the amplitude)
  void closedForm() {
    QFETCH(double, m);
    QFETCH(double, kappa);
    QFETCH(double, q0);
    QFETCH(double, v0);
    QFETCH(double, t);
    const std::optional<ExactSolution> e =
        exactSolution(massSpring(), parameters(m, kappa, q0, v0), t);
    QVERIFY(e.has_value());
    QCOMPARE(e->sample.t, t);
    const Motion x = amplitudePhase(m, kappa, q0, v0, t);
    // round-off: an ulp of the state, and the phase w t's rounding in long double, a few of
    // its ulps per radian (on x86, 1e-19 against a double's 2.2e-16)
    const double w = std::sqrt(kappa / m), scale = std::fabs(q0) + std::fabs(v0) / w;
    const double u = double(std::numeric_limits<long double>::epsilon());
    const double roundoff = scale * (1 + w) * (2 * kEps + 4 * u * (w * t + 3));
    QVERIFY2(e->bound > 0.0 && e->bound <= roundoff,
             qPrintable(QString("bound %1, round-off %2").arg(e->bound).arg(roundoff)));
    const double dq = std::fabs(e->sample.position.x() - x.q);
    const double dv = std::fabs(e->sample.velocity.x() - x.v);
    // each evaluation within the bound of the motion, so within twice the bound of each other
    QVERIFY2(std::hypot(dq, dv) <= 2 * e->bound,
             qPrintable(QString("|dq| %1, |dv| %2, bound %3").arg(dq).arg(dv).arg(e->bound)));
    QCOMPARE(e->sample.state[0], e->sample.position.x());
    QCOMPARE(e->sample.state[1], e->sample.velocity.x());
    QCOMPARE(e->sample.energy, 0.5 * m * x.v * x.v + 0.5 * kappa * x.q * x.q);
  }

  // only the mass-spring and the planar pendulum have a closed form: the other systems' sweeps
  // keep RK45's reference
  void othersHaveNone() {
    for (const SystemModel* model : allSystems()) {
      const bool has = exactSolution(*model, model->normalize({}, nullptr), 1.0).has_value();
      QCOMPARE(has, model == &massSpring() || model == &planarPendulum());
    }
    SweepSpec spec = defaultSweep(*findSystem("spherical-pendulum"));
    spec.methods = {Method::Variational};
    spec.steps = {spec.steps.front()};
    spec.T = spec.steps.front() * 10;
    validateSweep(spec);
    const SweepResult r = runSweep(spec);
    QVERIFY(r.reference.exact.empty());
    QVERIFY(r.reference.errorBound > 0.0);
  }

  // the default sweep's reference is the exact solution: its bound is round-off (RK45's was
  // 4e-12), every run's error is its distance from the closed form at T, and RK45's settings
  // stay in the reference (dmsim sweep's JSON fields)
  void sweepMeasuresAgainstTheExactSolution() {
    const SweepSpec spec = defaultSweep(massSpring());
    const SweepResult r = runSweep(spec, {}, 2);
    QVERIFY(!r.reference.exact.empty());
    QVERIFY2(r.reference.errorBound > 0.0 && r.reference.errorBound < 1e-15,
             qPrintable(QString::number(r.reference.errorBound)));
    QVERIFY(r.reference.method == Method::Rk45);
    QCOMPARE(r.reference.rtol, kReferenceRtol);
    const MassSpringParams p = MassSpringParams::from(spec.parameters);
    const Motion x = amplitudePhase(p.m, p.kappa, p.q0, p.v0, spec.T);
    int checked = 0;
    for (const SweepRun& run : r.runs) {
      QVERIFY(run.status == RunStatus::Ok && run.error);
      if (!run.point.h) continue;  // RK45's runs end on T by their own last step
      const Sample last = runToT(spec.parameters, run.point.method, *run.point.h, spec.T);
      const double dq = std::fabs(last.position.x() - x.q), dv = std::fabs(last.velocity.x() - x.v);
      // an RK45 reference at 1e-13 is ~3e-13 off the closed form: far above this tolerance
      const double tol = 4 * kEps * (std::fabs(x.q) + std::fabs(x.v));
      QVERIFY2(
          std::fabs(run.error->position - dq) <= tol && std::fabs(run.error->velocity - dv) <= tol,
          qPrintable(QString("%1 h = %2: position error %3 against %4, velocity %5 against %6")
                         .arg(QString::fromStdString(methodName(run.point.method)))
                         .arg(*run.point.h)
                         .arg(run.error->position, 0, 'g', 17)
                         .arg(dq, 0, 'g', 17)
                         .arg(run.error->velocity, 0, 'g', 17)
                         .arg(dv, 0, 'g', 17)));
      ++checked;
    }
    QCOMPARE(checked, 25);  // vi, vi4, vi6, vi8 and rk4 at five h each
  }

  // the fitted orders stay: vi 2, vi4 4, rk4 4, each on at least four of its five runs
  void ordersStay() {
    const SweepResult r = runSweep(defaultSweep(massSpring()), {}, 2);
    for (const auto& [method, expected] :
         {std::pair{Method::Variational, 2.0}, {Method::Vi4, 4.0}, {Method::Rk4, 4.0}}) {
      int used = 0;
      for (const SweepRun& run : r.runs)
        if (run.point.method == method && usedForOrder(run, r.reference)) ++used;
      const std::optional<double> order = fittedOrder(r, method);
      const QString name = QString::fromStdString(methodName(method));
      QVERIFY2(used >= 4, qPrintable(QString("%1: %2 runs in the fit").arg(name).arg(used)));
      QVERIFY2(order && std::fabs(*order - expected) < 0.01,
               qPrintable(QString("%1: order %2").arg(name).arg(order.value_or(-1))));
    }
  }

  void pendulumAgainstRk45_data() {
    QTest::addColumn<double>("l");
    QTest::addColumn<double>("g");
    QTest::addColumn<double>("theta0");
    QTest::addColumn<double>("omega0");
    QTest::addColumn<double>("t");
    QTest::newRow("small amplitude") << 9.81 << 9.81 << 0.05 << 0.0 << 37.3;
    QTest::newRow("pi/2, 13 swings") << 9.81 << 9.81 << 1.5707963267948966 << 0.0 << 100.02;
    QTest::newRow("swinging back") << 2.0 << 9.81 << 0.5 << -3.1 << 17.9;
    QTest::newRow("theta0 a turn away") << 1.0 << 4.0 << 0.4 - 6.283185307179586 << 1.5 << 23.0;
    QTest::newRow("near the top") << 1.0 << 1.0 << 3.0 << 0.0 << 41.0;
  }
  void pendulumAgainstDigits_data() {
    QTest::addColumn<double>("l");
    QTest::addColumn<double>("g");
    QTest::addColumn<double>("theta0");
    QTest::addColumn<double>("omega0");
    QTest::addColumn<double>("t");
    QTest::addColumn<QString>("thetaDigits");  // read as long double
    QTest::addColumn<QString>("OmegaDigits");
    // theta = 2 asin(k sn(w t + u0, k)) and Omega = 2 k w cn(w t + u0, k) at these doubles, in
    // 50-digit arithmetic (mpmath's ellipf and ellipfun), rounded to 22 digits
    QTest::newRow("pi/2, 13 swings")
        << 9.81 << 9.81 << 1.5707963267948966 << 0.0 << 100.02 << "-1.565793073011757919023"
        << "-0.100032323867164751585";
    QTest::newRow("swinging back") << 2.0 << 9.81 << 0.5 << -3.1 << 17.9 << "-1.4950363637043172493"
                                   << "-1.32038235489171748855";
    QTest::newRow("theta0 a turn away")
        << 1.0 << 4.0 << 0.4 - 6.283185307179586 << 1.5 << 23.0 << "0.2494347539800605637383"
        << "1.622938364863829025871";
    QTest::newRow("near the top") << 1.0 << 1.0 << 3.0 << 0.0 << 41.0 << "-2.972823886955230656168"
                                  << "0.09165341054126194774512";
    QTest::newRow("nearer, longer")
        << 1.0 << 1.0 << 3.1 << 0.01 << 1000.5 << "-1.01020060630670676247"
        << "-1.749786261883557910989";
  }
  // the bound is honest: the evaluation is within it of the motion computed to 50 digits (the
  // long double comparison adds a few of its roundings, 1e-18, far below the bound's 2e-16)
  void pendulumAgainstDigits() {
    QFETCH(double, l);
    QFETCH(double, g);
    QFETCH(double, theta0);
    QFETCH(double, omega0);
    QFETCH(double, t);
    QFETCH(QString, thetaDigits);
    QFETCH(QString, OmegaDigits);
    const long double theta = std::stold(thetaDigits.toStdString());
    const long double Omega = std::stold(OmegaDigits.toStdString());
    const std::optional<ExactSolution> e =
        exactSolution(planarPendulum(), pendulum(l, g, theta0, omega0), t);
    QVERIFY(e.has_value());
    const long double pi = 3.141592653589793238462643383279502884L;
    const long double got =
        std::atan2(static_cast<long double>(e->sample.state[1]), e->sample.state[0]);
    const double dTheta = double(std::fabs(std::remainder(got - theta, 2 * pi)));
    const double dOmega = double(std::fabs(e->sample.state[4] - Omega));
    const double ld = double(std::numeric_limits<long double>::epsilon());
    QVERIFY2(std::hypot(dTheta, dOmega) <= e->bound + 8 * ld * (1 + std::fabs(double(Omega))),
             qPrintable(QString("theta off by %1, Omega by %2, bound %3")
                            .arg(dTheta)
                            .arg(dOmega)
                            .arg(e->bound)));
  }

  // the closed form is the motion RK45 integrates at RelTol 1e-13, to within the larger of its
  // bound and RK45's error; that error is at most RK45's distance to a run at 1e-12 (the sweep's
  // argument: |e12| - |e13| >= |e13| while the error at least halves from 1e-12 to 1e-13)
  void pendulumAgainstRk45() {
    QFETCH(double, l);
    QFETCH(double, g);
    QFETCH(double, theta0);
    QFETCH(double, omega0);
    QFETCH(double, t);
    const ParamValues values = pendulum(l, g, theta0, omega0);
    const std::optional<ExactSolution> e = exactSolution(planarPendulum(), values, t);
    QVERIFY(e.has_value());
    QCOMPARE(e->sample.t, t);
    const Sample ref = rk45ToT(values, kReferenceRtol, t);
    const Sample check = rk45ToT(values, kReferenceCheckRtol, t);
    const double rk45Error = planarPendulum().stateError(check, ref).norm();
    const double d = planarPendulum().stateError(e->sample, ref).norm();
    QVERIFY2(
        d <= std::max(e->bound, rk45Error),
        qPrintable(
            QString("distance %1, bound %2, RK45's error %3").arg(d).arg(e->bound).arg(rk45Error)));
    // and the sample is the one PlanarPendulum fills from its state (R, Omega)
    PlanarPendulumState x;
    x.R << e->sample.state[0], e->sample.state[2], e->sample.state[1], e->sample.state[3];
    x.Omega = e->sample.state[4];
    const Sample again = PlanarPendulum::sample(PlanarPendulumParams::from(values), t, x);
    QCOMPARE(again.position, e->sample.position);
    QCOMPARE(again.velocity, e->sample.velocity);
    QCOMPARE(again.energy, e->sample.energy);
  }

  // at small amplitude A the motion is the linear one, theta0 cos(w t) + omega0/w sin(w t),
  // to O(A^3): the frequency falls by w A^2/16 (so the phase drifts by w t A^2/16) and the third
  // harmonic's amplitude is A^3/192; the tolerance is twice their sum
  void smallAngleLimit() {
    const double l = 2.5, g = 9.81, theta0 = 1e-3, omega0 = -4e-3;
    const double w = std::sqrt(g / l), A = std::hypot(theta0, omega0 / w);
    const ParamValues values = pendulum(l, g, theta0, omega0);
    for (double t : {0.0, 0.7, 3.1, 10.0}) {
      const std::optional<ExactSolution> e = exactSolution(planarPendulum(), values, t);
      QVERIFY(e.has_value());
      const double theta = theta0 * std::cos(w * t) + omega0 / w * std::sin(w * t);
      const double Omega = -theta0 * w * std::sin(w * t) + omega0 * std::cos(w * t);
      const double tol = 2 * A * A * A * (w * t / 16 + 1.0 / 192) + e->bound;
      QVERIFY2(std::fabs(angleOf(e->sample) - theta) <= tol,
               qPrintable(
                   QString("t %1: theta %2 against %3").arg(t).arg(angleOf(e->sample)).arg(theta)));
      QVERIFY2(std::fabs(e->sample.state[4] - Omega) <= w * tol,
               qPrintable(
                   QString("t %1: Omega %2 against %3").arg(t).arg(e->sample.state[4]).arg(Omega)));
    }
    // at t = 0 the initial state itself, to its bound
    const std::optional<ExactSolution> e0 = exactSolution(planarPendulum(), values, 0.0);
    QVERIFY(std::fabs(angleOf(e0->sample) - theta0) <= e0->bound);
    QVERIFY(std::fabs(e0->sample.state[4] - omega0) <= e0->bound);
  }

  // the formula keeps E = 1/2 m l^2 Omega^2 - m g l cos theta: an error (dtheta, dOmega) within
  // the bound moves E by at most m l^2 |Omega| dOmega + m g l dtheta, and the sample's own
  // evaluation of E adds a few roundings of its terms
  void energyConserved() {
    const double m = 1.5, l = 2.0, g = 9.81, theta0 = 1.2, omega0 = 0.9;
    const ParamValues values = pendulum(l, g, theta0, omega0);
    const double E0 = 0.5 * m * l * l * omega0 * omega0 - m * g * l * std::cos(theta0);
    for (double t : {0.0, 1.3, 17.0, 250.0, 3001.5}) {
      const std::optional<ExactSolution> e = exactSolution(planarPendulum(), values, t);
      QVERIFY(e.has_value());
      const double Omega = std::fabs(e->sample.state[4]);
      const double scale = 0.5 * m * l * l * Omega * Omega + m * g * l;
      const double tol = (m * l * l * Omega + m * g * l) * e->bound + 8 * kEps * scale;
      QVERIFY2(std::fabs(e->sample.energy - E0) <= tol,
               qPrintable(QString("t %1: E - E0 = %2, tolerance %3")
                              .arg(t)
                              .arg(e->sample.energy - E0)
                              .arg(tol)));
    }
  }

  // over the top (E > m g l), on the separatrix (E = m g l) and without gravity there is no
  // libration: the sweep keeps RK45's reference
  void pendulumRotationHasNone() {
    const double w = std::sqrt(9.81 / 9.81);
    QVERIFY(!exactSolution(planarPendulum(), pendulum(9.81, 9.81, 0.0, 2.5 * w), 1.0));
    QVERIFY(!exactSolution(planarPendulum(), pendulum(9.81, 9.81, 0.0, 2.0 * w), 1.0));
    QVERIFY(!exactSolution(planarPendulum(), pendulum(9.81, 0.0, 0.3, 0.1), 1.0));
  }

  // the planar pendulum's default sweep measures against the closed form: its bound is
  // round-off (RK45's was 1.7e-10), so rkmk4's runs down to h0/8 are above the fit's floor and
  // it gets an order (against RK45 it had two runs in range and none); every fixed-step method's
  // order is within 0.3 of its own (tst_analysis's fixedStepOrder says why 0.3)
  void pendulumSweepFitsRkmk4() {
    const SweepResult r = runSweep(defaultSweep(planarPendulum()), {}, 2);
    QVERIFY(!r.reference.exact.empty());
    QVERIFY2(r.reference.errorBound > 0.0 && r.reference.errorBound < 1e-14,
             qPrintable(QString::number(r.reference.errorBound)));
    int rkmk4Runs = 0;
    for (const SweepRun& run : r.runs)
      if (run.point.method == Method::Rkmk4 && usedForOrder(run, r.reference)) ++rkmk4Runs;
    QVERIFY2(rkmk4Runs >= 4, qPrintable(QString("rkmk4: %1 runs in the fit").arg(rkmk4Runs)));
    for (Method method : {Method::Variational, Method::Vi4, Method::Rkmk4, Method::Rk4}) {
      const std::optional<double> order = fittedOrder(r, method);
      QVERIFY2(order && std::fabs(*order - methodInfo(method).order) < 0.3,
               qPrintable(QString("%1: order %2")
                              .arg(QString::fromStdString(methodName(method)))
                              .arg(order.value_or(-1))));
    }
  }

  // shards read back from their JSON (which does not say the reference is exact) merge into a
  // sweep whose reference is exact again
  void mergedShardsKeepIt() {
    const SweepSpec spec = defaultSweep(massSpring());
    std::vector<SweepResult> shards = {runSweep(spec, {1, 2}), runSweep(spec, {2, 2})};
    for (SweepResult& s : shards) {
      QVERIFY(!s.reference.exact.empty());
      s.reference.exact.clear();
    }
    const SweepResult merged = mergeSweeps(shards, {"1.json", "2.json"});
    QVERIFY(!merged.reference.exact.empty());
    QCOMPARE(merged.reference.errorBound, shards[0].reference.errorBound);
  }
};

DMS_TEST_MAIN(TestExactReference)
}  // namespace tst_exactreference
#include "tst_exactreference.moc"
