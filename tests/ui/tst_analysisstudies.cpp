// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's studies other than the sweep (core/studies/study.h) in a real window:
// offered where the system has what they need, run in the worker and drawn, cancelled, bad
// input named, the Simulation mode's parameters taken, each plot's axes fit to its own data,
// the note shown (drawn) before a run on clean axes, inputs remembered, the plots and the
// study's CSV exported, and the scripted --analysis --study.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabBar>
#include <QTemporaryDir>
#include <QtTest>

#include "core/analysis/longtime.h"
#include "core/analysis/phasearea.h"
#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "tests/ui/legendcheck.h"
#include "tests/ui/windowtest.h"
#include "ui/analysis/analysismode.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/analysis/studyview.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/scriptrunner.h"
#include "ui/common/palette.h"
#include "ui/sim/simulationmode.h"

namespace tst_analysisstudies {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

class TestAnalysisStudies : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_window = dms::test::openFreshWindow(m_dir, "tst_analysisstudies", QSize(1400, 900));
    QVERIFY(m_window);
    m_mode = qobject_cast<AnalysisMode*>(m_window->findMode("analysis"));
    QVERIFY(m_mode);
  }

  void cleanupTestCase() { m_window.reset(); }

  // the phase-space study only where there is a canonical plane, symplecticity where there are
  // tangent coordinates; the others everywhere (RK45's steps where the system has an adaptive
  // method: all of ours)
  void studiesOffered() {
    for (const SystemModel* model : allSystems()) {
      QVERIFY(m_window->selectSystem(QString::fromStdString(model->name())));
      QVERIFY(m_window->activateMode(m_mode));
      QComboBox* box = m_mode->analysisPanel()->studyBox();
      const bool plane = model->phasePlane(model->normalize({}, nullptr)).has_value();
      QCOMPARE(box->findData("phase") >= 0, plane);
      for (const char* key : {"sweep", "equal-cost", "long-time", "distance", "rk45-steps"})
        QVERIFY2(box->findData(key) >= 0, key);
      // the symplecticity study where the system declares tangent coordinates: all of ours
      const bool tangent = !model->declaration().tangent.empty();
      QCOMPARE(box->findData("symplecticity") >= 0, tangent);
      QCOMPARE(box->count(), 5 + int(plane) + int(tangent));
    }
  }

  // a long-time study of two methods runs in the worker and is drawn: one figure for the
  // mass-spring (no structure, no momentum) with each method's buckets and the two slopes; its
  // plot and its CSV (writeLongTimeCsv's columns) export
  void longTimeRunsAndExports() {
    QVERIFY(m_window->selectSystem("mass-spring"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("long-time");
    QCOMPARE(m_mode->study(), QString("long-time"));
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    for (Method m : findSystem("mass-spring")->methods())
      panel->methodBox(m)->setChecked(m == Method::Variational || m == Method::Rk45);
    panel->studyField("steps")->setText("1e4");
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    QVERIFY(done.wait(ms(60000)));
    QCOMPARE(done.at(0).at(0).toInt(), 0);
    const StudyOutput* o = m_mode->studyResult();
    QVERIFY(o);
    QCOMPARE(o->figures.size(), std::size_t(1));
    QCOMPARE(o->figures[0].series.size(), std::size_t(4));  // vi, RK45, t^1/2, t^1
    // 1e4 steps: four decades above h, ten buckets each, the first decade partly empty
    QVERIFY(o->figures[0].series[0].x.size() >= 30);
    QVERIFY(m_mode->studyView()->pointCount(0) > 60);
    QVERIFY(QString::fromStdString(o->summary).contains("Growth exponents"));
    QString error;
    QVERIFY2(m_window->exportPlots(m_dir.filePath("study"), -1, {ImageFormat::Png}, QSize(800, 500),
                                   &error),
             qPrintable(error));
    QCOMPARE(QImage(m_dir.filePath("study/long-time-energy.png")).size(), QSize(800, 500));
    QVERIFY2(dms::test::exportCsvAndWait(*m_window, m_dir.filePath("long.csv"), &error),
             qPrintable(error));
    QFile csv(m_dir.filePath("long.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(csv.readLine().startsWith("method,t_lo,t_hi,samples,energy_min,energy_max"));
    // edited inputs: the result goes
    panel->studyField("steps")->setText("2e4");
    panel->studyField("steps")->textEdited("2e4");
    QVERIFY(!m_mode->studyResult());
  }

  // the phase study on the pendulum draws the portrait and the area ratio side by side
  void phaseStudyDrawsBothPlots() {
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("phase");
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    for (Method m : findSystem("planar-pendulum")->methods())
      panel->methodBox(m)->setChecked(m == Method::Variational || m == Method::Rk45);
    panel->studyField("points")->setText("16");
    panel->studyField("T")->setText("9");
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    QVERIFY(done.wait(ms(60000)));
    QCOMPARE(m_mode->studyView()->plots().size(), std::size_t(2));
    QVERIFY(m_mode->studyView()->pointCount(0) > 16);
    QVERIFY(m_mode->studyView()->pointCount(1) > 100);
    QVERIFY(panel->problemText().isEmpty());
    // the drawn ratio of vi stays 1 within the polygon's own error (core/analysis/phasearea.h:
    // twice the ratio's change from M = 16 to 32 points), RK45's leaves it by more
    PhaseAreaSpec spec = defaultPhaseArea(*findSystem("planar-pendulum"));
    spec.points = 16;
    spec.settings.T = 9;
    spec.times = {9};
    spec.methods = {Method::Variational};
    PhaseAreaSpec twice = spec;
    twice.points = 32;
    const std::optional<double> bound =
        phaseAreaDiscretizationBound(runPhaseArea(spec), runPhaseArea(twice), Method::Variational);
    QVERIFY(bound);
    const Series& vi = m_mode->studyResult()->figures[1].series[0];
    const Series& rk = m_mode->studyResult()->figures[1].series[1];
    double viDev = 0.0, rkDev = 0.0;
    for (double r : vi.y) viDev = std::max(viDev, std::abs(r - 1.0));
    for (double r : rk.y) rkDev = std::max(rkDev, std::abs(r - 1.0));
    QVERIFY2(viDev <= *bound, qPrintable(QString("%1 > %2").arg(viDev).arg(*bound)));
    QVERIFY2(rkDev > *bound, qPrintable(QString("%1 <= %2").arg(rkDev).arg(*bound)));
  }

  // bad input is named by its label and runs nothing; a long study is cancelled promptly
  void studyBadInputAndCancel() {
    QVERIFY(m_window->selectSystem("dumbbell"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("long-time");
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    panel->studyField("steps")->setText("1e9");
    panel->runButton()->click();
    QVERIFY(!m_mode->running());
    QVERIFY2(panel->problemText().contains("Steps N"), qPrintable(panel->problemText()));
    panel->studyField("steps")->setText("1e8");  // minutes of work for seven methods
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    // cancelled under way: once the study has made some progress
    QTRY_VERIFY_WITH_TIMEOUT(m_mode->status().progress > 0.0, ms(20000));
    panel->cancelButton()->click();
    // seven runs of 1e8 steps take minutes: done in seconds is the cancel's doing
    QVERIFY(done.wait(ms(30000)));
    QCOMPARE(done.at(0).at(0).toInt(), 0);
    QVERIFY(!m_mode->running());
    QVERIFY(!m_mode->studyResult());
    QCOMPARE(panel->summaryText(), QString("Cancelled."));
    QVERIFY(!m_mode->status().showProgress);
  }

  // the scripted mode: --analysis --study KEY --set FIELD=VALUE runs the study and exports its
  // plots under the study's figure names
  void scriptedStudy() {
    ScriptOptions o;
    QString error;
    const QString plots = m_dir.filePath("scripted");
    QVERIFY2(parseCommandLine({"--system", "mass-spring", "--analysis", "--study", "long-time",
                               "--set", "steps=2e4", "--export-plots", plots},
                              &o, &error),
             qPrintable(error));
    ScriptRunner runner(m_window.get(), o);
    QSignalSpy finished(&runner, &ScriptRunner::finished);
    runner.start();
    QVERIFY(finished.wait(ms(60000)));
    m_window->setScripted(false);
    QCOMPARE(finished.at(0).at(0).toInt(), 0);
    QCOMPARE(m_mode->study(), QString("long-time"));
    QCOMPARE(m_mode->analysisPanel()->studyField("steps")->text(), QString("20000"));
    QVERIFY(m_mode->studyResult());
    QVERIFY(QString::fromStdString(m_mode->studyResult()->summary).contains("20000 steps"));
    QVERIFY(!QImage(plots + "/long-time-energy.png").isNull());
  }

  // the runs use the Simulation tab's parameters: the long-time study at l = 5 draws exactly
  // runLongTime's buckets at l = 5; a change of the parameters drops the results
  void parametersFromTheSimulation() {
    const SystemModel* model = findSystem("planar-pendulum");
    QVERIFY(m_window->selectSystem("planar-pendulum"));
    QVERIFY(m_window->activateMode(m_window->simulationMode()));
    m_window->simulationMode()->applySet("l", {5.0});
    QVERIFY(m_window->activateMode(m_mode));
    AnalysisPanel* panel = m_mode->analysisPanel();
    QVERIFY2(panel->parametersText().contains("l = 5"), qPrintable(panel->parametersText()));
    m_mode->chooseStudy("long-time");
    panel->defaultsRequested();
    for (Method m : model->methods()) panel->methodBox(m)->setChecked(m == Method::Variational);
    panel->studyField("steps")->setText("1000");
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    QVERIFY(done.wait(ms(60000)));
    LongTimeSpec spec = defaultLongTime(*model);
    spec.parameters = model->normalize({{"l", {5.0}}}, nullptr);
    spec.settings.T = QString::number(1000 * spec.settings.h, 'g', 12).toDouble();
    spec.methods = {Method::Variational};
    const LongTimeResult r = runLongTime(spec);
    const StudyOutput* o = m_mode->studyResult();
    QVERIFY(o);
    const std::vector<double>& drawn = o->figures[0].series[0].y;
    QCOMPARE(drawn.size(), r.runs[0].buckets.size());
    for (std::size_t i = 0; i < drawn.size(); ++i)
      QCOMPARE(drawn[i], r.runs[0].buckets[i].energy.max);
    // another value in the Simulation tab: the result no longer answers it
    QVERIFY(m_window->activateMode(m_window->simulationMode()));
    m_window->simulationMode()->applySet("l", {6.0});
    QVERIFY(m_window->activateMode(m_mode));
    QVERIFY(!m_mode->studyResult());
    QVERIFY(panel->parametersText().contains("l = 6"));
    m_window->simulationMode()->applySet("l", {9.81});
    m_mode->chooseStudy("sweep");
  }

  // the parameter line follows the chain's n: at n = 8 a change of the fifth bob's mass is
  // listed (it is not in the default table of two links), and a link at its default is not
  void chainParametersFollowN() {
    QVERIFY(m_window->selectSystem("pendulum-chain"));
    SimulationMode* sim = m_window->simulationMode();
    QVERIFY(m_window->activateMode(sim));
    sim->applySet("n", {8.0});
    sim->applySet("m_5", {2.5});
    QVERIFY(m_window->activateMode(m_mode));
    const QString text = m_mode->analysisPanel()->parametersText();
    QVERIFY2(text.contains("n = 8"), qPrintable(text));
    QVERIFY2(text.contains("m_5 = 2.5"), qPrintable(text));
    QVERIFY2(!text.contains("m_4") && !text.contains("q0_"), qPrintable(text));
    QVERIFY(m_window->activateMode(sim));
    sim->applySet("n", {2.0});
    QVERIFY(m_window->activateMode(m_mode));
    QVERIFY2(m_mode->analysisPanel()->parametersText().startsWith("At the article"),
             qPrintable(m_mode->analysisPanel()->parametersText()));
  }

  // each study's plots fit their own data whatever the study before showed: equal cost leaves a
  // linear axis of negative energies, and the log axes of the next study must still show every
  // point drawn, after the run, after a double-click, and when the study is shown again
  void studyAxesFitTheirOwnData_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("study");
    for (const char* system : {"spherical-pendulum", "dumbbell"})
      for (const char* study : {"rk45-steps", "long-time", "distance"})
        QTest::addRow("%s %s", system, study) << system << study;
  }

  void studyAxesFitTheirOwnData() {
    QFETCH(QString, system);
    QFETCH(QString, study);
    const SystemModel* model = findSystem(system.toStdString());
    QVERIFY(m_window->selectSystem(system));
    QVERIFY(m_window->activateMode(m_mode));
    for (const QString& key : {QString("equal-cost"), study}) {
      m_mode->chooseStudy(key);
      AnalysisPanel* panel = m_mode->analysisPanel();
      panel->defaultsRequested();
      for (Method m : model->methods())
        panel->methodBox(m)->setChecked(m == Method::Variational || m == Method::Rk45);
      for (const auto& [field, value] : findStudy(key.toStdString())->quickInputs(*model))
        panel->studyField(QString::fromStdString(field))->setText(QString::fromStdString(value));
      QSignalSpy done(m_mode, &Mode::finished);
      panel->runButton()->click();
      QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
      QVERIFY(done.wait(ms(60000)));
      QVERIFY(m_mode->studyResult());
    }
    auto checkAllInView = [this](const char* when) {
      const std::vector<QCustomPlot*> plots = m_mode->studyView()->plots();
      QVERIFY(!plots.empty());
      for (std::size_t i = 0; i < plots.size(); ++i) {
        QCustomPlot* p = plots[i];
        int drawn = 0, inView = 0;
        for (int k = 0; k < p->plottableCount(); ++k) {
          auto* g = qobject_cast<QCPGraph*>(p->plottable(k));
          if (!g) continue;
          for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it) {
            ++drawn;
            inView += p->xAxis->range().contains(it->key) && p->yAxis->range().contains(it->value);
          }
        }
        QVERIFY2(drawn > 0, when);
        QVERIFY2(inView == drawn,
                 qPrintable(QString("%1: plot %2 shows %3 of %4 points, y in [%5, %6]")
                                .arg(when)
                                .arg(i)
                                .arg(inView)
                                .arg(drawn)
                                .arg(p->yAxis->range().lower)
                                .arg(p->yAxis->range().upper)));
      }
    };
    checkAllInView("after the run");
    // at 1024 x 768 too, every legend entry whole and inside its plot
    const QSize size = m_window->size();
    m_window->resize(1024, 768);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    for (QCustomPlot* p : m_mode->studyView()->plots()) {
      const QStringList cut = dms::test::cutLegendEntries(p);
      QVERIFY2(cut.isEmpty(), qPrintable(cut.join(", ")));
    }
    m_window->resize(size);
    for (QCustomPlot* p : m_mode->studyView()->plots()) {
      p->yAxis->setRange(-50, -40);  // as a zoom or the study before might have left it
      QTest::mouseDClick(p, Qt::LeftButton, {}, p->axisRect()->center());
    }
    checkAllInView("after a double-click");
    m_mode->chooseStudy("equal-cost");
    m_mode->chooseStudy(study);
    checkAllInView("shown again");
    m_mode->chooseStudy("sweep");
  }

  // before a run, a study's plots show its note on clean axes whatever ran before: no label,
  // log scale or caption left over, and an axis rect that takes most of the plot
  void placeholderBeforeARun() {
    QVERIFY(m_window->selectSystem("spherical-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    const SystemModel* model = findSystem("spherical-pendulum");
    m_mode->chooseStudy("long-time");
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->defaultsRequested();
    for (const auto& [field, value] : findStudy("long-time")->quickInputs(*model))
      panel->studyField(QString::fromStdString(field))->setText(QString::fromStdString(value));
    QSignalSpy done(m_mode, &Mode::finished);
    panel->runButton()->click();
    QVERIFY2(m_mode->running(), qPrintable(panel->problemText()));
    QVERIFY(done.wait(ms(60000)));
    m_mode->chooseStudy("distance");
    panel->studyField("T")->setText("3");
    panel->studyField("T")->textEdited("3");  // as typed: no result for these inputs
    QVERIFY(!m_mode->studyResult());
    const QList<QCustomPlot*> plots = m_mode->studyView()->findChildren<QCustomPlot*>();
    int shown = 0, notePixels = 0;
    for (QCustomPlot* p : plots) {
      if (!p->isVisible()) continue;
      ++shown;
      p->replot();
      // the note is drawn: inside the axis rect (its border and ticks left out), where clean
      // axes draw nothing else, pixels of the notes' colour (a blank plot has none)
      const QImage img = p->grab().toImage();
      const QRect inner = p->axisRect()->rect().adjusted(8, 8, -8, -8);
      notePixels += dms::test::countNear(
          img,
          QRect(inner.topLeft() * img.devicePixelRatio(), inner.size() * img.devicePixelRatio()),
          mutedTextColor(), 0x20);
      QVERIFY2(p->axisRect()->height() * 2 >= p->height(),
               qPrintable(
                   QString("axis rect %1 of %2 px").arg(p->axisRect()->height()).arg(p->height())));
      QCOMPARE(p->plottableCount(), 0);
      for (QCPAxis* a : {p->xAxis, p->yAxis}) {
        QVERIFY(a->label().isEmpty());
        QCOMPARE(a->scaleType(), QCPAxis::stLinear);
        QVERIFY(!a->tickLabels());
      }
    }
    QVERIFY(shown >= 1);
    QVERIFY2(notePixels > 20, qPrintable(QString::number(notePixels)));
    m_mode->chooseStudy("sweep");
  }

  // a study's inputs are remembered per system, with the study shown
  void studyInputsRemembered() {
    QVERIFY(m_window->selectSystem("spherical-pendulum"));
    QVERIFY(m_window->activateMode(m_mode));
    m_mode->chooseStudy("distance");
    AnalysisPanel* panel = m_mode->analysisPanel();
    panel->studyField("T")->setText("12");
    QSettings s(m_dir.filePath("studies.ini"), QSettings::IniFormat);
    m_mode->saveSettings(s);
    s.sync();
    QCOMPARE(s.value("analysis/spherical-pendulum/distance/T").toString(), QString("12"));
    QCOMPARE(s.value("analysis/study").toString(), QString("distance"));
    m_mode->chooseStudy("sweep");
    panel->defaultsRequested();
    m_mode->restoreSettings(s);
    QCOMPARE(m_mode->study(), QString("distance"));
    QCOMPARE(panel->studyField("T")->text(), QString("12"));
    m_mode->chooseStudy("sweep");  // as the other cases expect it
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  AnalysisMode* m_mode = nullptr;
};

DMS_TEST_MAIN(TestAnalysisStudies)
}  // namespace tst_analysisstudies
#include "tst_analysisstudies.moc"
