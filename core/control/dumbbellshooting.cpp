// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dumbbell problem's indirect solver: shooting on the initial multiplier lambda_0, each pass
// integrating the states and the costate forward (with the tangents for Newton's step).
#include <Eigen/LU>
#include <chrono>
#include <cmath>
#include <ctime>

#include "core/control/dumbbellocp.h"
#include "core/control/dumbbellocpcommon.h"
#include "core/lie/so3.h"

namespace dms {

using dumbbellocp::cost;
using dumbbellocp::finishPath;
using dumbbellocp::residualJacobian;

namespace {

using Matrix3x12d = Eigen::Matrix<double, 3, 12>;

// the controls (47)-(48) from the velocity-coordinate costate p = S lambda:
// lambda^v = p^v / m, lambda^Omega = J^-1 p^Omega
void controlsFromCostate(const DumbbellOcp& o, const ControlledDumbbell& d, const Vector12d& p,
                         Vector3d& uf, Vector3d& um) {
  // (+ 0: a zero multiplier gives +0, not -0, in the output)
  uf = Vector3d(-(p.segment<3>(9) / d.m).cwiseQuotient(o.wf)) + Vector3d::Zero();
  um = Vector3d(-(d.Jinv * p.segment<3>(6)).cwiseQuotient(o.wm)) + Vector3d::Zero();
}

Vector12d costateToMultiplier(const ControlledDumbbell& d, const Vector12d& p) {
  Vector12d l = p;
  l.segment<3>(6) = d.Jinv * p.segment<3>(6);
  l.segment<3>(9) = p.segment<3>(9) / d.m;
  return l;
}

Vector12d multiplierToCostate(const ControlledDumbbell& d, const Vector12d& l) {
  Vector12d p = l;
  p.segment<3>(6) = d.J * l.segment<3>(6);
  p.segment<3>(9) = d.m * l.segment<3>(9);
  return p;
}

// one forward pass: states, costate p = S lambda (forward by (49)), and with `jacobian` the
// tangents Z_k = dz_k/dlambda_0 and P_k = dp_k/dlambda_0:
//   Z_{k+1} = A_k Z_k + B dU_{k+1},   A_{k+1}^T p_{k+1} = p_k  (At^T lambda_{k+1} = lambda_k),
//   A_{k+1}^T P_{k+1} col j = P_k col j - dA_{k+1}[j]^T p_{k+1}
ShootingPass shoot(const DumbbellOcp& o, const ControlledDumbbell& d, const Vector12d& lambda0,
                   bool jacobian) {
  ShootingPass out;
  const int N = o.N;
  const double h = o.h;
  out.states.reserve(std::size_t(N) + 1);
  out.lambda.reserve(std::size_t(N));
  out.uf.reserve(std::size_t(N));
  out.um.reserve(std::size_t(N));
  RigidBodyState s = o.s0;
  out.states.push_back(s);
  Vector12d p = multiplierToCostate(d, lambda0);
  Matrix12d P = Matrix12d::Identity();  // dp_0/dlambda_0 = S
  P.block<3, 3>(6, 6) = d.J;
  P.block<3, 3>(9, 9) = d.m * Matrix3d::Identity();
  Matrix12d Z = Matrix12d::Zero();
  Matrix12d A = Matrix12d::Zero();  // A at the current s (k >= 1)
  std::array<Matrix12d, 12> dA;
  out.cost = 0.0;
  for (int k = 0; k < N; ++k) {
    out.lambda.push_back(costateToMultiplier(d, p));
    Vector3d uf, um;
    controlsFromCostate(o, d, p, uf, um);
    out.uf.push_back(uf);
    out.um.push_back(um);
    out.cost += cost(o, uf, um);
    std::string why;
    if (!firstOrderStep(d, h, uf, um, s, &why)) {
      out.why = "step " + std::to_string(k) + " (t = " + formatNumber(k * h) + "): " + why;
      return out;
    }
    out.states.push_back(s);
    if (jacobian) {
      Matrix12d Zn = k > 0 ? Matrix12d(A * Z) : Matrix12d::Zero();
      const Matrix3x12d dUf = -(o.wf.cwiseInverse().asDiagonal() * P.middleRows<3>(9)) / d.m;
      const Matrix3x12d dUm = -(o.wm.cwiseInverse().asDiagonal() * (d.Jinv * P.middleRows<3>(6)));
      Zn.middleRows<3>(6) += h * (d.Jinv * dUm);
      Zn.middleRows<3>(9) += (h / d.m) * dUf;
      Z = Zn;
    }
    if (k + 1 == N) break;
    Matrix3d F;
    if (!firstOrderRotation(d, h, s.Omega, F, &why)) {
      out.why = "step " + std::to_string(k + 1) + ": " + why;
      return out;
    }
    if (jacobian)
      firstOrderLinearizationDerivatives(d, h, s, F, Z, A, dA);
    else
      A = firstOrderLinearization(d, h, s, F);
    const Eigen::PartialPivLU<Matrix12d> lu(A.transpose());
    const Vector12d pn = lu.solve(p);
    if (!pn.allFinite()) {
      out.why = "the multiplier recursion (49) is singular at step " + std::to_string(k + 1);
      return out;
    }
    if (jacobian) {
      Matrix12d Pn;
      for (int j = 0; j < 12; ++j)
        Pn.col(j) = lu.solve(Vector12d(P.col(j) - dA[std::size_t(j)].transpose() * pn));
      P = Pn;
    }
    p = pn;
  }
  out.r = dumbbellTerminalResidual(o, s);
  if (!std::isfinite(out.cost) || !out.r.allFinite()) {
    out.why = "the cost or the terminal state is not finite";
    return out;
  }
  if (jacobian) out.drdLambda0 = residualJacobian(out.r) * Z;
  out.ok = true;
  return out;
}

IterationReport report(int it, int evaluations, double cost, const Vector12d& r) {
  IterationReport rep;
  rep.iteration = it;
  rep.evaluations = evaluations;
  rep.cost = cost;
  rep.constraintViolation = r.cwiseAbs().maxCoeff();
  rep.residual = dumbbellTerminalError(r);
  return rep;
}

}  // namespace

ShootingPass shootDumbbell(const DumbbellOcp& ocp, const Vector12d& lambda0, bool jacobian) {
  const ControlledDumbbell d(ocp.p);
  return shoot(ocp, d, lambda0, jacobian);
}

Vector12d initialConditionMultiplier(const DumbbellOcp& ocp, const Vector12d& lambda0) {
  const ControlledDumbbell d(ocp.p);
  Matrix3d F;
  if (!firstOrderRotation(d, ocp.h, ocp.s0.Omega, F, nullptr)) return Vector12d::Zero();
  const Matrix12d A0 = firstOrderLinearization(d, ocp.h, ocp.s0, F);
  return costateToMultiplier(d, A0.transpose() * multiplierToCostate(d, lambda0));
}

DumbbellOcpSolution solveDumbbellShooting(const DumbbellOcp& ocp, const ShootingSettings& st,
                                          const ProgressCallback& progress,
                                          const Vector12d& lambda0) {
  DumbbellOcpSolution out;
  out.method = "indirect";
  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const auto elapsed = [&t0] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const auto finish = [&](DumbbellOcpSolution& o) {
    o.cpuSeconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
    o.wallSeconds = elapsed();
  };
  const std::string target = dumbbellTargetError(ocp);
  if (!target.empty()) {
    out.status = "unreachable target";
    out.message = target;
    out.terminalError = HUGE_VAL;
    finish(out);
    return out;
  }

  const ControlledDumbbell d(ocp.p);
  Vector12d theta = lambda0;
  ShootingPass cur = shoot(ocp, d, theta, true);
  int evaluations = 1;
  if (!cur.ok) {
    out.status = "initial guess not defined";
    out.message = "the shooting pass from the initial multipliers fails: " + cur.why;
    out.terminalError = HUGE_VAL;
    finish(out);
    return out;
  }
  const auto keep = [&](const ShootingPass& pass) {
    out.states = pass.states;
    out.lambda = pass.lambda;
    out.uf = pass.uf;
    out.um = pass.um;
    out.cost = pass.cost;
    out.lambda0 = theta;
  };
  const auto fail = [&](const std::string& status, const std::string& message) {
    out.status = status;
    out.message = message;
    out.evaluations = evaluations;
    keep(cur);
    finishPath(out, ocp);
    out.lambdaInitial = initialConditionMultiplier(ocp, theta);
    finish(out);
    return out;
  };

  for (int it = 0;; ++it) {
    const IterationReport rep = report(it, evaluations, cur.cost, cur.r);
    out.history.push_back(rep);
    out.iterations = it;
    if (progress && !progress(rep)) {
      out.cancelled = true;
      return fail("cancelled", "cancelled by the caller");
    }
    const double err = *rep.residual;
    if (err <= st.tolerance) break;
    if (it == st.maxIterations)
      return fail("iteration limit (" + std::to_string(st.maxIterations) + ") reached",
                  "Newton's method did not converge in " + std::to_string(st.maxIterations) +
                      " iterations (terminal error " + formatNumber(err) + " > tolerance " +
                      formatNumber(st.tolerance) + ")");
    if (st.maxTimeSeconds > 0 && elapsed() > st.maxTimeSeconds)
      return fail("time limit reached", "Newton's method stopped after " + formatNumber(elapsed()) +
                                            " s (limit " + formatNumber(st.maxTimeSeconds) +
                                            " s) at terminal error " + formatNumber(err));
    const Eigen::FullPivLU<Matrix12d> lu(cur.drdLambda0);
    if (lu.rank() < 12)
      return fail("singular Jacobian",
                  "the terminal state does not depend on all 12 initial multipliers (Jacobian "
                  "rank " +
                      std::to_string(lu.rank()) + " at iteration " + std::to_string(it) +
                      "): the target is not reachable from here");
    const Vector12d step = lu.solve(-cur.r);
    // backtracking (Armijo) on |r|: the full step first (with its Jacobian, usually accepted)
    const double norm0 = cur.r.norm();
    double alpha = 1.0;
    bool accepted = false;
    std::string lastWhy;
    for (; alpha >= st.minStep; alpha *= 0.5) {
      if (st.maxTimeSeconds > 0 && elapsed() > st.maxTimeSeconds)
        return fail("time limit reached", "Newton's method stopped in its line search after " +
                                              formatNumber(elapsed()) + " s (limit " +
                                              formatNumber(st.maxTimeSeconds) +
                                              " s) at terminal error " + formatNumber(err));
      ShootingPass trial = shoot(ocp, d, theta + alpha * step, alpha == 1.0);
      ++evaluations;
      if (trial.ok && trial.r.norm() <= (1.0 - 1e-4 * alpha) * norm0) {
        theta += alpha * step;
        if (alpha != 1.0) {
          trial = shoot(ocp, d, theta, true);
          ++evaluations;
        }
        cur = trial;
        accepted = true;
        break;
      }
      if (!trial.ok) lastWhy = trial.why;
    }
    if (!accepted)
      return fail("line search failed",
                  "Newton's method did not converge: its line search found no decrease of the "
                  "terminal error " +
                      formatNumber(err) + " at iteration " + std::to_string(it) +
                      " (step fractions down to " + formatNumber(st.minStep) + ")" +
                      (lastWhy.empty() ? std::string() : "; the last failed pass: " + lastWhy) +
                      ": the target is not reachable from this guess");
  }
  out.converged = true;
  out.status = "converged";
  keep(cur);
  finishPath(out, ocp);
  out.lambdaInitial = initialConditionMultiplier(ocp, theta);
  out.evaluations = evaluations;
  finish(out);
  return out;
}

}  // namespace dms
