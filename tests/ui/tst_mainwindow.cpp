// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window in a real window (Xvfb when there is no display), its runs and parameters:
// every system computes both runs, a slider recomputes them and the plots' data change,
// cancelling mid-run, a failing run stops alone, bad values and combinations said in place, the
// last method stays, the playback, a mode's tab only for the systems it supports, each system
// keeps its values, the run table's read-out and the shortcuts in a focused field. Each case
// has a window of its own (tests/ui/windowtest.h).
#include <qcustomplot.h>

#include <QApplication>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QSlider>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/suitemain.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/app/scenariofile.h"
#include "ui/app/scriptrunner.h"
#include "ui/common/methodlook.h"
#include "ui/common/playback.h"
#include "ui/control/controlmode.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/methodpicker.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_mainwindow {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;
using dms::test::waitIdle;

class TestMainWindow : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(m_dir.isValid()); }
  // a new window over new settings for every case: none sees what another left
  void init() {
    m_window = dms::test::openFreshWindow(m_dir, "tst_mainwindow");
    QVERIFY(m_window);
  }
  void cleanup() { m_window.reset(); }

  void pickSystemAndDriveSlider_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }

  void pickSystemAndDriveSlider() {
    QFETCH(QString, system);
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem(system));
    QVERIFY(waitIdle(w));
    const std::size_t runs = w.simulationMode()->session()->job().methods.size();
    QVERIFY(runs >= 2);
    std::vector<double> sums;
    std::vector<Sample> lasts;
    for (std::size_t r = 0; r < runs; ++r) {
      QVERIFY(w.simulationMode()->session()->stores()[r].received() > 1);
      QVERIFY(w.simulationMode()->plotPanel()->pointCount(0, int(r)) > 0);
      sums.push_back(w.simulationMode()->plotPanel()->dataChecksum(0, int(r)));
      lasts.push_back(dms::test::lastOf(w, int(r)));
    }
    const quint64 gen = w.simulationMode()->session()->generation();
    // drag the first parameter's slider over a few positions, as a hand would: each position
    // starts its job (a new generation) before the hand moves on (dms_gui_latency --slider
    // measures how long a step takes to reach the screen)
    // the first parameter that is not structural (a chain's n rebuilds the form, its slider
    // included)
    std::string first;
    for (const ParamSpec& p : w.system()->params()) {
      const std::vector<std::string> st = w.system()->structuralParams();
      if (std::find(st.begin(), st.end(), p.name) == st.end()) {
        first = p.name;
        break;
      }
    }
    QSlider* slider = w.simulationMode()->paramPanel()->slider(first);
    QVERIFY(slider);
    const int start = slider->value();
    for (int k = 1; k <= 5; ++k) {
      const quint64 before = w.simulationMode()->session()->generation();
      slider->setValue(start + (start < 500 ? 40 : -40) * k);
      QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->session()->generation() > before, ms(5000));
    }
    QVERIFY(w.simulationMode()->session()->generation() > gen);
    QVERIFY(waitIdle(w));
    for (std::size_t r = 0; r < runs; ++r) {
      const Sample now = dms::test::lastOf(w, int(r));
      QVERIFY2(now.energy != lasts[r].energy || now.state != lasts[r].state,
               "the worker did not produce new results");
      QVERIFY2(w.simulationMode()->plotPanel()->dataChecksum(0, int(r)) != sums[r],
               "the plot did not change");
    }
    // the structure plot has a curve per run exactly where the system has a structure error
    const bool structure = !w.system()->structureName().empty();
    QCOMPARE(w.simulationMode()->plotPanel()->pointCount(1, 0) > 0, structure);
  }

  void cancelMidRunBySystemSwitch() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    w.simulationMode()->paramPanel()->setValue("T",
                                               {2e5});  // about 7e6 steps per run: seconds of work
    QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->session()->running() &&
                                 w.simulationMode()->session()->stores()[0].received() > 0,
                             ms(10000));
    QVERIFY(w.simulationMode()->session()->stores()[0].lastTime() < 2e5);
    const qint64 stale = w.simulationMode()->session()->staleChunks();
    QVERIFY(w.selectSystem("spherical-pendulum"));  // cancels and restarts
    QVERIFY(waitIdle(w));
    // the old job stopped within a chunk: of its chunks only those the worker had already sent
    // (at most kMaxInFlight) arrived after the switch, not the thousands of the rest of its run
    const qint64 dropped = w.simulationMode()->session()->staleChunks() - stale;
    QVERIFY2(dropped <= SimWorker::kMaxInFlight, qPrintable(QString::number(dropped)));
    QCOMPARE(w.simulationMode()->session()->job().model->name(), std::string("spherical-pendulum"));
    QCOMPARE(w.simulationMode()->session()->stores()[0].received(),
             w.simulationMode()->session()->job().settings.steps() + 1);
  }

  void oneFailingRunStopsAlone() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    // h Omega = 0.2 * 20 = 4 > 1: eq (25) has no solution, the variational step fails at once
    w.simulationMode()->paramPanel()->setValue("h", {0.2});
    w.simulationMode()->paramPanel()->setValue("omega0", {20.0});
    w.simulationMode()->paramPanel()->setValue("T", {20.0});
    QVERIFY(waitIdle(w));
    const auto& st = w.simulationMode()->session()->status();
    QVERIFY(st[0].failure.failed);
    QVERIFY(!st[1].failure.failed);
    QVERIFY(st[1].done);
    QCOMPARE(w.simulationMode()->session()->stores()[1].received(),
             w.simulationMode()->session()->job().settings.steps() + 1);
    QVERIFY(w.lastMessage());
    QVERIFY(w.lastMessage()->isVisible());
    QVERIFY(!w.lastMessage()->isModal());
    QVERIFY(w.lastMessage()->text().contains("stopped at t = 0"));
  }

  void invalidCombinationExplainedInPlace() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(waitIdle(w));
    const quint64 gen = w.simulationMode()->session()->generation();
    w.simulationMode()->paramPanel()->setValue("T", {1.0});
    w.simulationMode()->paramPanel()->setValue("h", {2.0});
    QTRY_VERIFY_WITH_TIMEOUT(
        w.simulationMode()->paramPanel()->problem().contains("must not exceed T"), ms(2000));
    QVERIFY(!w.simulationMode()->session()->running());
    w.simulationMode()->paramPanel()->resetToArticle();
    QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->paramPanel()->problem().isEmpty(), ms(2000));
    QTRY_VERIFY_WITH_TIMEOUT(w.simulationMode()->session()->generation() > gen, ms(2000));
  }

  // A typed value out of range is said, never silently reverted, and the message takes space
  // reserved for it: the fields under the mouse do not move.
  void rejectedValueSaidInPlace() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QVERIFY(panel->problem().isEmpty());
    QDoubleSpinBox* h = panel->spinBox("h");
    QDoubleSpinBox* m = panel->spinBox("m");
    QVERIFY(h && m);
    // the positions compared are those of a settled layout: the system just picked may still
    // have its layout requests posted (a loaded machine processes them later), and a change
    // that moves the fields shows only once its own are processed
    const auto settled = [&w, h] {
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
      return h->mapTo(&w, QPoint(0, 0));
    };
    const QPoint before = settled();
    const double m0 = m->value();
    w.activateWindow();  // (QApplication::setActiveWindow is deprecated from Qt 6.5)
    QVERIFY(QTest::qWaitForWindowActive(&w));
    m->setFocus();
    QTRY_VERIFY(m->hasFocus());
    m->selectAll();
    QTest::keyClicks(m, "-5");
    QTest::keyClick(m, Qt::Key_Return);
    QVERIFY2(panel->problem().contains("'m'") && panel->problem().contains("-5") &&
                 panel->problem().contains("kept"),
             qPrintable(panel->problem()));
    QCOMPARE(m->value(), m0);
    QCOMPARE(settled(), before);
    // an invalid combination (h > T) says so in the same place, and nothing moves either
    panel->setValue("h", {0.5});
    panel->setValue("T", {0.1});
    QTRY_VERIFY_WITH_TIMEOUT(panel->problem().contains("T"), ms(2000));
    QCOMPARE(settled(), before);
    // the runs on screen are those of the last valid values: marked out of date, dimmed
    PlotPanel* plots = w.simulationMode()->plotPanel();
    QVERIFY(plots->stale());
    QVERIFY(plots->plots()[0]->graph(0)->pen().color().alpha() < 128);
    QVERIFY(!w.simulationMode()->runTable()->isEnabled());
    panel->resetToArticle();
    QTRY_VERIFY_WITH_TIMEOUT(panel->problem().isEmpty(), ms(2000));
    QVERIFY(!plots->stale());
    QCOMPARE(plots->plots()[0]->graph(0)->pen().color().alpha(), 255);
    QVERIFY(w.simulationMode()->runTable()->isEnabled());
    QVERIFY(waitIdle(w));
  }

  // the last chosen method cannot be dropped: a run is always shown
  void lastMethodStays() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("mass-spring"));
    MethodPicker* picker = w.simulationMode()->paramPanel()->methodPicker();
    picker->box(Method::Rk45)->click();
    QCOMPARE(picker->methods(), std::vector<Method>{Method::Variational});
    QVERIFY(!picker->box(Method::Variational)->isEnabled());
    picker->box(Method::Rk45)->click();
    QCOMPARE(picker->methods(), findSystem("mass-spring")->articleMethods());
    QVERIFY(picker->box(Method::Variational)->isEnabled());
    QVERIFY(waitIdle(w));
  }

  void playbackCursorAndScrub() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(waitIdle(w));
    w.playback()->pause();
    w.playback()->seek(30.0);
    QCOMPARE(w.playback()->time(), 30.0);
    w.playback()->singleStep();
    QCOMPARE(w.playback()->time(), 30.0 + w.simulationMode()->session()->job().settings.h);
    w.playback()->restart();
    QCOMPARE(w.playback()->time(), 0.0);
    w.playback()->setSpeed(100.0);
    w.playback()->play();
    QTRY_VERIFY_WITH_TIMEOUT(w.playback()->time() > 5.0, ms(3000));
    w.playback()->pause();
  }

  // a mode's tab is enabled exactly for the systems it supports, and a mode that does not
  // support a newly chosen system gives way to one that does
  void modeTabsFollowTheSystem() {
    MainWindow& w = *m_window;
    QCOMPARE(w.modeBar()->count(), int(w.modes().size()));
    for (const SystemModel* m : allSystems()) {
      QVERIFY(w.selectSystem(QString::fromStdString(m->name())));
      for (int i = 0; i < int(w.modes().size()); ++i) {
        Mode* mode = w.modes()[std::size_t(i)];
        QCOMPARE(w.modeBar()->isTabEnabled(i), mode->supports(m));
        QCOMPARE(w.modeBar()->tabText(i), mode->name());
      }
    }
    const int control =
        int(std::find(w.modes().begin(), w.modes().end(), w.controlMode()) - w.modes().begin());
    // the tab is there exactly for the systems with an optimal-control problem
    const SystemModel* without = nullptr;
    for (const SystemEntry& e : registry()) {
      QVERIFY(w.selectSystem(QString::fromStdString(e.model->name())));
      QCOMPARE(w.modeBar()->isTabEnabled(control), e.control != nullptr);
      if (!e.control) without = e.model;
    }
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QVERIFY(w.modeBar()->isTabEnabled(control));
    QVERIFY(w.activateMode(w.controlMode()));
    QCOMPARE(w.modeBar()->currentIndex(), control);
    if (without) {  // no optimal control: back to the simulation
      QVERIFY(w.selectSystem(QString::fromStdString(without->name())));
      QVERIFY(!w.activateMode(w.controlMode()));
      QVERIFY(w.activeMode() == w.simulationMode());
    }
    QVERIFY(waitIdle(w));
  }

  // Each system keeps its edits for the session and in the settings; Reset to article values
  // is the way back.
  void systemsKeepTheirValues() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->setValue("theta0", {3.0});
    panel->setValue("T", {50.0});
    QVERIFY(w.selectSystem("spherical-pendulum"));
    QCOMPARE(panel->values().at("q0"),
             defaultValues(findSystem("spherical-pendulum")->params()).at("q0"));
    QVERIFY(w.selectSystem("planar-pendulum"));
    QCOMPARE(panel->values().at("theta0"), std::vector<double>{3.0});
    QCOMPARE(panel->settings().T, 50.0);
    QVERIFY(waitIdle(w));

    // in the settings: saved, changed in the session, restored
    QSettings saved(m_dir.filePath("kept.ini"), QSettings::IniFormat);
    w.simulationMode()->saveSettings(saved);
    panel->setValue("theta0", {1.0});
    QVERIFY(w.selectSystem("mass-spring"));
    w.simulationMode()->restoreSettings(saved);
    QVERIFY(w.selectSystem("planar-pendulum"));
    QCOMPARE(panel->values().at("theta0"), std::vector<double>{3.0});

    panel->resetToArticle();
    QVERIFY(w.selectSystem("mass-spring"));
    QVERIFY(w.selectSystem("planar-pendulum"));
    const SystemModel* pp = findSystem("planar-pendulum");
    QCOMPARE(panel->values(), defaultValues(pp->params()));
    QCOMPARE(panel->settings().T, pp->defaultSettings().T);
    QVERIFY(waitIdle(w));
  }

  // the run table: the errors at the playback cursor follow it, and the maxima are the figures
  // dmsim run prints (the same samples through the same RunSummary: equal bit for bit)
  void runTableReadout() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("dumbbell"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("T", {20.0});
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    const SimJob job = w.simulationMode()->session()->job();
    const std::vector<RunStore>& stores = w.simulationMode()->session()->stores();
    RunTable* table = w.simulationMode()->runTable();
    QVERIFY(!table->isColumnHidden(RunTable::kMomentumMax));  // the dumbbell conserves L
    for (std::size_t r = 0; r < job.methods.size(); ++r) {
      // as dmsim run computes it: the metrics of each sample into a summary as it is made
      std::unique_ptr<Run> run = job.model->makeRun(job.values, job.methods[r], job.settings);
      struct Summing final : SampleSink {
        RunSummary sum;
        void take(const Sample& s) override { sum.add(s); }
      } sink;
      while (run->advance(sink, 4096, SampleFields::Metrics)) {
      }
      const RunSummary& expected = sink.sum;
      const RunSummary& shown = stores[r].summary();
      QCOMPARE(shown.samples, expected.samples);
      QCOMPARE(shown.energyMaxDev, expected.energyMaxDev);
      QCOMPARE(shown.structureMax, expected.structureMax);
      QCOMPARE(shown.momentumMaxDev, expected.momentumMaxDev);
      const int row = int(r);
      QCOMPARE(table->item(row, RunTable::kEnergyMax)->text(),
               QString::number(expected.energyMaxDev, 'e', 2));
      QCOMPARE(table->item(row, RunTable::kMomentumMax)->text(),
               QString::number(expected.momentumMaxDev, 'e', 2));
      // at the cursor: the kept sample nearest to it, and it follows the playback
      for (double t : {0.0, 7.5, 20.0}) {
        w.playback()->seek(t);
        w.refresh();
        const Sample s = *stores[r].nearest(t);
        QCOMPARE(table->item(row, RunTable::kEnergyAt)->text(),
                 QString::number(std::fabs(s.energy - stores[r].energy0()), 'e', 2));
        QCOMPARE(table->item(row, RunTable::kStructureAt)->text(),
                 QString::number(s.structure, 'e', 2));
      }
    }
  }

  // the 3D pendulum conserves only the vertical component of L: the readout at the cursor counts
  // that component, as the maximum beside it does (the whole vector swings by its own size)
  void momentumReadoutCountsTheConservedComponents() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("pendulum-3d"));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    panel->resetToArticle();
    panel->setValue("T", {5.0});
    w.simulationMode()->recompute();
    QVERIFY(waitIdle(w));
    const std::vector<RunStore>& stores = w.simulationMode()->session()->stores();
    RunTable* table = w.simulationMode()->runTable();
    w.playback()->seek(3.0);
    w.refresh();
    for (std::size_t r = 0; r < stores.size(); ++r) {
      const RunSummary& sum = stores[r].summary();
      QCOMPARE(sum.momentumMask(), Vector3d(Vector3d::UnitZ()));
      const Sample s = *stores[r].nearest(3.0);
      const double at = std::fabs(s.momentum.z() - sum.momentum0().z());
      QCOMPARE(table->item(int(r), RunTable::kMomentumAt)->text(), QString::number(at, 'e', 2));
      QVERIFY(at <= sum.momentumMaxDev);
    }
  }

  // The window's shortcuts work while a number field has focus (the usual state after typing a
  // value); the keys that move the text cursor keep moving it.
  void shortcutsWorkInAFocusedSpinBox() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("planar-pendulum"));
    QVERIFY(waitIdle(w));
    w.activateWindow();  // (QApplication::setActiveWindow is deprecated from Qt 6.5)
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QDoubleSpinBox* box = w.simulationMode()->paramPanel()->spinBox("theta0");
    QVERIFY(box);
    box->setFocus();
    QTRY_VERIFY(box->hasFocus());
    // Ctrl+L: the log scale off, and on again
    const bool log = w.simulationMode()->plotPanel()->logScale();
    QTest::keyClick(box, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(w.simulationMode()->plotPanel()->logScale(), !log);
    QTest::keyClick(box, Qt::Key_L, Qt::ControlModifier);
    QCOMPARE(w.simulationMode()->plotPanel()->logScale(), log);
    // Space: play and pause (a line edit would take it as a typed space)
    w.playback()->pause();
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(w.playback()->playing());
    QTest::keyClick(box, Qt::Key_Space);
    QVERIFY(!w.playback()->playing());
    // Ctrl+E (end of line for a line edit): the export dialog, closed as soon as it shows
    bool exportShown = false;
    QTimer closer;
    connect(&closer, &QTimer::timeout, this, [&] {
      if (auto* d = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
        exportShown = d->inherits("dms::ui::ExportDialog");
        d->reject();
      }
    });
    closer.start(20);
    QTest::keyClick(box, Qt::Key_E, Qt::ControlModifier);
    closer.stop();
    QVERIFY(exportShown);
    // Right moves the text cursor in the field: the playback does not step
    w.playback()->pause();
    const double t = w.playback()->time();
    QTest::keyClick(box, Qt::Key_Right);
    QCOMPARE(w.playback()->time(), t);
    QCOMPARE(box->value(), w.simulationMode()->paramPanel()->values().at("theta0")[0]);
  }

  // the chain's parameter rows follow n: from the n slider (rebuilt after its signal) and from a
  // scripted value (at once), and the runs are recomputed with the new number of links
  void chainRowsFollowN() {
    MainWindow& w = *m_window;
    QVERIFY(w.selectSystem("pendulum-chain"));
    QVERIFY(waitIdle(w));
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QVERIFY(panel->spinBox("m_2") && !panel->spinBox("m_3"));
    panel->slider("n")->setValue(panel->slider("n")->maximum());
    QTRY_VERIFY_WITH_TIMEOUT(panel->spinBox("m_8") != nullptr, ms(5000));
    QTRY_COMPARE_WITH_TIMEOUT(int(dms::test::lastOf(w, 0).state.size()), 48, ms(5000));
    panel->setValue("n", {3});
    QVERIFY(panel->spinBox("m_3") && !panel->spinBox("m_4"));
    panel->setValue("m_3", {2.5});
    QCOMPARE(panel->values().at("m_3")[0], 2.5);
    QTRY_COMPARE_WITH_TIMEOUT(int(dms::test::lastOf(w, 0).state.size()), 18, ms(5000));
  }

  // the h and T sliders span ranges around the system's set-up: one notch of the two-body
  // problem's h (60 s) or T (6e5 s) moves it by a step of its slider, not to the generic
  // slider's end (0.2 s, 2000 s); a system of the generic scale gets the generic range back
  void stepSlidersFollowTheSystemsScale() {
    MainWindow& w = *m_window;
    ParamPanel* panel = w.simulationMode()->paramPanel();
    QVERIFY(w.selectSystem("two-body"));
    const IntegratorSettings setup = w.system()->defaultSettings();
    for (const char* name : {"h", "T"}) {
      QSlider* slider = panel->slider(name);
      QVERIFY(slider);
      const double before =
          panel->settings().*(name[0] == 'h' ? &IntegratorSettings::h : &IntegratorSettings::T);
      QCOMPARE(before, name[0] == 'h' ? setup.h : setup.T);
      QVERIFY2(slider->value() > slider->minimum() && slider->value() < slider->maximum(), name);
      slider->setValue(slider->value() + 1);
      const double after =
          panel->settings().*(name[0] == 'h' ? &IntegratorSettings::h : &IntegratorSettings::T);
      // one of the slider's 1000 positions: within 1% of the value it left
      QVERIFY2(after != before && std::abs(after / before - 1.0) < 0.01,
               qPrintable(QString("%1: %2 -> %3").arg(name).arg(before).arg(after)));
    }
    QVERIFY(w.selectSystem("planar-pendulum"));
    const ParamSpec& h = integratorSpec("h");
    panel->slider("h")->setValue(panel->slider("h")->maximum());
    QCOMPARE(panel->settings().h, h.sliderMax);
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestMainWindow)
}  // namespace tst_mainwindow
#include "tst_mainwindow.moc"
