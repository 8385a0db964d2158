// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The "Optimal control" mode in a real main window (Xvfb when there is no display): switch to it,
// solve the default swing-up, the dumbbell transfer and the quadrotor's flip from its example
// (converged, plots and arrows filled, the arrows and the target drawn), cancel a long solve
// mid-way (the GUI keeps running, nothing of it is taken, the previous result stays), export the
// control plots and the CSV, the playback horizon before a solve, and back to the Simulation
// mode. Its input: tst_controlinput.
#include <qcustomplot.h>

#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
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
#include <functional>
#include <memory>

#include "core/io/examples.h"
#include "tests/common/deadline.h"
#include "tests/common/exportcheck.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "tests/ui/controltest.h"
#include "tests/ui/legendcheck.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/app/presentation.h"
#include "ui/common/numberspinbox.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/common/plotstyle.h"
#include "ui/control/controlmode.h"
#include "ui/control/controlpanel.h"
#include "ui/control/controlplots.h"
#include "ui/control/controlworker.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_controlmode {

using namespace dms;
using namespace dms::ui;
using dms::test::controlArrows;
using dms::test::countControlHue;
using dms::test::ms;
using dms::test::targetArrows;
using dms::test::waitSolve;

class TestControlMode : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    // one window for the suite, with the app's 3D view: its cases capture the control arrows
    m_window = dms::test::openFreshWindow(m_dir, "tst_controlmode", QSize(),
                                          dms::test::WindowScene::Drawn);
    QVERIFY(m_window);
    m_mode = m_window->controlMode();
  }

  void cleanupTestCase() { m_window.reset(); }

  void onlySystemsWithAProblem() {
    MainWindow& w = *m_window;
    for (const SystemEntry& e : registry()) {
      if (e.control) continue;
      QVERIFY(w.selectSystem(QString::fromStdString(e.model->name())));
      QVERIFY(!w.activateMode(w.controlMode()));
      QVERIFY(w.activeMode() != w.controlMode());
    }
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

  // at 1024 x 768 the plots' legends keep their names whole ("cost J (left axis)",
  // "constraint violation (right axis)") and inside the plot
  void legendsWholeAt1024() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.activateMode(w.controlMode()));
    // the window's size back even when a check fails: the next cases count pixels
    const std::unique_ptr<QWidget, std::function<void(QWidget*)>> restore(
        &w, [size = w.size()](QWidget* x) { x->resize(size); });
    w.resize(1024, 768);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    int entries = 0;
    for (QCustomPlot* p : m_mode->plots()->plots()) {
      const QStringList cut = dms::test::cutLegendEntries(p, &entries);
      QVERIFY2(cut.isEmpty(), qPrintable(cut.join(", ")));
    }
    QVERIFY(entries >= 2);
  }

  // the vertical axes' labels fit their axes' height at 1024x768, also in presentation (the
  // progress plot's right axis, the constraint violation, ran past its axis)
  void axisLabelsWholeAt1024() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.activateMode(w.controlMode()));
    const std::unique_ptr<QWidget, std::function<void(QWidget*)>> restore(
        &w, [size = w.size()](QWidget* x) {
          static_cast<MainWindow*>(x)->presentation()->setOn(false);
          x->resize(size);
        });
    for (const bool presenting : {false, true}) {
      w.presentation()->setOn(presenting);
      w.setGeometry(0, 0, 1024, 768);
      QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 768), ms(5000));
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
      int labels = 0;
      for (QCustomPlot* p : m_mode->plots()->plots()) {
        PlotStyle::setScale(p, presenting ? Presentation::kFontScale : 1.0,
                            presenting ? Presentation::kLineScale : 1.0);
        p->replot(QCustomPlot::rpImmediateRefresh);
        for (QCPAxis* a : {p->yAxis, p->yAxis2}) {
          if (!a->visible() || a->label().isEmpty()) continue;
          ++labels;
          const int length = QFontMetrics(a->labelFont()).horizontalAdvance(a->label());
          QVERIFY2(length <= a->axisRect()->height(),
                   qPrintable(QString("%1 (presenting %2): %3 px on an axis %4 px high")
                                  .arg(a->label())
                                  .arg(presenting)
                                  .arg(length)
                                  .arg(a->axisRect()->height())));
        }
      }
      QVERIFY(labels >= 3);
    }
  }

  // every plot's title whole in the title's own font at 1024x768, in the window and presenting:
  // a title wider than its plot ("Control moment uᵐ (body frame)", the dumbbell's) goes onto
  // more lines, a parenthesis kept on one line where it fits the plot, every word still there
  void titlesWholeAt1024() {
    MainWindow& w = *m_window;
    const std::unique_ptr<QWidget, std::function<void(QWidget*)>> restore(
        &w, [size = w.size()](QWidget* x) {
          static_cast<MainWindow*>(x)->presentation()->setOn(false);
          x->resize(size);
        });
    int titles = 0;
    // the spherical pendulum last: the cases after this one start from it
    // the two-body problem's five plots share the width of three (a fifth of it each)
    for (const char* system : {"dumbbell", "two-body", "spherical-pendulum"}) {
      QVERIFY(w.selectSystem(system));
      QVERIFY(w.activateMode(w.controlMode()));
      const ControlProblem* problem = m_mode->problem();
      QVERIFY(problem);
      QStringList wanted{"Solver progress"};
      for (const ControlChannel& c : problem->channels()) wanted << QString::fromStdString(c.title);
      for (const bool presenting : {false, true}) {
        w.presentation()->setOn(presenting);
        w.setGeometry(0, 0, 1024, 768);
        QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 768), ms(5000));
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const std::vector<QCustomPlot*> plots = m_mode->plots()->plots();
        QCOMPARE(int(plots.size()), wanted.size());
        for (std::size_t i = 0; i < plots.size(); ++i) {
          QCustomPlot* p = plots[i];
          PlotStyle::setScale(p, presenting ? Presentation::kFontScale : 1.0,
                              presenting ? Presentation::kLineScale : 1.0);
          p->replot(QCustomPlot::rpImmediateRefresh);
          const QCPTextElement* title = PlotStyle::title(p);
          QCOMPARE(QString(title->text()).replace('\n', ' '), wanted[int(i)]);
          for (const QString& line : title->text().split('\n')) {
            ++titles;
            const int length = QFontMetrics(title->font()).horizontalAdvance(line);
            QVERIFY2(length <= p->width(), qPrintable(QString("%1 (presenting %2): %3 px in a "
                                                              "plot %4 px wide")
                                                          .arg(line)
                                                          .arg(presenting)
                                                          .arg(length)
                                                          .arg(p->width())));
          }
        }
      }
      w.presentation()->setOn(false);
    }
    QVERIFY(titles >= 16);
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
    QVERIFY(countControlHue(before, controlColor()) < 20);
    QVERIFY(countControlHue(before, controlColor2()) < 20);
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
    w.refresh();                           // the frame that shows the result, now
    // progress: one point per iteration (0 = the guess); control: u1..u3 and |u| per t_k
    QCOMPARE(m_mode->plots()->pointCount(0, 0), r->iterations + 1);
    QVERIFY(m_mode->plots()->pointCount(0, 1) > 0);
    for (int g = 0; g < 4; ++g) QCOMPARE(m_mode->plots()->pointCount(1, g), 31);
    QVERIFY(m_mode->plots()->dataChecksum(1, 3) > 0);
    QVERIFY(m_mode->panel()->liveText().contains("Converged"));
    QVERIFY(w.statusBar()->currentMessage().contains("converged"));
    // the panel with the solve's summary needs no scrolling in a 1500 x 940 window (two short
    // entries share a row of the summary)
    const QSize size = w.size();
    w.resize(1500, 940);
    QScrollArea* scroll = nullptr;
    for (QWidget* p = m_mode->panel(); p && !scroll; p = p->parentWidget())
      scroll = qobject_cast<QScrollArea*>(p);
    QVERIFY(scroll);
    QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1500, 940), ms(2000));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // laid out at that size
    QTRY_COMPARE_WITH_TIMEOUT(scroll->verticalScrollBar()->maximum(), 0, ms(2000));
    w.resize(size);

    // the maneuver plays; at t = 0.1 s both arrows (moment at the pivot, force on the bob)
    w.playback()->pause();
    w.playback()->seek(0.1);
    w.refresh();
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
    QVERIFY2(countControlHue(img, controlColor()) > 100,
             qPrintable(QString::number(countControlHue(img, controlColor()))));
    QVERIFY2(countControlHue(img, controlColor2()) > 100,
             qPrintable(QString::number(countControlHue(img, controlColor2()))));
    // at t = 0.42 s |u| is about a fifth of its maximum: its arrow at the pivot is short, and
    // still drawn: the ceiling plate over the pivot (0.14 l wide) must not hide it
    w.playback()->seek(0.42);
    w.refresh();
    const QImage small = capture(w, "small-moment.png");
    // above the labels at the bottom (the arrows' legend has a swatch of each colour)
    const int moment = dms::test::countHue(small, QRect(0, 0, small.width(), small.height() - 120),
                                           controlColor());
    qInfo("moment arrow pixels at t = 0.42 s: %d", moment);
    QVERIFY(moment > 6);  // a plate wide enough to cover the arrow leaves about one pixel
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
    // the event loop keeps turning while the worker solves: a timer of the GUI thread fires
    // between the iterations' arrivals (a solve that held the GUI thread would let none fire;
    // how long the GUI thread is ever busy is dms_gui_latency's measure, not a test's)
    int ticks = 0;
    std::vector<int> ticksAtArrival;
    QObject scope;  // the connection ends with this test
    connect(m_mode->session(), &ControlSession::iterationArrived, &scope,
            [&] { ticksAtArrival.push_back(ticks); });
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&] { ++ticks; });
    ticker.start(0);
    QTRY_VERIFY_WITH_TIMEOUT(ticksAtArrival.size() >= 3, ms(20000));
    ticker.stop();
    QVERIFY2(ticksAtArrival.back() > ticksAtArrival.front(),
             qPrintable(QString("%1 ticks").arg(ticksAtArrival.back() - ticksAtArrival.front())));
    // the progress plot fills while the solve runs (one point per iteration so far)
    w.refresh();
    QVERIFY(m_mode->running());
    QVERIFY(m_mode->plots()->pointCount(0, 0) >= 3);
    QVERIFY(m_mode->panel()->liveText().startsWith("iteration"));
    const int seen = int(m_mode->session()->history().size());
    // the solve is still under way when it is cancelled
    QVERIFY(m_mode->running());

    // the solver checks the flag once per iteration: the worker goes idle (its solve ended)
    QSignalSpy idle(m_mode->session(), &ControlSession::workerIdle);
    m_mode->panel()->cancelButton()->click();
    QVERIFY(!m_mode->running());  // at once for the GUI
    QVERIFY(idle.wait(ms(20000)));
    // and nothing of it is taken after the cancel: no iteration, no result
    QCOMPARE(int(m_mode->session()->history().size()), seen);
    // the previous result stays everywhere
    w.refresh();
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
    QVERIFY2(dms::test::exportCsvAndWait(w, dir + "/maneuver.csv", &error), qPrintable(error));
    QFile csv(dir + "/maneuver.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().split('\n');
    QVERIFY(lines[0].startsWith("t,q1,q2,q3,omega1,omega2,omega3,u1,u2,u3,u_norm"));
    QCOMPARE(lines.size() - 2, 31);  // header, rows, trailing newline
    QCOMPARE(lines[31].split(',').size(), 14);
    QVERIFY(!dms::test::exportCsvAndWait(w, "/proc/no-such-dir/a.csv", &error));
    QVERIFY(error.contains("a.csv"));
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
    w.refresh();
    // the residual per Newton iteration; u^f and u^m at t_1..t_N
    QCOMPARE(m_mode->plots()->pointCount(0, 0), r->iterations + 1);
    for (int plot = 1; plot <= 2; ++plot)
      for (int g = 0; g < 4; ++g) QCOMPARE(m_mode->plots()->pointCount(plot, g), 200);
    w.playback()->pause();
    w.playback()->seek(1.0);
    w.refresh();
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

  // the example quadrotor-flip opens in the Simulation mode (its geometric controller) and gives
  // the Control mode its fields; the flip solves there, its thrust a scalar plot of one graph,
  // every thrust within 0 <= f <= f_max
  void quadrotorFlipFromTheExample() {
    MainWindow& w = *m_window;
    QVERIFY(w.openScenario("example quadrotor-flip",
                           QString::fromStdString(dms::exampleText("quadrotor-flip"))));
    QVERIFY(w.activeMode() == w.simulationMode());
    QVERIFY(w.activateMode(w.controlMode()));
    QCOMPARE(m_mode->plots()->plotNames(), QStringList({"progress", "control-f", "control-M"}));
    const ControlRequest req = m_mode->panel()->request();
    QCOMPARE(req.values.at("f_max"), std::vector<double>({80.0}));
    QCOMPARE(req.values.at("h"), std::vector<double>({0.04}));
    QVERIFY(m_mode->solve());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(converged);
    const ControlResult* r = m_mode->shown();
    QVERIFY(r);
    w.refresh();
    QCustomPlot* thrust = m_mode->plots()->plots()[1];
    QCOMPARE(m_mode->plots()->pointCount(1, 0), 50);
    for (int g = 1; g < 4; ++g) QVERIFY(!thrust->graph(g)->visible());
    for (const Vector3d& u : r->controls[0]) QVERIFY(u.x() >= 0.0 && u.x() <= 80.0);
    QCOMPARE(m_mode->plots()->pointCount(2, 3), 50);
    m_mode->panel()->resetToDefaults();
  }

  // at 1024x768 the solve's summary (cost, iterations, terminal error) shows without scrolling
  // the panel, and a long explanation of values that cannot be solved is shown whole
  void panelTextsInViewAt1024() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    QVERIFY(w.activateMode(w.controlMode()));
    const std::unique_ptr<QWidget, std::function<void(QWidget*)>> restore(
        &w, [size = w.size()](QWidget* x) { x->resize(size); });
    w.resize(1024, 768);
    const auto wholeInView = [&](QLabel* label) -> QString {
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
      if (!label->isVisible() || label->text().isEmpty()) return "hidden or empty";
      const QRect shown = label->visibleRegion().boundingRect();
      if (shown != label->rect())
        return QString("%1 of %2 px high in view").arg(shown.height()).arg(label->height());
      const int needed = label->heightForWidth(label->width());
      if (label->height() < needed)
        return QString("%1 px high for %2 px of text").arg(label->height()).arg(needed);
      const QRect inWindow(label->mapTo(&w, QPoint(0, 0)), label->size());
      if (!w.rect().contains(inWindow)) return "outside the window";
      return {};
    };
    QVERIFY(m_mode->solve());
    QVERIFY(waitSolve(m_mode).first);
    QVERIFY(m_mode->panel()->summaryLabel()->text().contains("terminal error"));
    // in the Simulation tab's notation: ‖I − RᵀR‖, not ||I - R^T R||
    const QString summary = m_mode->panel()->summaryLabel()->text();
    QVERIFY2(summary.contains("max ‖I − RᵀR‖") && !summary.contains("||") &&
                 !summary.contains(" - ") && !summary.contains('^'),
             qPrintable(summary));
    QString why = wholeInView(m_mode->panel()->summaryLabel());
    QVERIFY2(why.isEmpty(), qPrintable("summary: " + why));
    m_mode->panel()->setValue("radius", {0.5});  // unreachable: a long explanation
    QVERIFY(!m_mode->solve());
    why = wholeInView(m_mode->panel()->noteLabel());
    QVERIFY2(why.isEmpty(), qPrintable(m_mode->panel()->problemText() + ": " + why));
    m_mode->panel()->resetToDefaults();
  }

  // the typed costs' fields: empty, they show what stands for them; a bad expression is
  // explained in red, naming it, and nothing runs; typed, the request carries them, the target
  // may be a cost, and the solve reports them; Defaults empties them
  void typedCostFields() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.activateMode(w.controlMode()));
    QLineEdit* running = m_mode->panel()->expressionEdit("running_cost");
    QLineEdit* terminal = m_mode->panel()->expressionEdit("terminal_cost");
    QVERIFY(running && terminal);
    QVERIFY2(running->placeholderText().contains("f^2"), qPrintable(running->placeholderText()));
    running->setText("f^2 + w");
    QVERIFY(!m_mode->solve());
    QVERIFY2(m_mode->panel()->problemText().contains("--running-cost 'f^2 + w'"),
             qPrintable(m_mode->panel()->problemText()));
    running->setText("f^2 + 4*q^2");
    terminal->setText("100*(q^2 + v^2)");
    m_mode->panel()->setChoice("target", "cost");
    const ControlRequest req = m_mode->panel()->request();
    QCOMPARE(req.expressions.at("terminal_cost"), std::string("100*(q^2 + v^2)"));
    QVERIFY(m_mode->solve());
    const auto [converged, cancelled] = waitSolve(m_mode);
    QVERIFY(converged && !cancelled);
    const ControlResult* r = m_mode->shown();
    QVERIFY(r);
    bool reported = false;
    for (const ReportEntry& e : r->report)
      if (e.key == "running_cost") reported = std::get<std::string>(e.value) == "f^2 + 4*q^2";
    QVERIFY(reported);
    m_mode->panel()->resetToDefaults();
    QVERIFY(running->text().isEmpty() && terminal->text().isEmpty());
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

 private:
  // the 3D view's own capture (a null image when it failed), kept as `name` for a look
  QImage capture(MainWindow& w, const QString& name) {
    return dms::test::captureScene(w, m_dir.filePath(name));
  }

  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  ControlMode* m_mode = nullptr;
};

DMS_TEST_MAIN(TestControlMode)
}  // namespace tst_controlmode
#include "tst_controlmode.moc"
