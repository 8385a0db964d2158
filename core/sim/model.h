/// The one interface between the systems and their users (CLI, GUI, tests): a system model
/// describes its parameters and makes runs; a run streams samples in chunks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/types.h"

namespace dms {

/// Which integrator a run uses.
enum class Method {
  Variational,  ///< the article's (Lie group) variational integrator: "vi"
  Rk45,         ///< Dormand-Prince 4(5) on the continuous equations: "rk45"
  Rk45Quat      ///< rigid bodies only: RK45 with the attitude as a quaternion: "rk45-quat"
};
enum class RkController { Ode45, Scipy };
enum class RkSampling { Output, Steps };

std::string methodName(Method m);
Method parseMethod(const std::string& s);  ///< throws InputError
std::string controllerName(RkController c);
RkController parseController(const std::string& s);  ///< throws InputError
std::string samplingName(RkSampling s);
RkSampling parseSampling(const std::string& s);  ///< throws InputError

/// Step size, horizon and RK45 tolerances. For RK45, h is the output spacing.
struct IntegratorSettings {
  double h = 0.05;
  double T = 200.0;
  double rtol = 1e-3;
  double atol = 1e-6;
  RkController controller = RkController::Ode45;
  RkSampling sampling = RkSampling::Output;

  /// Number of variational steps: N = floor(T/h + 1e-9), samples t_k = k h for k = 0..N.
  std::int64_t steps() const;
};

/// Specs of h, T, rtol, atol (ranges, units) shared by every system.
const std::vector<ParamSpec>& integratorSpecs();
/// Checks h, T, rtol, atol and their combination (h <= T, T/h bounded); throws InputError.
void validateSettings(const IntegratorSettings& s);

/// One sample of a run. Everything a view or a summary needs, by value.
struct Sample {
  double t = 0.0;
  double energy = 0.0;
  /// Primary structure error: |1 - q^T q| on S^2, ||I - R^T R|| (spectral) for rotations,
  /// 0 where the configuration space is linear (mass-spring).
  double structure = 0.0;
  /// Secondary structure error: |q.omega| on S^2, |1 - |q|| for a quaternion, else 0.
  double structure2 = 0.0;
  /// Conserved (angular) momentum: for the dumbbell the total angular momentum, for the
  /// spherical pendulum (0, 0, m l^2 omega.e3); zero for systems without one.
  Vector3d momentum = Vector3d::Zero();
  /// Pose for display: a point (bob, block or centre of mass) and an attitude.
  Vector3d position = Vector3d::Zero();
  /// The velocity of that point, d(position)/dt: the views use it to tell whether stored samples
  /// are close enough in time to be joined into a trail. Zero where a sample source has none.
  Vector3d velocity = Vector3d::Zero();
  Matrix3d attitude = Matrix3d::Identity();
  /// The raw state the integrator carries (its own coordinates).
  StateVec state;
};

/// Why a run stopped early.
struct RunFailure {
  bool failed = false;
  double time = 0.0;  ///< time of the last good sample
  std::string reason;
};

/// Counters of the integrator's work.
struct RunCounters {
  std::int64_t steps = 0;     ///< variational steps, or RK45 accepted steps
  std::int64_t rejected = 0;  ///< RK45 rejected steps
  std::int64_t fevals = 0;    ///< RK45 right-hand-side evaluations
};

/// A run in progress: call advance() until it returns false.
class Run {
 public:
  virtual ~Run() = default;
  /// Appends up to maxSamples new samples to out; returns false when the run is over (finished
  /// or failed). Never appends a non-finite sample: a failure stops at the last good one.
  virtual bool advance(std::vector<Sample>& out, std::size_t maxSamples) = 0;
  /// Fraction of the horizon done, in [0, 1].
  virtual double progress() const = 0;
  virtual RunCounters counters() const = 0;
  const RunFailure& failure() const { return m_failure; }
  /// Column names of Sample::state, for CSV headers.
  virtual std::vector<std::string> stateNames() const = 0;

 protected:
  RunFailure m_failure;
};

/// A mechanical system: its parameters, its article set-up and its runs.
class SystemModel {
 public:
  virtual ~SystemModel() = default;
  virtual std::string name() const = 0;   ///< CLI name, e.g. "spherical-pendulum"
  virtual std::string title() const = 0;  ///< e.g. "Spherical pendulum on S^2"
  virtual const std::vector<ParamSpec>& params() const = 0;
  virtual IntegratorSettings defaultSettings() const = 0;  ///< the article's set-up
  virtual std::vector<Method> methods() const { return {Method::Variational, Method::Rk45}; }
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
  virtual std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                                       const IntegratorSettings& settings) const = 0;
};

/// Every system of the product, in menu order.
const std::vector<const SystemModel*>& allSystems();
/// A system by CLI name, or nullptr.
const SystemModel* findSystem(const std::string& name);

/// Reads a scalar or a vector parameter from values the model normalized.
double scalarParam(const ParamValues& values, const std::string& name);
Vector3d vectorParam(const ParamValues& values, const std::string& name);

}  // namespace dms
