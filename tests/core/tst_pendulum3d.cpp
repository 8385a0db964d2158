// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D pendulum on SO(3) (a rigid body on a pivot): the LGVI's order, its conserved vertical
// angular momentum, the heavy top's Omega_2, a planar motion against the planar pendulum, and
// bad input.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/lie/so3.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/systems/pendulum3d.h"
#include "core/systems/planarpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_pendulum3d {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

const SystemModel& model() { return *findSystem("pendulum-3d"); }

// every sample of a run of method at (h, T) from the normalized values
std::vector<Sample> runAll(const SystemModel& m, const ParamValues& values, Method method, double h,
                           double T) {
  IntegratorSettings st = m.defaultSettings();
  st.h = h;
  st.T = T;
  st.rtol = 1e-12;
  st.atol = 1e-14;
  std::unique_ptr<Run> run = m.makeRun(m.normalize(values, nullptr), method, st);
  std::vector<Sample> all;
  while (run->advance(all, 4096)) {
  }
  if (run->failure().failed) qWarning("%s", run->failure().reason.c_str());
  return all;
}

// Omega of a sample of a 3D pendulum's run, by its name
Vector3d omegaOf(const Sample& s) {
  const std::vector<StatePart> parts = namedState(model(), Method::Variational, s);
  const std::vector<double>& w = findPart(parts, "Omega")->values;
  return Vector3d(w[0], w[1], w[2]);
}

// the last sample only, for long runs
Sample runLast(const SystemModel& m, const ParamValues& values, Method method, double h, double T,
               double* maxL3Dev = nullptr) {
  IntegratorSettings st = m.defaultSettings();
  st.h = h;
  st.T = T;
  std::unique_ptr<Run> run = m.makeRun(m.normalize(values, nullptr), method, st);
  struct Keep final : SampleSink {
    Sample first, last;
    bool any = false;
    double dev = 0.0;
    void take(const Sample& s) override {
      if (!any) first = s;
      any = true;
      last = s;
      dev = std::max(dev, std::fabs(s.momentum.z() - first.momentum.z()));
    }
  } keep;
  while (run->advance(keep, 4096, SampleFields::All)) {
  }
  if (maxL3Dev) *maxL3Dev = keep.dev;
  return keep.last;
}

ParamValues heavyTop() {
  return {{"m", {15.0}},
          {"J", {15.234375, 0.46875, 15.234375}},
          {"rho", {0.0, 1.0, 0.0}},
          {"rotvec0", {0.0, 0.0, 0.0}},
          {"Omega0", {0.0, 150.0, 4.61538}}};
}

std::string refusal(const ParamValues& v) {
  try {
    model().normalize(v, nullptr);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

class TestPendulum3d : public QObject {
  Q_OBJECT
 private slots:
  // a body on a pivot stores no x and v (they are the pivot's, 0): its state is R (9) or the
  // quaternion (4) and Omega, the CSV's state columns and the named state agree with it, and
  // R is the sample's attitude
  void pivotStoresNoPosition_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    for (const char* system : {"pendulum-3d", "custom-rigid-body"})
      for (Method m : findSystem(system)->methods())
        QTest::newRow((std::string(system) + " " + methodName(m)).c_str())
            << QString(system) << int(m);
  }
  void pivotStoresNoPosition() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const SystemModel& m = *findSystem(system.toStdString());
    IntegratorSettings st = m.defaultSettings();
    st.T = 20 * st.h;
    std::unique_ptr<Run> run = m.makeRun(m.normalize({}, nullptr), Method(method), st);
    const std::vector<std::string> names = run->stateNames();
    std::vector<Sample> all;
    while (run->advance(all, 64)) {
    }
    const bool quaternion = Method(method) == Method::Rk45Quat;
    QCOMPARE(int(names.size()), quaternion ? 7 : 12);
    for (const std::string& n : names) QVERIFY2(n[0] != 'x' && n[0] != 'v', n.c_str());
    for (const Sample& s : all) {
      QCOMPARE(int(s.state.size()), int(names.size()));
      const std::vector<StatePart> parts = namedState(m, Method(method), s);
      QCOMPARE(parts.size(), std::size_t(2));
      const std::vector<double>& R = findPart(parts, "R")->values;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          QVERIFY(std::fabs(R[std::size_t(3 * i + j)] - s.attitude(i, j)) <= 4 * kEps);
      const std::vector<double>& W = findPart(parts, "Omega")->values;
      QCOMPARE(W[2], s.state[s.state.size() - 1]);
    }
  }

  void registeredWithItsInterfaces() {
    QVERIFY(findSystem("pendulum-3d"));
    const std::vector<ConservedQuantity> c = model().conserved();
    QCOMPARE(c.size(), std::size_t(2));
    QCOMPARE(c[1].name, std::string("vertical angular momentum"));
    // at rest hanging (rho along e3, R = I) nothing moves: the samples stay at t = 0's
    const std::vector<Sample> rest =
        runAll(model(), {{"rho", {0, 0, 0.3}}, {"rotvec0", {0, 0, 0}}, {"Omega0", {0, 0, 0}}},
               Method::Variational, 0.01, 1.0);
    QCOMPARE(rest.size(), std::size_t(101));
    QCOMPARE(rest.back().attitude, Matrix3d::Identity());
    QCOMPARE(rest.back().position, Vector3d(0, 0, 0.3));
    const std::vector<StatePart> parts = namedState(model(), Method::Variational, rest.back());
    QCOMPARE(parts.size(), std::size_t(2));
    QCOMPARE(parts[0].name, std::string("R"));
    QCOMPARE(parts[1].name, std::string("Omega"));
  }

  // vi is of order 2, vi4 and rk4 of order 4: the error at T = 1 against RK45 at tolerances
  // 1e-12 falls by 2^p when h halves (p fitted over h = 0.02, 0.01, 0.005; the default set-up,
  // rates of a few rad/s, so h |Omega| <= 0.06 is in the asymptotic range)
  void orders_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("order");
    QTest::newRow("vi") << int(Method::Variational) << 2.0;
    QTest::newRow("vi4") << int(Method::Vi4) << 4.0;
    QTest::newRow("rk4") << int(Method::Rk4) << 4.0;
  }
  void orders() {
    QFETCH(int, method);
    QFETCH(double, order);
    const double T = 1.0;
    const Sample ref = runAll(model(), {}, Method::Rk45, 0.005, T).back();
    std::vector<double> err;
    for (double h : {0.02, 0.01, 0.005}) {
      const Sample s = runLast(model(), {}, Method(method), h, T);
      QCOMPARE(s.t, ref.t);
      err.push_back(model().stateError(s, ref).norm());
    }
    for (std::size_t i = 0; i + 1 < err.size(); ++i) {
      const double p = std::log2(err[i] / err[i + 1]);
      // the observed order within 0.2 of the theory's at these steps
      QVERIFY2(
          std::fabs(p - order) < 0.2,
          qPrintable(
              QString("order %1 between errors %2 and %3").arg(p).arg(err[i]).arg(err[i + 1])));
    }
  }

  // e3.(R J Omega) over 10^5 steps of vi: the compensated step adds each increment of the
  // spatial momentum pi = R J Omega exactly up to one rounding, and the torque's vertical
  // component is e3.(R (m g rho x R^T e3)) = 0 up to a few ulps of m g |rho|; a random walk of
  // such errors over N steps is about sqrt(N) h eps m g |rho|, and reading R J Omega off a sample
  // adds a few ulps of |J Omega|. Bound: 10 sqrt(N) eps (|J Omega| + h m g |rho|), which a drift
  // of one ulp per step (N eps |L| = 1e5 eps |L|) would exceed
  void verticalMomentumToRoundOff() {
    const Pendulum3dParams p;
    const double h = 0.01, N = 1e5;
    double dev = 0.0;
    const Sample last = runLast(model(), {}, Method::Variational, h, N * h, &dev);
    QCOMPARE(last.t, N * h);
    const double scale = (p.J.asDiagonal() * p.Omega0).norm() + h * p.m * p.g * p.rho.norm();
    const double bound = 10 * std::sqrt(N) * kEps * scale;
    qInfo("max |L3 - L3(0)| = %.3g over 1e5 steps, bound %.3g", dev, bound);
    QVERIFY2(dev <= bound, qPrintable(QString("%1 > %2").arg(dev).arg(bound)));
  }

  // the heavy top: symmetric about rho (J1 = J3, rho along e2), so the torque has no e2
  // component and Omega_2 = 150 rad/s is conserved. vi over its 8192 steps of 2^-13 s: within
  // a random walk of a few ulps of |J Omega| / J2 per step, 10 sqrt(N) eps |J Omega| / J2
  void heavyTopOmega2() {
    const std::vector<Sample> all =
        runAll(model(), heavyTop(), Method::Variational, std::ldexp(1.0, -13), 1.0);
    QCOMPARE(all.size(), std::size_t(8193));
    double dev = 0.0;
    for (const Sample& s : all) dev = std::max(dev, std::fabs(omegaOf(s)[1] - 150.0));
    const double JOmega = Vector3d(15.234375 * 0.0, 0.46875 * 150.0, 15.234375 * 4.61538).norm();
    const double bound = 10 * std::sqrt(8192.0) * kEps * JOmega / 0.46875;
    qInfo("heavy top: max |Omega_2 - 150| = %.3g, bound %.3g", dev, bound);
    QVERIFY2(dev <= bound, qPrintable(QString("%1 > %2").arg(dev).arg(bound)));
    // and the body moved: the top precesses (its axis rho leaves its start)
    QVERIFY((all.back().position - all.front().position).norm() > 0.01);
  }

  // rotations about e1 with rho = (0, 0, r) are a planar pendulum of length l = J1 / (m r):
  // (42) about e1 reads J1 sin(dtheta) = h J1 Omega - h^2/2 m g r sin(theta), eq (25) with
  // g/l = m g r / J1, and (45) is (27). The two variational runs are the same map, so they agree
  // to round-off: over 2000 steps a phase error of a few ulps per step, 2000 * 10 eps in theta
  // times the rates (about 2 rad/s here), well under 1e-10
  void planarMotionIsThePlanarPendulum() {
    const double m = 2.0, r = 0.5, J1 = 0.8, g = 9.81, theta0 = 1.0, w0 = 0.3;
    const ParamValues p3 = {{"m", {m}},
                            {"g", {g}},
                            {"J", {J1, 0.7, 0.3}},
                            {"rho", {0, 0, r}},
                            {"rotvec0", {theta0, 0, 0}},
                            {"Omega0", {w0, 0, 0}}};
    const SystemModel& planar = *findSystem("planar-pendulum");
    const ParamValues p2 = {
        {"m", {m}}, {"l", {J1 / (m * r)}}, {"g", {g}}, {"theta0", {theta0}}, {"omega0", {w0}}};
    const std::vector<Sample> a = runAll(model(), p3, Method::Variational, 0.01, 20.0);
    const std::vector<Sample> b = runAll(planar, p2, Method::Variational, 0.01, 20.0);
    QCOMPARE(a.size(), b.size());
    double dTheta = 0.0, dOmega = 0.0, off = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      const Matrix3d& R = a[k].attitude;
      const double theta3 = std::atan2(R(2, 1), R(1, 1));
      const double theta2 =
          findPart(namedState(planar, Method::Variational, b[k]), "theta")->values[0];
      dTheta = std::max(dTheta, std::fabs(theta3 - theta2));
      const Vector3d W = omegaOf(a[k]);
      dOmega = std::max(dOmega, std::fabs(W[0] - b[k].state[4]));
      off = std::max(off, std::fabs(W[1]) + std::fabs(W[2]));
    }
    qInfo("planar motion: max |dtheta| %.3g, |dOmega| %.3g", dTheta, dOmega);
    QVERIFY2(dTheta < 1e-10 && dOmega < 1e-10,
             qPrintable(QString("%1 %2").arg(dTheta).arg(dOmega)));
    QCOMPARE(off, 0.0);  // Omega_2, Omega_3 stay exactly 0: no torque off e1
  }

  // bad input names the field, the value and the allowed range
  void refusesBadInput() {
    const std::string triangle = refusal({{"J", {1, 1, 3}}});
    QVERIFY2(triangle.find("'J' = 1,1,3") != std::string::npos &&
                 triangle.find("triangle inequality") != std::string::npos,
             triangle.c_str());
    const std::string offset = refusal({{"J", {1, 1, 1}}, {"m", {10}}, {"rho", {0, 0, 1}}});
    QVERIFY2(offset.find("'J' = 1,1,1") != std::string::npos &&
                 offset.find("'m' = 10") != std::string::npos &&
                 offset.find("'rho' = 0,0,1") != std::string::npos,
             offset.c_str());
    const std::string zero = refusal({{"J", {0, 1, 1}}});
    QVERIFY2(zero.find("'J'") != std::string::npos && zero.find("(0, ") != std::string::npos,
             zero.c_str());
    const std::string mass = refusal({{"m", {-1}}});
    QVERIFY2(mass.find("'m' = -1") != std::string::npos, mass.c_str());
    // a body on the boundary is one: the heavy top is a flat disk about its centre of mass
    QVERIFY(refusal(heavyTop()).empty());
  }
};

DMS_TEST_GUILESS_MAIN(TestPendulum3d)
}  // namespace tst_pendulum3d
#include "tst_pendulum3d.moc"
