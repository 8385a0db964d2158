// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dumbbell's optimal control by the discrete necessary conditions (indirect shooting) and
// its cross-check by SLSQP on the direct transcription of the same first-order equations.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/control/dumbbellocp.h"
#include "core/lie/so3.h"
#include "tests/common/suitemain.h"

namespace tst_indirect {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

// the z-coordinates of s relative to a reference: [log(ref.R^T R); x - ref.x; ...]
Vector12d difference(const RigidBodyState& s, const RigidBodyState& ref) {
  Vector12d z;
  z.segment<3>(0) = so3Log(ref.R.transpose() * s.R);
  z.segment<3>(3) = s.x - ref.x;
  z.segment<3>(6) = s.Omega - ref.Omega;
  z.segment<3>(9) = s.v - ref.v;
  return z;
}

double relativeError(const Eigen::MatrixXd& a, const Eigen::MatrixXd& b) {
  return (a - b).norm() / b.norm();
}

const DumbbellOcp& defaultOcp() {
  static const DumbbellOcp o = makeDumbbellOcp({}, kDumbbellOcpT, kDumbbellOcpH);
  return o;
}

const DumbbellOcpSolution& defaultSolution() {
  static const DumbbellOcpSolution s = solveDumbbellShooting(defaultOcp(), ShootingSettings{});
  return s;
}

class TestIndirect : public QObject {
  Q_OBJECT
 private slots:
  // the unforced first-order map is a variational integrator with a rotation-invariant
  // potential: it keeps the total angular momentum m x cross v + R J Omega to round-off
  void unforcedMapKeepsAngularMomentum() {
    const DumbbellParams p;  // the default free-flight set-up (tumbling, tilted)
    const ControlledDumbbell d(p);
    RigidBodyState s = p.initialState();
    const Vector3d L0 = rigidBodyMomentum(d.body, s);
    const int n = 1000;
    double drift = 0;
    for (int k = 0; k < n; ++k) {
      QVERIFY(firstOrderStep(d, 0.05, Vector3d::Zero(), Vector3d::Zero(), s, nullptr));
      drift = std::max(drift, (rigidBodyMomentum(d.body, s) - L0).norm());
    }
    // round-off accumulates at most linearly: a few eps |L| per step
    QVERIFY2(drift < 10 * n * kEps * L0.norm(), qPrintable(QString::number(drift)));
  }

  // A_k against central differences of the step, at states along the optimal trajectory
  void linearizationMatchesFiniteDifferences() {
    const DumbbellOcp& o = defaultOcp();
    const DumbbellOcpSolution& sol = defaultSolution();
    QVERIFY(sol.converged);
    const ControlledDumbbell d(o.p);
    for (int k : {0, 37, 100, 199}) {
      const RigidBodyState& s = sol.states[std::size_t(k)];
      const Vector3d uf = sol.uf[std::size_t(k)], um = sol.um[std::size_t(k)];
      Matrix3d F;
      QVERIFY(firstOrderRotation(d, o.h, s.Omega, F, nullptr));
      const Matrix12d A = firstOrderLinearization(d, o.h, s, F);
      RigidBodyState s1 = s;
      QVERIFY(firstOrderStep(d, o.h, uf, um, s1, nullptr));
      // central differences: truncation (delta^2/6) |d^3 step| ~ 1e-12, round-off
      // eps |s| / delta ~ 1e-10 (relative); the bound is 1e-6
      const double delta = 1e-6;
      Matrix12d Afd;
      for (int j = 0; j < 12; ++j) {
        const Vector12d e = delta * Vector12d::Unit(j);
        RigidBodyState sp = retract(s, e), sm = retract(s, -e);
        QVERIFY(firstOrderStep(d, o.h, uf, um, sp, nullptr));
        QVERIFY(firstOrderStep(d, o.h, uf, um, sm, nullptr));
        Afd.col(j) = (difference(sp, s1) - difference(sm, s1)) / (2 * delta);
      }
      const double err = relativeError(A, Afd);
      QVERIFY2(err < 1e-6, qPrintable(QString("k %1: %2").arg(k).arg(err)));
    }
  }

  // the AutoDiff derivatives of A_k (second derivatives of the map) against central
  // differences of A_k along the same state variations
  void linearizationDerivativesMatchFiniteDifferences() {
    const DumbbellOcp& o = defaultOcp();
    const ControlledDumbbell d(o.p);
    const RigidBodyState& s = defaultSolution().states[120];
    // twelve directions mixing all blocks
    Matrix12d Zs;
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 12; ++j) Zs(i, j) = std::sin(1.0 + i + 3.0 * j);
    Matrix3d F;
    QVERIFY(firstOrderRotation(d, o.h, s.Omega, F, nullptr));
    Matrix12d A;
    std::array<Matrix12d, 12> dA;
    firstOrderLinearizationDerivatives(d, o.h, s, F, Zs, A, dA);
    QVERIFY(relativeError(A, firstOrderLinearization(d, o.h, s, F)) < 1e-14);  // same value
    const double delta = 1e-5;  // truncation ~ delta^2 = 1e-10, round-off eps/delta ~ 1e-11
    for (int j = 0; j < 12; ++j) {
      const Vector12d e = delta * Zs.col(j);
      const RigidBodyState sp = retract(s, e), sm = retract(s, -e);
      Matrix3d Fp, Fm;
      QVERIFY(firstOrderRotation(d, o.h, sp.Omega, Fp, nullptr));
      QVERIFY(firstOrderRotation(d, o.h, sm.Omega, Fm, nullptr));
      const Matrix12d fd =
          (firstOrderLinearization(d, o.h, sp, Fp) - firstOrderLinearization(d, o.h, sm, Fm)) /
          (2 * delta);
      const double err = relativeError(dA[std::size_t(j)], fd);
      QVERIFY2(err < 1e-6, qPrintable(QString("direction %1: %2").arg(j).arg(err)));
    }
  }

  // the exact sensitivity dr/dlambda_0 against central differences of the shooting residual
  void shootingJacobianMatchesFiniteDifferences() {
    const DumbbellOcp& o = defaultOcp();
    const Vector12d l0 = defaultSolution().lambda0;
    const ShootingPass pass = shootDumbbell(o, l0, true);
    QVERIFY(pass.ok);
    // |dr/dlambda_0| ~ 6e5: r is strongly nonlinear in lambda_0, the truncation error is
    // (delta^2/6) |r'''| ~ 4e-8 relative at delta = 1e-8 (it falls 100x per decade of delta:
    // measured), round-off eps |r| / (delta |D|) is far below
    const double delta = 1e-8;
    Matrix12d D;
    for (int j = 0; j < 12; ++j) {
      const Vector12d e = delta * Vector12d::Unit(j);
      const ShootingPass p = shootDumbbell(o, l0 + e, false), m = shootDumbbell(o, l0 - e, false);
      QVERIFY(p.ok && m.ok);
      D.col(j) = (p.r - m.r) / (2 * delta);
    }
    const double err = relativeError(pass.drdLambda0, D);
    QVERIFY2(err < 1e-6, qPrintable(QString::number(err)));
  }

  void defaultManeuverConverges() {
    const DumbbellOcp& o = defaultOcp();
    QCOMPARE(o.N, 200);
    const DumbbellOcpSolution& sol = defaultSolution();
    QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.message)));
    QVERIFY(sol.terminalError < 1e-10);
    QVERIFY(sol.iterations >= 2 && sol.iterations <= 10);
    // every R_k = R_0 F_0 ... F_{k-1} with each Cayley F orthogonal to a few eps
    QVERIFY2(sol.maxOrthogonalityError < 4 * (o.N + 1) * kEps,
             qPrintable(QString::number(sol.maxOrthogonalityError)));
    // the path really ends at the target
    const RigidBodyState& sN = sol.states.back();
    QVERIFY(so3Distance(sN.R, o.target.R) < 1e-10);
    QVERIFY((sN.x - o.target.x).norm() < 1e-10);
    // Newton with the exact Jacobian: the residual falls monotonically (Armijo) and
    // superlinearly at the end (quadratic: the last full step squares a 1e-5 residual)
    const std::vector<IterationReport>& h = sol.history;
    QCOMPARE(int(h.size()), sol.iterations + 1);
    for (std::size_t i = 1; i < h.size(); ++i) QVERIFY(*h[i].residual < *h[i - 1].residual);
    const double r1 = *h[h.size() - 3].residual, r2 = *h[h.size() - 2].residual;
    QVERIFY2(r2 < 1e-3 * r1, qPrintable(QString("%1 -> %2").arg(r1).arg(r2)));
    // (47)-(48) with the cost J = sum h/2 |u|^2 (W = I)
    double J = 0;
    for (int k = 0; k < o.N; ++k) {
      const Vector12d& l = sol.lambda[std::size_t(k)];
      QVERIFY((sol.uf[std::size_t(k)] + l.segment<3>(9)).norm() <= 1e-15 * (1 + l.norm()));
      QVERIFY((sol.um[std::size_t(k)] + l.segment<3>(6)).norm() <= 1e-15 * (1 + l.norm()));
      J += o.h / 2 * (sol.uf[std::size_t(k)].squaredNorm() + sol.um[std::size_t(k)].squaredNorm());
    }
    QVERIFY(std::fabs(J - sol.cost) <= 1e-14 * J);
    QVERIFY(sol.cost > 0);
  }

  // two independent methods, one answer: SLSQP on the direct transcription (from zero
  // controls) and shooting on the necessary conditions, at N = 50 (T = 10, h = 0.2: the
  // default maneuver on a coarser step)
  void directTranscriptionReachesTheSameCost() {
    const DumbbellOcp o = makeDumbbellOcp({}, 10.0, 0.2);
    QCOMPARE(o.N, 50);
    const DumbbellOcpSolution ind = solveDumbbellShooting(o, ShootingSettings{});
    QVERIFY(ind.converged);
    SlsqpSettings st;  // constraint tol 1e-10, ftol_rel 1e-12
    const DumbbellOcpSolution dir = solveDumbbellDirect(o, st);
    QVERIFY2(dir.converged, qPrintable(QString::fromStdString(dir.message)));
    QVERIFY(dir.terminalError < 1e-9);
    // SLSQP stops when the cost changes by 1e-12 relatively, at |c| <= 1e-10; the cost is
    // quadratic near the optimum, so 1e-6 is far from that floor yet far below the 0.15% a
    // wrongly scaled multiplier costs
    const double rel = std::fabs(dir.cost - ind.cost) / ind.cost;
    QVERIFY2(rel < 1e-6, qPrintable(QString("%1 vs %2").arg(dir.cost).arg(ind.cost)));
    // and the same controls (an error e in u changes the cost by e^2 only: sqrt of the above)
    double du = 0, umax = 0;
    for (int k = 0; k < o.N; ++k) {
      du = std::max(du, (dir.uf[std::size_t(k)] - ind.uf[std::size_t(k)]).norm());
      du = std::max(du, (dir.um[std::size_t(k)] - ind.um[std::size_t(k)]).norm());
      umax = std::max(umax, ind.uf[std::size_t(k)].norm());
    }
    QVERIFY2(du < 1e-3 * umax, qPrintable(QString::number(du / umax)));
  }

  // the direct method's adjoint gradient of the terminal residual against central differences
  void directAdjointMatchesFiniteDifferences() {
    const DumbbellOcp o = makeDumbbellOcp({}, 2.5, 0.05);
    VectorXd w(6 * o.N);
    for (int i = 0; i < w.size(); ++i) w[i] = 0.02 * std::sin(0.7 * i);
    const DirectEvaluation e = evaluateDumbbellDirect(o, w, true);
    QVERIFY(e.ok);
    const double delta = 1e-6;  // truncation ~ delta^2, round-off eps/delta ~ 1e-10
    for (int i : {0, 4, 91, 150, 6 * o.N - 1}) {
      VectorXd wp = w, wm = w;
      wp[i] += delta;
      wm[i] -= delta;
      const DirectEvaluation p = evaluateDumbbellDirect(o, wp, false);
      const DirectEvaluation m = evaluateDumbbellDirect(o, wm, false);
      QVERIFY(p.ok && m.ok);
      const Vector12d fd = (p.r - m.r) / (2 * delta);
      const double err = (Vector12d(e.jac.col(i)) - fd).norm() / fd.norm();
      QVERIFY2(err < 1e-6, qPrintable(QString("column %1: %2").arg(i).arg(err)));
      QVERIFY(std::fabs(e.grad[i] - (p.cost - m.cost) / (2 * delta)) < 1e-9);
    }
  }

  void progressReportsEveryIterationAndCancels() {
    std::vector<IterationReport> seen;
    const auto record = [&seen](const IterationReport& r) {
      seen.push_back(r);
      return true;
    };
    const DumbbellOcpSolution all = solveDumbbellShooting(defaultOcp(), ShootingSettings{}, record);
    QVERIFY(all.converged);
    QCOMPARE(int(seen.size()), all.iterations + 1);
    for (std::size_t i = 0; i < seen.size(); ++i) {
      QCOMPARE(seen[i].iteration, int(i));
      QVERIFY(seen[i].residual.has_value());
      QCOMPARE(*seen[i].residual, *all.history[i].residual);
    }
    QCOMPARE(seen.back().evaluations, all.evaluations);

    const auto stopAt2 = [](const IterationReport& r) { return r.iteration < 2; };
    const DumbbellOcpSolution cut =
        solveDumbbellShooting(defaultOcp(), ShootingSettings{}, stopAt2);
    QVERIFY(cut.cancelled);
    QVERIFY(!cut.converged);
    QCOMPARE(cut.iterations, 2);
    QCOMPARE(cut.status, std::string("cancelled"));
  }

  void iterationLimitIsAFailure() {
    ShootingSettings st;
    st.maxIterations = 2;
    const DumbbellOcpSolution s = solveDumbbellShooting(defaultOcp(), st);
    QVERIFY(!s.converged);
    QCOMPARE(s.iterations, 2);
    QVERIFY(s.message.find("did not converge") != std::string::npos);
    QVERIFY(s.terminalError > 1e-6);
  }

  // a sphere at the target would contain the attracting point: no Newton iteration at all
  void unreachableTargetFailsAtOnce() {
    ParamValues v;
    v["xd"] = {0.0, 0.5, 0.0};  // R^d turns the rod onto e2: sphere 1 sits on the origin
    const DumbbellOcp o = makeDumbbellOcp(v, kDumbbellOcpT, kDumbbellOcpH);
    const DumbbellOcpSolution s = solveDumbbellShooting(o, ShootingSettings{});
    QVERIFY(!s.converged);
    QCOMPARE(s.status, std::string("unreachable target"));
    QVERIFY(s.message.find("xd = 0,0.5,0") != std::string::npos);
    QCOMPARE(s.iterations, 0);
    const DumbbellOcpSolution dsol = solveDumbbellDirect(o, SlsqpSettings{});
    QVERIFY(!dsol.converged);
    QCOMPARE(dsol.status, std::string("unreachable target"));
  }

  void badRequestsNameTheField_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QVector<double>>("value");
    QTest::addColumn<double>("T");
    QTest::addColumn<double>("h");
    QTest::addColumn<QString>("needle");
    QTest::newRow("zero weight") << "Wf" << QVector<double>{1, 0, 1} << 10.0 << 0.05 << "'Wf'";
    QTest::newRow("negative weight") << "Wm" << QVector<double>{1, 1, -1} << 10.0 << 0.05 << "'Wm'";
    QTest::newRow("overlapping spheres") << "r" << QVector<double>{0.6} << 10.0 << 0.05 << "'r'";
    QTest::newRow("start in the body")
        << "x0" << QVector<double>{0.5, 0, 0} << 10.0 << 0.05 << "'x0'";
    QTest::newRow("scalar for a vector") << "xd" << QVector<double>{3} << 10.0 << 0.05 << "xd";
    QTest::newRow("unknown") << "kappa" << QVector<double>{1} << 10.0 << 0.05 << "kappa";
    QTest::newRow("T zero") << "mu" << QVector<double>{1} << 0.0 << 0.05 << "'T'";
    QTest::newRow("h above T") << "mu" << QVector<double>{1} << 1.0 << 2.0 << "exceed T";
    QTest::newRow("too many steps") << "mu" << QVector<double>{1} << 1e4 << 0.01 << "[1, 100000]";
  }
  void badRequestsNameTheField() {
    QFETCH(QString, name);
    QFETCH(QVector<double>, value);
    QFETCH(double, T);
    QFETCH(double, h);
    QFETCH(QString, needle);
    ParamValues v;
    v[name.toStdString()] = std::vector<double>(value.begin(), value.end());
    try {
      makeDumbbellOcp(v, T, h);
      QFAIL("no InputError");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains(needle), e.what());
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestIndirect)
}  // namespace tst_indirect
#include "tst_indirect.moc"
