// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim run --potential: the typed 3D pendulum's run against pendulum-3d's, the refusals (exit
// 2, the message naming what is wrong), a run stopped where U is not finite (exit 3), and a
// scenario file that keeps the expression and its parameters.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include "core/io/scenario.h"
#include "tests/common/dmsim.h"
#include "tests/common/suitemain.h"

namespace tst_potential {

using dms::test::dmsim;

std::vector<double> numbers(const QJsonValue& v) {
  std::vector<double> out;
  for (const QJsonValue& x : v.toArray()) out.push_back(x.toDouble());
  return out;
}

const QStringList kPendulumSets = {"--set",     "m=1",   "--set",      "g=9.81", "--set",
                                   "rho1=0.05", "--set", "rho2=-0.02", "--set",  "rho3=0.25"};

class TestPotential : public QObject {
  Q_OBJECT
 private slots:
  // one potential, one run, in several processes: the same digits in each. The derivatives'
  // print form must not depend on where a process placed GiNaC's type information (its term
  // order follows hashes seeded from those addresses); with that order, two of six processes
  // summed the double well's gradient in another order and ended in other last digits
  void sameDigitsInEveryProcess() {
    const QStringList args = {"run",
                              "--system",
                              "custom-sphere-particle",
                              "--potential",
                              "a*(q3^2 - 0.36)^2 + c*q1 - b*q2*q3^3",
                              "--set",
                              "a=20",
                              "--set",
                              "c=0.5",
                              "--set",
                              "b=1.5",
                              "--set",
                              "q0=0.8,0,0.6",
                              "--set",
                              "omega0=0,2.3,0",
                              "--T",
                              "50"};
    QJsonObject first;
    for (int k = 0; k < 8; ++k) {
      const auto r = dmsim(args);
      QVERIFY2(r.code == 0, r.err.constData());
      QJsonObject j = r.json();
      j.remove("cpu_s");
      if (k == 0) first = j;
      QVERIFY2(j == first, qPrintable(QString("process %1 differs").arg(k)));
    }
  }

  // the same arithmetic up to the order of a few products (tst_custompotential): the final
  // state after 500 steps within 8 N eps max(1, |x|), |x| <= 10
  void reproducesPendulum3d() {
    const auto fixed = dmsim({"run", "--system", "pendulum-3d", "--T", "5", "--set", "m=1", "--set",
                              "rho=0.05,-0.02,0.25"});
    QCOMPARE(fixed.code, 0);
    const auto typed = dmsim(QStringList{"run", "--system", "custom-rigid-body", "--T", "5",
                                         "--potential", "-m*g*(R31*rho1 + R32*rho2 + R33*rho3)"} +
                             kPendulumSets);
    QVERIFY2(typed.code == 0, typed.err.constData());
    const double bound = 8 * 500 * 2.2e-16 * 10;
    for (const char* part : {"R", "Omega"}) {
      const std::vector<double> a = numbers(fixed.json()["final_state"].toObject()[part]);
      const std::vector<double> b = numbers(typed.json()["final_state"].toObject()[part]);
      QCOMPARE(a.size(), b.size());
      for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(std::fabs(a[i] - b[i]) <= bound);
    }
    QCOMPARE(typed.json()["energy0"].toDouble(), fixed.json()["energy0"].toDouble());
  }

  void refusals_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("says");
    QTest::newRow("missing value")
        << QStringList{"--system", "custom-rigid-body", "--potential", "k*R33 + c", "--set", "k=1"}
        << "parameter 'c'";
    QTest::newRow("syntax") << QStringList{"--system", "custom-sphere-particle", "--potential",
                                           "q1 +* q2"}
                            << "syntax error at column 5";
    QTest::newRow("unknown function")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "erf(q1)"}
        << "unknown function 'erf' at column 1";
    QTest::newRow("unknown variable")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "q4"}
        << "unknown variable 'q4'";
    // a name of the other typed system's coordinates is not taken as a parameter, whose
    // derivative would be 0
    QTest::newRow("the rigid body's coordinate on the particle")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "sin(R11)", "--set",
                       "R11=1"}
        << "'R11' at column 5 is named like another system's coordinate";
    QTest::newRow("the particle's coordinate on the rigid body")
        << QStringList{"--system", "custom-rigid-body", "--potential", "q1 + R33", "--set", "q1=1"}
        << "'q1' at column 1 is named like another system's coordinate";
    QTest::newRow("fixed potential")
        << QStringList{"--system", "pendulum-3d", "--potential", "R33"}
        << "--potential applies to custom-rigid-body and custom-sphere-particle";
    QTest::newRow("non-ASCII character")
        << QStringList{"--system", "custom-sphere-particle", "--potential",
                       QString::fromUtf8("q1 \u00b7 q2")}
        << QString::fromUtf8("unexpected character U+00B7 '\u00b7' at column 4");
    QTest::newRow("superscript") << QStringList{"--system", "custom-sphere-particle", "--potential",
                                                QString::fromUtf8("q1\u00b2")}
                                 << QString::fromUtf8("character U+00B2 '\u00b2' at column 3");
    QTest::newRow("not finite at start")
        << QStringList{"--system", "custom-sphere-particle", "--potential", "log(q3 - 0.6)"}
        << "not finite at the initial q0";
  }
  void refusals() {
    QFETCH(QStringList, args);
    QFETCH(QString, says);
    const auto r = dmsim(QStringList{"run"} + args);
    QCOMPARE(r.code, 2);
    QVERIFY2(QString::fromUtf8(r.err).contains(says), r.err.constData());
    // the message is valid UTF-8: decoded and encoded again, the same bytes
    QCOMPARE(QString::fromUtf8(r.err).toUtf8(), r.err);
  }

  void notFiniteStopsTheRun() {
    const auto r = dmsim({"run", "--system", "custom-sphere-particle", "--potential",
                          "-m*g*l*q3 + sqrt(0.6 - q3)", "--set", "g=9.81", "--set", "omega0=0,0,0",
                          "--h", "0.01", "--T", "20"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains("integration failed at t = 0.5") && r.err.contains("not finite"),
             r.err.constData());
  }

  // a scenario keeps the text and its parameters: saved, loaded, run; --potential replaces it
  void scenarioFile() {
    dms::Scenario s;
    s.system = "custom-sphere-particle";
    s.potential = "-m*g*l*q3 + k*q1^2";
    s.parameters = {{"g", {9.81}}, {"k", {3.0}}};
    s.settings.h = 0.05;
    s.settings.T = 10.0;
    const std::string text = dms::scenarioToJson(s);
    QVERIFY(text.find("\"potential\": \"-m*g*l*q3 + k*q1^2\"") != std::string::npos);
    const dms::Scenario back = dms::parseScenario(text, nullptr);
    QCOMPARE(back.potential, s.potential);
    QCOMPARE(back.parameters.at("k"), std::vector<double>{3.0});
    QTemporaryDir dir;
    const QString path = dir.filePath("typed.json");
    std::string error;
    QVERIFY(dms::saveScenario(s, path.toStdString(), &error));
    const auto fromFile = dmsim({"run", "--scenario", path});
    QVERIFY2(fromFile.code == 0, fromFile.err.constData());
    const auto fromFlags =
        dmsim({"run", "--system", "custom-sphere-particle", "--potential", "-m*g*l*q3 + k*q1^2",
               "--set", "g=9.81", "--set", "k=3", "--h", "0.05", "--T", "10"});
    QCOMPARE(fromFile.json()["final_state"], fromFlags.json()["final_state"]);
    // the flag replaces the file's text: k is then unknown to the new table
    const auto replaced = dmsim({"run", "--scenario", path, "--potential", "-m*g*l*q3"});
    QVERIFY(replaced.code != 0 || replaced.json()["final_state"] != fromFile.json()["final_state"]);
    // a refused text in a file names the file's field (the core does not write such a file:
    // it is written here by hand)
    s.potential = "q1 +";
    QVERIFY(!dms::saveScenario(s, path.toStdString(), &error));
    QVERIFY2(error.find("'potential'") != std::string::npos, error.c_str());
    const auto writeText = [&](const std::string& text) {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(text.data(), qint64(text.size()));
    };
    writeText(dms::scenarioToJson(s));
    const auto bad = dmsim({"run", "--scenario", path});
    QCOMPARE(bad.code, 2);
    QVERIFY2(bad.err.contains("'potential'") && bad.err.contains("syntax error at column"),
             bad.err.constData());
    // the potential's parameters without the potential: refused by the field, not run with
    // the system's own potential
    s.potential.clear();
    writeText(dms::scenarioToJson(s));
    const auto without = dmsim({"run", "--scenario", path});
    QCOMPARE(without.code, 2);
    QVERIFY2(without.err.contains("'parameters.") && without.err.contains("in 'potential'"),
             without.err.constData());
    QVERIFY(without.out.isEmpty());
  }
};

DMS_TEST_GUILESS_MAIN(TestPotential)
}  // namespace tst_potential
#include "tst_potential.moc"
