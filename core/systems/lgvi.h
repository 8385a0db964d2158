/// The Lie group variational integrator of a rigid body on SE(3), eqs (42)-(46), with the
/// Newton solve of (42) in the Cayley parameter of NUMERICS.md.
#pragma once

#include <string>

#include "core/systems/rigidbody.h"

namespace dms {

/// Newton stops when |G(f)| <= kEq42Tolerance (|g| + 2 |J| |f|): a relative residual near
/// 1e-15 (4.5 eps), measured against the terms of G that cancel.
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
/// solved by Newton's method from f0 = (2J)^-1 g.
Eq42Solution solveEq42(const Matrix3d& J, const Vector3d& g);

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

}  // namespace dms
