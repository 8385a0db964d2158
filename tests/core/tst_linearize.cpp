// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The derivative of one step (Simulator::linearize): A and B agree with central differences of
// the step through the tangent coordinates on every system that declares them and every method
// that has a derivative; the variational methods' A is symplectic to round-off, which no
// difference quotient is.
#include <QtTest>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/integrators/composition.h"
#include "core/sim/registry.h"
#include "core/sim/simulator.h"
#include "core/sim/tangentcoords.h"
#include "core/systems/typedpotential.h"
#include "tests/common/suitemain.h"

namespace tst_linearize {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

// the methods whose step has no derivative (tangent.h says why): their linearize must refuse
// with a message, not return a matrix
bool noDerivative(Method m) { return m == Method::Rk45Proj || m == Method::Rkmk4; }

void everyLinearizedMethod() {
  QTest::addColumn<QString>("system");
  QTest::addColumn<int>("method");
  for (const SystemModel* m : allSystems()) {
    if (m->declaration().tangent.empty()) continue;
    for (Method me : m->methods())
      QTest::newRow(qPrintable(QString::fromStdString(m->name() + " " + methodName(me))))
          << QString::fromStdString(m->name()) << int(me);
  }
}

// the state after one step of a fresh simulator from `state` with u held
std::vector<StatePart> stepFrom(const SystemModel& m, Method me, const ParamValues& v,
                                const IntegratorSettings& st, const std::vector<StatePart>& state,
                                const VectorXd& u) {
  Simulator sim(m, me, v, st, &state);
  if (!sim.step(u)) throw std::runtime_error(sim.failure().reason);
  return sim.state();
}

// a control that is small against the system's forces and has no zero entry
VectorXd someControl(std::size_t n) {
  VectorXd u(static_cast<Eigen::Index>(n));
  for (Eigen::Index i = 0; i < u.size(); ++i) u[i] = 0.05 * std::cos(1.0 + double(i));
  return u;
}

class TestLinearize : public QObject {
  Q_OBJECT
 private slots:
  void matchesCentralDifferences_data() { everyLinearizedMethod(); }
  // central differences of the step with increment e err by e^2/6 |Phi'''| (truncation) plus
  // about eps |Phi| / e (round-off); e = 1e-5 puts both near 1e-10 relative, so 1e-6 of the
  // matrices' size separates a right derivative from any wrong term (a wrong term is of
  // order 1 or of order h, h >= 1e-3 here)
  void matchesCentralDifferences() {
    QFETCH(QString, system);
    QFETCH(int, method);
    checkCentralDifferences(*findSystem(system.toStdString()), Method(method));
  }

  // a typed potential whose second derivatives are not 0 (the default, -m g l q3, is linear):
  // the particle on the sphere's step derivatives use GiNaC's Hessian of it; and the variational
  // steps, RATTLE among them, are symplectic
  void typedPotentialMatchesCentralDifferences_data() {
    QTest::addColumn<int>("method");
    for (Method me : findSystem("custom-sphere-particle")->methods())
      QTest::newRow(qPrintable(QString::fromStdString(methodName(me)))) << int(me);
  }
  void typedPotentialMatchesCentralDifferences() {
    QFETCH(int, method);
    const auto m = withPotential(*findSystem("custom-sphere-particle"),
                                 "m*l*(-9.81*q3 + 3*q1^2*q2 + 2*q1*q3^3)");
    checkCentralDifferences(*m, Method(method));
    // RATTLE is symplectic on T*S^2 too, in the same form (its p is m l^2 omega x q)
    if (isVariationalComposition(Method(method)) || Method(method) == Method::Rattle)
      checkSymplectic(*m, Method(method));
  }

  // a typed U(R) whose second derivatives are not 0 (the default one is linear in R, the 3D
  // pendulum's): GiNaC's second derivatives carry the step's derivative of every method
  void typedRigidPotentialMatchesCentralDifferences_data() {
    QTest::addColumn<int>("method");
    for (Method me : findSystem("custom-rigid-body")->methods())
      QTest::newRow(qPrintable(QString::fromStdString(methodName(me)))) << int(me);
  }
  void typedRigidPotentialMatchesCentralDifferences() {
    QFETCH(int, method);
    const auto m = withPotential(*findSystem("custom-rigid-body"),
                                 "-2.943*R33 + 5*R13^2*R21 + 3*cos(R12*R31) + R11*R22*R33");
    checkCentralDifferences(*m, Method(method));
    if (isVariationalComposition(Method(method))) checkSymplectic(*m, Method(method));
  }

  // the quadrotor's thrust f R a turns with the body at each end of a step (in the Runge-Kutta
  // forms, at each stage): at a hover-size thrust, 1.2 m g, its derivative in R is of the size
  // of gravity's effect on the step, so a wrong or missing term in it is far above the
  // tolerance, as in the rows above
  void thrustMatchesCentralDifferences_data() {
    QTest::addColumn<int>("method");
    for (Method me : findSystem("quadrotor")->methods())
      QTest::newRow(qPrintable(QString::fromStdString(methodName(me)))) << int(me);
  }
  void thrustMatchesCentralDifferences() {
    QFETCH(int, method);
    const SystemModel& m = *findSystem("quadrotor");
    const double mg = scalarParam(m.normalize({}, nullptr), "m") * 9.81;
    VectorXd u(4);
    u << 1.2 * mg, 0.3, -0.2, 0.1;
    checkCentralDifferences(m, Method(method), &u);
  }

  void variationalStepsAreSymplectic_data() { everyLinearizedMethod(); }
  // A^T Omega(x_{k+1}) A = Omega(x_k) for a symplectic map: for vi and its compositions vi4,
  // vi6 and vi8 to round-off (a few
  // hundred eps of |A|^2 |Omega|: the products of a few dozen terms each), where RK4 errs by
  // O(h^5) per step
  void variationalStepsAreSymplectic() {
    QFETCH(QString, system);
    QFETCH(int, method);
    const Method me = Method(method);
    if (!isVariationalComposition(me)) return;
    checkSymplectic(*findSystem(system.toStdString()), me);
  }

 private:
  // u: the control held over the step (someControl's when null)
  static void checkCentralDifferences(const SystemModel& m, Method me,
                                      const VectorXd* given = nullptr) {
    const ParamValues v = m.normalize({}, nullptr);
    IntegratorSettings st = m.defaultSettings();
    // a generic state: a few steps into the default motion
    Simulator start(m, me, v, st);
    for (int k = 0; k < 5; ++k) QVERIFY(start.step());
    const std::vector<StatePart> x = start.state();
    const VectorXd u = given ? *given : someControl(start.controlSize());
    Simulator sim(m, me, v, st, &x);
    if (noDerivative(me)) {
      QVERIFY_THROWS_EXCEPTION(InputError, sim.linearize(u));
      return;
    }
    const StepDerivative d = sim.linearize(u);
    const SystemDeclaration& decl = m.declaration();
    const Eigen::Index n = tangentSize(decl, x);
    QCOMPARE(d.A.rows(), n);
    QCOMPARE(d.A.cols(), n);
    QCOMPARE(d.B.rows(), n);
    QCOMPARE(d.B.cols(), u.size());
    const std::vector<StatePart> y = stepFrom(m, me, v, st, x, u);
    const double e = 1e-5;
    MatrixXd A(n, n), B(n, u.size());
    for (Eigen::Index i = 0; i < n; ++i) {
      VectorXd dx = VectorXd::Zero(n);
      dx[i] = e;
      const VectorXd plus =
          tangentDifference(decl, y, stepFrom(m, me, v, st, retractState(decl, x, dx), u));
      const VectorXd minus =
          tangentDifference(decl, y, stepFrom(m, me, v, st, retractState(decl, x, -dx), u));
      A.col(i) = (plus - minus) / (2 * e);
    }
    for (Eigen::Index j = 0; j < u.size(); ++j) {
      VectorXd du = VectorXd::Zero(u.size());
      du[j] = e;
      const VectorXd plus = tangentDifference(decl, y, stepFrom(m, me, v, st, x, u + du));
      const VectorXd minus = tangentDifference(decl, y, stepFrom(m, me, v, st, x, u - du));
      B.col(j) = (plus - minus) / (2 * e);
    }
    const double scaleA = std::max(1.0, A.norm()), scaleB = std::max(1.0, B.norm());
    QVERIFY2((d.A - A).norm() <= 1e-6 * scaleA,
             qPrintable(QString("|A - A_fd| = %1, |A| = %2").arg((d.A - A).norm()).arg(A.norm())));
    QVERIFY2((d.B - B).norm() <= 1e-6 * scaleB,
             qPrintable(QString("|B - B_fd| = %1, |B| = %2").arg((d.B - B).norm()).arg(B.norm())));
  }

  static void checkSymplectic(const SystemModel& m, Method me) {
    const ParamValues v = m.normalize({}, nullptr);
    Simulator sim(m, me, v, m.defaultSettings());
    for (int k = 0; k < 5; ++k) QVERIFY(sim.step());
    const MatrixXd omega0 = sim.symplecticForm();
    QVERIFY2(omega0.size() > 0, "the system declares tangent coordinates but no symplectic form");
    const VectorXd u = someControl(sim.controlSize());
    const StepDerivative d = sim.linearize(VectorXd::Zero(u.size()));
    QVERIFY(sim.step());
    const MatrixXd omega1 = sim.symplecticForm();
    const double defect = (d.A.transpose() * omega1 * d.A - omega0).norm();
    const double bound = 500 * kEps * d.A.squaredNorm() * omega0.norm();
    QVERIFY2(defect <= bound, qPrintable(QString("defect %1 > %2").arg(defect).arg(bound)));
  }

 private slots:
  // a system without tangent coordinates, and a control of the wrong size, are refused
  void badInputIsRefused() {
    for (const SystemModel* m : allSystems()) {
      Simulator sim(*m, m->methods().front(), m->normalize({}, nullptr), m->defaultSettings());
      if (m->declaration().tangent.empty()) {
        QVERIFY_THROWS_EXCEPTION(InputError, sim.linearize(VectorXd()));
        continue;
      }
      QVERIFY_THROWS_EXCEPTION(InputError,
                               sim.linearize(VectorXd::Ones(Eigen::Index(sim.controlSize() + 1))));
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestLinearize)
}  // namespace tst_linearize
#include "tst_linearize.moc"
