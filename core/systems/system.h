/// The interface every mechanical system implements: its parameters, the article's set-up, the
/// integrators it has and its runs. Systems are registered once, in core/sim/registry.cpp.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/integrators/settings.h"
#include "core/params.h"

namespace dms {

class SystemModel {
 public:
  virtual ~SystemModel() = default;
  virtual std::string name() const = 0;   ///< CLI name, e.g. "spherical-pendulum"
  virtual std::string title() const = 0;  ///< e.g. "Spherical pendulum on S^2"
  virtual const std::vector<ParamSpec>& params() const = 0;
  virtual IntegratorSettings defaultSettings() const = 0;  ///< the article's set-up
  virtual std::vector<Method> methods() const { return {Method::Variational, Method::Rk45}; }
  bool hasMethod(Method m) const;
  /// What Sample::structure measures, e.g. "|1 - q^T q|"; empty when there is none.
  virtual std::string structureName() const = 0;
  /// What Sample::structure2 measures, empty when there is none.
  virtual std::string structure2Name() const { return {}; }
  /// Whether Sample::momentum is a conserved quantity of this system.
  virtual bool hasMomentum() const { return false; }
  /// Checks the values and returns them completed and normalized (e.g. a unit q0), with notes
  /// on what was changed in `warnings`. Throws InputError naming the field and range.
  virtual ParamValues normalize(const ParamValues& values,
                                std::vector<std::string>* warnings) const;
  /// Makes a run from values that normalize() accepted and settings validateSettings() accepted.
  /// Throws InputError for a method the system does not have.
  virtual std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                                       const IntegratorSettings& settings) const = 0;

 protected:
  /// The InputError for a method this system does not have.
  InputError unavailable(Method m) const;
};

}  // namespace dms
