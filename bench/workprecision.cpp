// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_work_precision: work against precision, the product's methods against Boost.Odeint's
// runge_kutta_dopri5, runge_kutta_fehlberg78 and bulirsch_stoer on the same right-hand sides in
// the same process (docs/benchmarks.md, "Work against precision (Boost.Odeint)").
//
// For each case (bench/workprecision_cases.cpp) and each method, a scan: the adaptive ones
// (the product's and the peer's) at rtol = 10^(-3 - k/2), atol = rtol * the case's scale, the
// fixed-step ones at N = N0 2^(k/2) steps of T/N; each point run once for its error against
// the DOP853 reference (rtol 1e-13) and timed (CPU time, the median of three repetitions). The
// scan stops below the smallest error level, when one run takes over a second, or at the end
// of its grid. The time to reach an error level is read off the scan: the cheapest of the
// points at or below it and of the log-log interpolations between consecutive points that
// bracket it. Then per level: the product's fastest method, Odeint's fastest, and their ratio,
// which must be at most 1; a level Odeint does not reach on its grid and the product does is
// met, one neither reaches is not.
//
// A benchmark, not a test: the machine may be shared and noisy, so the ratios are taken within
// one run. Its figures mean something in a Release build only.
#include "bench/workprecision.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "core/params.h"

namespace dms::bench::wp {

namespace {

constexpr double kLevels[] = {1e-4, 1e-6, 1e-8, 1e-10};
constexpr double kFloor = 1e-11;        // a scan stops once below every level
constexpr double kMaxRunSeconds = 1.0;  // ... or once one run takes longer
// The product's methods, by CLI name: each one that parseMethod knows and the case's system
// lists is scanned, so that a method added to the product is compared without more code.
constexpr const char* kProductMethods[] = {"vi", "vi4", "vi6", "vi8", "rk4", "rk45", "rk853"};
constexpr OdeintMethod kOdeintMethods[] = {OdeintMethod::Dopri5, OdeintMethod::Fehlberg78,
                                           OdeintMethod::BulirschStoer};

struct Point {
  double rtol = 0.0;  // adaptive
  std::int64_t steps = 0;
  double error = 0.0;
  double seconds = 0.0;
};

struct Curve {
  std::string name;
  bool product = true;
  std::vector<Point> points;
  std::string note;   // a failed point's reason, once
  std::string order;  // e.g. "order 5", for the reason of a level not met
};

std::vector<Method> productMethods(const SystemModel& model) {
  std::vector<Method> out;
  const std::vector<Method> listed = model.methods();
  for (const char* name : kProductMethods) {
    try {
      const Method m = parseMethod(name);
      if (std::find(listed.begin(), listed.end(), m) != listed.end()) out.push_back(m);
    } catch (const InputError&) {
      // not a method of this build
    }
  }
  return out;
}

// one scan: run(k) gives point k's outcome (its tolerance or steps set by the caller)
template <class Run, class Knob>
void scan(Curve& c, const VectorXd& ref, const std::vector<Part>& parts, int kMax, Run&& run,
          Knob&& knob) {
  for (int k = 0; k <= kMax; ++k) {
    const double t0 = cpuSeconds();
    const Outcome o = run(k);
    const double once = cpuSeconds() - t0;
    if (!o.failure.empty()) {
      if (c.note.empty()) c.note = o.failure;
      if (once > kMaxRunSeconds) break;
      continue;
    }
    Point p;
    knob(k, p);
    p.steps = o.steps;
    p.error = stateError(parts, o.state, ref);
    p.seconds = timeOf([&] { run(k); }, once);
    c.points.push_back(p);
    // no stop at an apparent round-off floor: an extrapolation's error is not monotone in its
    // tolerance, and the grid ends anyway
    if (p.error < kFloor || once > kMaxRunSeconds) break;
  }
}

double rtolAt(int k) { return std::pow(10.0, -3.0 - 0.5 * k); }

Curve scanProduct(const Case& c, Method m, const VectorXd& ref) {
  Curve curve;
  curve.name = methodName(m);
  curve.order = "order " + std::to_string(methodInfo(m).order);
  if (methodInfo(m).adaptive) {
    scan(
        curve, ref, c.parts, 20, [&](int k) { return productRun(c, m, rtolAt(k), 0); },
        [](int k, Point& p) { p.rtol = rtolAt(k); });
  } else {
    // from a sixteenth of the set-up's steps up by sqrt(2)
    const double n0 = std::max(8.0, double(c.base.steps()) / 16.0);
    const auto steps = [n0](int k) {
      return std::int64_t(std::llround(n0 * std::pow(2.0, 0.5 * k)));
    };
    scan(
        curve, ref, c.parts, 40, [&](int k) { return productRun(c, m, 0.0, steps(k)); },
        [](int, Point&) {});
  }
  return curve;
}

Curve scanOdeint(const Case& c, OdeintMethod m, const VectorXd& ref) {
  Curve curve;
  curve.name = odeintName(m);
  curve.product = false;
  curve.order = m == OdeintMethod::Dopri5       ? "order 5"
                : m == OdeintMethod::Fehlberg78 ? "order 8"
                                                : "extrapolation, variable order";
  scan(
      curve, ref, c.parts, 20, [&](int k) { return c.odeint(m, rtolAt(k)); },
      [](int k, Point& p) { p.rtol = rtolAt(k); });
  return curve;
}

// seconds to reach `level`: the cheapest point at or below it, or log-log interpolation of the
// time between consecutive points that bracket it; infinity when no point reaches it
double secondsAt(const Curve& c, double level) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < c.points.size(); ++i) {
    const Point& b = c.points[i];
    if (b.error > level) continue;
    best = std::min(best, b.seconds);
    if (i == 0) continue;
    const Point& a = c.points[i - 1];
    if (a.error > level && b.error > 0.0) {
      const double s =
          (std::log(level) - std::log(a.error)) / (std::log(b.error) - std::log(a.error));
      best = std::min(
          best, std::exp(std::log(a.seconds) + s * (std::log(b.seconds) - std::log(a.seconds))));
    }
  }
  return best;
}

void printCurve(const Curve& c) {
  std::printf("  %-14s", c.name.c_str());
  for (const Point& p : c.points) {
    if (p.rtol > 0.0)
      std::printf(" [rtol %.0e: %lld st, err %.1e, %.3g ms]", p.rtol, (long long)p.steps, p.error,
                  p.seconds * 1e3);
    else
      std::printf(" [%lld st: err %.1e, %.3g ms]", (long long)p.steps, p.error, p.seconds * 1e3);
  }
  if (!c.note.empty()) std::printf(" (a point failed: %s)", c.note.c_str());
  std::printf("\n");
}

// the table of one case; returns the number of levels whose ratio is over 1
int runCase(const Case& c, bool curves) {
  const VectorXd ref = c.reference(1e-13);
  const double refCheck = stateError(c.parts, c.reference(1e-12), ref);
  std::printf(
      "\n== %s: T = %g s, atol = %g rtol; reference DOP853 rtol 1e-13 (against rtol "
      "1e-12: %.1e)\n",
      c.label.c_str(), c.base.T, c.atolScale, refCheck);
  std::vector<Curve> all;
  for (Method m : productMethods(*c.model)) all.push_back(scanProduct(c, m, ref));
  for (OdeintMethod m : kOdeintMethods) all.push_back(scanOdeint(c, m, ref));
  if (curves)
    for (const Curve& cv : all) printCurve(cv);
  std::printf("%-7s", "error");
  for (const Curve& cv : all) std::printf(" %14s", cv.name.c_str());
  std::printf("  %-22s %-24s %6s\n", "product fastest", "odeint fastest", "ratio");
  int missed = 0;
  for (double level : kLevels) {
    std::printf("%-7.0e", level);
    double bestP = std::numeric_limits<double>::infinity(), bestO = bestP;
    std::string nameP = "-", nameO = "-", orderP, orderO;
    for (const Curve& cv : all) {
      const double s = secondsAt(cv, level);
      if (std::isfinite(s))
        std::printf(" %11.3f ms", s * 1e3);
      else
        std::printf(" %14s", "not reached");
      double& best = cv.product ? bestP : bestO;
      if (s < best) {
        best = s;
        (cv.product ? nameP : nameO) = cv.name;
        (cv.product ? orderP : orderO) = cv.order;
      }
    }
    const bool reachedP = std::isfinite(bestP), reachedO = std::isfinite(bestO);
    const double ratio = bestP / bestO;
    const bool met = reachedP && (!reachedO || ratio <= 1.0);
    if (!met) ++missed;
    char p[64], o[64];
    std::snprintf(p, sizeof p, "%s %.3f ms", nameP.c_str(), bestP * 1e3);
    std::snprintf(o, sizeof o, "%s %.3f ms", nameO.c_str(), bestO * 1e3);
    // a level not met says what differs: the orders of the two fastest (the profiles of the
    // per-step ratios below show that the cost per step is on a par)
    if (reachedP && reachedO && met)
      std::printf("  %-22s %-24s %6.2f met\n", p, o, ratio);
    else if (reachedP && reachedO)
      std::printf("  %-22s %-24s %6.2f NOT met: %s (%s) against %s (%s)\n", p, o, ratio,
                  nameP.c_str(), orderP.c_str(), nameO.c_str(), orderO.c_str());
    else
      std::printf("  %-22s %-24s %6s %s\n", reachedP ? p : "none reached",
                  reachedO ? o : "none reached", "-", met ? "met" : "NOT met");
  }
  return missed;
}

}  // namespace

}  // namespace dms::bench::wp

int main(int argc, char** argv) {
  using namespace dms::bench::wp;
  CLI::App app{
      "dms_work_precision: the product's methods against Boost.Odeint's, error against "
      "time (docs/benchmarks.md)"};
  bool curves = false, noTables = false, noSteps = false;
  std::vector<std::string> only;
  app.add_flag("--curves", curves, "print every scanned point (rtol or steps, error, time)");
  app.add_option("--case", only, "only these cases: chain2, chain4, heavy-top, kw4");
  app.add_flag("--no-tables", noTables, "skip the work-precision tables");
  app.add_flag("--no-steps", noSteps, "skip the per-step ratios");
  CLI11_PARSE(app, argc, argv);
  const auto wanted = [&](const std::string& key) {
    return only.empty() || std::find(only.begin(), only.end(), key) != only.end();
  };
  std::printf(
      "dms_work_precision (%s build): times are CPU seconds per run, reading the final "
      "state\n",
      DMS_BENCH_BUILD_TYPE);
  int missed = 0;
  if (!noTables) {
    if (wanted("chain2")) missed += runCase(chainCase(2, 10.0), curves);
    if (wanted("chain4")) missed += runCase(chainCase(4, 10.0), curves);
    if (wanted("heavy-top")) missed += runCase(heavyTopCase(), curves);
    if (wanted("kw4")) missed += runCase(kw4Case(), curves);
    std::printf("\nwork against precision: %s (%d level(s) over ratio 1)\n",
                missed == 0 ? "every ratio met" : "NOT every ratio met", missed);
  }
  if (!noSteps) perStepRatios();
  return 0;
}
