// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// How far a method's discrete map is from symplectic along a run: the tangent map of k steps,
/// J_k = A_{k-1} ... A_0 (each A the step's exact derivative, Simulator::linearize), against the
/// system's symplectic form Omega in tangent coordinates. A symplectic map has
/// J_k^T Omega(x_k) J_k = Omega(x_0): the variational methods to round-off at every k, while a
/// Runge-Kutta method's defect grows with k.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The most steps a symplecticity run takes (each step also computes a d x d derivative).
constexpr std::int64_t kSymplecticityMaxSteps = 1000000;

struct SymplecticityRun {
  Method method = Method::Variational;
  /// At log-spaced steps k (t = k h): the relative defect
  ///   |J_k^T Omega(x_k) J_k - Omega(x_0)|_F / (|J_k|_F^2 |Omega(x_k)|_F),
  /// scale-free (J is renormalized as it grows, which this ratio does not see).
  std::vector<double> t, defect;
  /// Why the run stopped early (a step failed); empty otherwise.
  std::string failure;
  /// Why the method has no defect to show (no derivative of its step, or no symplectic form
  /// on this system: rk45-proj, rkmk4); then t and defect are empty.
  std::string unavailable;
};

/// `steps` steps of h from the parameters' initial state, the defect recorded at about
/// `perDecade` log-spaced steps per decade of k and at the last step. `cancel` (may be null)
/// stops it early with what it has. Throws InputError for a system without tangent
/// coordinates, or steps out of [1, kSymplecticityMaxSteps].
SymplecticityRun runSymplecticity(const SystemModel& model, Method method,
                                  const ParamValues& values, const IntegratorSettings& settings,
                                  std::int64_t steps, int perDecade,
                                  const std::atomic<bool>* cancel = nullptr);

}  // namespace dms
