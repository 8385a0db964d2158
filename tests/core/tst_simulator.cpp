// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The forced simulator (core/sim/simulator.h): unforced, its steps are a run's; forced, the
// variational methods satisfy the discrete momentum balance of the Lagrange-d'Alembert principle
// to round-off and every method converges to the forced motion; a saved state restores bit for
// bit; bad input is refused naming what is wrong.
#include <QtTest>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/sim/simulator.h"
#include "tests/common/suitemain.h"

namespace tst_simulator {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

ParamValues defaults(const SystemModel& m) { return m.normalize({}, nullptr); }

// the systems that declare a control, with every method they have (the fixed-step ones only
// when `fixedOnly`)
void everyForcedMethod(bool fixedOnly = false) {
  QTest::addColumn<QString>("system");
  QTest::addColumn<int>("method");
  for (const SystemModel* m : allSystems()) {
    if (m->declaration().controls.empty()) continue;
    for (Method me : m->methods())
      if (!fixedOnly || !methodInfo(me).adaptive)
        QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + methodName(me))))
            << QString::fromStdString(m->name()) << int(me);
  }
}

// a control that changes from step to step: small, so that every system's default step stays
// solvable
VectorXd wobble(std::size_t n, std::int64_t k) {
  VectorXd u = VectorXd::Zero(Eigen::Index(n));
  for (Eigen::Index i = 0; i < u.size(); ++i) u[i] = 0.01 * std::sin(0.3 * double(k) + double(i));
  return u;
}

bool sameBits(const Sample& a, const Sample& b) {
  return a.t == b.t && a.state.size() == b.state.size() && a.state == b.state &&
         a.energy == b.energy;
}

class TestSimulator : public QObject {
  Q_OBJECT
 private slots:
  void unforcedStepsAreTheRunsSteps_data() { everyForcedMethod(true); }
  // a fixed-step method's steps without a control are its run's, bit for bit: the simulator
  // takes the same steps from the same forms (RK45's steps end at every t_k instead of crossing
  // them: not compared here)
  void unforcedStepsAreTheRunsSteps() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    const Method me = Method(method);
    const ParamValues v = defaults(m);
    IntegratorSettings st = m.defaultSettings();
    st.T = 40 * st.h;
    std::unique_ptr<Run> run = m.makeRun(v, me, st);
    std::vector<Sample> samples;
    while (run->advance(samples, 64)) {
    }
    QCOMPARE(samples.size(), std::size_t(41));
    Simulator sim(m, me, v, st);
    for (std::size_t k = 0; k < samples.size(); ++k) {
      if (k > 0) QVERIFY2(sim.step(), sim.failure().reason.c_str());
      QVERIFY2(sameBits(sim.sample(), samples[k]), qPrintable(QString("step %1").arg(k)));
    }
  }

  void restoredStateRepeatsTheSteps_data() { everyForcedMethod(); }
  // a saved state, restored, repeats the same forced steps bit for bit, the integrator's own
  // state (compensation terms, RK45's step size) included
  void restoredStateRepeatsTheSteps() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    Simulator sim(m, Method(method), defaults(m), m.defaultSettings());
    for (std::int64_t k = 0; k < 10; ++k) QVERIFY(sim.step(wobble(sim.controlSize(), k)));
    const SimulatorSave saved = sim.save();
    std::vector<Sample> first;
    for (std::int64_t k = 10; k < 30; ++k) {
      QVERIFY(sim.step(wobble(sim.controlSize(), k)));
      first.push_back(sim.sample());
    }
    sim.restore(saved);
    QCOMPARE(sim.t(), saved.t());
    for (std::int64_t k = 10; k < 30; ++k) {
      QVERIFY(sim.step(wobble(sim.controlSize(), k)));
      QVERIFY(sameBits(sim.sample(), first[std::size_t(k - 10)]));
    }
  }

  void stateReadBackRestarts_data() { everyForcedMethod(); }
  // the named state read off a simulator starts another at the same state: the same parts to
  // a few ulps (the conversions to the named parts and back round), except that rk45-quat's
  // quaternion, which drifts off unit length, restarts as the unit quaternion of its R (so the
  // parts differ by its structure error); and where the restarted method's own coordinates are
  // then the same numbers (R and Omega, not a chain's momenta A(q) omega), the same steps bit
  // for bit
  void stateReadBackRestarts() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    const Method me = Method(method);
    IntegratorSettings st = m.defaultSettings();
    st.summation = Summation::Plain;
    Simulator a(m, me, defaults(m), st);
    for (std::int64_t k = 0; k < 15; ++k) QVERIFY(a.step(wobble(a.controlSize(), k)));
    const std::vector<StatePart> parts = a.state();
    Simulator b(m, me, defaults(m), st, &parts);
    const std::vector<StatePart> back = b.state();
    const double drift = me == Method::Rk45Quat ? 2 * a.sample().structure : 0.0;
    QCOMPARE(back.size(), parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i)
      for (std::size_t j = 0; j < parts[i].values.size(); ++j)
        QVERIFY2(std::fabs(back[i].values[j] - parts[i].values[j]) <=
                     drift + 16 * kEps * std::max(1.0, std::fabs(parts[i].values[j])),
                 parts[i].name.c_str());
    if (methodInfo(me).adaptive || b.sample().state != a.sample().state) return;
    for (std::int64_t k = 15; k < 25; ++k) {
      QVERIFY(a.step(wobble(a.controlSize(), k)));
      QVERIFY(b.step(wobble(b.controlSize(), k)));
      QCOMPARE(b.sample().state, a.sample().state);
    }
  }

  // Discrete Noether with forcing: the heavy top's spin J2 Omega2 about its symmetry axis e2
  // changes by exactly tau h per step under a constant torque tau e2 (the forcing's two halves,
  // h/2 tau at each end of the step, are about the axis the discrete Lagrangian is symmetric
  // about). Over 10^5 steps the difference from J2 Omega2(0) + k tau h is round-off: each step
  // rounds the momentum's ~70 kg m^2/s to an ulp (1.4e-14) in a handful of operations, a random
  // walk of sqrt(10^5) * 10 ulps ~ 5e-12 at most, with the compensated sums less.
  void constantTorqueChangesSpinByTauH() {
    const SystemModel& m = *findSystem("pendulum-3d");
    ParamValues v = defaults(m);
    v["m"] = {15};
    v["g"] = {9.81};
    v["J"] = {15.234375, 0.46875, 15.234375};
    v["rho"] = {0, 1, 0};
    v["rotvec0"] = {0.1, 0, 0.2};
    v["Omega0"] = {0, 150, 4.61538};
    IntegratorSettings st = m.defaultSettings();
    st.h = 0.0001220703125;
    st.T = 20;
    Simulator sim(m, Method::Variational, v, st);
    const double tau = 3.0, J2 = 0.46875, h = st.h;
    const auto spin = [&] {
      const Sample& s = sim.sample();
      return (s.attitude.transpose() * s.momentum)[1];
    };
    const double spin0 = spin();
    QCOMPARE(spin0, J2 * 150);
    const VectorXd u = Eigen::Vector3d(0, tau, 0);
    double worst = 0;
    const std::int64_t N = 100000;
    for (std::int64_t k = 1; k <= N; ++k) {
      QVERIFY2(sim.step(u), sim.failure().reason.c_str());
      if (k % 1000 == 0) worst = std::max(worst, std::fabs(spin() - (spin0 + double(k) * tau * h)));
    }
    qInfo("spin J2 Omega2 from %.6g to %.6g; largest |J2 Omega2 - (J2 Omega2(0) + k tau h)| %.3g",
          spin0, spin(), worst);
    QVERIFY(std::fabs(spin() - spin0 - 36.62109375) < 1e-9);  // N tau h = 36.62..., exactly
    QVERIFY2(worst <= 5e-12, qPrintable(QString::number(worst)));
  }

  // The same balance on the sphere: a force F on the bob changes the vertical angular momentum
  // e3.(m l^2 q x qdot) by h/2 l e3.((q_k + q_{k+1}) x F) in each step of vi, to round-off
  void forceOnTheBobBalancesVerticalMomentum() {
    const SystemModel& m = *findSystem("spherical-pendulum");
    const ParamValues v = defaults(m);
    IntegratorSettings st = m.defaultSettings();
    st.summation = Summation::Plain;
    Simulator sim(m, Method::Variational, v, st);
    const double l = v.at("l")[0];
    const Vector3d F(0.7, -0.4, 0.2);
    double worst = 0, scale = 0;
    for (int k = 0; k < 2000; ++k) {
      const Vector3d q0 = sim.sample().position / l;
      const double L0 = sim.sample().momentum.z();
      QVERIFY(sim.step(VectorXd(F)));
      const Vector3d q1 = sim.sample().position / l;
      const double dL = sim.sample().momentum.z() - L0;
      const double expected = 0.5 * st.h * l * (q0 + q1).cross(F).z();
      worst = std::max(worst, std::fabs(dL - expected));
      scale = std::max(scale, std::fabs(sim.sample().momentum.z()));
    }
    // each step rounds L (scale) and its increment: a few ulps of the largest |L|
    QVERIFY2(worst <= 64 * kEps * scale, qPrintable(QString::number(worst / (kEps * scale))));
  }

  void forcedViConvergesToForcedRk45_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      if (!m->declaration().controls.empty())
        QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }
  // Under the same constant control, vi's state at T converges at order 2 to RK45's at a tight
  // tolerance (rtol 1e-12, its error far below vi's): the error falls by 2^2 when h halves
  // (within 0.4: the steps are small and the horizon short, so the leading term dominates). A
  // force entering vi and the vector field differently (a sign, a factor) leaves an error
  // that does not fall.
  void forcedViConvergesToForcedRk45() {
    QFETCH(QString, system);
    const SystemModel& m = *findSystem(system.toStdString());
    const ParamValues v = defaults(m);
    const double h0 = m.defaultSettings().h / 4;
    const std::int64_t steps = 16;
    const auto finalSample = [&](Method me, double h) {
      IntegratorSettings st = m.defaultSettings();
      st.h = h;
      st.rtol = 1e-12;
      st.atol = 1e-14;
      Simulator sim(m, me, v, st);
      // 0.05 of every channel's unit: small against each default set-up's own forces
      const VectorXd u = VectorXd::Constant(Eigen::Index(sim.controlSize()), 0.05);
      const std::int64_t n = std::llround(double(steps) * h0 / h);
      while (sim.steps() < n) {
        if (!sim.step(u)) qFatal("%s", sim.failure().reason.c_str());
      }
      return sim.sample();
    };
    const Sample ref = finalSample(Method::Rk45, h0 / 4);
    const double e1 = m.stateError(finalSample(Method::Variational, h0 / 2), ref).norm();
    const double e2 = m.stateError(finalSample(Method::Variational, h0 / 4), ref).norm();
    const double order = std::log2(e1 / e2);
    QVERIFY2(std::fabs(order - 2) <= 0.4,
             qPrintable(QString("order %1 (errors %2, %3)").arg(order).arg(e1).arg(e2)));
  }

  void forcedMassSpringConverges_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<int>("order");
    QTest::newRow("vi") << int(Method::Variational) << 2;
    QTest::newRow("vi4") << int(Method::Vi4) << 4;
    QTest::newRow("rk4") << int(Method::Rk4) << 4;
  }
  // Under a constant force f the spring's exact motion is q(t) = f/kappa + (q0 - f/kappa)
  // cos(w t) + (v0/w) sin(w t): each fixed-step method's error at T falls by 2^order when h
  // halves (within 0.3 of the order: the step is small enough for the leading term), so the
  // force enters each with the right size and sign
  void forcedMassSpringConverges() {
    QFETCH(int, method);
    QFETCH(int, order);
    const SystemModel& m = *findSystem("mass-spring");
    const ParamValues v = defaults(m);
    const double kappa = v.at("kappa")[0], mass = v.at("m")[0], q0 = v.at("q0")[0];
    const double f = 0.8, w = std::sqrt(kappa / mass), T = 4.0;
    const double exact = f / kappa + (q0 - f / kappa) * std::cos(w * T);
    double err[2];
    for (int i = 0; i < 2; ++i) {
      IntegratorSettings st = m.defaultSettings();
      st.h = 0.05 / double(1 << i);
      Simulator sim(m, Method(method), v, st);
      const VectorXd u = VectorXd::Constant(1, f);
      while (sim.steps() < std::llround(T / st.h)) QVERIFY(sim.step(u));
      err[i] = std::fabs(sim.state()[0].values[0] - exact);
    }
    const double measured = std::log2(err[0] / err[1]);
    QVERIFY2(std::fabs(measured - order) <= 0.3, qPrintable(QString::number(measured)));
  }

  // RK45 at a tight tolerance follows the same exact forced motion to its tolerance (rtol
  // 1e-10 per step, over 80 intervals: 1e-8 leaves room for their sum)
  void forcedRk45FollowsTheExactMotion() {
    const SystemModel& m = *findSystem("mass-spring");
    const ParamValues v = defaults(m);
    const double kappa = v.at("kappa")[0], mass = v.at("m")[0], q0 = v.at("q0")[0];
    const double f = 0.8, w = std::sqrt(kappa / mass), T = 4.0;
    IntegratorSettings st = m.defaultSettings();
    st.h = 0.05;
    st.rtol = 1e-10;
    st.atol = 1e-12;
    Simulator sim(m, Method::Rk45, v, st);
    const VectorXd u = VectorXd::Constant(1, f);
    while (sim.steps() < 80) QVERIFY(sim.step(u));
    const double exact = f / kappa + (q0 - f / kappa) * std::cos(w * T);
    QVERIFY(std::fabs(sim.state()[0].values[0] - exact) <= 1e-8);
  }

  void badInputIsRefused() {
    const SystemModel& m = *findSystem("pendulum-3d");
    const ParamValues v = defaults(m);
    const IntegratorSettings st = m.defaultSettings();
    Simulator sim(m, Method::Variational, v, st);
    QCOMPARE(sim.controlSize(), std::size_t(3));
    const auto refused = [](auto f, const char* words) {
      try {
        f();
      } catch (const InputError& e) {
        return std::string(e.what()).find(words) != std::string::npos;
      }
      return false;
    };
    QVERIFY(refused([&] { sim.step(VectorXd::Zero(2)); }, "has 3 entries, got 2"));
    QVERIFY(refused([&] { sim.step(Vector3d(0, NAN, 0)); }, "not finite (entry 1)"));
    QCOMPARE(sim.steps(), std::int64_t(0));  // nothing was stepped
    std::vector<StatePart> parts = sim.state();
    parts[0].shape = {9};
    QVERIFY(refused([&] { sim.setState(parts); }, "'R' must have shape (3, 3), got (9,)"));
    parts = sim.state();
    parts[0].values[0] += 0.1;
    QVERIFY(refused([&] { sim.setState(parts); }, "'R' is not a rotation"));
    parts = sim.state();
    parts.pop_back();
    QVERIFY(refused([&] { sim.setState(parts); }, "'Omega' is missing"));
    parts = sim.state();
    parts.push_back({"x", {3}, {0, 0, 0}});
    QVERIFY(refused([&] { sim.setState(parts); }, "'x' is not a part of pendulum-3d's state"));
    IntegratorSettings zero = st;
    zero.h = 0;
    QVERIFY(refused([&] { Simulator(m, Method::Variational, v, zero); }, "h"));
    // a step too large for the LGVI fails without losing the last good state
    IntegratorSettings huge = st;
    huge.h = 5;
    huge.T = 5;
    Simulator big(m, Method::Variational, v, huge);
    const Sample before = big.sample();
    QVERIFY(!big.step());
    QVERIFY(!big.failure().reason.empty());
    QVERIFY(sameBits(big.sample(), before));
    QVERIFY(!big.step());  // it stays failed
  }
};

DMS_TEST_APPLESS_MAIN(TestSimulator)
}  // namespace tst_simulator
#include "tst_simulator.moc"
