// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Simulation mode's quantities beyond the errors, in a real window: the shadow energy of the
// variational run beside E (flat where E oscillates on the planar pendulum, round-off on the
// mass-spring, and the same values as a computation over the whole run), the phase portrait's
// points against the runs' own (q, p) with the angle wrapped into (-pi, pi] and no line across
// the wrap, the angular momentum plot exactly for the systems that conserve one, the default
// view as it was, exports of the view shown, and every view readable at 1024 x 640 with a unit
// on every axis.
#include <qcustomplot.h>

#include <QComboBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/sim/registry.h"
#include "core/sim/shadowenergy.h"
#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "tests/common/suitemain.h"
#include "ui/app/mainwindow.h"
#include "ui/common/methodlook.h"
#include "ui/common/playback.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_quantities {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;

SimulationMode* sim(MainWindow& w) { return w.simulationMode(); }
PlotPanel* panel(MainWindow& w) { return w.simulationMode()->plotPanel(); }

// the runs of a new job done: its generation past `before`, its worker finished
bool waitForJob(MainWindow& w, quint64 before) {
  SimSession* s = sim(w)->session();
  return QTest::qWaitFor([&] { return s->generation() > before && !s->running(); }, ms(60000));
}

// `system` at the article's values and methods, with `sets` changed, computed to its horizon
bool computeFresh(MainWindow& w, const QString& system,
                  const std::vector<std::pair<std::string, std::vector<double>>>& sets = {}) {
  const quint64 before = sim(w)->session()->generation();
  if (!w.selectSystem(system)) return false;
  sim(w)->paramPanel()->setMethods({});
  sim(w)->paramPanel()->resetToArticle();
  for (const auto& [name, value] : sets) sim(w)->paramPanel()->setValue(name, value);
  sim(w)->recompute();
  return waitForJob(w, before);
}

int runOf(MainWindow& w, Method m) {
  const std::vector<Method>& methods = sim(w)->session()->job().methods;
  const auto it = std::find(methods.begin(), methods.end(), m);
  return it == methods.end() ? -1 : int(it - methods.begin());
}

// max - min of the finite y of a curve as drawn (NaN for a curve without points)
double variation(const std::vector<PlotPanel::CurvePoint>& c) {
  if (c.empty()) return std::numeric_limits<double>::quiet_NaN();
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const PlotPanel::CurvePoint& p : c)
    if (std::isfinite(p.y)) {
      lo = std::min(lo, p.y);
      hi = std::max(hi, p.y);
    }
  return hi - lo;
}

// every sample of a run of the job's method `m`, made here from the job's values and settings
std::vector<Sample> ownRun(MainWindow& w, Method m) {
  const SimJob& job = sim(w)->session()->job();
  std::unique_ptr<Run> run = job.model->makeRun(job.values, m, job.settings);
  std::vector<Sample> out;
  while (run->advance(out, 4096)) {
  }
  return out;
}

// the shown view's curves, filled at once
void show(MainWindow& w, PlotView v) {
  QVERIFY(panel(w)->setView(v));
  panel(w)->refresh(0, true);
}

class TestQuantities : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    dms::test::useOwnSettings(m_dir.filePath("settings"), "tst_quantities");
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  }

  void cleanupTestCase() { m_window.reset(); }

  // the window opens on the Errors view's two plots (energy, structure), under their names, and
  // exports them
  void defaultViewIsTheErrors() {
    MainWindow& w = *m_window;
    QVERIFY(computeFresh(w, "planar-pendulum"));
    QCOMPARE(panel(w)->view(), PlotView::Errors);
    QCOMPARE(panel(w)->plots().size(), std::size_t(2));
    QCOMPARE(PlotPanel::plotNames(), QStringList({"energy", "structure"}));
    QStringList names;
    for (const ExportPlot& p : sim(w)->exportPlots()) names << p.name;
    QCOMPARE(names, QStringList({"energy", "structure"}));
  }

  // Planar pendulum at the article's set-up (h = 0.03 s, T = 1000 s, theta0 = pi/2): E of the
  // variational run oscillates by O(h^2); its shadow energy of order 4 is H~ + O(h^4), so as
  // plotted it varies at least ten times less. Its values are those of the whole run's
  // computation (shadowEnergyOfRun over every sample): the chunks' streaming loses none and
  // changes none.
  void shadowEnergyFlatOnPlanarPendulum() {
    MainWindow& w = *m_window;
    QVERIFY(computeFresh(w, "planar-pendulum"));
    const int vi = runOf(w, Method::Variational);
    QVERIFY(vi >= 0);
    show(w, PlotView::Energy);
    const double varE = variation(panel(w)->curve(PlotView::Energy, vi, 0));
    const double varH = variation(panel(w)->curve(PlotView::Energy, vi, 1));
    qInfo("planar pendulum, vi: E - E0 varies by %.6g J, H~ - H~0 by %.6g J (ratio %.3g)", varE,
          varH, varE / varH);
    QVERIFY(varE > 0);
    QVERIFY2(10 * varH <= varE, qPrintable(QString("E %1, H~ %2").arg(varE).arg(varH)));

    // one value for every sample but the first and the last (order 4: k = 2)
    const RunStore& store = sim(w)->session()->stores()[std::size_t(vi)];
    QCOMPARE(store.shadowReceived(), store.received() - 2);
    const SimJob& job = sim(w)->session()->job();
    const ShadowEnergySeries whole =
        shadowEnergyOfRun(job.model->name(), job.values, Method::Variational, job.settings.h,
                          ownRun(w, Method::Variational), SimWorker::kShadowOrder);
    QCOMPARE(std::int64_t(whole.value.size()), store.shadowReceived());
    const auto [lo, hi] = std::minmax_element(whole.value.begin(), whole.value.end());
    QVERIFY2(std::fabs((*hi - *lo) - varH) <= 1e-9 * varE,
             qPrintable(QString("whole run %1, plotted %2").arg(*hi - *lo).arg(varH)));
    // the other run (RK45) has none, and the note under the plot says why
    QVERIFY2(panel(w)->note(PlotView::Energy).contains("only a symplectic map"),
             qPrintable(panel(w)->note(PlotView::Energy)));
    QVERIFY(panel(w)->curve(PlotView::Energy, 1 - vi, 1).empty());
    // but its E - E0 is drawn, beside vi's
    QVERIFY(!panel(w)->curve(PlotView::Energy, 1 - vi, 0).empty());
  }

  // In a 1024 x 768 window the Energy plot is short, and its note is one line: the runs without
  // H~ are grouped by the first clause of their reasons (RK45's and RK4's differ only after it),
  // so that the line names every one of them and is not cut.
  void shadowNoteNamesEveryRunInOneLine() {
    MainWindow& w = *m_window;
    w.resize(1024, 768);
    QVERIFY(computeFresh(w, "mass-spring"));
    sim(w)->paramPanel()->setMethods({Method::Variational, Method::Rk45, Method::Rk4});
    const quint64 before = sim(w)->session()->generation();
    sim(w)->recompute();
    QVERIFY(waitForJob(w, before));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    show(w, PlotView::Energy);
    const QString note = panel(w)->note(PlotView::Energy);
    w.resize(1280, 800);
    for (Method m : {Method::Rk45, Method::Rk4})
      QVERIFY2(note.contains(QString::fromStdString(methodInfo(m).label)), qPrintable(note));
    QVERIFY2(!note.contains(QStringLiteral("…")) && !note.contains('\n'), qPrintable(note));
  }

  // on every system beyond the article too (here the dumbbell, on SO(3) x R^3, and the chain):
  // the plot draws every run's E - E0, the H~ - H~0 of the variational run, flatter than its E,
  // and for the runs without one says why, in the core's words
  void shadowEnergyOnEverySystem_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<double>("T");
    QTest::newRow("dumbbell") << "dumbbell" << 20.0;
    QTest::newRow("pendulum-chain") << "pendulum-chain" << 5.0;
  }
  void shadowEnergyOnEverySystem() {
    QFETCH(QString, system);
    QFETCH(double, T);
    MainWindow& w = *m_window;
    QVERIFY(computeFresh(w, system, {{"T", {T}}}));
    sim(w)->paramPanel()->setMethods({Method::Variational, Method::Rk45, Method::Vi4});
    const quint64 before = sim(w)->session()->generation();
    sim(w)->recompute();
    QVERIFY(waitForJob(w, before));
    show(w, PlotView::Energy);
    const SimJob& job = sim(w)->session()->job();
    QCOMPARE(job.methods.size(), std::size_t(3));
    // the note under the plot is cut to a line on a short plot; its tooltip has the whole
    QCOMPARE(panel(w)->plots().size(), std::size_t(1));
    const QString note = panel(w)->plots().front()->toolTip().simplified();
    for (int r = 0; r < int(job.methods.size()); ++r) {
      const Method m = job.methods[std::size_t(r)];
      QVERIFY(!panel(w)->curve(PlotView::Energy, r, 0).empty());
      const ShadowAvailability a = shadowEnergyAvailability(*job.model, job.values, m);
      QCOMPARE(a.available, m == Method::Variational);
      QCOMPARE(panel(w)->curve(PlotView::Energy, r, 1).empty(), !a.available);
      if (a.available) {
        const double varE = variation(panel(w)->curve(PlotView::Energy, r, 0));
        const double varH = variation(panel(w)->curve(PlotView::Energy, r, 1));
        qInfo("%s vi: E - E0 varies by %.3g, H~ - H~0 by %.3g", qPrintable(system), varE, varH);
        // O(h^4) against O(h^2) at the set-up's h (a ratio of 7 to 200, docs/shadow-energy.md)
        QVERIFY2(5 * varH < varE, qPrintable(QString("E %1, H~ %2").arg(varE).arg(varH)));
      } else {
        // the reason's words, whatever the line breaks
        const QString tail = QString::fromStdString(a.reason).section(": ", 1).simplified();
        QVERIFY2(!tail.isEmpty() && note.contains(tail), qPrintable(note));
      }
    }
    QVERIFY(panel(w)->setView(PlotView::Errors));
  }

  // Mass-spring at the article's set-up: the midpoint rule is a linear map, and for a quadratic
  // H every w(a, b) of the construction depends on b - a alone, so H~ of any order is exactly
  // constant along the samples of an exact orbit (core/sim/shadowenergy.h); what the plot
  // shows is round-off, and the bound is the round-off's. To first order a perturbation of the
  // samples changes w(a, b) = (p_a + p_b)(q_b - q_a) - 2 S_ab by (p_a - p_b)(dq_a + dq_b) +
  // (q_b - q_a)(dp_a + dp_b) (the action is stationary at the interior samples): differences
  // over b - a steps, so with samples rounded to eps |q|, eps |p| each w / 2h moves by at most
  // (b - a) eps (|p'| |q| + |q'| |p|) <= 4 (b - a) eps E0, and H~_4 (weights 2/3 on lag 1 twice,
  // -1/6 on lag 2) by about 7 eps E0; its evaluation rounds terms of size E0 (a few eps E0);
  // the step's own rounding, of relative eps on increments of size h |v|, moves the orbit off
  // the invariant by a random walk of about sqrt(N) eps h omega E0 (N = 18000 steps, h omega =
  // 0.035: 5 eps E0). Over the run H~ then varies by at most about 30 eps E0: the bound is 100
  // eps E0.
  void shadowEnergyRoundOffOnMassSpring() {
    MainWindow& w = *m_window;
    QVERIFY(computeFresh(w, "mass-spring"));
    const int vi = runOf(w, Method::Variational);
    QVERIFY(vi >= 0);
    show(w, PlotView::Energy);
    const RunStore& store = sim(w)->session()->stores()[std::size_t(vi)];
    const double E0 = std::fabs(store.energy0());
    const double varE = variation(panel(w)->curve(PlotView::Energy, vi, 0));
    const double varH = variation(panel(w)->curve(PlotView::Energy, vi, 1));
    qInfo(
        "mass-spring, vi: E0 = %.6g J; E - E0 varies by %.3g J, H~ - H~0 by %.3g J (%.3g eps "
        "E0)",
        E0, varE, varH, varH / (std::numeric_limits<double>::epsilon() * E0));
    QVERIFY(E0 > 0);
    QVERIFY2(varH <= 100 * std::numeric_limits<double>::epsilon() * E0,
             qPrintable(QString::number(varH)));
    QCOMPARE(store.shadowReceived(), store.received() - 2);
  }

  // A rotating planar pendulum (omega0 = 2 rad/s, over the separatrix): each run's curve in the
  // phase portrait is its own samples' (theta, m l^2 Omega), theta read off R here, wrapped into
  // (-pi, pi], with a gap at every wrap and never a line across one; the ring at the playback
  // time is the run's point there.
  void phasePortraitIsTheRunsQP() {
    MainWindow& w = *m_window;
    QVERIFY(computeFresh(w, "planar-pendulum", {{"omega0", {2.0}}, {"T", {60.0}}}));
    QVERIFY(panel(w)->viewAvailable(PlotView::Phase));
    w.playback()->pause();
    w.playback()->seek(17.3);
    show(w, PlotView::Phase);
    const SimJob& job = sim(w)->session()->job();
    const double ml2 = job.values.at("m")[0] * std::pow(job.values.at("l")[0], 2);
    const double h = job.settings.h;
    for (int r = 0; r < int(job.methods.size()); ++r) {
      const std::vector<Sample> own = ownRun(w, job.methods[std::size_t(r)]);
      const auto expected = [&](double t) {
        const std::size_t k = std::size_t(std::llround(t / h));
        const StateVec& y = own.at(k).state;  // R11, R21, R12, R22, Omega
        double theta = std::atan2(y[1], y[0]);
        if (theta <= -kPi) theta += 2 * kPi;
        return std::pair<double, double>(theta, ml2 * y[4]);
      };
      const std::vector<PlotPanel::CurvePoint> c = panel(w)->curve(PlotView::Phase, r, 0);
      QVERIFY(c.size() > 1000);
      int gaps = 0, checked = 0;
      for (std::size_t i = 0; i < c.size(); ++i) {
        if (!std::isfinite(c[i].x)) {
          ++gaps;
          continue;
        }
        QVERIFY2(c[i].x > -kPi && c[i].x <= kPi, qPrintable(QString::number(c[i].x)));
        // a line joins only points on the same side of the wrap
        if (i > 0 && std::isfinite(c[i - 1].x))
          QVERIFY2(std::fabs(c[i].x - c[i - 1].x) < kPi,
                   qPrintable(QString("a line from %1 to %2").arg(c[i - 1].x).arg(c[i].x)));
        // a few points, spread over the run, against the run's own samples
        if (i % (c.size() / 7) == 0) {
          const auto [q, p] = expected(c[i].t);
          QVERIFY2(std::fabs(c[i].x - q) <= 1e-12 && std::fabs(c[i].y - p) <= 1e-12 * ml2,
                   qPrintable(QString("t = %1: plotted (%2, %3), sample (%4, %5)")
                                  .arg(c[i].t)
                                  .arg(c[i].x)
                                  .arg(c[i].y)
                                  .arg(q)
                                  .arg(p)));
          ++checked;
        }
      }
      QVERIFY(checked >= 5);
      QVERIFY2(gaps >= 5, "the pendulum goes over the top: its angle wraps");
      // the ring: one point, the run's at the playback time
      QTRY_VERIFY_WITH_TIMEOUT(
          panel(w)->curve(PlotView::Phase, r, 1).size() == 1 &&
              std::fabs(panel(w)->curve(PlotView::Phase, r, 1)[0].t - 17.3) < h,
          ms(5000));
      const PlotPanel::CurvePoint ring = panel(w)->curve(PlotView::Phase, r, 1)[0];
      const auto [q, p] = expected(ring.t);
      QVERIFY(std::fabs(ring.x - q) <= 1e-12 && std::fabs(ring.y - p) <= 1e-12 * ml2);
    }
    QStringList names;
    for (const ExportPlot& p : sim(w)->exportPlots()) names << p.name;
    QCOMPARE(names, QStringList({"phase-portrait"}));  // an export writes the view shown
    QVERIFY(panel(w)->setView(PlotView::Errors));
  }

  // the angular momentum plot: there, with a curve per run, for the systems that conserve one;
  // for the others its entry in the chooser is disabled and cannot be chosen
  void momentumPlotExactlyWhenConserved_data() {
    QTest::addColumn<QString>("system");
    for (const SystemModel* m : allSystems())
      QTest::newRow(m->name().c_str()) << QString::fromStdString(m->name());
  }

  void momentumPlotExactlyWhenConserved() {
    QFETCH(QString, system);
    MainWindow& w = *m_window;
    // 20 s, or for a slow system (a step of seconds: the two-body problem's 60 s) 1000 steps
    const double h0 = findSystem(system.toStdString())->defaultSettings().h;
    QVERIFY(computeFresh(w, system, {{"T", {h0 > 1.0 ? 1000.0 * h0 : 20.0}}}));
    const bool has = w.system()->hasMomentum();
    QCOMPARE(panel(w)->viewAvailable(PlotView::Momentum), has);
    auto* chooser = panel(w)->findChild<QComboBox*>();
    QVERIFY(chooser);
    auto* items = qobject_cast<QStandardItemModel*>(chooser->model());
    QVERIFY(items);
    QCOMPARE(items->item(int(PlotView::Momentum))->isEnabled(), has);
    // its tooltip: what the view shows, or why the system has it not
    const QString tip = items->item(int(PlotView::Momentum))->toolTip();
    QVERIFY2(tip.startsWith(has ? "|L − L₀| of the conserved angular momentum"
                                : "No angular momentum plot: "),
             qPrintable(tip));
    QCOMPARE(panel(w)->setView(PlotView::Momentum), has);
    QCOMPARE(panel(w)->view() == PlotView::Momentum, has);
    if (has) {
      panel(w)->refresh(0, true);
      // a curve per run, or, for a run that keeps L to the last bit (0 is off a log axis), the
      // note under the plot names it
      const SimJob& job = sim(w)->session()->job();
      for (int r = 0; r < int(job.methods.size()); ++r) {
        const RunStore& store = sim(w)->session()->stores()[std::size_t(r)];
        const QString label = methodLabel(job.methods[std::size_t(r)], job.settings.controller);
        const bool exact = store.summary().momentumMaxDev == 0.0;
        qInfo("%s: max |L - L0| = %.3g", qPrintable(label), store.summary().momentumMaxDev);
        QCOMPARE(panel(w)->curve(PlotView::Momentum, r).empty(), exact);
        QCOMPARE(panel(w)->note(PlotView::Momentum).contains(label), exact);
      }
      QStringList names;
      for (const ExportPlot& p : sim(w)->exportPlots()) names << p.name;
      QCOMPARE(names, QStringList({"momentum"}));
    }
    QVERIFY(panel(w)->setView(PlotView::Errors));
  }

  // at 1024 x 640, each view of each system: every plot shown has room for its curves (the
  // plots are at their minimum height there) and a unit on each axis
  void readableInASmallWindow() {
    MainWindow& w = *m_window;
    w.resize(1024, 640);
    QStringList problems;
    for (const SystemModel* m : allSystems()) {
      QVERIFY(computeFresh(w, QString::fromStdString(m->name()), {{"T", {20.0}}}));
      for (int v = 0; v < kPlotViewCount; ++v) {
        if (!panel(w)->setView(PlotView(v))) continue;
        panel(w)->refresh(0, true);
        for (const auto& [name, p] : panel(w)->exportablePlots()) {
          // the project's measure (the main window's suite): at least a third of the plot's
          // height for the axes, and a width a curve can be followed in; polled while the
          // layout settles
          const auto roomy = [p = p] {
            return p->axisRect()->width() >= 200 && 3 * p->axisRect()->height() >= p->height();
          };
          const bool settled = QTest::qWaitFor(roomy, ms(2000));
          const QString where = QString::fromStdString(m->name()) + ", " + name;
          qInfo("%s: %d x %d px of axes in %d px", qPrintable(where), p->axisRect()->width(),
                p->axisRect()->height(), p->height());
          if (!settled) problems << where;
          // the Errors view keeps its own labels: a system without structure labels its empty
          // structure axis "structure error", with no unit
          if (PlotView(v) == PlotView::Errors) continue;
          for (QCPAxis* a : {p->xAxis, p->yAxis})
            if (!a->label().contains('[') || !a->label().endsWith(']'))
              problems << where + ": " + a->label();
        }
      }
      QVERIFY(panel(w)->setView(PlotView::Errors));
    }
    w.resize(1280, 800);
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join("; ")));
  }

 private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
};

DMS_TEST_MAIN(TestQuantities)
}  // namespace tst_quantities
#include "tst_quantities.moc"
