// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Step size, horizon and RK45 tolerances of a run, their table of ranges (looked up by name)
/// and the one check of their combination.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/integrators/compensated.h"
#include "core/params.h"

namespace dms {

/// The step-size controller of Dormand-Prince RK45.
enum class RkController {
  Ode45,  ///< MATLAB's ode45 (Shampine and Reichelt), the article's: "ode45"
  Scipy   ///< scipy.integrate.RK45: "scipy"
};
/// Where an adaptive run is sampled.
enum class RkSampling {
  Output,  ///< at t_k = k h, by dense output (ode45 with tspan = 0:h:T): "output"
  Steps    ///< at its accepted steps: "steps"
};

std::string controllerName(RkController c);
RkController parseController(const std::string& s);  ///< throws InputError
std::string samplingName(RkSampling s);
RkSampling parseSampling(const std::string& s);  ///< throws InputError
std::string summationName(Summation s);
Summation parseSummation(const std::string& s);  ///< throws InputError

/// Step size, horizon and RK45 tolerances. For RK45, h is the output spacing.
struct IntegratorSettings {
  double h = 0.05;
  double T = 200.0;
  double rtol = 1e-3;
  double atol = 1e-6;
  RkController controller = RkController::Ode45;
  RkSampling sampling = RkSampling::Output;
  /// How the variational steps add their increments (the fixed-step methods only).
  Summation summation = Summation::Compensated;

  /// Number of fixed steps: N = floor(T/h + 1e-9), samples t_k = k h for k = 0..N.
  std::int64_t steps() const;
};

/// Specs of h, T, rtol, atol (ranges, units) shared by every system, in that order.
const std::vector<ParamSpec>& integratorSpecs();
/// One of them by name ("h", "T", "rtol", "atol"); throws InputError for another name.
const ParamSpec& integratorSpec(const std::string& name);

/// Checks h and T against their specs and 0 < h <= T; returns N = floor(T/h + 1e-9). Throws
/// InputError naming the field. Every user of a step and a horizon (runs, optimal control)
/// checks them here.
std::int64_t checkStepAndHorizon(double h, double T);
/// Checks h, T, rtol, atol and their combination (h <= T, T/h bounded); throws InputError.
void validateSettings(const IntegratorSettings& s);

}  // namespace dms
