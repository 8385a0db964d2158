// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// View > Presentation in a real window: the panel, menus, status bar and run table hidden and
// back, the plots' text and lines scaled and back (curves made while presenting too), F9 for
// the side panel; the command line's --present and `dmstudio FILE.json`.
#include <qcustomplot.h>

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScreen>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "tests/ui/legendcheck.h"
#include "tests/ui/recordingscene.h"
#include "ui/analysis/analysismode.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/presentation.h"
#include "ui/app/scenariofile.h"
#include "ui/common/playback.h"
#include "ui/common/plotstyle.h"
#include "ui/control/controlmode.h"
#include "ui/control/controlpanel.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/methodpicker.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_presentation {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

class TestPresentation : public QObject {
  Q_OBJECT

  // the window has drawn the finished job: the run table is filled
  static bool computed(MainWindow& w) {
    return QTest::qWaitFor(
        [&w] {
          w.refresh();
          return !w.simulationMode()->session()->running() &&
                 w.findChild<RunTable*>()->rowCount() > 0;
        },
        ms(30000));
  }

 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_presentation");
  }

  void hidesAndScalesThenRestores() {
    MainWindow w;
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();  // the shortcuts are the window's
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(computed(w));
    QCustomPlot* energy = w.simulationMode()->plotPanel()->plots()[0];
    QVERIFY(energy->graphCount() > 0);
    const double width = energy->graph(0)->pen().widthF();
    const double tickSize = energy->yAxis->tickLabelFont().pointSizeF();
    const double labelSize = energy->xAxis->labelFont().pointSizeF();
    const QLabel* article = w.findChild<QLabel*>("articleNote");
    QVERIFY(article);
    const double articleSize = article->font().pointSizeF();

    Presentation* p = w.presentation();
    p->setOn(true);
    QVERIFY(p->action()->isChecked());
    QVERIFY(!w.sidePanel()->isVisible());
    QVERIFY(!w.menuBar()->isVisible());
    QVERIFY(!w.statusBar()->isVisible());
    QVERIFY(!w.findChild<RunTable*>()->isVisible());
    QVERIFY(energy->isVisible());
    // the whole screen, also where no window manager grants full screen (Xvfb)
    QTRY_COMPARE_WITH_TIMEOUT(w.size(), w.screen()->geometry().size(), ms(5000));
    QCOMPARE(energy->graph(0)->pen().widthF(), width * Presentation::kLineScale);
    QCOMPARE(energy->xAxis->labelFont().pointSizeF(), labelSize * Presentation::kFontScale);
    QVERIFY(energy->yAxis->tickLabelFont().pointSizeF() >= tickSize * 1.4);
    QVERIFY2(article->font().pointSizeF() >= articleSize * 1.3,
             qPrintable(QString("%1 pt").arg(article->font().pointSizeF())));  // the article's line
    // the playback time burned into the 3D view
    w.playback()->seek(2.5);
    w.refresh();
    QCOMPARE(w.scene()->timeStamp(), QString("t = 2.50 s"));
    // a parameter from the side panel (F9), while presenting
    QTest::keyClick(&w, Qt::Key_F9);
    QVERIFY(w.sidePanel()->isVisible());
    {
      // the playback time whole beside the side panel, in the presentation's font, also at the
      // end of the horizon, on a 1024x768 screen
      w.setGeometry(0, 0, 1024, 768);
      QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 768), ms(5000));
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
      w.playback()->seek(w.playback()->horizon());
      w.refresh();
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
      QLabel* time = nullptr;
      for (QLabel* l : w.findChildren<QLabel*>())
        if (l->isVisible() && l->text().startsWith("t = ")) time = l;
      QVERIFY(time);
      const int needed = time->fontMetrics().horizontalAdvance(time->text());
      QVERIFY2(
          time->width() >= needed,
          qPrintable(
              QString("\"%1\": %2 px of %3").arg(time->text()).arg(time->width()).arg(needed)));
      const QRect inWindow(time->mapTo(&w, QPoint(0, 0)), time->size());
      QVERIFY(w.rect().contains(inWindow));
      QCOMPARE(w.width(), 1024);  // the bar's minimum does not widen the window past the screen
      w.playback()->seek(2.5);
      w.refresh();
    }
    QTest::keyClick(&w, Qt::Key_F9);
    QVERIFY(!w.sidePanel()->isVisible());
    // curves made while presenting get the thick lines too
    w.simulationMode()->paramPanel()->setValue("theta0", {0.5});
    w.simulationMode()->recompute();
    QVERIFY(computed(w));
    QTRY_COMPARE_WITH_TIMEOUT(energy->graph(0)->pen().widthF(), width * Presentation::kLineScale,
                              ms(5000));

    QTest::keyClick(&w, Qt::Key_F11);  // the menus are hidden: the key still works
    QVERIFY(!p->on());
    QTRY_COMPARE_WITH_TIMEOUT(w.size(), QSize(1024, 700), ms(5000));
    QVERIFY(w.sidePanel()->isVisible());
    QVERIFY(w.menuBar()->isVisible());
    QVERIFY(w.statusBar()->isVisible());
    QVERIFY(w.findChild<RunTable*>()->isVisible());
    QCOMPARE(energy->graph(0)->pen().widthF(), width);
    QCOMPARE(energy->xAxis->labelFont().pointSizeF(), labelSize);
    QCOMPARE(energy->yAxis->tickLabelFont().pointSizeF(), tickSize);
    QCOMPARE(article->font().pointSizeF(), articleSize);
    w.refresh();
    QVERIFY(w.scene()->timeStamp().isEmpty());
  }

  // Every legend entry of the Simulation tab's plots whole and inside its plot, for every system
  // with three of its methods and every view it has, at 1024x768 and at 1920x1080, in the window
  // and presenting with the side panel (F9): a legend its plot cannot hold leaves the plot (the
  // legend line above the 3D view names the runs), also in the presentation's larger font. The
  // window at 1920x1080 has room for the legends: they are shown there, not all dropped.
  void simulationLegendsWhole() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PlotPanel* panel = w.simulationMode()->plotPanel();
    MethodPicker* picker = w.simulationMode()->paramPanel()->methodPicker();
    int shownInWideWindow = 0;
    for (const SystemModel* model : allSystems()) {
      const QString system = QString::fromStdString(model->name());
      QVERIFY(w.selectSystem(system));
      // the three methods of the longest names (more than three runs leave the legends to the
      // legend line)
      std::vector<Method> methods = model->methods();
      std::stable_sort(methods.begin(), methods.end(), [](Method a, Method b) {
        return methodInfo(a).label.size() > methodInfo(b).label.size();
      });
      methods.resize(std::min<std::size_t>(methods.size(), 3));
      picker->setMethods(methods);
      w.simulationMode()->paramPanel()->setValue("T", {20.0});  // the names need no long run
      w.simulationMode()->recompute();
      QVERIFY2(computed(w), qPrintable(system));
      for (const bool presenting : {false, true}) {
        w.presentation()->setOn(presenting);
        w.presentation()->setSidePanelVisible(true);
        for (const QSize size : {QSize(1024, 768), QSize(1920, 1080)}) {
          w.setGeometry(QRect(QPoint(0, 0), size));
          QTRY_COMPARE_WITH_TIMEOUT(w.size(), size, ms(5000));
          for (int v = 0; v < kPlotViewCount; ++v) {
            if (!panel->setView(PlotView(v))) continue;
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();  // the legends placed at the plots' new sizes
            for (QCustomPlot* p : panel->plots()) {
              int entries = 0;
              const QStringList cut = dms::test::cutLegendEntries(p, &entries);
              QVERIFY2(cut.isEmpty(), qPrintable(QString("%1, %2, %3x%4, view %5: \"%6\" cut")
                                                     .arg(system)
                                                     .arg(presenting ? "presenting" : "window")
                                                     .arg(size.width())
                                                     .arg(size.height())
                                                     .arg(panel->viewTitle(PlotView(v)))
                                                     .arg(cut.join("\", \""))));
              if (!presenting && size.width() == 1920) shownInWideWindow += entries;
            }
          }
          panel->setView(PlotView::Errors);
        }
      }
      w.presentation()->setOn(false);
    }
    QVERIFY(shownInWideWindow > 0);
  }

  // every shortcut of the menus works while the menu bar is hidden, and the window keeps only
  // its own actions once the menus are back
  void menuShortcutsWhilePresenting() {
    MainWindow w(std::make_unique<dms::test::RecordingScene>());
    w.resize(1024, 700);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(computed(w));
    const QList<QAction*> windowActions = w.actions();
    w.presentation()->setOn(true);
    QVERIFY(!w.menuBar()->isVisible());

    Playback* playback = w.playback();
    const bool playing = playback->playing();
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(playback->playing(), !playing);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(playback->playing(), playing);
    playback->seek(2.0);
    QCOMPARE(playback->time(), 2.0);
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(playback->time(), 0.0);
    PlotPanel* plots = w.simulationMode()->plotPanel();
    const bool log = plots->logScale();
    QTest::keyClick(&w, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(plots->logScale(), !log);
    const bool overlay = w.scene()->overlay();
    QTest::keyClick(&w, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(w.scene()->overlay(), !overlay);
    QTest::keyClick(&w, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(w.scene()->overlay(), overlay);

    // and so every menu action with a shortcut: each has a visible widget for Qt's shortcut map
    QList<QMenu*> menus;
    for (QAction* top : w.menuBar()->actions())
      if (top->menu()) menus << top->menu();
    int withShortcut = 0;
    for (int i = 0; i < menus.size(); ++i)
      for (QAction* a : menus[i]->actions()) {
        if (a->menu()) menus << a->menu();
        if (a->shortcuts().isEmpty()) continue;
        ++withShortcut;
        bool visible = false;
        for (QObject* o : a->associatedObjects())
          if (auto* widget = qobject_cast<QWidget*>(o); widget && widget->isVisible())
            visible = true;
        QVERIFY2(visible, qPrintable(a->text() + " " + a->shortcut().toString()));
      }
    QVERIFY(withShortcut >= 8);

    QTest::keyClick(&w, Qt::Key_F11);
    QVERIFY(!w.presentation()->on());
    QCOMPARE(w.actions(), windowActions);
    QTest::keyClick(&w, Qt::Key_L, Qt::ControlModifier);  // from the menu bar again
    QCOMPARE(plots->logScale(), log);
  }

  // View > Overlay: one scene for every method, remembered for the next window
  void overlayFromTheViewMenu() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.scene()->overlay());
    w.overlayAction()->trigger();
    QVERIFY(w.scene()->overlay());
    MainWindow again;
    QVERIFY(again.overlayAction()->isChecked());
    QVERIFY(again.scene()->overlay());
    w.overlayAction()->trigger();
    QVERIFY(!w.scene()->overlay());
  }

  // a figure for a paper: a print size in cm gives a PDF page of that size in points and a PNG
  // at 300 dpi, with the text and line sizes asked for, and the window's plot as it was after
  void figureAtAPrintSize() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(computed(w));
    QCustomPlot* energy = w.simulationMode()->plotPanel()->plots()[0];
    const double tick = energy->xAxis->tickLabelFont().pointSizeF();
    const double width = energy->graph(0)->pen().widthF();
    FigureOptions o;
    o.printCm = QSizeF(8.5, 6.0);
    o.textPt = 8.0;
    o.lineScale = 2.0;
    const QSize page = o.pageSize({});
    QCOMPARE(page, QSize(241, 170));  // 8.5 cm and 6 cm at 72 points an inch
    QString error;
    const QString dir = m_dir.filePath("paper");
    QVERIFY2(w.simulationMode()->writePlots(dir, 0, {ImageFormat::Png, ImageFormat::Pdf},
                                            QSize(640, 480), &error, {}, o),
             qPrintable(error));
    const QImage png(dir + "/energy.png");
    QCOMPARE(png.width(), int(241 * 300.0 / 72.0));
    QCOMPARE(png.height(), int(170 * 300.0 / 72.0));
    QFile pdf(dir + "/energy.pdf");
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    const QRegularExpressionMatch box =
        QRegularExpression(R"(/MediaBox \[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\])")
            .match(QString::fromLatin1(pdf.readAll()));
    QVERIFY(box.hasMatch());
    // the page in points, within Qt's rounding of a page size to a hundredth of a millimetre
    QVERIFY2(std::abs(box.captured(1).toDouble() - 241) < 0.5 &&
                 std::abs(box.captured(2).toDouble() - 170) < 0.5,
             qPrintable(box.captured(0)));
    QCOMPARE(energy->xAxis->tickLabelFont().pointSizeF(), tick);
    QCOMPARE(energy->graph(0)->pen().widthF(), width);
  }

  void commandLine() {
    ScriptOptions o;
    QString error;
    QVERIFY2(parseCommandLine({"--present"}, &o, &error), qPrintable(error));
    QVERIFY(o.present);
    QVERIFY(!o.scripted());
    // a scenario file as the one argument, as a file manager passes it
    Scenario sc;
    sc.system = "spherical-pendulum";
    const QString path = m_dir.filePath("lecture.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QByteArray::fromStdString(scenarioToJson(sc)));
    f.close();
    ScriptOptions withFile;
    QVERIFY2(parseCommandLine({path, "--present"}, &withFile, &error), qPrintable(error));
    QCOMPARE(withFile.scenario, path);
    ScriptOptions missing;
    QVERIFY(!parseCommandLine({m_dir.filePath("none.json")}, &missing, &error));
    QVERIFY2(error.contains("none.json") && error.contains("no such scenario file"),
             qPrintable(error));
  }

  // --show VIEW opens the simulation's plots on a view: checked on the command line, and a
  // view the system has not is refused by name
  void showChoosesTheView() {
    ScriptOptions o;
    QString error;
    QVERIFY2(parseCommandLine({"--system", "planar-pendulum", "--show", "phase"}, &o, &error),
             qPrintable(error));
    using Choices = std::vector<std::pair<std::string, std::string>>;
    QCOMPARE(o.choices, (Choices{{"show", "phase"}}));
    QVERIFY(o.any());
    ScriptOptions bad;
    QVERIFY(!parseCommandLine({"--show", "colours"}, &bad, &error));
    QVERIFY2(error.contains("--show 'colours': unknown view") && error.contains("momentum"),
             qPrintable(error));
    QVERIFY(!parseCommandLine({"--control", "--show", "energy"}, &bad, &error));
    QVERIFY2(error.contains("--show is for the simulation"), qPrintable(error));

    MainWindow w;
    QVERIFY(w.selectSystem("planar-pendulum"));
    PlotPanel* plots = w.simulationMode()->plotPanel();
    w.simulationMode()->applyChoice("show", "phase");
    QCOMPARE(plots->view(), PlotView::Phase);
    w.simulationMode()->applyChoice("show", "energy");
    QCOMPARE(plots->view(), PlotView::Energy);
    // the dumbbell has six degrees of freedom: no phase plane
    QVERIFY(w.selectSystem("dumbbell"));
    try {
      w.simulationMode()->applyChoice("show", "phase");
      QFAIL("the dumbbell showed a phase portrait");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("has no phase portrait view"), e.what());
    }
  }

  // one file for a lecture: the Analysis study with its inputs and the optimal-control fields
  // are saved with the scenario and come back in another window
  void lectureFileKeepsStudyAndControl() {
    const QString path = m_dir.filePath("lecture-all.json");
    {
      MainWindow w;
      QVERIFY(w.selectSystem("spherical-pendulum"));
      auto* analysis = qobject_cast<AnalysisMode*>(w.findMode("analysis"));
      QVERIFY(analysis);
      analysis->applyChoice("study", "long-time");
      analysis->applySet("steps", {5000});
      w.controlMode()->applySet("T", {2.0});
      QVERIFY(w.saveScenario(path));
    }
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY2(text.contains("\"analysis\"") && text.contains("\"long-time\"") &&
                 text.contains("\"control\""),
             text.constData());

    MainWindow w;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(w.openScenario(path));
    QCOMPARE(w.system()->name(), std::string("spherical-pendulum"));
    auto* analysis = qobject_cast<AnalysisMode*>(w.findMode("analysis"));
    QCOMPARE(analysis->study(), QString("long-time"));
    QCOMPARE(QString::fromStdString(analysis->analysisPanel()->studyInputs().at("steps")),
             QString("5000"));
    const ControlRequest r = w.controlMode()->panel()->request();
    QCOMPARE(r.values.at("T").front(), 2.0);
    // nothing changed since it was opened: no unsaved-changes mark
    QVERIFY(!w.scenarioFile()->modified());
  }

 private:
  QTemporaryDir m_dir;
};

DMS_TEST_MAIN(TestPresentation)
}  // namespace tst_presentation
#include "tst_presentation.moc"
