// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_dmoc_bench: the solve time and iteration count of each DMOC example by IPOPT
// (core/sim/dmocproblem.h), and the article's spherical-pendulum swing-up by its own SLSQP
// transcription, and the article's dumbbell transfer by its shooting on the discrete necessary
// conditions, each against the same problem by the generic IPOPT DMOC. Each solve is repeated
// (--repeat, default 3) and the least CPU time is printed (the others are the machine's noise).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <limits>

#include "core/control/dumbbelltransfer.h"
#include "core/control/sphericalswingup.h"
#include "core/lie/so3.h"
#include "core/sim/dmocproblem.h"
#include "core/sim/registry.h"

using namespace dms;

namespace {

// the process's CPU time: on a machine shared with other work the wall time is the CPU time
// plus the waits for a core, which are not the solver's
double cpuNow() { return double(std::clock()) / CLOCKS_PER_SEC; }
double seconds(double t0) { return cpuNow() - t0; }

}  // namespace

int main(int argc, char** argv) {
  int repeat = 3;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--repeat") == 0) repeat = std::max(1, std::atoi(argv[i + 1]));
  std::printf("IPOPT %s, best of %d\n\n", ipoptVersion().c_str(), repeat);
  std::printf("%-34s %5s %6s %9s %12s %9s %9s %9s\n", "system", "N", "iters", "CPU s", "cost",
              "max|c|", "vi end", "rk45 end");
  // every example is the registered problem of its system
  for (const SystemEntry& e : registry()) {
    if (!e.control) continue;
    DmocSpec spec;
    try {
      spec = dmocSpecOf(*e.control, {});
    } catch (const InputError&) {
      continue;  // not a DMOC problem (the article's own)
    }
    double best = std::numeric_limits<double>::infinity();
    DmocSolution sol;
    for (int k = 0; k < repeat; ++k) {
      const double t0 = cpuNow();
      sol = solveDmoc(spec, {});
      best = std::min(best, seconds(t0));
    }
    std::printf("%-34s %5d %6d %9.3f %12.6g %9.2g %9.2g %9.2g%s\n", e.model->name().c_str(), sol.N,
                sol.iterations, best, sol.cost, sol.constraintViolation, sol.viTerminalError,
                sol.rk45TerminalError, sol.converged ? "" : "  NOT CONVERGED");
  }

  // the article's swing-up: its SLSQP on (35)-(36) against IPOPT on the spherical pendulum's
  // forced vi step, the same T, h, masses and boundary states, no bound on the control; at the
  // article's h = 0.033 (N = 30) and at h = 0.005 (N = 200): SLSQP's dense quasi-Newton
  // matrices grow as N^2 and its QP's work as N^3, IPOPT's sparse factorization as N
  const ControlProblem& swing = sphericalSwingUp();
  for (double h : {0.033, 0.005}) {
    ControlRequest request;
    request.values["h"] = {h};
    const ParamValues v = swing.completeValues(request);
    double bestSqp = std::numeric_limits<double>::infinity();
    ControlResult sqp;
    for (int k = 0; k < repeat; ++k) {
      const double t0 = cpuNow();
      sqp = swing.solve(request, {});
      bestSqp = std::min(bestSqp, seconds(t0));
    }
    DmocSpec s;
    s.model = findSystem("spherical-pendulum");
    s.values = defaultValues(s.model->params());
    for (const char* p : {"m", "l", "g"}) s.values[p] = v.at(p);
    s.values["q0"] = v.at("q0");
    s.values["omega0"] = v.at("omega0");
    s.target = {StatePart{"q", {3}, v.at("qd")}, StatePart{"omega", {3}, v.at("omegad")}};
    s.T = v.at("T").front();
    s.h = h;
    s.uBound = VectorXd::Constant(3, std::numeric_limits<double>::infinity());
    double bestIpopt = std::numeric_limits<double>::infinity();
    DmocSolution ip;
    for (int k = 0; k < repeat; ++k) {
      const double t0 = cpuNow();
      ip = solveDmoc(s, {});
      bestIpopt = std::min(bestIpopt, seconds(t0));
    }
    const double l = v.at("l").front();
    std::printf("\nThe article's spherical-pendulum swing-up (T = %g s, h = %g s, N = %d):\n", s.T,
                s.h, ip.N);
    std::printf(
        "  SLSQP (NLopt, its own transcription): %d iterations, %.4f s, cost h/2 sum |u|^2 "
        "= %.6g, %s\n",
        sqp.iterations, bestSqp, sqp.cost, sqp.converged ? "converged" : "NOT CONVERGED");
    std::printf(
        "  IPOPT (generic DMOC, bob forces f): %d iterations, %.4f s, cost h sum |f|^2 = "
        "%.6g (l^2/2 of it: %.6g), vi replay ends %.2g from the target, %s\n",
        ip.iterations, bestIpopt, ip.cost, l * l / 2 * ip.cost, ip.viTerminalError,
        ip.converged ? "converged" : "NOT CONVERGED");
    std::printf("  IPOPT / SLSQP CPU time: %.2f\n", bestIpopt / bestSqp);
  }

  // the article's dumbbell transfer: its Newton shooting on (47)-(49) of the first-order
  // equations (u at t_{k+1}, cost h/2 sum (|u^f|^2 + |u^m|^2) at unit weights) against IPOPT on
  // the dumbbell's forced vi step (u = (tau, f) at both ends, cost h sum |u|^2), the same
  // T, h, dumbbell and boundary states, no bound on the control
  const ControlProblem& transfer = dumbbellTransfer();
  const ParamValues tv = transfer.completeValues({});
  double bestShoot = std::numeric_limits<double>::infinity();
  ControlResult shoot;
  for (int k = 0; k < repeat; ++k) {
    const double t0 = cpuNow();
    shoot = transfer.solve({}, {});
    bestShoot = std::min(bestShoot, seconds(t0));
  }
  DmocSpec d;
  d.model = findSystem("dumbbell");
  d.values = defaultValues(d.model->params());
  for (const char* p : {"mu", "m1", "m2", "L", "r", "x0", "v0", "att0", "Omega0"})
    d.values[p] = tv.at(p);
  // the target as the transfer makes it: a circular orbit at radius, angle unless given
  const double rd = tv.at("radius").front(), th = tv.at("angle").front();
  const double vc = std::sqrt(tv.at("mu").front() / rd);
  const Matrix3d Rd = so3Exp(vectorParam(tv, "attd"));
  std::vector<double> rd9;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) rd9.push_back(Rd(i, j));
  d.target = {StatePart{"R", {3, 3}, rd9}, StatePart{"Omega", {3}, tv.at("Omegad")},
              StatePart{"x", {3}, {rd * std::cos(th), rd * std::sin(th), 0.0}},
              StatePart{"v", {3}, {-vc * std::sin(th), vc * std::cos(th), 0.0}}};
  d.T = tv.at("T").front();
  d.h = tv.at("h").front();
  d.uBound = VectorXd::Constant(6, std::numeric_limits<double>::infinity());
  double bestDmoc = std::numeric_limits<double>::infinity();
  DmocSolution dm;
  for (int k = 0; k < repeat; ++k) {
    const double t0 = cpuNow();
    dm = solveDmoc(d, {});
    bestDmoc = std::min(bestDmoc, seconds(t0));
  }
  std::printf("\nThe article's dumbbell transfer (T = %g s, h = %g s, N = %d):\n", d.T, d.h, dm.N);
  std::printf("  shooting on (47)-(49) (Newton): %d iterations, %.4f s, cost %.6g, %s\n",
              shoot.iterations, bestShoot, shoot.cost,
              shoot.converged ? "converged" : "NOT CONVERGED");
  std::printf(
      "  IPOPT (generic DMOC, u = (tau, f)): %d iterations, %.4f s, cost h sum |u|^2 = %.6g "
      "(half of it: %.6g), vi replay ends %.2g from the target, %s\n",
      dm.iterations, bestDmoc, dm.cost, dm.cost / 2, dm.viTerminalError,
      dm.converged ? "converged" : ("NOT CONVERGED: " + dm.message).c_str());
  std::printf("  IPOPT / shooting CPU time: %.2f\n", bestDmoc / bestShoot);
  return 0;
}
