// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The shadow (modified) energy of a variational run, computed from its samples: the energy of
/// the modified Hamiltonian H~ whose exact flow the symplectic map follows (backward error
/// analysis). E oscillates along such a run by O(h^2); H~ is conserved up to an exponentially
/// small drift, which is why E's error stays bounded. docs/shadow-energy.md has the derivation
/// and the measured figures.
///
/// The construction is the interpolation one of Skeel and Hardy, "Practical construction of
/// modified Hamiltonians", SIAM J. Sci. Comput. 23 (2001) 1172-1188, in the compact form of
/// Engle, Skeel and Drees, J. Comput. Phys. 206 (2005) 432-452 (shadow of order 2k from k + 1
/// consecutive samples). For samples a < b of a trajectory (q_k, p_k) of a variational
/// integrator with discrete Lagrangian L_d, let
///   w(a, b) = (p_a + p_b) . (q_b - q_a) - 2 sum_{n=a}^{b-1} L_d(q_n, q_{n+1}).
/// Along the modified flow the discrete action from a to b equals the integral of p dq minus
/// (t_b - t_a) H~, so w(a, b) is 2 (t_b - t_a) H~ plus the error of the chord rule for that
/// integral, an odd function of b - a whose coefficients are smooth along the curve. The shadow
/// energy of order 2k at the centre of samples i..i+k is
///   H~_[2k] = sum_{a<b} c_ab w(i + a, i + b) / (2h),
/// with the c_ab (symmetric in time) chosen so that sum c_ab (b - a) = 1 and every other term
/// of the expansion up to h^(2k-1) cancels: H~_[2k] = H~ + O(h^(2k)). For a quadratic H (the
/// mass-spring) every w(a, b) depends on b - a only and H~_[2k] is exactly conserved.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/params.h"
#include "core/types.h"

namespace dms {

/// The discrete Lagrangian L_d(q_k, q_{k+1}) of a variational integrator at its step h (its
/// generating function): the action the step assigns to [t_k, t_k + h]. The shadow energy
/// belongs to the integrator as much as to H: two symplectic methods for the same H have
/// different modified Hamiltonians, and L_d is what tells them apart.
using DiscreteLagrangian = std::function<double(const VectorXd& q0, const VectorXd& q1)>;

/// The orders shadowEnergy computes: 2k for k = 1..6, from k + 1 consecutive samples.
const std::vector<int>& shadowOrders();

/// A uniform-step trajectory in canonical coordinates.
struct CanonicalTrajectory {
  double h = 0.0;           ///< the step: t_{k+1} - t_k
  std::vector<double> t;    ///< sample times
  std::vector<VectorXd> q;  ///< configurations, continuous along the run (angles unwrapped)
  std::vector<VectorXd> p;  ///< the conjugate momenta p_k of the integrator's map
};

/// The shadow energy along a trajectory. value[i] comes from samples i..i+k (k = order/2) and
/// sits at t[i] = (t_i + t_{i+k}) / 2: at sample i + k/2 for orders 4, 8 and 12 (the first and
/// last k/2 samples have none), halfway between two samples for orders 2, 6 and 10. Empty when
/// the run has fewer than k + 1 samples.
struct ShadowEnergySeries {
  int order = 0;
  std::vector<double> t;
  std::vector<double> value;
};

/// The shadow energy of order `order` (one of shadowOrders()) of a trajectory of the variational
/// integrator with discrete Lagrangian Ld, by the formula in this header's comment. Throws
/// InputError for another order, for q, p and t of different lengths, and for times that are
/// not t_0 + k h.
ShadowEnergySeries shadowEnergy(const CanonicalTrajectory& x, const DiscreteLagrangian& Ld,
                                int order);

/// Whether the shadow energy of a run of `method` on `system` (CLI names) can be computed from
/// its samples, and if not, why.
struct ShadowAvailability {
  bool available = false;
  std::string reason;  ///< empty when available
};
ShadowAvailability shadowEnergyAvailability(const std::string& system, Method method);

/// The canonical trajectory of the samples of a run (every sample of it, from t = 0, step h)
/// and the step's discrete Lagrangian, for the systems and methods shadowEnergyAvailability
/// accepts:
/// - mass-spring, vi (the midpoint rule, eqs (10)-(11)): q, p = m v;
///   L_d = (m/2h)(q1 - q0)^2 - (h kappa/2)((q0 + q1)/2)^2;
/// - planar pendulum, vi (eqs (25)-(27)): theta = atan2(e2^T R e1, e1^T R e1) unwrapped,
///   p = m l^2 Omega (eq (25) is p_k = -dL_d/dtheta_k);
///   L_d = (m l^2/h)(1 - cos(theta1 - theta0)) + (h m g l/2)(cos theta0 + cos theta1);
/// - spherical pendulum, vi (eqs (35)-(36)) and rattle: q in R^3 (|q| = 1), p = m l^2 omega x q
///   for vi, RATTLE's p; both steps have L_d = (m l^2/2h)|q1 - q0|^2 + (h m g l/2) e3.(q0 + q1).
/// Throws InputError when the shadow energy is not available (with the reason).
CanonicalTrajectory canonicalTrajectory(const std::string& system, const ParamValues& values,
                                        Method method, double h,
                                        const std::vector<Sample>& samples);
DiscreteLagrangian discreteLagrangian(const std::string& system, const ParamValues& values,
                                      Method method, double h);

/// The shadow energy of a run from its samples: canonicalTrajectory, discreteLagrangian and
/// shadowEnergy in one call. `values` normalized (SystemModel::normalize), h the run's step.
/// Throws InputError when it is not available (with the reason) or for an unknown order.
ShadowEnergySeries shadowEnergyOfRun(const std::string& system, const ParamValues& values,
                                     Method method, double h, const std::vector<Sample>& samples,
                                     int order);

}  // namespace dms
