// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_work_precision's per-step ratios: the product's RK4 run (makeRun, final state read) per
// step against a bare RK4 loop of the same right-hand side (budget 1.3), the product's RK45 run
// per accepted step against Odeint's controlled runge_kutta_dopri5 at the same tolerances
// (budget 1.1), and the chain of 8's vi steps per second.
#include <cstdio>

#include "bench/workprecision.h"

namespace dms::bench::wp {

namespace {

constexpr double kRk4Budget = 1.3;
constexpr double kRk45Budget = 1.1;
constexpr double kRk45Rtol = 1e-8;

// seconds of one call, timed as the tables are
template <class F>
double seconds(F&& f) {
  const double t0 = cpuSeconds();
  f();
  return timeOf(f, cpuSeconds() - t0);
}

}  // namespace

int perStepRatios() {
  int missed = 0;
  const Case chain2 = chainCase(2, 10.0), chain4 = chainCase(4, 10.0), chain8 = chainCase(8, 10.0);
  const Case top = heavyTopCase(), kw4 = kw4Case();

  std::printf(
      "\n== RK4 per step: the product's run (makeRun rk4, the set-up's h) against a bare "
      "RK4 loop on the same rhs; budget %.1f\n",
      kRk4Budget);
  std::printf("%-12s %8s %14s %14s %7s %10s\n", "case", "steps", "product [us]", "bare [us]",
              "ratio", "|diff|");
  for (const Case* c : {&top, &chain2, &chain8}) {
    const std::int64_t n = c->base.steps();
    Outcome p, b;
    const double tp = seconds([&] { p = productRun(*c, Method::Rk4, 0.0, n); });
    const double tb = seconds([&] { b = c->bareRk4(n); });
    const double ratio = tp / tb;
    // the same arithmetic: the states agree to round-off
    const double diff = stateError(c->parts, p.state, b.state);
    std::printf("%-12s %8lld %14.4f %14.4f %7.2f %10.1e %s\n", c->label.c_str(), (long long)n,
                tp / double(n) * 1e6, tb / double(n) * 1e6, ratio, diff,
                ratio <= kRk4Budget ? "met" : "NOT met");
    if (ratio > kRk4Budget) ++missed;
  }

  std::printf(
      "\n== RK45 per accepted step at rtol %.0e: the product's run (makeRun rk45, sampled "
      "at its steps) against Odeint's controlled dopri5; budget %.1f\n",
      kRk45Rtol, kRk45Budget);
  std::printf("%-12s %8s %8s %14s %14s %7s\n", "case", "steps", "odeint", "product [us]",
              "odeint [us]", "ratio");
  for (const Case* c : {&chain2, &chain4, &chain8, &top, &kw4}) {
    Outcome p, o;
    const double tp = seconds([&] { p = productRun(*c, Method::Rk45, kRk45Rtol, 0); });
    const double to = seconds([&] { o = c->odeint(OdeintMethod::Dopri5, kRk45Rtol); });
    if (p.steps == 0 || o.steps == 0) {
      std::printf("%-12s failed: %s\n", c->label.c_str(), p.failure.c_str());
      ++missed;
      continue;
    }
    const double ps = tp / double(p.steps), os = to / double(o.steps);
    const double ratio = ps / os;
    std::printf("%-12s %8lld %8lld %14.4f %14.4f %7.2f %s\n", c->label.c_str(), (long long)p.steps,
                (long long)o.steps, ps * 1e6, os * 1e6, ratio,
                ratio <= kRk45Budget ? "met" : "NOT met");
    if (ratio > kRk45Budget) ++missed;
  }

  const std::int64_t n8 = chain8.base.steps();
  Outcome v;
  const double tv = seconds([&] { v = productRun(chain8, Method::Variational, 0.0, n8); });
  std::printf("\n== chain n = 8, vi (makeRun, h = %g, %lld steps): %.0f steps/s\n", chain8.base.h,
              (long long)n8, double(n8) / tv);
  std::printf("\nper-step ratios: %s\n", missed == 0 ? "every ratio met" : "NOT every ratio met");
  return missed;
}

}  // namespace dms::bench::wp
