// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Example 4, the dumbbell on SE(3): its default set-up, bad parameters refused, the Newton solve
// of eq (42) at round-off and its failure, collisions stop the run, and the gravity moment of
// eq (41). The LGVI's accuracy and invariants: tst_rigidbody.
#include "tests/common/suitemain.h"
#include "tests/core/rigidbodytest.h"

namespace tst_dumbbell {

using namespace dms;
using namespace dms::test;

class TestDumbbell : public QObject {
  Q_OBJECT
 private slots:
  // The default set-up (docs/numerics.md): J = diag(0.016, 0.266, 0.266), the mass centre at the
  // body origin, Jd = 1/2 tr(J) I - J, and the system is registered after the spherical pendulum.
  void setUpMatchesNumerics() {
    const DumbbellParams p;
    QVERIFY((p.J() - Matrix3d(Vector3d(0.016, 0.266, 0.266).asDiagonal())).norm() <= 4 * kEps);
    QVERIFY((p.Jd() - Matrix3d(Vector3d(0.258, 0.008, 0.008).asDiagonal())).norm() <= 4 * kEps);
    QVERIFY((p.m1 * p.rho(0) + p.m2 * p.rho(1)).norm() <= kEps);
    const auto& all = allSystems();
    QVERIFY(all.size() >= 4);
    QCOMPARE(all[3]->name(), std::string("dumbbell"));
    QCOMPARE(all[2]->name(), std::string("spherical-pendulum"));
    const DumbbellParams q = DumbbellParams::from(Default().values);
    QVERIFY((so3Exp(q.att0) - Eigen::AngleAxisd(kPi / 6, Vector3d::UnitY()).toRotationMatrix())
                .norm() <= 4 * kEps);
    // unequal masses: the centre of mass stays at the body origin
    DumbbellParams u;
    u.m1 = 0.2;
    u.m2 = 1.3;
    QVERIFY((u.m1 * u.rho(0) + u.m2 * u.rho(1)).norm() <= 4 * kEps);
    QVERIFY(std::fabs((u.rho(1) - u.rho(0)).norm() - u.L) <= 4 * kEps);
  }

  // bad input names the field, the value and the allowed range
  void rejectsBadParameters() {
    const Default d;
    const auto message = [&](const ParamValues& v) -> std::string {
      try {
        d.model->normalize(v, nullptr);
      } catch (const InputError& e) {
        return e.what();
      }
      return {};
    };
    const std::string overlap = message({{"r", {0.6}}});
    QVERIFY2(
        overlap.find("'r' = 0.6") != std::string::npos && overlap.find("0.5]") != std::string::npos,
        overlap.c_str());
    const std::string inside = message({{"x0", {0.45, 0, -0.25}}});
    QVERIFY2(inside.find("'x0' = 0.45,0,-0.25") != std::string::npos, inside.c_str());
    const std::string mass = message({{"m1", {0.0}}});
    QVERIFY2(mass.find("'m1' = 0") != std::string::npos && mass.find("(0, ") != std::string::npos,
             mass.c_str());
    RigidBody b = freeTop();
    b.J(0, 1) += 0.1;  // not symmetric
    bool threw = false;
    try {
      b.validate();
    } catch (const InputError& e) {
      threw = std::string(e.what()).find("symmetric and positive definite") != std::string::npos;
    }
    QVERIFY(threw);
  }

  // Newton on G(f) = g + g x f + (g.f) f - 2 J f over random J (SPD, condition <= 10), Omega,
  // M and h. At the returned F:
  // - (42) holds to round-off: g^ and F Jd - Jd F^T differ by a few eps times the terms that
  //   cancel, ||Jd|| (F Jd and Jd F^T are both about Jd); we allow 16 eps ||Jd||_F;
  // - F is orthogonal to round-off (closed-form Cayley): ||F^T F - I|| <= 8 eps;
  // - iterations: f0 = (2J)^-1 g misses the quadratic terms of G, a relative error
  //   e0 <~ c = cond(J)|f|, and Newton's error obeys e_{n+1} <~ c e_n^2 (G'' ~ |g|, G' ~ 2J),
  //   so e_n <~ c^(2^(n+1) - 1): for c <= 0.1, e_3 <~ 1e-15 and e_4 <~ 1e-31, at most 4.
  void newtonSolvesEq42AtRoundOff() {
    std::mt19937 gen(42);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    int maxIt = 0;
    double maxRes = 0.0, maxOrth = 0.0;
    int n = 0;
    while (n < 2000) {
      const Matrix3d J = randomInertia(gen);
      const Vector3d Omega = 3.0 * Vector3d(u(gen), u(gen), u(gen));
      const Vector3d M = Vector3d(u(gen), u(gen), u(gen));
      const double h = 0.01 + 0.1 * (u(gen) + 1.0);
      const Vector3d g = h * J * Omega + 0.5 * h * h * M;
      const Matrix3d Jd = 0.5 * J.trace() * Matrix3d::Identity() - J;
      const Vector3d f0 = J.llt().solve(0.5 * g);
      const double cond = J.eigenvalues().real().maxCoeff() / J.eigenvalues().real().minCoeff();
      if (cond * f0.norm() > 0.1) continue;  // the range the iteration bound is argued for
      ++n;
      const Eq42Solution s = solveEq42(J, g);
      QVERIFY2(s.converged, s.why.c_str());
      const double res = (hat(g) - (s.F * Jd - Jd * s.F.transpose())).norm() / Jd.norm();
      const double orth = (s.F.transpose() * s.F - Matrix3d::Identity()).norm();
      QVERIFY2(res <= 16 * kEps, qPrintable(QString("residual %1").arg(res)));
      QVERIFY2(orth <= 8 * kEps, qPrintable(QString("orthogonality %1").arg(orth)));
      QVERIFY2(s.iterations <= 4, qPrintable(QString("%1 iterations").arg(s.iterations)));
      QVERIFY((s.f - cayleyInverse(s.F)).norm() <= 64 * kEps * std::max(1.0, s.f.norm()));
      maxIt = std::max(maxIt, s.iterations);
      maxRes = std::max(maxRes, res);
      maxOrth = std::max(maxOrth, orth);
    }
    qInfo(
        "eq (42) over %d random cases: max %d Newton iterations, max (42) residual %.2e "
        "||Jd||, max ||F^T F - I|| %.2e",
        n, maxIt, maxRes, maxOrth);
  }

  // (42) has no solution when |g| is too large for F Jd - Jd F^T (about |g_i| <= J_ii for a
  // rotation about a principal axis): Newton must say so, never return an unconverged F
  void newtonReportsNoSolution() {
    const Matrix3d J = DumbbellParams().J();
    const Eq42Solution s = solveEq42(J, Vector3d(0.0, 0.0, 1.5 * J(2, 2)));
    QVERIFY(!s.converged);
    QVERIFY2(s.why.find("eq (42)") != std::string::npos, s.why.c_str());
  }

  // a run whose first step has no solution of (42) (h Omega3 = 1.25 > 1) stops at t = 0 with a
  // reason, after the initial sample only
  void runFailsWhenEq42HasNoSolution() {
    const Default d;
    const ParamValues v = d.model->normalize({{"Omega0", {0.0, 0.0, 25.0}}}, nullptr);
    std::unique_ptr<Run> run = d.model->makeRun(v, Method::Variational, d.settings);
    const std::vector<Sample> all = runAll(*run);
    QVERIFY(run->failure().failed);
    QCOMPARE(run->failure().time, 0.0);
    QVERIFY2(run->failure().reason.find("eq (42)") != std::string::npos,
             run->failure().reason.c_str());
    QCOMPARE(all.size(), std::size_t(1));
    QVERIFY(sampleIsFinite(all[0]));
  }

  void collisionStopsTheRun_data() {
    QTest::addColumn<int>("method");
    QTest::newRow("vi") << int(Method::Variational);
    QTest::newRow("rk45") << int(Method::Rk45);
    QTest::newRow("rk45-quat") << int(Method::Rk45Quat);
  }

  // released at rest at |x| = 2, the dumbbell falls onto the attracting point (free fall time
  // pi/2 sqrt(2^3 / 2) = 3.1): every method stops there with a reason, no sample inside a sphere
  void collisionStopsTheRun() {
    QFETCH(int, method);
    const Default d;
    const ParamValues v = d.model->normalize({{"x0", {2, 0, 0}}, {"v0", {0, 0, 0}}}, nullptr);
    std::unique_ptr<Run> run = d.model->makeRun(v, static_cast<Method>(method), d.settings);
    const std::vector<Sample> all = runAll(*run);
    QVERIFY(run->failure().failed);
    QVERIFY2(run->failure().reason.find("collision") != std::string::npos,
             run->failure().reason.c_str());
    QVERIFY(!all.empty());
    QCOMPARE(run->failure().time, all.back().t);
    QVERIFY(all.back().t > 2.0 && all.back().t < 3.2);
    const DumbbellGravity G = DumbbellParams::from(v).gravity();
    for (const Sample& s : all) QVERIFY(G.domainError(s.position, s.attitude).empty());
  }

  // Eq (41), M^ = dU/dR^T R - R^T dU/dR, equals the written-out sum rho_i x (R^T F_i) to
  // round-off (a few eps times sum |rho_i| |F_i|); and the potential's derivative along
  // R exp(eps eta^) is -M.eta and along x + eps e_j is dU/dx_j, by central differences.
  // Central-difference error: eps^2/6 max|phi'''| + (round-off) 2 eps_mach |U| / eps. For
  // phi(y) = -mu m_i/|y|, the k-th directional derivative is at most k! mu m_i / |y|^(k+1)
  // (Legendre expansion of 1/|y - t u|); along the curve y_i(e) = x + R exp(e eta^) rho_i
  // with |eta| = 1, |y'|, |y''|, |y'''| <= |rho_i|, so
  // |phi'''| <= mu m_i (6 |rho|^3/d^4 + 6 |rho|^2/d^3 + |rho|/d^2) with d = |y_i| - 2 eps |rho|.
  void momentMatchesEq41AndFiniteDifferences() {
    const DumbbellParams p;
    const DumbbellGravity G = p.gravity();
    std::mt19937 gen(41);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const double e = 1e-4;
    int discriminating = 0;
    for (int n = 0; n < 200; ++n) {
      const Matrix3d R = randomRotation(gen);
      Vector3d x(u(gen), u(gen), u(gen));
      x = (1.5 + 2.0 * (u(gen) + 1.0)) * x.normalized();  // |x| in [1.5, 5.5]
      Vector3d dUdx;
      Matrix3d dUdR;
      G.gradient(x, R, dUdx, dUdR);
      const Vector3d M41 = bodyMoment(R, dUdR);
      const Vector3d Msum = G.moment(x, R);
      double scale = 0.0, bound = 0.0, U = 0.0;
      for (int i = 0; i < 2; ++i) {
        const double r = p.rho(i).norm();
        const double d = (x + R * p.rho(i)).norm() - 2 * e * r;
        scale += r * G.sphereForce(i, x, R).norm();
        bound += G.mu() * G.mass(i) *
                 (6 * r * r * r / std::pow(d, 4) + 6 * r * r / std::pow(d, 3) + r / (d * d));
        U += std::fabs(G.mu() * G.mass(i) / d);
      }
      QVERIFY2((M41 - Msum).norm() <= 16 * kEps * scale,
               qPrintable(QString::number((M41 - Msum).norm())));
      QVERIFY((G.dUdx(x, R) - dUdx).norm() <= 4 * kEps * dUdx.norm());
      const double tol = e * e / 6 * bound + 4 * kEps * U / e;
      const Vector3d eta = Vector3d(u(gen), u(gen), u(gen)).normalized();
      const double fd =
          (G.energy(x, R * so3Exp(e * eta)) - G.energy(x, R * so3Exp(-e * eta))) / (2 * e);
      QVERIFY2(std::fabs(fd + M41.dot(eta)) <= tol,
               qPrintable(QString("%1 vs %2 (tol %3)").arg(fd).arg(-M41.dot(eta)).arg(tol)));
      // cases where a wrong sign or factor of M would be seen: |M.eta| >> tol
      if (std::fabs(M41.dot(eta)) > 1e3 * tol) ++discriminating;
      // along x the curve is straight (y'' = 0): |phi'''| <= 6 mu m_i / d^4
      double boundX = 0.0;
      for (int i = 0; i < 2; ++i)
        boundX += 6 * G.mu() * G.mass(i) / std::pow((x + R * p.rho(i)).norm() - e, 4);
      for (int j = 0; j < 3; ++j) {
        const Vector3d dx = e * Vector3d::Unit(j);
        const double fdx = (G.energy(x + dx, R) - G.energy(x - dx, R)) / (2 * e);
        QVERIFY(std::fabs(fdx - dUdx[j]) <= e * e / 6 * boundX + 4 * kEps * U / e);
      }
    }
    QVERIFY2(discriminating >= 150, qPrintable(QString::number(discriminating)));
  }
};

DMS_TEST_MAIN(TestDumbbell)
}  // namespace tst_dumbbell
#include "tst_dumbbell.moc"
