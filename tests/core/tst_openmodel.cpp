// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The model's open parts (docs/ARCHITECTURE.md, "An open model"): a parameter table that follows
// a structural parameter, the bodies read off a sample, and a state of 48 numbers inline.
#include <QtTest>

#include "core/sim/registry.h"
#include "core/systems/system.h"
#include "tests/common/suitemain.h"

namespace tst_openmodel {

using namespace dms;

// n point masses, each with its own mass m_i: only the parameter table matters here
class Beads final : public SystemModel {
 public:
  Beads() : SystemModel(declared()) {}
  std::vector<ParamSpec> paramsFor(const ParamValues& values) const override {
    return paramsOf(int(scalarParam(values, "n")));
  }
  StateError stateError(const Sample&, const Sample&) const override { return {}; }
  std::vector<StatePart> namedState(Method, const Sample&) const override { return {}; }
  // bead i at (i, 0, 0) + x_i e3, x_i the state's entry i
  std::vector<BodyPose> bodyPoses(const ParamValues& values, const Sample& s) const override {
    std::vector<BodyPose> out;
    for (int i = 0; i < int(scalarParam(values, "n")); ++i)
      out.push_back({Vector3d(i, 0, s.state[i]), Matrix3d::Identity()});
    return out;
  }
  std::unique_ptr<Run> makeRun(const ParamValues&, Method,
                               const IntegratorSettings&) const override {
    return nullptr;
  }

 private:
  static SystemDeclaration declared() {
    SystemDeclaration d;
    d.name = "beads";
    d.title = "beads";
    d.params = paramsOf(2);
    d.structuralParams = {"n"};
    return d;
  }
  static std::vector<ParamSpec> paramsOf(int n) {
    std::vector<ParamSpec> s = {
        ParamSpec::scalar("n", "", "number of beads").defaultValue(2).range(1, 8).wholeNumber()};
    for (int i = 1; i <= n; ++i)
      s.push_back(ParamSpec::scalar("m_" + std::to_string(i), "kg", "mass of bead i")
                      .defaultValue(1.0)
                      .above(0)
                      .atMost(1e6));
    return s;
  }
};

std::string refusal(const SystemModel& m, const ParamValues& v) {
  try {
    m.normalize(v, nullptr);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

class TestOpenModel : public QObject {
  Q_OBJECT
 private slots:
  // normalize() checks and completes the values against the table their n makes
  void tableFollowsTheStructuralParameter() {
    const Beads b;
    const ParamValues four = b.normalize({{"n", {4}}, {"m_4", {2.5}}}, nullptr);
    QCOMPARE(four.size(), std::size_t(5));
    QCOMPARE(four.at("m_4")[0], 2.5);
    QCOMPARE(four.at("m_3")[0], 1.0);
    // m_3 does not exist with the default n = 2, nor with n = 2 given
    QVERIFY(!refusal(b, {{"m_3", {2.0}}}).empty());
    QVERIFY(!refusal(b, {{"n", {2}}, {"m_3", {2.0}}}).empty());
    // n out of its range is named with the range, before its table is made
    const std::string nine = refusal(b, {{"n", {9}}});
    QVERIFY2(nine.find("'n' = 9") != std::string::npos && nine.find("[1, 8]") != std::string::npos,
             nine.c_str());
    // a per-link value is checked by its row
    const std::string mass = refusal(b, {{"n", {3}}, {"m_3", {0.0}}});
    QVERIFY2(mass.find("'m_3' = 0") != std::string::npos, mass.c_str());
  }

  // a system's bodies are read off the sample by the system; the default is the drawn pose
  void bodiesAreReadOffTheSample() {
    const Beads b;
    Sample s;
    s.state.resize(kMaxStateSize);
    for (int i = 0; i < kMaxStateSize; ++i) s.state[i] = 0.5 * i;
    const std::vector<BodyPose> poses = b.bodyPoses(b.normalize({{"n", {8}}}, nullptr), s);
    QCOMPARE(poses.size(), std::size_t(8));
    QCOMPARE(poses[7].position, Vector3d(7, 0, 3.5));
    for (const SystemModel* m : allSystems()) {
      Sample t;
      t.position = Vector3d(1, 2, 3);
      t.attitude = Eigen::AngleAxisd(0.3, Vector3d::UnitY()).toRotationMatrix();
      const std::vector<BodyPose> one = m->bodyPoses(m->normalize({}, nullptr), t);
      QCOMPARE(one.size(), std::size_t(1));
      QCOMPARE(one[0].position, t.position);
      QCOMPARE(one[0].attitude, t.attitude);
    }
  }

  // a chain of 8 links (48 numbers) and two rigid bodies (36) fit a sample's inline state
  void stateHoldsEightLinks() {
    QVERIFY(kMaxStateSize >= 48);
    Sample s;
    s.state.resize(48);
    s.state.setLinSpaced(48, 0.0, 47.0);
    const Sample copy = s;
    QCOMPARE(copy.state.size(), Eigen::Index(48));
    QCOMPARE(copy.state[47], 47.0);
    // inline: the numbers are inside the sample, not behind a pointer
    const auto* begin = reinterpret_cast<const char*>(&copy);
    const auto* data = reinterpret_cast<const char*>(copy.state.data());
    QVERIFY(data >= begin && data < begin + sizeof(Sample));
  }
};

DMS_TEST_GUILESS_MAIN(TestOpenModel)
}  // namespace tst_openmodel
#include "tst_openmodel.moc"
