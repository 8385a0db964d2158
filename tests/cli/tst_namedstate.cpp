// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim run's initial_state and final_state, and dmsim list's conserved quantities: the named
// state of every system, the same names and meaning for every integrator (core/sim/namedstate.h).
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <map>

#include "core/lie/so3.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_namedstate {

using dms::test::dmsim;
using Result = dms::test::DmsimResult;

// a part as a flat list of numbers (a scalar is one)
// a part's numbers in order: a number, a list, or a list of rows (a chain's q_i) flattened
std::vector<double> numbers(const QJsonValue& v) {
  if (v.isDouble()) return {v.toDouble()};
  std::vector<double> out;
  for (const QJsonValue& x : v.toArray()) {
    const std::vector<double> inner = numbers(x);
    out.insert(out.end(), inner.begin(), inner.end());
  }
  return out;
}

double maxDiff(const std::vector<double>& a, const std::vector<double>& b) {
  double d = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::fabs(a[i] - b[i]));
  return d;
}

// the parts a run starts from, from the system's normalized default parameters: what each part
// means for the kind of body the system declares first, written out here from the parameters (R0 =
// exp(att0^), exp(rotvec0^) by the Lie toolkit)
std::map<std::string, std::vector<double>> expectedInitial(const dms::SystemModel& m) {
  const dms::ParamValues v = m.normalize({}, nullptr);
  const auto p = [&](const char* name) { return v.at(name); };
  using dms::BodyKind;
  const BodyKind s = m.declaration().bodies.front().kind;
  if (s == BodyKind::SpringMass) return {{"q", p("q0")}, {"v", p("v0")}};
  if (s == BodyKind::BobOnRodInPlane) {
    const double t = p("theta0")[0];
    return {{"theta", {t}},
            {"R", {std::cos(t), -std::sin(t), std::sin(t), std::cos(t)}},
            {"Omega", p("omega0")}};
  }
  if (s == BodyKind::BobOnRodOnSphere || s == BodyKind::ParticleOnSphere)
    return {{"q", p("q0")}, {"omega", p("omega0")}};
  const auto rows = [](const std::vector<double>& a) {
    const dms::Matrix3d R = dms::so3Exp(dms::Vector3d(a[0], a[1], a[2]));
    std::vector<double> out;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) out.push_back(R(i, j));
    return out;
  };
  if (s == BodyKind::Dumbbell)
    return {{"R", rows(p("att0"))}, {"Omega", p("Omega0")}, {"x", p("x0")}, {"v", p("v0")}};
  if (s == BodyKind::Quadrotor)
    return {{"x", p("x0")}, {"v", p("v0")}, {"R", rows(p("rotvec0"))}, {"Omega", p("Omega0")}};
  if (s == BodyKind::BoxOnPivot || s == BodyKind::EllipsoidOnPivot)
    return {{"R", rows(p("rotvec0"))}, {"Omega", p("Omega0")}};
  if (s == BodyKind::ChainBob) {
    std::vector<double> q, omega;
    for (int i = 1; i <= int(p("n")[0]); ++i) {
      const std::vector<double> qi = p(("q0_" + std::to_string(i)).c_str()),
                                wi = p(("omega0_" + std::to_string(i)).c_str());
      q.insert(q.end(), qi.begin(), qi.end());
      omega.insert(omega.end(), wi.begin(), wi.end());
    }
    return {{"q", q}, {"omega", omega}};
  }
  if (s == BodyKind::SphereCluster) {
    // the centres of mass in the inertial frame, the system's at the origin, as the run
    // computes them: x2 = (m1/M) X, x1 = x2 - X (and the same for v)
    double mass[2] = {0.0, 0.0};
    for (int b = 1; b <= 2; ++b)
      for (int i = 1; i <= int(p(("n" + std::to_string(b)).c_str())[0]); ++i)
        mass[b - 1] += p(("m" + std::to_string(b) + "_" + std::to_string(i)).c_str())[0];
    const double w2 = mass[0] / (mass[0] + mass[1]);
    const std::vector<double> X = p("x0"), V = p("v0");
    std::vector<double> x1, x2, v1, v2;
    for (int k = 0; k < 3; ++k) {
      x2.push_back(w2 * X[std::size_t(k)]);
      x1.push_back(x2.back() - X[std::size_t(k)]);
      v2.push_back(w2 * V[std::size_t(k)]);
      v1.push_back(v2.back() - V[std::size_t(k)]);
    }
    return {{"R1", rows(p("rotvec1"))}, {"Omega1", p("Omega1")}, {"x1", x1}, {"v1", v1},
            {"R2", rows(p("rotvec2"))}, {"Omega2", p("Omega2")}, {"x2", x2}, {"v2", v2}};
  }
  return {};
}

class TestNamedState : public QObject {
  Q_OBJECT
 private slots:
  void everyRunNamesItsState_data() {
    QTest::addColumn<QString>("system");
    for (const dms::SystemModel* m : dms::allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }
  // every integrator of a system prints the same parts; at t = 0 they are the set-up, and at
  // t = 2 the integrators agree on them
  void everyRunNamesItsState() {
    QFETCH(QString, system);
    const dms::SystemModel* model = dms::findSystem(system.toStdString());
    const std::map<std::string, std::vector<double>> initial = expectedInitial(*model);
    QVERIFY2(!initial.empty(), "a system without expected initial parts in this test");
    QJsonObject reference;
    for (dms::Method method : model->methods()) {
      const QString name = QString::fromStdString(dms::methodName(method));
      const Result r = dmsim({"run", "--system", system, "--integrator", name, "--T", "2", "--h",
                              "0.00025", "--rtol", "1e-10", "--atol", "1e-12"});
      QCOMPARE(r.code, 0);
      const QJsonObject j = r.json();
      const QJsonObject first = j["initial_state"].toObject(), last = j["final_state"].toObject();
      QCOMPARE(first.keys(), last.keys());
      QCOMPARE(std::size_t(first.size()), initial.size());
      for (const auto& [part, want] : initial) {
        const std::vector<double> got = numbers(first[QString::fromStdString(part)]);
        QVERIFY2(got.size() == want.size(), part.c_str());
        // the set-up itself, through at most a rotation's or a quaternion's round trip and
        // RATTLE's omega = r x v / |r|^2: a few ulps of numbers of order one
        const double d = maxDiff(got, want);
        QVERIFY2(d < 1e-14, qPrintable(name + " " + part.c_str() + " " + QString::number(d)));
      }
      if (reference.isEmpty()) {
        reference = last;
        continue;
      }
      // against vi at t = 2: vi's global error is about h^2 |w|^3 T, h^2 = 6e-8 and the
      // set-ups' rates |w| at most about 4 rad/s (the 3D pendulum's), so under 1e-5; RK4's
      // O(h^4) and RK45's (tolerances 1e-10) are far smaller. So they agree to 1e-4, while a
      // part read in another method's layout (R transposed, RATTLE's p for omega, a
      // quaternion's entries for R) is off by order one
      for (const QString& part : last.keys()) {
        const double d = maxDiff(numbers(last[part]), numbers(reference[part]));
        QVERIFY2(d < 1e-4, qPrintable(name + " " + part + " " + QString::number(d)));
      }
    }
  }

  // a quaternion run's R is R(q), the matrix its samples draw (Sample::attitude), bit for bit
  void quaternionRunsGiveTheDrawnR() {
    const dms::SystemModel& m = *dms::findSystem("dumbbell");
    dms::IntegratorSettings st = m.defaultSettings();
    st.T = 5.0;
    std::unique_ptr<dms::Run> run = m.makeRun(m.normalize({}, nullptr), dms::Method::Rk45Quat, st);
    std::vector<dms::Sample> samples;
    while (run->advance(samples, 4096)) {
    }
    QVERIFY(samples.size() > 10);
    for (const dms::Sample& s : samples) {
      const std::vector<dms::StatePart> parts = dms::namedState(m, dms::Method::Rk45Quat, s);
      const std::vector<double>& R = dms::findPart(parts, "R")->values;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) QCOMPARE(R[std::size_t(3 * i + j)], s.attitude(i, j));
    }
  }

  // a chain's q and omega are n lists of 3 (one per link), a rotation's R one list of 9
  void chainPartsAreListsOfLinks() {
    const Result r = dmsim(
        {"run", "--system", "pendulum-chain", "--integrator", "vi", "--T", "0.1", "--set", "n=3"});
    QCOMPARE(r.code, 0);
    for (const char* which : {"initial_state", "final_state"}) {
      const QJsonObject state = r.json()[which].toObject();
      for (const char* part : {"q", "omega"}) {
        const QJsonArray links = state[part].toArray();
        QCOMPARE(links.size(), 3);
        for (const QJsonValue& link : links) QCOMPARE(link.toArray().size(), 3);
      }
    }
    const Result top = dmsim({"run", "--system", "pendulum-3d", "--T", "0.1"});
    QCOMPARE(top.code, 0);
    QCOMPARE(top.json()["final_state"].toObject()["R"].toArray().size(), 9);
    QVERIFY(top.json()["final_state"].toObject()["R"].toArray()[0].isDouble());
  }

  // the conserved quantities dmsim list names: the energy for every system, and the components
  // of Sample::momentum it conserves
  void listNamesTheConservedQuantities() {
    const Result r = dmsim({"list", "--json"});
    QCOMPARE(r.code, 0);
    const QJsonArray systems = QJsonDocument::fromJson(r.out).object()["systems"].toArray();
    QCOMPARE(std::size_t(systems.size()), dms::allSystems().size());
    for (const QJsonValue& s : systems) {
      const QJsonObject o = s.toObject();
      const dms::SystemModel* model = dms::findSystem(o["system"].toString().toStdString());
      QVERIFY(model);
      const QJsonArray conserved = o["conserved"].toArray();
      QVERIFY(!conserved.isEmpty());
      QCOMPARE(conserved[0].toObject()["name"].toString(), QString("energy"));
      bool momentum = false;
      std::vector<bool> listed(3, false);
      for (const QJsonValue& c : conserved) {
        const QJsonObject q = c.toObject();
        QVERIFY(!q["name"].toString().isEmpty() && !q["unit"].toString().isEmpty());
        if (q["field"].toString() != "momentum") continue;
        momentum = true;
        for (const QJsonValue& k : q["components"].toArray()) listed[std::size_t(k.toInt())] = true;
      }
      QCOMPARE(momentum, model->hasMomentum());
      std::unique_ptr<dms::Run> run = model->makeRun(
          model->normalize({}, nullptr), dms::Method::Variational, model->defaultSettings());
      std::vector<dms::Sample> samples;
      run->advance(samples, 50);
      // a system without an angular momentum reports none; the others report the whole vector,
      // listed components or not (tst_momentum recomputes it)
      if (!model->hasAngularMomentum())
        for (const dms::Sample& x : samples)
          QCOMPARE(x.momentum, dms::Vector3d(dms::Vector3d::Zero()));
    }
  }
};

DMS_TEST_GUILESS_MAIN(TestNamedState)
}  // namespace tst_namedstate
#include "tst_namedstate.moc"
