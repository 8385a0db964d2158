// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files: round trip, warnings for unknown keys, and a clear InputError naming the
// field for every malformed, truncated or hostile file.
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "core/version.h"
#include "tests/common/suitemain.h"

namespace tst_scenario {

using namespace dms;

const char* kGood = R"({
  "schema_version": 1, "program": "Discrete Mechanics Studio", "version": "0.1.0",
  "system": "spherical-pendulum",
  "parameters": {"m": 2, "l": 1.5, "q0": [0, 0.6, 0.8], "omega0": [0.1, 0, 0]},
  "settings": {"h": 0.01, "T": 20, "rtol": 1e-6, "atol": 1e-9, "rk": "scipy",
               "rk_samples": "steps"}
})";

std::string errorOf(const std::string& text) {
  try {
    parseScenario(text, nullptr);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

class TestScenario : public QObject {
  Q_OBJECT
 private slots:
  void parsesAndFillsDefaults() {
    std::vector<std::string> w;
    const Scenario s = parseScenario(kGood, &w);
    QVERIFY(w.empty());
    QCOMPARE(s.system, std::string("spherical-pendulum"));
    QCOMPARE(s.parameters.at("m"), std::vector<double>{2.0});
    QCOMPARE(s.parameters.at("q0"), (std::vector<double>{0.0, 0.6, 0.8}));
    QCOMPARE(s.parameters.at("g"), std::vector<double>{9.81});  // default filled in
    QCOMPARE(s.settings.h, 0.01);
    QCOMPARE(s.settings.T, 20.0);
    QCOMPARE(s.settings.rtol, 1e-6);
    QCOMPARE(s.settings.atol, 1e-9);
    QVERIFY(s.settings.controller == RkController::Scipy);
    QVERIFY(s.settings.sampling == RkSampling::Steps);
  }

  void roundTripThroughFile() {
    QTemporaryDir dir;
    Scenario s;
    s.system = "planar-pendulum";
    s.parameters = defaultValues(findSystem(s.system)->params());
    s.parameters["theta0"] = {0.1234567890123};
    s.settings.h = 0.025;
    s.settings.T = 12.5;
    const std::string path = dir.filePath("a.json").toStdString();
    std::string err;
    QVERIFY(saveScenario(s, path, &err));
    std::vector<std::string> w;
    const Scenario r = loadScenario(path, &w);
    QVERIFY(w.empty());
    QCOMPARE(r.system, s.system);
    QVERIFY(r.parameters == s.parameters);  // doubles round-trip exactly
    QCOMPARE(r.settings.h, 0.025);
    QCOMPARE(r.settings.T, 12.5);
    QVERIFY(scenarioToJson(r).find("\"version\": \"" DMS_VERSION "\"") != std::string::npos);
  }

  // the methods side by side: kept in the system's order as given, absent means the article's
  void methodsRoundTrip() {
    Scenario s;
    s.system = "dumbbell";
    s.parameters = defaultValues(findSystem(s.system)->params());
    s.methods = {Method::Variational, Method::Rk4, Method::Rk45Proj};
    std::vector<std::string> w;
    const Scenario r = parseScenario(scenarioToJson(s), &w);
    QVERIFY(w.empty());
    QCOMPARE(r.methods, s.methods);
    QVERIFY(scenarioToJson(s).find(R"("methods": [)") != std::string::npos);
    // a file without them (as every file before them): none, i.e. the article's choice
    QVERIFY(parseScenario(kGood, nullptr).methods.empty());
    s.methods.clear();
    QVERIFY(scenarioToJson(s).find("methods") == std::string::npos);
  }

  // one file for a lecture: the Analysis study with its inputs and the optimal-control
  // fields and choices come back as saved; a file without them has none
  void studyAndControlRoundTrip() {
    Scenario s;
    s.system = "spherical-pendulum";
    s.parameters = defaultValues(findSystem(s.system)->params());
    s.study = Scenario::Study{"long-time", {{"steps", "20000"}, {"T", "1e4"}}};
    s.control = Scenario::Control{
        {{"T", {2.0}}, {"qd", {0, 0, -1}}, {"max_iter", {300}}}, {{"transcription", "rk2"}}, {}};
    std::vector<std::string> w;
    const Scenario r = parseScenario(scenarioToJson(s), &w);
    QVERIFY2(w.empty(), w.empty() ? "" : w.front().c_str());
    QVERIFY(r.study && r.control);
    QVERIFY(*r.study == *s.study);
    QVERIFY(*r.control == *s.control);
    QVERIFY(!parseScenario(kGood, nullptr).study && !parseScenario(kGood, nullptr).control);
    QVERIFY(scenarioToJson(parseScenario(kGood, nullptr)).find("analysis") == std::string::npos);
  }

  void studyAndControlErrorsNameTheField_data() {
    QTest::addColumn<QString>("section");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("control value out of range") << R"("control": {"values": {"T": -1}})"
                                                << "control.values.T";
    QTest::newRow("control value not a number") << R"("control": {"values": {"h": "fast"}})"
                                                << "control.values.h";
    QTest::newRow("choice not one of its values")
        << R"("control": {"choices": {"transcription": "rk9"}})"
        << "control.choices.transcription";
    QTest::newRow("study without a key") << R"("analysis": {"inputs": {}})"
                                         << "analysis.study";
    QTest::newRow("study input not text")
        << R"("analysis": {"study": "long-time", "inputs": {"steps": [1]}})"
        << "analysis.inputs.steps";
  }
  void studyAndControlErrorsNameTheField() {
    QFETCH(QString, section);
    QFETCH(QString, mentions);
    const std::string text =
        R"({"schema_version": 1, "system": "spherical-pendulum", )" + section.toStdString() + "}";
    const QString e = QString::fromStdString(errorOf(text));
    QVERIFY2(e.contains(mentions), qPrintable(e));
  }

  // a field the system's problem does not have is a warning, not an error; the typed costs are
  // read beside the values and checked on load, a bad one named
  void controlFieldsOfTheSystemsProblem() {
    std::vector<std::string> w;
    const Scenario s = parseScenario(
        R"({"schema_version": 1, "system": "mass-spring", "control": {"values": {"T": 1, "qd": 2},
            "running_cost": "f^2 + q^2", "terminal_cost": "v^2"}})",
        &w);
    QVERIFY(s.control);
    QCOMPARE(int(w.size()), 1);
    QVERIFY2(QString::fromStdString(w[0]).contains("'control.values.qd' ignored"), w[0].c_str());
    QCOMPARE(s.control->expressions.at("running_cost"), std::string("f^2 + q^2"));
    const Scenario back = parseScenario(scenarioToJson(s), nullptr);
    QVERIFY(back.control == s.control);
    const QString e = QString::fromStdString(errorOf(
        R"({"schema_version": 1, "system": "mass-spring", "control": {"running_cost": "f^2 + w"}})"));
    QVERIFY2(e.contains("'control'") && e.contains("--running-cost 'f^2 + w'"), qPrintable(e));
  }

  // a syntax error is said in the user's words, where an editor shows it (line and column);
  // the parser's own message is kept apart as the detail
  void syntaxErrorsSayWhere() {
    const std::string text = "{\n  \"schema_version\": 1,\n  \"system\": mass-spring\n}";
    try {
      parseScenario(text, nullptr);
      QFAIL("accepted a bad scenario");
    } catch (const InputError& e) {
      const QString what = e.what();
      QVERIFY2(what.contains("line 3, column 13") && what.contains("unexpected 'm'"), e.what());
      QVERIFY2(!what.contains("json.exception"), e.what());
      QVERIFY(QString::fromStdString(e.detail()).contains("parse_error"));
    }
    try {
      parseScenario("{\"schema_version\": 1, \"system\": ", nullptr);
      QFAIL("accepted a truncated scenario");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("ends before the JSON is complete"), e.what());
    }
  }

  void unknownKeysAreWarnings() {
    std::vector<std::string> w;
    parseScenario(R"({"schema_version": 1, "system": "mass-spring", "colour": "red",
                      "settings": {"dt": 3}})",
                  &w);
    QCOMPARE(w.size(), std::size_t(2));
    QVERIFY(QString::fromStdString(w[0]).contains("colour"));
    QVERIFY(QString::fromStdString(w[1]).contains("settings.dt"));
  }

  // a parameter the system does not have would not be run as written: refused by its field
  void unknownParameterIsRefused() {
    QString err = QString::fromStdString(
        errorOf(R"({"schema_version": 1, "system": "mass-spring", "parameters": {"zeta": 1}})"));
    QVERIFY2(err.contains("'parameters.zeta': mass-spring has no parameter 'zeta'"),
             qPrintable(err));
    // a typed potential's parameters without the potential: the system's own would run
    err = QString::fromStdString(errorOf(R"({"schema_version": 1, "system":
        "custom-sphere-particle", "parameters": {"k": 3, "g": 9.81}})"));
    QVERIFY2(err.contains("'parameters.k'") && err.contains("in 'potential'"), qPrintable(err));
    // with the potential, the same parameters are its own
    std::vector<std::string> w;
    const Scenario s = parseScenario(R"({"schema_version": 1, "system": "custom-sphere-particle",
        "potential": "-m*g*l*q3 + k*q1^2", "parameters": {"k": 3, "g": 9.81}})",
                                     &w);
    QVERIFY(w.empty());
    QCOMPARE(s.parameters.at("k"), std::vector<double>{3.0});
  }

  // what the loader refuses is not written
  void saveRefusesWhatCannotBeRead() {
    QTemporaryDir dir;
    Scenario s;
    s.system = "custom-sphere-particle";
    s.settings = findSystem(s.system)->defaultSettings();
    s.parameters = {{"k", {3.0}}};
    const std::string path = dir.filePath("typed.json").toStdString();
    std::string err;
    QVERIFY(!saveScenario(s, path, &err));
    QVERIFY2(QString::fromStdString(err).contains("'parameters.k'"), err.c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(path)));
    s.potential = "-m*g*l*q3 + k*q1^2";
    s.parameters["g"] = {9.81};
    QVERIFY2(saveScenario(s, path, &err), err.c_str());
    QCOMPARE(loadScenario(path, nullptr).parameters.at("k"), std::vector<double>{3.0});
  }

  // the playback speed a file opens at (the examples set one): kept as saved; a file without
  // it, as every file before it, has none
  void speedRoundTrip() {
    Scenario s;
    s.system = "two-body";
    s.parameters = defaultValues(findSystem(s.system)->params());
    s.speed = 5000.0;
    std::vector<std::string> w;
    const Scenario r = parseScenario(scenarioToJson(s), &w);
    QVERIFY2(w.empty(), w.empty() ? "" : w.front().c_str());
    QCOMPARE(r.speed, std::optional<double>(5000.0));
    QVERIFY(!parseScenario(kGood, nullptr).speed);
    QVERIFY(scenarioToJson(parseScenario(kGood, nullptr)).find("speed") == std::string::npos);
  }

  // what a scenario shows, in a line and in sentences (the examples' menu entries): kept as
  // saved, written only when given
  void titleAndDescriptionRoundTrip() {
    Scenario s = parseScenario(kGood, nullptr);
    QVERIFY(scenarioToJson(s).find("title") == std::string::npos);
    s.title = "Nearly inverted";
    s.description = "Four methods near the unstable equilibrium.";
    std::vector<std::string> w;
    const Scenario r = parseScenario(scenarioToJson(s), &w);
    QVERIFY2(w.empty(), w.empty() ? "" : w.front().c_str());
    QCOMPARE(r.title, s.title);
    QCOMPARE(r.description, s.description);
  }

  void rejectsBadFiles_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    const std::string good = kGood;
    QTest::newRow("truncated") << QString::fromStdString(good.substr(0, good.size() / 2))
                               << "not valid JSON";
    QTest::newRow("empty") << ""
                           << "not valid JSON";
    QTest::newRow("not an object") << "[1, 2]"
                                   << "top level";
    QTest::newRow("no version") << R"({"system": "mass-spring"})"
                                << "schema_version";
    QTest::newRow("future version") << R"({"schema_version": 2, "system": "mass-spring"})"
                                    << "schema_version";
    QTest::newRow("unknown system") << R"({"schema_version": 1, "system": "teapot"})"
                                    << "teapot";
    QTest::newRow("speed not a number")
        << R"({"schema_version": 1, "system": "mass-spring", "speed": "fast"})"
        << "'speed' must be a number";
    QTest::newRow("title not a string")
        << R"({"schema_version": 1, "system": "mass-spring", "title": 3})"
        << "'title' must be a string";
    QTest::newRow("speed not positive")
        << R"({"schema_version": 1, "system": "mass-spring", "speed": 0})"
        << "'speed' = 0 must be positive";
    QTest::newRow("methods not a list")
        << R"({"schema_version": 1, "system": "mass-spring", "methods": "vi"})"
        << "'methods' must be an array";
    QTest::newRow("method not a name")
        << R"({"schema_version": 1, "system": "mass-spring", "methods": ["vi", 4]})"
        << "methods[1]";
    QTest::newRow("unknown method")
        << R"({"schema_version": 1, "system": "mass-spring", "methods": ["vi", "euler"]})"
        << "'euler' is not a method (mass-spring has vi, rk45, vi4, vi6, vi8, rk4, rk853)";
    QTest::newRow("method the system lacks")
        << R"({"schema_version": 1, "system": "mass-spring", "methods": ["rattle"]})"
        << "mass-spring has no method 'rattle'";
    QTest::newRow("method twice")
        << R"({"schema_version": 1, "system": "mass-spring", "methods": ["vi", "vi"]})"
        << "'vi' is given twice";
    QTest::newRow("no method") << R"({"schema_version": 1, "system": "mass-spring", "methods": []})"
                               << "no method given";
    QTest::newRow("system not a string") << R"({"schema_version": 1, "system": 3})"
                                         << "'system' must be a string";
    QTest::newRow("huge number")
        << R"({"schema_version": 1, "system": "mass-spring", "parameters": {"m": 1e400}})"
        << "parameters.m";
    QTest::newRow("string parameter")
        << R"({"schema_version": 1, "system": "mass-spring", "parameters": {"m": "1"}})"
        << "parameters.m";
    QTest::newRow("out of range")
        << R"({"schema_version": 1, "system": "mass-spring", "parameters": {"m": -1}})"
        << "'m' = -1";
    QTest::newRow("wrong dimension") << R"({"schema_version": 1, "system": "spherical-pendulum",
               "parameters": {"q0": [1, 0]}})"
                                     << "'q0'";
    QTest::newRow("too many components") << R"({"schema_version": 1, "system": "spherical-pendulum",
               "parameters": {"q0": [1, 0, 0, 0]}})"
                                         << "parameters.q0";
    QTest::newRow("zero q0") << R"({"schema_version": 1, "system": "spherical-pendulum",
               "parameters": {"q0": [0, 0, 0]}})"
                             << "q0";
    QTest::newRow("h above T")
        << R"({"schema_version": 1, "system": "mass-spring", "settings": {"h": 2, "T": 1}})"
        << "must not exceed T";
    QTest::newRow("negative h")
        << R"({"schema_version": 1, "system": "mass-spring", "settings": {"h": -2}})"
        << "'h'";
    QTest::newRow("bad controller")
        << R"({"schema_version": 1, "system": "mass-spring", "settings": {"rk": "euler"}})"
        << "settings.rk";
    QTest::newRow("deep nesting")
        << QString(R"({"schema_version": 1, "system": "mass-spring", "x": )") +
               QString(100000, '[') + QString(100000, ']') + "}"
        << "nested deeper";
    QTest::newRow("oversized") << QString(int(kScenarioMaxBytes) + 10, ' ') << "limit";
    const QString dumbbell = R"({"schema_version": 1, "system": "dumbbell", "parameters": {"R0": )";
    QTest::newRow("R0 scaled") << dumbbell + "[[2,0,0],[0,1,0],[0,0,1]]}}"
                               << "'parameters.R0' is not a rotation matrix";
    QTest::newRow("R0 reflection") << dumbbell + "[[-1,0,0],[0,1,0],[0,0,1]]}}"
                                   << "det R = -1";
    QTest::newRow("R0 short row") << dumbbell + "[[1,0,0],[0,1],[0,0,1]]}}"
                                  << "row of 3";
    QTest::newRow("R0 eight numbers") << dumbbell + "[1,0,0,0,1,0,0,0]}}"
                                      << "3x3 matrix";
    QTest::newRow("R0 nan") << dumbbell + "[[1,0,0],[0,1,0],[0,0,\"x\"]]}}"
                            << "R0[2][2]";
  }

  // a hand-written attitude matrix becomes the rotation vector att0 the dumbbell takes: a
  // rotation by 0.4 rad about e2, written to 17 digits, comes back as (0, 0.4, 0) to round-off
  void rotationMatrixBecomesAttitude() {
    std::vector<std::string> warnings;
    const QString c = QString::number(std::cos(0.4), 'g', 17);
    const QString s = QString::number(std::sin(0.4), 'g', 17);
    const QString text =
        QString(R"({"schema_version": 1, "system": "dumbbell", "parameters": {"R0": )") +
        QString("[[%1,0,%2],[0,1,0],[-%2,0,%1]]}}").arg(c, s);
    const Scenario sc = parseScenario(text.toStdString(), &warnings);
    const std::vector<double> att = sc.parameters.at("att0");
    QCOMPARE(att.size(), std::size_t(3));
    QVERIFY(std::fabs(att[0]) < 1e-15 && std::fabs(att[2]) < 1e-15);
    QVERIFY(std::fabs(att[1] - 0.4) < 1e-15);
  }

  void rejectsBadFiles() {
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    const QString err = QString::fromStdString(errorOf(text.toStdString()));
    QVERIFY2(!err.isEmpty(), "accepted a bad scenario");
    QVERIFY2(err.contains(mentions), qPrintable(err));
  }

  void unreadableAndUnwritablePaths() {
    QTemporaryDir dir;
    const std::string missing = dir.filePath("none.json").toStdString();
    bool threw = false;
    try {
      loadScenario(missing, nullptr);
    } catch (const InputError& e) {
      threw = QString(e.what()).contains("none.json");
    }
    QVERIFY(threw);
    Scenario s;
    s.system = "mass-spring";
    std::string err;
    QVERIFY(!saveScenario(s, dir.filePath("no/such/dir/a.json").toStdString(), &err));
    QVERIFY(QString::fromStdString(err).contains("a.json"));
  }
};

DMS_TEST_APPLESS_MAIN(TestScenario)
}  // namespace tst_scenario
#include "tst_scenario.moc"
