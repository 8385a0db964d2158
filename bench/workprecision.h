// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// dms_work_precision's cases (bench/workprecision.cpp): a system at a set-up, its continuous
/// right-hand side as Boost.Odeint and a bare RK4 loop take it (inlined, on fixed-size
/// states), the DOP853 reference, the error norm and the runs that are timed: the product's
/// (through SystemModel::makeRun, as dmsim runs them) and Odeint's.
#pragma once

#include <algorithm>
#include <array>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/bulirsch_stoer.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "core/integrators/dop853.h"
#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/integrators/settings.h"
#include "core/sim/registry.h"

namespace dms::bench::wp {

namespace odeint = boost::numeric::odeint;

/// Seconds of CPU time of this process (all threads: the runs are single-threaded).
inline double cpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

/// CPU seconds of one call of f: the median of three repetitions, each of enough calls to
/// last 20 ms (one call's time `once` sets how many), divided by the calls.
template <class F>
double timeOf(F&& f, double once) {
  const int calls = std::max(1, int(std::ceil(0.02 / std::max(once, 1e-7))));
  std::array<double, 3> t{};
  for (double& r : t) {
    const double t0 = cpuSeconds();
    for (int i = 0; i < calls; ++i) f();
    r = (cpuSeconds() - t0) / calls;
  }
  std::sort(t.begin(), t.end());
  return t[1];
}

/// A segment of the product's state vector (Sample::state): one named part, e.g. a rod's q.
struct Part {
  int at = 0;
  int size = 0;
};

/// The error of a final state against the reference, both in the product's layout: the
/// largest over the system's parts of ||x_part - ref_part||_2 / ||ref_part||_2 (a part whose
/// reference is 0 counts absolutely). Relative per part, so that the levels 1e-4..1e-10 mean
/// the same on a chain of unit vectors and on KW4's kilometres and rad/s.
inline double stateError(const std::vector<Part>& parts, const VectorXd& x, const VectorXd& ref) {
  if (x.size() != ref.size() || !x.allFinite()) return std::numeric_limits<double>::infinity();
  double e = 0.0;
  for (const Part& p : parts) {
    const double d = (x.segment(p.at, p.size) - ref.segment(p.at, p.size)).norm();
    const double r = ref.segment(p.at, p.size).norm();
    e = std::max(e, r > 0.0 ? d / r : d);
  }
  return e;
}

/// One run's outcome: the final state in the product's layout (empty when it failed) and its
/// steps (accepted steps of an adaptive method, fixed steps otherwise).
struct Outcome {
  VectorXd state;
  std::int64_t steps = 0;
  std::int64_t fevals = 0;  ///< right-hand-side evaluations
  std::string failure;
};

/// The last sample's state, all a work-precision run reads; Metrics: no pose is computed.
/// When the runs get an option to make their final sample only, this is where it goes.
struct LastState final : SampleSink {
  double t = 0.0;
  VectorXd state;
  void take(const Sample& s) override {
    t = s.t;
    state = s.state;
  }
};

/// Boost.Odeint's steppers of the comparison, all driven by integrate_adaptive from 0 to T
/// with the error checker eps_abs = atol, eps_rel = rtol.
enum class OdeintMethod { Dopri5, Fehlberg78, BulirschStoer };
inline const char* odeintName(OdeintMethod m) {
  switch (m) {
    case OdeintMethod::Dopri5:
      return "odeint dopri5";
    case OdeintMethod::Fehlberg78:
      return "odeint rkf78";
    default:
      return "odeint bs";
  }
}

/// A system at a set-up, type-erased: the product's side through the registry, the peer's,
/// the bare loop's and the reference's with the system's right-hand side inlined (makeCase).
struct Case {
  std::string label;
  const SystemModel* model = nullptr;
  ParamValues values;
  IntegratorSettings base;  ///< the system's defaults with T set: h is the fixed steps' start
  double atolScale = 1.0;   ///< atol = rtol * atolScale, for the product and the peer alike
  std::vector<Part> parts;
  VectorXd y0;  ///< in the continuous form's layout
  /// The DOP853 reference's final state (product layout) at rtol, atol = rtol * atolScale.
  std::function<VectorXd(double rtol)> reference;
  /// An Odeint run at rtol; its final state in the product layout and its steps.
  std::function<Outcome(OdeintMethod, double rtol)> odeint;
  /// A bare RK4 loop of `steps` steps to T (fixed-size state, the rhs inlined, no output).
  std::function<Outcome(std::int64_t steps)> bareRk4;
};

/// The product's run of `m` (makeRun, as dmsim runs it), reading the final state only: an
/// adaptive method at rtol, sampled at the output times 0 and T (RkSampling::Output with h = T:
/// the interpolant is evaluated at T alone, the end of the last step), a fixed-step one with
/// `steps` steps of T/steps (sampled at every step: the runs have no other way yet).
inline Outcome productRun(const Case& c, Method m, double rtol, std::int64_t steps) {
  IntegratorSettings s = c.base;
  if (methodInfo(m).adaptive) {
    s.rtol = rtol;
    s.atol = rtol * c.atolScale;
    s.sampling = RkSampling::Output;
    s.h = s.T;
  } else {
    s.h = s.T / double(steps);
  }
  Outcome o;
  std::unique_ptr<Run> run;
  try {
    validateSettings(s);
    run = c.model->makeRun(c.values, m, s);
  } catch (const std::exception& e) {
    o.failure = e.what();
    return o;
  }
  LastState last;
  while (run->advance(last, 1 << 16, SampleFields::Metrics)) {
  }
  if (run->failure().failed) {
    o.failure = run->failure().reason;
    return o;
  }
  if (std::fabs(last.t - s.T) > 1e-9 * s.T) {
    o.failure = "ended at t = " + std::to_string(last.t);
    return o;
  }
  o.state = std::move(last.state);
  o.steps = run->counters().steps;
  o.fevals = run->counters().fevals;
  return o;
}

/// A system's continuous right-hand side on raw arrays: Sys has kDim and
/// void operator()(const double* y, double* dy) const; `product` maps a continuous state to
/// the product's layout.
template <class Sys>
void bindCase(Case& c, Sys sys, std::function<VectorXd(const VectorXd&)> product) {
  constexpr int N = Sys::kDim;
  using S = std::array<double, N>;
  using V = Eigen::Matrix<double, N, 1>;
  const double scale = c.atolScale;
  const V y0 = c.y0;
  const double T = c.base.T;
  c.reference = [sys, product, scale, y0, T](double rtol) {
    const auto f = [sys](double, const V& y, V& dy) { sys(y.data(), dy.data()); };
    Dop853T<N, decltype(f)> dp;
    typename Dop853T<N, decltype(f)>::Options o;
    o.rtol = rtol;
    o.atol = rtol * scale;
    dp.init(f, 0.0, y0, T, o);
    while (!dp.done())
      if (!dp.step()) throw std::runtime_error("the DOP853 reference failed: " + dp.error());
    return product(VectorXd(dp.y()));
  };
  c.odeint = [sys, product, scale, y0, T](OdeintMethod m, double rtol) {
    S x;
    for (int i = 0; i < N; ++i) x[std::size_t(i)] = y0[i];
    Outcome o;
    const auto f = [&sys, &o](const S& y, S& dy, double) {
      ++o.fevals;
      sys(y.data(), dy.data());
    };
    const double atol = rtol * scale, dt0 = T * 1e-3;
    switch (m) {
      case OdeintMethod::Dopri5:
        o.steps = std::int64_t(odeint::integrate_adaptive(
            odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<S>()), f, x, 0.0, T,
            dt0));
        break;
      case OdeintMethod::Fehlberg78:
        o.steps = std::int64_t(odeint::integrate_adaptive(
            odeint::make_controlled(atol, rtol, odeint::runge_kutta_fehlberg78<S>()), f, x, 0.0, T,
            dt0));
        break;
      case OdeintMethod::BulirschStoer:
        o.steps = std::int64_t(
            odeint::integrate_adaptive(odeint::bulirsch_stoer<S>(atol, rtol), f, x, 0.0, T, dt0));
        break;
    }
    const VectorXd y = Eigen::Map<const V>(x.data());
    o.state = product(y);
    return o;
  };
  c.bareRk4 = [sys, product, y0, T](std::int64_t steps) {
    // classical RK4, y_{k+1} = y_k + h/6 (k1 + 2 k2 + 2 k3 + k4), with nothing around it
    const double h = T / double(steps);
    V y = y0, k1, k2, k3, k4, tmp;
    for (std::int64_t k = 0; k < steps; ++k) {
      sys(y.data(), k1.data());
      tmp = y + (0.5 * h) * k1;
      sys(tmp.data(), k2.data());
      tmp = y + (0.5 * h) * k2;
      sys(tmp.data(), k3.data());
      tmp = y + h * k3;
      sys(tmp.data(), k4.data());
      y += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
    }
    Outcome o;
    o.state = product(VectorXd(y));
    o.steps = steps;
    o.fevals = 4 * steps;
    return o;
  };
}

/// The cases of the comparison: the chain of 2 and 4 (T = 10 s), the heavy top (T = 1 s),
/// KW4 (two-body, its sweep horizon of 12000 s); and the chain of 8 for the per-step ratios.
Case chainCase(int n, double T);
Case heavyTopCase();
Case kw4Case();

/// The per-step ratios (bench/workprecision_steps.cpp): the product's RK4 against a bare RK4
/// loop, its RK45 against Odeint's controlled dopri5, and the chain of 8's vi steps per second.
/// Returns the number of ratios over their budget.
int perStepRatios();

}  // namespace dms::bench::wp
