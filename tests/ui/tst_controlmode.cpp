// The "Optimal control" mode in a real main window (Xvfb when there is no display): switch to it,
// solve the default swing-up and the dumbbell transfer (converged, plots and arrows filled, the
// arrows and the target drawn), cancel a long solve mid-way (stops within about an iteration,
// the previous result stays, the GUI keeps running), export the control plots and the CSV, bad
// input explained in place with nothing started, a target off the unit sphere normalized with a
// note, the playback horizon before a solve, each system's solution kept across a switch,
// settings kept, and the scripted --control mode.
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
#include <QXmlStreamReader>
#include <QtTest>
#include <cmath>

#include "tests/common/deadline.h"
#include "tests/common/exportcheck.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
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

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

namespace {

// pixels of a colour's hue (as lit: darker or lighter, still saturated), as tst_scene3d counts
int countHue(const QImage& img, const QColor& target) {
  const float hue = target.hsvHueF();
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor c = img.pixelColor(x, y);
      float d = std::abs(c.hsvHueF() - hue);
      d = std::min(d, 1.0f - d);
      if (c.hsvHueF() >= 0 && d < 0.025f && c.hsvSaturationF() > 0.45f && c.valueF() > 0.2f) ++n;
    }
  return n;
}

// the arrows that show the maneuver's target (labelled "target ..." or unlabelled parts of it),
// and the others (the controls)
std::vector<SceneArrow> targetArrows(const std::vector<SceneArrow>& all) {
  std::vector<SceneArrow> out;
  for (const SceneArrow& a : all)
    if (a.label.isEmpty() || a.label.contains("target")) out.push_back(a);
  return out;
}

std::vector<SceneArrow> controlArrows(const std::vector<SceneArrow>& all) {
  std::vector<SceneArrow> out;
  for (const SceneArrow& a : all)
    if (!a.label.isEmpty() && !a.label.contains("target")) out.push_back(a);
  return out;
}

// waits for the mode's solveEnded signal; returns its (converged, cancelled)
std::pair<bool, bool> waitSolve(ControlMode* mode, int budget = dms::test::ms(30000)) {
  QSignalSpy spy(mode, &ControlMode::solveEnded);
  if (!spy.wait(budget)) return {false, false};
  return {spy.at(0).at(0).toBool(), spy.at(0).at(1).toBool()};
}

}  // namespace

class TestControlMode : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_controlmode");
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_mode = m_window->controlMode();
  }

  void cleanupTestCase() { m_window.reset(); }

  void onlySystemsWithAProblem() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(!w.activateMode(w.controlMode()));
    QVERIFY(w.activeMode() != w.controlMode());
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.activateMode(w.controlMode()));
    QVERIFY(w.activeMode() == w.controlMode());
    QVERIFY(m_mode->panel()->isVisible());
    QVERIFY(m_mode->plots()->isVisible());
    QVERIFY(!w.simulationMode()->session()->running());  // the simulation runs stopped
    QCOMPARE(m_mode->plots()->plotNames(), QStringList({"progress", "control"}));
    // before any solve the playback bar spans the maneuver of the fields: t_N = 30 h = 0.99 s
    // (it said "of 1 s" whatever T was), and follows T as it is typed
    QVERIFY2(std::fabs(w.playback()->horizon() - 0.99) < 1e-12,
             qPrintable(QString::number(w.playback()->horizon())));
    m_mode->panel()->setValue("T", {2.0});
    QVERIFY2(std::fabs(w.playback()->horizon() - 60 * 0.033) < 1e-12,
             qPrintable(QString::number(w.playback()->horizon())));
    m_mode->panel()->resetToDefaults();
    QVERIFY(std::fabs(w.playback()->horizon() - 0.99) < 1e-12);
  }

  void solveDefaultSwingUp() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    // before any solve: the initial configuration, no control arrows, none of the control
    // colours; the target q^d shows as an arrow from the pivot to the target bob position
    QVERIFY(controlArrows(m_mode->arrows()).empty());
    {
      const std::vector<SceneArrow> target = targetArrows(m_mode->arrows());
      QCOMPARE(int(target.size()), 1);
      QVERIFY(target[0].label.contains("target"));
      QCOMPARE(target[0].origin, Vector3d::Zero());
      // along q^d = -e3, through the target bob position l q^d (l = 9.81) and a little beyond
      QVERIFY((target[0].vector.normalized() - Vector3d(0, 0, -1)).norm() < 1e-12);
      QVERIFY(target[0].vector.norm() > 9.81 && target[0].vector.norm() < 1.5 * 9.81);
    }
    const QImage before = capture(w, "before.png");
    QVERIFY(!before.isNull());
    QVERIFY(countHue(before, controlColor()) < 20);
    QVERIFY(countHue(before, controlColor2()) < 20);
    QVERIFY(m_mode->solve());
    QVERIFY(m_mode->running());
    QVERIFY(!m_mode->panel()->solveButton()->isEnabled());
    QVERIFY(m_mode->panel()->cancelButton()->isEnabled());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(converged);
    QVERIFY(!cancelled);
    const ControlResult* r = m_mode->shown();
    QVERIFY(r);
    // the bound required of the default swing-up (SLSQP's constraint tolerance is 1e-10)
    QVERIFY2(r->terminalError < 1e-8, qPrintable(QString::number(r->terminalError)));
    // round-off: the forced variational map keeps |q| = 1 to a few ulps per step, N = 30
    QVERIFY2(r->structureError < 1e-13, qPrintable(QString::number(r->structureError)));
    QCOMPARE(int(r->samples.size()), 31);  // N = floor(1/0.033) = 30
    QTest::qWait(80);                      // a frame
    // progress: one point per iteration (0 = the guess); control: u1..u3 and |u| per t_k
    QCOMPARE(m_mode->plots()->pointCount(0, 0), r->iterations + 1);
    QVERIFY(m_mode->plots()->pointCount(0, 1) > 0);
    for (int g = 0; g < 4; ++g) QCOMPARE(m_mode->plots()->pointCount(1, g), 31);
    QVERIFY(m_mode->plots()->dataChecksum(1, 3) > 0);
    QVERIFY(m_mode->panel()->liveText().contains("Converged"));
    QVERIFY(w.statusBar()->currentMessage().contains("converged"));
    // the panel with the solve's summary needs no scrolling in a 1500 x 940 window (it did when
    // the summary had a row per entry: two short entries now share a row)
    const QSize size = w.size();
    w.resize(1500, 940);
    QScrollArea* scroll = nullptr;
    for (QWidget* p = m_mode->panel(); p && !scroll; p = p->parentWidget())
      scroll = qobject_cast<QScrollArea*>(p);
    QVERIFY(scroll);
    QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1500, 940), ms(2000));
    QTest::qWait(50);
    QCOMPARE(scroll->verticalScrollBar()->maximum(), 0);
    w.resize(size);

    // the maneuver plays; at t = 0.1 s both arrows (moment at the pivot, force on the bob)
    w.playback()->pause();
    w.playback()->seek(0.1);
    QTest::qWait(80);
    const std::vector<SceneArrow> arrows = controlArrows(m_mode->arrows());
    QCOMPARE(int(arrows.size()), 2);
    QCOMPARE(int(targetArrows(m_mode->arrows()).size()), 1);  // the target stays shown
    QVERIFY(arrows[0].vector.norm() > 0.1 * 9.81);            // |u| is near its maximum early on
    QVERIFY(arrows[0].origin.norm() == 0.0);                  // at the pivot
    QVERIFY(arrows[1].origin.norm() > 9.0);                   // at the bob, l = 9.81
    // the moment is normal to the rod and the force on the bob tangent to the sphere
    const Vector3d q = arrows[1].origin.normalized();
    QVERIFY(std::fabs(arrows[0].vector.normalized().dot(q)) < 1e-9);
    QVERIFY(std::fabs(arrows[1].vector.normalized().dot(q)) < 1e-9);
    // and they are drawn: the capture has the control colours
    const QImage img = capture(w, "arrows.png");
    QVERIFY(!img.isNull());
    QVERIFY2(countHue(img, controlColor()) > 100,
             qPrintable(QString::number(countHue(img, controlColor()))));
    QVERIFY2(countHue(img, controlColor2()) > 100,
             qPrintable(QString::number(countHue(img, controlColor2()))));
    // at t = 0.42 s |u| is about a fifth of its maximum: its arrow at the pivot is short, and
    // still drawn (the ceiling plate over the pivot used to hide it)
    w.playback()->seek(0.42);
    QTest::qWait(80);
    const QImage small = capture(w, "small-moment.png");
    // above the labels at the bottom (the arrows' legend has a swatch of each colour)
    const int moment = dms::test::countHue(small, QRect(0, 0, small.width(), small.height() - 120),
                                           controlColor());
    qInfo("moment arrow pixels at t = 0.42 s: %d", moment);
    QVERIFY(moment > 6);  // 12 here; 1 with the former plate (0.34 l wide, now 0.14 l)
  }

  void cancelLongSolveKeepsPreviousResult() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    QVERIFY(m_mode->shown());
    const double cost = m_mode->shown()->cost;
    const double checksum = m_mode->plots()->dataChecksum(1, 3);
    // N = 181: 543 variables, about 35 SQP iterations of a quarter second each here
    m_mode->panel()->setValue("T", {6.0});
    QVERIFY(m_mode->solve());
    QElapsedTimer clock;
    clock.start();
    std::vector<qint64> arrivals;
    QObject scope;  // the connection ends with this test
    connect(m_mode->session(), &ControlSession::iterationArrived, &scope,
            [&] { arrivals.push_back(clock.elapsed()); });
    // the event loop keeps turning while the worker solves: the longest gap between 20 ms ticks
    qint64 lastTick = clock.elapsed(), longestGap = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] {
      longestGap = std::max(longestGap, clock.elapsed() - lastTick);
      lastTick = clock.elapsed();
    });
    ticker.start(20);
    QTRY_VERIFY_WITH_TIMEOUT(arrivals.size() >= 3, ms(20000));
    ticker.stop();
    // the progress plot fills while the solve runs (one point per iteration so far)
    QTest::qWait(80);
    QVERIFY(m_mode->running());
    QVERIFY(m_mode->plots()->pointCount(0, 0) >= 3);
    QVERIFY(m_mode->panel()->liveText().startsWith("iteration"));
    qint64 iteration = 0;
    for (std::size_t i = 1; i < arrivals.size(); ++i)
      iteration = std::max(iteration, arrivals[i] - arrivals[i - 1]);
    const int seen = int(m_mode->session()->history().size());
    // the solve is still under way when it is cancelled
    QVERIFY(m_mode->running());

    QSignalSpy idle(m_mode->session(), &ControlSession::workerIdle);
    QElapsedTimer stop;
    stop.start();
    m_mode->panel()->cancelButton()->click();
    QVERIFY(!m_mode->running());  // at once for the GUI
    QVERIFY(idle.wait(ms(20000)));
    const qint64 latency = stop.elapsed();
    qInfo("longest iteration %lld ms, cancel to worker idle %lld ms, longest GUI gap %lld ms",
          static_cast<long long>(iteration), static_cast<long long>(latency),
          static_cast<long long>(longestGap));
    // the solver checks the flag once per iteration: it stops within the iteration under way
    // (2x its longest observed length for scheduling noise on a shared machine, + 0.3 s)
    QVERIFY2(latency < 2 * iteration + 300, qPrintable(QString::number(latency)));
    // a GUI blocked by the solve would show a gap of several iterations
    QVERIFY2(longestGap < 2 * iteration + 300, qPrintable(QString::number(longestGap)));
    // and nothing of it is taken after the cancel: no iteration, no result
    QCOMPARE(int(m_mode->session()->history().size()), seen);
    // the previous result stays everywhere
    QTest::qWait(80);
    QVERIFY(m_mode->shown());
    QCOMPARE(m_mode->shown()->cost, cost);
    QCOMPARE(m_mode->plots()->dataChecksum(1, 3), checksum);
    QVERIFY(m_mode->panel()->liveText().contains("cancelled"));
    QVERIFY(m_mode->panel()->solveButton()->isEnabled());
    QVERIFY(!m_mode->panel()->cancelButton()->isEnabled());
    m_mode->panel()->setValue("T", {1.0});
  }

  void exportsControlPlotsAndCsv() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.controlMode()));
    QVERIFY(m_mode->shown());
    const QString dir = m_dir.filePath("export");
    QString error;
    QVERIFY2(w.exportPlots(dir, -1, {ImageFormat::Png, ImageFormat::Svg, ImageFormat::Pdf},
                           QSize(640, 480), &error),
             qPrintable(error));
    const QString problem =
        dms::test::exportedPlotsProblem(dir, {"progress", "control"}, QSize(640, 480));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // CSV: the trajectory and controls, one row per t_k
    QVERIFY2(w.exportCsv(dir + "/maneuver.csv", &error), qPrintable(error));
    QFile csv(dir + "/maneuver.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QVERIFY(lines[0].startsWith("t,q1,q2,q3,omega1,omega2,omega3,u1,u2,u3,u_norm"));
    QCOMPARE(lines.size() - 2, 31);  // header, rows, trailing newline
    QCOMPARE(lines[31].split(',').size(), 14);
    QVERIFY(!w.exportCsv("/proc/no-such-dir/a.csv", &error));
    QVERIFY(error.contains("a.csv"));
  }

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
    QTest::qWait(80);
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

  void dumbbellTransfer() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(w.activeMode() == w.controlMode());  // the mode stays on for a system that has one
    QCOMPARE(m_mode->plots()->plotNames(), QStringList({"progress", "force", "moment"}));
    QVERIFY(m_mode->solve());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(converged);
    const ControlResult* r = m_mode->shown();
    QVERIFY(r);
    QVERIFY2(r->terminalError < 1e-10, qPrintable(QString::number(r->terminalError)));
    // round-off: R_{k+1} = R_k F_k with F_k from the Cayley form, N = 200 steps
    QVERIFY2(r->structureError < 1e-13, qPrintable(QString::number(r->structureError)));
    QTest::qWait(80);
    // the residual per Newton iteration; u^f and u^m at t_1..t_N
    QCOMPARE(m_mode->plots()->pointCount(0, 0), r->iterations + 1);
    for (int plot = 1; plot <= 2; ++plot)
      for (int g = 0; g < 4; ++g) QCOMPARE(m_mode->plots()->pointCount(plot, g), 200);
    w.playback()->pause();
    w.playback()->seek(1.0);
    QTest::qWait(80);
    QCOMPARE(int(controlArrows(m_mode->arrows()).size()), 2);
    for (const SceneArrow& a : controlArrows(m_mode->arrows())) {
      QVERIFY(a.vector.norm() > 0);
      QVERIFY((a.origin - r->samples[20].position).norm() < 1e-12);  // on the mass centre
    }
    // the target: an arrow from the attracting point to x^d = 3.2 (cos 1.9, sin 1.9, 0), and
    // at x^d the target attitude R^d (90 degrees about e3: the rod, body e1, along e2)
    const Vector3d xd(3.2 * std::cos(1.9), 3.2 * std::sin(1.9), 0.0);
    bool position = false, rod = false;
    for (const SceneArrow& a : targetArrows(m_mode->arrows())) {
      if (a.origin.norm() == 0.0 && (a.vector - xd).norm() < 1e-12) position = true;
      if ((a.origin - xd).norm() < 1e-12 && a.label.contains("attitude") &&
          (a.vector.normalized() - Vector3d::UnitY()).norm() < 1e-12)
        rod = true;
    }
    QVERIFY(position);
    QVERIFY(rod);
    // v0 = (0, 1/sqrt(3), 0): its component shows six digits in its narrow box (it was cut at
    // "0.5773502"), the tooltip every one, and leaving the box without typing keeps them all
    NumberSpinBox* v0 = nullptr;
    for (NumberSpinBox* b : m_mode->panel()->findChildren<NumberSpinBox*>())
      if (std::fabs(b->value() - 1.0 / std::sqrt(3.0)) < 1e-12) v0 = b;
    QVERIFY(v0);
    const double exact = v0->value();
    QCOMPARE(v0->text(), QString("0.57735"));
    QVERIFY2(v0->toolTip().contains(QString::number(exact, 'g', 17)), qPrintable(v0->toolTip()));
    QTest::keyClick(v0, Qt::Key_Return);  // the spin box reads its text back
    v0->interpretText();
    QCOMPARE(v0->value(), exact);  // bit for bit
    QLineEdit* edit = v0->findChild<QLineEdit*>();
    QVERIFY(edit);
    edit->selectAll();
    QTest::keyClicks(edit, "0.5");
    QTest::keyClick(v0, Qt::Key_Return);
    QCOMPARE(v0->value(), 0.5);  // a typed value is taken as typed
    m_mode->panel()->resetToDefaults();
    QCOMPARE(v0->value(), exact);

    // an unreachable target: explained, nothing runs
    const quint64 gen = m_mode->session()->generation();
    // the rod along e2 at x^d = 0.5 (cos 1.9, sin 1.9, 0): a sphere would hold the origin
    m_mode->panel()->setValue("radius", {0.5});
    QVERIFY(!m_mode->solve());
    QCOMPARE(m_mode->session()->generation(), gen);
    QVERIFY2(m_mode->panel()->problemText().contains("unreachable"),
             qPrintable(m_mode->panel()->problemText()));
    m_mode->panel()->resetToDefaults();
  }

  void backToSimulation() {
    MainWindow& w = *m_window;
    QVERIFY(w.activateMode(w.simulationMode()));
    QVERIFY(w.activeMode() != w.controlMode());
    QVERIFY(m_mode->arrows().empty());  // the target's too
    QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->session()->stores().size() >= 2 &&
                                 w.simulationMode()->session()->stores()[0].received() > 0,
                             ms(10000));
  }

  void scriptedControlMode() {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_CONFIG_HOME", m_dir.filePath("xdg"));  // leave the user's settings alone
    p.setProcessEnvironment(env);
    const QString shot = m_dir.filePath("script.png"), plots = m_dir.filePath("script");
    p.start(DMSTUDIO_PATH,
            {"--system", "spherical-pendulum", "--control", "--set", "T=1.2", "--transcription",
             "vi", "--screenshot", shot, "--export-plots", plots, "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(!QImage(shot).isNull());
    QCOMPARE(QImage(plots + "/control.png").size(), QSize(1200, 800));
    QVERIFY(QFile::exists(plots + "/progress.svg"));
    // a system without a problem, and a choice that does not exist: status 2, named
    p.start(DMSTUDIO_PATH, {"--system", "mass-spring", "--control", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--control"));
    // not converged: status 3, and the files are still written
    const QString shot3 = m_dir.filePath("script3.png");
    p.start(DMSTUDIO_PATH, {"--system", "spherical-pendulum", "--control", "--set", "max_iter=1",
                            "--screenshot", shot3, "--quit"});
    QVERIFY(p.waitForFinished(ms(30000)));
    QCOMPARE(p.exitCode(), 3);
    QVERIFY(p.readAllStandardError().contains("did not converge"));
    QVERIFY(!QImage(shot3).isNull());
    p.start(DMSTUDIO_PATH,
            {"--system", "spherical-pendulum", "--control", "--transcription", "rk4", "--quit"});
    QVERIFY(p.waitForFinished(ms(20000)));
    QCOMPARE(p.exitCode(), 2);
    QVERIFY(p.readAllStandardError().contains("--transcription 'rk4'"));
  }

 private:
  // the 3D view's own capture (a null image when it failed), kept as `name` for a look
  QImage capture(MainWindow& w, const QString& name) {
    bool done = false;
    QImage shot;
    w.scene()->capture([&](const QImage& image, const QString&) {
      done = true;
      shot = image;
    });
    QElapsedTimer t;
    t.start();
    while (!done && t.elapsed() < ms(10000)) QTest::qWait(10);
    if (!shot.isNull()) savePng(shot, m_dir.filePath(name), nullptr);
    return shot;
  }

  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  ControlMode* m_mode = nullptr;
};

QTEST_MAIN(TestControlMode)
#include "tst_controlmode.moc"
