#include "core/sim/model.h"

#include <cmath>

#include "core/systems/dumbbell.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"

namespace dms {

std::string methodName(Method m) {
  switch (m) {
    case Method::Variational: return "vi";
    case Method::Rk45: return "rk45";
    case Method::Rk45Quat: return "rk45-quat";
  }
  return "?";
}

Method parseMethod(const std::string& s) {
  if (s == "vi") return Method::Variational;
  if (s == "rk45") return Method::Rk45;
  if (s == "rk45-quat") return Method::Rk45Quat;
  throw InputError("--integrator '" + s + "': expected one of vi, rk45, rk45-quat");
}

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

std::int64_t IntegratorSettings::steps() const {
  return static_cast<std::int64_t>(std::floor(T / h + 1e-9));
}

// the largest number of variational steps one run may take
constexpr double kMaxSteps = 1e10;

const std::vector<ParamSpec>& integratorSpecs() {
  static const std::vector<ParamSpec> specs = {
      {"h", "s", "time step of the variational integrator; output spacing of RK45", 1, {0.05},
       0.0, 10.0, true, false, 0.001, 0.2},
      {"T", "s", "simulated time span", 1, {200.0}, 0.0, 1e9, true, false, 1.0, 2000.0},
      {"rtol", "", "RK45 relative tolerance (RelTol)", 1, {1e-3}, 1e-13, 0.5, false, false,
       1e-10, 1e-1},
      {"atol", "", "RK45 absolute tolerance (AbsTol)", 1, {1e-6}, 1e-300, 1.0, false, false,
       1e-12, 1e-2},
  };
  return specs;
}

void validateSettings(const IntegratorSettings& s) {
  const auto& sp = integratorSpecs();
  checkValue(sp[0], {s.h});
  checkValue(sp[1], {s.T});
  checkValue(sp[2], {s.rtol});
  checkValue(sp[3], {s.atol});
  if (s.h > s.T)
    throw InputError("h = " + formatNumber(s.h) + " must not exceed T = " + formatNumber(s.T) +
                     " (allowed range of h: (0, T])");
  if (s.T / s.h > kMaxSteps)
    throw InputError("T/h = " + formatNumber(s.T / s.h) + " steps is too many (at most " +
                     formatNumber(kMaxSteps) + "): raise h or lower T");
}

ParamValues SystemModel::normalize(const ParamValues& values,
                                   std::vector<std::string>* /*warnings*/) const {
  ParamValues out = defaultValues(params());
  for (const auto& [name, value] : values) applyAssignment(params(), out, name, value);
  return out;
}

const std::vector<const SystemModel*>& allSystems() {
  static const MassSpring massSpring;
  static const PlanarPendulum planar;
  static const SphericalPendulum spherical;
  static const Dumbbell dumbbell;
  static const std::vector<const SystemModel*> systems = {&massSpring, &planar, &spherical,
                                                          &dumbbell};
  return systems;
}

const SystemModel* findSystem(const std::string& name) {
  for (const SystemModel* s : allSystems())
    if (s->name() == name) return s;
  return nullptr;
}

double scalarParam(const ParamValues& values, const std::string& name) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.size() != 1)
    throw InputError("parameter '" + name + "' is missing or not a scalar");
  return it->second[0];
}

Vector3d vectorParam(const ParamValues& values, const std::string& name) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.size() != 3)
    throw InputError("parameter '" + name + "' is missing or not a 3-vector");
  return Vector3d(it->second[0], it->second[1], it->second[2]);
}

}  // namespace dms
