// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The Lie group variational integrator of a rigid body on SE(3), eqs (42)-(46), with the
/// Newton solve of (42) in the Cayley parameter f, F = (I + f^)(I - f^)^-1.
#pragma once

#include <string>

#include "core/systems/rigidbody.h"

namespace dms {

/// Newton stops when |G(f)| <= kEq42Tolerance (|g| + |g| |f| + |g.f| |f| + 2 |J| |f|): a
/// relative residual near 1e-15 (4.5 eps), measured against every term of G.
constexpr double kEq42Tolerance = 1e-15;
/// From f0 = (2J)^-1 g the relative error is about c = cond(J) |f|, and Newton's obeys
/// e_{n+1} <~ c e_n^2, so e_n <~ c^(2^(n+1) - 1): at most 4 updates for c <= 0.1 (a rotation
/// of about 11 degrees per step; the default dumbbell run needs 2). 20 is far past that: a
/// solve that needs more has no solution near f0 (h too large).
constexpr int kEq42MaxIterations = 20;

/// The solution of (42) for F, or why there is none.
struct Eq42Solution {
  Matrix3d F = Matrix3d::Identity();
  Vector3d f = Vector3d::Zero();  ///< Cayley parameter, F = cayley(f)
  int iterations = 0;             ///< Newton updates taken
  double residual = 0.0;          ///< |G(f)| / (|g| + 2 |J| |f|) at the end
  bool converged = false;
  std::string why;  ///< when not converged
};

/// Solves (42), g^ = F Jd - Jd F^T with g = h J Omega_k + h^2/2 M_k, for F in SO(3). With
/// F = (I + f^)(I - f^)^-1 it is
///   G(f) = g + g x f + (g.f) f - 2 J f = 0,   dG/df = g^ + (g.f) I + f g^T - 2 J,
/// solved by Newton's method from f0 = (2J)^-1 g. (42) has other roots (larger rotations, which
/// Newton can reach from f0 when cond(J) |f| is large); the step means the smallest rotation,
/// and a root is accepted only when it is provably that one: the symmetric part of -dG/df,
/// 2J - (g.f') I - (f' g^T + g f'^T)/2, is positive definite on the ball |f'| <= |f| (so -G is
/// strictly monotone there and f is its only root) when |g| |f| < lambda_min(J), or when
/// 2J - |g| |f| I - 3/2 (|f|/|g|) g g^T is (since x^T M(f') x <= |f'| (|g|^2 + 3 (x.g)^2)^(1/2)
/// <= |f'| (|g| + 3/2 (x.g)^2/|g|) for unit x). That is the root test; it always holds where
/// the iteration bound above is argued, cond(J) |f| <= 0.1.
/// Jmin is lambda_min(J) (computed when 0).
Eq42Solution solveEq42(const Matrix3d& J, const Vector3d& g, double Jmin = 0.0);

/// Work of one LGVI step, for diagnostics.
struct LgviStepInfo {
  int newtonIterations = 0;
  double residual = 0.0;
};

/// One step of eqs (42)-(46), dU_k = dU/dx(x_k, R_k), M_k = M(x_k, R_k) of eq (41):
///   h (J Omega_k)^ + h^2/2 M_k^ = F_k Jd - Jd F_k^T                     (42), for F_k
///   R_{k+1} = R_k F_k                                                   (43)
///   x_{k+1} = x_k + h v_k - h^2/(2m) dU_k                               (44)
///   J Omega_{k+1} = F_k^T J Omega_k + h/2 F_k^T M_k + h/2 M_{k+1}       (45)
///   m v_{k+1} = m v_k - h/2 dU_k - h/2 dU_{k+1}                         (46)
/// Returns false, leaving s unchanged and saying why, when (42) has no converged solution or
/// the new configuration leaves the potential's domain.
bool lgviStep(const RigidBody& b, double h, RigidBodyState& s, std::string* why,
              LgviStepInfo* info = nullptr);

/// The derivative of lgviStep(b, h, s) with b's control held, in the tangent coordinates
/// (xi, dOmega, dx, dv) of rigidbody.h (A, 12 x 12) and the control u = (tau, [f]), or with a
/// thrust axis a u = (f, M), the force f R a at either end turning with that end's R (B, 12 x m):
/// the implicit function theorem on (42) at its converged root f, df = -(dG/df)^-1 (dG/dg) dg
/// with dG/dg = I - f^ + f f^T, then (43)-(46) differentiated as written (docs/linearization.md,
/// "Rigid bodies (LGVI)"). Needs the potential's second derivatives; false, saying why, without
/// them or when the step fails.
bool lgviDerivative(const RigidBody& b, double h, const RigidBodyState& s, StepDerivative& d,
                    std::string* why);

/// The state of the compensated step: R, x, the spatial angular momentum pi = R J Omega and the
/// linear momentum p = m v, what rounding dropped from each sum, and s with Omega and v for
/// the samples.
struct RigidBodySums {
  RigidBodyState s;
  Vector3d pi = Vector3d::Zero(), p = Vector3d::Zero();
  Matrix3d lostR = Matrix3d::Zero();
  Vector3d lostX = Vector3d::Zero(), lostPi = Vector3d::Zero(), lostP = Vector3d::Zero();
  static RigidBodySums start(const RigidBody& b, const RigidBodyState& s0);
};

/// Eqs (42)-(46) in the spatial momenta, as half kicks, a rotation and a drift, each an
/// increment added with compensation (compensated.h). With tau = R M the moment in space
/// (R dU/dR^T - dU/dR R^T)^vee (eq (41) turned by R):
///   p+ = p_k - h/2 dU_k,  pi+ = pi_k + h/2 tau_k                     (44)-(46), first half
///   g = h R_k^-1 pi+ = h J Omega_k + h^2/2 M_k, F_k from (42)
///   R_{k+1} = R_k + R_k (F_k - I),  F_k - I = 2/(1 + |f|^2) (f^ + f^ f^)   (43)
///   x_{k+1} = x_k + (h/m) p+                                          (44)
///   p_{k+1} = p+ - h/2 dU_{k+1},  pi_{k+1} = pi+ + h/2 tau_{k+1}      (45)-(46), second half
/// On SO(3) this is (42)-(46) term by term. Each half kick and the drift keep the total angular
/// momentum x x p + pi whatever R's round-off (for a potential invariant under rotations,
/// x x dU/dx = tau), so it is not fed by a drift of R off SO(3). So that rounding cannot bias it
/// either, its increments are computed as exact exchanges: for a rotation-invariant potential
/// (RigidBodyPotential::rotationInvariant) pi's half kick is -X x (p's half kick), and the drift
/// adds (h/m) P to x with the product's rounding error, X = x - lostX and P = p - lostP being
/// the values the sums hold (both the same as above in exact arithmetic). Fails like the plain
/// step.
bool lgviStep(const RigidBody& b, double h, RigidBodySums& s, std::string* why,
              LgviStepInfo* info = nullptr);

}  // namespace dms
