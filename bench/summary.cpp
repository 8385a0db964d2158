// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/summary.h"

#include <iomanip>
#include <sstream>

#ifndef DMS_BENCH_BUILD_TYPE
#define DMS_BENCH_BUILD_TYPE "unknown"
#endif

namespace dms::bench {

std::vector<ProblemInfo>& problems() {
  static std::vector<ProblemInfo> p;
  return p;
}

namespace {

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

}  // namespace

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

}  // namespace dms::bench
