// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Events (core/sim/events.h): the planar pendulum's period from its zero crossings against the
// exact period (the complete elliptic integral by the arithmetic-geometric mean) with RK45 at
// rtol 1e-12 and with vi to its O(h^2); the two-body problem's periapsis passages spaced by
// Kepler's period; a terminal event stopping a run with its samples; bad input named (an
// expression that does not parse, an unknown name, a value that is not finite, a g that throws);
// the names of every system's entries.
#include <QtTest>
#include <cmath>
#include <limits>
#include <set>

#include "core/sim/events.h"
#include "core/sim/registry.h"
#include "core/sim/runreport.h"
#include "tests/common/suitemain.h"

namespace tst_events {

using namespace dms;

// K(k) = pi / (2 AGM(1, sqrt(1 - k^2))) (Abramowitz and Stegun 17.6)
double ellipticK(double k) {
  double a = 1.0, b = std::sqrt(1.0 - k * k);
  for (int i = 0; i < 60 && std::fabs(a - b) > 1e-17 * a; ++i) {
    const double m = 0.5 * (a + b);
    b = std::sqrt(a * b);
    a = m;
  }
  return M_PI / (2.0 * a);
}

// the planar pendulum's exact period: 4 sqrt(l/g) K(sin(theta0/2)), released at rest
double exactPeriod(double l, double g, double theta0) {
  return 4.0 * std::sqrt(l / g) * ellipticK(std::sin(0.5 * theta0));
}

struct EventRun {
  std::vector<Sample> samples;
  std::vector<LocatedEvent> events;
  std::optional<std::size_t> stoppedBy;
  RunFailure failure;
  RunCounters counters;
};

struct Collect final : SampleSink {
  std::vector<Sample>& out;
  explicit Collect(std::vector<Sample>& o) : out(o) {}
  void take(const Sample& s) override { out.push_back(s); }
};

EventRun runWith(const std::string& system, Method m, const IntegratorSettings& st,
                 const ParamValues& given, const std::vector<std::string>& expressions,
                 int direction = 0, bool terminal = false, std::vector<EventSpec> extra = {}) {
  const SystemModel& model = *findSystem(system);
  const ParamValues values = model.normalize(given, nullptr);
  std::vector<EventSpec> events;
  for (const std::string& e : expressions)
    events.push_back(eventExpression(e, model, values, direction, terminal));
  for (EventSpec& e : extra) events.push_back(std::move(e));
  std::unique_ptr<Run> run = model.makeRun(values, m, st);
  EventRun r;
  Collect collect(r.samples);
  {
    EventLocator locator(model, m, events, *run, collect);
    while (advanceWithEvents(*run, locator, 4096, SampleFields::All)) {
    }
    RunOutcome outcome;
    outcome.failure = run->failure();
    takeEvents(locator, outcome);
    r.events = outcome.events;
    r.stoppedBy = outcome.stoppedByEvent;
    r.failure = outcome.failure;
  }
  r.counters = run->counters();
  return r;
}

// the mean spacing of the crossings of one direction: (last - first) / (count - 1)
double meanSpacing(const std::vector<LocatedEvent>& events, int direction) {
  std::vector<double> t;
  for (const LocatedEvent& e : events)
    if (e.direction == direction) t.push_back(e.t);
  if (t.size() < 2) return NAN;
  return (t.back() - t.front()) / double(t.size() - 1);
}

std::string refusal(const std::string& system, const std::string& text) {
  const SystemModel& model = *findSystem(system);
  try {
    eventExpression(text, model, model.normalize({}, nullptr));
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class TestEvents : public QObject {
  Q_OBJECT

 private slots:
  // the planar pendulum released at rest from theta0 = 2 rad: theta's zeros, falling and
  // rising, a half period apart; each direction's spacing is the exact period to 1e-9 with RK45
  // and DOP853 at rtol 1e-12 (their dense outputs, of orders 4 and 7, located to 1e-14)
  void pendulumPeriodRk45() {
    const double theta0 = 2.0, l = 9.81, g = 9.81;
    const double T = exactPeriod(l, g, theta0);
    for (Method m : {Method::Rk45, Method::Rk45Proj, Method::Rk853}) {
      IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
      st.h = 0.1;
      st.T = 60.0;
      st.rtol = 1e-12;
      st.atol = 1e-12;
      const EventRun r = runWith("planar-pendulum", m, st, {{"theta0", {theta0}}}, {"theta"});
      QVERIFY(!r.failure.failed);
      // about 7 periods of 8.35 s: 14 zeros, alternately falling and rising
      QCOMPARE(r.events.size(), std::size_t(14));
      for (std::size_t i = 0; i < r.events.size(); ++i) {
        QCOMPARE(r.events[i].direction, i % 2 == 0 ? -1 : 1);
        QCOMPARE(r.events[i].event, std::size_t(0));
        // each at (2i + 1) T / 4
        QVERIFY2(std::fabs(r.events[i].t - (2.0 * double(i) + 1.0) * T / 4.0) < 1e-9,
                 qPrintable(QString::number(r.events[i].t - (2.0 * i + 1.0) * T / 4.0)));
        // its state: theta there is 0 to the interpolant's accuracy
        QCOMPARE(r.events[i].state.front().name, std::string("theta"));
        QVERIFY(std::fabs(r.events[i].state.front().values[0]) < 1e-9);
      }
      const double falling = meanSpacing(r.events, -1), rising = meanSpacing(r.events, 1);
      qInfo("%s: period %.15f, exact %.15f: errors %.2e (falling), %.2e (rising)",
            methodName(m).c_str(), falling, T, falling - T, rising - T);
      QVERIFY2(std::fabs(falling - T) < 1e-9, qPrintable(QString::number(falling - T)));
      QVERIFY2(std::fabs(rising - T) < 1e-9, qPrintable(QString::number(rising - T)));
      // direction +1 keeps only the rising ones
      const EventRun up = runWith("planar-pendulum", m, st, {{"theta0", {theta0}}}, {"theta"}, 1);
      QCOMPARE(up.events.size(), std::size_t(7));
      for (const LocatedEvent& e : up.events) QCOMPARE(e.direction, 1);
    }
  }

  // vi (and vi4): the period from theta's zeros located on the cubic through the samples. vi is
  // of order 2: the error is c h^2 with c = -1.43 (measured at h = 0.05 and 0.025): below
  // 2 h^2 there, and a quarter at h/2; vi4 of order 4: below 12 h^4, a sixteenth at h/2
  void pendulumPeriodVi() {
    const double theta0 = 2.0, l = 9.81, g = 9.81;
    const double T = exactPeriod(l, g, theta0);
    double previous = 0.0;
    for (double h : {0.05, 0.025}) {
      IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
      st.h = h;
      st.T = 60.0;
      const EventRun r = runWith("planar-pendulum", Method::Variational, st, {{"theta0", {theta0}}},
                                 {"theta"}, -1);
      QVERIFY(!r.failure.failed);
      QCOMPARE(r.events.size(), std::size_t(7));
      const double err = meanSpacing(r.events, -1) - T;
      qInfo("vi, h = %g: period error %.3e = %.4f h^2", h, err, err / (h * h));
      QVERIFY2(std::fabs(err) < 2.0 * h * h, qPrintable(QString::number(err)));
      QVERIFY(std::fabs(err) > 0.5 * h * h);  // of order 2, not better
      if (previous != 0.0) {
        const double ratio = previous / err;
        QVERIFY2(ratio > 3.5 && ratio < 4.5, qPrintable(QString::number(ratio)));
      }
      previous = err;
    }
    previous = 0.0;
    for (double h : {0.05, 0.025}) {
      IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
      st.h = h;
      st.T = 60.0;
      const EventRun r4 =
          runWith("planar-pendulum", Method::Vi4, st, {{"theta0", {theta0}}}, {"theta"}, -1);
      const double err4 = meanSpacing(r4.events, -1) - T;
      qInfo("vi4, h = %g: period error %.3e = %.4f h^4", h, err4, err4 / std::pow(h, 4));
      QVERIFY2(std::fabs(err4) < 12.0 * std::pow(h, 4), qPrintable(QString::number(err4)));
      if (previous != 0.0) {
        const double ratio = previous / err4;
        QVERIFY2(ratio > 12.0 && ratio < 20.0, qPrintable(QString::number(ratio)));
      }
      previous = err4;
    }
  }

  // the cubic between a fixed step's samples: the crossings of theta = 1 (where theta curves:
  // a chord would miss them by h^2 theta'' / (8 theta'), 2e-4 s at h = 0.05) by vi4 and rk4 at
  // the time of a reference (RK45 at rtol 1e-12) to their O(h^4): 2.9e-6 s (vi4) and 3.8e-7 s
  // (rk4) at the first, where a chord is 4.7e-5 s off
  void cubicBetweenSamples() {
    IntegratorSettings ref = findSystem("planar-pendulum")->defaultSettings();
    ref.h = 0.1;
    ref.T = 20.0;
    ref.rtol = 1e-12;
    ref.atol = 1e-12;
    const ParamValues given = {{"theta0", {2.0}}};
    const EventRun exact = runWith("planar-pendulum", Method::Rk45, ref, given, {"theta - 1"});
    QVERIFY(exact.events.size() >= 4);
    for (Method m : {Method::Vi4, Method::Rk4}) {
      IntegratorSettings st = ref;
      st.h = 0.05;
      const EventRun r = runWith("planar-pendulum", m, st, given, {"theta - 1"});
      QCOMPARE(r.events.size(), exact.events.size());
      // the first crossing, at t = 0.9 s: the method's own error has not grown yet
      const double worst = std::fabs(r.events[0].t - exact.events[0].t);
      for (std::size_t i = 0; i < r.events.size(); ++i) {
        // the state there: on the interpolant, R projected back onto SO(2)
        const std::vector<double>& R = r.events[i].state[1].values;
        QVERIFY(std::fabs(R[0] * R[0] + R[2] * R[2] - 1.0) < 1e-14);
      }
      qInfo("%s, h = 0.05: the first crossing of theta = 1 %.2e s from RK45's",
            methodName(m).c_str(), worst);
      QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
    }
  }

  // the two-body problem with one sphere per body (two point masses: Kepler's problem): the
  // periapsis passages are the rising zeros of the radial velocity (x2 - x1).(v2 - v1), spaced
  // by Kepler's period 2 pi sqrt(a^3 / (G M)), 1/a = 2/r - v^2/(G M) (vis-viva)
  void twoBodyPeriapsis() {
    const std::string radial =
        "(x2_1 - x1_1)*(v2_1 - v1_1) + (x2_2 - x1_2)*(v2_2 - v1_2) + (x2_3 - x1_3)*(v2_3 - v1_3)";
    const ParamValues given = {{"n1", {1}}, {"n2", {1}}};
    const ParamValues v = findSystem("two-body")->normalize(given, nullptr);
    const double mu = v.at("G")[0] * (v.at("m1_1")[0] + v.at("m2_1")[0]);
    const Vector3d x0(v.at("x0")[0], v.at("x0")[1], v.at("x0")[2]);
    const Vector3d v0(v.at("v0")[0], v.at("v0")[1], v.at("v0")[2]);
    const double a = 1.0 / (2.0 / x0.norm() - v0.squaredNorm() / mu);
    const double P = 2.0 * M_PI * std::sqrt(a * a * a / mu);
    struct Case {
      Method m;
      double h, tolerance;  // the spacing's error bound, relative
    };
    // rk45 at rtol 1e-10: its dense output; vi at h = 60 s, 2200 steps per orbit: O(h^2)
    for (const Case& c : {Case{Method::Rk45, 60.0, 1e-8}, Case{Method::Variational, 60.0, 1e-4},
                          Case{Method::Variational, 30.0, 2.5e-5}}) {
      IntegratorSettings st = findSystem("two-body")->defaultSettings();
      st.h = c.h;
      st.T = 6.0e5;
      st.rtol = 1e-10;
      st.atol = 1e-10;
      const EventRun r = runWith("two-body", c.m, st, given, {radial}, 1);
      QVERIFY(!r.failure.failed);
      // started at periapsis (g = 0 there is no crossing): then at P, 2P, 3P, 4P
      QCOMPARE(r.events.size(), std::size_t(std::floor(st.T / P)));
      for (const LocatedEvent& e : r.events) QCOMPARE(e.direction, 1);
      const double spacing = meanSpacing(r.events, 1);
      qInfo("%s, h = %g: periapsis spacing %.10g s, Kepler %.10g s: relative error %.2e",
            methodName(c.m).c_str(), c.h, spacing, P, (spacing - P) / P);
      QVERIFY2(std::fabs(spacing - P) < c.tolerance * P,
               qPrintable(QString::number((spacing - P) / P)));
      QVERIFY2(std::fabs(r.events.front().t - P) < c.tolerance * P,
               qPrintable(QString::number(r.events.front().t - P)));
    }
  }

  // a terminal event ends the run at its time: the samples up to it are kept, none after, and
  // the work stops there
  void terminalStops() {
    const double T = exactPeriod(9.81, 9.81, 2.0);
    for (Method m : {Method::Rk45, Method::Variational, Method::Rk4}) {
      IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
      st.h = 0.01;
      st.T = 60.0;
      const EventRun all = runWith("planar-pendulum", m, st, {{"theta0", {2.0}}}, {"theta"});
      const EventRun r = runWith(
          "planar-pendulum", m, st, {{"theta0", {2.0}}}, {"theta", "Omega"}, 0, false,
          {eventExpression("theta", *findSystem("planar-pendulum"),
                           findSystem("planar-pendulum")->normalize({{"theta0", {2.0}}}, nullptr),
                           1, true)});
      QVERIFY(!r.failure.failed);
      QVERIFY(r.stoppedBy.has_value());
      QCOMPARE(*r.stoppedBy, std::size_t(2));
      // theta falls through 0 at T/4, Omega at T/2, theta rises at 3T/4 (both events 0 and 2)
      const LocatedEvent& last = r.events.back();
      QCOMPARE(last.event, std::size_t(2));
      QVERIFY(last.terminal);
      QVERIFY(std::fabs(last.t - 0.75 * T) < 1e-3);
      // the samples: those of the whole run up to the event, none after
      QVERIFY(!r.samples.empty());
      QVERIFY(r.samples.back().t <= last.t);
      QVERIFY(last.t - r.samples.back().t < st.h + 1e-12);
      QCOMPARE(r.samples.size(), std::size_t(std::floor(last.t / st.h)) + 1);
      for (std::size_t i = 0; i < r.samples.size(); ++i)
        QVERIFY(r.samples[i].state == all.samples[i].state);
      // events 0 and 1 before it are there too, in time order
      for (std::size_t i = 1; i < r.events.size(); ++i) QVERIFY(r.events[i - 1].t <= r.events[i].t);
      QVERIFY(r.events.size() >= 3);
      // the work ended there
      QVERIFY(r.counters.steps < all.counters.steps / 4);
    }
  }

  // bad input: each message names the expression, and the step where g failed; the run keeps
  // its samples up to then
  void badInput() {
    const std::string syntax = refusal("planar-pendulum", "theta +");
    QVERIFY2(contains(syntax, "event 'theta +'") && contains(syntax, "syntax error"),
             syntax.c_str());
    const std::string unknown = refusal("planar-pendulum", "thetaa - 1");
    QVERIFY2(contains(unknown, "event 'thetaa - 1'") &&
                 contains(unknown, "unknown name 'thetaa'") && contains(unknown, "column 1") &&
                 contains(unknown, "Omega"),
             unknown.c_str());
    const std::string function = refusal("planar-pendulum", "foo(theta)");
    QVERIFY2(contains(function, "event 'foo(theta)'") && contains(function, "unknown function"),
             function.c_str());
    const std::string q = refusal("spherical-pendulum", "q4");
    QVERIFY2(contains(q, "unknown name 'q4'"), q.c_str());
    QVERIFY2(contains(refusal("planar-pendulum", "  "), "is empty"),
             refusal("planar-pendulum", "  ").c_str());
    QVERIFY(refusal("planar-pendulum", "theta - l/g + t").empty());  // parameters and t

    // not finite from t > 0.5 on: at step 17 (t = 0.51) of vi at h = 0.03
    IntegratorSettings st = findSystem("planar-pendulum")->defaultSettings();
    st.T = 10.0;
    const EventRun nan = runWith("planar-pendulum", Method::Variational, st, {}, {"sqrt(0.5 - t)"});
    QVERIFY(nan.failure.failed);
    QVERIFY2(contains(nan.failure.reason, "event 0 'sqrt(0.5 - t)' is nan at step 17"),
             nan.failure.reason.c_str());
    QCOMPARE(nan.samples.size(), std::size_t(17));
    QCOMPARE(nan.failure.time, nan.samples.back().t);
    const EventRun inf = runWith("planar-pendulum", Method::Rk45, st, {}, {"exp(1000*theta)"});
    QVERIFY(inf.failure.failed);
    QVERIFY2(contains(inf.failure.reason, "event 0 'exp(1000*theta)' is inf at the start"),
             inf.failure.reason.c_str());
    QCOMPARE(inf.samples.size(), std::size_t(1));
    // RK45: at the end of its step
    const EventRun late = runWith("planar-pendulum", Method::Rk45, st, {}, {"sqrt(0.5 - t)"});
    QVERIFY(late.failure.failed);
    QVERIFY2(contains(late.failure.reason, "event 0 'sqrt(0.5 - t)' is nan at the end of step"),
             late.failure.reason.c_str());
    QVERIFY(!late.samples.empty() && late.samples.back().t <= 0.5);
    // a g that throws (a Python callable that raised): its message, the step
    EventSpec throwing;
    throwing.label = "f";
    throwing.g = [](double t, const std::vector<StatePart>&) -> double {
      if (t > 1.0) throw InputError("raised ValueError: boom");
      return 1.0;
    };
    const EventRun raised =
        runWith("planar-pendulum", Method::Variational, st, {}, {}, 0, false, {throwing});
    QVERIFY(raised.failure.failed);
    QVERIFY2(contains(raised.failure.reason, "event 0 'f' at step 34") &&
                 contains(raised.failure.reason, "raised ValueError: boom"),
             raised.failure.reason.c_str());
    QCOMPARE(raised.samples.size(), std::size_t(34));
    // the flag's words
    QCOMPARE(parseEventFlag("theta;rising;stop").direction, 1);
    QVERIFY(parseEventFlag("theta; falling ;stop").terminal);
    QCOMPARE(parseEventFlag("theta; falling").direction, -1);
    QCOMPARE(parseEventFlag("theta").expression, std::string("theta"));
    bool refused = false;
    try {
      parseEventFlag("theta;up");
    } catch (const InputError& e) {
      refused = contains(e.what(), "'up'") && contains(e.what(), "--event 'theta;up'");
    }
    QVERIFY(refused);
  }

  // every system's names: one per entry of its named state, distinct, and each compiles
  void namesOfEverySystem() {
    for (const SystemModel* model : allSystems()) {
      const ParamValues values = model->normalize({}, nullptr);
      const std::vector<std::string> names = eventVariables(*model, values);
      IntegratorSettings st = model->defaultSettings();
      st.T = 2 * st.h;
      std::vector<Sample> samples;
      model->makeRun(values, model->methods().front(), st)->advance(samples, 1);
      std::size_t entries = 0;
      for (const StatePart& p : namedState(*model, model->methods().front(), samples.front()))
        entries += p.values.size();
      QCOMPARE(names.size(), entries + 1);
      QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), names.size());
      for (const std::string& n : names)
        QVERIFY2(refusal(model->name(), n).empty(), (model->name() + ": " + n).c_str());
    }
    const std::vector<std::string> two =
        eventVariables(*findSystem("two-body"), findSystem("two-body")->normalize({}, nullptr));
    QVERIFY(std::find(two.begin(), two.end(), "x1_1") != two.end());
    QVERIFY(std::find(two.begin(), two.end(), "R2_33") != two.end());
    const std::vector<std::string> sphere =
        eventVariables(*findSystem("spherical-pendulum"),
                       findSystem("spherical-pendulum")->normalize({}, nullptr));
    QCOMPARE(sphere,
             (std::vector<std::string>{"t", "q1", "q2", "q3", "omega1", "omega2", "omega3"}));
  }
};

DMS_TEST_APPLESS_MAIN(TestEvents)
}  // namespace tst_events
#include "tst_events.moc"
