// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A discrete LQR design on any system: the step's derivative at an equilibrium (x*, u*)
/// (Simulator::linearize), the discrete Riccati equation's stabilizing solution (dlqr.h), and
/// the feedback u = u* - K delta(x) written as a typed control law (controllaw.h), delta(x)
/// the state's tangent coordinates relative to x* to first order in its entries:
///   a rotation: xi = vee(skew(R*^T R)),  a unit vector: xi = q* x q,  other parts: x - x*.
/// These agree with the exact tangent difference (log(R*^T R), ...) to second order, so the
/// law's linearization at x* is -K exactly.
#pragma once

#include <string>
#include <vector>

#include "core/control/dlqr.h"
#include "core/sim/simulator.h"

namespace dms {

/// What the regulator holds the state at.
enum class LqrReference {
  /// The equilibrium x*, fixed.
  Fixed,
  /// The method's own steady motion from x*, its rotations turning as R*(t) = exp(t spin^)
  /// R*(0) at the rate of one unforced step (R_1 R_0^T = exp(h spin^)), its other parts fixed:
  /// a sleeping top spinning about the vertical. The law then reads t. A and B are taken at
  /// t = 0; where the system is symmetric about the spin axis (gravity about the vertical),
  /// the left-trivialized derivative is the same all along the reference, so one gain holds.
  SteadyRotation,
};

struct LqrDesign {
  StepDerivative derivative;         ///< A, B at (x*, u*)
  DlqrResult lqr;                    ///< X, K, the closed loop's spectral radius
  std::vector<std::string> tangent;  ///< the names of delta's coordinates (K's columns)
  std::string law;                   ///< the typed law u = u* - K delta(x)
  Vector3d spin = Vector3d::Zero();  ///< the reference's rate, inertial [rad/s] (0: fixed)
};

/// Designs the regulator of `method` at step settings.h for `model` at `values` about the
/// state `equilibrium` (named parts; null: the parameters' initial state) held by u* (empty:
/// 0), weighting delta by Q (d x d) and u by R (m x m); empty Q or R: the identity. Throws
/// InputError for a system that takes no control or has no derivative, a wrong shape, and as
/// dlqr (an unstabilizable pair).

LqrDesign designLqr(const SystemModel& model, Method method, const ParamValues& values,
                    const IntegratorSettings& settings, const std::vector<StatePart>* equilibrium,
                    const VectorXd& uStar, const MatrixXd& Q, const MatrixXd& R,
                    LqrReference reference = LqrReference::Fixed);

}  // namespace dms
