// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/settings.h"

#include <cmath>

namespace dms {

std::string controllerName(RkController c) { return c == RkController::Ode45 ? "ode45" : "scipy"; }

RkController parseController(const std::string& s) {
  if (s == "ode45") return RkController::Ode45;
  if (s == "scipy") return RkController::Scipy;
  throw InputError("--rk '" + s + "': expected ode45 (MATLAB's controller) or scipy");
}

std::string samplingName(RkSampling s) { return s == RkSampling::Output ? "output" : "steps"; }

RkSampling parseSampling(const std::string& s) {
  if (s == "output") return RkSampling::Output;
  if (s == "steps") return RkSampling::Steps;
  throw InputError("--rk-samples '" + s + "': expected output or steps");
}

std::string summationName(Summation s) { return s == Summation::Plain ? "plain" : "compensated"; }

Summation parseSummation(const std::string& s) {
  if (s == "plain") return Summation::Plain;
  if (s == "compensated") return Summation::Compensated;
  throw InputError("--summation '" + s +
                   "': expected compensated (increments added with Kahan's compensation, the "
                   "default) or plain (the steps as the article writes them)");
}

std::int64_t IntegratorSettings::steps() const {
  return static_cast<std::int64_t>(std::floor(T / h + 1e-9));
}

// the largest number of fixed steps one run may take
constexpr double kMaxSteps = 1e10;

const std::vector<ParamSpec>& integratorSpecs() {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::scalar("h", "s", "time step of the variational integrator; output spacing of RK45")
          .defaultValue(0.05)
          .above(0.0)
          .atMost(1e5)
          .slider(0.001, 0.2),
      ParamSpec::scalar("T", "s", "simulated time span")
          .defaultValue(200.0)
          .above(0.0)
          .atMost(1e9)
          .slider(1.0, 2000.0),
      ParamSpec::scalar("rtol", "", "RK45 relative tolerance (RelTol)")
          .defaultValue(1e-3)
          .range(1e-13, 0.5)
          .slider(1e-10, 1e-1),
      ParamSpec::scalar("atol", "", "RK45 absolute tolerance (AbsTol)")
          .defaultValue(1e-6)
          .range(1e-300, 1.0)
          .slider(1e-12, 1e-2),
  };
  return specs;
}

const ParamSpec& integratorSpec(const std::string& name) {
  return specNamed(integratorSpecs(), name);
}

std::int64_t checkStepAndHorizon(double h, double T) {
  checkValue(integratorSpec("T"), {T});
  checkValue(integratorSpec("h"), {h});
  if (h > T)
    throw InputError("h = " + formatNumber(h) + " must not exceed T = " + formatNumber(T) +
                     " (allowed range of h: (0, T])");
  return static_cast<std::int64_t>(std::floor(T / h + 1e-9));
}

void validateSettings(const IntegratorSettings& s) {
  checkValue(integratorSpec("h"), {s.h});
  checkValue(integratorSpec("T"), {s.T});
  checkValue(integratorSpec("rtol"), {s.rtol});
  checkValue(integratorSpec("atol"), {s.atol});
  checkStepAndHorizon(s.h, s.T);
  if (s.T / s.h > kMaxSteps)
    throw InputError("T/h = " + formatNumber(s.T / s.h) + " steps is too many (at most " +
                     formatNumber(kMaxSteps) + "): raise h or lower T");
}

}  // namespace dms
