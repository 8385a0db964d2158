// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Discrete optimal control as a large sparse nonlinear program, solved by IPOPT: the states
/// x_1..x_N in chart coordinates z_k (r numbers each, the system's own charts: see
/// core/sim/dmoc.h) and the controls u_0..u_{N-1} (m each), subject to the defects
/// c_k(z_k, u_k, z_{k+1}) = 0 of one step each (x_0 is fixed), with z_N fixed (the terminal
/// state) or free, bounds on u and on the chart coordinates (a chart's domain), minimizing
/// h sum_k |u_k|^2 or the model's cost with its exact gradient. The model gives each defect
/// with its exact derivatives; the NLP knows no system. docs/optimal-control.md derives the
/// constraints.
#pragma once

#include <string>
#include <vector>

#include "core/control/progress.h"
#include "core/integrators/tangent.h"
#include "core/types.h"

namespace dms {

/// The dynamics of a transcription, stage by stage.
class DmocModel {
 public:
  virtual ~DmocModel() = default;
  /// The defect of step k, c_k = chart_{k+1}(Phi(x_k, u_k)) - z_{k+1} (r entries), at the chart
  /// coordinates z_k of x_k (ignored for k = 0: x_0 is fixed) and the control u_k; with
  /// `derivatives`, Cz = dc_k/dz_k (r x r; unused for k = 0) and Cu = dc_k/du_k (r x m)
  /// (dc_k/dz_{k+1} is -I). Returns false when the step fails there (why says how).
  virtual bool defect(int k, const VectorXd& zk, const VectorXd& uk, const VectorXd& zk1,
                      bool derivatives, VectorXd& c, MatrixXd& Cz, MatrixXd& Cu,
                      std::string* why) = 0;
  /// With DmocNlpSettings::typedCost: the cost's term of step k, f_k(z_k, u_k, z_{k+1}), and
  /// with `gradient` its derivatives fz (unused for k = 0), fu and fz1. Returns false when it is
  /// not finite there (why says where). The default has none (returns false).
  virtual bool stageCost(int k, const VectorXd& zk, const VectorXd& uk, const VectorXd& zk1,
                         bool gradient, double& f, VectorXd& fz, VectorXd& fu, VectorXd& fz1,
                         std::string* why);
  /// With DmocNlpSettings::typedCost: the terminal cost at z_N and its gradient fz; the
  /// default has none (returns false).
  virtual bool terminalCost(const VectorXd& zN, bool gradient, double& f, VectorXd& fz,
                            std::string* why);
};

struct DmocNlpSettings {
  int N = 0;                    ///< steps
  int r = 0;                    ///< chart coordinates per state
  int m = 0;                    ///< controls per step
  double h = 0.0;               ///< the step (the cost is h sum |u_k|^2)
  VectorXd uLower, uUpper;      ///< bounds on each u_k (m entries; +-inf: none)
  VectorXd zBound;              ///< |z_k,i| <= zBound_i (r entries; inf: none), the charts' domain
  VectorXd zTerminal;           ///< z_N, fixed (r entries)
  double tol = 1e-8;            ///< IPOPT's tol (the scaled NLP error)
  double constraintTol = 1e-8;  ///< IPOPT's constr_viol_tol: max |c_i| at convergence
  int maxIterations = 1000;
  double maxCpuSeconds = 300.0;
  /// false: the cost is h sum_k |u_k|^2, computed here; true: the model's stageCost and
  /// terminalCost.
  bool typedCost = false;
  /// true: z_N is a variable within zBound (the target is a cost); false: z_N = zTerminal.
  bool terminalFree = false;
  int iterationOffset = 0;  ///< added to the iteration numbers reported (restarts)
  int evaluationOffset = 0;
};

struct DmocNlpResult {
  bool converged = false;  ///< IPOPT's Solve_Succeeded or Solved_To_Acceptable_Level
  bool cancelled = false;  ///< the progress callback returned false
  std::string status;      ///< IPOPT's return status in words, e.g. "infeasible problem detected"
  int iterations = 0;
  int evaluations = 0;  ///< evaluations of the defects
  double cost = 0.0;
  double constraintViolation = 0.0;  ///< max |c_i| at the point returned
  /// Why the cost was not finite at a point IPOPT tried (the last such point), or empty.
  std::string costFailure;
  /// The point returned: IPOPT's last iterate, or, when IPOPT did not converge, the evaluated
  /// point of least constraint violation (the best iterate seen).
  std::vector<VectorXd> z;  ///< z_1..z_N
  std::vector<VectorXd> u;  ///< u_0..u_{N-1}
  std::vector<IterationReport> history;
};

/// Solves from the guess (z_1..z_N, u_0..u_{N-1}) with IPOPT's interior point method, its
/// limited-memory quasi-Newton Hessian and exact sparse constraint Jacobians from the model.
/// progress is called once per IPOPT iteration (cost, max |c_i|); false cancels. One solve at
/// a time per process (a mutex: the sequential MUMPS IPOPT factors with keeps global state).
/// Never throws for a failed solve: the status says what happened.
DmocNlpResult solveDmocNlp(DmocModel& model, const DmocNlpSettings& settings,
                           const std::vector<VectorXd>& z, const std::vector<VectorXd>& u,
                           const ProgressCallback& progress);

/// The IPOPT version this was built with, e.g. "3.11.9".
std::string ipoptVersion();

}  // namespace dms
