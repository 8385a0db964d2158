// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The typeset names and units: every name, unit and title the systems and control problems give
// comes out without plain-text notation (no "^", no "||", no " - "), and the ones a lecturer
// sees most read as in the article.
#include <QtTest>
#include <cctype>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/sim/registry.h"
#include "tests/common/suitemain.h"

namespace tst_notation {

using namespace dms;

// what typeset must have replaced: a caret, a binary hyphen, a double bar that opens a norm
// ("||x"; "|1 - |q||" closes two absolute values and keeps its bars)
std::string leftover(const std::string& t) {
  if (t.find('^') != std::string::npos) return "^";
  if (t.find(" - ") != std::string::npos) return " - ";
  for (std::size_t i = t.find("||"); i != std::string::npos; i = t.find("||", i + 1))
    if (i + 2 < t.size() && std::isalpha(static_cast<unsigned char>(t[i + 2]))) return "||";
  return {};
}

class TestNotation : public QObject {
  Q_OBJECT
 private slots:
  void knownNames_data() {
    QTest::addColumn<QString>("plain");
    QTest::addColumn<QString>("shown");
    QTest::newRow("rotation") << "||I - R^T R||"
                              << "‖I − RᵀR‖";
    QTest::newRow("sphere") << "|1 - q^T q|"
                            << "|1 − qᵀq|";
    QTest::newRow("tangency") << "|q.omega|"
                              << "|q·ω|";
    QTest::newRow("quaternion, two absolute values") << "|1 - |q||"
                                                     << "|1 − |q||";
    QTest::newRow("unit") << "kg m^2/s"
                          << "kg m²/s";
    QTest::newRow("inverse") << "s^-1"
                             << "s⁻¹";
    QTest::newRow("momentum") << "p = m l^2 Omega"
                              << "p = m l² Ω";
    QTest::newRow("Omega stays a word inside others") << "Omegas"
                                                      << "Omegas";
    QTest::newRow("title") << "Spherical pendulum on S^2"
                           << "Spherical pendulum on S²";
    QTest::newRow("power of a space") << "Chain of n spherical pendula on (S^2)^n"
                                      << "Chain of n spherical pendula on (S²)ⁿ";
    QTest::newRow("target") << "target x^d (from the attracting point)"
                            << "target xᵈ (from the attracting point)";
    QTest::newRow("hat stays") << "exp(attd^)"
                               << "exp(attd^)";
    QTest::newRow("decimal point") << "h = 0.05 s"
                                   << "h = 0.05 s";
    QTest::newRow("hyphenated word") << "mass-spring"
                                     << "mass-spring";
  }
  void indices() {
    QCOMPARE(QString::fromStdString(typeset("max_i |1 - q_i^T q_i|")), QString("maxᵢ |1 − qᵢᵀqᵢ|"));
    QCOMPARE(QString::fromStdString(typeset("max_i |q_i.omega_i|")), QString("maxᵢ |qᵢ·ωᵢ|"));
    QCOMPARE(QString::fromStdString(typeset("a_index")), QString("a_index"));
  }
  void knownNames() {
    QFETCH(QString, plain);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(typeset(plain.toStdString())), shown);
  }

  void parameterNames_data() {
    QTest::addColumn<QString>("plain");
    QTest::addColumn<QString>("shown");
    QTest::newRow("an initial angle") << "theta0"
                                      << "θ₀";
    QTest::newRow("a Greek name") << "mu"
                                  << "μ";
    QTest::newRow("a component") << "rho3"
                                 << "ρ₃";
    QTest::newRow("a bob's initial position") << "q0_2"
                                              << "q₀,₂";
    QTest::newRow("a bob's mass") << "m_2"
                                  << "m₂";
    QTest::newRow("a sphere of a body") << "m1_2"
                                        << "m₁,₂";
    QTest::newRow("a plain letter") << "L"
                                    << "L";
    QTest::newRow("an underscore in a name") << "my_k"
                                             << "my_k";
  }
  void parameterNames() {
    QFETCH(QString, plain);
    QFETCH(QString, shown);
    QCOMPARE(QString::fromStdString(typesetName(plain.toStdString())), shown);
  }

  // everything the registry names, as the windows and figures show it
  void everyNameIsTypeset() {
    std::vector<std::pair<std::string, std::string>> names;  // where, what
    for (const SystemEntry& e : registry()) {
      const SystemModel& m = *e.model;
      names.push_back({m.name() + " title", m.title()});
      names.push_back({m.name() + " structure", m.structureName()});
      names.push_back({m.name() + " structure 2", m.structure2Name()});
      names.push_back({m.name() + " structure 2 symbol", m.structure2Symbol()});
      for (const ParamSpec& p : m.params()) {
        names.push_back({m.name() + " " + p.name, p.unit});
        names.push_back({m.name() + " " + p.name + " name", typesetName(p.name)});
      }
      if (const auto plane = m.phasePlane(m.normalize(defaultValues(m.params()), nullptr))) {
        names.push_back({m.name() + " q", plane->qName + " " + plane->qUnit});
        names.push_back({m.name() + " p", plane->pName + " " + plane->pUnit});
      }
      if (e.control) {
        names.push_back({m.name() + " control structure", e.control->structureName()});
        for (const ParamSpec& p : e.control->fields())
          names.push_back({m.name() + " control " + p.name, p.unit});
      }
    }
    QVERIFY(names.size() > 20);
    for (const auto& [where, what] : names) {
      const std::string bad = leftover(typeset(what));
      QVERIFY2(bad.empty(), qPrintable(QString("%1: \"%2\" keeps \"%3\"")
                                           .arg(QString::fromStdString(where),
                                                QString::fromStdString(typeset(what)),
                                                QString::fromStdString(bad))));
    }
  }
};

DMS_TEST_APPLESS_MAIN(TestNotation)
}  // namespace tst_notation
#include "tst_notation.moc"
