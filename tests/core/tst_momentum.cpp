// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The angular momentum a run reports, recomputed independently from the named state and the
// parameters: the whole vector for every system that has one, built from positions and
// velocities on S^2, so that a method that leaves the manifold shows it; which components are
// conserved, and that the deviations count only those.
#include <QtTest>
#include <cmath>
#include <limits>
#include <optional>

#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/typedpotential.h"
#include "tests/common/suitemain.h"

namespace tst_momentum {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

Vector3d part3(const std::vector<StatePart>& parts, const char* name, int row = 0) {
  const StatePart* p = findPart(parts, name);
  if (!p) qFatal("no state part %s", name);
  return Vector3d(p->values[std::size_t(3 * row)], p->values[std::size_t(3 * row + 1)],
                  p->values[std::size_t(3 * row + 2)]);
}

Matrix3d rotation(const std::vector<StatePart>& parts) {
  const StatePart* p = findPart(parts, "R");
  if (!p) qFatal("no state part R");
  Matrix3d R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = p->values[std::size_t(3 * i + j)];
  return R;
}

// The angular momentum of a sample by the textbook formula of the kind of body a system declares
// first, from its named state (what `dmsim run` prints and dms.Run.state holds) and its
// parameters; nullopt for a kind this suite does not recompute (a set of spheres).
std::optional<Vector3d> recompute(const SystemModel& m, const ParamValues& v, Method method,
                                  const Sample& s) {
  const std::vector<StatePart> parts = namedState(m, method, s);
  const BodyKind kind = m.declaration().bodies.front().kind;
  if (kind == BodyKind::BobOnRodOnSphere || kind == BodyKind::ParticleOnSphere) {
    // L = m r x rdot, r = l q, rdot = l qdot, qdot = omega x q
    const double ml2 = scalarParam(v, "m") * std::pow(scalarParam(v, "l"), 2);
    const Vector3d q = part3(parts, "q"), w = part3(parts, "omega");
    return ml2 * q.cross(w.cross(q));
  }
  if (kind == BodyKind::ChainBob) {
    // L = sum_i m_i x_i x xdot_i, x_i = sum_{j<=i} l_j q_j
    Vector3d x = Vector3d::Zero(), xdot = Vector3d::Zero(), L = Vector3d::Zero();
    const int n = int(scalarParam(v, "n"));
    for (int i = 0; i < n; ++i) {
      const std::string k = "_" + std::to_string(i + 1);
      const double l = scalarParam(v, "l" + k);
      const Vector3d q = part3(parts, "q", i), w = part3(parts, "omega", i);
      x += l * q;
      xdot += l * w.cross(q);
      L += scalarParam(v, "m" + k) * x.cross(xdot);
    }
    return L;
  }
  if (kind == BodyKind::BoxOnPivot || kind == BodyKind::EllipsoidOnPivot) {
    // about the pivot: R J Omega, J diagonal in the body axes
    return Vector3d(rotation(parts) * vectorParam(v, "J").asDiagonal() * part3(parts, "Omega"));
  }
  if (kind == BodyKind::Quadrotor) {
    // about the origin: m x x v + R J Omega, J diagonal in the body axes
    const Vector3d x = part3(parts, "x"), vel = part3(parts, "v");
    return Vector3d(scalarParam(v, "m") * x.cross(vel) +
                    rotation(parts) * vectorParam(v, "J").asDiagonal() * part3(parts, "Omega"));
  }
  if (kind == BodyKind::Dumbbell) {
    // about the attracting point: m x x v + R J Omega, J of two uniform spheres on the body axis
    const double m1 = scalarParam(v, "m1"), m2 = scalarParam(v, "m2"), mass = m1 + m2;
    const double L = scalarParam(v, "L"), r = scalarParam(v, "r");
    Matrix3d J = Matrix3d::Zero();
    for (const auto& [mi, rho] : {std::pair{m1, Vector3d(-(m2 / mass) * L, 0, 0)},
                                  std::pair{m2, Vector3d((m1 / mass) * L, 0, 0)}})
      J += mi * (rho.squaredNorm() * Matrix3d::Identity() - rho * rho.transpose()) +
           0.4 * mi * r * r * Matrix3d::Identity();
    const Vector3d x = part3(parts, "x"), vel = part3(parts, "v");
    return Vector3d(mass * x.cross(vel) + rotation(parts) * J * part3(parts, "Omega"));
  }
  return std::nullopt;
}

std::vector<Sample> runAll(const SystemModel& m, const ParamValues& values, Method method,
                           IntegratorSettings st) {
  std::unique_ptr<Run> run = m.makeRun(values, method, st);
  std::vector<Sample> all;
  while (run->advance(all, 4096)) {
  }
  return all;
}

class TestMomentum : public QObject {
  Q_OBJECT

 private slots:
  // Every sample's Sample::momentum is the whole angular momentum, as recomputed from the named
  // state: for every system that has one and every method it has, 100 steps at its set-up.
  void momentumIsTheWholeAngularMomentum_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("method");
    for (const SystemModel* m : allSystems())
      for (Method me : m->methods())
        QTest::newRow((m->name() + " " + methodName(me)).c_str())
            << QString::fromStdString(m->name()) << QString::fromStdString(methodName(me));
  }

  void momentumIsTheWholeAngularMomentum() {
    QFETCH(QString, system);
    QFETCH(QString, method);
    const SystemModel& m = *findSystem(system.toStdString());
    const Method me = parseMethod(method.toStdString());
    const ParamValues v = m.normalize({}, nullptr);
    IntegratorSettings st = m.defaultSettings();
    st.T = 100 * st.h;
    const std::vector<Sample> samples = runAll(m, v, me, st);
    QVERIFY(samples.size() > 50);
    if (!m.hasAngularMomentum()) {
      for (const Sample& s : samples) QCOMPARE(s.momentum, Vector3d(Vector3d::Zero()));
      return;
    }
    const std::optional<Vector3d> first = recompute(m, v, me, samples.front());
    if (!first) {
      QVERIFY2(m.declaration().bodies.front().kind == BodyKind::SphereCluster,
               "a system with an angular momentum this suite skips");
      return;
    }
    double horizontal = 0.0, largest = 0.0;
    for (const Sample& s : samples) {
      const Vector3d L = *recompute(m, v, me, s);
      horizontal = std::max(horizontal, L.head<2>().norm());
      largest = std::max(largest, L.norm());
      // the same formula in another order of operations, on state read back from the named
      // parts: a few roundings of the largest term (RATTLE's omega is read off the drawn point,
      // a division and two products more)
      const double scale = std::max(L.norm(), 1.0) * std::max(1.0, samples.front().momentum.norm());
      QVERIFY2((s.momentum - L).norm() <= 64 * kEps * scale,
               qPrintable(QString("t = %1: |reported - recomputed| = %2")
                              .arg(s.t)
                              .arg((s.momentum - L).norm())));
    }
    // the horizontal components are not zero along these set-ups: the whole vector is reported
    QVERIFY2(horizontal > 1e-3 * largest, qPrintable(QString::number(horizontal)));
  }

  // RK45 leaves the sphere (|q| drifts by about 1e-2 over the article's T = 200) and its
  // physical vertical angular momentum e3.(m l^2 q x qdot) drifts with it, although it keeps
  // e3.omega exactly (omega' has no e3 component): the summary shows the drift. The
  // variational step stays on the sphere and keeps it to round-off.
  void sphericalPendulumRk45DriftShows() {
    const SystemModel& m = *findSystem("spherical-pendulum");
    const ParamValues v = m.normalize({}, nullptr);
    const IntegratorSettings st = m.defaultSettings();
    RunSummary rk(conservedMomentumMask(m, v)), vi(conservedMomentumMask(m, v));
    for (const Sample& s : runAll(m, v, Method::Rk45, st)) rk.add(s);
    for (const Sample& s : runAll(m, v, Method::Variational, st)) vi.add(s);
    const double Lz0 = std::fabs(rk.momentum0().z());
    QVERIFY(Lz0 > 1.0);
    qInfo("max |L3 - L3_0| / |L3_0|: RK45 %.3g, vi %.3g", rk.momentumMaxDev / Lz0,
          vi.momentumMaxDev / Lz0);
    QVERIFY2(rk.momentumMaxDev > 1e-2 * Lz0, qPrintable(QString::number(rk.momentumMaxDev)));
    // round-off of N = 4000 steps as a random walk, eps |L| sqrt(N), with a margin of 64
    QVERIFY2(vi.momentumMaxDev < 64 * kEps * Lz0 * std::sqrt(double(vi.samples)),
             qPrintable(QString::number(vi.momentumMaxDev)));
  }

  // Which components are conserved, from the parameters and the potential at hand: only the
  // vertical one under gravity, all three without it, none for a typed potential without a
  // symmetry about e3.
  void conservedComponents() {
    const auto mask = [](const char* system, const ParamValues& given) {
      const SystemModel& m = *findSystem(system);
      return conservedMomentumMask(m, m.normalize(given, nullptr));
    };
    const Vector3d e3(0, 0, 1), all(1, 1, 1);
    for (const char* s : {"spherical-pendulum", "pendulum-chain", "pendulum-3d"}) {
      QCOMPARE(mask(s, {}), e3);
      QCOMPARE(mask(s, {{"g", {0.0}}}), all);
    }
    QCOMPARE(mask("pendulum-3d", {{"rho", {0.0, 0.0, 0.0}}}), all);
    QCOMPARE(mask("dumbbell", {}), all);
    QCOMPARE(mask("two-body", {}), all);
    QCOMPARE(mask("mass-spring", {}), Vector3d(Vector3d::Zero()));
    const SystemModel& sphere = *findSystem("custom-sphere-particle");
    const std::shared_ptr<const SystemModel> tilted = withPotential(sphere, "k*q1 - 9.81*m*l*q3");
    QVERIFY(!tilted->hasMomentum());
    QVERIFY(tilted->hasAngularMomentum());
    QCOMPARE(conservedMomentumMask(*tilted, tilted->normalize({{"k", {1.0}}}, nullptr)),
             Vector3d(Vector3d::Zero()));
  }

  // The summary's |L - L0| counts the conserved components only: the 3D pendulum's vi keeps
  // e3.L to round-off while L itself swings by its own size; without gravity it keeps all three.
  void deviationCountsTheConservedComponents() {
    const SystemModel& m = *findSystem("pendulum-3d");
    for (const double g : {9.81, 0.0}) {
      const ParamValues v = m.normalize({{"g", {g}}}, nullptr);
      IntegratorSettings st = m.defaultSettings();
      st.T = 10.0;
      const std::vector<Sample> samples = runAll(m, v, Method::Variational, st);
      RunSummary masked(conservedMomentumMask(m, v)), whole;
      for (const Sample& s : samples) {
        masked.add(s);
        whole.add(s);
      }
      const double L0 = samples.front().momentum.norm();
      const double roundOff = 64 * kEps * L0 * std::sqrt(double(samples.size()));
      qInfo("g = %g: max |L - L0| %.3g (whole), %.3g (conserved components)", g,
            whole.momentumMaxDev, masked.momentumMaxDev);
      QVERIFY2(masked.momentumMaxDev < roundOff,
               qPrintable(QString::number(masked.momentumMaxDev)));
      if (g > 0) QVERIFY(whole.momentumMaxDev > 1e-2 * L0);
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestMomentum)
}  // namespace tst_momentum
#include "tst_momentum.moc"
