// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/sweep.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "core/analysis/common.h"
#include "core/analysis/parallel.h"
#include "core/fit.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"

namespace dms {

using analysis::methodList;
using analysis::modelOf;
using analysis::rounded12;

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();

// a run's time grid must land on T within this fraction of T (FixedStepRun's t_N = N h)
constexpr double kLandingTolerance = 1e-9;

// the settings of one run: the sweep's T and the point's h, or its tolerances with samples at
// the accepted steps (h is then unused: the run ends on T itself)
IntegratorSettings settingsOf(const SweepPoint& p, double T) {
  IntegratorSettings st;
  st.T = T;
  if (p.h) {
    st.h = *p.h;
  } else {
    st.h = std::min(T, integratorSpec("h").max);
    st.rtol = *p.rtol;
    st.atol = *p.atol;
    st.sampling = RkSampling::Steps;
  }
  return st;
}

struct Outcome {
  Sample last;
  RunSummary summary;
  RunCounters counters;
  RunFailure failure;
  double cpuSeconds = 0.0;
  bool cancelled = false;
};

Outcome runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                 const IntegratorSettings& st, const std::atomic<bool>* cancel) {
  Outcome o;
  o.summary = RunSummary(conservedMomentumMask(model, values));
  const double c0 = threadCpuSeconds();
  const std::unique_ptr<Run> run = model.makeRun(values, method, st);
  std::vector<Sample> chunk;
  chunk.reserve(1024);
  bool more = true;
  while (more) {
    if (cancel && cancel->load()) {
      o.cancelled = true;
      break;
    }
    chunk.clear();
    more = run->advance(chunk, 1024);
    for (const Sample& s : chunk) o.summary.add(s);
    if (!chunk.empty()) o.last = chunk.back();
  }
  o.cpuSeconds = threadCpuSeconds() - c0;
  o.counters = run->counters();
  o.failure = run->failure();
  if (!o.failure.failed && !o.cancelled && std::fabs(o.last.t - st.T) > kLandingTolerance * st.T) {
    o.failure.failed = true;
    o.failure.time = o.last.t;
    o.failure.reason = "ended at t = " + formatNumber(o.last.t) + ", not at T";
  }
  return o;
}

// a rough cost in evaluations, only to start the longest runs first (results never depend on
// the order): N = T/h steps, or about T RelTol^(-1/p) accepted steps of an order-p pair, of 6
// evaluations (RK45) or 12 (DOP853)
double estimatedCost(const SweepPoint& p, double T) {
  if (p.h) return T / *p.h;
  const double evaluations = p.method == Method::Rk853 ? 12.0 : 6.0;
  return evaluations * T * std::pow(*p.rtol, -1.0 / double(methodInfo(p.method).order));
}

void checkList(const std::vector<double>& xs, const std::string& flag) {
  for (std::size_t i = 0; i < xs.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (xs[i] == xs[j]) throw InputError(flag + ": " + formatNumber(xs[i]) + " given twice");
}

std::string numberList(const std::vector<double>& xs) {
  std::string s;
  for (double x : xs) s += (s.empty() ? "" : ",") + formatNumber(x);
  return s;
}

// Jacobi's elliptic functions and the complete and incomplete integrals of the first kind need
// the C++17 special functions: libstdc++ (GCC, and clang on Debian) has them in long double
#if !defined(__cpp_lib_math_special_functions)
#error "the planar pendulum's exact reference needs std::comp_ellint_1l and std::ellint_1l"
#endif

using Wide = long double;
constexpr Wide kWideEps = std::numeric_limits<Wide>::epsilon();
constexpr Wide kWidePi = 3.141592653589793238462643383279502884L;

struct Jacobi {
  Wide sn, cn, dn;
};

// sn, cn and dn of (u, k), 0 <= k < 1, by the arithmetic-geometric mean and the descending
// Landen transformation (Abramowitz and Stegun 16.4.3): a0 = 1, b0 = k' = sqrt(1 - k^2),
// c0 = k, a_{n+1} = (a_n + b_n)/2, b_{n+1} = sqrt(a_n b_n), c_{n+1} = (a_n - b_n)/2 until c_N is
// below a rounding of a_N; then phi_N = 2^N a_N u, phi_{n-1} = (phi_n + asin(c_n/a_n sin
// phi_n))/2, and am(u) = phi_0. Written here because neither the C++17 library (which has the
// elliptic integrals, not their inverses) nor Eigen has Jacobi's functions. Each halving halves
// the error of the angle before it: with u reduced to a period (|u| <= 2K, |phi_N| <= 2^N pi),
// phi_N's rounding of 2^N pi radians comes back as pi, and am(u) is within a few roundings.
Jacobi jacobi(Wide u, Wide k) {
  // c_n falls quadratically: 5 steps at k = 0.7, 9 at k' = 1e-9 (k^2 = 1 - 1e-18)
  constexpr int kMaxSteps = 16;
  Wide a[kMaxSteps + 1], c[kMaxSteps + 1];
  a[0] = 1;
  c[0] = k;
  Wide b = std::sqrt((1 - k) * (1 + k));
  int n = 0;
  while (std::fabs(c[n]) > kWideEps * a[n] && n < kMaxSteps) {
    a[n + 1] = (a[n] + b) / 2;
    c[n + 1] = (a[n] - b) / 2;
    b = std::sqrt(a[n] * b);
    ++n;
  }
  Wide phi = std::ldexp(a[n] * u, n);
  for (int j = n; j > 0; --j) phi = (phi + std::asin(c[j] / a[j] * std::sin(phi))) / 2;
  const Wide sn = std::sin(phi), cn = std::cos(phi);
  // dn = sqrt(1 - k^2 sn^2), at least k' > 0
  return {sn, cn, std::sqrt((1 - k * sn) * (1 + k * sn))};
}

// F(phi, k) for every phi in [-pi, pi]: F is odd and F(pi - phi) = 2K - F(phi)
Wide ellipticF(Wide phi, Wide k, Wide K) {
  const Wide a = std::fabs(phi);
  const Wide f = a <= kWidePi / 2 ? std::ellint_1l(k, a) : 2 * K - std::ellint_1l(k, kWidePi - a);
  return phi < 0 ? -f : f;
}

// the planar pendulum's libration (E < m g l) at t, or none when it goes over the top or lies on
// the separatrix (docs/numerics.md, the sweep's reference, derives it): with w = sqrt(g/l),
//   k^2 = sin^2(theta0/2) + (omega0/2w)^2,  sin(theta/2) = k sn(w t + u0, k),  Omega = 2 k w cn,
//   u0 = F(phi0, k),  phi0 = atan2(sin(theta0/2), omega0/2w)  (sn u0 = sin phi0, cn u0 = cos phi0)
// and R(theta) from cos theta = 1 - 2 k^2 sn^2, sin theta = 2 k sn dn
std::optional<ExactSolution> planarPendulumLibration(const PlanarPendulumParams& p, double t) {
  if (!(p.g > 0.0)) return std::nullopt;  // g = 0: uniform rotation, not a libration
  const Wide w = std::sqrt(Wide(p.g) / Wide(p.l));
  // theta0 within (-pi, pi], so that theta0/2 is the half angle the libration swings through
  const Wide theta0 = std::remainder(Wide(p.theta0), 2 * kWidePi);
  const Wide s0 = std::sin(theta0 / 2), c0 = Wide(p.omega0) / (2 * w);
  const Wide k = std::hypot(s0, c0);
  // k = 1 is the separatrix, k > 1 a rotation; the libration's K grows like log(1/k') near it,
  // and the bound below with it
  if (!(k < 1)) return std::nullopt;
  const Wide K = std::comp_ellint_1l(k);
  const Wide u0 = k > 0 ? ellipticF(std::atan2(s0, c0), k, K) : 0;
  const Wide phase = w * Wide(t) + u0;
  const Jacobi J = jacobi(std::remainder(phase, 4 * K), k);
  const Wide ksn = k * J.sn;
  PlanarPendulumState x;
  const double cosTheta = double(1 - 2 * ksn * ksn), sinTheta = double(2 * ksn * J.dn);
  x.R << cosTheta, -sinTheta, sinTheta, cosTheta;
  x.Omega = double(2 * k * w * J.cn);
  ExactSolution e;
  e.sample = PlanarPendulum::sample(p, t, x);
  e.formula =
      "sin(theta/2) = k sn(w t + u0, k), Omega = 2 k w cn(w t + u0, k), w = sqrt(g/l), k^2 = "
      "sin^2(theta0/2) + (omega0/2w)^2";
  // Round-off, with u the long double's epsilon. The state is a function of the phase
  // v = w t + u0 and of k: d theta/dv = 2 k cn, dOmega/dv = -2 k w sn dn, both at most 2 k (w).
  // - w, w t and u0 (F is within a few u of K, |u0| <= 2K) are each within 2 u, relatively;
  // - k from s0 and omega0/2w: within 4 u relatively. A k off by dk moves the period 4K by
  //   4K S dk/k, S = |d ln K/d ln k| = |E/(k'^2 K) - 1|, so the phase moves by v S dk/k after v;
  // - K's own error (Carlson's R_F in the library, a few u): the reduction modulo 4K moves the
  //   phase by v dK/K, at most 4 u v;
  // - sn, cn, dn: the halvings of the Landen recursion keep am within 4 u (2^N pi + 1) / 2^N,
  //   under 16 u, and the products giving cos, sin and Omega add 4 u;
  // - then the rounding of R's entries and Omega to double, half an ulp each: an angle of
  //   eps and Omega's half ulp.
  // k's error also moves the amplitude: theta by 2 sn/dn dk <= 2 dk/k', Omega by 2 w dk.
  const Wide kp2 = (1 - k) * (1 + k);
  const Wide S = k > 0 ? std::fabs(std::comp_ellint_2l(k) / (kp2 * K) - 1) : 0;
  const Wide v = std::fabs(phase) + 2 * K;
  const double u = double(kWideEps);
  const double dv = u * double(v * (2 + 2 + 4 + 4 * S) + 20);
  const double dk = 4 * u * double(k);
  const double dTheta = 2 * double(k) * dv + 2 * dk / double(std::sqrt(kp2)) + kEps;
  const double dOmega = double(w) * (2 * double(k) * dv + 2 * dk) + 0.5 * kEps * std::fabs(x.Omega);
  e.bound = std::hypot(dTheta, dOmega);
  return e;
}

}  // namespace

std::optional<ExactSolution> exactSolution(const SystemModel& model, const ParamValues& values,
                                           double t) {
  if (dynamic_cast<const PlanarPendulum*>(&model))
    return planarPendulumLibration(PlanarPendulumParams::from(values), t);
  if (!dynamic_cast<const MassSpring*>(&model)) return std::nullopt;
  const MassSpringParams p = MassSpringParams::from(values);
  // in long double (64 bits of mantissa on x86), so that the phase w t of a long horizon keeps
  // the digits a double would lose; where long double is double the bound below says so
  const Wide w = std::sqrt(Wide(p.kappa) / Wide(p.m)), phase = w * Wide(t);
  const Wide c = std::cos(phase), s = std::sin(phase);
  const MassSpringState x{double(Wide(p.q0) * c + Wide(p.v0) / w * s),
                          double(Wide(p.v0) * c - Wide(p.q0) * w * s)};
  ExactSolution e;
  e.sample = MassSpring::sample(p, t, x);
  e.formula = "q0 cos(w t) + v0/w sin(w t), w = sqrt(kappa/m)";
  // w's and w t's rounding move the phase by at most 3 u w t, cos and sin are within 2 u each,
  // the quotient and sums add a few u of the amplitude A = |q0| + |v0|/w (|q| <= A, |v| <= w A);
  // then the one rounding to double, half an ulp of q and of v
  const double u = double(std::numeric_limits<Wide>::epsilon());
  const double A = std::fabs(p.q0) + std::fabs(p.v0) / double(w);
  const double drift = u * (3.0 * double(phase) + 8.0) * A;
  const double dq = drift + 0.5 * kEps * std::fabs(x.q);
  const double dv = double(w) * drift + 0.5 * kEps * std::fabs(x.v);
  e.bound = std::hypot(dq, dv);
  return e;
}

namespace {

// the default sweep with the shared steps only
SweepSpec sharedSweep(const SystemModel& model) {
  const IntegratorSettings article = model.defaultSettings();
  SweepSpec s;
  s.system = model.name();
  s.parameters = model.normalize({}, nullptr);
  s.methods = model.methods();
  const double hmax = 2.0 * article.h;
  s.T = rounded12(hmax * std::max(1.0, std::round(model.sweepHorizon(article) / hmax)));
  for (int k = 0; k < 5; ++k) s.steps.push_back(hmax / double(1 << k));
  s.rtols = {1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10};
  return s;
}

}  // namespace

const std::vector<double>& sweepSteps(const SweepSpec& spec, Method m) {
  const auto own = spec.ownSteps.find(m);
  return own != spec.ownSteps.end() ? own->second : spec.steps;
}

void setSweepHorizon(SweepSpec& spec, double T) {
  spec.T = T;
  if (!(T > 0.0) || !std::isfinite(T)) return;  // refused by validateSweep, naming --T
  for (auto& [m, hs] : spec.ownSteps)
    for (double& h : hs) {
      const double N = std::floor(T / h + 1e-9);
      if (N >= 1.0 && std::fabs(N * h - T) <= kLandingTolerance * T) continue;
      h = T / std::max(1.0, std::round(T / h));
    }
}

SweepSpec defaultSweep(const SystemModel& model) {
  SweepSpec s = sharedSweep(model);
  for (Method m : s.methods)
    if (!methodInfo(m).adaptive && methodInfo(m).order > 4)
      s.ownSteps[m] = defaultSweep(model, m).steps;
  return s;
}

SweepSpec defaultSweep(const SystemModel& model, Method method) {
  SweepSpec s = sharedSweep(model);
  s.methods = {method};
  const int p = methodInfo(method).order;
  if (methodInfo(method).adaptive || p <= 4) return s;
  // h_k = T / N_k with N_k = N_0 r^k rounded: every h divides T (a rounded h would not land on
  // T: N h off by 1e-11 T is a phase error above the fit's floor)
  const double r = std::pow(2.0, 4.0 / double(p));
  const double hmax = s.steps.front() * std::pow(2.0, double(p - 4) / 2.0);
  const double n0 = std::max(1.0, std::round(s.T / hmax));
  s.steps.clear();
  double last = 0.0;
  for (int k = 0; k < 5; ++k) {
    const double n = std::max(last + 1.0, std::round(n0 * std::pow(r, double(k))));
    s.steps.push_back(s.T / n);
    last = n;
  }
  return s;
}

void validateSweep(const SweepSpec& spec) {
  const SystemModel& model = modelOf(spec.system);
  if (spec.methods.empty())
    throw InputError("--methods: no method (this system has: " + methodList(model.methods()) + ")");
  bool fixed = false, adaptive = false;
  for (std::size_t i = 0; i < spec.methods.size(); ++i) {
    const Method m = spec.methods[i];
    if (!model.hasMethod(m))
      throw InputError("--methods: '" + methodName(m) + "' is not available for " + spec.system +
                       " (this system has: " + methodList(model.methods()) + ")");
    if (std::find(spec.methods.begin(), spec.methods.begin() + long(i), m) !=
        spec.methods.begin() + long(i))
      throw InputError("--methods: '" + methodName(m) + "' given twice");
    (methodInfo(m).adaptive ? adaptive : fixed) = true;
  }
  const ParamSpec& Tspec = integratorSpec("T");
  if (!(spec.T > 0.0) || spec.T > Tspec.max)
    throw InputError("--T " + formatNumber(spec.T) + ": out of range " + Tspec.rangeText());
  if (fixed && spec.steps.empty())
    throw InputError("--h: no step size for the fixed-step methods (give --h H1,H2,...)");
  if (adaptive && spec.rtols.empty())
    throw InputError("--rtol: no tolerance for the adaptive methods (give --rtol R1,R2,...)");
  checkList(spec.steps, "--h");
  checkList(spec.rtols, "--rtol");
  std::vector<double> allSteps;
  for (Method m : spec.methods)
    if (!methodInfo(m).adaptive)
      for (double h : sweepSteps(spec, m)) allSteps.push_back(h);
  if (fixed)
    for (double h : allSteps) {
      if (!(h > 0.0) || h > spec.T)
        throw InputError("--h " + formatNumber(h) + ": every h must be in (0, T] = (0, " +
                         formatNumber(spec.T) + "]");
      const double N = std::floor(spec.T / h + 1e-9);
      if (std::fabs(N * h - spec.T) > kLandingTolerance * spec.T)
        throw InputError("--h " + formatNumber(h) + ": T = " + formatNumber(spec.T) +
                         " is not a whole number of steps (T/h = " + formatNumber(spec.T / h) +
                         "); the global error is compared at T, so give --T a multiple of every "
                         "h");
    }
  if (adaptive)
    for (double r : spec.rtols)
      if (!(r >= kSweepRtolMin && r <= kSweepRtolMax))
        throw InputError("--rtol " + formatNumber(r) + ": every RelTol must be in [" +
                         formatNumber(kSweepRtolMin) + ", " + formatNumber(kSweepRtolMax) +
                         "] (at least 100 times the reference's " + formatNumber(kReferenceRtol) +
                         ")");
  for (const SweepPoint& p : sweepPoints(spec)) validateSettings(settingsOf(p, spec.T));
}

std::vector<SweepPoint> sweepPoints(const SweepSpec& spec) {
  std::vector<SweepPoint> points;
  for (Method m : spec.methods) {
    if (methodInfo(m).adaptive) {
      for (double r : spec.rtols)
        points.push_back({m, std::nullopt, r, rounded12(r / kRtolPerAtol)});
    } else {
      for (double h : sweepSteps(spec, m)) points.push_back({m, h, std::nullopt, std::nullopt});
    }
  }
  return points;
}

Shard parseShard(const std::string& text) {
  const auto bad = [&](const std::string& why) {
    return InputError("--shard '" + text + "': " + why +
                      " (expected I/N with 1 <= I <= N, e.g. --shard 1/4)");
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) throw bad("no '/'");
  const auto whole = [&](const std::string& t) {
    if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos)
      throw bad("'" + t + "' is not a whole number");
    return std::stoi(t);
  };
  Shard s;
  s.index = whole(text.substr(0, slash));
  s.count = whole(text.substr(slash + 1));
  if (s.count < 1) throw bad("N must be at least 1");
  if (s.index < 1 || s.index > s.count) throw bad("I must be in [1, N]");
  return s;
}

std::vector<std::size_t> shardIndices(std::size_t n, const Shard& s) {
  std::vector<std::size_t> out;
  for (std::size_t i = std::size_t(s.index - 1); i < n; i += std::size_t(s.count)) out.push_back(i);
  return out;
}

std::string statusName(RunStatus s) {
  switch (s) {
    case RunStatus::Ok:
      return "ok";
    case RunStatus::Failed:
      return "failed";
    case RunStatus::Cancelled:
      return "cancelled";
  }
  return "failed";
}

RunStatus parseStatus(const std::string& s) {
  if (s == "ok") return RunStatus::Ok;
  if (s == "failed") return RunStatus::Failed;
  if (s == "cancelled") return RunStatus::Cancelled;
  throw InputError("status '" + s + "': expected ok, failed or cancelled");
}

SweepResult runSweep(const SweepSpec& spec, const Shard& shard, unsigned jobs,
                     const std::atomic<bool>* cancel,
                     const std::function<void(std::size_t done, std::size_t total)>& progress,
                     const std::function<void(const SweepRun& run)>& arrived) {
  const SystemModel& model = modelOf(spec.system);
  const std::vector<SweepPoint> points = sweepPoints(spec);
  const std::vector<std::size_t> mine = shardIndices(points.size(), shard);

  // RK45's reference: tasks 0 and 1 are the reference and its check, then this shard's runs;
  // an exact reference has nothing to run, and the runs are the only tasks
  SweepReference ref;
  const std::optional<ExactSolution> exact = exactSolution(model, spec.parameters, spec.T);
  const std::size_t first = exact ? 0 : 2;
  const auto referencePoint = [&](double rtol) {
    return SweepPoint{ref.method, std::nullopt, rtol, rounded12(rtol / kRtolPerAtol)};
  };
  std::vector<SweepPoint> tasks;
  if (!exact) tasks = {referencePoint(kReferenceRtol), referencePoint(kReferenceCheckRtol)};
  for (std::size_t i : mine) tasks.push_back(points[i]);
  std::vector<Outcome> outcomes(tasks.size());
  std::vector<std::size_t> order(tasks.size());
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return estimatedCost(tasks[a], spec.T) > estimatedCost(tasks[b], spec.T);
  });

  // the reference's state at T: exact, or RK45's (outcomes[0], once finished)
  const auto referenceEnd = [&]() -> const Sample& {
    return exact ? exact->sample : outcomes[0].last;
  };
  // run k >= first against the reference
  const auto build = [&](std::size_t k, bool cancelled) {
    const Outcome& o = outcomes[k];
    SweepRun r;
    r.index = mine[k - first];
    r.point = tasks[k];
    r.counters = o.counters;
    r.cpuSeconds = o.cpuSeconds;
    r.energyMaxDev = o.summary.energyMaxDev;
    if (!model.structureName().empty()) r.structureMaxErr = o.summary.structureMax;
    if (model.hasMomentum()) r.momentumMaxDev = o.summary.momentumMaxDev;
    if (o.failure.failed) {
      r.status = RunStatus::Failed;
      r.failure = "at t = " + formatNumber(o.failure.time) + ": " + o.failure.reason;
    } else if (o.cancelled || cancelled || o.summary.samples == 0) {
      r.status = RunStatus::Cancelled;
    } else {
      r.error = model.stateError(o.last, referenceEnd());
    }
    return r;
  };
  // the runs that ended before RK45's reference wait for it; the mutex also orders each
  // outcome's writing thread before the thread that reads it
  std::mutex mutex;
  bool referenceDone = exact.has_value();
  std::vector<std::size_t> waiting;
  std::atomic<std::size_t> done{0};
  const auto referenceGood = [&] {
    return exact || (!outcomes[0].failure.failed && !outcomes[0].cancelled);
  };
  parallelFor(
      tasks.size(), jobs,
      [&](std::size_t k) {
        outcomes[k] =
            runToEnd(model, spec.parameters, tasks[k].method, settingsOf(tasks[k], spec.T), cancel);
        if (progress) progress(++done, tasks.size());
        if (!arrived || (!exact && k == 1)) return;
        std::vector<std::size_t> ready;
        {
          const std::lock_guard<std::mutex> lock(mutex);
          if (!exact && k == 0) {
            referenceDone = true;
            if (referenceGood()) ready.swap(waiting);
          } else if (referenceDone) {
            if (referenceGood()) ready.push_back(k);
          } else {
            waiting.push_back(k);
          }
        }
        for (std::size_t j : ready)
          if (!(cancel && cancel->load())) arrived(build(j, false));
      },
      order, cancel);

  SweepResult result;
  result.spec = spec;
  result.shard = shard;
  const bool cancelled = cancel && cancel->load();
  if (exact) {
    ref.errorBound = exact->bound;
    ref.exact = exact->formula;
  } else if (!cancelled) {
    const Outcome& reference = outcomes[0];
    const Outcome& check = outcomes[1];
    for (const Outcome* o : {&reference, &check})
      if (o->failure.failed)
        throw std::runtime_error(
            "the reference run (RK45 at RelTol " +
            formatNumber(o == &reference ? kReferenceRtol : kReferenceCheckRtol) +
            ") failed at t = " + formatNumber(o->failure.time) + ": " + o->failure.reason);
    ref.errorBound = model.stateError(check.last, reference.last).norm();
  }
  result.reference = ref;
  for (std::size_t k = first; k < tasks.size(); ++k) result.runs.push_back(build(k, cancelled));
  return result;
}

SweepResult mergeSweeps(const std::vector<SweepResult>& shards,
                        const std::vector<std::string>& names) {
  if (shards.empty()) throw InputError("--merge: no files to merge");
  const auto name = [&](std::size_t i) {
    return i < names.size() ? names[i] : "shard " + std::to_string(i + 1);
  };
  const SweepResult& first = shards.front();
  const int count = first.shard.count;
  std::vector<int> seen(std::size_t(count), -1);
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const SweepResult& s = shards[i];
    const auto differ = [&](const std::string& what, const std::string& a, const std::string& b) {
      return InputError("--merge: " + name(0) + " and " + name(i) +
                        " are not shards of the same sweep (" + what + " " + a + " against " + b +
                        ")");
    };
    const SweepSpec& a = first.spec;
    const SweepSpec& b = s.spec;
    if (a.system != b.system) throw differ("system", a.system, b.system);
    if (a.T != b.T) throw differ("T", formatNumber(a.T), formatNumber(b.T));
    if (a.methods != b.methods)
      throw differ("methods", methodList(a.methods), methodList(b.methods));
    if (a.steps != b.steps) throw differ("h", numberList(a.steps), numberList(b.steps));
    for (Method m : a.methods)
      if (sweepSteps(a, m) != sweepSteps(b, m))
        throw differ("h of " + methodName(m), numberList(sweepSteps(a, m)),
                     numberList(sweepSteps(b, m)));
    if (a.rtols != b.rtols) throw differ("rtol", numberList(a.rtols), numberList(b.rtols));
    for (const auto& [k, v] : a.parameters)
      if (!b.parameters.count(k) || b.parameters.at(k) != v)
        throw differ("parameter " + k, formatValue(v),
                     b.parameters.count(k) ? formatValue(b.parameters.at(k)) : "none");
    if (a.parameters.size() != b.parameters.size())
      throw differ("number of parameters", std::to_string(a.parameters.size()),
                   std::to_string(b.parameters.size()));
    if (first.reference.method != s.reference.method || first.reference.rtol != s.reference.rtol)
      throw differ(
          "reference",
          methodName(first.reference.method) + " at RelTol " + formatNumber(first.reference.rtol),
          methodName(s.reference.method) + " at RelTol " + formatNumber(s.reference.rtol));
    if (s.shard.count != count)
      throw differ("number of shards", std::to_string(count), std::to_string(s.shard.count));
    if (s.shard.index < 1 || s.shard.index > count)
      throw InputError("--merge: " + name(i) + " says it is shard " +
                       std::to_string(s.shard.index) + " of " + std::to_string(count));
    int& slot = seen[std::size_t(s.shard.index - 1)];
    if (slot >= 0)
      throw InputError("--merge: " + name(std::size_t(slot)) + " and " + name(i) +
                       " are both shard " + std::to_string(s.shard.index) + "/" +
                       std::to_string(count));
    slot = int(i);
  }
  for (int k = 0; k < count; ++k)
    if (seen[std::size_t(k)] < 0)
      throw InputError("--merge: shard " + std::to_string(k + 1) + "/" + std::to_string(count) +
                       " is missing");

  SweepResult merged;
  merged.spec = first.spec;
  merged.reference = first.reference;
  // a shard read back from its JSON does not say whether its reference was exact: the system
  // and its parameters do
  if (const std::optional<ExactSolution> exact =
          exactSolution(modelOf(first.spec.system), first.spec.parameters, first.spec.T))
    merged.reference.exact = exact->formula;
  const std::size_t n = sweepPoints(first.spec).size();
  std::vector<const SweepRun*> byIndex(n, nullptr);
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const SweepResult& s = shards[i];
    // identical on one binary; the largest where shards ran on different machines
    merged.reference.errorBound = std::max(merged.reference.errorBound, s.reference.errorBound);
    const std::vector<std::size_t> expected = shardIndices(n, s.shard);
    std::vector<std::size_t> got;
    for (const SweepRun& r : s.runs) got.push_back(r.index);
    if (got != expected)
      throw InputError("--merge: " + name(i) + " does not hold the runs of shard " +
                       std::to_string(s.shard.index) + "/" + std::to_string(count) +
                       " (truncated or edited?)");
    for (const SweepRun& r : s.runs) byIndex[r.index] = &r;
  }
  for (const SweepRun* r : byIndex) merged.runs.push_back(*r);
  return merged;
}

bool usedForOrder(const SweepRun& run, const SweepReference& reference) {
  if (!run.point.h || run.status != RunStatus::Ok || !run.error) return false;
  const double e = run.error->norm();
  const double roundoff = double(run.counters.steps) * kEps;
  return std::isfinite(e) && e >= kFitFloorFactor * std::max(reference.errorBound, roundoff) &&
         e <= kFitCeiling;
}

std::optional<double> fittedOrder(const SweepResult& result, Method method) {
  if (methodInfo(method).adaptive) return std::nullopt;
  std::vector<double> x, y;
  for (const SweepRun& r : result.runs)
    if (r.point.method == method && usedForOrder(r, result.reference)) {
      x.push_back(std::log(*r.point.h));
      y.push_back(std::log(r.error->norm()));
    }
  if (x.size() < 3) return std::nullopt;
  return leastSquaresSlope(x, y);
}

std::vector<std::pair<Method, std::optional<double>>> fittedOrders(const SweepResult& result) {
  std::vector<std::pair<Method, std::optional<double>>> out;
  for (Method m : result.spec.methods) out.emplace_back(m, fittedOrder(result, m));
  return out;
}

void writeSweepCsv(std::ostream& csv, const SweepResult& r) {
  const auto cell = [&](const std::optional<double>& x) {
    if (x) csv << formatNumber(*x);
  };
  const auto num = [](double x) { return formatNumber(x); };
  csv << "method,h,rtol,atol,steps,fevals,cpu_s,global_err,angle_err,position_err,velocity_err,"
         "energy_max_dev,structure_max_err,momentum_max_dev,status\n";
  for (const SweepRun& x : r.runs) {
    csv << methodName(x.point.method) << ",";
    cell(x.point.h);
    csv << ",";
    cell(x.point.rtol);
    csv << ",";
    cell(x.point.atol);
    csv << "," << x.counters.steps << "," << x.counters.fevals << "," << num(x.cpuSeconds) << ",";
    if (x.error)
      csv << num(x.error->norm()) << "," << num(x.error->angle) << "," << num(x.error->position)
          << "," << num(x.error->velocity);
    else
      csv << ",,,";
    csv << "," << num(x.energyMaxDev) << ",";
    cell(x.structureMaxErr);
    csv << ",";
    cell(x.momentumMaxDev);
    csv << "," << statusName(x.status) << "\n";
  }
}

}  // namespace dms
