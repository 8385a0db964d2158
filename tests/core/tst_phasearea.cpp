// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis: the phase area of vi against RK45 and RK4, the phase plane of the mass-spring
// and the planar pendulum, and the equal-cost step.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/analysis/equalcost.h"
#include "core/analysis/phasearea.h"
#include "core/integrators/run.h"
#include "core/sim/registry.h"
#include "tests/common/inputerror.h"
#include "tests/common/suitemain.h"

namespace tst_phasearea {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

const PhaseAreaMethod& methodOf(const PhaseAreaResult& r, Method m) {
  for (const PhaseAreaMethod& x : r.methods)
    if (x.method == m) return x;
  throw std::logic_error("method not in the result");
}

// the largest |A(t)/A(0) - 1| along the run
double maxDeparture(const PhaseAreaMethod& m) {
  double d = 0.0;
  for (double x : m.ratios) d = std::max(d, std::fabs(x - 1.0));
  return d;
}

PhaseAreaSpec specOf(const std::string& system, std::vector<Method> methods, int points) {
  PhaseAreaSpec s = defaultPhaseArea(*findSystem(system));
  s.methods = std::move(methods);
  s.points = points;
  validatePhaseArea(s);
  return s;
}

using dms::test::inputErrorOf;

class TestPhaseArea : public QObject {
  Q_OBJECT
 private slots:
  void shoelace() {
    // the unit square counter-clockwise, far from the origin: the area about the vertices' mean
    // is exact in binary; clockwise it is negative
    std::vector<Vector2d> sq = {{1e8, 1e8}, {1e8 + 1, 1e8}, {1e8 + 1, 1e8 + 1}, {1e8, 1e8 + 1}};
    QCOMPARE(shoelaceArea(sq), 1.0);
    std::reverse(sq.begin(), sq.end());
    QCOMPARE(shoelaceArea(sq), -1.0);
  }

  // The mass-spring's vi is a linear map of determinant 1 (massspring.h), so the polygon of the
  // image vertices is the image polygon and A(t)/A(0) = 1 up to round-off: each of the N steps
  // rounds a vertex by about eps |z| (|z| <= |z0| + r pScale), and moving every vertex of a
  // curve of radius r by d moves its area by about perimeter * d = 2 pi r d, relatively 2 d / r;
  // the bound below allows 2 eps |z| per step. RK4's step has determinant
  // |R(i w h)|^2 = 1 - (w h)^6/72 + (w h)^8/576 (w^2 = kappa/m): its ratio is that to the
  // power N, to the same round-off. RK45 at the article's tolerances dissipates: it leaves 1 by
  // more than the round-off bound.
  void massSpringArea() {
    PhaseAreaSpec spec =
        specOf("mass-spring", {Method::Variational, Method::Rk4, Method::Rk45}, 16);
    spec.settings.T = 200 * 3.14159265358979323846;  // the article's horizon
    spec.times = {spec.settings.T / 2, spec.settings.T};
    validatePhaseArea(spec);
    const PhaseAreaResult r = runPhaseArea(spec, 2);
    const double N = double(spec.settings.steps());
    const ParamValues& v = spec.parameters;
    const double z = std::hypot(v.at("q0")[0], v.at("m")[0] * v.at("v0")[0]) + spec.radius;
    const double roundoff = 4 * N * kEps * z / spec.radius;
    for (const PhaseAreaMethod& m : r.methods)
      QVERIFY2(m.status == RunStatus::Ok, m.failure.c_str());
    const double vi = maxDeparture(methodOf(r, Method::Variational));
    const double wh = spec.settings.h * std::sqrt(v.at("kappa")[0] / v.at("m")[0]);
    const double det = 1 - std::pow(wh, 6) / 72 + std::pow(wh, 8) / 576;
    const PhaseAreaMethod& rk4 = methodOf(r, Method::Rk4);
    double rk4Miss = 0.0;
    for (std::size_t i = 0; i < rk4.ratios.size(); ++i)
      rk4Miss = std::max(
          rk4Miss, std::fabs(rk4.ratios[i] - std::pow(det, rk4.ratioTimes[i] / spec.settings.h)));
    const double rk45 = std::fabs(methodOf(r, Method::Rk45).ratios.back() - 1.0);
    qInfo(
        "mass-spring N %g: vi max |ratio-1| %.3g, round-off bound %.3g; rk4 ratio(T) %.10g, "
        "theory %.10g, miss %.3g; rk45 |ratio(T)-1| %.3g",
        N, vi, roundoff, rk4.ratios.back(), std::pow(det, N), rk4Miss, rk45);
    QVERIFY(vi <= roundoff);
    QVERIFY(rk4Miss <= roundoff);
    QVERIFY(std::fabs(rk4.ratios.back() - 1.0) > 100 * roundoff);
    QVERIFY(rk45 > roundoff);
  }

  // vi on the pendulum is symplectic in (theta, m l^2 Omega) (the discrete Legendre transform
  // of eq (25) gives p_k = m l^2 Omega_k), so its ratio leaves 1 only by the polygon's slivers
  // (phasearea.h), which are proportional to M^-2 up to O(M^-4): the departure falls 4-fold
  // from M = 64 to 128, within the next term's relative (2 pi s / M)^2, here taken as 1/8, and
  // it stays within the bound 2 |ratio_M - ratio_2M|. A map that is not area-preserving would
  // keep a departure that does not fall with M. RK45 at the article's tolerances leaves 1 by
  // more than that bound (measured: by about a hundred times).
  void pendulumArea() {
    const std::vector<Method> methods = {Method::Variational, Method::Rk45};
    const PhaseAreaSpec s64 = specOf("planar-pendulum", methods, 64);
    const PhaseAreaSpec s128 = specOf("planar-pendulum", methods, 128);
    const PhaseAreaResult a = runPhaseArea(s64, 2);
    const PhaseAreaResult b = runPhaseArea(s128, 2);
    for (const PhaseAreaResult* r : {&a, &b})
      for (const PhaseAreaMethod& m : r->methods)
        QVERIFY2(m.status == RunStatus::Ok, m.failure.c_str());
    const std::optional<double> bound = phaseAreaDiscretizationBound(a, b, Method::Variational);
    QVERIFY(bound.has_value());
    const PhaseAreaMethod& vi64 = methodOf(a, Method::Variational);
    const PhaseAreaMethod& vi128 = methodOf(b, Method::Variational);
    const double rk45 = maxDeparture(methodOf(a, Method::Rk45));
    qInfo("pendulum: vi |ratio - 1| %.3g (M = 64), %.3g (M = 128), bound %.3g; rk45 %.3g",
          maxDeparture(vi64), maxDeparture(vi128), *bound, rk45);
    QVERIFY(maxDeparture(vi64) <= *bound);
    QCOMPARE(vi64.curves.size(), s64.times.size());
    for (std::size_t i = 0; i < vi64.curves.size(); ++i) {
      const double d64 = 1 - vi64.curves[i].area / vi64.area0;
      const double d128 = 1 - vi128.curves[i].area / vi128.area0;
      QVERIFY2(std::fabs(d64 / d128 - 4.0) <= 0.5,
               qPrintable(QString("t %1: 1 - ratio %2 (M = 64), %3 (M = 128)")
                              .arg(vi64.curves[i].t)
                              .arg(d64)
                              .arg(d128)));
    }
    QVERIFY(rk45 > *bound);
  }

  // The separatrix through the upright pendulum (theta from hanging) has the
  // energy m g l of the upright rest: 1/2 p^2 / (m l^2) - m g l cos theta = m g l to round-off
  // along it; the default swing (theta0 = pi/2) stays inside it (libration), and the circle of
  // the default radius too.
  void separatrix() {
    const PhaseAreaSpec spec = specOf("planar-pendulum", {Method::Variational}, 16);
    const PhaseAreaResult r = runPhaseArea(spec, 1);
    QCOMPARE(r.separatrix.size(), kSeparatrixPoints);
    const ParamValues& v = spec.parameters;
    const double m = v.at("m")[0], l = v.at("l")[0], g = v.at("g")[0];
    for (const Vector2d& z : r.separatrix) {
      const double E = 0.5 * z.y() * z.y() / (m * l * l) - m * g * l * std::cos(z.x());
      QVERIFY2(std::fabs(E - m * g * l) <= 1e-12 * m * g * l, qPrintable(QString::number(E)));
    }
    const PhaseAreaMethod& vi = r.methods.front();
    QVERIFY(!vi.portrait.empty());
    QCOMPARE(vi.portraitTimes.back(), double(spec.settings.steps()) * spec.settings.h);
    const auto inside = [&](const Vector2d& z) {
      return std::fabs(z.y()) < 2 * m * l * l * std::sqrt(g / l) * std::cos(0.5 * z.x());
    };
    for (const Vector2d& z : vi.portrait) QVERIFY(inside(z));
    for (const PhaseCurve& c : vi.curves)
      for (const Vector2d& z : c.points) QVERIFY(inside(z));
    // the CSVs: a header and one row per kept time (ratios) or per vertex and time (curves)
    std::ostringstream ratios, curves;
    writePhaseAreaCsv(ratios, r);
    writePhaseCurvesCsv(curves, r);
    const auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
    QCOMPARE(lines(ratios.str()), long(1 + vi.ratios.size()));
    QCOMPARE(lines(curves.str()), long(1 + spec.times.size() * std::size_t(spec.points)));
  }

  // The nearly inverted pendulum (resources/examples/nearly-inverted-pendulum.json: theta0 =
  // 3.1, omega0 = 0): the circle of initial states around it holds the upright rest, so its
  // vertices split into swinging and turning runs, neighbours end up turns apart, and no
  // rule on the polygon alone can tell how many. A curve's points are each vertex's own run
  // with its angle made continuous in time from its initial value (the lift to the cylinder's
  // cover, where the image of the circle is a closed curve and its area is the area on the
  // cylinder): here each vertex is run again alone and lifted step by step, and the curve's
  // points must be those, at every drawn time, to round-off.
  void verticesAreLiftedAlongTheirRuns() {
    const SystemModel& model = *findSystem("planar-pendulum");
    PhaseAreaSpec spec = defaultPhaseArea(model);
    spec.parameters = model.normalize({{"theta0", {3.1}}, {"omega0", {0.0}}}, nullptr);
    spec.methods = {Method::Variational};
    validatePhaseArea(spec);
    const PhaseAreaResult r = runPhaseArea(spec, 2);
    const PhaseAreaMethod& vi = methodOf(r, Method::Variational);
    QVERIFY2(vi.status == RunStatus::Ok, vi.failure.c_str());
    const PhasePlane plane = *model.phasePlane(spec.parameters);
    const int M = spec.points;
    const double pi = 3.14159265358979323846;
    int turned = 0;  // vertices that went over the top at least once
    for (int j = 0; j < M; ++j) {
      const double a = 2 * pi * j / M;
      const double q = plane.initial.x() + spec.radius * std::cos(a);
      const double p = plane.initial.y() + spec.radius * plane.pScale * std::sin(a);
      std::vector<Sample> samples;
      const std::unique_ptr<Run> run =
          model.makeRun(plane.withInitial(q, p), Method::Variational, spec.settings);
      while (run->advance(samples, 1 << 20)) {
      }
      QCOMPARE(std::int64_t(samples.size()), spec.settings.steps() + 1);
      std::vector<double> lift(samples.size());
      double read = plane.read(samples[0]).x();
      lift[0] = q + std::remainder(read - q, 2 * pi);
      for (std::size_t k = 1; k < samples.size(); ++k) {
        const double next = plane.read(samples[k]).x();
        lift[k] = lift[k - 1] + std::remainder(next - read, 2 * pi);
        read = next;
      }
      QVERIFY(std::fabs(lift[0] - q) <= 1e-12);
      turned += std::fabs(lift.back() - q) > 2 * pi;
      for (const PhaseCurve& c : vi.curves) {
        QCOMPARE(int(c.points.size()), M);
        const std::size_t k = std::size_t(std::llround(c.t / spec.settings.h));
        QVERIFY2(
            std::fabs(c.points[std::size_t(j)].x() - lift[k]) <= 1e-9 * (1 + std::fabs(lift[k])),
            qPrintable(QString("vertex %1 at t = %2: theta %3 on the curve, %4 along its run")
                           .arg(j)
                           .arg(c.t)
                           .arg(c.points[std::size_t(j)].x(), 0, 'g', 12)
                           .arg(lift[k], 0, 'g', 12)));
        QCOMPARE(c.points[std::size_t(j)].y(), plane.read(samples[k]).y());
      }
    }
    QVERIFY(turned > 0 && turned < M);  // the circle straddles the separatrix
  }

  // Refinement on the pendulum's default set-up (T = 100): the curve, stretched into a long
  // spiral, gets vertices where its edges bend, until the bound is within the tolerance; the
  // ratio of vi then stays 1 within it (at M = 64 alone it left 1 by 4.3e-3). The reported
  // curve is the refined polygon: its shoelace area is the area kept, which refinement
  // updates a triangle at a time. An odd M (its last edge handled alone) too.
  void refinementResolvesTheSpiral() {
    PhaseAreaSpec spec = specOf("planar-pendulum", {Method::Variational}, 64);
    spec.maxPoints = 1024;
    validatePhaseArea(spec);
    const PhaseAreaResult r = runPhaseArea(spec, 2);
    const PhaseAreaMethod& vi = methodOf(r, Method::Variational);
    QVERIFY2(vi.status == RunStatus::Ok, vi.failure.c_str());
    const double bound = *std::max_element(vi.bounds.begin(), vi.bounds.end());
    qInfo("pendulum refined: %d vertices, vi max |ratio - 1| %.3g, bound %.3g", vi.points,
          maxDeparture(vi), bound);
    QVERIFY(vi.points > spec.points && vi.points <= spec.maxPoints);
    QVERIFY(!vi.capped && !vi.atResolution && !vi.unresolvedFrom);
    QVERIFY(bound <= spec.tolerance);
    QVERIFY(maxDeparture(vi) <= bound);
    QVERIFY(r.warnings.empty());
    for (const PhaseCurve& c : vi.curves) {
      QCOMPARE(int(c.points.size()), vi.points);
      QVERIFY(std::fabs(shoelaceArea(c.points) - c.area) <= 1e-12 * std::fabs(c.area));
    }
    spec.points = 9;
    spec.maxPoints = 64;
    spec.settings.T = 20;
    spec.times = {10, 20};
    validatePhaseArea(spec);
    const PhaseAreaMethod odd = runPhaseArea(spec, 2).methods.front();
    QVERIFY(odd.points > 9);
    for (const PhaseCurve& c : odd.curves)
      QVERIFY(std::fabs(shoelaceArea(c.points) - c.area) <= 1e-12 * std::fabs(c.area));
  }

  // A linear map carries the polygon's slivers with the area (vi: determinant 1, unchanged;
  // RK4: scaled by its determinant's power, 1 - 5e-8 here): the bound stays at round-off for
  // vi, at the slivers' share of that change for RK4, and refinement adds no vertex.
  void linearMapsNeedNoRefinement() {
    PhaseAreaSpec spec = specOf("mass-spring", {Method::Variational, Method::Rk4}, 16);
    spec.maxPoints = 1024;
    const PhaseAreaResult r = runPhaseArea(spec, 2);
    for (const PhaseAreaMethod& m : r.methods) {
      QVERIFY2(m.status == RunStatus::Ok, m.failure.c_str());
      const double bound = *std::max_element(m.bounds.begin(), m.bounds.end());
      qInfo("%s: bound %.3g, |ratio(T) - 1| %.3g", methodName(m.method).c_str(), bound,
            std::fabs(m.ratios.back() - 1));
      QCOMPARE(m.points, 16);
      QVERIFY(bound <= (m.method == Method::Variational ? 1e-12 : 0.1 * maxDeparture(m)));
      QVERIFY(!m.unresolvedFrom);
    }
  }

  // The nearly inverted pendulum's study as the app runs it (its four methods, M = 64 refined,
  // here up to 256 vertices): at the study's T = 100 no polygon resolves the curve (a state 1e-16
  // off the separatrix turns about once per 12 s: neighbouring doubles on the circle end turns
  // apart), and the result says so for every method, from a time on, with the bound that
  // exceeds the change shown; every ratio before that time is a measurement. At T = 10, as the
  // warning advises, vi's ratio is 1 within a bound below 1%: area is kept across the
  // separatrix.
  void acrossTheSeparatrix() {
    const SystemModel& model = *findSystem("planar-pendulum");
    PhaseAreaSpec spec = defaultPhaseArea(model);
    spec.parameters = model.normalize({{"theta0", {3.1}}, {"omega0", {0.0}}}, nullptr);
    spec.methods = {Method::Variational, Method::Rk45, Method::Rk4, Method::Rkmk4};
    spec.maxPoints = 256;
    validatePhaseArea(spec);
    const PhaseAreaResult r = runPhaseArea(spec, 2);
    QVERIFY(r.straddlesSeparatrix);
    for (const PhaseAreaMethod& m : r.methods) {
      QVERIFY2(m.status == RunStatus::Ok, m.failure.c_str());
      qInfo("%s: A(T)/A(0) %.4g, bound %.3g, %d vertices, not measured from t = %g",
            methodName(m.method).c_str(), m.ratios.back(), m.bounds.back(), m.points,
            m.unresolvedFrom ? *m.unresolvedFrom : -1.0);
      QVERIFY(m.unresolvedFrom && *m.unresolvedFrom < spec.settings.T);
      QVERIFY(m.capped);
      for (std::size_t i = 0; i < m.ratios.size() && m.ratioTimes[i] < *m.unresolvedFrom; ++i)
        QVERIFY(phaseAreaMeasured(m.ratios[i], m.bounds[i]));
      const std::string label = methodInfo(m.method).label + ": A(t)/A(0) is not measured";
      QVERIFY(std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) {
        return w.rfind(label, 0) == 0 && w.find("cap of 256 vertices") != std::string::npos;
      }));
    }
    for (const std::string& w : r.warnings) qInfo("warning: %s", w.c_str());
    QCOMPARE(r.warnings.size(), r.methods.size() + 1);
    QVERIFY(r.warnings.back().find("straddles the separatrix") != std::string::npos);

    spec.settings.T = 10;
    spec.times = {5, 10};
    spec.methods = {Method::Variational};
    spec.maxPoints = 1024;
    validatePhaseArea(spec);
    const PhaseAreaResult shorter = runPhaseArea(spec, 2);
    const PhaseAreaMethod& vi = methodOf(shorter, Method::Variational);
    const double bound = *std::max_element(vi.bounds.begin(), vi.bounds.end());
    qInfo("T = 10: vi max |ratio - 1| %.3g, bound %.3g, %d vertices", maxDeparture(vi), bound,
          vi.points);
    QVERIFY(!vi.unresolvedFrom);
    QVERIFY(shorter.warnings.empty());
    QVERIFY(maxDeparture(vi) <= bound && bound <= kPhaseAreaResolution);
  }

  void equalCostFevals_data() {
    QTest::addColumn<QString>("system");
    QTest::newRow("mass-spring") << "mass-spring";
    QTest::newRow("planar-pendulum") << "planar-pendulum";
  }
  // By evaluations the matched vi costs RK45's within 10%. A step of vi costs
  // its forces at q_k and q_{k+1} (two evaluations), so the cost is 2 N at h = T/N: the search
  // can land within one step of the target.
  void equalCostFevals() {
    QFETCH(QString, system);
    const EqualCostSpec spec = defaultEqualCost(*findSystem(system.toStdString()));
    validateEqualCost(spec);
    const EqualCostResult r = runEqualCost(spec);
    qInfo(
        "%s: RK45 %g fevals (%lld steps): vi h = %.6g (N = %lld) costs %g; %d iterations; "
        "the article's h %g",
        qPrintable(system), r.targetCost, static_cast<long long>(r.adaptiveCounters.steps), r.h,
        static_cast<long long>(r.steps), r.cost, r.iterations, r.articleH);
    QVERIFY2(r.converged, r.note.c_str());
    QVERIFY(r.targetCost > 0);
    QVERIFY(std::fabs(r.cost / r.targetCost - 1.0) <= 0.1);
    QCOMPARE(r.cost, double(r.fixedCounters.fevals));
    QCOMPARE(r.h, spec.settings.T / double(r.steps));
    QCOMPARE(r.articleH, findSystem(system.toStdString())->defaultSettings().h);
  }

  // By CPU time only what noise cannot break: the search ran, every iterate is recorded, and
  // the match is a step in (0, T] with T a whole number of it. The costs are not compared with
  // any figure: CPU time depends on the machine and its load (and the sanitizers).
  void equalCostCpu() {
    EqualCostSpec spec = defaultEqualCost(*findSystem("mass-spring"));
    spec.measure = CostMeasure::CpuTime;
    spec.repeats = 3;
    spec.tolerance = 0.2;
    validateEqualCost(spec);
    const EqualCostResult r = runEqualCost(spec);
    qInfo("cpu: RK45 %.3g s, vi h = %.6g costs %.3g s, %d iterations %s", r.targetCost, r.h, r.cost,
          r.iterations, r.note.c_str());
    QVERIFY(r.targetCost > 0);
    QVERIFY(r.iterations >= 1);
    QCOMPARE(r.trace.size(), std::size_t(r.iterations));
    QVERIFY(r.steps >= 1);
    QVERIFY(r.h > 0 && r.h <= spec.settings.T);
    QCOMPARE(r.h, spec.settings.T / double(r.steps));
    QVERIFY(r.converged || !r.note.empty());
  }

  void badInput_data() {
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char* name, const char* expected) {
      QTest::newRow(name) << QString(name) << QString(expected);
    };
    row("points-low", "--points 7");
    row("points-high", "--points 4097");
    row("radius-zero", "--radius 0");
    row("radius-nan", "--radius");
    row("times-empty", "--times: no time");
    row("times-zero", "--times 0");
    row("times-beyond", "(0, T]");
    row("times-order", "must increase");
    row("no-plane", "no one-degree-of-freedom phase plane");
    row("method", "--methods: 'rattle'");
    row("max-points", "--max-points 65537");
    row("max-points-negative", "--max-points -1");
    row("tolerance", "--tolerance 1");
    row("cost-adaptive", "--adaptive 'vi'");
    row("cost-fixed", "--fixed 'rk45'");
    row("cost-repeats", "--repeats 0");
    row("cost-tolerance", "--tolerance 0");
    row("cost-measure", "--cost 'x'");
  }
  // Each bad value is refused with a message naming its field and range.
  void badInput() {
    QFETCH(QString, field);
    QFETCH(QString, expected);
    const std::string f = field.toStdString();
    PhaseAreaSpec p = defaultPhaseArea(*findSystem("planar-pendulum"));
    EqualCostSpec c = defaultEqualCost(*findSystem("planar-pendulum"));
    bool cost = false;
    if (f == "points-low") p.points = 7;
    if (f == "points-high") p.points = 4097;
    if (f == "radius-zero") p.radius = 0;
    if (f == "radius-nan") p.radius = std::nan("");
    if (f == "times-empty") p.times.clear();
    if (f == "times-zero") p.times = {0.0};
    if (f == "times-beyond") p.times = {p.settings.T * 1.5};
    if (f == "times-order") p.times = {2.0, 1.0};
    if (f == "no-plane") {
      p = defaultPhaseArea(*findSystem("mass-spring"));
      p.system = "spherical-pendulum";
      p.parameters = findSystem(p.system)->normalize({}, nullptr);
    }
    if (f == "method") p.methods = {Method::Rattle};
    if (f == "max-points") p.maxPoints = kPhaseAreaMaxPoints + 1;
    if (f == "max-points-negative") p.maxPoints = -1;
    if (f == "tolerance") p.tolerance = 1;
    if (f.rfind("cost-", 0) == 0) cost = true;
    if (f == "cost-adaptive") c.adaptive = Method::Variational;
    if (f == "cost-fixed") c.fixed = Method::Rk45;
    if (f == "cost-repeats") c.repeats = 0;
    if (f == "cost-tolerance") c.tolerance = 0;
    const std::string message = f == "cost-measure" ? inputErrorOf([] { parseCostMeasure("x"); })
                                : cost              ? inputErrorOf([&] { validateEqualCost(c); })
                                                    : inputErrorOf([&] { validatePhaseArea(p); });
    QVERIFY2(message.find(expected.toStdString()) != std::string::npos,
             qPrintable("message: '" + QString::fromStdString(message) + "'"));
  }

  // A system without a phase plane has no default study; one with a plane validates its own.
  void defaults() {
    for (const SystemModel* m : allSystems()) {
      const bool plane = m->phasePlane(m->normalize({}, nullptr)).has_value();
      if (plane)
        validatePhaseArea(defaultPhaseArea(*m));
      else
        QVERIFY(!inputErrorOf([m] { defaultPhaseArea(*m); }).empty());
    }
    QVERIFY(
        findSystem("mass-spring")->phasePlane(findSystem("mass-spring")->normalize({}, nullptr)));
    QVERIFY(findSystem("planar-pendulum")
                ->phasePlane(findSystem("planar-pendulum")->normalize({}, nullptr)));
  }
};

DMS_TEST_GUILESS_MAIN(TestPhaseArea)
}  // namespace tst_phasearea
#include "tst_phasearea.moc"
