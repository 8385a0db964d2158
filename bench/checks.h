// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The checks that the benchmarks (bench/main.cpp) time the product's own computations: the
/// core steps, the minimal steps and our RK45 against the product's runs, bit for bit.
#pragma once

#include <cstring>
#include <memory>
#include <ostream>
#include <type_traits>
#include <vector>

#include "bench/setup.h"
#include "bench/vibench.h"

namespace dms::bench {

inline bool sameBits(const VectorXd& a, const VectorXd& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * std::size_t(a.size())) == 0;
}

// the product's last sample of a run from the article's set-up
inline std::unique_ptr<Run> drain(const SystemModel& m, const ParamValues& v, Method method,
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
// whether P has a minimal hand-written step (P::kHasMinimal, true when absent)
template <class P, class = void>
struct HasMinimal : std::true_type {};
template <class P>
struct HasMinimal<P, std::void_t<decltype(P::kHasMinimal)>> : std::bool_constant<P::kHasMinimal> {};
template <class P>
constexpr bool hasMinimal() {
  return HasMinimal<P>::value;
}

template <class P>
bool checkVi(std::ostream& os) {
  const Setup<P>& su = setup<P>();
  bool ok = true;

  // both forms: the plain steps against makeRun(vi) with plain summation, the compensated ones
  // against makeRun(vi) at its default
  for (Summation form : {Summation::Plain, Summation::Compensated}) {
    typename P::State x = su.x0, xm = su.x0;
    typename P::Sums sums = P::sums(su.p, su.x0), sumsm = sums;
    std::string why;
    bool stepped = true;
    for (std::int64_t k = 0; k < su.steps && stepped; ++k)
      stepped = form == Summation::Plain ? P::step(su.p, su.settings.h, x, &why)
                                         : P::stepCompensated(su.p, su.settings.h, sums, &why);
    if (form == Summation::Compensated) x = P::stateOf(sums);
    if constexpr (hasMinimal<P>()) {
      const typename P::Minimal mini = P::minimal(su.p, su.settings.h);
      for (std::int64_t k = 0; k < su.steps; ++k) {
        if (form == Summation::Plain)
          minimalStep<false>(mini, xm);
        else
          minimalStep<true>(mini, sumsm);
      }
      if (form == Summation::Compensated) xm = P::stateOf(sumsm);
      const bool miniOk = stepped && sameStateBits<P>(su.p, x, xm);
      os << "check " << P::kName << ": " << su.steps << " minimal " << P::kMethodName << " steps ("
         << summationName(form) << ") == core steps: " << (miniOk ? "ok" : "FAIL") << "\n";
      ok = ok && miniOk;
    }
    IntegratorSettings s = su.settings;
    s.summation = form;
    Sample last;
    std::unique_ptr<Run> vi = drain(*su.model, su.values, P::kMethod, s, &last);
    const Sample mine = P::sample(su.p, last.t, x);
    const bool viOk = stepped && !vi->failure().failed && vi->counters().steps == su.steps &&
                      sameBits(ProductLayout<P>::product(mine.state), VectorXd(last.state));
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
                      last.t == dp.t() &&
                      sameBits(VectorXd(last.state), ProductLayout<P>::product(dp.y()));
    os << "check " << P::kName << ": bench rhs + DormandPrince(" << controllerName(c)
       << ") == makeRun(rk45): " << (rkOk ? "ok" : "FAIL") << " (" << dp.accepted() << " accepted, "
       << dp.rejected() << " rejected, " << dp.fevals() << " fevals)\n";
    ok = ok && rkOk;
  }
  return ok;
}

}  // namespace dms::bench
