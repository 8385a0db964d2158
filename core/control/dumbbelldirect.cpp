// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The dumbbell problem's direct solver: the 6N controls as the unknowns of SLSQP, with the
// cost and the terminal residual's gradients from one adjoint sweep.
#include <chrono>
#include <cmath>
#include <ctime>

#include "core/control/dumbbellocp.h"
#include "core/control/dumbbellocpcommon.h"

namespace dms {

using dumbbellocp::cost;
using dumbbellocp::finishPath;
using dumbbellocp::residualJacobian;

DirectEvaluation evaluateDumbbellDirect(const DumbbellOcp& ocp, const VectorXd& w, bool gradients) {
  DirectEvaluation e;
  const ControlledDumbbell d(ocp.p);
  const int N = ocp.N;
  const double h = ocp.h;
  if (w.size() != 6 * N) {
    e.why = "expected 6N = " + std::to_string(6 * N) + " controls, got " + std::to_string(w.size());
    return e;
  }
  std::vector<Matrix12d> A(gradients ? std::size_t(N) : 0);
  RigidBodyState s = ocp.s0;
  e.states.push_back(s);
  for (int k = 0; k < N; ++k) {
    const Vector3d uf = w.segment<3>(6 * k), um = w.segment<3>(6 * k + 3);
    e.cost += cost(ocp, uf, um);
    const RigidBodyState sk = s;
    Matrix3d F;
    std::string why;
    if (!firstOrderStep(d, h, uf, um, s, &why, &F)) {
      e.why = "step " + std::to_string(k) + " (t = " + formatNumber(k * h) + "): " + why;
      return e;
    }
    if (gradients && k > 0) A[std::size_t(k)] = firstOrderLinearization(d, h, sk, F);
    e.states.push_back(s);
  }
  e.r = dumbbellTerminalResidual(ocp, s);
  if (!std::isfinite(e.cost) || !e.r.allFinite()) {
    e.why = "the cost or the terminal state is not finite";
    return e;
  }
  e.ok = true;
  if (!gradients) return e;
  // adjoint sweep: L_j = dr/dz_j = dr/dz_N A_{N-1} ... A_j; u_j enters z_j through
  // dOmega_j += h J^-1 du^m_j, dv_j += (h/m) du^f_j
  e.grad.resize(6 * N);
  e.jac.resize(12, 6 * N);
  Matrix12d L = residualJacobian(e.r);
  for (int j = N; j >= 1; --j) {
    const Vector3d uf = w.segment<3>(6 * (j - 1)), um = w.segment<3>(6 * (j - 1) + 3);
    e.grad.segment<3>(6 * (j - 1)) = h * ocp.wf.cwiseProduct(uf);
    e.grad.segment<3>(6 * (j - 1) + 3) = h * ocp.wm.cwiseProduct(um);
    e.jac.block<12, 3>(0, 6 * (j - 1)) = (h / d.m) * L.middleCols<3>(9);
    e.jac.block<12, 3>(0, 6 * (j - 1) + 3) = h * L.middleCols<3>(6) * d.Jinv;
    if (j - 1 >= 1) L = L * A[std::size_t(j - 1)];
  }
  return e;
}

DumbbellOcpSolution solveDumbbellDirect(const DumbbellOcp& ocp, const SlsqpSettings& st,
                                        const ProgressCallback& progress, const VectorXd& w0) {
  DumbbellOcpSolution out;
  out.method = "direct";
  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const auto finish = [&] {
    out.cpuSeconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
    out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const std::string target = dumbbellTargetError(ocp);
  if (!target.empty()) {
    out.status = "unreachable target";
    out.message = target;
    out.terminalError = HUGE_VAL;
    finish();
    return out;
  }
  const int n = 6 * ocp.N;
  const VectorXd start = w0.size() == n ? w0 : VectorXd(VectorXd::Zero(n));
  EqualityNlp nlp;
  nlp.n = n;
  nlp.m = 12;
  nlp.evaluate = [&ocp](const VectorXd& x, double& f, VectorXd& c, VectorXd* g,
                        Eigen::MatrixXd* A) {
    const DirectEvaluation e = evaluateDumbbellDirect(ocp, x, g != nullptr);
    if (!e.ok) return false;
    f = e.cost;
    c = e.r;
    if (g) *g = e.grad;
    if (A) *A = e.jac;
    return true;
  };
  const SlsqpResult r = solveSlsqp(nlp, start, st, progress);
  takeSolverReport(r, out);
  const DirectEvaluation e = evaluateDumbbellDirect(ocp, r.x, false);
  if (!e.ok) {
    out.converged = false;
    out.message = "the final point is not defined: " + e.why;
    out.terminalError = HUGE_VAL;
    finish();
    return out;
  }
  out.cost = e.cost;
  out.states = e.states;
  for (int k = 0; k < ocp.N; ++k) {
    out.uf.push_back(r.x.segment<3>(6 * k));
    out.um.push_back(r.x.segment<3>(6 * k + 3));
  }
  finishPath(out, ocp);
  if (!out.converged)
    out.message = out.cancelled
                      ? "cancelled by the caller"
                      : "SLSQP stopped without converging: " + r.status + " after " +
                            std::to_string(r.iterations) + " iterations, constraint violation " +
                            formatNumber(e.r.cwiseAbs().maxCoeff()) + " (tol " +
                            formatNumber(st.constraintTol) + ")";
  finish();
  return out;
}

}  // namespace dms
