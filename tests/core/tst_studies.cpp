// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/studies without widgets: the studies' plain figure descriptions (axes, units, log scales,
// series in the methods' colours), their fields (defaults that validate, bad values refused with
// the field's label and range) and the plain figure's CSV. QtTest is only the runner.
#include <QtTest>
#include <set>
#include <sstream>

#include "core/integrators/settings.h"
#include "core/params.h"
#include "core/studies/study.h"
#include "core/studies/style.h"
#include "tests/common/suitemain.h"

namespace tst_studies {

using namespace dms;

const SystemModel& massSpring() { return *findSystem("mass-spring"); }

// the message of the InputError that preparing `key` with `inputs` throws, or empty
std::string refusal(const std::string& key, const SystemModel& model, const StudyInputs& inputs,
                    std::vector<Method> methods = {}) {
  if (methods.empty()) methods = model.methods();
  try {
    findStudy(key)->prepare(model, model.normalize({}, nullptr), inputs, methods);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class TestStudies : public QObject {
  Q_OBJECT
 private slots:
  // every study is found by its key, describes itself, and has fields whose defaults validate
  // on every system it supports
  void everyStudyDescribesItselfAndItsDefaultsValidate() {
    QVERIFY(studies().size() >= 5);
    std::set<std::string> keys;
    for (const Study* st : studies()) {
      QVERIFY2(keys.insert(st->key()).second, st->key().c_str());
      QCOMPARE(findStudy(st->key()), st);
      QVERIFY(!st->name().empty());
      QVERIFY(st->description().size() > 40);
      for (const SystemModel* model : allSystems()) {
        if (!st->supports(*model)) continue;
        QVERIFY(!st->figureNames(*model).empty());
        for (const StudyField& f : st->fields(*model)) {
          QVERIFY2(!f.key.empty() && !f.label.empty() && !f.value.empty() && !f.tooltip.empty(),
                   (st->key() + "/" + f.key).c_str());
          QCOMPARE(inputValue(*st, *model, {}, f.key), f.value);
          QCOMPARE(inputValue(*st, *model, {{f.key, "x"}}, f.key), std::string("x"));
        }
        const std::string why = refusal(st->key(), *model, {});
        QVERIFY2(why.empty(), (st->key() + " on " + model->name() + ": " + why).c_str());
        const std::string quick = refusal(st->key(), *model, st->quickInputs(*model));
        QVERIFY2(quick.empty(), (st->key() + " quick: " + quick).c_str());
      }
    }
    QCOMPARE(findStudy("no-such-study"), nullptr);
  }

  // a bad field is refused with its label, the value and the allowed range
  void badFieldsNameTheFieldAndTheRange_data() {
    QTest::addColumn<QString>("study");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("steps too few") << "long-time"
                                   << "steps"
                                   << "5"
                                   << "Steps N: 5 is not a whole number in [10, 1e8]";
    QTest::newRow("steps not whole") << "long-time"
                                     << "steps"
                                     << "100.5"
                                     << "Steps N: 100.5 is not a whole number in [10, 1e8]";
    QTest::newRow("buckets") << "long-time"
                             << "buckets"
                             << "0"
                             << "Buckets per decade: 0 is not a whole number in [1, 100]";
    QTest::newRow("points") << "phase"
                            << "points"
                            << "7"
                            << "Points M: 7 is not a whole number in [8, 4096]";
    QTest::newRow("repeats") << "equal-cost"
                             << "repeats"
                             << "100"
                             << "Repeats: 100 is not a whole number in [1, 99]";
    QTest::newRow("measure") << "equal-cost"
                             << "measure"
                             << "joules"
                             << "Cost: 'joules' is not evaluations or cpu";
    QTest::newRow("not a number") << "distance"
                                  << "T"
                                  << "soon"
                                  << "T [s]";
  }
  void badFieldsNameTheFieldAndTheRange() {
    QFETCH(QString, study);
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, message);
    const std::string why =
        refusal(study.toStdString(), massSpring(), {{field.toStdString(), value.toStdString()}});
    QVERIFY2(contains(why, message.toStdString()), why.c_str());
  }

  // spaces around a value are no error
  void valuesAreTrimmed() {
    QCOMPARE(refusal("long-time", massSpring(), {{"steps", "  1000 "}}), std::string());
    QCOMPARE(refusal("equal-cost", massSpring(), {{"measure", " cpu"}}), std::string());
  }

  // RK45's steps needs an adaptive method among those given
  void stepsNeedAnAdaptiveMethod() {
    const std::string why = refusal("rk45-steps", massSpring(), {}, {Method::Variational});
    QVERIFY2(contains(why, "Methods: check an adaptive method"), why.c_str());
  }

  // RK45's steps study's tolerance fields say the ranges its runs take, and a value past one is
  // refused naming the field
  void stepsToleranceTipsAreTheirRanges() {
    const Study& study = *findStudy("rk45-steps");
    for (const StudyField& f : study.fields(massSpring())) {
      if (f.key != "rtol" && f.key != "atol") continue;
      const std::string range = integratorSpec(f.key).rangeText();
      QVERIFY2(contains(f.tooltip, range), (f.tooltip + " lacks " + range).c_str());
    }
    const std::string why = refusal("rk45-steps", massSpring(), {{"atol", "2"}});
    QVERIFY2(contains(why, "AbsTol"), why.c_str());
  }

  // the long-time study's figures as plain values: log-log axes with their labels and units,
  // one series per method in its colour and line, the two reference slopes, the summary and
  // the CSV
  void longTimeFigureDescription() {
    const SystemModel& model = massSpring();
    const Study& st = *findStudy("long-time");
    const std::vector<Method> methods = {Method::Variational, Method::Rk45};
    const StudyOutput o = runStudy(st, model, model.normalize({}, nullptr),
                                   {{"steps", "2000"}, {"buckets", "10"}}, methods, 2);
    QVERIFY(!o.failed);
    QCOMPARE(o.figures.size(), st.figureNames(model).size());
    const Figure& f = o.figures[0];
    QCOMPARE(f.title, std::string("Long time: energy error"));
    QCOMPARE(f.x.text(), std::string("t [s]"));
    QCOMPARE(f.x.unit, std::string("s"));
    QVERIFY(f.x.log && f.y.log);
    QCOMPARE(f.y.text(), std::string("max |E - E0| per bucket"));
    QCOMPARE(f.series.size(), std::size_t(4));  // vi, RK45, t^1/2, t^1
    for (std::size_t i = 0; i < methods.size(); ++i) {
      const Series& s = f.series[i];
      QCOMPARE(s.name, methodInfo(methods[i]).label);
      QCOMPARE(s.color, methodColor(methods[i]));
      QCOMPARE(s.pen, methodPen(methods[i]));
      QVERIFY(s.x.size() >= 20);
      QCOMPARE(s.x.size(), s.y.size());
      QCOMPARE(s.x.back(), 2000 * model.defaultSettings().h);  // the last bucket ends at T
      QVERIFY(s.inLegend);
    }
    QCOMPARE(f.series[2].name, std::string("t^1/2: random walk (Brouwer)"));
    QCOMPARE(f.series[2].pen, Pen::Dot);
    QCOMPARE(f.series[3].pen, Pen::Dash);
    QCOMPARE(f.series[3].color, kHintColor);
    QVERIFY2(contains(o.summary, "Growth exponents over the last three decades"),
             o.summary.c_str());
    QVERIFY2(contains(o.summary, "2000 steps"), o.summary.c_str());
    QVERIFY2(contains(o.csv, "method,t_lo,t_hi,samples,energy_min,energy_max,"), o.csv.c_str());
  }

  // RK45's steps: a log axis of h in seconds, hollow circles after a rejection, no lines
  void stepsFigureDescription() {
    const SystemModel& model = massSpring();
    const StudyOutput o = runStudy(*findStudy("rk45-steps"), model, model.normalize({}, nullptr),
                                   {{"T", "2"}}, {Method::Rk45});
    QCOMPARE(o.figures.size(), std::size_t(2));
    QCOMPARE(o.figures[0].y.text(), std::string("step h [s]"));
    QVERIFY(o.figures[0].y.log && !o.figures[0].x.log);
    QCOMPARE(o.figures[1].y.text(), std::string("evaluations of the right-hand side"));
    for (const Series& s : o.figures[0].series)
      if (contains(s.name, "after a rejection")) {
        QCOMPARE(s.marker, Marker::Circle);
        QVERIFY(!s.line);
      }
    QVERIFY(o.csv.rfind("method,t,h,fevals,rejected_before\n", 0) == 0);
    QVERIFY2(contains(o.summary, ", T = 2 s. RK45: "), o.summary.c_str());
  }

  // the sweep is a study like the others: its fields (the default sweep, exactly), its checks,
  // its partial outputs as runs finish, its runs kept for the app's plots and its plain figures
  void sweepIsAStudy() {
    const SystemModel& model = massSpring();
    const Study& st = *findStudy("sweep");
    QCOMPARE(studies().front(), &st);  // first in the menu
    QVERIFY(st.keepsRuns() && st.usesMethods());
    QCOMPARE(st.settingsGroup(), std::string());  // its fields where the sweep's always were
    const SweepSpec d = defaultSweep(model);
    // the defaults read back as the default sweep, exactly
    QCOMPARE(parseNumber(inputValue(st, model, {}, "T"), "T"), d.T);
    const std::string steps = inputValue(st, model, {}, "h");
    QCOMPARE(parseNumber(steps.substr(0, steps.find(',')), "h"), d.steps.front());
    const std::vector<Method> methods = {Method::Variational, Method::Rk45};
    std::size_t partials = 0, lastRuns = 0;
    bool growing = true;
    const StudyOutput o =
        st.prepare(model, model.normalize({}, nullptr), st.quickInputs(model), methods)(
            2, nullptr, [](double) {},
            [&](const StudyOutput& soFar) {
              ++partials;
              growing = growing && soFar.sweep && soFar.sweep->runs.size() == lastRuns + 1;
              lastRuns = soFar.sweep ? soFar.sweep->runs.size() : 0;
            });
    QVERIFY(o.sweep);
    QCOMPARE(o.sweep->runs.size(), sweepPoints(o.sweep->spec).size());
    QCOMPARE(partials, o.sweep->runs.size());
    QVERIFY(growing);
    QCOMPARE(o.sweep->spec.methods, methods);
    QCOMPARE(o.figures.size(), std::size_t(2));
    QCOMPARE(o.figures[0].title, std::string("Work-precision"));
    QCOMPARE(o.figures[1].x.unit, std::string("s"));
    for (const Figure& f : o.figures) {
      QVERIFY(f.x.log && f.y.log);
      QCOMPARE(f.y.text(), std::string("global error at T"));
      QCOMPARE(f.series.size(), methods.size());
      QVERIFY(!f.series[0].x.empty());
    }
    QVERIFY2(
        contains(o.figures[1].series[0].name, methodInfo(Method::Variational).label + ": order "),
        o.figures[1].series[0].name.c_str());
    QVERIFY2(
        contains(o.summary, " runs. Fitted orders: " + methodInfo(Method::Variational).label + " "),
        o.summary.c_str());
    QVERIFY2(contains(o.summary, ". Reference: the exact solution"), o.summary.c_str());
    QVERIFY2(o.caption.rfind("T = ", 0) == 0 && contains(o.caption, "; methods vi,rk45; h = "),
             o.caption.c_str());
    QVERIFY(o.csv.rfind("method,h,rtol,atol,", 0) == 0);
    // the quick inputs read back exactly as the spec they were written from
    const std::string h = inputValue(st, model, st.quickInputs(model), "h");
    QVERIFY2(!contains(h, "00000"), h.c_str());
  }

  void sweepFieldsAreChecked_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("T twice") << "T"
                             << "1, 2"
                             << "T: one number, the horizon in seconds";
    QTest::newRow("h not a number") << "h"
                                    << "0.1, fast"
                                    << "h values";
    QTest::newRow("h not dividing T") << "h"
                                      << "0.3"
                                      << "h values";
    QTest::newRow("rtol too small") << "rtol"
                                    << "1e-20"
                                    << "RelTol values";
  }
  void sweepFieldsAreChecked() {
    QFETCH(QString, field);
    QFETCH(QString, value);
    QFETCH(QString, message);
    const std::string why =
        refusal("sweep", massSpring(), {{field.toStdString(), value.toStdString()}});
    QVERIFY2(contains(why, message.toStdString()), why.c_str());
    QVERIFY2(!contains(why, "--"), why.c_str());  // the panel's labels, not the CLI's flags
  }

  void figureCsv() {
    Figure f;
    f.title = "A";
    Series s;
    s.name = "vi";
    s.x = {1, 2};
    s.y = {0.5, 0.25};
    f.series = {s};
    std::ostringstream one, many;
    writeFigureCsv(one, f);
    QCOMPARE(one.str(), std::string("series,x,y\n\"vi\",1,0.5\n\"vi\",2,0.25\n"));
    writeFiguresCsv(many, {f});
    QCOMPARE(many.str(),
             std::string("figure,series,x,y\n\"A\",\"vi\",1,0.5\n\"A\",\"vi\",2,0.25\n"));
    QCOMPARE((Axis{"q", "rad"}.text()), std::string("q [rad]"));
    QCOMPARE((Axis{"A(t) / A(0)", ""}.text()), std::string("A(t) / A(0)"));
  }

  void methodLooks() {
    QCOMPARE(methodColor(Method::Variational), Rgb(0x0072b2));
    QCOMPARE(methodColor(Method::Rk45), Rgb(0xd55e00));
    QCOMPARE(methodPen(Method::Rattle), Pen::Dash);
    QCOMPARE(legendLabel(Method::Rk45, RkController::Ode45),
             methodInfo(Method::Rk45).label + " (ode45)");
    QCOMPARE(rgbHex(0xb00020), std::string("#b00020"));
  }
};

DMS_TEST_GUILESS_MAIN(TestStudies)
}  // namespace tst_studies
#include "tst_studies.moc"
