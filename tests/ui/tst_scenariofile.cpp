// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files in the main window (Xvfb when there is no display): the title names the file
// and marks changes, File > Open recent, closing and opening over changes ask, undo and redo
// of parameter changes, a round trip and a malformed file rejected with the previous scenario
// kept, and File > Examples. Each case has a window of its own (tests/ui/windowtest.h).
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QPushButton>
#include <QSlider>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/app/examples.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/app/scenariofile.h"
#include "ui/common/playback.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_scenariofile {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;
using dms::test::waitIdle;

class TestScenarioFile : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }
  // a new window over new settings for every case: none sees what another left
  void init() {
    m_window = dms::test::openFreshWindow(m_dir, "tst_scenariofile");
    QVERIFY(m_window);
  }
  void cleanup() { m_window.reset(); }

  // the system open when the window closes comes back at the next start with the values it
  // was left with, not the article's, and so does another system
  void openSystemKeepsItsValuesAtTheNextStart() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    w.simulationMode()->paramPanel()->setValue("theta0", {2.5});
    QVERIFY(w.selectSystem("mass-spring"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QCOMPARE(panel->settings().h, findSystem("mass-spring")->defaultSettings().h);
    panel->setValue("h", {0.06});
    QVERIFY(waitIdle(w));
    QVERIFY(w.close());
    m_window.reset();

    // the next start, over the settings the closed window wrote
    MainWindow again(std::make_unique<dms::test::RecordingScene>());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.system()->name(), std::string("mass-spring"));
    QCOMPARE(again.simulationMode()->paramPanel()->settings().h, 0.06);
    QVERIFY(waitIdle(again));
    QCOMPARE(again.simulationMode()->session()->job().settings.h, 0.06);
    QVERIFY(again.selectSystem("planar-pendulum"));
    QCOMPARE(again.simulationMode()->paramPanel()->values().at("theta0"), std::vector<double>{2.5});
    QVERIFY(waitIdle(again));
  }

  // the window title names the scenario file and marks unsaved changes; File > Open recent
  // lists it; closing with changes asks (Cancel keeps the window, Save writes the file)
  void scenarioFileTitleRecentAndClose() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    const QString path = m_dir.filePath("titled.json");
    QVERIFY(w.saveScenario(path));
    QVERIFY2(w.windowTitle().startsWith("titled.json[*]"), qPrintable(w.windowTitle()));
    QVERIFY(!w.isWindowModified());
    QCOMPARE(w.scenarioFile()->recent().value(0), QFileInfo(path).absoluteFilePath());
    QSlider* theta = w.simulationMode()->paramPanel()->slider("theta0");
    theta->setValue(theta->value() + 5);  // as a user drags it
    QVERIFY(w.isWindowModified());
    const auto answer = [](QMessageBox::StandardButton b) {
      // fires in the question's own event loop, where the box is the active modal widget
      QTimer::singleShot(0, [b] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
          box->button(b)->click();
      });
    };
    answer(QMessageBox::Cancel);
    QVERIFY(!w.scenarioFile()->maybeSave());
    QVERIFY(w.isWindowModified());
    answer(QMessageBox::Save);
    QVERIFY(w.scenarioFile()->maybeSave());
    QVERIFY(!w.isWindowModified());
    const dms::Scenario saved = dms::loadScenario(path.toStdString(), nullptr);
    QCOMPARE(saved.parameters.at("theta0"),
             w.simulationMode()->paramPanel()->values().at("theta0"));
    // opened again: unchanged; another system: the file is not its scenario
    QVERIFY(w.openScenario(path));
    QVERIFY(!w.isWindowModified() && w.windowTitle().startsWith("titled.json"));
    QVERIFY(w.selectSystem("mass-spring"));
    QCOMPARE(w.windowTitle(), QString("Discrete Mechanics Studio"));
    QVERIFY(w.scenarioFile()->maybeSave());  // nothing to ask
  }

  // File > Examples over unsaved changes asks first (Cancel keeps the scenario and its history);
  // undoing back to the saved values clears the title's mark
  void openingAsksAndUndoReachesTheSavedState() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    ScenarioFile* file = w.scenarioFile();
    const QString path = m_dir.filePath("asked.json");
    QVERIFY(w.saveScenario(path));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QSlider* theta = panel->slider("theta0");
    theta->setValue(theta->value() + 5);
    QVERIFY(w.isWindowModified());
    const double edited = panel->values().at("theta0")[0];
    QAction* example = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
      if (a->text() == examples().back().title) example = a;
    QVERIFY(example);
    bool asked = false;
    QTimer::singleShot(0, [&asked] {
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        asked = true;
        box->button(QMessageBox::Cancel)->click();
      }
    });
    example->trigger();
    QVERIFY(asked);
    QVERIFY(w.windowTitle().startsWith("asked.json"));
    QVERIFY(w.isWindowModified());
    QCOMPARE(panel->values().at("theta0")[0], edited);
    QVERIFY(file->canUndo());
    file->undo();
    QVERIFY(!w.isWindowModified());
    file->redo();
    QVERIFY(w.isWindowModified());
    file->undo();
  }

  // Edit > Undo and Redo: a slider move is one step (its edits coalesced), undo brings the
  // previous values back into the panel and the runs, redo the later ones; a new edit ends redo
  void undoRedoParameterChanges() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    ScenarioFile* file = w.scenarioFile();
    // the reset above is a step of its own (waited for, not timed: a busy sanitizer build's event
    // loop can fire the coalescing timer late)
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QSlider* theta = panel->slider("theta0");
    const double v0 = panel->values().at("theta0")[0];
    for (int k = 0; k < 3; ++k) theta->setValue(theta->value() + 2);  // one drag
    QVERIFY(file->editPending());
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));  // then a pause
    const double v1 = panel->values().at("theta0")[0];
    theta->setValue(theta->value() + 4);  // a second move
    const double v2 = panel->values().at("theta0")[0];
    QVERIFY(v0 != v1 && v1 != v2);
    QVERIFY(file->canUndo());
    file->undo();  // the pending move first becomes a step, then is undone
    QCOMPARE(panel->values().at("theta0")[0], v1);
    file->undo();
    QCOMPARE(panel->values().at("theta0")[0], v0);
    QVERIFY(file->canRedo());
    file->redo();
    QCOMPARE(panel->values().at("theta0")[0], v1);
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    QCOMPARE(w.simulationMode()->session()->job().values.at("theta0")[0], v1);  // the runs too
    theta->setValue(theta->value() - 1);  // a new edit: nothing to redo
    QTRY_VERIFY_WITH_TIMEOUT(!file->editPending(), ms(10000));
    QVERIFY(!file->canRedo());
    file->redo();
    QVERIFY(panel->values().at("theta0")[0] != v2);
  }

  void scenarioRoundTripAndMalformedFileKept() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    w.simulationMode()->paramPanel()->setValue("theta0", {0.75});
    const QString good = m_dir.filePath("good.json");
    QVERIFY(w.saveScenario(good));
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.openScenario(good));
    QCOMPARE(w.system()->name(), std::string("planar-pendulum"));
    QCOMPARE(w.simulationMode()->paramPanel()->values().at("theta0"), std::vector<double>{0.75});

    const QString bad = m_dir.filePath("bad.json");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "system": "mass-spring", "parameters": {"m": )");
    f.close();
    const quint64 gen = w.simulationMode()->session()->generation();
    QVERIFY(!w.openScenario(bad));
    QVERIFY(w.lastMessage());
    QVERIFY(w.lastMessage()->isVisible());
    QVERIFY(!w.lastMessage()->isModal());
    QVERIFY(w.lastMessage()->text().contains("not valid JSON"));
    // in the user's words; the parser's message behind Show Details
    QVERIFY2(!w.lastMessage()->text().contains("json.exception"),
             qPrintable(w.lastMessage()->text()));
    QVERIFY(w.lastMessage()->detailedText().contains("parse_error"));
    QVERIFY(w.lastMessage()->text().contains("kept"));
    // the previous scenario is untouched and not even recomputed
    QCOMPARE(w.system()->name(), std::string("planar-pendulum"));
    QCOMPARE(w.simulationMode()->paramPanel()->values().at("theta0"), std::vector<double>{0.75});
    QCOMPARE(w.simulationMode()->session()->generation(), gen);
    // a save into a folder that does not exist explains itself
    QVERIFY(!w.saveScenario(m_dir.filePath("none/x.json")));
    QVERIFY(w.lastMessage()->text().contains("x.json"));
  }

  // File > Examples: every compiled-in example is listed, opens and runs to its horizon with
  // every method, and leaves the window without a file (Save asks where)
  void examplesOpenAndRun() {
    MainWindow& w = *m_window;
    QCOMPARE(QDir(":/examples").entryList().size(), int(dms::ui::examples().size()));
    const QStringList recentBefore = w.scenarioFile()->recent();
    for (const dms::ui::Example& e : dms::ui::examples()) {
      const QString text = dms::ui::exampleText(e);
      QVERIFY2(!text.isEmpty(), qPrintable(e.file));
      // the menu's entry and tooltip come from the file itself
      QVERIFY2(e.title != e.file && !e.description.isEmpty(), qPrintable(e.file));
      QVERIFY2(w.openScenario(e.title, text), qPrintable(e.file));
      w.simulationMode()->recompute();
      QVERIFY2(waitIdle(w), qPrintable(e.file));
      const dms::Scenario sc = dms::parseScenario(text.toStdString(), nullptr);
      QCOMPARE(w.system()->name(), sc.system);
      // the file's control law, when it has one, is the forcing panel's, on: every method plays
      // under it (and a file without one plays the free motion)
      QCOMPARE(w.simulationMode()->paramPanel()->forcingPanel()->isOn(), !sc.controlLaw.empty());
      // the file's methods, in the picker's order
      std::vector<dms::Method> run = w.simulationMode()->session()->job().methods,
                               asked = sc.methods;
      std::sort(run.begin(), run.end());
      std::sort(asked.begin(), asked.end());
      QCOMPARE(run, asked);
      for (const auto& st : w.simulationMode()->session()->status())
        QVERIFY2(st.done && !st.failure.failed,
                 qPrintable(e.file + ": " + QString::fromStdString(st.failure.reason)));
      QCOMPARE(w.windowTitle(), QString("Discrete Mechanics Studio"));
    }
    QCOMPARE(w.scenarioFile()->recent(), recentBefore);
  }

  // every example says how fast it plays ("speed", simulated seconds per second), so that its
  // whole horizon plays within ten minutes (the binary asteroid's 600000 s at 1x would take a
  // week); the window plays it at that speed, and a file without a speed leaves it as it is
  void examplesSetThePlaybackSpeed() {
    MainWindow& w = *m_window;
    auto* bar = w.findChild<PlaybackBar*>();
    QVERIFY(bar);
    for (const dms::ui::Example& e : dms::ui::examples()) {
      const QString text = dms::ui::exampleText(e);
      const QJsonObject file = QJsonDocument::fromJson(text.toUtf8()).object();
      QVERIFY2(file.value("speed").isDouble(), qPrintable(e.file));
      const double speed = file.value("speed").toDouble();
      QVERIFY2(w.openScenario(e.title, text), qPrintable(e.file));
      QCOMPARE(w.playback()->speed(), speed);
      QCOMPARE(bar->speed(), speed);
      const double T = w.simulationMode()->paramPanel()->settings().T;
      QVERIFY2(T / speed <= 600.0, qPrintable(e.file + QString(": %1 s at %2x").arg(T).arg(speed)));
    }
    const double last = w.playback()->speed();
    QVERIFY(w.selectSystem("planar-pendulum"));
    const QString plain = m_dir.filePath("no-speed.json");
    QFile f(plain);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "system": "mass-spring"})");
    f.close();
    QVERIFY(w.openScenario(plain));
    QCOMPARE(w.playback()->speed(), last);
    QVERIFY(waitIdle(w));
    // a saved file keeps the speed it was played at, and opens at it
    const QString saved = m_dir.filePath("with-speed.dms.json");
    w.playbackBar()->setSpeed(10.0);
    QVERIFY(w.saveScenario(saved));
    w.playbackBar()->setSpeed(1.0);
    QVERIFY(w.openScenario(saved));
    QCOMPARE(w.playback()->speed(), 10.0);
    QVERIFY(waitIdle(w));
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestScenarioFile)
}  // namespace tst_scenariofile
#include "tst_scenariofile.moc"
