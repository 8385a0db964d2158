// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulation mode's forcing panel and Control view, in a real window: a field per declared
// control channel (and "no control" for the two-body problem), a damping law on the planar
// pendulum that every method on screen runs under (each run's energy falls, and the Control
// view draws u = -c Omega of each run's own samples, with the channel's name and unit on its
// axis), and a law that cannot be compiled, explained in place with the names a law may use,
// that nothing runs with.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "ui/app/mainwindow.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_forcing {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

SimulationMode* sim(MainWindow& w) { return w.simulationMode(); }
ForcingPanel* forcing(MainWindow& w) { return sim(w)->paramPanel()->forcingPanel(); }
PlotPanel* plots(MainWindow& w) { return sim(w)->plotPanel(); }

// the runs of a new job done: its generation past `before`, its worker finished
bool waitForJob(MainWindow& w, quint64 before) {
  SimSession* s = sim(w)->session();
  return QTest::qWaitFor([&] { return s->generation() > before && !s->running(); }, ms(60000));
}

// `system` at the article's values and methods over T = `T` seconds, the law off, computed
void select(MainWindow& w, const QString& system, double T) {
  QVERIFY(w.selectSystem(system));
  sim(w)->paramPanel()->setMethods({});
  sim(w)->paramPanel()->resetToArticle();
  sim(w)->paramPanel()->setValue("T", {T});
  const quint64 before = sim(w)->session()->generation();
  sim(w)->recompute();
  QVERIFY(waitForJob(w, before));
}

// types `text` into channel `c`'s field and finishes the edit, as a user does
void type(MainWindow& w, int c, const QString& text) {
  QLineEdit* f = forcing(w)->field(c);
  QVERIFY(f);
  f->setFocus();
  f->selectAll();
  QTest::keyClicks(f, text);
  QTest::keyClick(f, Qt::Key_Return);
}

class TestForcing : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_forcing");
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  }

  void cleanupTestCase() { m_window.reset(); }

  // a field per declared channel, its name and unit beside it; with the law off, the Control
  // view is unavailable, saying why (every system declares a control: the two-body problem's
  // three channels, two torques and the internal force pair, each get a field)
  void panelFollowsTheDeclaredControls() {
    MainWindow& w = *m_window;
    select(w, "pendulum-3d", 5);
    ForcingPanel* p = forcing(w);
    QVERIFY(p->isVisible());
    QVERIFY(p->hasControl());
    QVERIFY(p->field(0) && p->field(0)->isVisible());
    QCOMPARE(p->field(0)->text(), QString("0, 0, 0"));  // tau: 3 entries
    QVERIFY(!p->field(1));
    QVERIFY(p->noControlText().isEmpty());
    QVERIFY(p->switchBox()->isVisible());
    QVERIFY(!p->switchBox()->isChecked());

    select(w, "two-body", 5);
    QVERIFY(p->isVisible());
    QVERIFY(p->hasControl());
    for (int i = 0; i < 3; ++i) QVERIFY2(p->field(i), qPrintable(QString("field %1").arg(i)));
    QVERIFY(!p->field(3));
    QVERIFY(p->noControlText().isEmpty());
    QVERIFY(!p->law().on());
    QVERIFY(!plots(w)->viewAvailable(PlotView::Control));
  }

  // c = 0.5 N m s: tau = -c Omega takes energy out at the rate c Omega^2 from every run; the
  // Control view draws, for each run, the u its own samples carry, -c Omega of their state
  void dampingLawOnEveryMethod() {
    MainWindow& w = *m_window;
    select(w, "planar-pendulum", 20);
    sim(w)->paramPanel()->setMethods({Method::Variational, Method::Rk45, Method::Rk4});
    QVERIFY(!forcing(w)->switchBox()->isChecked());
    const quint64 before = sim(w)->session()->generation();
    type(w, 0, "-0.5*Omega");
    QVERIFY(!plots(w)->viewAvailable(PlotView::Control));  // the law is not on yet
    forcing(w)->switchBox()->click();
    QVERIFY(waitForJob(w, before));
    QVERIFY2(forcing(w)->problem().isEmpty(), qPrintable(forcing(w)->problem()));
    const SimJob& job = sim(w)->session()->job();
    QCOMPARE(job.law.channels, std::vector<std::string>({"-0.5*Omega"}));
    QCOMPARE(job.methods.size(), std::size_t(3));

    QVERIFY(plots(w)->setView(PlotView::Control));
    plots(w)->refresh(0, true);
    const QString label = plots(w)->plots().at(1)->yAxis->label();
    QVERIFY2(label.contains("τ") && label.contains("N m"), qPrintable(label));
    for (std::size_t r = 0; r < job.methods.size(); ++r) {
      const RunStore& store = sim(w)->session()->stores()[r];
      QVERIFY(!store.empty());
      QVERIFY(!sim(w)->session()->status()[r].failure.failed);
      // E falls: by more than half of its start above the bottom (theta0 = pi/2: E0 - Emin =
      // m g l), and never rises by more than a method's error between kept samples 1 s apart
      const double E0 = store.energy0();
      const double fall = E0 - store.last().energy;
      qInfo("%s: E0 %.6g J, E(T) - E0 = %.6g J", methodName(job.methods[r]).c_str(), E0, -fall);
      QVERIFY2(fall > 0.5 * 9.81, qPrintable(QString("fall %1").arg(fall)));
      double lastE = E0, lastT = 0.0;
      for (const Sample& s : store.playback()) {
        if (s.t < lastT + 1.0) continue;
        QVERIFY2(s.energy <= lastE + 1e-3, qPrintable(QString("E rises at t = %1").arg(s.t)));
        lastE = s.energy;
        lastT = s.t;
      }
      // the curve as drawn: each point is the control of the run's sample at its time, which
      // is -0.5 Omega of that sample
      const std::vector<PlotPanel::CurvePoint> u = plots(w)->curve(PlotView::Control, int(r), 1);
      QVERIFY2(u.size() > 10, qPrintable(QString("%1 points").arg(u.size())));
      std::size_t checked = 0;
      for (const PlotPanel::CurvePoint& p : u) {
        const auto it = std::find_if(store.playback().begin(), store.playback().end(),
                                     [&](const Sample& s) { return s.t == p.t; });
        if (it == store.playback().end()) continue;
        double omega = std::nan("");
        for (const StatePart& part : job.model->namedState(job.methods[r], *it))
          if (part.name == "Omega") omega = part.values.at(0);
        QVERIFY(std::isfinite(omega));
        QVERIFY2(std::abs(p.y - (-0.5 * omega)) <= 1e-12 * (1 + std::abs(omega)),
                 qPrintable(QString("t = %1: u %2, Omega %3").arg(p.t).arg(p.y).arg(omega)));
        ++checked;
      }
      QVERIFY(checked > 10);
      // and the energy beside it falls as the run's does
      const std::vector<PlotPanel::CurvePoint> e = plots(w)->curve(PlotView::Control, int(r), 0);
      QVERIFY(!e.empty());
      QVERIFY(e.back().y < -0.5 * 9.81);
    }

    // the law off: the runs are free again, and the Control view goes
    const quint64 again = sim(w)->session()->generation();
    forcing(w)->switchBox()->click();
    QVERIFY(waitForJob(w, again));
    QVERIFY(!sim(w)->session()->job().law.on());
    QVERIFY(!plots(w)->viewAvailable(PlotView::Control));
    QCOMPARE(plots(w)->view(), PlotView::Errors);
  }

  // a law that cannot be compiled: explained under the fields, naming the field and the names
  // a law may use; the runs are cancelled and none is made with it
  void badLawIsExplainedAndNotRun() {
    MainWindow& w = *m_window;
    select(w, "planar-pendulum", 5);
    const quint64 before = sim(w)->session()->generation();
    type(w, 0, "-0.5*Omegaa");
    forcing(w)->switchBox()->click();
    QVERIFY(QTest::qWaitFor([&] { return !forcing(w)->problem().isEmpty(); }, ms(10000)));
    const QString problem = forcing(w)->problem();
    QVERIFY2(problem.contains("control tau") && problem.contains("Omegaa") &&
                 problem.contains("the names are t, the state's theta"),
             qPrintable(problem));
    QCOMPARE(sim(w)->session()->generation(), before + 1);  // cancelled, nothing started
    QVERIFY(!sim(w)->session()->running());
    QVERIFY(sim(w)->session()->job().law.channels != std::vector<std::string>({"-0.5*Omegaa"}));
    QVERIFY(plots(w)->stale());

    // a syntax error too, then a good law runs and clears the message
    type(w, 0, "-0.5*");
    QVERIFY(QTest::qWaitFor([&] { return forcing(w)->problem().contains("control tau = '-0.5*'"); },
                            ms(10000)));
    const quint64 good = sim(w)->session()->generation();
    type(w, 0, "-0.5*Omega");
    QVERIFY(waitForJob(w, good));
    QVERIFY(forcing(w)->problem().isEmpty());
    QCOMPARE(sim(w)->session()->job().law.channels, std::vector<std::string>({"-0.5*Omega"}));
    forcing(w)->switchBox()->click();  // off again for what follows
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestForcing)
}  // namespace tst_forcing
#include "tst_forcing.moc"
