// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The table of a run's settings (core/integrators/settingkeys.h): every key through JSON and
// text and back, every alias accepted, bad values refused naming the key and what is allowed,
// and the methods the table says read a key are those whose runs change with it.
#include <QtTest>
#include <functional>
#include <set>

#include "core/integrators/settingsjson.h"
#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "core/sim/runinput.h"
#include "core/sim/runreport.h"
#include "tests/common/suitemain.h"

namespace tst_runsettings {

using namespace dms;
using Json = nlohmann::ordered_json;

// settings with every key away from its default (within its range, h <= T)
IntegratorSettings changedAll() {
  IntegratorSettings s;
  s.h = 0.02;
  s.T = 12.5;
  s.rtol = 1e-7;
  s.atol = 1e-11;
  s.controller = RkController::Scipy;
  s.sampling = RkSampling::Steps;
  s.summation = Summation::Plain;
  return s;
}

// `s` with `key` changed to another allowed value
IntegratorSettings changed(IntegratorSettings s, const SettingKey& key) {
  if (key.isChoice()) {
    const int now = key.getChoice(s);
    for (const SettingChoice& c : key.choices)
      if (c.value != now) {
        key.setChoice(s, c.value);
        break;
      }
    return s;
  }
  // h halved, T shortened by a step, the tolerances far from the defaults (AbsTol large enough
  // to change ode45's threshold AbsTol/RelTol on every component)
  const double v = settingNumber(s, key);
  double to = v / 2;
  if (key.name == "T") to = v - s.h;
  if (key.name == "atol") to = 0.5;
  setSettingNumber(s, key, to);
  return s;
}

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

// what a run made: every sample's t and state, and its counters
struct Trace final : SampleSink {
  std::vector<double> values;
  void take(const Sample& s) override {
    values.push_back(s.t);
    for (Eigen::Index i = 0; i < s.state.size(); ++i) values.push_back(s.state[i]);
  }
};

std::vector<double> trace(const SystemModel& model, Method method, const IntegratorSettings& st) {
  const ParamValues values = model.normalize(defaultValues(model.params()), nullptr);
  std::unique_ptr<Run> run = model.makeRun(values, method, st);
  Trace t;
  while (run->advance(t, 4096, SampleFields::All)) {
  }
  const RunCounters c = run->counters();
  t.values.insert(t.values.end(), {double(c.steps), double(c.rejected), double(c.fevals)});
  return t.values;
}

class TestRunSettings : public QObject {
  Q_OBJECT
 private slots:
  // one name means one key: no name (canonical, alias) or flag of two keys
  void everyNameIsOneKey() {
    std::set<std::string> names, flags;
    for (const SettingKey& k : settingKeys()) {
      QVERIFY2(names.insert(k.name).second, k.name.c_str());
      for (const std::string& a : k.aliases()) QVERIFY2(names.insert(a).second, a.c_str());
      QVERIFY2(flags.insert(k.flag).second, k.flag.c_str());
      QCOMPARE(findSettingKey(k.name), &k);
      QCOMPARE(findSettingKey(k.fileKey), &k);
      QCOMPARE(findSettingKey(k.dictKey), &k);
      QVERIFY(!k.description.empty());
      QCOMPARE(k.isChoice(), !k.choices.empty());
    }
    // the numbers are integratorSpecs(), in their order
    std::vector<std::string> numbers;
    for (const SettingKey& k : settingKeys())
      if (!k.isChoice()) numbers.push_back(k.name);
    QCOMPARE(integratorSpecs().size(), numbers.size());
    for (std::size_t i = 0; i < numbers.size(); ++i)
      QCOMPARE(integratorSpecs()[i].name, numbers[i]);
    // the sampling's clear name, with the older ones kept as aliases
    QCOMPARE(settingKey("samples").name, std::string("sampling"));
    QCOMPARE(settingKey("rk_samples").name, std::string("sampling"));
    QCOMPARE(settingKey("rk").name, std::string("controller"));
    QVERIFY(errorOf([] { settingKey("dt"); }).find("'dt' is not a run setting") !=
            std::string::npos);
  }

  void everyKeyRoundTripsThroughJsonAndText() {
    const IntegratorSettings s = changedAll();
    const Json j = settingsToJson(s);
    QCOMPARE(j.size(), settingKeys().size());
    IntegratorSettings back;
    std::vector<std::string> unknown;
    settingsFromJson(j, back, "settings", &unknown);
    QVERIFY(unknown.empty());
    IntegratorSettings byText;
    for (const SettingKey& k : settingKeys()) {
      // each key away from its default, so that a key not read back shows
      QVERIFY2(settingText(s, k) != settingText(IntegratorSettings{}, k), k.name.c_str());
      QCOMPARE(settingText(back, k), settingText(s, k));
      QVERIFY2(j.contains(k.fileKey), k.fileKey.c_str());
      setSetting(byText, k, settingText(s, k));
      QCOMPARE(settingText(byText, k), settingText(s, k));
    }
    // a scenario file writes them by their file keys and reads them back
    Scenario sc;
    sc.system = "spherical-pendulum";
    sc.parameters = defaultValues(findSystem(sc.system)->params());
    sc.settings = s;
    const std::string text = scenarioToJson(sc);
    QVERIFY(text.find("\"rk_samples\": \"steps\"") != std::string::npos);
    QVERIFY(text.find("\"rk\": \"scipy\"") != std::string::npos);
    const Scenario read = parseScenario(text, nullptr);
    for (const SettingKey& k : settingKeys())
      QCOMPARE(settingText(read.settings, k), settingText(s, k));
  }

  void everyAliasIsAccepted() {
    const IntegratorSettings s = changedAll();
    for (const SettingKey& k : settingKeys()) {
      std::vector<std::string> names = k.aliases();
      names.push_back(k.name);
      for (const std::string& name : names) {
        Json j = Json::object();
        j[name] = settingsToJson(s)[k.fileKey];
        IntegratorSettings got;
        settingsFromJson(j, got, "settings", nullptr);
        QVERIFY2(settingText(got, k) == settingText(s, k), name.c_str());
        // and in a scenario file
        const std::string text =
            R"({"schema_version": 1, "system": "mass-spring", "settings": )" + j.dump() + "}";
        std::vector<std::string> warnings;
        const Scenario sc = parseScenario(text, &warnings);
        QVERIFY2(warnings.empty(), name.c_str());
        QVERIFY2(settingText(sc.settings, k) == settingText(s, k), name.c_str());
      }
    }
    // two names of one key are refused, naming both
    const std::string e = errorOf([] {
      IntegratorSettings got;
      settingsFromJson(Json{{"samples", "steps"}, {"rk_samples", "output"}}, got, "settings",
                       nullptr);
    });
    QVERIFY2(e.find("settings.samples") != std::string::npos &&
                 e.find("settings.rk_samples") != std::string::npos,
             e.c_str());
  }

  void badValuesNameTheKeyAndWhatIsAllowed() {
    for (const SettingKey& k : settingKeys()) {
      IntegratorSettings s;
      if (k.isChoice()) {
        const std::string e = errorOf([&] { setSetting(s, k, "bogus"); });
        QVERIFY2(e.find(k.flag + " 'bogus'") != std::string::npos, e.c_str());
        for (const SettingChoice& c : k.choices)
          QVERIFY2(e.find(c.name) != std::string::npos, e.c_str());
        const std::string j = errorOf([&] {
          settingsFromJson(Json{{k.fileKey, 3}}, s, "settings", nullptr);
        });
        QVERIFY2(j.find("'settings." + k.fileKey + "' must be a string") != std::string::npos,
                 j.c_str());
      } else {
        const std::string range = errorOf([&] { setSetting(s, k, "-1"); });
        QVERIFY2(range.find("'" + k.name + "'") != std::string::npos, range.c_str());
        QVERIFY2(range.find(k.spec->rangeText()) != std::string::npos, range.c_str());
        const std::string text = errorOf([&] { setSetting(s, k, "fast"); });
        QVERIFY2(text.find("'" + k.flag + "': 'fast' is not a number") != std::string::npos,
                 text.c_str());
        const std::string j = errorOf([&] {
          settingsFromJson(Json{{k.fileKey, "1"}}, s, "settings", nullptr);
        });
        QVERIFY2(j.find("'settings." + k.fileKey + "' must be a number") != std::string::npos,
                 j.c_str());
        // out of range from a file: refused by validateSettings, naming the key and the range
        IntegratorSettings bad;
        setSettingNumber(bad, k, -1.0);
        const std::string v = errorOf([&] { validateSettings(bad); });
        QVERIFY2(v.find("'" + k.name + "'") != std::string::npos &&
                     v.find(k.spec->rangeText()) != std::string::npos,
                 v.c_str());
      }
    }
  }

  // the table's scopes are what the runs read: a run changes with a key exactly when the table
  // says its method reads it; the report says "none" for a choice it does not read, and a key
  // given to a method that does not read it is warned about
  void scopesAreWhatTheRunsRead() {
    for (const SystemModel* model : allSystems()) {
      IntegratorSettings base = model->defaultSettings();
      base.T = 150 * base.h;
      for (Method m : model->methods()) {
        const std::vector<double> ref = trace(*model, m, base);
        for (const SettingKey& k : settingKeys()) {
          const IntegratorSettings other = changed(base, k);
          validateSettings(other);
          const bool differs = trace(*model, m, other) != ref;
          const std::string what = model->name() + " " + methodName(m) + " " + k.name;
          QVERIFY2(differs == k.readBy(m),
                   (what + (differs ? " changed" : " did not change") + " the run").c_str());
          const std::string w = ignoredSettingsWarning(m, {{&k, k.flag}});
          QVERIFY2(w.empty() == k.readBy(m), (what + ": " + w).c_str());
          if (k.isChoice()) {
            const Json report = reportSettingsJson(base, m);
            QVERIFY2((report[k.fileKey] == "none") == !k.readBy(m), what.c_str());
          }
        }
      }
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestRunSettings)
}  // namespace tst_runsettings
#include "tst_runsettings.moc"
