// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The quadrotor (core/systems/quadrotor.h) under the geometric tracking controller
// (core/sim/geometriclaw.h), the two cases of Lee, Leok and McClamroch (CDC 2010): the rotor
// map and its inverse, the attitude error Psi falling and the tracking errors converging with
// vi and rk45, vi staying on SO(3) over a long flight where rk45 drifts off it, R_d's rates
// against finite differences, and bad input refused naming the field.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/lie/so3.h"
#include "core/sim/controllaw.h"
#include "core/sim/geometriclaw.h"
#include "core/sim/registry.h"
#include "core/systems/quadrotor.h"
#include "tests/common/suitemain.h"

namespace tst_quadrotor {

using namespace dms;

const SystemModel& quad() { return *findSystem("quadrotor"); }

// the paper's initial states: at rest at the origin, level (tracking) or turned 178 degrees
// about e1 (flip)
ParamValues caseValues(GeometricCase which) {
  ParamValues v = quad().normalize({}, nullptr);
  v["x0"] = {0, 0, 0};
  v["v0"] = {0, 0, 0};
  v["Omega0"] = {0, 0, 0};
  v["rotvec0"] = {which == GeometricCase::Flip ? 178.0 * kPi / 180.0 : 0.0, 0, 0};
  return quad().normalize(v, nullptr);
}

std::string lawText(GeometricCase which) {
  return which == GeometricCase::Flip ? R"({"kind": "geometric-tracking", "case": "flip"})"
                                      : R"({"kind": "geometric-tracking", "case": "tracking"})";
}

struct Flight {
  std::vector<Sample> samples;
  std::vector<GeometricErrors> errors;
  std::string failure;
};

Flight fly(GeometricCase which, Method method, double T, double h = 0.01) {
  const ParamValues v = caseValues(which);
  IntegratorSettings st = quad().defaultSettings();
  st.h = h;
  st.T = T;
  auto run = makeTypedControlledRun(quad(), method, v, st, lawText(which));
  Flight f;
  while (run->advance(f.samples, 512)) {
  }
  f.failure = run->failure().reason;
  GeometricErrorTracker tracker(parseGeometricLaw(quad(), v, lawText(which)), quad(), v);
  for (const Sample& s : f.samples) f.errors.push_back(tracker.next(quad(), method, s));
  return f;
}

std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(nothing thrown)";
}

class TestQuadrotor : public QObject {
  Q_OBJECT

 private slots:
  // the rotor forces' map and its inverse agree to round-off (the matrix's condition number,
  // about 1/c_tauf = 1.2e3, times a few eps)
  void rotorMapInverts() {
    const Eigen::Vector4d fi(10.0, 11.0, 9.5, 12.0);
    const Eigen::Vector4d w = quadrotorWrench(fi, 0.315, 8.004e-4);
    QCOMPARE(w[0], 42.5);
    QVERIFY(std::abs(w[1] - 0.315 * (12.0 - 11.0)) < 1e-14);
    QVERIFY(std::abs(w[2] - 0.315 * (10.0 - 9.5)) < 1e-14);
    const Eigen::Vector4d back = quadrotorRotorForces(w, 0.315, 8.004e-4);
    QVERIFY2((back - fi).norm() < 1e3 * 16 * 2.2e-16 * fi.norm(),
             qPrintable(QString::number((back - fi).norm())));
  }

  // both cases, vi and rk45: the attitude error function Psi falls from its start to the
  // hold's floor, and |e_x|, |e_v| converge. The closed loop's position errors decay like
  // exp(-k_v t / 2m) = exp(-2.8 t) (s^2 + 5.6 s + 16 = 0); what is left is the zero-order
  // hold's: the control held over each step lags the moving reference by h/2, an error of
  // (h/2) |x_d'''| in the commanded acceleration, |x_d'''| = 0.6 pi^3 = 18.6 m/s^3 at most, so
  // |e_x| <= (h/2) |x_d'''| / (k_x/m) = 5.8e-3 m and |e_v| <= pi times that (the reference's
  // rate), 0.019 m/s; in attitude a lag of (h/2) |Omega_d| <= (h/2) pi = 0.016 rad, Psi =
  // theta^2/2 <= 1.2e-4. The flip case's x_d is fixed: its errors fall to round-off from its
  // excursion while upside down, by a tenth at least between the second quarter and the last
  void errorsConverge_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("T");
    for (Method m : {Method::Variational, Method::Rk45}) {
      const QByteArray name = QByteArray::fromStdString(methodName(m));
      QTest::newRow("tracking " + name) << int(GeometricCase::Tracking) << int(m) << 10.0;
      QTest::newRow("flip " + name) << int(GeometricCase::Flip) << int(m) << 6.0;
    }
  }
  void errorsConverge() {
    QFETCH(int, which);
    QFETCH(int, method);
    QFETCH(double, T);
    const Flight f = fly(GeometricCase(which), Method(method), T);
    QVERIFY2(f.failure.empty(), f.failure.c_str());
    QCOMPARE(f.samples.size(), std::size_t(std::llround(T / 0.01)) + 1);
    const GeometricErrors& first = f.errors.front();
    const GeometricErrors& last = f.errors.back();
    // after the transient: the second quarter of the flight and the last
    double psiLate = 0.0, exLate = 0.0, psiMid = 0.0, exMid = 0.0;
    for (std::size_t k = 0; k < f.errors.size(); ++k) {
      const double t = f.samples[k].t;
      if (t >= 0.75 * T) {
        psiLate = std::max(psiLate, f.errors[k].psi);
        exLate = std::max(exLate, f.errors[k].ex);
      } else if (t >= 0.25 * T && t < 0.5 * T) {
        psiMid = std::max(psiMid, f.errors[k].psi);
        exMid = std::max(exMid, f.errors[k].ex);
      }
    }
    const QString msg = QString(
                            "Psi %1 -> %2 (second quarter max %3, last %4), |e_x| %5 -> %6 "
                            "(second quarter max %7, last %8), |e_v| %9")
                            .arg(first.psi)
                            .arg(last.psi)
                            .arg(psiMid)
                            .arg(psiLate)
                            .arg(first.ex)
                            .arg(last.ex)
                            .arg(exMid)
                            .arg(exLate)
                            .arg(last.ev);
    qInfo("%s", qPrintable(msg));
    QVERIFY(last.positionMode);
    QVERIFY2(psiLate < 1.2e-4 && psiLate < 1e-3 * first.psi, qPrintable(msg));
    QVERIFY2(exLate < std::max(0.1 * exMid, 5.8e-3), qPrintable(msg));
    QVERIFY2(last.ex < 5.8e-3, qPrintable(msg));
    QVERIFY2(last.ev < 0.019, qPrintable(msg));
  }

  // over a long flight vi's R stays on SO(3) to round-off (each step's R_{k+1} = R_k F_k, F_k
  // orthogonal to the Newton tolerance 1e-15: sqrt(N) eps growth, far below 1e-11 after 1e4
  // steps), while rk45's R, integrated as nine numbers, drifts by its local error per step
  // (rtol 1e-6 by default), orders of magnitude above
  void viStaysOnSo3() {
    const double T = 100.0;
    const Flight vi = fly(GeometricCase::Tracking, Method::Variational, T);
    const Flight rk = fly(GeometricCase::Tracking, Method::Rk45, T);
    QVERIFY2(vi.failure.empty() && rk.failure.empty(), (vi.failure + rk.failure).c_str());
    double viMax = 0.0, rkLast = rk.samples.back().structure;
    for (const Sample& s : vi.samples) viMax = std::max(viMax, s.structure);
    qInfo("||I - R^T R|| over %g s: vi max %g, rk45 at the end %g", T, viMax, rkLast);
    QVERIFY2(viMax < 1e-11, qPrintable(QString::number(viMax)));
    QVERIFY2(rkLast > 1e3 * viMax, qPrintable(QString::number(rkLast)));
    // rk45's drift grows: at the end larger than at a tenth of the flight
    QVERIFY(rkLast > rk.samples[rk.samples.size() / 10].structure);
  }

  // Omega_d and Omega_d' of geometricControl against central differences of R_d along the
  // model's own motion under the held control (x, v, R, Omega advanced by a short exact-enough
  // Taylor step): second order in the difference step delta, so agreement to about
  // delta^2 |R_d'''| (1e-4 relative at delta = 1e-4 is far above round-off eps/delta^2 = 2e-8)
  void desiredRatesMatchDifferences() {
    GeometricTrackingSpec spec = parseGeometricLaw(quad(), caseValues(GeometricCase::Tracking),
                                                   lawText(GeometricCase::Tracking));
    GeometricPlant p;
    p.m = 4.34;
    p.J = Vector3d(0.0820, 0.0845, 0.1377).asDiagonal();
    const double t = 0.7;
    const Vector3d x(0.1, -0.2, 0.3), v(0.2, 0.1, -0.3);
    const Matrix3d R = so3Exp(Vector3d(0.1, -0.2, 0.05));
    const Vector3d Omega(0.3, -0.1, 0.2);
    const GeometricOutput out = geometricControl(spec, p, t, x, v, R, Omega, true);
    // R_d is a function of (t, x, v) alone (b3_d = -A/|A|, b1_d(t)); along the motion x' = v,
    // v' = g e3 - (f/m) R e3. Taylor's x + d v + d^2/2 a and v + d a leave out terms even in d
    // (d^2/2 a' in v) or of third order (in x), so the central difference is second order
    const auto Rd = [&](double dt) {
      const Vector3d e3 = Vector3d::UnitZ();
      const Vector3d a = p.g * e3 - (out.f / p.m) * R * e3;
      const Vector3d xt = x + dt * v + 0.5 * dt * dt * a;
      const Vector3d vt = v + dt * a;
      return geometricControl(spec, p, t + dt, xt, vt, R, Omega, true).Rd;
    };
    const double d = 1e-4;
    const Matrix3d Rp = Rd(d), Rm = Rd(-d);
    const Vector3d OmegaFd = vee(out.Rd.transpose() * (Rp - Rm) / (2 * d));
    QVERIFY2(
        (OmegaFd - out.Omegad).norm() < 1e-4 * (1.0 + out.Omegad.norm()),
        qPrintable(QString("%1 vs %2").arg((OmegaFd - out.Omegad).norm()).arg(out.Omegad.norm())));
  }

  void badInputNamesTheField() {
    const ParamValues v = caseValues(GeometricCase::Tracking);
    QVERIFY(refusal([&] {
              parseControlLaw(quad(), v, R"({"kind": "geometric-tracking", "case": "loop"})");
            }).find("'case' = 'loop' is not one of tracking, flip") != std::string::npos);
    QVERIFY(refusal([&] {
              parseControlLaw(quad(), v, R"({"kind": "geometric-tracking", "kx": -1})");
            }).find("'kx' = -1 is out of range") != std::string::npos);
    QVERIFY(refusal([&] {
              parseControlLaw(quad(), v, R"({"kind": "geometric-tracking", "gain": 1})");
            }).find("unknown field 'gain'") != std::string::npos);
    QVERIFY(refusal([&] {
              parseControlLaw(quad(), v, R"({"kind": "pid"})");
            }).find("\"kind\" must be \"geometric-tracking\"") != std::string::npos);
    QVERIFY(refusal([&] { parseControlLaw(quad(), v, "{not json"); }).find("JSON object") !=
            std::string::npos);
    const SystemModel& pend = *findSystem("pendulum-3d");
    QVERIFY(refusal([&] {
              parseControlLaw(pend, pend.normalize({}, nullptr),
                              R"({"kind": "geometric-tracking"})");
            }).find("pendulum-3d is not one") != std::string::npos);
  }
};

DMS_TEST_APPLESS_MAIN(TestQuadrotor)
}  // namespace tst_quadrotor
#include "tst_quadrotor.moc"
