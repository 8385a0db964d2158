// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The dumbbell spacecraft driven by a control force u^f and a control moment u^m through the
/// first-order Lie group variational equations of the article's last section, and their exact
/// linearization A_k in the variation z_k = [eta_k; dx_k; dOmega_k; dv_k] (dR_k = R_k eta_k^),
/// with the derivative of A_k along given state variations (second derivatives of the map, by
/// forward-mode automatic differentiation) that the shooting method needs.
#pragma once

#include <array>
#include <string>

#include "core/systems/dumbbell.h"

namespace dms {

using Vector12d = Eigen::Matrix<double, 12, 1>;
using Matrix12d = Eigen::Matrix<double, 12, 12>;

/// Mass properties and gravity of the controlled dumbbell. Constant during a solve.
struct ControlledDumbbell {
  explicit ControlledDumbbell(const DumbbellParams& p);

  double m;
  Matrix3d J, Jinv, Jd;
  DumbbellGravity gravity;
  RigidBody body;  ///< m, J and the same gravity, for RigidBody::forces and energies
};

/// First-order controlled equations of the article's augmented cost (the LGVI (42)-(46) with
/// the h^2 potential terms dropped), u_{k+1} = (u^f_{k+1}, u^m_{k+1}) held over [t_k, t_{k+1}]:
///   h (J Omega_k)^ = F_k Jd - Jd F_k^T                  ((42) without M_k, solved for F_k)
///   R_{k+1} = R_k F_k                                    (43)
///   x_{k+1} = x_k + h v_k
///   m v_{k+1} = m v_k - h dU_{k+1}/dx_{k+1} + h u^f_{k+1}
///   J Omega_{k+1} = F_k^T J Omega_k + h (M_{k+1} + u^m_{k+1})
/// dU/dx and M (eq (41)) at (x_{k+1}, R_{k+1}). Returns false, leaving s unchanged and saying
/// why, when (42) has no converged solution or (x_{k+1}, R_{k+1}) is a collision. F, when
/// given, receives F_k.
bool firstOrderStep(const ControlledDumbbell& d, double h, const Vector3d& uf, const Vector3d& um,
                    RigidBodyState& s, std::string* why, Matrix3d* F = nullptr);

/// F_k of (42) at Omega_k (g = h J Omega_k), or false with the reason.
bool firstOrderRotation(const ControlledDumbbell& d, double h, const Vector3d& Omega, Matrix3d& F,
                        std::string* why);

/// A_k = dz_{k+1}/dz_k of firstOrderStep at s_k (it does not depend on the controls, which
/// enter additively), in z = [eta; dx; dOmega; dv]. F is F_k (firstOrderRotation at s_k).
///
/// Derivation. Vary F_k as dF = F zeta^ and R_k as dR = R eta^.
/// - (42): h (J dOmega)^ = F zeta^ Jd + Jd zeta^ F^T = F (zeta^ A + A^T zeta^) F^T with
///   A = Jd F; zeta^ A + A^T zeta^ = (((tr A) I - A) zeta)^ and F w^ F^T = (F w)^ give
///   h J dOmega = C zeta,  C = F (tr(F Jd) I - Jd F),  so  zeta = Z dOmega,  Z = h C^-1 J.
/// - (43): dR' = R eta^ F + R F zeta^ = R' ((F^T eta)^ + zeta^):  eta' = F^T eta + Z dOmega.
/// - dx' = dx + h dv.
/// - gravity at y_i = x' + R' rho_i: dy_i = dx' - R' rho_i^ eta', F_i = -mu m_i y_i/|y_i|^3,
///   G_i = dF_i/dy_i = -mu m_i (I/|y_i|^3 - 3 y_i y_i^T/|y_i|^5);
///   d(dU/dx) = Kx dx' + Keta eta',   Kx = -sum G_i,   Keta = sum G_i R' rho_i^;
///   M = sum rho_i^ R'^T F_i and d(R'^T) = -eta'^ R'^T give
///   dM = Mx dx' + Meta eta',  Mx = sum rho_i^ R'^T G_i,
///   Meta = sum rho_i^ ((R'^T F_i)^ - R'^T G_i R' rho_i^).
/// - m dv' = m dv - h (Kx dx' + Keta eta').
/// - J dOmega' = -zeta^ F^T J Omega + F^T J dOmega + h (Mx dx' + Meta eta')
///             = ((F^T J Omega)^ Z + F^T J) dOmega + h (Mx dx' + Meta eta').
/// Substituting eta' and dx' gives the 12 x 12 blocks (rows and columns eta, x, Omega, v).
Matrix12d firstOrderLinearization(const ControlledDumbbell& d, double h, const RigidBodyState& s,
                                  const Matrix3d& F);

/// A_k at s_k and its derivatives dA[j] along the state variations Zs.col(j) (z-coordinates,
/// j = 0..11), exact to round-off: forward-mode automatic differentiation (Eigen's
/// AutoDiffScalar, 12 directions) of firstOrderLinearization, with R = R_k (I + eta^) and the
/// implicit derivative dF = F zeta^, zeta = Z dOmega of (42).
void firstOrderLinearizationDerivatives(const ControlledDumbbell& d, double h,
                                        const RigidBodyState& s, const Matrix3d& F,
                                        const Matrix12d& Zs, Matrix12d& A,
                                        std::array<Matrix12d, 12>& dA);

/// Moves s along a variation z = [eta; dx; dOmega; dv]: R exp(eta^), x + dx, Omega + dOmega,
/// v + dv (for finite differences and line searches in z).
RigidBodyState retract(const RigidBodyState& s, const Vector12d& z);

}  // namespace dms
