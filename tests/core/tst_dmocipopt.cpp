// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// DMOC of any system by IPOPT (core/sim/dmoc.h, core/sim/dmocproblem.h): the charts' exact
// derivatives against central differences; each example converges, and its controls replayed
// through the forced vi simulator, independently of the solver, reach the target within the
// first-order propagation of the solver's defects; the discrete optimum converges as h halves
// (vi is of order 2); bad input and an unreachable target end in words, not a crash; a
// cancelled solve stops.
#include <Eigen/Eigenvalues>
#include <QtTest>
#include <cmath>
#include <string>

#include "core/lie/so3.h"
#include "core/sim/dmocchart.h"
#include "core/sim/dmoccost.h"
#include "core/sim/dmocproblem.h"
#include "core/sim/registry.h"
#include "core/sim/simulator.h"
#include "core/sim/tangentcoords.h"
#include "tests/common/suitemain.h"

namespace tst_dmocipopt {

using namespace dms;

const ControlProblem& problemOf(const std::string& system) {
  const ControlProblem* p = findControlProblem(system);
  if (!p) throw std::runtime_error("no control problem for " + system);
  return *p;
}

// sum_k |d x_N / d x_{k+1}| along the replay of u by vi: a defect c_k of the solution moves the
// replay's end by at most this times |c_k| (to first order: x_N's deviation is the sum of the
// later steps' derivatives applied to each defect)
double defectGain(const DmocSpec& s, const std::vector<VectorXd>& u) {
  IntegratorSettings st = s.model->declaration().settings;
  st.h = s.h;
  st.T = s.T;
  Simulator sim(*s.model, Method::Variational, s.values, st);
  std::vector<MatrixXd> A;
  for (const VectorXd& uk : u) {
    A.push_back(sim.linearize(uk).A);
    sim.step(uk);
  }
  // P_k = A_{N-1} ... A_{k+1}: the end's derivative with respect to x_{k+1}
  MatrixXd P = MatrixXd::Identity(A.front().rows(), A.front().cols());
  double gain = 0.0;
  for (std::size_t k = A.size(); k-- > 0;) {
    gain += P.operatorNorm();
    P = P * A[k];
  }
  return gain;
}

class TestDmocIpopt : public QObject {
  Q_OBJECT
 private slots:
  void chartDerivatives_data() {
    QTest::addColumn<QString>("system");
    for (const char* s :
         {"pendulum-3d", "pendulum-chain", "planar-pendulum", "two-body", "custom-sphere-particle"})
      QTest::newRow(s) << s;
  }
  // central differences with step e err by e^2/6 |f'''| ~ 2e-11 (e = 1e-5, |f'''| = O(1)) plus
  // round-off eps/e ~ 2e-11: 1e-8 leaves room; a wrong Jacobian of exp errs by O(|z|) = 0.1
  void chartDerivatives() {
    QFETCH(QString, system);
    const SystemModel& m = *findSystem(system.toStdString());
    const DmocSpec s = dmocSpecOf(problemOf(m.name()), {});
    const SystemDeclaration& d = m.declaration();
    // a reference between the start and the target, and z of size 0.3 per coordinate
    const std::vector<StatePart> ref =
        retractState(d, s.target, VectorXd::Constant(tangentSize(d, s.target), 0.2));
    const DmocChart chart(d, ref);
    VectorXd z(chart.size());
    for (int i = 0; i < z.size(); ++i) z[i] = 0.3 * std::sin(1.0 + i);
    const double e = 1e-5;
    const std::vector<StatePart> x = chart.state(z);
    const MatrixXd D = chart.stateDerivative(z);
    const MatrixXd P = chart.coordinatesDerivative(x);
    for (int j = 0; j < z.size(); ++j) {
      VectorXd dz = VectorXd::Zero(z.size());
      dz[j] = e;
      const VectorXd fd = (tangentDifference(d, x, chart.state(z + dz)) -
                           tangentDifference(d, x, chart.state(z - dz))) /
                          (2 * e);
      // a unit vector's tangent component along itself moves nothing: compare in the chart
      // (P removes it), where the two must agree
      const double err = (P * (D.col(j) - fd)).norm();
      QVERIFY2(err <= 1e-8, qPrintable(QString("column %1: %2").arg(j).arg(err)));
    }
    const Eigen::Index dn = tangentSize(d, x);
    for (Eigen::Index j = 0; j < dn; ++j) {
      VectorXd dx = VectorXd::Zero(dn);
      dx[j] = e;
      const VectorXd fd =
          (chart.coordinates(retractState(d, x, dx)) - chart.coordinates(retractState(d, x, -dx))) /
          (2 * e);
      QVERIFY2((P.col(j) - fd).norm() <= 1e-8,
               qPrintable(QString("tangent %1: %2").arg(j).arg((P.col(j) - fd).norm())));
    }
  }

  void examplesConvergeAndReplay_data() {
    QTest::addColumn<QString>("system");
    for (const char* s : {"pendulum-3d", "pendulum-chain", "custom-rigid-body", "mass-spring",
                          "planar-pendulum", "two-body", "custom-sphere-particle", "quadrotor"})
      QTest::newRow(s) << s;
  }
  void examplesConvergeAndReplay() {
    QFETCH(QString, system);
    const ControlProblem& p = problemOf(system.toStdString());
    const DmocSpec s = dmocSpecOf(p, {});
    const DmocSolution sol = solveDmoc(s, {});
    QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.status + ": " + sol.message)));
    QVERIFY(sol.constraintViolation <= s.tol);
    QVERIFY(std::isfinite(sol.cost) && sol.cost > 0);
    // each entry within its bounds, [-uBound, uBound] or [uLower, uBound]: IPOPT's iterates
    // stay inside them (its bounds are not widened)
    const VectorXd lower = s.uLower.size() ? s.uLower : VectorXd(-s.uBound);
    for (const VectorXd& u : sol.u)
      for (Eigen::Index i = 0; i < u.size(); ++i)
        QVERIFY2(u[i] >= lower[i] && u[i] <= s.uBound[i],
                 qPrintable(QString("u_%1 = %2 outside [%3, %4]")
                                .arg(i)
                                .arg(u[i])
                                .arg(lower[i])
                                .arg(s.uBound[i])));
    // the replay's end moves by at most gain x max|c_i| x sqrt(r) (|c_k| <= sqrt(r) max|c_i|),
    // and by the charts' round-off; twice that for the second-order terms
    const double gain = defectGain(s, sol.u);
    const double r = dmocChartSize(s.model->declaration(), s.target);
    const double bound = 2 * gain * std::sqrt(r) * std::max(sol.constraintViolation, 1e-15) + 1e-12;
    qInfo(
        "%s: N = %d, %d iterations, cost %.8g, max|c| %.2g, vi replay ends %.2g from the target "
        "(bound %.2g), RK45 replay %.2g, %.2f s",
        qPrintable(system), sol.N, sol.iterations, sol.cost, sol.constraintViolation,
        sol.viTerminalError, bound, sol.rk45TerminalError, sol.wallSeconds);
    QVERIFY2(sol.viTerminalError <= bound,
             qPrintable(QString("vi replay ends %1 from the target, bound %2")
                            .arg(sol.viTerminalError)
                            .arg(bound)));
  }

  void finerStepConverges_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<double>("T");
    QTest::addColumn<double>("h");
    QTest::newRow("pendulum-3d") << "pendulum-3d" << 2.0 << 0.02;
    QTest::newRow("mass-spring") << "mass-spring" << 6.0 << 0.04;
    QTest::newRow("custom-sphere-particle") << "custom-sphere-particle" << 2.0 << 0.02;
  }
  // vi is of order 2: the discrete optimum's cost J_h = J + C h^2 + O(h^3), so halving h twice
  // shrinks the differences by about 4; a transcription of order 1 would give 2
  void finerStepConverges() {
    QFETCH(QString, system);
    QFETCH(double, T);
    QFETCH(double, h);
    const ControlProblem& p = problemOf(system.toStdString());
    double J[3];
    for (int i = 0; i < 3; ++i) {
      ControlRequest r;
      r.values["T"] = {T};
      r.values["h"] = {h / double(1 << i)};
      const DmocSolution sol = solveDmoc(dmocSpecOf(p, r), {});
      QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.message)));
      J[i] = sol.cost;
    }
    const double ratio = (J[0] - J[1]) / (J[1] - J[2]);
    qInfo("costs %.10g %.10g %.10g, ratio of differences %.3g", J[0], J[1], J[2], ratio);
    QVERIFY2(std::fabs(J[2] - J[1]) <= 1e-3 * J[2], qPrintable(QString::number(J[2] - J[1])));
    QVERIFY2(ratio > 3 && ratio < 5, qPrintable(QString::number(ratio)));
  }

  // the quadrotor's flip: the thrust only pushes, 0 <= f, and the optimum uses that bound (it
  // cuts the thrust while the body is upside down, where thrust would push it down; the replay
  // to the hover at the target is examplesConvergeAndReplay's); a finer step gives a nearby
  // cost: vi is of order 2, so the costs differ by O(h^2), (h/T)^2 = 4e-4 relatively at
  // h = 0.04, T = 2 s
  void quadrotorFlip() {
    const ControlProblem& p = problemOf("quadrotor");
    const DmocSpec s = dmocSpecOf(p, {});
    QCOMPARE(s.uLower[0], 0.0);
    QCOMPARE(s.uGuess[0], scalarParam(s.values, "m") * scalarParam(s.values, "g"));
    const DmocSolution sol = solveDmoc(s, {});
    QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.status + ": " + sol.message)));
    double fMin = 1e300;
    for (const VectorXd& u : sol.u) fMin = std::min(fMin, u[0]);
    QVERIFY2(fMin >= 0.0, qPrintable(QString::number(fMin)));
    QVERIFY2(fMin <= 1e-6 * s.uBound[0], qPrintable(QString::number(fMin)));
    ControlRequest finer;
    finer.values["h"] = {0.02};
    const DmocSolution fine = solveDmoc(dmocSpecOf(p, finer), {});
    QVERIFY2(fine.converged, qPrintable(QString::fromStdString(fine.message)));
    qInfo("costs h = 0.04: %.10g (%d iterations), h = 0.02: %.10g (%d iterations)", sol.cost,
          sol.iterations, fine.cost, fine.iterations);
    QVERIFY2(std::fabs(fine.cost - sol.cost) <= 1e-3 * fine.cost,
             qPrintable(QString::number(fine.cost - sol.cost)));
  }

  void costGradients_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("running");
    QTest::addColumn<QString>("terminal");
    QTest::newRow("rotation") << "pendulum-3d"
                              << "tau1^2 + R13*tau2 + sin(R21)*Omega3^2 + t*R33"
                              << "R11*R22 + Omega1^2";
    QTest::newRow("unit vectors") << "pendulum-chain"
                                  << "f1_1^2 + q1_2*q3_1 + omega2_1*f3_2 + exp(q2_2)"
                                  << "q1_1*q2_2 + omega3_2^2";
    QTest::newRow("angle") << "planar-pendulum"
                           << "tau^2 + cos(theta)*Omega + t*tau"
                           << "(1 - cos(theta))^2 + Omega^2";
  }
  // the typed costs' gradients along the tangent coordinates against central differences of the
  // values along retractState (error e^2/6 times the third derivative plus eps/e, about 1e-10 at
  // e = 1e-5: 1e-7 leaves room; a wrong chain rule through R or q errs by O(1))
  void costGradients() {
    QFETCH(QString, system);
    QFETCH(QString, running);
    QFETCH(QString, terminal);
    const SystemModel& m = *findSystem(system.toStdString());
    const DmocSpec s = dmocSpecOf(problemOf(m.name()), {});
    const SystemDeclaration& d = m.declaration();
    IntegratorSettings st = d.settings;
    st.h = s.h;
    st.T = s.T;
    const Simulator sim(m, Method::Variational, s.values, st);
    DmocCost cost(m, sim.values(), running.toStdString(), terminal.toStdString());
    const std::vector<StatePart> x =
        retractState(d, s.target, VectorXd::Constant(tangentSize(d, s.target), 0.3));
    VectorXd u(Eigen::Index(sim.controlSize()));
    for (Eigen::Index i = 0; i < u.size(); ++i) u[i] = 0.4 * std::cos(1.0 + double(i));
    const double t = 0.7, e = 1e-5;
    double L = 0, Phi = 0, a = 0, b = 0;
    VectorXd Lx, Lu, Px, unused, unusedU;
    QVERIFY(cost.running(t, x, u, true, L, Lx, Lu, nullptr));
    QVERIFY(cost.terminal(x, true, Phi, Px, nullptr));
    const Eigen::Index n = tangentSize(d, x);
    QCOMPARE(Lx.size(), n);
    QCOMPARE(Px.size(), n);
    for (Eigen::Index j = 0; j < n; ++j) {
      VectorXd dx = VectorXd::Zero(n);
      dx[j] = e;
      QVERIFY(cost.running(t, retractState(d, x, dx), u, false, a, unused, unusedU, nullptr));
      QVERIFY(cost.running(t, retractState(d, x, -dx), u, false, b, unused, unusedU, nullptr));
      QVERIFY2(
          std::fabs((a - b) / (2 * e) - Lx[j]) <= 1e-7,
          qPrintable(
              QString("L, tangent %1: %2 against %3").arg(j).arg((a - b) / (2 * e)).arg(Lx[j])));
      QVERIFY(cost.terminal(retractState(d, x, dx), false, a, unused, nullptr));
      QVERIFY(cost.terminal(retractState(d, x, -dx), false, b, unused, nullptr));
      QVERIFY2(
          std::fabs((a - b) / (2 * e) - Px[j]) <= 1e-7,
          qPrintable(
              QString("Phi, tangent %1: %2 against %3").arg(j).arg((a - b) / (2 * e)).arg(Px[j])));
    }
    for (Eigen::Index j = 0; j < u.size(); ++j) {
      VectorXd du = VectorXd::Zero(u.size());
      du[j] = e;
      QVERIFY(cost.running(t, x, u + du, false, a, unused, unusedU, nullptr));
      QVERIFY(cost.running(t, x, u - du, false, b, unused, unusedU, nullptr));
      QVERIFY2(std::fabs((a - b) / (2 * e) - Lu[j]) <= 1e-7, qPrintable(QString("L, u %1").arg(j)));
    }
  }

  // the effort typed as a running cost is the default's problem: the same optimum, through the
  // typed path (the trapezoidal rule of a cost that does not depend on x is h sum |u_k|^2)
  void typedEffortIsTheDefault() {
    const ControlProblem& p = problemOf("pendulum-3d");
    const DmocSolution plain = solveDmoc(dmocSpecOf(p, {}), {});
    ControlRequest r;
    r.expressions["running_cost"] = "tau1^2 + tau2^2 + tau3^2";
    const DmocSolution typed = solveDmoc(dmocSpecOf(p, r), {});
    QVERIFY(plain.converged && typed.converged);
    // both optima to IPOPT's tol 1e-8 (relative, in the scaled KKT error)
    QVERIFY2(std::fabs(typed.cost - plain.cost) <= 1e-6 * plain.cost,
             qPrintable(
                 QString("%1 against %2").arg(typed.cost, 0, 'g', 12).arg(plain.cost, 0, 'g', 12)));
  }

  // a running cost of the state: the solution replays to the target, and its cost recomputed
  // from the replay's states (independently of the solver) is the solver's
  void runningCostOfTheState() {
    const ControlProblem& p = problemOf("mass-spring");
    ControlRequest r;
    r.expressions["running_cost"] = "f^2 + 4*q^2";
    const DmocSpec s = dmocSpecOf(p, r);
    const DmocSolution sol = solveDmoc(s, {});
    QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.message)));
    const double bound =
        2 * defectGain(s, sol.u) * std::sqrt(2.0) * std::max(sol.constraintViolation, 1e-15) +
        1e-12;
    QVERIFY2(sol.viTerminalError <= bound, qPrintable(QString::number(sol.viTerminalError)));
    double J = 0.0;
    for (int k = 0; k < sol.N; ++k) {
      const double f = sol.u[std::size_t(k)][0];
      const double q0 = sol.viReplay[std::size_t(k)].state[0];
      const double q1 = sol.viReplay[std::size_t(k + 1)].state[0];
      J += 0.5 * s.h * ((f * f + 4 * q0 * q0) + (f * f + 4 * q1 * q1));
    }
    // the replay's states are the solution's to the defects' propagation (<= bound), the sum's
    // round-off N eps
    QVERIFY2(std::fabs(J - sol.cost) <= 1e-9 * sol.cost,
             qPrintable(QString("%1 against %2").arg(J, 0, 'g', 12).arg(sol.cost, 0, 'g', 12)));
    // the state's term makes the block stop sooner than effort alone: a larger cost
    const DmocSolution effort = solveDmoc(dmocSpecOf(p, {}), {});
    QVERIFY(sol.cost > effort.cost);
  }

  // the target as a cost: x_N free, Phi = w |x_N|^2; x_N nears the target as w grows (about as
  // 1/w for this linear-quadratic problem), the replay reaches the solution's x_N, and the cost
  // is the effort plus Phi(x_N)
  void terminalCostInPlaceOfTheTarget() {
    const ControlProblem& p = problemOf("mass-spring");
    double dist[2];
    int i = 0;
    for (const char* w : {"10", "1000"}) {
      ControlRequest r;
      r.choices["target"] = "cost";
      r.expressions["terminal_cost"] = std::string(w) + "*(q^2 + v^2)";
      const DmocSpec s = dmocSpecOf(p, r);
      QVERIFY(s.targetAsCost);
      const DmocSolution sol = solveDmoc(s, {});
      QVERIFY2(sol.converged, qPrintable(QString::fromStdString(sol.message)));
      const double bound =
          2 * defectGain(s, sol.u) * std::sqrt(2.0) * std::max(sol.constraintViolation, 1e-15) +
          1e-12;
      QVERIFY2(sol.viReplayError <= bound, qPrintable(QString::number(sol.viReplayError)));
      double effort = 0.0;
      for (const VectorXd& u : sol.u) effort += s.h * u.squaredNorm();
      QVERIFY2(std::fabs(effort + sol.terminalCostValue - sol.cost) <= 1e-9 * sol.cost,
               qPrintable(QString::number(effort + sol.terminalCostValue - sol.cost)));
      dist[i++] = sol.viTerminalError;
    }
    qInfo("|x_N - target|: %.3g at w = 10, %.3g at w = 1000", dist[0], dist[1]);
    QVERIFY2(dist[1] < dist[0] / 10 && dist[0] > 0,
             qPrintable(QString("%1 %2").arg(dist[0]).arg(dist[1])));
  }

  // a cost that is not finite: a failed solve in words, naming the expression, no crash
  void nonFiniteCostInWords() {
    const ControlProblem& p = problemOf("mass-spring");
    ControlRequest r;
    r.expressions["running_cost"] = "f^2 + log(q - 10)";
    const ControlResult res = p.solve(r, {});
    QVERIFY(!res.converged);
    QVERIFY(!res.badInput);
    QVERIFY2(res.message.find("the cost is not finite") == 0 &&
                 res.message.find("log(q - 10)") != std::string::npos &&
                 res.message.find("best iterate is kept") != std::string::npos,
             qPrintable(QString::fromStdString(res.message)));
    QVERIFY(!res.samples.empty());
  }

  void badCostNamesTheExpression_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("needle");
    QTest::newRow("syntax") << "running_cost"
                            << "f^2 + (q"
                            << "--running-cost 'f^2 + (q'";
    QTest::newRow("unknown variable") << "running_cost"
                                      << "f^2 + x"
                                      << "unknown name 'x'";
    QTest::newRow("unknown function") << "terminal_cost"
                                      << "foo(q)"
                                      << "--terminal-cost 'foo(q)'";
    QTest::newRow("control in Phi") << "terminal_cost"
                                    << "q^2 + f"
                                    << "unknown name 'f'";
    QTest::newRow("unknown field") << "cost"
                                   << "q"
                                   << "unknown expression field 'cost'";
  }
  void badCostNamesTheExpression() {
    QFETCH(QString, field);
    QFETCH(QString, text);
    QFETCH(QString, needle);
    const ControlProblem& p = problemOf("mass-spring");
    ControlRequest r;
    r.expressions[field.toStdString()] = text.toStdString();
    try {
      p.check(r);
      QFAIL("accepted");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains(needle), e.what());
    }
    const ControlResult res = p.solve(r, {});
    QVERIFY(res.badInput);
    QVERIFY2(QString::fromStdString(res.message).contains(needle), res.message.c_str());
  }

  void unreachableTargetInWords_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<double>("T");
    QTest::addColumn<double>("uMax");
    QTest::addColumn<QString>("words");
    // a bound too small for the swing-up
    QTest::newRow("chain") << "pendulum-chain" << 3.0 << 0.5
                           << "the target cannot be reached with |u_i| <= 0.5 N in 3 s";
    // a horizon too short for the bound: 0.1 N over 0.7 s cannot stop the block (20 steps of
    // 0.035 s: t_N in words to the nanosecond, not 0.7000000000000001)
    QTest::newRow("mass-spring") << "mass-spring" << 0.7 << 0.1
                                 << "the target cannot be reached with |u_i| <= 0.1 N in 0.7 s";
  }
  void unreachableTargetInWords() {
    QFETCH(QString, system);
    QFETCH(double, T);
    QFETCH(double, uMax);
    QFETCH(QString, words);
    const ControlProblem& p = problemOf(system.toStdString());
    ControlRequest r;
    r.values["T"] = {T};
    r.values["u_max"] = {uMax};
    r.values["max_iter"] = {200};
    const ControlResult res = p.solve(r, {});
    QVERIFY(!res.converged);
    QVERIFY(!res.badInput);
    QVERIFY2(res.message.find(words.toStdString()) == 0,
             qPrintable(QString::fromStdString(res.message)));
    QVERIFY(res.message.find("constraint violation") != std::string::npos);
    QVERIFY(std::isfinite(res.cost));
    QVERIFY(!res.samples.empty());
  }

  void badInputNamesTheField() {
    const ControlProblem& p = problemOf("pendulum-3d");
    ControlRequest r;
    r.values["u_max"] = {0.0};
    QVERIFY_THROWS_EXCEPTION(InputError, p.check(r));
    ControlResult res = p.solve(r, {});
    QVERIFY(res.badInput);
    QVERIFY2(res.message.find("u_max") != std::string::npos,
             qPrintable(QString::fromStdString(res.message)));
    r.values = {{"T", {0.01}}, {"h", {0.02}}};
    res = p.solve(r, {});
    QVERIFY(res.badInput);
  }

  void cancels() {
    const ControlProblem& p = problemOf("pendulum-chain");
    int calls = 0;
    const ControlResult res = p.solve({}, [&](const IterationReport&) { return ++calls < 4; });
    QVERIFY(res.cancelled);
    QVERIFY(!res.converged);
    QCOMPARE(calls, 4);
    QVERIFY(res.iterations <= 3);
  }
};

DMS_TEST_APPLESS_MAIN(TestDmocIpopt)
}  // namespace tst_dmocipopt
#include "tst_dmocipopt.moc"
