// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A control law typed as expressions (core/sim/controllaw.h): the names it reads, a PD law that
// holds the 3D pendulum upside down, a damping law on the mass-spring against the damped
// oscillator's closed form, the fast and the named-state paths alike, and bad input refused
// naming the expression.
#include <QtTest>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/sim/controllaw.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "tests/common/suitemain.h"

namespace tst_controllaw {

using namespace dms;

ParamValues defaults(const SystemModel& m) { return m.normalize({}, nullptr); }

std::vector<Sample> runAll(Run& run) {
  std::vector<Sample> got;
  while (run.advance(got, 256)) {
  }
  return got;
}

// the 3D pendulum upside down (R = exp((pi + 0.05) e1^): its centre of mass rho = 0.3 e3 above
// the pivot, tilted by 0.05 rad), at rest
ParamValues inverted(const SystemModel& m) {
  ParamValues v = defaults(m);
  v["rotvec0"] = {kPi + 0.05, 0.0, 0.0};
  v["Omega0"] = {0.0, 0.0, 0.0};
  return m.normalize(v, nullptr);
}

// the tilt from upright: the angle between the body's e3 (towards the centre of mass) and -e3,
// from R's third row R^T e3 = (R31, R32, R33) (atan2: accurate for small angles too)
double tilt(const std::vector<StatePart>& parts) {
  const std::vector<double>& R = findPart(parts, "R")->values;
  return std::atan2(std::hypot(R[6], R[7]), -R[8]);
}

// tau = -Kp (e3 x R^T e3) - Kd Omega with Kp = 20 N m, Kd = 4 N m s: e3 x R^T e3 =
// (-R32, R31, 0) (R^T e3 is R's third row: gravity, down e3, in the body frame) is the
// direction of gravity's torque m g |rho| (e3 x R^T e3), which grows the tilt when upside
// down; Kp beats m g |rho| = 2.94 N m
const char* kPd = "tau=[20*R32 - 4*Omega1, -20*R31 - 4*Omega2, -4*Omega3]";

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

class TestControlLaw : public QObject {
  Q_OBJECT
 private slots:
  void names() {
    const SystemModel& p = *findSystem("pendulum-3d");
    const ParamValues v = defaults(p);
    QCOMPARE(stateEntryNames(p, v),
             (std::vector<std::string>{"R11", "R12", "R13", "R21", "R22", "R23", "R31", "R32",
                                       "R33", "Omega1", "Omega2", "Omega3"}));
    QCOMPARE(controlEntryNames(p, v), (std::vector<std::string>{"tau1", "tau2", "tau3"}));
    const SystemModel& c = *findSystem("pendulum-chain");
    ParamValues cv = defaults(c);
    cv = c.normalize({{"n", {2.0}}}, nullptr);
    QCOMPARE(controlEntryNames(c, cv),
             (std::vector<std::string>{"f1_1", "f2_1", "f3_1", "f1_2", "f2_2", "f3_2"}));
    const std::vector<std::string> s = stateEntryNames(c, cv);
    QCOMPARE(s.size(), std::size_t(12));
    QCOMPARE(s[3], std::string("q1_2"));
    QCOMPARE(s[6], std::string("omega1_1"));
    const SystemModel& ms = *findSystem("mass-spring");
    QCOMPARE(controlEntryNames(ms, defaults(ms)), std::vector<std::string>{"f"});
  }

  // the variables a law reads are the named state's, on the fast path (vi: the state's own
  // entries) and through namedState (rk45-quat: R from a quaternion)
  void readsTheNamedState_data() {
    QTest::addColumn<int>("method");
    QTest::newRow("vi") << int(Method::Variational);
    QTest::newRow("rk45") << int(Method::Rk45);
    QTest::newRow("rk45-quat") << int(Method::Rk45Quat);
  }
  void readsTheNamedState() {
    QFETCH(int, method);
    const SystemModel& m = *findSystem("pendulum-3d");
    IntegratorSettings st = m.defaultSettings();
    st.T = 0.5;
    // u = 1e-3 (R12 + Omega3 + t + m): each sample's control read back against its state
    const double mass = defaults(m).at("m")[0], g = defaults(m).at("g")[0];
    auto run =
        makeTypedControlledRun(m, Method(method), defaults(m), st,
                               "tau = [1e-3*(R12 + Omega3 + t + m), 1e-3*R31, 1e-3*Omega1*g]");
    const std::vector<Sample> got = runAll(*run);
    QVERIFY2(!run->failure().failed, run->failure().reason.c_str());
    QCOMPARE(got.size(), std::size_t(51));
    for (std::size_t k = 0; k + 1 < got.size(); ++k) {
      const std::vector<StatePart> parts = namedState(m, Method(method), got[k]);
      const double R12 = findPart(parts, "R")->values[1], R31 = findPart(parts, "R")->values[6];
      const std::vector<double>& W = findPart(parts, "Omega")->values;
      QCOMPARE(got[k].control[0], 1e-3 * (R12 + W[2] + got[k].t + mass));
      QCOMPARE(got[k].control[1], 1e-3 * R31);
      QCOMPARE(got[k].control[2], 1e-3 * W[0] * g);
    }
  }

  void pdHoldsThePendulumInverted_data() {
    QTest::addColumn<int>("method");
    QTest::newRow("vi") << int(Method::Variational);
    QTest::newRow("rk45") << int(Method::Rk45);
  }
  void pdHoldsThePendulumInverted() {
    QFETCH(int, method);
    const SystemModel& m = *findSystem("pendulum-3d");
    const ParamValues v = inverted(m);
    IntegratorSettings st = m.defaultSettings();
    st.T = 10.0;
    auto run = makeTypedControlledRun(m, Method(method), v, st, kPd);
    const std::vector<Sample> got = runAll(*run);
    QVERIFY2(!run->failure().failed, run->failure().reason.c_str());
    const double first = tilt(namedState(m, Method(method), got.front()));
    const double last = tilt(namedState(m, Method(method), got.back()));
    qInfo("%s: tilt %.3g rad at t = 0, %.3g rad at t = %g (ratio %.3g)",
          methodName(Method(method)).c_str(), first, last, got.back().t, last / first);
    QVERIFY(std::abs(first - 0.05) < 1e-12);
    QVERIFY2(last < 1e-3 * first, qPrintable(QString::number(last / first)));
    // and without the law it falls
    auto free = makeTypedControlledRun(m, Method(method), v, st, "tau=[0, 0, 0]");
    const std::vector<Sample> fell = runAll(*free);
    QVERIFY(tilt(namedState(m, Method(method), fell.back())) > 0.5);
  }

  // f = -c v on the block: the energy of m q'' + c q' + kappa q = 0 in closed form; the law is
  // held over each step (a zero-order hold of a feedback), so the closed loop is first order in
  // h for every method: the energy error halves with h
  void dampingTakesTheDampedOscillatorsEnergy_data() {
    QTest::addColumn<int>("method");
    QTest::newRow("vi") << int(Method::Variational);
    QTest::newRow("rk4") << int(Method::Rk4);
  }
  void dampingTakesTheDampedOscillatorsEnergy() {
    QFETCH(int, method);
    const SystemModel& m = *findSystem("mass-spring");
    const ParamValues v = defaults(m);
    const double M = v.at("m")[0], k = v.at("kappa")[0], q0 = v.at("q0")[0], v0 = v.at("v0")[0];
    const double c = 0.4, T = 5.0;
    const double g = c / (2 * M), w = std::sqrt(k / M - g * g);
    // q = e^{-g t} (A cos w t + B sin w t)
    const double A = q0, B = (v0 + g * q0) / w;
    const double e = std::exp(-g * T), C = std::cos(w * T), S = std::sin(w * T);
    const double q = e * (A * C + B * S);
    const double qd = e * (-g * (A * C + B * S) + w * (-A * S + B * C));
    const double exact = 0.5 * M * qd * qd + 0.5 * k * q * q;
    double errors[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
      IntegratorSettings st = m.defaultSettings();
      st.h = i == 0 ? 1e-3 : 5e-4;
      st.T = T;
      auto run = makeTypedControlledRun(m, Method(method), v, st, "f=-0.4*v");
      const std::vector<Sample> got = runAll(*run);
      QVERIFY2(!run->failure().failed, run->failure().reason.c_str());
      QCOMPARE(got.back().t, T);
      errors[i] = std::abs(got.back().energy - exact);
      QVERIFY(got.back().energy < 0.5 * got.front().energy);  // it took energy out
    }
    qInfo("%s: E(T) exact %.10g, error %.3g at h = 1e-3, %.3g at h = 5e-4 (ratio %.3f)",
          methodName(Method(method)).c_str(), exact, errors[0], errors[1], errors[0] / errors[1]);
    QVERIFY(errors[0] < 1e-3 * exact);
    const double ratio = errors[0] / errors[1];
    QVERIFY2(ratio > 1.8 && ratio < 2.2, qPrintable(QString::number(ratio)));
  }

  void badInputIsRefused() {
    const SystemModel& m = *findSystem("pendulum-3d");
    const ParamValues v = defaults(m);
    const auto says = [&](const std::string& text, const std::string& words) {
      const std::string msg = refusal([&] { parseControlLaw(m, v, text); });
      if (msg.find(words) == std::string::npos) {
        qWarning("'%s' -> %s", text.c_str(), msg.c_str());
        return false;
      }
      return true;
    };
    QVERIFY(says("tau=[1, 2*Omega1+, 3]", "tau2 = '2*Omega1+': syntax error at column"));
    QVERIFY(says("tau=[1, 2, Kp*R13]", "tau3 = 'Kp*R13': unknown name 'Kp'"));
    QVERIFY(says("tau=[1, 2, Kp*R13]", "the names are t, the state's R11"));
    QVERIFY(says("tau=[1, 2, Kp*R13]", "Omega3 and the parameters "));
    QVERIFY(says("tau=[1, 2, Omega4]", "tau3 = 'Omega4'"));
    QVERIFY(says("tau=[1, 2, foo(t)]", "unknown function 'foo'"));
    QVERIFY(says("tau=[1, 2]", "takes 3 expressions in [ ], row by row; got 2"));
    QVERIFY(says("f=[1, 2, 3]", "unknown channel 'f' (the channels of pendulum-3d are tau)"));
    QVERIFY(says("tau=[1,2,3]; tau=[1,2,3]", "given twice"));
    QVERIFY(says("1, 2, 3", "is not CHANNEL=[e1, e2, ...]"));
    QVERIFY(says("", "is empty"));
    QVERIFY(says("tau=[1,,3]", "tau2 has no expression"));
    // NaN at run time: the run stops at the step, naming the expression
    IntegratorSettings st = m.defaultSettings();
    st.T = 1.0;
    auto run = makeTypedControlledRun(m, Method::Variational, v, st,
                                      "tau=[0, 0, 1/(t - 0.25) * 0 + log(0.3 - t)]");
    const std::vector<Sample> got = runAll(*run);
    QVERIFY(run->failure().failed);
    QVERIFY2(run->failure().reason.find("tau3 = '1/(t - 0.25) * 0 + log(0.3 - t)' is ") !=
                 std::string::npos,
             run->failure().reason.c_str());
    QVERIFY2(run->failure().reason.find("at step 25") != std::string::npos,
             run->failure().reason.c_str());
    QCOMPARE(got.size(), std::size_t(26));
  }
};

DMS_TEST_APPLESS_MAIN(TestControlLaw)
}  // namespace tst_controllaw
#include "tst_controllaw.moc"
