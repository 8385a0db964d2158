// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The spherical pendulum driven by a control moment u = q x w about the pivot: one step of the
/// forced variational integrator (discrete Lagrange-d'Alembert) and one step of a second-order
/// Runge-Kutta method (Heun) on the forced continuous equations, each with the exact Jacobians
/// of the step that the optimal-control transcriptions chain into gradients.
#pragma once

#include <string>

#include "core/systems/sphericalpendulum.h"

namespace dms {

using Vector6d = Eigen::Matrix<double, 6, 1>;
using Matrix6d = Eigen::Matrix<double, 6, 6>;
using Matrix63d = Eigen::Matrix<double, 6, 3>;

/// Derivatives of one step x_{k+1} = Phi(x_k, w_k, w_{k+1}), x = (q, omega):
/// A = dx_{k+1}/dx_k, B0 = dx_{k+1}/dw_k, B1 = dx_{k+1}/dw_{k+1}.
struct StepJacobians {
  Matrix6d A = Matrix6d::Zero();
  Matrix63d B0 = Matrix63d::Zero();
  Matrix63d B1 = Matrix63d::Zero();
};

/// Forced eqs (35)-(36), discrete Lagrange-d'Alembert, with u_k = q_k x w_k (N m) and
/// M_k = (g/l) q_k x e3 + u_k/(m l^2):
///   f_k = h omega_k + (h^2/2) M_k
///   q_{k+1} = f_k x q_k + (1 - |f_k|^2)^(1/2) q_k
///   omega_{k+1} = omega_k + (h/2) M_k + (h/2) M_{k+1},   u_{k+1} = q_{k+1} x w_{k+1}
///
/// Derivation. With L_d(q_k, q_{k+1}) of Example 3 and delta q_k = xi_k x q_k (34), the
/// principle  delta sum L_d + sum (F_k^- . delta q_k + F_k^+ . delta q_{k+1}) = 0  needs the
/// virtual work of the moment over [t_k, t_{k+1}], int u . xi dt, split evenly to both ends
/// (trapezoidal): F_k^- . delta q_k = (h/2) u_k . xi_k, F_k^+ . delta q_{k+1} = (h/2)
/// u_{k+1} . xi_{k+1}. The potential terms of L_d vary the same way:
/// delta (h/2 m g l e3 . q_k) = (h/2) m g l (q_k x e3) . xi_k. So u_k enters exactly beside
/// m g l q_k x e3, i.e. (g/l) q_k x e3 becomes M_k. With |q| = 1,
/// D1 L_d = -(m l^2/h) q_{k+1} + (h/2) m g l e3 and D2 L_d = -(m l^2/h) q_k + (h/2) m g l e3
/// (along the tangent space). The forced discrete Legendre transforms, read as angular momenta
/// m l^2 omega = q x p (tangent), are
///   m l^2 omega_k     = -q_k x (D1 L_d + F_k^-)     = (m l^2/h) q_k x q_{k+1} - (h/2) m l^2 M_k
///   m l^2 omega_{k+1} =  q_{k+1} x (D2 L_d + F_k^+) = (m l^2/h) q_k x q_{k+1} + (h/2) m l^2
///   M_{k+1}
/// The first gives q_k x q_{k+1} = f_k; since f_k is tangent to q_k and |q_{k+1}| = 1, the
/// solution with q_k . q_{k+1} > 0 is the first line above (check: q_k x (f_k x q_k) = f_k).
/// Subtracting the two gives the omega line. With w = 0 both lines are (35)-(36) term by term,
/// and the code evaluates them in the same order as sphericalPendulumStep, so the unforced step
/// is bit-for-bit the same. Returns false (and says why) when |f_k| > 1 (or = 1 with J asked).
bool forcedSphericalPendulumStep(const SphericalPendulumParams& p, double h, const Vector3d& wk,
                                 const Vector3d& wk1, SphericalPendulumState& x, StepJacobians* J,
                                 std::string* why);

/// Heun's method (explicit trapezoidal RK2) on the forced eqs (31)-(32),
///   omega' = (g/l) q x e3 + u/(m l^2),  q' = omega x q,  u = q x w,
/// with w_k at t_k and w_{k+1} at t_{k+1} (the same control parameterization):
///   K1 = F(x_k, w_k),  x~ = x_k + h K1,  K2 = F(x~, w_{k+1}),  x_{k+1} = x_k + (h/2)(K1 + K2).
/// It keeps neither |q| = 1 nor q . omega = 0. Returns false when the state is not finite.
bool heunSphericalPendulumStep(const SphericalPendulumParams& p, double h, const Vector3d& wk,
                               const Vector3d& wk1, SphericalPendulumState& x, StepJacobians* J,
                               std::string* why);

}  // namespace dms
