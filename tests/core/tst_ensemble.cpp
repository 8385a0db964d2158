// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Ensembles (core/analysis/ensemble.h): a member given by its parameters is the system's own
// run from them, bit for bit, final state and summary; a member given by its state is the
// forced simulator from that state; the result does not depend on the number of threads; the
// sampler is reproducible from its seed; bad input names the member and is refused before
// anything runs.
#include <QtTest>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/analysis/ensemble.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/sim/simulator.h"
#include "tests/common/suitemain.h"

namespace tst_ensemble {

using namespace dms;

bool sameParts(const std::vector<StatePart>& a, const std::vector<StatePart>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].name != b[i].name || a[i].shape != b[i].shape || a[i].values != b[i].values)
      return false;
  return true;
}

bool sameSummary(const RunSummary& a, const RunSummary& b) {
  return a.samples == b.samples && a.energyMaxDev == b.energyMaxDev &&
         a.energyMeanDev == b.energyMeanDev && a.structureMax == b.structureMax &&
         a.structure2Max == b.structure2Max && a.momentumMaxDev == b.momentumMaxDev;
}

// the run of `dmsim run`: its last sample's named state and its summary over every sample
std::pair<std::vector<StatePart>, RunSummary> wholeRun(const SystemModel& m, Method me,
                                                       const ParamValues& v,
                                                       const IntegratorSettings& st) {
  RunSummary summary(conservedMomentumMask(m, v));
  std::unique_ptr<Run> run = m.makeRun(v, me, st);
  std::vector<Sample> samples;
  while (run->advance(samples, 256)) {
  }
  for (const Sample& s : samples) summary.add(s);
  return {namedState(m, me, samples.back()), summary};
}

class TestEnsemble : public QObject {
  Q_OBJECT
 private slots:
  void sampledMembersAreTheirRuns_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("param");
    QTest::newRow("chain vi") << "pendulum-chain"
                              << "vi"
                              << "omega0_1";
    QTest::newRow("chain rk45") << "pendulum-chain"
                                << "rk45"
                                << "omega0_1";
    QTest::newRow("3d pendulum vi4") << "pendulum-3d"
                                     << "vi4"
                                     << "Omega0";
    QTest::newRow("spherical rattle") << "spherical-pendulum"
                                      << "rattle"
                                      << "q0";
  }
  // each sampled member's final state and summary are those of the whole run of the same
  // parameters, bit for bit, with one thread and with two
  void sampledMembersAreTheirRuns() {
    QFETCH(QString, system);
    QFETCH(QString, method);
    QFETCH(QString, param);
    const SystemModel& m = *findSystem(system.toStdString());
    EnsembleInput in;
    in.method = parseMethod(method.toStdString());
    in.settings = m.defaultSettings();
    in.settings.T = 200 * in.settings.h;
    in.memberValues = sampleMembers(m, {}, {{param.toStdString(), 0.05}}, 5, 7);
    const auto one = runEnsemble(m, in, 1);
    const auto two = runEnsemble(m, in, 2);
    QCOMPARE(one.size(), std::size_t(5));
    for (std::size_t i = 0; i < one.size(); ++i) {
      // dmsim run normalizes the parameters it is given, as the ensemble does its members'
      const auto [final, summary] =
          wholeRun(m, in.method, m.normalize(in.memberValues[i], nullptr), in.settings);
      QVERIFY2(!one[i].failure.failed, one[i].failure.reason.c_str());
      QVERIFY2(sameParts(one[i].final, final), qPrintable(QString("member %1").arg(i)));
      QVERIFY(sameSummary(one[i].summary, summary));
      QVERIFY(sameParts(two[i].final, one[i].final));
      QVERIFY(sameSummary(two[i].summary, one[i].summary));
      QCOMPARE(one[i].t, in.settings.steps() * in.settings.h);
    }
    // the members differ: the sampler moved them
    QVERIFY(!sameParts(one[0].final, one[1].final));
  }

  // a member given by its state is the simulator from that state; the state of a member of
  // one ensemble starts the next, and two halves of T give the whole T bit for bit
  void stateMembersAreSimulatorRuns() {
    const SystemModel& m = *findSystem("pendulum-chain");
    const ParamValues v = m.normalize({}, nullptr);
    IntegratorSettings st = m.defaultSettings();
    st.T = 100 * st.h;
    std::vector<std::vector<StatePart>> states;
    for (int i = 0; i < 4; ++i) {
      Simulator s(m, Method::Variational, v, st);
      for (int k = 0; k < 10 * i; ++k) QVERIFY(s.step());
      states.push_back(s.state());
    }
    EnsembleInput in;
    in.method = Method::Variational;
    in.settings = st;
    in.states = states;
    const auto out = runEnsemble(m, in, 2);
    for (std::size_t i = 0; i < states.size(); ++i) {
      Simulator s(m, Method::Variational, v, st, &states[i]);
      for (std::int64_t k = 0; k < st.steps(); ++k) QVERIFY(s.step());
      QVERIFY2(sameParts(out[i].final, s.state()), qPrintable(QString("member %1").arg(i)));
      QCOMPARE(out[i].summary.samples, st.steps() + 1);
    }
  }

  void samplerIsReproducible() {
    const SystemModel& m = *findSystem("pendulum-3d");
    const auto a = sampleMembers(m, {}, {{"Omega0", 0.1}}, 3, 42);
    const auto b = sampleMembers(m, {}, {{"Omega0", 0.1}}, 3, 42);
    const auto c = sampleMembers(m, {}, {{"Omega0", 0.1}}, 3, 43);
    QVERIFY(a == b);
    QVERIFY(a != c);
    // only the spread parameter moves
    const ParamValues base = m.normalize({}, nullptr);
    for (const auto& [name, value] : a[0])
      if (name != "Omega0") QCOMPARE(value, base.at(name));
    QVERIFY(a[0].at("Omega0") != base.at("Omega0"));
  }

  void badInputNamesTheMember() {
    const SystemModel& m = *findSystem("pendulum-chain");
    EnsembleInput in;
    in.settings = m.defaultSettings();
    in.settings.T = 10 * in.settings.h;
    const auto message = [&](const EnsembleInput& e) {
      try {
        runEnsemble(m, e, 1);
      } catch (const InputError& x) {
        return std::string(x.what());
      }
      return std::string();
    };
    QVERIFY(message(in).find("neither") != std::string::npos);
    Simulator s(m, Method::Variational, m.normalize({}, nullptr), in.settings);
    in.states = {s.state(), s.state()};
    in.states[1][0].values.pop_back();  // one entry short
    const std::string shape = message(in);
    QVERIFY2(shape.rfind("member 1: ", 0) == 0, shape.c_str());
    in.states.clear();
    in.memberValues = {{}, {{"m_1", {-1.0}}}};
    const std::string mass = message(in);
    QVERIFY2(mass.rfind("member 1: ", 0) == 0 && mass.find("m_1") != std::string::npos,
             mass.c_str());
    for (double bad : {-1.0, std::numeric_limits<double>::quiet_NaN()}) {
      try {
        sampleMembers(m, {}, {{"omega0_1", bad}}, 2, 0);
        QFAIL("a bad spread was accepted");
      } catch (const InputError& x) {
        QVERIFY2(std::string(x.what()).find("spread of omega0_1") != std::string::npos, x.what());
      }
    }
    QVERIFY_THROWS_EXCEPTION(InputError, sampleMembers(m, {}, {{"nope", 0.1}}, 2, 0));
    QVERIFY_THROWS_EXCEPTION(InputError, sampleMembers(m, {}, {}, 0, 0));
  }
};

DMS_TEST_APPLESS_MAIN(TestEnsemble)
}  // namespace tst_ensemble
#include "tst_ensemble.moc"
