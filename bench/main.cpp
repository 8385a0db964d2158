// dms_bench: ns per step of the variational integrators and of our RK45, with Boost.Odeint's
// controlled runge_kutta_dopri5 as a peer on the same problems and tolerances, and a check that
// the variational step loop allocates nothing. A benchmark, not a test: not run by CTest.

#include <benchmark/benchmark.h>

#include <array>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "bench/alloccounter.h"
#include "bench/problems.h"
#include "core/integrators/dormandprince.h"
#include "core/sim/registry.h"

#ifndef DMS_BENCH_BUILD_TYPE
#define DMS_BENCH_BUILD_TYPE "unknown"
#endif

namespace dms::bench {
namespace {

namespace odeint = boost::numeric::odeint;

// samples per advance() call, as the CLI; and as the simulation worker (ui/sim/simworker.cpp)
constexpr std::size_t kChunk = 4096;
constexpr std::size_t kViewsChunk = 256;

// ---- set-up: the article's set-up of a system, as the product builds it -------------------

template <class P>
struct Setup {
  const SystemModel* model = nullptr;
  ParamValues values;
  typename P::Params p;
  IntegratorSettings settings;  // SystemModel::defaultSettings(): h, T, rtol 1e-3, atol 1e-6
  typename P::State x0;
  std::int64_t steps = 0;  // N = floor(T/h + 1e-9)
  double tf = 0.0;         // N h: ode45 with tspan = 0:h:T stops at the last output time
  VectorXd y0;             // RK45 initial state, read off the product's RkRun
};

template <class P>
Setup<P> makeSetup() {
  Setup<P> s;
  s.model = findSystem(P::kName);
  if (!s.model) throw std::runtime_error(std::string("no system named ") + P::kName);
  s.values = s.model->normalize(defaultValues(s.model->params()), nullptr);
  s.settings = s.model->defaultSettings();
  validateSettings(s.settings);
  s.p = P::Params::from(s.values);
  s.x0 = P::initial(s.p);
  s.steps = s.settings.steps();
  s.tf = double(s.steps) * s.settings.h;
  std::unique_ptr<Run> rk = s.model->makeRun(s.values, Method::Rk45, s.settings);
  std::vector<Sample> first;
  rk->advance(first, 1);
  if (first.size() != 1) throw std::runtime_error(std::string(P::kName) + ": no RK45 sample");
  s.y0 = first[0].state;
  if (s.y0.size() != P::kDim)
    throw std::runtime_error(std::string(P::kName) + ": RK45 state has " +
                             std::to_string(s.y0.size()) + " entries, kDim says " +
                             std::to_string(P::kDim));
  return s;
}

template <class P>
const Setup<P>& setup() {
  static const Setup<P> s = makeSetup<P>();
  return s;
}

// our RK45 on P's rhs: the state fixed-size, the rhs a functor (inlined), as the systems'
// makeRun() give it to RkRunT with their parameters captured by value
template <class P>
struct BenchRhs {
  typename P::Params p;
  template <class Y, class DY>
  void operator()(double, const Y& y, DY& dy) const {
    P::rhs(p, y, dy);
  }
};
template <class P>
using OurRk = DormandPrinceT<P::kDim, BenchRhs<P>>;

template <class DP>
typename DP::Options rkOptions(const IntegratorSettings& s, RkController c) {
  // as RkRun with output sampling (the article's ode45 runs)
  typename DP::Options o;
  o.rtol = s.rtol;
  o.atol = s.atol;
  o.controller = c;
  o.firstOutputSpacing = s.h;
  return o;
}

// the peer's system functor; counts right-hand-side evaluations
template <class P, class S>
struct OdeintSystem {
  typename P::Params p;
  std::int64_t* fevals;
  void operator()(const S& x, S& dxdt, double /*t*/) const {
    ++*fevals;
    P::rhs(p, x, dxdt);
  }
};

template <class S>
S toState(const VectorXd& y) {
  S s{};
  if constexpr (std::is_same_v<S, std::vector<double>>) s.resize(std::size_t(y.size()));
  for (Eigen::Index i = 0; i < y.size(); ++i) s[std::size_t(i)] = y[i];
  return s;
}

benchmark::Counter perUnit(double units) {
  return benchmark::Counter(units, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// ---- the benchmarks ------------------------------------------------------------------------

// the core step function, N steps from x0 per iteration: the plain step, or the compensated
// one (the product's default)
template <class P, bool Compensated>
void bmViStep(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const double h = su.settings.h;
  std::string why;
  std::int64_t steps = 0;
  std::uint64_t allocs = 0;
  bool failed = false;
  for (auto _ : state) {
    typename P::State x = su.x0;
    typename P::Sums sums = P::sums(su.p, su.x0);
    const HeapCounts before = heapCounts();
    for (std::int64_t k = 0; k < su.steps; ++k) {
      const bool ok =
          Compensated ? P::stepCompensated(su.p, h, sums, &why) : P::step(su.p, h, x, &why);
      if (!ok) {
        failed = true;
        break;
      }
    }
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(sums);
    if (failed) {
      state.SkipWithError(why.c_str());
      break;
    }
    steps += su.steps;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

// one minimal step: M::stepCompensated where the plain and compensated states are one type
// (RATTLE), else M::step on either
template <class M, class = void>
struct HasStepCompensated : std::false_type {};
template <class M>
struct HasStepCompensated<M, std::void_t<decltype(&M::stepCompensated)>> : std::true_type {};
template <bool Compensated, class M, class X>
inline void minimalStep(const M& m, X& x) {
  if constexpr (Compensated && HasStepCompensated<M>::value)
    m.stepCompensated(x);
  else
    m.step(x);
}

// the minimal hand-written step (minimal.h), N steps from x0 per iteration
template <class P, bool Compensated>
void bmMinimalStep(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const typename P::Minimal mini = P::minimal(su.p, su.settings.h);
  std::int64_t steps = 0;
  for (auto _ : state) {
    if constexpr (Compensated) {
      typename P::Sums x = P::sums(su.p, su.x0);
      for (std::int64_t k = 0; k < su.steps; ++k) minimalStep<true>(mini, x);
      benchmark::DoNotOptimize(x);
    } else {
      typename P::State x = su.x0;
      for (std::int64_t k = 0; k < su.steps; ++k) minimalStep<false>(mini, x);
      benchmark::DoNotOptimize(x);
    }
    steps += su.steps;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["ns_per_step"] = perUnit(double(steps));
}

// what dmsim run does with each sample, minus the arithmetic of its summary: read it
struct ReadingSink final : SampleSink {
  double sum = 0.0;
  void take(const Sample& s) override { sum += s.energy + s.structure + s.state[0]; }
};

// the product's run: SystemModel::makeRun(vi) at its defaults (compensated steps, or plain
// ones with Plain) and advance() to the end, samples included. Views = false: as dmsim run
// asks (the metrics, passed to a sink one by one); true: as the simulation worker asks (whole
// samples, in vectors of its chunk size).
template <class P, bool Views, bool Plain = false>
void bmViRun(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  IntegratorSettings settings = su.settings;
  if (Plain) settings.summation = Summation::Plain;
  std::vector<Sample> out;
  out.reserve(kViewsChunk);
  ReadingSink sink;
  std::int64_t steps = 0, samples = 0;
  std::uint64_t allocs = 0;
  for (auto _ : state) {
    std::unique_ptr<Run> run = su.model->makeRun(su.values, P::kMethod, settings);
    const HeapCounts before = heapCounts();
    std::int64_t n = 0;
    if (Views) {
      bool more = true;
      while (more) {
        out.clear();
        more = run->advance(out, kViewsChunk);
        n += std::int64_t(out.size());
      }
    } else {
      while (run->advance(sink, kChunk, SampleFields::Metrics)) {
      }
      n = run->counters().steps + 1;
    }
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(out.data());
    benchmark::DoNotOptimize(sink.sum);
    if (run->failure().failed) {
      state.SkipWithError(run->failure().reason.c_str());
      break;
    }
    steps += run->counters().steps;
    samples = n;
  }
  state.counters["steps"] = double(su.steps);
  state.counters["samples"] = double(samples);
  state.counters["ns_per_step"] = perUnit(double(steps));
  state.counters["allocs_per_step"] = steps > 0 ? double(allocs) / double(steps) : 0.0;
}

// RK45 run's work counters and final energy error, shared by ours and the peer's
void setRkCounters(benchmark::State& state, std::int64_t accepted, std::int64_t rejected,
                   std::int64_t fevals, std::uint64_t allocs, double dE) {
  const double it = double(state.iterations());
  state.counters["accepted"] = double(accepted);
  state.counters["rejected"] = double(rejected);
  state.counters["fevals"] = double(fevals);
  state.counters["ns_per_step"] = perUnit(double(accepted) * it);
  state.counters["ns_per_feval"] = perUnit(double(fevals) * it);
  state.counters["allocs"] = it > 0 ? double(allocs) / it : 0.0;
  state.counters["dE_T"] = dE;
}

// our Dormand-Prince (init + step() to tf), no dense output: DP is OurRk<P> (the product's
// RK45 runs) or DormandPrince (dynamic size, std::function: what they used before)
template <class P, class DP>
void bmRk(benchmark::State& state, RkController controller) {
  const Setup<P>& su = setup<P>();
  const typename DP::Options o = rkOptions<DP>(su.settings, controller);
  const typename DP::State y0 = su.y0;
  std::int64_t acc = 0, rej = 0, fe = 0;
  std::uint64_t allocs = 0;
  double dE = 0.0;
  for (auto _ : state) {
    const HeapCounts before = heapCounts();
    DP dp;
    dp.init(BenchRhs<P>{su.p}, 0.0, y0, su.tf, o);
    bool ok = true;
    while (ok && !dp.done()) ok = dp.step();
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(dp.y().data());
    if (!ok) {
      state.SkipWithError(dp.error().c_str());
      break;
    }
    acc = dp.accepted();
    rej = dp.rejected();
    fe = dp.fevals();
    dE = std::fabs(P::energy(su.p, dp.y()) - P::energy(su.p, su.y0));
  }
  setRkCounters(state, acc, rej, fe, allocs, dE);
}

// the product's RK45 run: makeRun(rk45 or rk45-quat), ode45 controller, dense output at
// t_k = k h
template <class P>
void bmRkRun(benchmark::State& state, Method method) {
  const Setup<P>& su = setup<P>();
  std::vector<Sample> out;
  out.reserve(kChunk);
  std::int64_t samples = 0, totalSamples = 0;
  RunCounters c;
  for (auto _ : state) {
    std::unique_ptr<Run> run = su.model->makeRun(su.values, method, su.settings);
    bool more = true;
    std::int64_t n = 0;
    while (more) {
      out.clear();
      more = run->advance(out, kChunk);
      n += std::int64_t(out.size());
    }
    benchmark::DoNotOptimize(out.data());
    if (run->failure().failed) {
      state.SkipWithError(run->failure().reason.c_str());
      break;
    }
    c = run->counters();
    samples = n;
    totalSamples += n;
  }
  state.counters["accepted"] = double(c.steps);
  state.counters["fevals"] = double(c.fevals);
  state.counters["samples"] = double(samples);
  state.counters["ns_per_sample"] = perUnit(double(totalSamples));
}

// the peer: Boost.Odeint's controlled runge_kutta_dopri5, integrate_adaptive from 0 to tf,
// first trial step h, error checker eps_abs = atol, eps_rel = rtol (a_x = a_dxdt = 1)
template <class P, class S>
void bmOdeint(benchmark::State& state) {
  const Setup<P>& su = setup<P>();
  const double rtol = su.settings.rtol, atol = su.settings.atol;
  std::int64_t acc = 0, fe = 0;
  std::uint64_t allocs = 0;
  double dE = 0.0;
  for (auto _ : state) {
    const HeapCounts before = heapCounts();
    S x = toState<S>(su.y0);
    std::int64_t fevals = 0;
    const std::size_t steps = odeint::integrate_adaptive(
        odeint::make_controlled(atol, rtol, odeint::runge_kutta_dopri5<S>()),
        OdeintSystem<P, S>{su.p, &fevals}, x, 0.0, su.tf, su.settings.h);
    allocs += heapCounts().allocations - before.allocations;
    benchmark::DoNotOptimize(x.data());
    acc = std::int64_t(steps);
    fe = fevals;
    dE = std::fabs(P::energy(su.p, x) - P::energy(su.p, su.y0));
  }
  // FSAL: one evaluation to start, then 6 per attempted step; rejected = attempts - accepted
  if (fe > 0 && (fe - 1) % 6 != 0) {
    state.SkipWithError("odeint's evaluation count is not 1 + 6 per attempted step");
    return;
  }
  const std::int64_t attempts = (fe - 1) / 6;
  setRkCounters(state, acc, attempts - acc, fe, allocs, dE);
}

// ---- registration: one line per system ----------------------------------------------------

struct ProblemInfo {
  std::string name, method;
  double h = 0.0, T = 0.0, tf = 0.0, rtol = 0.0, atol = 0.0;
  std::int64_t steps = 0;
  int dim = 0;
};

std::vector<ProblemInfo>& problems() {
  static std::vector<ProblemInfo> p;
  return p;
}

// the variational steps and runs of a system
template <class P>
void registerVi() {
  const Setup<P>& su = setup<P>();
  problems().push_back({P::kName, P::kMethodName, su.settings.h, su.settings.T, su.tf,
                        su.settings.rtol, su.settings.atol, su.steps, P::kDim});
  const std::string n = std::string(P::kName) + "/" + P::kMethodName;
  benchmark::RegisterBenchmark((n + "_step").c_str(), bmViStep<P, false>);
  benchmark::RegisterBenchmark((n + "_step_compensated").c_str(), bmViStep<P, true>);
  benchmark::RegisterBenchmark((n + "_minimal").c_str(), bmMinimalStep<P, false>);
  benchmark::RegisterBenchmark((n + "_minimal_compensated").c_str(), bmMinimalStep<P, true>);
  benchmark::RegisterBenchmark((n + "_run").c_str(), bmViRun<P, false>);
  benchmark::RegisterBenchmark((n + "_run_views").c_str(), bmViRun<P, true>);
  benchmark::RegisterBenchmark((n + "_run_plain").c_str(), bmViRun<P, false, true>);
}

// every variational method of a system, and its product's RK45 run
template <class P>
void registerVariational() {
  registerVi<ViOf<P>>();
  registerVi<Vi4Of<P>>();
  benchmark::RegisterBenchmark((std::string(P::kName) + "/rk45_run").c_str(), bmRkRun<P>,
                               Method::Rk45);
}

// our RK45 against Odeint's on the bench's copy of the right-hand side
template <class P>
void registerRk() {
  const std::string n = P::kName;
  benchmark::RegisterBenchmark((n + "/rk45_ode45").c_str(), bmRk<P, OurRk<P>>, RkController::Ode45);
  benchmark::RegisterBenchmark((n + "/rk45_scipy").c_str(), bmRk<P, OurRk<P>>, RkController::Scipy);
  benchmark::RegisterBenchmark((n + "/rk45_ode45_dynamic").c_str(), bmRk<P, DormandPrince>,
                               RkController::Ode45);
  benchmark::RegisterBenchmark((n + "/odeint_vector").c_str(), bmOdeint<P, std::vector<double>>);
  benchmark::RegisterBenchmark((n + "/odeint_array").c_str(),
                               bmOdeint<P, std::array<double, P::kDim>>);
}

void registerAll() {
  registerVariational<MassSpringProblem>();
  registerRk<MassSpringProblem>();
  registerVariational<PlanarPendulumProblem>();
  registerRk<PlanarPendulumProblem>();
  registerVariational<SphericalPendulumProblem>();
  registerVi<RattleProblem>();
  registerRk<SphericalPendulumProblem>();
  registerVariational<DumbbellProblem>();
  registerRk<DumbbellProblem>();
  benchmark::RegisterBenchmark("dumbbell/rk45quat_run", bmRkRun<DumbbellProblem>, Method::Rk45Quat);
}

// ---- checks that the bench measures the product's own computations -----------------------

bool sameBits(const VectorXd& a, const VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * std::size_t(a.size())) == 0;
}

// the product's last sample of a run from the article's set-up
std::unique_ptr<Run> drain(const SystemModel& m, const ParamValues& v, Method method,
                           const IntegratorSettings& s, Sample* last) {
  std::unique_ptr<Run> run = m.makeRun(v, method, s);
  std::vector<Sample> out;
  bool more = true;
  while (more) {
    out.clear();
    more = run->advance(out, kChunk);
    if (!out.empty()) *last = out.back();
  }
  return run;
}

// the raw state of a sample holds every component of the state
template <class P>
bool sameStateBits(const typename P::Params& p, const typename P::State& a,
                   const typename P::State& b) {
  return sameBits(VectorXd(P::sample(p, 0.0, a).state), VectorXd(P::sample(p, 0.0, b).state));
}

// VI: N core steps from x0 end where the product's run ends, and N minimal steps where N core
// steps end; RK45: our DormandPrince on the bench's rhs does what the product's RkRun does
// (same counts, same final state), for both controllers. All bit for bit: the bench times the
// product's computations, and the minimal steps compute the same thing.
template <class P>
bool checkVi(std::ostream& os) {
  const Setup<P>& su = setup<P>();
  bool ok = true;

  // both forms: the plain steps against makeRun(vi) with plain summation, the compensated ones
  // against makeRun(vi) at its default
  for (Summation form : {Summation::Plain, Summation::Compensated}) {
    typename P::State x = su.x0, xm = su.x0;
    typename P::Sums sums = P::sums(su.p, su.x0), sumsm = sums;
    const typename P::Minimal mini = P::minimal(su.p, su.settings.h);
    std::string why;
    bool stepped = true;
    for (std::int64_t k = 0; k < su.steps && stepped; ++k) {
      if (form == Summation::Plain) {
        stepped = P::step(su.p, su.settings.h, x, &why);
        minimalStep<false>(mini, xm);
      } else {
        stepped = P::stepCompensated(su.p, su.settings.h, sums, &why);
        minimalStep<true>(mini, sumsm);
      }
    }
    if (form == Summation::Compensated) {
      x = P::stateOf(sums);
      xm = P::stateOf(sumsm);
    }
    const bool miniOk = stepped && sameStateBits<P>(su.p, x, xm);
    os << "check " << P::kName << ": " << su.steps << " minimal " << P::kMethodName << " steps ("
       << summationName(form) << ") == core steps: " << (miniOk ? "ok" : "FAIL") << "\n";
    ok = ok && miniOk;
    IntegratorSettings s = su.settings;
    s.summation = form;
    Sample last;
    std::unique_ptr<Run> vi = drain(*su.model, su.values, P::kMethod, s, &last);
    const Sample mine = P::sample(su.p, last.t, x);
    const bool viOk = stepped && !vi->failure().failed && vi->counters().steps == su.steps &&
                      sameBits(VectorXd(mine.state), VectorXd(last.state));
    os << "check " << P::kName << ": " << su.steps << " core " << P::kMethodName << " steps ("
       << summationName(form) << ") == makeRun(" << P::kMethodName
       << "): " << (viOk ? "ok" : "FAIL") << "\n";
    ok = ok && viOk;
  }
  return ok;
}

template <class P>
bool checkVariational(std::ostream& os) {
  const bool vi = checkVi<ViOf<P>>(os);
  return checkVi<Vi4Of<P>>(os) && vi;
}

template <class P>
bool checkRk(std::ostream& os) {
  const Setup<P>& su = setup<P>();
  bool ok = true;
  Sample last;
  for (RkController c : {RkController::Ode45, RkController::Scipy}) {
    OurRk<P> dp;
    dp.init(BenchRhs<P>{su.p}, 0.0, typename OurRk<P>::State(su.y0), su.tf,
            rkOptions<OurRk<P>>(su.settings, c));
    bool stepOk = true;
    while (stepOk && !dp.done()) stepOk = dp.step();
    IntegratorSettings s = su.settings;
    s.controller = c;
    std::unique_ptr<Run> rk = drain(*su.model, su.values, Method::Rk45, s, &last);
    const RunCounters rc = rk->counters();
    const bool rkOk = stepOk && !rk->failure().failed && rc.steps == dp.accepted() &&
                      rc.rejected == dp.rejected() && rc.fevals == dp.fevals() &&
                      last.t == dp.t() && sameBits(VectorXd(last.state), VectorXd(dp.y()));
    os << "check " << P::kName << ": bench rhs + DormandPrince(" << controllerName(c)
       << ") == makeRun(rk45): " << (rkOk ? "ok" : "FAIL") << " (" << dp.accepted() << " accepted, "
       << dp.rejected() << " rejected, " << dp.fevals() << " fevals)\n";
    ok = ok && rkOk;
  }
  return ok;
}

bool checkAll(std::ostream& os) {
  bool ok = true;
  ok = checkVariational<MassSpringProblem>(os) && checkRk<MassSpringProblem>(os) && ok;
  ok = checkVariational<PlanarPendulumProblem>(os) && checkRk<PlanarPendulumProblem>(os) && ok;
  ok = checkVariational<SphericalPendulumProblem>(os) && checkVi<RattleProblem>(os) &&
       checkRk<SphericalPendulumProblem>(os) && ok;
  ok = checkVariational<DumbbellProblem>(os) && checkRk<DumbbellProblem>(os) && ok;
  return ok;
}

// ---- the summary: the console reporter's runs, kept for ratios at the end --------------------

struct Record {
  bool error = false;
  bool median = false;
  double cpuNs = 0.0;  // CPU time per iteration
  std::map<std::string, double> counters;
};

double toNs(double t, benchmark::TimeUnit u) {
  switch (u) {
    case benchmark::kNanosecond:
      return t;
    case benchmark::kMicrosecond:
      return t * 1e3;
    case benchmark::kMillisecond:
      return t * 1e6;
    case benchmark::kSecond:
      return t * 1e9;
  }
  return t;
}

class SummaryReporter final : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (r.run_type == Run::RT_Aggregate && !median) continue;
      Record& rec = m_records[r.run_name.function_name];
      if (rec.median && !median) continue;
      rec.median = median;
      rec.error = r.error_occurred;
      rec.cpuNs = toNs(r.GetAdjustedCPUTime(), r.time_unit);
      rec.counters.clear();
      for (const auto& [name, c] : r.counters) rec.counters[name] = c.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  const Record* find(const std::string& name) const {
    const auto it = m_records.find(name);
    return it == m_records.end() || it->second.error ? nullptr : &it->second;
  }

 private:
  std::map<std::string, Record> m_records;
};

std::string fixed(double v, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << v;
  return s.str();
}

std::string sci(double v) {
  std::ostringstream s;
  s << std::scientific << std::setprecision(2) << v;
  return s.str();
}

struct RkFigures {
  double nsPerStep = 0.0, nsPerFeval = 0.0, usPerRun = 0.0;
};

bool rkFigures(const Record* r, RkFigures* f) {
  if (!r) return false;
  f->usPerRun = r->cpuNs * 1e-3;
  f->nsPerStep = r->cpuNs / r->counters.at("accepted");
  f->nsPerFeval = r->cpuNs / r->counters.at("fevals");
  return true;
}

// prints the figures and ratios; returns false when a variational loop allocated
bool printSummary(const SummaryReporter& rep, std::ostream& os) {
  bool ok = true;
  os << "\n==== dms_bench summary: CPU time, one run (build " << DMS_BENCH_BUILD_TYPE << ") ====\n";
  std::string system;
  for (std::size_t i = 0; i < problems().size(); ++i) {
    const ProblemInfo& pi = problems()[i];
    const std::string n = pi.name;
    if (n != system)
      os << "\n"
         << n << ": h = " << pi.h << ", T = " << pi.T << ", N = " << pi.steps
         << " steps; RK45 to t = " << pi.tf << ", rtol = " << pi.rtol << ", atol = " << pi.atol
         << ", " << pi.dim << " states\n";
    system = n;
    std::map<std::string, double> ns;  // ns per step of the variational benchmarks
    const std::string m = pi.method;
    const std::string step = m + "_step", stepC = m + "_step_compensated", mini = m + "_minimal",
                      miniC = m + "_minimal_compensated", run = m + "_run",
                      views = m + "_run_views", runPlain = m + "_run_plain";
    for (const std::string& kind : {step, stepC, mini, miniC, run, views, runPlain}) {
      const Record* r = rep.find(n + "/" + kind);
      if (!r) {
        os << "  " << std::left << std::setw(28) << kind << " not run\n";
        continue;
      }
      ns[kind] = r->cpuNs / r->counters.at("steps");
      os << "  " << std::left << std::setw(28) << kind << std::right << std::setw(9)
         << fixed(ns[kind], 1) << " ns/step";
      const auto a = r->counters.find("allocs_per_step");
      if (a != r->counters.end()) {
        os << "   allocs/step " << a->second
           << (a->second == 0.0 ? "" : "   FAIL: the variational step loop allocates");
        if (a->second != 0.0) ok = false;
      }
      os << "\n";
    }
    // the budgets of the steps and the runs: ratios within this run
    const auto ratio = [&](const char* what, const std::string& a, const std::string& b,
                           double budget) {
      if (!ns.count(a) || !ns.count(b)) return;
      const double q = ns[a] / ns[b];
      os << "  " << std::left << std::setw(60) << (std::string(what) + ": " + a + " / " + b)
         << std::right << std::setw(6) << fixed(q, 2) << (q <= budget ? "  within " : "  OVER ")
         << fixed(budget, 1) << "x\n";
    };
    ratio("step", step, mini, 1.5);
    ratio("step", stepC, miniC, 1.5);
    ratio("summation", stepC, step, 1.3);  // compensated summation's target
    ratio("run (dmsim)", run, stepC, 2.0);
    ratio("run (views)", views, stepC, 2.0);
    ratio("run (dmsim, plain steps)", runPlain, step, 2.0);
    // the RK45 figures once per system, after its last variational method
    if (i + 1 < problems().size() && problems()[i + 1].name == n) continue;
    for (const char* kind : {"rk45_run", "rk45quat_run"})
      if (const Record* r = rep.find(n + "/" + kind))
        os << "  " << std::left << std::setw(28) << kind << std::right << std::setw(9)
           << fixed(r->cpuNs / r->counters.at("samples"), 1) << " ns/sample, "
           << fixed(r->cpuNs / r->counters.at("fevals"), 1) << " ns/feval ("
           << r->counters.at("fevals") << " fevals; ode45 + dense output at t_k = k h)\n";
    if (!rep.find(n + "/rk45_ode45") && !rep.find(n + "/odeint_array")) continue;

    os << "  " << std::left << std::setw(19) << "RK45" << std::right << std::setw(9) << "accepted"
       << std::setw(9) << "rejected" << std::setw(9) << "fevals" << std::setw(11) << "us/run"
       << std::setw(10) << "ns/step" << std::setw(10) << "ns/feval" << std::setw(11) << "|E(tf)-E0|"
       << std::setw(8) << "allocs"
       << "\n";
    std::map<std::string, RkFigures> fig;
    for (const char* kind :
         {"rk45_ode45", "rk45_scipy", "rk45_ode45_dynamic", "odeint_vector", "odeint_array"}) {
      const Record* r = rep.find(n + "/" + kind);
      RkFigures f;
      if (!rkFigures(r, &f)) {
        os << "  " << std::left << std::setw(19) << kind << " not run\n";
        continue;
      }
      fig[kind] = f;
      os << "  " << std::left << std::setw(19) << kind << std::right << std::setw(9)
         << r->counters.at("accepted") << std::setw(9) << r->counters.at("rejected") << std::setw(9)
         << r->counters.at("fevals") << std::setw(11) << fixed(f.usPerRun, 1) << std::setw(10)
         << fixed(f.nsPerStep, 1) << std::setw(10) << fixed(f.nsPerFeval, 1) << std::setw(11)
         << sci(r->counters.at("dE_T")) << std::setw(8) << r->counters.at("allocs") << "\n";
    }
    os << "  ratios ours/peer (CPU time):   per feval  per step   per run\n";
    for (const char* ours : {"rk45_ode45", "rk45_scipy", "rk45_ode45_dynamic"})
      for (const char* peer : {"odeint_vector", "odeint_array"}) {
        if (!fig.count(ours) || !fig.count(peer)) continue;
        const RkFigures& a = fig[ours];
        const RkFigures& b = fig[peer];
        os << "    " << std::left << std::setw(36) << (std::string(ours) + " / " + peer)
           << std::right << std::setw(9) << fixed(a.nsPerFeval / b.nsPerFeval, 2) << std::setw(10)
           << fixed(a.nsPerStep / b.nsPerStep, 2) << std::setw(10)
           << fixed(a.usPerRun / b.usPerRun, 2) << "\n";
      }
  }
  os << "\nstate types: ours Eigen::Matrix<double, n, 1> (inline, fixed size) with the rhs "
        "inlined (DormandPrinceT<n, Rhs>, as the product's RK45 runs); rk45_ode45_dynamic "
        "Eigen::VectorXd through std::function (DormandPrince); odeint_vector "
        "std::vector<double> (heap, dynamic size); odeint_array std::array<double, n> (inline); "
        "the same rhs code for all.\n"
        "The machine may be shared and noisy: compare ratios within one run only.\n";
  return ok;
}

}  // namespace
}  // namespace dms::bench

int main(int argc, char** argv) {
  using namespace dms::bench;
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  if (std::string(DMS_BENCH_BUILD_TYPE) != "Release")
    std::cout << "WARNING: dms_bench built as " << DMS_BENCH_BUILD_TYPE
              << ", not Release: its timings mean little\n";

  std::string why;
  if (!selfTest(&why)) {
    std::cout << "FAIL: the allocation counter is blind: " << why << "\n";
    return 1;
  }
  std::cout << "check allocation counter (operator new and malloc level): ok\n";
  bool ok = true;
  try {
    ok = checkAll(std::cout);
    registerAll();
  } catch (const std::exception& e) {
    std::cout << "FAIL: set-up: " << e.what() << "\n";
    return 1;
  }

  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  ok = printSummary(reporter, std::cout) && ok;
  benchmark::Shutdown();
  if (!ok) std::cout << "FAIL: see the FAIL lines above\n";
  return ok ? 0 : 1;
}
