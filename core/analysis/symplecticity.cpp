// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/symplecticity.h"

#include <cmath>

#include "core/sim/simulator.h"

namespace dms {

SymplecticityRun runSymplecticity(const SystemModel& model, Method method,
                                  const ParamValues& values, const IntegratorSettings& settings,
                                  std::int64_t steps, int perDecade,
                                  const std::atomic<bool>* cancel) {
  if (model.declaration().tangent.empty())
    throw InputError("symplecticity: " + model.name() + " declares no tangent coordinates");
  if (steps < 1 || steps > kSymplecticityMaxSteps)
    throw InputError("symplecticity: steps " + std::to_string(steps) + " out of [1, " +
                     std::to_string(kSymplecticityMaxSteps) + "]");
  if (perDecade < 1 || perDecade > 100)
    throw InputError("symplecticity: points per decade " + std::to_string(perDecade) +
                     " out of [1, 100]");
  SymplecticityRun out;
  out.method = method;
  Simulator sim(model, method, values, settings);
  const MatrixXd omega0 = sim.symplecticForm();
  if (omega0.size() == 0) {
    out.unavailable = methodName(method) + " has no symplectic form on " + model.name();
    return out;
  }
  MatrixXd J = MatrixXd::Identity(omega0.rows(), omega0.cols());
  // the next step to record: ceil(10^(j / perDecade)), j = 0, 1, ...
  int j = 0;
  std::int64_t next = 1;
  // J_k = exp(logScale) J: J is kept at norm 1
  double logScale = 0.0;
  for (std::int64_t k = 1; k <= steps; ++k) {
    if (cancel && cancel->load()) break;
    try {
      J = sim.linearize(VectorXd()).A * J;
    } catch (const InputError& e) {
      (k == 1 ? out.unavailable : out.failure) = e.what();
      break;
    }
    if (!sim.step()) {
      out.failure = sim.failure().reason;
      break;
    }
    // J's scale grows with the motion's instability; the defect's ratio does not see it, and
    // renormalizing keeps J finite over any run
    const double scale = J.norm();
    if (!(scale > 0.0) || !std::isfinite(scale)) {
      out.failure = "the tangent map became " + std::string(scale > 0.0 ? "non-finite" : "zero");
      break;
    }
    J /= scale;
    logScale += std::log(scale);
    if (k == next || k == steps) {
      // |J_k^T W J_k - W0| / (|J_k|^2 |W|) with J_k = exp(logScale) J, |J| = 1
      const MatrixXd omega = sim.symplecticForm();
      out.t.push_back(sim.t());
      out.defect.push_back((J.transpose() * omega * J - omega0 * std::exp(-2.0 * logScale)).norm() /
                           omega.norm());
      while (next <= k) next = std::int64_t(std::ceil(std::pow(10.0, double(++j) / perDecade)));
    }
  }
  return out;
}

}  // namespace dms
