// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The "Optimal control" mode's input in a real main window (Xvfb when there is no display): bad
// input explained in place with nothing started, a solve that does not converge explained, the
// horizon's note, a target off the unit sphere normalized with a note, each system's solution
// kept across a switch, settings kept, and the scripted --control mode.
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <cmath>

#include "tests/common/builtpath.h"
#include "tests/common/deadline.h"
#include "tests/common/exportcheck.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "tests/ui/controltest.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/common/numberspinbox.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/control/controlmode.h"
#include "ui/control/controlpanel.h"
#include "ui/control/controlplots.h"
#include "ui/control/controlworker.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_controlinput {

using namespace dms;
using namespace dms::ui;
using dms::test::controlArrows;
using dms::test::countControlHue;
using dms::test::ms;
using dms::test::targetArrows;
using dms::test::waitSolve;

class TestControlInput : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_window = dms::test::openFreshWindow(m_dir, "tst_controlinput");
    QVERIFY(m_window);
    m_mode = m_window->controlMode();
    // the cases compare with a solved swing-up, the default one
    QVERIFY(m_window->selectSystem("spherical-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
  }

  void cleanupTestCase() { m_window.reset(); }

  void badInputExplainedAndNothingRuns_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<std::vector<double>>("value");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("h > T") << "h" << std::vector<double>{2.0} << "must not exceed T";
    // a direction off the unit sphere is normalized (nonUnitTargetIsNormalizedWithANote); only
    // the zero vector has no direction
    QTest::newRow("zero qd") << "qd" << std::vector<double>{0, 0, 0} << "'qd'";
    QTest::newRow("zero qd, allowed values") << "qd" << std::vector<double>{0, 0, 0} << "nonzero";
    QTest::newRow("zero q0") << "q0" << std::vector<double>{0, 0, 0} << "'q0'";
    QTest::newRow("N over the memory limit") << "T" << std::vector<double>{100.0} << "MiB";
    QTest::newRow("T = 0") << "T" << std::vector<double>{0.0} << "'T' = 0";
  }

  void badInputExplainedAndNothingRuns() {
    QFETCH(QString, field);
    QFETCH(std::vector<double>, value);
    QFETCH(QString, mentions);
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    QVERIFY(m_mode->shown());
    m_mode->panel()->resetToDefaults();
    const double cost = m_mode->shown()->cost;
    const quint64 gen = m_mode->session()->generation();
    if (field == "T" && value[0] <= 0)
      m_mode->panel()->spinBox("T")->setValue(value[0]);  // as typed: the spin box allows 0
    else
      m_mode->panel()->setValue(field.toStdString(), value);
    QVERIFY(!m_mode->solve());
    QVERIFY(!m_mode->running());
    QCOMPARE(m_mode->session()->generation(), gen);
    QVERIFY2(m_mode->panel()->problemText().contains(mentions),
             qPrintable(m_mode->panel()->problemText()));
    QVERIFY(w.statusBar()->currentMessage().contains(mentions));
    QCOMPARE(m_mode->shown()->cost, cost);
    m_mode->panel()->resetToDefaults();
    QVERIFY(m_mode->panel()->problemText().isEmpty());
  }

  void notConvergedExplained() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    m_mode->panel()->resetToDefaults();
    m_mode->panel()->setValue("max_iter", {2.0});  // the swing-up needs about 10
    QVERIFY(m_mode->solve());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(!converged);
    QVERIFY(!cancelled);
    QVERIFY2(m_mode->panel()->problemText().contains("Not converged"),
             qPrintable(m_mode->panel()->problemText()));
    QVERIFY(m_mode->panel()->problemText().contains("iteration limit"));
    QVERIFY(m_mode->failureText().contains("did not converge"));
    QVERIFY(w.statusBar()->currentMessage().contains("did not converge"));
    // a converged solve clears it
    m_mode->panel()->resetToDefaults();
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
    QVERIFY(m_mode->failureText().isEmpty());
    QVERIFY(m_mode->panel()->problemText().isEmpty());
  }

  void outOfRangeValueNamesTheField() {
    // a script or a scenario cannot set T <= 0 either: the message names T
    QVERIFY_THROWS_EXCEPTION(InputError, m_mode->panel()->setValue("T", {0.0}));
    try {
      m_mode->panel()->setValue("T", {-1.0});
    } catch (const InputError& e) {
      QVERIFY(QString(e.what()).contains("'T'"));
    }
  }

  // the article's T = 1 with h = 0.033 ends at 30 h = 0.99 s: said as information, not as a
  // warning; a T of the user's that is not a whole number of steps is warned about
  void horizonNotAWholeNumberOfSteps() {
    ControlPanel* panel = m_mode->panel();
    panel->resetToDefaults();
    QVERIFY2(panel->noteText().contains("N = 30 steps of h = 0.033 s") &&
                 panel->noteText().contains("ends at t = 0.99 s") &&
                 panel->noteText().contains("as in the article"),
             qPrintable(panel->noteText()));
    QVERIFY2(!panel->noteText().contains("not a whole number"), qPrintable(panel->noteText()));
    panel->setValue("h", {0.03});  // 33 steps, t_N = 0.99 s
    QVERIFY2(panel->noteText().contains("not a whole number") &&
                 panel->noteText().contains("0.99 s") && panel->noteText().contains("N = 33"),
             qPrintable(panel->noteText()));
    panel->setValue("h", {0.033});
    panel->setValue("T", {0.99});  // 30 whole steps (within the step count's 1e-9)
    QVERIFY2(panel->noteText().isEmpty(), qPrintable(panel->noteText()));
    panel->resetToDefaults();
  }

  // a target typed to 8 digits (|qd| = 1 - 6e-9, refused before) is taken normalized, with
  // omegad made tangent to it, and the note says so where the values are typed
  void nonUnitTargetIsNormalizedWithANote() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    ControlPanel* panel = m_mode->panel();
    panel->resetToDefaults();
    panel->setValue("qd", {0.70710678, 0, -0.70710678});
    panel->setValue("omegad", {0, 0.1, 0.001});  // omegad . qd = -7.1e-4
    QVERIFY2(panel->noteText().contains("'qd'") && panel->noteText().contains("normalized"),
             qPrintable(panel->noteText()));
    QVERIFY2(panel->noteText().contains("'omegad'") && panel->noteText().contains("tangent"),
             qPrintable(panel->noteText()));
    QVERIFY(m_mode->solve());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(converged);
    QVERIFY(panel->problemText().isEmpty());
    const ControlResult* r = m_mode->shown();
    QVERIFY(r);
    const Vector3d qd = Vector3d(1, 0, -1).normalized();
    const Vector3d qN = r->samples.back().state.head<3>();
    const Vector3d wN = r->samples.back().state.tail<3>();
    const Vector3d wd = Vector3d(0, 0.1, 0.001) - Vector3d(0, 0.1, 0.001).dot(qd) * qd;
    QVERIFY2((qN - qd).norm() < 1e-8, qPrintable(QString::number((qN - qd).norm())));
    QVERIFY2((wN - wd).norm() < 1e-8, qPrintable(QString::number((wN - wd).norm())));
    panel->resetToDefaults();
    QVERIFY2(!panel->noteText().contains("normalized"), qPrintable(panel->noteText()));
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
  }

  // another system solved, and back: the first system's solved maneuver, its plots and its
  // input are still there (they were replaced by the other system's solve), as the Simulation
  // mode keeps each system's values; and the other's are kept as well
  void switchingSystemKeepsTheSolution() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.activateMode(w.controlMode()));
    ControlPanel* panel = m_mode->panel();
    panel->resetToDefaults();
    panel->setValue("T", {1.2});  // N = 36, t_N = 1.188 s
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
    QVERIFY(m_mode->shown());
    const double cost = m_mode->shown()->cost;
    QCOMPARE(int(m_mode->shown()->samples.size()), 37);

    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(w.activeMode() == w.controlMode());
    QVERIFY(!m_mode->shown());  // not solved yet for the dumbbell
    // before its first solve the playback spans the dumbbell's own T = 10 (it said "of 1 s")
    QVERIFY2(std::fabs(w.playback()->horizon() - 10.0) < 1e-9,
             qPrintable(QString::number(w.playback()->horizon())));
    QCOMPARE(m_mode->panel()->spinBox("T")->value(), 10.0);
    m_mode->panel()->setValue("h", {0.2});  // N = 50: quick
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
    const double dumbbellCost = m_mode->shown()->cost;

    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(m_mode->shown());
    QCOMPARE(m_mode->shown()->cost, cost);
    QCOMPARE(int(m_mode->shown()->samples.size()), 37);
    QCOMPARE(m_mode->panel()->spinBox("T")->value(), 1.2);
    w.refresh();
    for (int g = 0; g < 4; ++g) QCOMPARE(m_mode->plots()->pointCount(1, g), 37);
    QVERIFY(std::fabs(w.playback()->horizon() - 36 * 0.033) < 1e-12);
    QVERIFY(m_mode->statusText().contains("converged"));

    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(m_mode->shown());
    QCOMPARE(m_mode->shown()->cost, dumbbellCost);
    QCOMPARE(m_mode->panel()->spinBox("h")->value(), 0.2);
    QCOMPARE(int(m_mode->shown()->samples.size()), 51);
    m_mode->panel()->resetToDefaults();
    QVERIFY(w.selectSystem("spherical-pendulum"));
    m_mode->panel()->resetToDefaults();
  }

  void settingsPersist() {
    m_mode->panel()->setValue("h", {0.025});
    QSettings s;
    m_mode->panel()->saveSettings(s);
    ControlPanel fresh;
    fresh.setProblem(m_mode->problem(), m_window->system()->name());
    QCOMPARE(fresh.spinBox("h")->value(), 0.033);
    fresh.restoreSettings(s);
    QCOMPARE(fresh.spinBox("h")->value(), 0.025);
    m_mode->panel()->resetToDefaults();
  }

  void scriptedControlMode() {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));  // leave the user's settings alone
    p.setProcessEnvironment(env);
    const QString shot = m_dir.filePath("script.png"), plots = m_dir.filePath("script");
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "spherical-pendulum", "--control", "--set", "T=1.2", "--transcription",
             "vi", "--screenshot", shot, "--export-plots", plots, "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(!QImage(shot).isNull());
    QCOMPARE(QImage(plots + "/control.png").size(), QSize(1200, 800));
    QVERIFY(QFile::exists(plots + "/progress.svg"));
    // a choice the system's problem does not have: status 2, named
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "mass-spring", "--control", "--transcription", "vi", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--transcription"));
    // not converged: status 3, and the files are still written
    const QString shot3 = m_dir.filePath("script3.png");
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "spherical-pendulum", "--control", "--set", "max_iter=1", "--screenshot",
             shot3, "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    QCOMPARE(p.exitCode(), 3);
    QVERIFY(p.readAllStandardError().contains("did not converge"));
    QVERIFY(!QImage(shot3).isNull());
    p.start(dms::test::builtPath(DMSTUDIO_PATH),
            {"--system", "spherical-pendulum", "--control", "--transcription", "rk4", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--transcription 'rk4'"));
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  ControlMode* m_mode = nullptr;
};

DMS_TEST_MAIN(TestControlInput)
}  // namespace tst_controlinput
#include "tst_controlinput.moc"
