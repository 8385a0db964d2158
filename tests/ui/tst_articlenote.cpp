// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The article's printed figures beside ours under the run table: shown at the article's set-up
// only, with this run's mean once it has run to T, in the article's unit.
#include <QtTest>
#include <cmath>

#include "tests/common/suitemain.h"
#include "ui/sim/articlenote.h"

namespace tst_articlenote {

using namespace dms;
using namespace dms::ui;

// the summary of a whole run, as the app's run store keeps it
RunSummary runToT(const SystemModel& model, const ParamValues& values, Method m,
                  const IntegratorSettings& st, bool* failed) {
  const std::unique_ptr<Run> run = model.makeRun(values, m, st);
  RunSummary sum;
  std::vector<Sample> chunk;
  bool more = true;
  while (more) {
    chunk.clear();
    more = run->advance(chunk, 4096);
    for (const Sample& s : chunk) sum.add(s);
  }
  *failed = run->failure().failed;
  return sum;
}

class TestArticleNote : public QObject {
  Q_OBJECT
 private slots:
  void sphericalPendulumAtTheArticleSetup() {
    const SystemModel& model = *findSystem("spherical-pendulum");
    const ParamValues values = model.normalize({}, nullptr);
    const IntegratorSettings st = model.defaultSettings();
    bool failed = true;
    const RunSummary vi = runToT(model, values, Method::Variational, st, &failed);
    QVERIFY(!failed);
    // vi has run to T, RK45 is still computing
    const QString note =
        articleNote(model, values, st, {{Method::Variational, vi}, {Method::Rk45, {}}});
    QVERIFY2(note.startsWith("Article, example 3, prints for variational: "), qPrintable(note));
    // example 3 prints E/(m l^2): ours divided by m l^2, as the article's
    const double ml2 = scalarParam(values, "m") * std::pow(scalarParam(values, "l"), 2);
    const QString ours = QString::number(vi.energyMeanDev / ml2, 'e', 3);
    QVERIFY2(
        note.contains("for variational: mean |E − E₀|/(m l²) 1.546e-04 (this run " + ours + ")"),
        qPrintable(note));
    // how to read them, in the tooltip: example 3 prints E/(m l^2), with a typo corrected
    const QString details = articleNoteDetails(model, values, st, {{Method::Variational, vi}});
    QVERIFY2(
        details.startsWith("variational: E/(m l²); ω0 = 0.1[sqrt3,0,-3] (sign typo corrected)"),
        qPrintable(details));
    // RK45's printed structure error, its own mean not yet known
    QVERIFY2(note.contains("for RK45 (ode45): mean |1 − qᵀq| 1.016e-02 (this run computing)"),
             qPrintable(note));
  }

  // another step, horizon, tolerance, controller, sampling or parameter is not what the article
  // printed
  void elsewhereNoNote() {
    const SystemModel& model = *findSystem("spherical-pendulum");
    const ParamValues values = model.normalize({}, nullptr);
    const IntegratorSettings st = model.defaultSettings();
    const std::vector<ArticleRun> runs = {{Method::Variational, RunSummary{}}};
    QVERIFY(!articleNote(model, values, st, runs).isEmpty());
    IntegratorSettings h = st;
    h.h /= 2;
    QVERIFY(articleNote(model, values, h, runs).isEmpty());
    IntegratorSettings scipy = st;
    scipy.controller = RkController::Scipy;
    QVERIFY(articleNote(model, values, scipy, runs).isEmpty());
    IntegratorSettings steps = st;
    steps.sampling = RkSampling::Steps;
    QVERIFY(articleNote(model, values, steps, runs).isEmpty());
    IntegratorSettings rtol = st;
    rtol.rtol /= 10;
    QVERIFY(articleNote(model, values, rtol, runs).isEmpty());
    // the summation moves the figures by round-off only: the note stays
    IntegratorSettings plain = st;
    plain.summation = Summation::Plain;
    QVERIFY(!articleNote(model, values, plain, runs).isEmpty());
    ParamValues heavier = values;
    heavier["m"] = {2.0 * scalarParam(values, "m")};
    QVERIFY(articleNote(model, heavier, st, runs).isEmpty());
    // a method the article reports nothing on
    QVERIFY(articleNote(model, values, st, {{Method::Rk4, RunSummary{}}}).isEmpty());
  }
};

DMS_TEST_APPLESS_MAIN(TestArticleNote)
}  // namespace tst_articlenote
#include "tst_articlenote.moc"
