// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_bench: ns per step of the variational integrators and of our RK45, with Boost.Odeint's
// controlled runge_kutta_dopri5 as a peer on the same problems and tolerances, and a check that
// the variational step loop allocates nothing. A benchmark, not a test: not run by CTest.
// The benchmarks by family: bench/vibench.h (variational), bench/rkbench.h (RK45 and the peer),
// their set-up in bench/setup.h, the checks in bench/checks.h, the summary in bench/summary.cpp.

#include <benchmark/benchmark.h>

#include <exception>
#include <iostream>
#include <string>

#include "bench/alloccounter.h"
#include "bench/chainbench.h"
#include "bench/checks.h"
#include "bench/custombench.h"
#include "bench/problems.h"
#include "bench/rkbench.h"
#include "bench/setup.h"
#include "bench/summary.h"
#include "bench/twobodybench.h"
#include "bench/vibench.h"

#ifndef DMS_BENCH_BUILD_TYPE
#define DMS_BENCH_BUILD_TYPE "unknown"
#endif

namespace dms::bench {
namespace {

// ---- registration: one line per system ----------------------------------------------------

// the variational steps and runs of a system
template <class P>
void registerVi() {
  const Setup<P>& su = setup<P>();
  problems().push_back({P::kName, P::kMethodName, su.settings.h, su.settings.T, su.tf,
                        su.settings.rtol, su.settings.atol, su.steps, P::kDim});
  const std::string n = std::string(P::kName) + "/" + P::kMethodName;
  benchmark::RegisterBenchmark((n + "_step").c_str(), bmViStep<P, false>);
  benchmark::RegisterBenchmark((n + "_step_compensated").c_str(), bmViStep<P, true>);
  if constexpr (hasMinimal<P>()) {
    benchmark::RegisterBenchmark((n + "_minimal").c_str(), bmMinimalStep<P, false>);
    benchmark::RegisterBenchmark((n + "_minimal_compensated").c_str(), bmMinimalStep<P, true>);
  }
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
  registerVariational<Pendulum3dProblem>();
  registerRk<Pendulum3dProblem>();
  benchmark::RegisterBenchmark("pendulum-3d/rk45quat_run", bmRkRun<Pendulum3dProblem>,
                               Method::Rk45Quat);
  registerChain();
  registerTyped();
  registerTwoBody();
}

bool checkAll(std::ostream& os) {
  bool ok = true;
  ok = checkVariational<MassSpringProblem>(os) && checkRk<MassSpringProblem>(os) && ok;
  ok = checkVariational<PlanarPendulumProblem>(os) && checkRk<PlanarPendulumProblem>(os) && ok;
  ok = checkVariational<SphericalPendulumProblem>(os) && checkVi<RattleProblem>(os) &&
       checkRk<SphericalPendulumProblem>(os) && ok;
  ok = checkVariational<DumbbellProblem>(os) && checkRk<DumbbellProblem>(os) && ok;
  ok = checkVariational<Pendulum3dProblem>(os) && checkRk<Pendulum3dProblem>(os) && ok;
  ok = checkChain(os) && ok;
  ok = checkTyped(os) && ok;
  ok = checkTwoBody(os) && ok;
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
