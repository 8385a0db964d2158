// Example 4, the dumbbell on SE(3), and the generic rigid body behind it: the Newton solve of
// eq (42), order 2 of the LGVI, its invariants over the default horizon, the RK45 baselines'
// drift from SO(3), the gravity moment of eq (41), and a free asymmetric top built from the
// same pieces with a potential defined here.
#include <Eigen/Eigenvalues>
#include <QtTest>
#include <cmath>
#include <limits>
#include <random>

#include "core/fit.h"
#include "core/integrators/dormandprince.h"
#include "core/integrators/rkrun.h"
#include "core/lie/so3.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/dumbbell.h"
#include "core/systems/lgvi.h"

using namespace dms;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();
constexpr double kPi = 3.14159265358979323846;

// U = 0: a free rigid body, the third rigid body in a dozen lines (no core change)
class FreeTopPotential final : public RigidBodyPotential {
 public:
  double energy(const Vector3d&, const Matrix3d&) const override { return 0.0; }
  void gradient(const Vector3d&, const Matrix3d&, Vector3d& dUdx, Matrix3d& dUdR) const override {
    dUdx.setZero();
    dUdR.setZero();
  }
};

// an asymmetric top with a general (non-diagonal) inertia tensor: principal moments 1, 2, 2.5
// (a physical body: each at most the sum of the others) in axes rotated off the body frame
RigidBody freeTop() {
  RigidBody b;
  b.m = 2.0;
  const Matrix3d Q = so3Exp(Vector3d(0.3, -0.7, 0.5));
  b.J = Q * Vector3d(1.0, 2.0, 2.5).asDiagonal() * Q.transpose();
  b.J = 0.5 * (b.J + b.J.transpose());
  b.potential = std::make_shared<FreeTopPotential>();
  return b;
}

RigidBodyState freeTopStart() {
  RigidBodyState s;
  s.R = so3Exp(Vector3d(0.1, 0.2, -0.3));
  s.x = Vector3d(1.0, -2.0, 0.5);
  s.v = Vector3d(0.1, 0.0, -0.2);
  // near the middle axis: the tumbling motion, the hard case for an integrator
  s.Omega = Vector3d(0.4, 1.5, -0.8);
  return s;
}

Matrix3d randomRotation(std::mt19937& gen) {
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  return so3Exp(Vector3d(u(gen), u(gen), u(gen)));
}

// a random symmetric positive definite J with eigenvalues in [0.1, 1] (condition <= 10)
Matrix3d randomInertia(std::mt19937& gen) {
  std::uniform_real_distribution<double> u(0.1, 1.0);
  const Matrix3d Q = randomRotation(gen);
  const Matrix3d J = Q * Vector3d(u(gen), u(gen), u(gen)).asDiagonal() * Q.transpose();
  return 0.5 * (J + J.transpose());
}

std::vector<Sample> runAll(Run& run) {
  std::vector<Sample> all;
  while (run.advance(all, 1 << 20)) {
  }
  return all;
}

// the LGVI state after N = T/h steps (T a multiple of h)
RigidBodyState lgviTo(const RigidBody& b, RigidBodyState s, double h, double T) {
  const int n = int(std::lround(T / h));
  for (int k = 0; k < n; ++k) {
    std::string why;
    if (!lgviStep(b, h, s, &why)) qFatal("LGVI step failed: %s", why.c_str());
  }
  return s;
}

// the matrix form integrated by Dormand-Prince at tight tolerances, the reference solution
RigidBodyState rkTo(const RigidBody& b, const RigidBodyState& s0, double T, double rtol) {
  const ContinuousForm form = rigidBodyMatrixForm(b, s0);
  DormandPrince dp;
  DormandPrince::Options o;
  o.rtol = rtol;
  o.atol = rtol * 1e-2;
  dp.init(form.rhs, 0.0, form.y0, T, o);
  while (!dp.done())
    if (!dp.step()) qFatal("RK45 reference failed: %s", dp.error().c_str());
  const VectorXd& y = dp.y();
  RigidBodyState s;
  s.R = Eigen::Map<const Matrix3d>(y.data());
  s.x = y.segment<3>(9);
  s.Omega = y.segment<3>(12);
  s.v = y.segment<3>(15);
  return s;
}

struct Default {
  const SystemModel* model = findSystem("dumbbell");
  ParamValues values = model->normalize({}, nullptr);
  IntegratorSettings settings = model->defaultSettings();
};

}  // namespace

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

  void lgviIsSecondOrder_data() {
    QTest::addColumn<bool>("dumbbell");
    QTest::newRow("dumbbell") << true;
    QTest::newRow("free-top") << false;
  }
  // Errors at T = 4 against Dormand-Prince at RelTol 1e-12 (its error ~1e-11, far below the
  // LGVI's smallest ~1e-6) for h = 0.1 / 2^k, k = 0..4: the least-squares log-log slope of the
  // position error and of the attitude error (distance on SO(3)) must be 2 +- 0.15 (a second
  // order method in its asymptotic range: the next term changes the slope by O(h^2)).
  void lgviIsSecondOrder() {
    QFETCH(bool, dumbbell);
    const RigidBody b = dumbbell ? DumbbellParams().body() : freeTop();
    const RigidBodyState s0 = dumbbell ? DumbbellParams().initialState() : freeTopStart();
    const double T = 4.0;
    const RigidBodyState ref = rkTo(b, s0, T, 1e-12);
    std::vector<double> lh, lx, lR, lW;
    for (int k = 0; k <= 4; ++k) {
      const double h = 0.1 / std::pow(2.0, k);
      const RigidBodyState s = lgviTo(b, s0, h, T);
      lh.push_back(std::log(h));
      lx.push_back(std::log((s.x - ref.x).norm() + (s.v - ref.v).norm()));
      lR.push_back(std::log(so3Distance(s.R, ref.R)));
      lW.push_back(std::log((s.Omega - ref.Omega).norm()));
    }
    const double px = leastSquaresSlope(lh, lx), pR = leastSquaresSlope(lh, lR),
                 pW = leastSquaresSlope(lh, lW);
    qInfo(
        "LGVI order (%s): position+velocity %s, attitude %.3f, Omega %.3f; attitude error "
        "at h = 0.1: %.3e, at h = 0.00625: %.3e",
        dumbbell ? "dumbbell" : "free top",
        dumbbell ? qPrintable(QString::number(px, 'f', 3)) : "exact", pR, pW, std::exp(lR.front()),
        std::exp(lR.back()));
    if (dumbbell) QVERIFY2(std::fabs(px - 2.0) <= 0.15, qPrintable(QString::number(px)));
    QVERIFY2(std::fabs(pR - 2.0) <= 0.15, qPrintable(QString::number(pR)));
    QVERIFY2(std::fabs(pW - 2.0) <= 0.15, qPrintable(QString::number(pW)));
    if (!dumbbell) {
      // with U = 0, (44) and (46) are exact: x moves on a line at constant v (40 additions,
      // each rounding by eps |x|)
      const RigidBodyState s = lgviTo(b, s0, 0.1, T);
      QVERIFY((s.x - (s0.x + T * s0.v)).norm() <= 40 * kEps * (s0.x.norm() + T * s0.v.norm()));
      QCOMPARE(s.v, s0.v);
    }
  }

  // Over the default horizon (h = 0.05, T = 200, 4001 samples):
  // - ||I - R^T R|| < 1e-12 at every sample (the article's 1.8553e-13 is a mean);
  // - total angular momentum: the LGVI conserves its discrete momentum map, m x_k x v_k +
  //   R_k J Omega_k, exactly; round-off adds a few eps |L| per step of random sign (a sqrt(N)
  //   growth). We allow the deterministic worst case of eps |L| per step, N eps |L0|;
  // - energy: bounded and without drift (backward error analysis: it oscillates O(h^2) about
  //   the start): the largest deviation in the last quarter is within 10% of that in the
  //   first, a least-squares trend over T is below 5% of the largest deviation, and halving h
  //   divides the largest deviation by 4 +- 0.5.
  void lgviInvariantsOverDefaultHorizon() {
    const Default d;
    std::unique_ptr<Run> run = d.model->makeRun(d.values, Method::Variational, d.settings);
    const std::vector<Sample> all = runAll(*run);
    QVERIFY2(!run->failure().failed, run->failure().reason.c_str());
    QCOMPARE(all.size(), std::size_t(4001));
    const Vector3d L0 = all.front().momentum;
    const double N = double(all.size() - 1);
    double maxOrth = 0.0, maxL = 0.0, orthSum = 0.0;
    for (const Sample& s : all) {
      QVERIFY2(s.structure < 1e-12, qPrintable(QString("t = %1: %2").arg(s.t).arg(s.structure)));
      maxOrth = std::max(maxOrth, s.structure);
      orthSum += s.structure;
      maxL = std::max(maxL, (s.momentum - L0).norm());
    }
    QVERIFY2(maxL <= N * kEps * L0.norm(), qPrintable(QString::number(maxL)));

    const auto energyStats = [](const std::vector<Sample>& v, double& maxDev, double& q1,
                                double& q4, double& trend) {
      const std::size_t n = v.size(), q = n / 4;
      double st = 0, se = 0;
      for (const Sample& s : v) {
        st += s.t;
        se += s.energy - v[0].energy;
      }
      const double mt = st / double(n), me = se / double(n);
      double num = 0, den = 0;
      maxDev = q1 = q4 = 0.0;
      for (std::size_t i = 0; i < n; ++i) {
        const double e = v[i].energy - v[0].energy;
        num += (v[i].t - mt) * (e - me);
        den += (v[i].t - mt) * (v[i].t - mt);
        maxDev = std::max(maxDev, std::fabs(e));
        if (i < q) q1 = std::max(q1, std::fabs(e));
        if (i >= n - q) q4 = std::max(q4, std::fabs(e));
      }
      trend = std::fabs(num / den * (v.back().t - v.front().t));
    };
    double maxDev, q1, q4, trend;
    energyStats(all, maxDev, q1, q4, trend);
    QVERIFY2(q4 <= 1.1 * q1, qPrintable(QString("%1 vs %2").arg(q4).arg(q1)));
    QVERIFY2(trend <= 0.05 * maxDev, qPrintable(QString("%1 vs %2").arg(trend).arg(maxDev)));
    IntegratorSettings half = d.settings;
    half.h = 0.5 * d.settings.h;
    std::unique_ptr<Run> run2 = d.model->makeRun(d.values, Method::Variational, half);
    double maxDev2, q1b, q4b, trend2;
    energyStats(runAll(*run2), maxDev2, q1b, q4b, trend2);
    QVERIFY2(std::fabs(maxDev / maxDev2 - 4.0) <= 0.5,
             qPrintable(QString::number(maxDev / maxDev2)));
    qInfo(
        "LGVI default run: max ||I - R^T R|| %.3e (mean %.3e, article 1.8553e-13), max |L - L0| "
        "%.3e (|L0| = %.4f), max |E - E0| %.3e (h/2: %.3e), trend %.2e",
        maxOrth, orthSum / double(all.size()), maxL, L0.norm(), maxDev, maxDev2, trend);
  }

  // Newton's iteration count over the whole default run: the step rotates by about
  // h |Omega| = 0.05 rad, |f| ~ 0.026 and cond(J) = 16.6 but J is axisymmetric about the rod
  // (e2, e3), so c <~ 0.03 in the bound above: e_3 <~ 0.03^15 ~ 1e-23, at most 3
  void lgviNewtonIterationsOverDefaultRun() {
    const DumbbellParams p;
    const RigidBody b = p.body();
    RigidBodyState s = p.initialState();
    int maxIt = 0;
    long total = 0;
    for (int k = 0; k < 4000; ++k) {
      LgviStepInfo info;
      std::string why;
      QVERIFY2(lgviStep(b, 0.05, s, &why, &info), why.c_str());
      QVERIFY(info.residual <= kEq42Tolerance);
      maxIt = std::max(maxIt, info.newtonIterations);
      total += info.newtonIterations;
    }
    QVERIFY2(maxIt <= 3, qPrintable(QString::number(maxIt)));
    qInfo("Newton iterations over the default run: max %d, mean %.2f", maxIt, double(total) / 4000);
  }

  void rk45DriftsFromSo3_data() {
    QTest::addColumn<int>("controller");
    QTest::newRow("ode45") << int(RkController::Ode45);
    QTest::newRow("scipy") << int(RkController::Scipy);
  }
  // RK45 at the default tolerances (RelTol 1e-3, AbsTol 1e-6) does not stay on SO(3): its mean
  // ||I - R^T R|| is far above round-off (we require > 1e-6, 1e8 times the LGVI's ~1e-14;
  // the local error per step is ~RelTol and nothing pulls R back). The quaternion form's
  // orthogonality and energy errors exceed the matrix form's, as the article reports, and
  // the LGVI's mean energy error is below both (a ranking, at the same output times).
  void rk45DriftsFromSo3() {
    QFETCH(int, controller);
    Default d;
    d.settings.controller = static_cast<RkController>(controller);
    RunSummary sum[2];
    for (int i = 0; i < 2; ++i) {
      std::unique_ptr<Run> run =
          d.model->makeRun(d.values, i == 0 ? Method::Rk45 : Method::Rk45Quat, d.settings);
      const std::vector<Sample> all = runAll(*run);
      QVERIFY2(!run->failure().failed, run->failure().reason.c_str());
      for (const Sample& s : all) sum[i].add(s);
      QCOMPARE(sum[i].samples, std::int64_t(4001));
      QVERIFY2(sum[i].structureMean > 1e-6, qPrintable(QString::number(sum[i].structureMean)));
      // and the total angular momentum is lost at the tolerance level, not at round-off
      QVERIFY(sum[i].momentumMaxDev > 1e-6);
    }
    // R(q)^T R(q) = |q|^4 I: the quaternion form's orthogonality error is |1 - |q|^4|, about
    // 4 |1 - |q|| (to first order in |1 - |q|| <= 0.03: within 10%)
    QVERIFY(sum[1].structure2Max > 0.0);
    QVERIFY(std::fabs(sum[1].structureMax / sum[1].structure2Max - 4.0) <= 0.4);
    QCOMPARE(sum[0].structure2Max, 0.0);
    QVERIFY2(sum[1].structureMean > sum[0].structureMean,
             qPrintable(QString("%1 vs %2").arg(sum[1].structureMean).arg(sum[0].structureMean)));
    QVERIFY(sum[1].energyMeanDev > sum[0].energyMeanDev);
    std::unique_ptr<Run> vi = d.model->makeRun(d.values, Method::Variational, d.settings);
    RunSummary viSum;
    for (const Sample& s : runAll(*vi)) viSum.add(s);
    QVERIFY(viSum.energyMeanDev < sum[0].energyMeanDev);
    qInfo(
        "RK45 (%s) mean ||I - R^T R||: matrix %.4e (article 0.0287), quaternion %.4e (article "
        "0.0753); mean |E - E0|: %.3e, %.3e",
        controllerName(d.settings.controller).c_str(), sum[0].structureMean, sum[1].structureMean,
        sum[0].energyMeanDev, sum[1].energyMeanDev);
  }

  // The two continuous forms describe the same motion: at RelTol 1e-11 they agree with each
  // other to ~1e-9 at T = 10 (we allow 1e-7: a few hundred steps of 1e-11 local error, times
  // the growth of errors along the orbit), and the quaternion stays unit to the same level.
  void quaternionAndMatrixFormsAgree() {
    const DumbbellParams p;
    const RigidBody b = p.body();
    const RigidBodyState s0 = p.initialState();
    const double T = 10.0;
    const ContinuousForm forms[2] = {rigidBodyMatrixForm(b, s0), rigidBodyQuaternionForm(b, s0)};
    Sample end[2];
    for (int i = 0; i < 2; ++i) {
      DormandPrince dp;
      DormandPrince::Options o;
      o.rtol = 1e-11;
      o.atol = 1e-13;
      dp.init(forms[i].rhs, 0.0, forms[i].y0, T, o);
      while (!dp.done()) QVERIFY(dp.step());
      end[i] = forms[i].sample(T, dp.y());
    }
    QVERIFY((end[0].position - end[1].position).norm() <= 1e-7);
    QVERIFY((end[0].attitude - end[1].attitude).norm() <= 1e-7);
    QVERIFY(std::fabs(end[0].energy - end[1].energy) <= 1e-7);
    QVERIFY(end[1].structure2 <= 1e-7);
    // and at t = 0 both forms start from R0 = exp(att0^)
    QVERIFY((forms[1].sample(0.0, forms[1].y0).attitude - s0.R).norm() <= 8 * kEps);
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

  // The free asymmetric top (U = 0, general J) through the same run machinery as the dumbbell:
  // the spatial angular momentum R J Omega + m x x v and |J Omega| (a Casimir: (45) with M = 0
  // is J Omega_{k+1} = F^T J Omega_k) are conserved to round-off, N eps |L| over N steps;
  // the RK45 matrix form at default tolerances is not.
  void freeTopConservesMomentum() {
    const RigidBody b = freeTop();
    const RigidBodyState s0 = freeTopStart();
    IntegratorSettings st;
    st.h = 0.05;
    st.T = 100.0;
    std::unique_ptr<Run> run = makeRigidBodyRun(b, s0, Method::Variational, st, "free-top");
    const std::vector<Sample> all = runAll(*run);
    QVERIFY(!run->failure().failed);
    QCOMPARE(all.size(), std::size_t(2001));
    const Vector3d L0 = all.front().momentum;
    const double pi0 = (b.J * s0.Omega).norm();
    const double N = 2000;
    double maxL = 0.0, maxPi = 0.0, maxOrth = 0.0;
    for (const Sample& s : all) {
      maxL = std::max(maxL, (s.momentum - L0).norm());
      const Vector3d Omega = s.state.segment<3>(12);
      maxPi = std::max(maxPi, std::fabs((b.J * Omega).norm() - pi0));
      maxOrth = std::max(maxOrth, s.structure);
    }
    QVERIFY2(maxL <= N * kEps * L0.norm(), qPrintable(QString::number(maxL)));
    QVERIFY2(maxPi <= N * kEps * pi0, qPrintable(QString::number(maxPi)));
    QVERIFY(maxOrth < 1e-12);
    std::unique_ptr<Run> rk = makeRigidBodyRun(b, s0, Method::Rk45, st, "free-top");
    RunSummary sum;
    for (const Sample& s : runAll(*rk)) sum.add(s);
    QVERIFY(sum.momentumMaxDev > 1e6 * maxL);
    qInfo("free top: LGVI max |L - L0| %.2e, max ||J Omega| - |J Omega0|| %.2e; RK45 %.2e", maxL,
          maxPi, sum.momentumMaxDev);
  }
};

QTEST_APPLESS_MAIN(TestDumbbell)
#include "tst_dumbbell.moc"
