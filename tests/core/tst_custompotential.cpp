// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A potential the user types: the typed 3D pendulum and spherical pendulum reproduce the fixed
// systems' runs, GiNaC's derivatives against central differences for every allowed function,
// the vertical angular momentum of a symmetric and of a non-symmetric potential, a run stopped
// where U is no longer finite, the refusals, and runs on several threads at once.
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>
#include <thread>

#include "core/lie/so3.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/systems/customrigidbody.h"
#include "core/systems/customsphere.h"
#include "tests/common/suitemain.h"

namespace tst_custompotential {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

struct Ran {
  std::vector<Sample> samples;
  RunFailure failure;
};

Ran runAll(const SystemModel& m, const ParamValues& values, Method method, double h, double T) {
  IntegratorSettings st = m.defaultSettings();
  st.h = h;
  st.T = T;
  std::unique_ptr<Run> run = m.makeRun(m.normalize(values, nullptr), method, st);
  Ran out;
  while (run->advance(out.samples, 4096)) {
  }
  out.failure = run->failure();
  return out;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

// the largest difference between the named states of two runs' samples, entry by entry
double largestDifference(const SystemModel& a, const Ran& ra, const SystemModel& b, const Ran& rb,
                         Method method) {
  double worst = 0.0;
  for (std::size_t k = 0; k < ra.samples.size(); ++k) {
    const std::vector<StatePart> pa = namedState(a, method, ra.samples[k]);
    const std::vector<StatePart> pb = namedState(b, method, rb.samples[k]);
    for (std::size_t i = 0; i < pa.size(); ++i)
      for (std::size_t j = 0; j < pa[i].values.size(); ++j)
        worst = std::max(worst, std::fabs(pa[i].values[j] - pb[i].values[j]));
    worst = std::max(worst, std::fabs(ra.samples[k].energy - rb.samples[k].energy));
  }
  return worst;
}

ParamValues pendulumValues() {
  return {{"m", {1.0}},
          {"g", {9.81}},
          {"J", {0.13, 0.28, 0.17}},
          {"rotvec0", {0.7, -0.4, 0.2}},
          {"Omega0", {0.5, -1.0, 3.0}}};
}

class TestCustomPotential : public QObject {
  Q_OBJECT
 private slots:
  void registered() {
    for (const char* name : {"custom-rigid-body", "custom-sphere-particle"}) {
      const SystemModel* m = findSystem(name);
      QVERIFY(m);
      QVERIFY(typedPotential(*m));
      // the default potentials are the fixed systems': symmetric about e3
      QVERIFY(m->hasMomentum());
    }
    QVERIFY(!typedPotential(*findSystem("pendulum-3d")));
    QVERIFY(refusal([] {
              withPotential(*findSystem("pendulum-3d"), "R33");
            }).find("--potential applies to custom-rigid-body") != std::string::npos);
  }

  // The 3D pendulum's potential typed in, with the same values, for every method. The runs do
  // the same arithmetic up to the order of a few products and sums (-m*g*rho_i against -(m g)
  // rho_i): a few ulps per step, carried along over N steps; bound 8 N eps max(1, |x|), with
  // |x| <= 10 for these states and energies. T = 2 (N = 200) keeps the body's divergence of
  // nearby motions (about e^t here) far below a factor 10.
  void reproducesPendulum3d() {
    const SystemModel& fixed = *findSystem("pendulum-3d");
    const std::shared_ptr<const SystemModel> typed =
        withPotential(*findSystem("custom-rigid-body"), "-m*g*(R31*rho1 + R32*rho2 + R33*rho3)");
    const Vector3d rho(0.05, -0.02, 0.25);
    ParamValues pv = pendulumValues();
    pv["rho"] = {rho.x(), rho.y(), rho.z()};
    ParamValues cv = pendulumValues();
    cv["rho1"] = {rho.x()};
    cv["rho2"] = {rho.y()};
    cv["rho3"] = {rho.z()};
    const double h = 0.01, T = 2.0;
    const double bound = 8 * (T / h) * kEps * 10;
    for (Method m : fixed.methods()) {
      QVERIFY(typed->hasMethod(m));
      const Ran a = runAll(fixed, pv, m, h, T);
      const Ran b = runAll(*typed, cv, m, h, T);
      QCOMPARE(a.samples.size(), b.samples.size());
      QVERIFY(a.samples.size() > 10);
      const double d = largestDifference(fixed, a, *typed, b, m);
      qDebug("pendulum-3d %s: largest difference %.3g (bound %.3g)", methodName(m).c_str(), d,
             bound);
      QVERIFY2(d <= bound, qPrintable(QString::fromStdString(methodName(m))));
    }
  }

  // The spherical pendulum's potential -m*g*l*q3, every method. The general step forms
  // -h^2/(2 m l^2) q x dU where the fixed one forms h^2 g/(2 l) q x e3: a few ulps per step;
  // over N = 400 steps (T = 20, h = 0.05; the motion is integrable, errors add up linearly)
  // bound 8 N eps max(1, |x|), |x| <= 100 (the energy, m g l = 96).
  void reproducesSphericalPendulum() {
    const SystemModel& fixed = *findSystem("spherical-pendulum");
    const std::shared_ptr<const SystemModel> typed =
        withPotential(*findSystem("custom-sphere-particle"), "-m*g*l*q3");
    const ParamValues v = {{"m", {1.0}}, {"l", {9.81}}, {"g", {9.81}}};
    const double h = 0.05, T = 20.0;
    const double bound = 8 * (T / h) * kEps * 100;
    for (Method m : fixed.methods()) {
      QVERIFY(typed->hasMethod(m));
      const Ran a = runAll(fixed, v, m, h, T);
      const Ran b = runAll(*typed, v, m, h, T);
      QCOMPARE(a.samples.size(), b.samples.size());
      const double d = largestDifference(fixed, a, *typed, b, m);
      qDebug("spherical-pendulum %s: largest difference %.3g (bound %.3g)", methodName(m).c_str(),
             d, bound);
      QVERIFY2(d <= bound, qPrintable(QString::fromStdString(methodName(m))));
    }
  }

  // dU/dx_i from GiNaC against the central difference (U(x + d e_i) - U(x - d e_i)) / 2d of the
  // typed text itself, at random points inside every function's domain. With d = 1e-5 the
  // truncation is d^2/6 |U'''| and the rounding eps |U| / d; for these expressions (|U| and its
  // derivatives of order 10 at most on the points drawn) both stay below 1e-8, so the bound is
  // 1e-7 (1 + |dU|); a wrong derivative (a sign, a factor, a missed chain rule) is off by O(1).
  void derivativesAgainstCentralDifferences_data() {
    QTest::addColumn<QString>("expr");
    QTest::newRow("polynomial") << "a*q1^3 - q1*q2*q3 + q3^2/b";
    QTest::newRow("sin") << "a*sin(2*q1*q2)";
    QTest::newRow("cos") << "cos(q1 + b*q3)";
    QTest::newRow("tan") << "tan(q1*q2) + q3";
    QTest::newRow("asin") << "asin(q1*q2) * a";
    QTest::newRow("acos") << "acos(q3/2) - q1";
    QTest::newRow("atan") << "atan(q1/q2)";
    QTest::newRow("sinh") << "sinh(q1 - q3)";
    QTest::newRow("cosh") << "b*cosh(q2*q3)";
    QTest::newRow("tanh") << "tanh(a*q1) * q2";
    QTest::newRow("exp") << "exp(-q1^2 - q2^2)";
    QTest::newRow("log") << "log(q1 + q2 + b)";
    QTest::newRow("sqrt") << "sqrt(q1^2 + q3 + 1)";
    QTest::newRow("pi and power") << "(q1 + 2)^(q2/3) * pi";
    QTest::newRow("signs") << "-q1^2 + -(-q2)*3 - -q3";
  }
  void derivativesAgainstCentralDifferences() {
    QFETCH(QString, expr);
    const PotentialExpression e =
        acceptPotential(expr.toStdString(), CustomSphereParticle::variables());
    ParamValues values = {{"m", {1.0}}, {"l", {1.0}}};
    for (const std::string& p : e.parameters) values[p] = {1.7};
    PotentialEvaluator ev(e, values);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(0.1, 0.9);
    const double d = 1e-5;
    for (int trial = 0; trial < 20; ++trial) {
      double x[3] = {u(rng), u(rng), u(rng)};
      for (int i = 0; i < 3; ++i) {
        std::copy(x, x + 3, ev.vars());
        const double exact = ev.gradient()[i];
        ev.vars()[i] = x[i] + d;
        const double up = ev.value();
        ev.vars()[i] = x[i] - d;
        const double down = ev.value();
        const double fd = (up - down) / (2 * d);
        QVERIFY2(std::fabs(exact - fd) <= 1e-7 * (1 + std::fabs(exact)),
                 qPrintable(QString("%1: dU/dq%2 = %3 (%4), central difference %5")
                                .arg(expr)
                                .arg(i + 1)
                                .arg(exact)
                                .arg(QString::fromStdString(e.gradient[i]))
                                .arg(fd)));
      }
    }
  }

  // The rigid body's nine derivatives in the same way, at random attitudes (the derivatives
  // are taken in the nine entries as free variables, R need not be a rotation)
  void rigidBodyDerivatives() {
    const PotentialExpression e =
        acceptPotential("k*(R11*R22 - R12*R21)^2 + exp(R13*R31) - a*cos(R23 + R32) + R33^3",
                        CustomRigidBody::variables());
    QCOMPARE(e.parameters, (std::vector<std::string>{"a", "k"}));
    QVERIFY(!e.symmetricAboutE3);
    PotentialEvaluator ev(e, {{"a", {0.3}}, {"k", {2.0}}});
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> u(-1, 1);
    const double d = 1e-5;
    for (int trial = 0; trial < 10; ++trial) {
      const Matrix3d R = so3Exp(Vector3d(u(rng), u(rng), u(rng)) * 2.0);
      for (int i = 0; i < 9; ++i) {
        for (int k = 0; k < 9; ++k) ev.vars()[k] = R(k / 3, k % 3);
        const double exact = ev.gradient()[i];
        const double xi = ev.vars()[i];
        ev.vars()[i] = xi + d;
        const double up = ev.value();
        ev.vars()[i] = xi - d;
        const double down = ev.value();
        QVERIFY(std::fabs(exact - (up - down) / (2 * d)) <= 1e-7 * (1 + std::fabs(exact)));
      }
    }
  }

  // A potential of R's third row only is symmetric about e3: vi (compensated) keeps
  // e3.(R J Omega) to round-off, the bound of tst_pendulum3d: 10 sqrt(N) eps (|J Omega| +
  // h |M|), N = 3000 steps, |J Omega| and |M| below 10 here. Adding k R11 (which turns with a
  // rotation about e3) breaks the symmetry: the momentum then changes by O(k T), measured.
  void verticalMomentum() {
    const SystemModel& base = *findSystem("custom-rigid-body");
    const auto sym = withPotential(base, "-m*g*(R31*a + R33*c) + k*R33^2");
    const auto asym = withPotential(base, "-m*g*(R31*a + R33*c) + k*R33^2 + k*R11");
    QVERIFY(sym->hasMomentum());
    QVERIFY(!asym->hasMomentum());
    ParamValues v = {{"m", {1.0}}, {"g", {9.81}}, {"a", {0.1}}, {"c", {0.3}}, {"k", {0.5}}};
    const double h = 0.01, T = 30.0;
    const auto dev = [&](const SystemModel& m) {
      const Ran r = runAll(m, v, Method::Variational, h, T);
      double worst = 0.0;
      for (const Sample& s : r.samples)
        worst = std::max(worst, std::fabs(s.momentum.z() - r.samples.front().momentum.z()));
      return worst;
    };
    const double bound = 10 * std::sqrt(T / h) * kEps * (10 + h * 10);
    const double dSym = dev(*sym), dAsym = dev(*asym);
    qDebug("vertical angular momentum over %g s: symmetric %.3g (bound %.3g), not symmetric %.3g",
           T, dSym, bound, dAsym);
    QVERIFY(dSym <= bound);
    QVERIFY(dAsym > 1e-2);
  }

  void sphereSymmetry() {
    const SystemModel& base = *findSystem("custom-sphere-particle");
    QVERIFY(withPotential(base, "k*(q1^2 + q2^2) + q3")->hasMomentum());
    QVERIFY(!withPotential(base, "k*q1^2 + q3")->hasMomentum());
  }

  // U = -m g l q3 + sqrt(0.6 - q3): the particle falls from q3 = 0.5 towards the bottom q3 = 1
  // and the square root's argument turns negative; the run stops at its last good sample with
  // the time and the reason
  void notFiniteDuringRunStops() {
    const auto m =
        withPotential(*findSystem("custom-sphere-particle"), "-m*g*l*q3 + sqrt(0.6 - q3)");
    for (Method method : {Method::Variational, Method::Rk45, Method::Rattle}) {
      const Ran r = runAll(*m, {{"g", {9.81}}, {"omega0", {0, 0, 0}}}, method, 0.01, 20.0);
      QVERIFY(r.failure.failed);
      QVERIFY(r.failure.time > 0.0);
      QVERIFY(!r.samples.empty());
      QVERIFY(std::isfinite(r.samples.back().energy));
      QVERIFY(r.samples.back().t <= r.failure.time + 1e-12);
      QVERIFY2(r.failure.reason.find("not finite") != std::string::npos ||
                   r.failure.reason.find("non-finite") != std::string::npos,
               r.failure.reason.c_str());
      qDebug("%s stops: %s", methodName(method).c_str(), r.failure.reason.c_str());
    }
    const auto body = withPotential(*findSystem("custom-rigid-body"), "-g*R33 + sqrt(0.9 - R33)");
    const Ran r = runAll(*body, {{"g", {9.81}}, {"rotvec0", {1.2, 0, 0}}, {"Omega0", {0, 0, 0}}},
                         Method::Variational, 0.01, 20.0);
    QVERIFY(r.failure.failed);
    QVERIFY2(r.failure.reason.find("not finite") != std::string::npos, r.failure.reason.c_str());
  }

  void refusals_data() {
    QTest::addColumn<QString>("expr");
    QTest::addColumn<QString>("says");
    QTest::newRow("syntax: end") << "1 + (R11 * "
                                 << "syntax error at column 12";
    QTest::newRow("syntax: operand") << "R11 * * R12"
                                     << "syntax error at column 7";
    QTest::newRow("syntax: expected") << "R11 R12"
                                      << "expected an operator";
    QTest::newRow("missing paren") << "sin(R11"
                                   << "expected ')'";
    QTest::newRow("unknown variable") << "R14 + R11"
                                      << "unknown variable 'R14' at column 1";
    QTest::newRow("unknown function") << "R11 + foo(R12)"
                                      << "unknown function 'foo' at column 7";
    QTest::newRow("function without argument") << "sin + R11"
                                               << "function 'sin' at column 1";
    QTest::newRow("reserved") << "J*R11"
                              << "'J' at column 1 is a parameter of the system";
    QTest::newRow("ginac name") << "Pi*R11"
                                << "'Pi' at column 1 is reserved";
    QTest::newRow("character") << "R11 % 2"
                               << "unexpected character '%' at column 5";
    QTest::newRow("comma") << "R11, R12"
                           << "unexpected character ','";
    QTest::newRow("middle dot") << QString::fromUtf8("R11 \u00b7 R12")
                                << QString::fromUtf8(
                                       "unexpected character U+00B7 '\u00b7' at column 5");
    QTest::newRow("superscript") << QString::fromUtf8("R11\u00b2")
                                 << QString::fromUtf8(
                                        "unexpected character U+00B2 '\u00b2' at column 4");
    QTest::newRow("outside the BMP")
        << QString::fromUtf8("R11 + \U0001F600")
        << QString::fromUtf8("character U+1F600 '\U0001F600' at column 7");
    QTest::newRow("control") << QString("R11\x01") << "unexpected character U+0001 at column 4";
    QTest::newRow("chained power") << "R11^2^3"
                                   << "could not be read";
    QTest::newRow("chained power, spaced") << "R11 ^ 2 ^ 3"
                                           << "the power at column 9 follows another one";
    QTest::newRow("chained power, signed") << "R11^-2^3"
                                           << "the power at column 7 follows another one";
    QTest::newRow("chained power, in parentheses") << "cos(R11^2^R12)"
                                                   << "the power at column 10 follows another";
    QTest::newRow("imaginary") << "sqrt(-1)*R11"
                               << "not a real expression";
    QTest::newRow("division by zero") << "k/(R11 - R11)"
                                      << "division by zero";
    QTest::newRow("huge exponent") << "R11*0e+82222222222222222222222222222222"
                                   << "the number '0e+82222222222222222222222222222222' at "
                                      "column 5 has an exponent beyond 400";
    QTest::newRow("exponent 401") << "R11*1e-401"
                                  << "has an exponent beyond 400";
    QTest::newRow("not a double") << "R11*2e308"
                                  << "the number '2e308' at column 5 is too large";
    QTest::newRow("too many digits") << "R11*1" + QString(400, '0') << "is too large for a double";
    QTest::newRow("empty") << ""
                           << "syntax error at column";
    QTest::newRow("length") << QString(4097, 'R') << "at most 4096";
    QTest::newRow("nesting") << QString(65, '(') + "R11" + QString(65, ')')
                             << "nests deeper than 64";
    QTest::newRow("signs") << QString(70, '-') + "R11"
                           << "nests deeper than 64";
  }
  // A power after another one is read where an operator or a parenthesis separates them.
  void powersThatAreNotChainsAreRead() {
    for (const char* text : {"(R11^2)^3", "R11^(2^3)", "R11^2*R12^3", "-R11^2-R12^-2",
                             "cos(R11^2)^2", "R11^2+2^R12", "R11^2/R12^2"}) {
      const std::string why =
          refusal([&] { withPotential(*findSystem("custom-rigid-body"), text); });
      QVERIFY2(why.empty(), qPrintable(QString("%1: %2").arg(text, why.c_str())));
    }
  }

  void refusals() {
    QFETCH(QString, expr);
    QFETCH(QString, says);
    const std::string why =
        refusal([&] { withPotential(*findSystem("custom-rigid-body"), expr.toStdString()); });
    QVERIFY2(why.find(says.toStdString()) != std::string::npos, why.c_str());
    QVERIFY2(why.rfind("--potential", 0) == 0, why.c_str());
    // valid UTF-8 whatever the text: decoded and encoded again, the same bytes
    QCOMPARE(QString::fromUtf8(why.c_str()).toUtf8(), QByteArray(why.c_str()));
  }

  // a byte that starts no UTF-8 sequence (Latin-1 text) is named by its value, and the message
  // stays valid UTF-8
  void refusesAByteThatIsNotUtf8() {
    for (const std::string text : {"R11 \xb7 R12", "R11 + \xe2\x80", "R11\xc3"}) {
      const std::string why =
          refusal([&] { withPotential(*findSystem("custom-rigid-body"), text); });
      QVERIFY2(why.find("(not UTF-8) at column") != std::string::npos, why.c_str());
      QCOMPARE(QString::fromUtf8(why.c_str()).toUtf8(), QByteArray(why.c_str()));
    }
    const std::string why =
        refusal([&] { withPotential(*findSystem("custom-rigid-body"), "R11 \xb7 R12"); });
    QVERIFY2(why.find("unexpected byte 0xB7 (not UTF-8) at column 5") != std::string::npos,
             why.c_str());
  }

  void limitsAccepted() {
    // 64 levels and 4096 characters are still accepted
    const std::string deep = std::string(64, '(') + "R11" + std::string(64, ')');
    QCOMPARE(acceptPotential(deep, CustomRigidBody::variables()).gradient[0], std::string("1"));
    std::string longText = "R11";
    while (longText.size() + 6 <= kMaxPotentialLength) longText += " + R12";
    QVERIFY(longText.size() > 4090);
    acceptPotential(longText, CustomRigidBody::variables());
    // exponents up to 400 and every finite double (the largest, the smallest subnormal):
    // accepted, where a refusal would throw
    for (const char* number : {"0e400", "1e-400", "1.7976931348623157e308", "4.9e-324"})
      acceptPotential(std::string("R11*") + number, CustomRigidBody::variables());
  }

  void missingValueAndNotFiniteAtStart() {
    const auto m = withPotential(*findSystem("custom-rigid-body"), "k*R33 + c");
    const std::string why = refusal([&] { m->normalize({{"k", {1.0}}}, nullptr); });
    QVERIFY2(why.find("parameter 'c'") != std::string::npos &&
                 why.find("has no value") != std::string::npos,
             why.c_str());
    const auto log0 = withPotential(*findSystem("custom-sphere-particle"), "log(q3 - 0.6)");
    const std::string why2 = refusal([&] { log0->normalize({}, nullptr); });
    QVERIFY2(why2.find("not finite at the initial q0") != std::string::npos, why2.c_str());
    const auto body = withPotential(*findSystem("custom-rigid-body"), "1/(R33 - 1)");
    const std::string why3 = refusal([&] { body->normalize({{"rotvec0", {0, 0, 0}}}, nullptr); });
    QVERIFY2(why3.find("not finite at the initial attitude") != std::string::npos, why3.c_str());
  }

  // runs of one typed system on several threads at once: each run has its own evaluator, so
  // each gives the serial run's samples bit for bit
  void concurrentRuns() {
    const auto m =
        withPotential(*findSystem("custom-sphere-particle"), "k*q1^2 - m*g*l*q3 + sin(q2)");
    const ParamValues v = {{"k", {2.0}}, {"g", {9.81}}};
    const Ran serial = runAll(*m, v, Method::Variational, 0.01, 5.0);
    std::vector<Ran> parallel(4);
    std::vector<std::thread> threads;
    for (Ran& r : parallel)
      threads.emplace_back([&] { r = runAll(*m, v, Method::Variational, 0.01, 5.0); });
    for (std::thread& t : threads) t.join();
    for (const Ran& r : parallel) {
      QCOMPARE(r.samples.size(), serial.samples.size());
      QCOMPARE(r.samples.back().state, serial.samples.back().state);
    }
  }
};

DMS_TEST_GUILESS_MAIN(TestCustomPotential)
}  // namespace tst_custompotential
#include "tst_custompotential.moc"
