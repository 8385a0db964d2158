// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// DMOC for the spherical pendulum: the forced step against (35)-(36), the adjoint gradients
// against central differences, the default swing-up, a second solve from the mirrored guess,
// cancellation, limits, the RK2 transcription and bad requests.
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

#include "core/control/forcedpendulum.h"
#include "core/control/sphericalpendulumocp.h"
#include "core/systems/sphericalpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_dmoc {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

SphericalPendulumOcp defaultOcp(Transcription tr = Transcription::Variational) {
  return makeSphericalPendulumOcp({}, 1.0, 0.033, tr);
}

// guess plus a fixed pseudo-random perturbation, components along q_k included
VectorXd perturbedGuess(const SphericalPendulumOcp& ocp, double relative, unsigned seed) {
  VectorXd w = sphericalOcpGuess(ocp, 1);
  const double scale = w.cwiseAbs().maxCoeff();
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> d(-1, 1);
  for (Eigen::Index i = 0; i < w.size(); ++i) w[i] += relative * scale * d(rng);
  return w;
}

bool expectInputError(const ParamValues& v, double T, double h, const char* field) {
  try {
    makeSphericalPendulumOcp(v, T, h, Transcription::Variational);
  } catch (const InputError& e) {
    const bool named = QString(e.what()).contains(field);
    if (!named) qWarning("message does not name '%s': %s", field, e.what());
    return named;
  }
  qWarning("no InputError for '%s'", field);
  return false;
}

class TestDmoc : public QObject {
  Q_OBJECT
 private slots:
  // With w = 0 the forced map must be (35)-(36) to the last bit: same operations, same order.
  // Exact == on doubles (it treats -0 and +0 as equal; nothing else is tolerated).
  void unforcedStepIsBitForBit() {
    SphericalPendulumParams p;  // the article's example 3
    const Vector3d zero = Vector3d::Zero();
    for (int withJacobian = 0; withJacobian < 2; ++withJacobian) {
      SphericalPendulumState a{p.q0, p.omega0}, b{p.q0, p.omega0};
      for (int k = 0; k < 2000; ++k) {
        std::string why;
        StepJacobians J;
        QVERIFY(sphericalPendulumStep(p, 0.05, a, &why));
        QVERIFY(
            forcedSphericalPendulumStep(p, 0.05, zero, zero, b, withJacobian ? &J : nullptr, &why));
        for (int i = 0; i < 3; ++i) {
          QVERIFY2(a.q[i] == b.q[i], qPrintable(QString("q differs at step %1").arg(k)));
          QVERIFY2(a.omega[i] == b.omega[i],
                   qPrintable(QString("omega differs at step %1").arg(k)));
        }
      }
    }
  }

  // The forced map keeps |q| = 1 and q . omega = 0 for any w (u = q x w is tangent): after
  // 2000 steps with large random w both stay at round-off, a few eps per step at most.
  void forcedStepKeepsTheSphere() {
    SphericalPendulumParams p;
    SphericalPendulumState x{p.q0, p.omega0};
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> d(-20, 20);
    Vector3d w(d(rng), d(rng), d(rng));
    const int steps = 2000;
    for (int k = 0; k < steps; ++k) {
      const Vector3d w1(d(rng), d(rng), d(rng));
      std::string why;
      QVERIFY2(forcedSphericalPendulumStep(p, 0.05, w, w1, x, nullptr, &why), why.c_str());
      w = w1;
    }
    QVERIFY(std::fabs(1 - x.q.squaredNorm()) < 4 * steps * kEps);
    QVERIFY(std::fabs(x.q.dot(x.omega)) < 4 * steps * kEps * (1 + x.omega.norm()));
  }

  void gradientMatchesCentralDifferences_data() {
    QTest::addColumn<int>("transcription");
    QTest::newRow("vi") << int(Transcription::Variational);
    QTest::newRow("rk2") << int(Transcription::Rk2);
  }
  // Central differences have truncation error O(delta^2 f''') and round-off O(eps |f|/delta).
  // The cost and constraints vary on a scale of w of order m l^2/h^2 ~ 1e5 and
  // delta = 1e-4 max|w| ~ 0.2 here, so both errors are below 1e-9 relative to the gradient;
  // the bound 1e-6 leaves margin, while a wrong or missing adjoint term would be
  // off by far more. Checked away from the optimum, with components of w along q_k.
  void gradientMatchesCentralDifferences() {
    QFETCH(int, transcription);
    const SphericalPendulumOcp ocp = defaultOcp(static_cast<Transcription>(transcription));
    const VectorXd w = perturbedGuess(ocp, 0.05, 11);
    const OcpEvaluation e = evaluateOcp(ocp, w, true);
    QVERIFY2(e.ok, e.why.c_str());
    const int n = ocp.variables();
    QCOMPARE(int(e.grad.size()), n);
    QCOMPARE(int(e.jac.rows()), 4);
    QCOMPARE(int(e.jac.cols()), n);
    const double delta = 1e-4 * w.cwiseAbs().maxCoeff();
    Eigen::MatrixXd fd(5, n);
    for (int i = 0; i < n; ++i) {
      VectorXd wp = w, wm = w;
      wp[i] += delta;
      wm[i] -= delta;
      const OcpEvaluation ep = evaluateOcp(ocp, wp, false), em = evaluateOcp(ocp, wm, false);
      QVERIFY(ep.ok && em.ok);
      fd(0, i) = (ep.cost - em.cost) / (2 * delta);
      fd.block<4, 1>(1, i) = (ep.c - em.c) / (2 * delta);
    }
    Eigen::MatrixXd exact(5, n);
    exact.row(0) = e.grad.transpose();
    exact.bottomRows(4) = e.jac;
    double worst = 0;
    for (int r = 0; r < 5; ++r) {
      const double scale = exact.row(r).cwiseAbs().maxCoeff();
      QVERIFY(scale > 0);
      const double err = (fd.row(r) - exact.row(r)).cwiseAbs().maxCoeff() / scale;
      worst = std::max(worst, err);
      QVERIFY2(err < 1e-6,
               qPrintable(QString("row %1 (0 = cost): relative error %2").arg(r).arg(err)));
    }
    qInfo("largest relative error of the adjoint gradients: %.3g", worst);
  }

  // The default maneuver: hanging to inverted in 1 s, h = 0.033. Terminal error below 1e-8,
  // and |1 - q^T q| at round-off along the whole path: each step adds a few eps (a square
  // root and a cross product), so 8 (N+1) eps bounds it.
  void defaultSwingUpConverges() {
    const SphericalPendulumOcp ocp = defaultOcp();
    QCOMPARE(ocp.N, 30);
    QCOMPARE(ocp.variables(), 93);
    OcpSolveSettings st;
    int reports = 0;
    const OcpSolution s = solveSphericalPendulumOcp(ocp, st, [&reports](const IterationReport& r) {
      // iterations arrive in order, each once
      if (r.iteration != reports) return false;
      ++reports;
      return true;
    });
    QVERIFY2(s.converged, s.message.c_str());
    QCOMPARE(reports, s.iterations + 1);
    QCOMPARE(int(s.history.size()), s.iterations + 1);
    QVERIFY(s.iterations < st.slsqp.maxIterations);
    QVERIFY(s.terminalError < 1e-8);
    QVERIFY(s.constraintViolation <= st.slsqp.constraintTol);
    QVERIFY(s.states.back().q.dot(ocp.qd) > 1 - 1e-12);  // the target, not its antipode
    QVERIFY(s.maxUnitLengthError <= 8 * (ocp.N + 1) * kEps);
    QVERIFY(s.maxTangencyError <= 8 * (ocp.N + 1) * kEps * 10);  // |omega| < 10 rad/s
    QVERIFY(std::isfinite(s.jacobianCondition) && s.jacobianCondition < 1e6);
    // it must have moved: the pendulum passes the horizontal, the control does work
    double lowest = 1;
    for (const SphericalPendulumState& x : s.states) lowest = std::min(lowest, x.q.z());
    QVERIFY(lowest < -0.99);
    QVERIFY(s.cost > 0);
    QVERIFY(s.cost < s.history.front().cost);
    qInfo(
        "default swing-up: cost %.10g, %d iterations, %d evaluations, %.3g s cpu, "
        "terminal error %.3g, max |1 - q.q| %.3g, cond(dc/dw) %.4g",
        s.cost, s.iterations, s.evaluations, s.cpuSeconds, s.terminalError, s.maxUnitLengthError,
        s.jacobianCondition);
  }

  // The problem is symmetric under the reflection S = diag(-1, 1, 1), a plane through e3:
  // from the mirrored guess SLSQP must find the mirrored optimum, with the same cost (to the
  // solver's tolerance: SLSQP stops when the cost changes by less than ftol_rel = 1e-12; the
  // bound 1e-9 relative allows for the superlinear tail). q is a polar vector, omega and u are
  // axial ones: q' = S q, u' = det(S) S u = -S u, and w' = S w gives S q x S w = -S (q x w).
  void mirroredGuessGivesTheMirroredOptimum() {
    const SphericalPendulumOcp ocp = defaultOcp();
    OcpSolveSettings st;
    const OcpSolution a = solveSphericalPendulumOcp(ocp, st);
    st.guessSide = -1;
    const OcpSolution b = solveSphericalPendulumOcp(ocp, st);
    QVERIFY2(a.converged && b.converged, (a.message + b.message).c_str());
    qInfo("cost %.12g (plain guess), %.12g (mirrored guess)", a.cost, b.cost);
    QVERIFY(std::fabs(a.cost - b.cost) <= 1e-9 * a.cost);
    const Matrix3d S = Eigen::Vector3d(-1, 1, 1).asDiagonal();
    double dq = 0, du = 0, umax = 0;
    for (int k = 0; k <= ocp.N; ++k) {
      dq = std::max(dq, (S * a.states[k].q - b.states[k].q).norm());
      du = std::max(du, (-S * a.u[k] - b.u[k]).norm());
      umax = std::max(umax, a.u[k].norm());
    }
    QVERIFY(dq < 1e-6);
    QVERIFY(du < 1e-6 * umax);
    // the two swings really are on opposite sides
    QVERIFY(a.states[ocp.N / 2].q.x() * b.states[ocp.N / 2].q.x() < -0.5);
  }

  // A genuinely different start (the guess disturbed by 20% of its size, noise along q_k
  // included) reaches the same local optimum and cost.
  void perturbedGuessGivesTheSameCost() {
    const SphericalPendulumOcp ocp = defaultOcp();
    OcpSolveSettings st;
    const OcpSolution a = solveSphericalPendulumOcp(ocp, st);
    const OcpSolution b = solveSphericalPendulumOcp(ocp, perturbedGuess(ocp, 0.2, 3), st);
    QVERIFY2(a.converged && b.converged, (a.message + b.message).c_str());
    qInfo("cost %.12g (guess), %.12g (perturbed guess, %d iterations)", a.cost, b.cost,
          b.iterations);
    QVERIFY(std::fabs(a.cost - b.cost) <= 1e-8 * a.cost);
  }

  void progressCanCancel() {
    const SphericalPendulumOcp ocp = defaultOcp();
    int calls = 0;
    const OcpSolution s =
        solveSphericalPendulumOcp(ocp, OcpSolveSettings{}, [&calls](const IterationReport& r) {
          ++calls;
          return r.iteration < 2;
        });
    QVERIFY(s.cancelled);
    QVERIFY(!s.converged);
    QCOMPARE(s.status, std::string("cancelled"));
    QCOMPARE(calls, 3);  // iterations 0, 1, 2; no call after the cancel
    QCOMPARE(int(s.history.size()), 3);
    QVERIFY(!s.message.empty());
    QVERIFY(std::isfinite(s.cost));  // the best point so far is still a valid trajectory
  }

  void iterationLimitStopsTheSolve() {
    const SphericalPendulumOcp ocp = defaultOcp();
    OcpSolveSettings st;
    st.slsqp.maxIterations = 3;
    const OcpSolution s = solveSphericalPendulumOcp(ocp, st);
    QVERIFY(!s.converged);
    QVERIFY(!s.cancelled);
    QCOMPARE(s.iterations, 3);
    QVERIFY(QString::fromStdString(s.status).contains("iteration limit"));
  }

  // Heun's method keeps neither |q| = 1 nor the dynamics on S^2: its global error is O(h^2),
  // so along the optimal path |1 - q^T q| is of order h^2 = 1e-3 (between 1e-5 and 1e-1),
  // millions of times the vi's round-off, and since the terminal chart fixes only the
  // direction of q_N, |q_N - q^d| keeps that length error.
  void rk2TranscriptionLosesUnitLength() {
    const SphericalPendulumOcp ocp = defaultOcp(Transcription::Rk2);
    const OcpSolution s = solveSphericalPendulumOcp(ocp, OcpSolveSettings{});
    qInfo(
        "rk2: converged %d (%s), cost %.10g, %d iterations, max |1 - q.q| %.3g, "
        "terminal error %.3g, cond(dc/dw) %.4g",
        int(s.converged), s.status.c_str(), s.cost, s.iterations, s.maxUnitLengthError,
        s.terminalError, s.jacobianCondition);
    QVERIFY(s.maxUnitLengthError > 1e-5 && s.maxUnitLengthError < 1e-1);
    if (s.converged) {
      QVERIFY(s.constraintViolation <= 1e-10);
      QVERIFY(s.terminalQError > 1e-5);
    }
  }

  void badRequestsAreInputErrors() {
    QVERIFY(expectInputError({}, 0.0, 0.033, "T"));
    QVERIFY(expectInputError({}, -1.0, 0.033, "T"));
    QVERIFY(expectInputError({}, 1.0, 0.0, "h"));
    QVERIFY(expectInputError({}, 1.0, 2.0, "h"));
    QVERIFY(expectInputError({}, 1.0, 1e-5, "too many"));
    QVERIFY(expectInputError({{"qd", {0, 0, -2}}}, 1.0, 0.033, "qd"));
    QVERIFY(expectInputError({{"qd", {0, 0, 0}}}, 1.0, 0.033, "qd"));
    QVERIFY(expectInputError({{"q0", {0.5, 0, 0.5}}}, 1.0, 0.033, "q0"));
    QVERIFY(expectInputError({{"omegad", {0, 0, 1}}}, 1.0, 0.033, "omegad"));
    QVERIFY(expectInputError({{"omega0", {0, 0, 1}}}, 1.0, 0.033, "omega0"));
    QVERIFY(expectInputError({{"m", {0}}}, 1.0, 0.033, "m"));
    QVERIFY(expectInputError({{"l", {-1}}}, 1.0, 0.033, "l"));
    QVERIFY(expectInputError({{"qd", {0, -1}}}, 1.0, 0.033, "qd"));
    QVERIFY(expectInputError({{"mass", {1}}}, 1.0, 0.033, "mass"));
    // the largest N within the memory limit is accepted, one more is not
    const int nMax = maxOcpSteps();
    QVERIFY(nMax >= 100);
    QVERIFY(slsqpWorkBytes(3 * (nMax + 1), 4) <= kOcpMemoryLimitBytes);
    QVERIFY(slsqpWorkBytes(3 * (nMax + 2), 4) > 0.99 * kOcpMemoryLimitBytes);
    QCOMPARE(makeSphericalPendulumOcp({}, nMax * 0.01, 0.01, Transcription::Variational).N, nMax);
    QVERIFY(expectInputError({}, (nMax + 1) * 0.01, 0.01, "too many"));
    // a step too large for the swing: the guess has no solution of (35)
    const SphericalPendulumOcp coarse =
        makeSphericalPendulumOcp({}, 1.0, 0.5, Transcription::Variational);
    QVERIFY_THROWS_EXCEPTION(InputError, solveSphericalPendulumOcp(coarse, OcpSolveSettings{}));
  }

  // Normalizing within round-off: a unit vector typed with 17 digits is accepted as is.
  void nearlyUnitTargetIsAccepted() {
    const double c = std::sqrt(0.5);
    const SphericalPendulumOcp o = makeSphericalPendulumOcp(
        {{"qd", {c, 0, -c}}, {"omegad", {0, 0.1, 0}}}, 1.0, 0.033, Transcription::Variational);
    QVERIFY(std::fabs(o.qd.norm() - 1) < 2 * kEps);
    QCOMPARE(o.omegad.y(), 0.1);
  }
};

DMS_TEST_APPLESS_MAIN(TestDmoc)
}  // namespace tst_dmoc
#include "tst_dmoc.moc"
