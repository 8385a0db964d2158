// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// DMOC for the spherical pendulum (the article's "optimal control of a spherical pendulum"):
/// minimize  J = sum_{k=0}^{N} h/2 |u_k|^2,  u_k = q_k x w_k,  over w_0..w_N (3(N+1) numbers)
/// subject to the forced discrete dynamics from (q_0, omega_0) and the terminal condition
/// (q_N, omega_N) = (q^d, omega^d), by SLSQP with exact gradients (a discrete adjoint).
///
/// The rk2 transcription charges the moments Heun's method actually applies: its second stage
/// applies q~_{k+1} x w_{k+1} at the predictor q~_{k+1} = q_k + h omega_k x q_k, so
///   J_rk2 = h/2 |u_0|^2 + sum_{k=1}^{N-1} h/4 (|u_k|^2 + |q~_k x w_k|^2) + h/2 |q~_N x w_N|^2
/// (J when q~ = q). Charging only the node moments q_k x w_k, as for vi, leaves a loophole: a
/// large w along q_{k+1}, free at the node, still acts through q~_{k+1} x w_{k+1}; SLSQP then
/// drives such components to 1e6 and the cost down without converging.
///
/// Terminal condition with a full-rank Jacobian. q_N and omega_N each have two free directions
/// at the target (|q| = 1, q . omega = 0 are kept by the map), so the six rows q_N - q^d,
/// omega_N - omega^d have rank 4 there. With (b1, b2) an orthonormal basis of the tangent plane
/// at q^d we use four rows:
///   c_q = (b1 . q_N, b2 . q_N) / (1 + q^d . q_N)    stereographic chart of S^2 centred at q^d
///   c_w = (b1 . (omega_N - omega^d), b2 . (omega_N - omega^d))
/// c_q = 0 exactly at q_N = q^d (not at -q^d, which the plain projection b . q_N = 0 would also
/// accept: it would make "do nothing" feasible for a swing-up), with Jacobian B^T/2 there; c_w
/// then fixes both tangent components of omega_N, and omega_N . q_N = 0 fixes the third. The
/// 4 x 6 Jacobian in (q_N, omega_N) restricted to the tangent directions is block-triangular
/// with invertible blocks: rank 4.
#pragma once

#include <string>
#include <vector>

#include "core/control/forcedpendulum.h"
#include "core/control/progress.h"
#include "core/control/slsqp.h"
#include "core/params.h"

namespace dms {

/// How the continuous problem is discretized.
enum class Transcription {
  Variational,  ///< forced eqs (35)-(36): "vi"
  Rk2           ///< Heun's method on (31)-(32) with the same control parameterization: "rk2"
};
std::string transcriptionName(Transcription t);
Transcription parseTranscription(const std::string& s);  ///< throws InputError

/// A swing request. Build it with makeSphericalPendulumOcp(), which checks everything.
struct SphericalPendulumOcp {
  SphericalPendulumParams p;  ///< m, l, g, q0, omega0 (q0 unit, omega0 tangent)
  Vector3d qd = -Vector3d::UnitZ();
  Vector3d omegad = Vector3d::Zero();
  double h = 0.033;
  int N = 30;  ///< steps, t_N = N h
  Transcription transcription = Transcription::Variational;
  int variables() const { return 3 * (N + 1); }
};

/// Parameters settable with --set: m, l, g, q0, omega0, qd, omegad (defaults: the article's
/// swing-up from hanging to inverted).
const std::vector<ParamSpec>& sphericalOcpSpecs();

/// Largest memory one solve may take (SLSQP's dense arrays grow as 68 n^2 bytes).
constexpr double kOcpMemoryLimitBytes = 256.0 * 1024 * 1024;

/// Checks the values (ranges, unit q0 and qd, tangent omega0 and omega^d, T > 0, 0 < h <= T,
/// N within the memory limit) and builds the request; throws InputError naming the field.
SphericalPendulumOcp makeSphericalPendulumOcp(const ParamValues& values, double T, double h,
                                              Transcription tr);

/// Largest N for which a solve stays within kOcpMemoryLimitBytes.
int maxOcpSteps();

/// Cost, constraints and (on request) their exact gradients at w (3(N+1), w_k = w[3k..3k+2]).
struct OcpEvaluation {
  bool ok = false;
  std::string why;  ///< when !ok: which step had no solution
  double cost = 0.0;
  Eigen::Vector4d c = Eigen::Vector4d::Zero();
  VectorXd grad;                               ///< dJ/dw
  Eigen::MatrixXd jac;                         ///< dc/dw, 4 x 3(N+1)
  std::vector<SphericalPendulumState> states;  ///< x_0..x_N
};
OcpEvaluation evaluateOcp(const SphericalPendulumOcp& ocp, const VectorXd& w, bool gradients);

/// Initial guess. Zero control keeps the hanging pendulum hanging (a stationary point of the
/// problem), so the guess follows a reference motion: q(t) turns about a fixed axis a, a
/// perpendicular to q0 (a = q0 x q^d normalized, or for antipodal q0, q^d the axis e_i x q0 of
/// the coordinate axis e_i least aligned with q0), by the angle
/// phi(t) = Phi (1 - cos(pi t/t_N))/2 from q0 to q^d (zero rate at both ends); the moment that
/// makes the continuous pendulum follow it is u = m l^2 (phi'' a - (g/l) q x e3) and
/// w_k = u(t_k) x q(t_k) (so that q x w = u). side = -1 turns about -a the other way round
/// (for the default swing-up: the mirror image in the plane through e3 normal to e1).
/// The guess is not feasible (the discrete map drifts off the reference); SLSQP fixes that.
VectorXd sphericalOcpGuess(const SphericalPendulumOcp& ocp, int side);

struct OcpSolveSettings {
  SlsqpSettings slsqp;
  int guessSide = 1;  ///< +1 or -1, see sphericalOcpGuess()
};

/// The outcome of a solve, by value.
struct OcpSolution {
  bool converged = false;  ///< SLSQP stopped on its tests with |c_i| <= tol
  bool cancelled = false;
  std::string status;
  std::string message;  ///< why it failed, when it did
  int iterations = 0;
  int evaluations = 0;
  double cost = 0.0;  ///< J = sum h/2 |u_k|^2 in N^2 m^2 s
  double constraintViolation = 0.0;
  double terminalError = 0.0;  ///< max(|q_N - q^d|, |omega_N - omega^d|)
  double terminalQError = 0.0;
  double terminalOmegaError = 0.0;
  double maxUnitLengthError = 0.0;  ///< max_k |1 - q_k^T q_k|
  double maxTangencyError = 0.0;    ///< max_k |q_k . omega_k|
  double jacobianCondition = 0.0;   ///< sigma_max / sigma_min of dc/dw at the final point
  double cpuSeconds = 0.0;
  double wallSeconds = 0.0;
  std::vector<double> t;
  std::vector<SphericalPendulumState> states;  ///< x_0..x_N
  std::vector<Vector3d> u;                     ///< u_k = q_k x w_k
  VectorXd w;
  std::vector<IterationReport> history;
};

/// Solves from sphericalOcpGuess(ocp, settings.guessSide). Thread-safe (no shared state);
/// progress is called once per SQP iteration from the calling thread; return false to cancel.
/// Throws InputError when the initial guess is not defined (h too large for the motion).
OcpSolution solveSphericalPendulumOcp(const SphericalPendulumOcp& ocp,
                                      const OcpSolveSettings& settings,
                                      const ProgressCallback& progress = {});

/// Same, from a given w (3(N+1)).
OcpSolution solveSphericalPendulumOcp(const SphericalPendulumOcp& ocp, const VectorXd& w0,
                                      const OcpSolveSettings& settings,
                                      const ProgressCallback& progress = {});

}  // namespace dms
