// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter parsing and validation: one place in the core that the CLI, the scenario loader
// and the GUI all use.
#include <QtTest>
#include <cmath>

#include "core/control/dumbbellocp.h"
#include "core/control/sphericalpendulumocp.h"
#include "core/params.h"
#include "core/sim/registry.h"
#include "tests/common/inputerror.h"
#include "tests/common/suitemain.h"

namespace tst_params {

using namespace dms;

using dms::test::inputErrorOf;
class TestParams : public QObject {
  Q_OBJECT
 private slots:
  void parsesNumbersStrictly() {
    QCOMPARE(parseNumber("1e-3", "h"), 1e-3);
    QCOMPARE(parseNumber(" 2.5 ", "h"), 2.5);
    for (const char* bad : {"", " ", "abc", "1.5x", "nan", "inf", "-inf", "1e999", "0x"}) {
      const std::string m = inputErrorOf([&] { parseNumber(bad, "h"); });
      QVERIFY2(m.find("'h'") != std::string::npos, bad);
    }
  }

  void parsesAssignments() {
    const auto [name, value] = parseAssignment("q0=0.866,0,0.5");
    QCOMPARE(name, std::string("q0"));
    QCOMPARE(value, (std::vector<double>{0.866, 0, 0.5}));
    QVERIFY(!inputErrorOf([] { parseAssignment("q0"); }).empty());
    QVERIFY(!inputErrorOf([] { parseAssignment("=1"); }).empty());
    QVERIFY(!inputErrorOf([] { parseAssignment("q0=1,,2"); }).empty());
  }

  // every parameter of a table: default accepted, bounds enforced with a message naming the
  // field, the value and the range; NaN, inf and a wrong vector length rejected
  static void checkTable(const std::vector<ParamSpec>& specs) {
    for (const ParamSpec& s : specs) {
      QVERIFY2(s.min < s.max, s.name.c_str());
      QVERIFY2(s.sliderMin >= s.min && s.sliderMax <= s.max, s.name.c_str());
      QCOMPARE(int(s.defaults.size()), s.dim);
      checkValue(s, s.defaults);
      for (double bad : {s.min - 1.0 - std::fabs(s.min), s.max + 1.0 + std::fabs(s.max),
                         double(NAN), double(INFINITY), -double(INFINITY)}) {
        std::vector<double> value = s.defaults;
        value[0] = bad;
        const std::string msg = inputErrorOf([&] { checkValue(s, value); });
        QVERIFY2(msg.find("'" + s.name + "'") != std::string::npos, msg.c_str());
        QVERIFY2(msg.find(s.rangeText()) != std::string::npos, msg.c_str());
      }
      if (s.minOpen) {
        std::vector<double> value = s.defaults;
        value[0] = s.min;
        QVERIFY(!inputErrorOf([&] { checkValue(s, value); }).empty());
      }
      const std::vector<double> wrongLength(s.dim + 1, s.defaults[0]);
      QVERIFY(!inputErrorOf([&] { checkValue(s, wrongLength); }).empty());
      const std::vector<double> empty;
      QVERIFY(!inputErrorOf([&] { checkValue(s, empty); }).empty());
    }
  }

  // the range message says a scalar as one value and a vector component by component
  void rangeMessageFitsTheDimension() {
    const ParamSpec scalar =
        ParamSpec::scalar("m", "kg", "mass").defaultValue(1).above(0).atMost(1e6);
    const std::string one = inputErrorOf([&] { checkValue(scalar, {-1}); });
    QVERIFY2(one.find("each component") == std::string::npos, one.c_str());
    QVERIFY2(
        one.find("parameter 'm' = -1 is out of range: it must be finite and in (0, 1e+06] kg") !=
            std::string::npos,
        one.c_str());
    const ParamSpec vector =
        ParamSpec::vector3("w", "rad/s", "rate").defaultValue({0, 0, 0}).range(-10, 10);
    const std::string three = inputErrorOf([&] { checkValue(vector, {0, NAN, 0}); });
    QVERIFY2(three.find("each component must be finite and in") != std::string::npos,
             three.c_str());
  }

  void everySystemFieldHasBounds() {
    for (const SystemModel* m : allSystems()) {
      checkTable(m->params());
      m->normalize({}, nullptr);
      QVERIFY(!inputErrorOf([&] { m->normalize({{"no-such-parameter", {1}}}, nullptr); }).empty());
    }
  }

  void everyIntegratorAndControlFieldHasBounds() {
    checkTable(integratorSpecs());
    checkTable(sphericalOcpSpecs());
    checkTable(dumbbellOcpSpecs());
  }

  void settingsAreValidated() {
    IntegratorSettings s;
    validateSettings(s);
    auto bad = [](IntegratorSettings x, const char* field) {
      const std::string m = inputErrorOf([&] { validateSettings(x); });
      QVERIFY2(m.find(field) != std::string::npos, m.c_str());
    };
    IntegratorSettings x = s;
    x.h = 0;
    bad(x, "'h'");
    x = s;
    x.h = -0.1;
    bad(x, "'h'");
    x = s;
    x.h = 5;  // > T
    x.T = 2;
    bad(x, "h = 5");
    x = s;
    x.T = NAN;
    bad(x, "'T'");
    x = s;
    x.rtol = 0;
    bad(x, "'rtol'");
    x = s;
    x.atol = -1;
    bad(x, "'atol'");
    x = s;
    x.h = 1e-9;
    x.T = 1e6;
    bad(x, "T/h");
    QCOMPARE(s.steps(), std::int64_t(4000));
  }
};

DMS_TEST_APPLESS_MAIN(TestParams)
}  // namespace tst_params
#include "tst_params.moc"
