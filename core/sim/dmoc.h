// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Discrete mechanics and optimal control (DMOC) of any system with controls and tangent
/// coordinates: the forced steps of the `vi` method (the discrete Lagrange-d'Alembert
/// principle) as the constraints, on the system's own manifold, solved by IPOPT
/// (core/control/dmocnlp.h) with the exact derivatives of Simulator::linearize. The states are
/// written in charts around reference states (a rotation R = R_ref exp(z^), a unit vector
/// q = exp((E z)^) q_ref with E a basis of the plane normal to q_ref, other parts added to);
/// docs/optimal-control.md derives the constraints and their Jacobians.
#pragma once

#include <string>
#include <vector>

#include "core/control/dmocnlp.h"
#include "core/systems/system.h"

namespace dms {

enum class DmocGuess {
  Interpolate,  ///< the states along the tangent vector from x_0 to the target, u = uGuess
  Free,         ///< the vi run from x_0 under u = uGuess (unforced when uGuess is empty)
};

struct DmocSpec {
  const SystemModel* model = nullptr;
  ParamValues values;              ///< the system's parameters (x_0 from them unless initial)
  std::vector<StatePart> initial;  ///< x_0 by parts; empty: the parameters' initial state
  std::vector<StatePart> target;   ///< x_N by parts (the terminal constraint)
  double T = 1.0;
  double h = 0.01;
  VectorXd uBound;  ///< |u_i| <= uBound_i (m entries; inf: none)
  /// u_i >= uLower_i in place of -uBound_i (m entries, each in [-uBound_i, uBound_i); empty:
  /// -uBound), for a control that pushes one way only (a thrust, 0 <= f).
  VectorXd uLower;
  /// The controls' initial guess, the same at every step (m entries within the bounds; empty:
  /// u = 0), e.g. the hover thrust m g.
  VectorXd uGuess;
  DmocGuess guess = DmocGuess::Interpolate;
  double tol = 1e-8;  ///< IPOPT's tol and constr_viol_tol
  int maxIterations = 1000;
  double maxCpuSeconds = 300.0;
  int maxRecenterings = 4;  ///< new references at the solution, when it nears a chart's edge
  /// The running cost L(t, state, u) typed as an expression (core/sim/dmoccost.h); empty: the
  /// control effort |u|^2. The cost is h sum_k (L(t_k, x_k, u_k) + L(t_{k+1}, x_{k+1}, u_k))/2
  /// + Phi(x_N): the trapezoidal rule along each step, over which u_k is held.
  std::string runningCost;
  /// The terminal cost Phi(state) typed as an expression; empty: none.
  std::string terminalCost;
  /// true: x_N is free and the target is reached through the terminal cost alone (which must
  /// be given); false: x_N = target is a constraint.
  bool targetAsCost = false;
};

struct DmocSolution {
  bool converged = false;
  bool cancelled = false;
  std::string status;   ///< IPOPT's last word
  std::string message;  ///< why it failed, in words, when it did
  int N = 0;
  int iterations = 0;  ///< over every restart
  int evaluations = 0;
  int recenterings = 0;
  double cost = 0.0;                 ///< the whole cost (h sum |u_k|^2 by default)
  double terminalCostValue = 0.0;    ///< Phi(x_N), its part of the cost
  double constraintViolation = 0.0;  ///< max |c_i| of the chart defects
  double cpuSeconds = 0.0;           ///< the process's CPU time during the solve (std::clock)
  double wallSeconds = 0.0;
  std::vector<std::vector<StatePart>> states;  ///< x_0..x_N of the solution
  std::vector<VectorXd> u;                     ///< u_0..u_{N-1}
  std::vector<IterationReport> history;
  /// The replay of u through the forced Simulator from x_0, by vi and by RK45 (its default
  /// tolerances), N steps each: their samples and how far each ends from the target,
  /// |tangentDifference(target, x_N)|.
  std::vector<Sample> viReplay, rk45Replay;
  double viTerminalError = 0.0, rk45TerminalError = 0.0;
  /// |tangentDifference(the solution's x_N, the vi replay's end)|: with the target a cost, the
  /// replay's check (x_N is then not the target).
  double viReplayError = 0.0;
  double rk45Rtol = 0.0;
  /// |tangentDifference(vi replay's x_k, RK45 replay's x_k)|, k = 0..N (as far as both went).
  std::vector<double> rk45Deviation;
};

/// Checks the spec (InputError naming the field) and solves. Bad numbers met during the solve
/// (a step that fails, a cost that is not finite) end in a solution with converged = false and
/// a message; progress as in ControlProblem::solve.
DmocSolution solveDmoc(const DmocSpec& spec, const ProgressCallback& progress);

/// The controls' unit when they all have the same, else empty (a bound on u_i is then in the
/// unit of its control: the two-body problem's torques in N m, its force in N).
std::string dmocControlUnit(const SystemDeclaration& d);

/// The reduced chart coordinates per state (3 per rotation, 2 per unit vector, the entries of
/// the rest) of the system's state.
int dmocChartSize(const SystemDeclaration& d, const std::vector<StatePart>& state);

}  // namespace dms
