// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A chain of n spherical pendula on (S^2)^n: n point masses on massless rods from a fixed
/// pivot, gravity along +e3 (q_i = e3 hangs), after Lee, Leok and McClamroch, "Lagrangian
/// mechanics and variational integrators on two-spheres" (IJNME 2009).
#pragma once

#include <array>
#include <memory>
#include <string>

#include "core/integrators/tangent.h"
#include "core/systems/system.h"

namespace dms {

/// Most links a chain has: its state (q_i, omega_i) fills kMaxStateSize.
constexpr int kChainMaxLinks = 8;
/// 3n-vectors and 3n x 3n matrices of a chain, stored inline (never on the heap).
using ChainVec = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, 3 * kChainMaxLinks, 1>;
using ChainMat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor,
                               3 * kChainMaxLinks, 3 * kChainMaxLinks>;
using ChainVectors = std::array<Vector3d, kChainMaxLinks>;
/// Eight zero vectors (Eigen's own default leaves them unset).
ChainVectors chainZeros();

/// Link i (0-based here, 1-based in the parameters' names) joins bob i-1 (or the pivot) to bob
/// i: x_i = sum_{a <= i} l_a q_a. With M_ij = l_i l_j sum_{k >= max(i, j)} m_k the kinetic
/// energy is T = 1/2 sum_ij M_ij qdot_i.qdot_j, and U = -g sum_i m_i e3.x_i =
/// -sum_i c_i e3.q_i with c_i = g l_i sum_{k >= i} m_k.
struct PendulumChainParams {
  int n = 2;
  double g = 9.81;
  std::array<double, kChainMaxLinks> m{}, l{};
  ChainVectors q0 = chainZeros(), omega0 = chainZeros();
  /// M_ij and c_i as above, from m, l, g (set by from() and by update()).
  std::array<std::array<double, kChainMaxLinks>, kChainMaxLinks> M{};
  std::array<double, kChainMaxLinks> c{};
  /// The forces on the bobs held over a step, F_i in inertial coordinates [N], 3n entries (bob 1
  /// first); null or empty when unforced. They add to gravity's -dU/dq_i = c_i e3 the vector
  /// G_i = l_i sum_{k >= i} F_k (F_k's virtual work through x_k = sum_{a <= k} l_a q_a), in the
  /// vector field and at both ends of the variational step (discrete Lagrange-d'Alembert).
  const HeldControl* control = nullptr;
  bool forced() const { return control && control->active(); }
  /// G_i above, for i < n (valid only when forced()).
  ChainVectors linkForces() const;
  /// Reads normalized values (n, g, m_i, l_i, q0_i, omega0_i).
  static PendulumChainParams from(const ParamValues& v);
  /// Recomputes M and c after m, l or g changed.
  void update();
};

/// The variational step's state: the directions q_i, the momenta conjugate to them
/// pi_i = q_i x dL/dqdot_i, and what rounding dropped from each sum (zero for plain sums).
/// sum_i pi_i is the angular momentum about the pivot.
struct PendulumChainState {
  int n = 1;
  ChainVectors q, pi, lostQ, lostPi;
  PendulumChainState();
};

/// The matrix A(q) of pi = A(q) omega (omega tangent): A_ii = M_ii I, A_ij = -M_ij
/// hat(q_i) hat(q_j) (i != j). It is symmetric and positive definite (the kinetic energy's
/// matrix on the tangent spaces, plus M_ii q_i q_i^T along each q_i), so Cholesky solves it.
void pendulumChainMatrix(const PendulumChainParams& p, const ChainVectors& q, ChainMat& A);

/// The angular velocities omega = A(q)^-1 pi of a state.
void pendulumChainOmega(const PendulumChainParams& p, const ChainVectors& q, const ChainVectors& pi,
                        ChainVectors& omega);

/// Newton's iteration limit for the implicit step and its tolerance on the correction,
/// relative to max_i |f_i| (dimensionless, at most 1).
constexpr int kChainNewtonMaxIter = 30;
constexpr double kChainNewtonRelTol = 1e-14;
/// Corrections by the factored A(q_k) before Newton's: the first guess is O(h^2) from the root
/// and each chord step gains a factor O(h), for no Jacobian and no factorization.
constexpr int kChainChordSteps = 2;

/// One step of the variational integrator, the discrete Lagrangian
///   L_d(q_k, q_{k+1}) = 1/(2h) sum_ij M_ij dq_i.dq_j - h/2 (U(q_k) + U(q_{k+1})),
///   dq_i = q_{i,k+1} - q_{i,k}, q_{i,k+1} = f_i x q_i + (1 - |f_i|^2)^(1/2) q_i (f_i tangent).
/// The discrete Legendre map at q_k, pi_{i,k} = q_{i,k} x (-D_1 L_d)_i, is the implicit equation
///   G_i(f) = M_ii f_i + sum_{j != i} M_ij q_i x (q_{j,k+1}(f_j) - q_j) - b_i = 0,
///   b_i = h pi_{i,k} + (h^2 c_i / 2) q_i x e3
/// (with n = 1 it is explicit: f = h omega + (h^2 g / 2l) q x e3, the article's eq (35)). The
/// update, pi_{i,k+1} = q_{i,k+1} x (D_2 L_d)_i rewritten with pi_{i,k}, is explicit:
///   pi_{i,k+1} = pi_{i,k} + (1/h) sum_{j != i} M_ij dq_i x dq_j
///                + (h c_i / 2) (q_{i,k} + q_{i,k+1}) x e3
/// (n = 1: eq (36) times m l^2). Summed over i the middle terms cancel in pairs and the last has
/// no e3 component, so e3.sum_i pi_i, the vertical angular momentum, is kept up to the rounding
/// of the sums whatever the accuracy of f.
///
/// How G(f) = 0 is solved: the first guess solves its linearization at f = 0, A(q_k) f = b;
/// then kChainChordSteps chord steps f -= A(q_k)^-1 G (A = J(0), its Cholesky factor reused);
/// then Newton, f -= J^-1 G with J_ii = M_ii I, J_ij = M_ij hat(q_i) (-hat(q_j) - q_j f_j^T /
/// s_j), s_j = (1 - |f_j|^2)^(1/2), by LU with partial pivoting. It stops when the correction
/// is at most kChainNewtonRelTol max_i |f_i|, or has reached round-off (below 1e-8 max|f_i| and
/// no longer halving). It fails (x unchanged, `why` says which) when some |f_j| reaches 1 (no
/// q_{j,k+1} on the sphere), when the correction is not finite, or after kChainNewtonMaxIter
/// iterations: all three mean h is too large for the motion. `iterations` counts the
/// corrections, chord and Newton. With `compensated`, q and pi take their increments with
/// compensation (compensated.h); dq_i is the rotation of q_i about f_i in Cayley form, which keeps
/// |q_i|. `solution`, when given, receives the converged f.
bool pendulumChainStep(const PendulumChainParams& p, double h, PendulumChainState& x,
                       bool compensated, int* iterations, std::string* why,
                       ChainVec* solution = nullptr);

/// The derivative of pendulumChainStep from x (core/integrators/tangent.h) in the tangent
/// coordinates (xi_i, delta q_i = xi_i x q_i; omega_i's entries; then the forces' 3n entries
/// when forced), from (q, omega) as setState takes them (omega_i's part along q_i removed,
/// sphereTangentPart; pi = A(q) omega) to (q_{k+1}, omega_{k+1} = A(q_{k+1})^-1 pi_{k+1}): the
/// implicit function theorem on G(f) = 0 at the converged f, the chain rule elsewhere
/// (docs/linearization.md, "Chain of pendula"). Fails as the step does. When end is given it
/// receives the step's end as the derivative solved it (the plain sums).
bool pendulumChainStepDerivative(const PendulumChainParams& p, double h,
                                 const PendulumChainState& x, StepDerivative& d, std::string* why,
                                 PendulumChainState* end = nullptr);

/// The canonical form of (T*S^2)^n with p_i = pi_i x q_i (the tangent part of -D_1 L_d, which
/// the variational step preserves), in the same coordinates at (q, omega): 6n x 6n.
MatrixXd pendulumChainSymplectic(const PendulumChainParams& p, const ChainVectors& q,
                                 const ChainVectors& omega);

/// f_y (6n x 6n) and f_u (6n x 3n when forced, else 6n x 0) of pendulumChainRhs at y, and
/// when f is given pendulumChainRhs's value there too (from the same factorization).
void pendulumChainJacobian(const PendulumChainParams& p, const VectorXd& y, MatrixXd& fy,
                           MatrixXd& fu, VectorXd* f = nullptr);

/// The continuous equations on (S^2)^n, y = (q_1..q_n, omega_1..omega_n) (Euler-Lagrange with
/// omega_i = q_i x qdot_i):
///   q_i' = omega_i x q_i
///   A(q) omega' = r,  r_i = sum_{j != i} M_ij |omega_j|^2 q_i x q_j + c_i q_i x e3
/// solved for omega' by Cholesky at each evaluation (on ChainMat: no allocation).
void pendulumChainRhs(const PendulumChainParams& p, const double* y, double* dy);

/// E = 1/2 sum_i m_i |xdot_i|^2 - g sum_i m_i e3.x_i, xdot_i = sum_{a <= i} l_a omega_a x q_a.
double pendulumChainEnergy(const PendulumChainParams& p, const ChainVectors& q,
                           const ChainVectors& omega);

class PendulumChain final : public SystemModel {
 public:
  /// Conserves the energy and the vertical angular momentum e3.sum_i m_i x_i x xdot_i,
  /// Sample::momentum's third component.
  PendulumChain();
  /// n, g, then m_i, l_i, q0_i, omega0_i for i = 1..n. Throws InputError for n outside [1, 8].
  std::vector<ParamSpec> paramsFor(const ParamValues& values) const override;
  /// Without gravity (g = 0) every component of L is conserved.
  std::vector<ConservedQuantity> conservedAt(const ParamValues& values) const override;
  /// One pose per bob: at x_i, its attitude a rotation taking e3 to q_i (the rod from the
  /// previous bob or the pivot is the segment from x_i - l_i q_i to x_i). A sample without the
  /// chain's state gives its one drawn pose, as the default.
  std::vector<BodyPose> bodyPoses(const ParamValues& values, const Sample& s) const override;
  /// q and omega, each n rows of 3 (declaration().state).
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  /// Normalizes each q0_i (rejects a zero one) and projects omega0_i onto the tangent plane at
  /// q0_i, with a warning when that removed more than round-off.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// angle: sqrt(sum_i theta_i^2), theta_i the S^2 distance between the q_i [rad]; velocity:
  /// the norm of the difference of the omegas [rad/s]; no position part.
  StateError stateError(const Sample& a, const Sample& b) const override;
  /// vi and vi4 check the first step: a step size too large for the implicit step is refused
  /// as bad input naming h.
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a force on each bob in inertial coordinates (PendulumChainParams::control); from
  /// q and omega (n rows each) when given.
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
  /// vi: q = (q_1..q_n) in R^{3n}, p_i = pi_i x q_i the tangent momenta (pi = A(q) omega), and
  /// the step's L_d = 1/(2h) sum_ij M_ij dq_i.dq_j - h/2 (U(q_k) + U(q_{k+1})).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  /// The sample of (q, omega): the last bob's point and velocity are the drawn point;
  /// momentum L = sum_i m_i x_i x xdot_i (x_i = sum_{j<=i} l_j q_j, xdot_i from qdot_j =
  /// omega_j x q_j), the angular momentum about the pivot. state = (q_1..q_n, omega_1..omega_n).
  static void fill(const PendulumChainParams& p, double t, const ChainVectors& q,
                   const ChainVectors& omega, Sample& s, SampleFields f);
};

}  // namespace dms
