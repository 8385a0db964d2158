// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis/sweep: the mass-spring's sweep measures its runs against the exact solution,
// q(t) = q0 cos(w t) + v0/w sin(w t), w = sqrt(kappa/m): the reference equals the closed form to
// round-off (checked against the same motion written another way), every run's error is its
// distance from it, the fitted orders stay (vi 2, vi4 4, rk4 4), the merged shards keep it, and
// the other systems keep RK45's reference.
#include <QtTest>
#include <cmath>
#include <limits>
#include <memory>

#include "core/analysis/sweep.h"
#include "core/sim/registry.h"
#include "core/systems/massspring.h"
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

// the last sample of one run to T
Sample runToT(const ParamValues& values, Method method, double h, double T) {
  IntegratorSettings st;
  st.T = T;
  st.h = h;
  const std::unique_ptr<Run> run = massSpring().makeRun(values, method, st);
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

  // only the mass-spring has a closed form: the other systems' sweeps keep RK45's reference
  void othersHaveNone() {
    for (const SystemModel* model : allSystems()) {
      const bool has = exactSolution(*model, model->normalize({}, nullptr), 1.0).has_value();
      QCOMPARE(has, model == &massSpring());
    }
    SweepSpec spec = defaultSweep(*findSystem("planar-pendulum"));
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
    QCOMPARE(checked, 15);  // vi, vi4 and rk4 at five h each
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
