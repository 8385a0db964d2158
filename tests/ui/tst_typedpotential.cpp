// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The typed potential in the Simulation mode's panel (Xvfb when there is no display): a refused
// expression is explained beneath the field and changes nothing; an accepted one rebuilds the
// parameter rows from its symbols and restarts the runs with it; its derivatives on request;
// the sliders' ranges of its parameters; a scenario file and a change of system keep it. Each
// case has a window of its own (tests/ui/windowtest.h).
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "core/io/scenario.h"
#include "core/systems/typedpotential.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/potentialeditor.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_typedpotential {

using namespace dms;
using namespace dms::ui;
using dms::test::waitIdle;

// types `text` into the field and presses Enter, as a user does
void typeAndEnter(PotentialEditor* editor, const QString& text) {
  editor->field()->selectAll();
  QTest::keyClicks(editor->field(), text);
  QTest::keyClick(editor->field(), Qt::Key_Return);
}

class TestTypedPotential : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }
  void init() {
    m_window = dms::test::openFreshWindow(m_dir, "tst_typedpotential");
    QVERIFY(m_window);
  }
  void cleanup() { m_window.reset(); }

  // the field shows the system's own potential; a system without one shows no field
  void fieldFollowsTheSystem() {
    MainWindow& w = *m_window;
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(!panel->potentialEditor()->isVisibleTo(panel));
    QVERIFY(w.selectSystem("custom-rigid-body"));
    QVERIFY(panel->potentialEditor()->isVisibleTo(panel));
    const TypedPotentialSystem* own = typedPotential(*w.system());
    QVERIFY(own);
    QCOMPARE(panel->potentialEditor()->field()->text(),
             QString::fromStdString(own->potential().text));
  }

  // a refused expression: the core's message beneath the field (the column and what was
  // expected), the text kept for correcting, and the expression in force, its rows and its
  // runs untouched
  void badExpressionKeepsTheOldOne() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("custom-rigid-body"));
    QVERIFY(waitIdle(w));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    PotentialEditor* editor = panel->potentialEditor();
    const SystemModel* before = panel->system();
    const ParamValues values = panel->values();
    const quint64 gen = w.simulationMode()->session()->generation();
    typeAndEnter(editor, "-m*g*(rho3*R33 +");
    QVERIFY2(editor->error().contains("column"), qPrintable(editor->error()));
    QVERIFY(editor->error().contains("previous expression"));
    QVERIFY2(!editor->error().startsWith("--"), qPrintable(editor->error()));  // no CLI flag
    QCOMPARE(editor->field()->text(), QString("-m*g*(rho3*R33 +"));
    QCOMPARE(panel->system(), before);
    QCOMPARE(panel->values(), values);
    QVERIFY(panel->potentialText().empty());
    QCOMPARE(w.simulationMode()->session()->generation(), gen);
    // an unknown function is refused by name as well
    typeAndEnter(editor, "foo(R33)");
    QVERIFY2(editor->error().contains("foo"), qPrintable(editor->error()));
    QCOMPARE(panel->system(), before);
  }

  // an accepted expression: one row per symbol (the old ones gone), the runs restarted with
  // the new instance and done; the derivatives shown on request are the new expression's
  void goodExpressionRebuildsRowsAndRuns() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("custom-rigid-body"));
    QVERIFY(waitIdle(w));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    PotentialEditor* editor = panel->potentialEditor();
    QVERIFY(panel->slider("rho3"));
    const quint64 gen = w.simulationMode()->session()->generation();
    typeAndEnter(editor, "-mu*B*R33");
    QVERIFY2(editor->error().isEmpty(), qPrintable(editor->error()));
    QCOMPARE(panel->potentialText(), std::string("-mu*B*R33"));
    QVERIFY(panel->slider("mu"));
    QVERIFY(panel->slider("B"));
    QVERIFY(!panel->slider("rho3"));
    QVERIFY(!panel->slider("g"));
    QVERIFY(panel->slider("J", 2));  // the system's own rows stay
    SimulationMode* mode = w.simulationMode();
    // the runs restart at the next event-loop pass (the panel's change is posted)
    QTRY_VERIFY(mode->session()->generation() > gen);
    QVERIFY(waitIdle(w));
    QCOMPARE(mode->session()->job().model, panel->system());
    QCOMPARE(mode->session()->job().values.at("mu"), std::vector<double>{1.0});
    for (const auto& st : mode->session()->status())
      QVERIFY2(st.done && !st.failure.failed, st.failure.reason.c_str());
    editor->derivativesButton()->click();
    QVERIFY(editor->derivativesButton()->isChecked());
    QVERIFY2(editor->derivedText().contains("dU/dR33 = -mu*B") ||
                 editor->derivedText().contains("dU/dR33 = -B*mu"),
             qPrintable(editor->derivedText()));
    // Reset to article values: the system's own potential again
    const quint64 genReset = mode->session()->generation();
    panel->resetToArticle();
    QVERIFY(panel->potentialText().empty());
    QVERIFY(panel->slider("rho3"));
    QTRY_VERIFY(mode->session()->generation() > genReset);
    QVERIFY(waitIdle(w));
    QCOMPARE(mode->session()->job().model, w.system());
  }

  // the slider of a potential's parameter takes the range the user sets; the value stays
  void sliderRangeOfAParameter() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("custom-rigid-body"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->setValue("g", {9.81});
    const auto position = [panel] {
      const QSlider* s = panel->slider("g");
      return double(s->value() - s->minimum()) / double(s->maximum() - s->minimum());
    };
    QVERIFY(panel->slider("g"));
    QVERIFY(position() > 0.99);  // 9.81 within the last step of -10..10
    panel->setSliderRange("g", 0.0, 20.0);
    // the nearest of the slider's 1000 positions: within one step of 9.81 / 20
    QVERIFY2(std::abs(position() - 9.81 / 20.0) < 1e-3, qPrintable(QString::number(position())));
    QCOMPARE(panel->values().at("g"), std::vector<double>{9.81});
    QVERIFY_THROWS_EXCEPTION(InputError, panel->setSliderRange("g", 2.0, 1.0));
  }

  // File > Save scenario writes the expression; opening the file from another system brings
  // it and its values back; a file without one means the system's own potential
  void scenarioRoundTripKeepsTheExpression() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("custom-sphere-particle"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    typeAndEnter(panel->potentialEditor(), "a*(q3^2 - 0.36)^2 + c*q1");
    QVERIFY2(panel->potentialEditor()->error().isEmpty(),
             qPrintable(panel->potentialEditor()->error()));
    panel->setValue("a", {20.0});
    panel->setValue("c", {0.5});
    const QString path = m_dir.filePath("double-well.json");
    QVERIFY(w.saveScenario(path));
    const Scenario saved = loadScenario(path.toStdString(), nullptr);
    QCOMPARE(saved.potential, std::string("a*(q3^2 - 0.36)^2 + c*q1"));

    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.openScenario(path));
    QCOMPARE(w.system()->name(), std::string("custom-sphere-particle"));
    QCOMPARE(panel->potentialText(), saved.potential);
    QCOMPARE(panel->potentialEditor()->field()->text(), QString::fromStdString(saved.potential));
    QCOMPARE(panel->values().at("a"), std::vector<double>{20.0});
    QCOMPARE(panel->values().at("c"), std::vector<double>{0.5});
    QVERIFY(waitIdle(w));
    QCOMPARE(w.simulationMode()->session()->job().model, panel->system());

    // the same system, its own potential: the file has no "potential"
    const QString plain = m_dir.filePath("plain.json");
    QFile f(plain);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "system": "custom-sphere-particle"})");
    f.close();
    QVERIFY(w.openScenario(plain));
    QVERIFY(panel->potentialText().empty());
    QCOMPARE(panel->system(), w.system());
    QVERIFY(panel->slider("g"));
  }

  // another system and back: the typed potential comes back with its values
  void systemChangeKeepsTheExpression() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("custom-rigid-body"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    typeAndEnter(panel->potentialEditor(), "-mu*B*R33");
    panel->setValue("B", {0.5});
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(panel->potentialText().empty());
    QVERIFY(w.selectSystem("custom-rigid-body"));
    QCOMPARE(panel->potentialText(), std::string("-mu*B*R33"));
    QCOMPARE(panel->values().at("B"), std::vector<double>{0.5});
    QVERIFY(waitIdle(w));
    QCOMPARE(w.simulationMode()->session()->job().model, panel->system());
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestTypedPotential)
}  // namespace tst_typedpotential
#include "tst_typedpotential.moc"
