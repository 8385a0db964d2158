// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Optimal control of the dumbbell spacecraft (the article's last section): transfer it from
/// (R_0, x_0, Omega_0, v_0) to (R^d, x^d, Omega^d, v^d) in N steps of the first-order
/// controlled equations (firstorderdumbbell.h), minimizing
///   J = sum_{k=0}^{N-1} h/2 (u^f_{k+1}^T W_f u^f_{k+1} + u^m_{k+1}^T W_m u^m_{k+1}).
///
/// Indirect method. The augmented cost adjoins each step k -> k+1 with a multiplier lambda_k in
/// R^12. Order of the 12 components (the order of z_k, used everywhere here):
///   lambda_k = [lambda^R; lambda^x; lambda^Omega; lambda^v]
/// where, as in the article, lambda^v sits on the momentum equation "m v_{k+1} = ..." and
/// lambda^Omega on "J Omega_{k+1} = ..." (article: lambda^v = lambda^2, lambda^Omega =
/// lambda^4, lambda^x = lambda^1; lambda^R = -lambda^3, since every constraint is written here
/// as (new value from the map) - (next state) while the article's log form of (43) has the
/// opposite sign). So the multipliers pair with the momentum-coordinate variation
/// S z = [eta; dx; J dOmega; m dv], S = diag(I, I, J, m I), and the linearization they see is
/// the conjugate  At_k = S A_k S^-1  of A_k (in velocity coordinates z). Then
///   u^f_{k+1} = -W_f^-1 lambda^v_k                                 (47)
///   u^m_{k+1} = -W_m^-1 lambda^Omega_k                             (48)
///   lambda_k = At_{k+1}^T lambda_{k+1},  k = 0..N-2                (49)
/// (Mixing the scalings, e.g. lambda_k = A_{k+1}^T lambda_{k+1} with u = -W^-1 lambda, solves
/// a different problem: its cost comes out about 0.15% too high.)
///
/// Shooting on lambda_0: run the state and, forward, lambda_{k+1} = At_{k+1}^-T lambda_k with
/// the controls (47)-(48); the residual is
///   r(lambda_0) = [log(R^dT R_N)^vee; x_N - x^d; Omega_N - Omega^d; v_N - v^d]
/// and Newton's method drives it to zero with its exact Jacobian dr/dlambda_0: the tangent
/// Z_k = dz_k/dlambda_0 runs with A_k, and dlambda_k/dlambda_0 with the derivative of At_k
/// along Z_k (forward-mode automatic differentiation, firstOrderLinearizationDerivatives);
/// d log(R^dT R_N)^vee = Jr^-1(r_R) eta_N (the inverse right Jacobian of SO(3)).
/// Globalization: a backtracking (Armijo) line search on |r|, halving the Newton step.
///
/// Direct method (the cross-check): the same first-order equations over the controls
/// u_1..u_N (6N numbers), r = 0 as 12 equality constraints, by SLSQP with the gradients of a
/// discrete adjoint.
#pragma once

#include <string>
#include <vector>

#include "core/control/firstorderdumbbell.h"
#include "core/control/progress.h"
#include "core/control/slsqp.h"
#include "core/params.h"

namespace dms {

/// A transfer request. Build it with makeDumbbellOcp(), which checks everything.
struct DumbbellOcp {
  DumbbellParams p;  ///< mu, m1, m2, L, r and the initial state x0, v0, att0, Omega0
  RigidBodyState s0;
  RigidBodyState target;           ///< R^d = exp(attd^), x^d, Omega^d, v^d
  Vector3d wf = Vector3d::Ones();  ///< diagonal of W_f
  Vector3d wm = Vector3d::Ones();  ///< diagonal of W_m
  double h = 0.05;
  int N = 200;  ///< steps, t_N = N h
};

/// Parameters settable with --set: the dumbbell's mu, m1, m2, L, r, x0, v0, att0, Omega0
/// (defaults of the maneuver: R0 = I, Omega0 = 0), the target xd, vd, attd, Omegad and the
/// weight diagonals Wf, Wm. Defaults: an orbit transfer with a quarter turn, x^d = 3.2 (cos 1.9,
/// sin 1.9, 0), v^d the circular velocity there (same sense as v0), R^d = 90 degrees about e3,
/// Omega^d = 0.
const std::vector<ParamSpec>& dumbbellOcpSpecs();

/// Default maneuver time and step.
constexpr double kDumbbellOcpT = 10.0;
constexpr double kDumbbellOcpH = 0.05;
/// Largest N: a shooting pass with its Jacobian costs a fixed amount per step (tens of
/// microseconds), so one pass stays within seconds; the time limit bounds the whole solve.
constexpr int kDumbbellOcpMaxSteps = 100000;

/// Checks the values (ranges, the dumbbell's own checks, T > 0, 0 < h <= T, N within
/// kDumbbellOcpMaxSteps) and builds the request; throws InputError naming the field.
DumbbellOcp makeDumbbellOcp(const ParamValues& values, double T, double h);

/// Why a target cannot be reached at all (a sphere of the dumbbell at the target would contain
/// the attracting point), or empty.
std::string dumbbellTargetError(const DumbbellOcp& ocp);

/// Terminal residual r = [log(R^dT R)^vee; x - x^d; Omega - Omega^d; v - v^d].
Vector12d dumbbellTerminalResidual(const DumbbellOcp& ocp, const RigidBodyState& sN);
/// max of the norms of the four blocks of r: the terminal error.
double dumbbellTerminalError(const Vector12d& r);

/// One pass of the indirect method from lambda_0.
struct ShootingPass {
  bool ok = false;
  std::string why;                     ///< when !ok: which step failed
  std::vector<RigidBodyState> states;  ///< s_0..s_N
  std::vector<Vector12d> lambda;       ///< lambda_0..lambda_{N-1}
  std::vector<Vector3d> uf, um;        ///< u_1..u_N at index 0..N-1
  double cost = 0.0;
  Vector12d r = Vector12d::Zero();
  Matrix12d drdLambda0 = Matrix12d::Zero();  ///< when asked for
};
ShootingPass shootDumbbell(const DumbbellOcp& ocp, const Vector12d& lambda0, bool jacobian);

/// The multiplier of the initial condition, lambda_{-1} = At_0^T lambda_0 ((49) at k = -1).
Vector12d initialConditionMultiplier(const DumbbellOcp& ocp, const Vector12d& lambda0);

struct ShootingSettings {
  int maxIterations = 50;       ///< Newton iterations
  double tolerance = 1e-12;     ///< converged when the terminal error is at most this
  double minStep = 1.0 / 1024;  ///< line search gives up below this fraction of a Newton step
  double maxTimeSeconds = 60;   ///< wall-clock limit (0: none)
};

/// The outcome of a solve, by value. Direct solves fill the same fields (lambda empty).
struct DumbbellOcpSolution {
  bool converged = false;
  bool cancelled = false;
  std::string method;  ///< "indirect" or "direct"
  std::string status;
  std::string message;  ///< why it failed, when it did
  int iterations = 0;
  int evaluations = 0;  ///< shooting passes (line searches included) or SLSQP evaluations
  double cost = 0.0;
  double terminalError = 0.0;
  double maxOrthogonalityError = 0.0;  ///< max_k ||I - R_k^T R_k||
  double cpuSeconds = 0.0;
  double wallSeconds = 0.0;
  Vector12d lambda0 = Vector12d::Zero();
  Vector12d lambdaInitial = Vector12d::Zero();  ///< lambda_{-1}
  std::vector<RigidBodyState> states;
  std::vector<Vector12d> lambda;
  std::vector<Vector3d> uf, um;          ///< u_1..u_N at index 0..N-1
  std::vector<IterationReport> history;  ///< 0 = the initial guess
};

/// Newton's method with a backtracking line search from lambda_0 (default 0). progress is
/// called once per iteration (residual = terminal error); return false to cancel. Never
/// throws for solver trouble (reported in the result); an unreachable target fails at once.
DumbbellOcpSolution solveDumbbellShooting(const DumbbellOcp& ocp, const ShootingSettings& s,
                                          const ProgressCallback& progress = {},
                                          const Vector12d& lambda0 = Vector12d::Zero());

/// Cost, residual and (on request) their gradients in the controls
/// w = [u^f_1; u^m_1; ...; u^f_N; u^m_N] by the discrete adjoint.
struct DirectEvaluation {
  bool ok = false;
  std::string why;
  double cost = 0.0;
  Vector12d r = Vector12d::Zero();
  VectorXd grad;        ///< dJ/dw
  Eigen::MatrixXd jac;  ///< dr/dw, 12 x 6N
  std::vector<RigidBodyState> states;
};
DirectEvaluation evaluateDumbbellDirect(const DumbbellOcp& ocp, const VectorXd& w, bool gradients);

/// SLSQP on the direct transcription from zero controls (or w0). The solution's controls
/// are in uf, um; lambda stays empty.
DumbbellOcpSolution solveDumbbellDirect(const DumbbellOcp& ocp, const SlsqpSettings& s,
                                        const ProgressCallback& progress = {},
                                        const VectorXd& w0 = VectorXd());

}  // namespace dms
