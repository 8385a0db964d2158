/// The article's variational integrators, one step each, written as in the article.
#pragma once

#include <string>

#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"

namespace dms {

/// Eqs (10)-(11):
///   (1 + h^2 kappa / 4m) q_{k+1} = h v_k + (1 - h^2 kappa / 4m) q_k
///   v_{k+1} = v_k - (h kappa / 2m) q_k - (h kappa / 2m) q_{k+1}
void massSpringStep(const MassSpringParams& p, double h, MassSpringState& x);

/// Eqs (25)-(27), with F_k = R(dtheta_k) so that F - F^T = (2 sin dtheta)^:
///   sin dtheta_k = h Omega_k - (h^2 g / 2l) e2^T R_k e1    (principal branch, cos dtheta > 0)
///   R_{k+1} = R_k F_k
///   Omega_{k+1} = Omega_k - (h g / 2l) e2^T R_k e1 - (h g / 2l) e2^T R_{k+1} e1
/// Returns false (and says why) when the right side of (25) leaves [-1, 1].
bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumState& x,
                        std::string* why);

/// Eqs (35)-(36), with f_k = h omega_k + (h^2 g / 2l) q_k x e3:
///   q_{k+1} = f_k x q_k + (1 - |f_k|^2)^(1/2) q_k
///   omega_{k+1} = omega_k + (h g / 2l) q_k x e3 + (h g / 2l) q_{k+1} x e3
/// Returns false (and says why) when |f_k| > 1.
bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumState& x,
                           std::string* why);

}  // namespace dms
