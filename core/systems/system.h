// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The interface every mechanical system implements: what it is, as data (its
/// SystemDeclaration, declaration.h), and what it computes (its runs, normalized parameters,
/// named states, errors and poses). Systems are registered once, in core/sim/registry.cpp.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/run.h"
#include "core/integrators/settings.h"
#include "core/integrators/stepping.h"
#include "core/params.h"
#include "core/systems/declaration.h"

namespace dms {

/// The distance between two states of a system, by parts, each in the system's own units:
/// the geodesic angle between the configurations' rotational parts (S^1, S^2, SO(3)) [rad], the
/// distance between their translational parts [m], and the Euclidean norm of the difference of
/// the velocities [rad/s, m/s]. A part a system does not have is 0.
struct StateError {
  double angle = 0.0;
  double position = 0.0;
  double velocity = 0.0;
  /// The one number of a work-precision diagram: sqrt(angle^2 + position^2 + velocity^2), a
  /// norm on the product of the parts (the parts of the product's set-ups are of order one).
  double norm() const;
};

/// The state error of a bob on a rod from a fixed pivot (planar and spherical pendulum), read
/// off the samples' point r (Sample::position) and its velocity v, whatever the integrator's
/// coordinates: the angle between the rods, atan2(|r_a x r_b|, r_a . r_b) (the geodesic distance
/// on S^1 or S^2 of r/|r|, accurate at small angles where acos is not), and the difference of
/// the angular velocities about the pivot, w = r x v / |r|^2 (= omega for a tangent omega).
StateError pivotStateError(const Sample& a, const Sample& b);

/// The canonical phase plane (q, p) of a system with one degree of freedom, at one parameter
/// set: how to read (q, p) off a sample of any of its methods and how to start a run at a
/// point of it (core/analysis/phasearea.h draws curves and areas in it).
struct PhasePlane {
  std::string qName;  ///< e.g. "theta"
  std::string qUnit;  ///< e.g. "rad"
  std::string pName;  ///< e.g. "p = m l^2 Omega"
  std::string pUnit;  ///< e.g. "kg m^2/s"
  /// q is an angle: read() gives it in (-pi, pi], and a curve is unwrapped along its points.
  bool angular = false;
  /// The momentum per unit of q of the small oscillations (sqrt(m kappa), m l^2 sqrt(g/l)):
  /// in (q, p / pScale) a small oscillation is a circle.
  double pScale = 1.0;
  /// A radius, in q's unit, of a circle of initial states around (q0, p0) in (q, p / pScale)
  /// that keeps a pendulum well inside its libration region.
  double defaultRadius = 0.1;
  /// (q0, p0) of the parameter set.
  Vector2d initial = Vector2d::Zero();
  /// (q, p) of a sample (from Sample::state, the integrator's own coordinates).
  std::function<Vector2d(const Sample& s)> read;
  /// The parameter set with its initial state moved to (q, p).
  std::function<ParamValues(double q, double p)> withInitial;
  /// The upper branch p(q) of the separatrix (the lower one is -p(q)), q in [-pi, pi]; empty
  /// when the system has none.
  std::function<double(double q)> separatrix;
};

/// One named part of a state, whatever the integrator's coordinates: e.g. "R" with shape {3, 3}
/// and its 9 entries row by row, "Omega" with shape {3}, "theta" with shape {} (a scalar).
/// values holds the product of shape's entries, in row-major order.
struct StatePart {
  std::string name;
  std::vector<int> shape;
  std::vector<double> values;
  /// A list of vectors, one per row (a chain's q_i), rather than one matrix: JSON prints it as
  /// a list of rows, where a matrix (R) is one list of its entries row by row.
  bool listOfRows = false;
};

/// How the shadow energy of a run is read off its samples (core/sim/shadowenergy.h): the
/// canonical coordinates (q, p) of the step's symplectic map at a sample, in a linear space
/// (a configuration on S^2 or SO(3) as a point of R^3 or R^{3x3}, p with the same layout), and
/// the step's discrete Lagrangian L_d(q0, q1), its generating function, at the run's step h.
/// Where a run has none, `read` is empty and `reason` says why in a user's words.
struct ShadowConstruction {
  std::function<void(const Sample& s, VectorXd& q, VectorXd& p)> read;
  std::function<double(const VectorXd& q0, const VectorXd& q1)> lagrangian;
  /// q is an angle: each sample's is moved by the multiple of 2 pi nearest the previous one's
  /// (a step turns by less than pi), so that q is continuous along the run.
  bool angular = false;
  std::string reason;
  bool available() const { return bool(read); }
};

/// Where one body of a system is: the point it is drawn at and its attitude (body to inertial;
/// the identity for a point mass).
struct BodyPose {
  Vector3d position = Vector3d::Zero();
  Matrix3d attitude = Matrix3d::Identity();
};

/// Where a forced run taken step by step (core/sim/simulator.h) starts and what it reads.
struct SteppingStart {
  /// The control held over each step, in the layout of SystemDeclaration::controls; the
  /// simulator writes it before each step. It belongs to the simulator, which owns the steps
  /// that read it (and outlives them). Null: unforced.
  const HeldControl* control = nullptr;
  /// The state to start from, as namedState gives it (its parts, shapes and units); null: the
  /// parameters' initial state.
  const std::vector<StatePart>* state = nullptr;
};

/// A start state given by parts (SteppingStart::state), read by name and checked against the
/// system's declared parts: each declared part present once, with its declared shape (a
/// dimension declared by a letter, the chain's "n", is checked by the system), every number
/// finite, and no other part. Throws InputError naming the part and the expected shape.
class StartState {
 public:
  StartState(const SystemDeclaration& d, const std::vector<StatePart>& parts);
  const StatePart& part(const std::string& name) const;
  double scalar(const std::string& name) const;
  Vector3d vector3(const std::string& name) const;
  /// A rotation matrix (row by row): refused unless ||R^T R - I|| <= 1e-6 and det R > 0. The
  /// bound admits an RK45 run's R (it drifts off SO(3) by less at its default tolerances) and
  /// anything typed to six digits; R is kept as given, not projected, so that a state read off
  /// a run restarts it exactly.
  Matrix3d rotation(const std::string& name) const;
  /// A unit vector: refused unless ||q| - 1| <= 1e-6; kept as given.
  Vector3d unitVector(const std::string& name) const;

 private:
  std::string m_system;
  std::vector<StatePart> m_parts;
};

/// `conserved` with its momentum entry (if any) made the whole angular momentum: every component,
/// named `name` with symbol `symbol`; an entry is added when there is none.
std::vector<ConservedQuantity> withWholeMomentum(std::vector<ConservedQuantity> conserved,
                                                 const std::string& symbol);

/// A system: its declaration, read by the accessors below (the same for every parameter value),
/// and the virtual functions of what it computes from parameter values and samples. A system
/// passes its declaration to the constructor and overrides makeRun, namedState and stateError,
/// and the others where their defaults do not fit it.
class SystemModel {
 public:
  explicit SystemModel(SystemDeclaration declaration);
  virtual ~SystemModel() = default;

  /// Everything declared about the system. The accessors below return copies, as a caller may
  /// hold the system by a temporary (a typed potential's shared_ptr).
  const SystemDeclaration& declaration() const { return m_decl; }
  std::string name() const { return m_decl.name; }    ///< CLI name, e.g. "mass-spring"
  std::string title() const { return m_decl.title; }  ///< e.g. "Spherical pendulum on S^2"
  /// The parameters at the default set-up (at the default of every structural parameter).
  const std::vector<ParamSpec>& params() const { return m_decl.params; }
  /// The parameters whose value decides which other parameters there are (a chain's number of
  /// links n); empty for most systems.
  std::vector<std::string> structuralParams() const { return m_decl.structuralParams; }
  IntegratorSettings defaultSettings() const { return m_decl.settings; }  ///< the article's set-up
  /// Every integrator the system has, in the order of allMethods().
  std::vector<Method> methods() const { return m_decl.methods; }
  /// The ones the article compares (the app's default choice).
  std::vector<Method> articleMethods() const { return m_decl.articleMethods; }
  bool hasMethod(Method m) const;
  /// What Sample::structure measures, e.g. "|1 - q^T q|"; empty when there is none.
  std::string structureName() const { return m_decl.structure; }
  /// What Sample::structure2 measures, empty when there is none.
  std::string structure2Name() const { return m_decl.structure2; }
  /// Its symbol alone, for a plot's legend (e.g. "|1 - |q||").
  std::string structure2Symbol() const;
  /// Whether a run of method m fills Sample::structure2 (elsewhere it is 0 by design).
  bool hasStructure2(Method m) const;
  /// Whether some component of Sample::momentum is a conserved quantity of this system
  /// (conserved() says which).
  bool hasMomentum() const { return m_decl.hasMomentum; }
  /// Whether Sample::momentum is the system's angular momentum, all three components in the
  /// inertial frame, conserved or not (a typed potential without a symmetry conserves none).
  bool hasAngularMomentum() const { return m_decl.hasMomentum || m_decl.angularMomentum; }
  /// The quantities the continuous system conserves: the energy, then the components of
  /// Sample::momentum it conserves when hasMomentum().
  std::vector<ConservedQuantity> conserved() const { return m_decl.conserved; }
  /// The figures the article prints for this system's example (none for a new system).
  std::vector<ArticleFigure> articleFigures() const { return m_decl.figures; }
  /// The plots the article draws for this system's example (none for a new system).
  std::vector<ArticlePlot> articlePlots() const { return m_decl.plots; }
  /// The horizon of the default work-precision sweep (core/analysis/sweep.h): a tenth of the
  /// set-up's, unless the system declares its own (its errors grow too fast for the largest
  /// steps to stay in the fitted range over it).
  double sweepHorizon(const IntegratorSettings& setup) const;

  /// The parameters for the structural parameters in `values` (given or default), e.g. m_i,
  /// l_i for i = 1..n; params() when there are none. Throws InputError for a structural value
  /// out of its range.
  virtual std::vector<ParamSpec> paramsFor([[maybe_unused]] const ParamValues& values) const {
    return params();
  }
  /// Checks the values against paramsFor(values) and returns them completed and normalized
  /// (e.g. a unit q0), with notes on what was changed in `warnings`. Throws InputError naming
  /// the field and range.
  virtual ParamValues normalize(const ParamValues& values,
                                std::vector<std::string>* warnings) const;
  /// What it conserves at the normalized `values`: conserved(), or more where a parameter
  /// removes a force (without gravity, every component of the angular momentum).
  virtual std::vector<ConservedQuantity> conservedAt(
      [[maybe_unused]] const ParamValues& values) const {
    return conserved();
  }
  /// Every body's pose in a sample of a run at normalized `values`, read off the sample (its
  /// state and drawn point), not carried by it, one per declared body (declaration().bodies):
  /// by default the one drawn pose, Sample::position and Sample::attitude of a whole sample.
  virtual std::vector<BodyPose> bodyPoses([[maybe_unused]] const ParamValues& values,
                                          const Sample& s) const {
    return {{s.position, s.attitude}};
  }
  /// The state of a sample of a run of `method`, in the system's own names, the same for every
  /// method (a quaternion run gives R from its quaternion), the parts of declaration().state
  /// in their order. Reads Sample::state, and the drawn point (position, velocity;
  /// SampleFields::All) where namedStateNeedsPose(method).
  virtual std::vector<StatePart> namedState(Method method, const Sample& s) const = 0;
  /// Whether namedState reads the sample's drawn point for `method` (its state alone does not
  /// give every part, e.g. RATTLE's momentum without m l^2).
  virtual bool namedStateNeedsPose([[maybe_unused]] Method method) const { return false; }
  /// The canonical phase plane at normalized `values`, for a system with one degree of
  /// freedom; empty for the others.
  virtual std::optional<PhasePlane> phasePlane([[maybe_unused]] const ParamValues& values) const {
    return {};
  }
  /// The error of state `a` against state `b` (a reference at the same time), on the manifold:
  /// what each part measures is in the system's header. Depends on the samples only, so it
  /// compares runs of any two integrators.
  virtual StateError stateError(const Sample& a, const Sample& b) const = 0;
  /// The shadow energy's construction for the runs of `method` at normalized `values` and step
  /// h (docs/shadow-energy.md derives each). By default none: a method that is not symplectic
  /// has no modified Hamiltonian, vi4's, vi6's and vi8's samples lack their inner stages, and a
  /// system without its own construction says so.
  virtual ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                                double h) const;
  /// Makes a run from values that normalize() accepted and settings validateSettings() accepted.
  /// Throws InputError for a method the system does not have.
  virtual std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                                       const IntegratorSettings& settings) const = 0;
  /// The same run taken one step at a time, forced by the control held over each step
  /// (declaration().controls says its layout), from `start`'s state when given. With no
  /// control, its samples are makeRun's (RK45's up to its error: its steps end at every k h).
  /// Throws InputError for a method the system does not have, or a state whose parts do not
  /// match declaration().state (naming the part and the expected shape) or leave the manifold.
  /// By default a system cannot be stepped: the error says so.
  virtual std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                                 const IntegratorSettings& settings,
                                                 const SteppingStart& start) const;

 protected:
  /// The InputError for a method this system does not have.
  InputError unavailable(Method m) const;
  /// No shadow energy for `method`, with the reason: a method that is not symplectic, a
  /// composition of vi (vi4, vi6, vi8), or (a symplectic method of this system that still has
  /// none) `otherwise`. `methods` names the methods that have one, e.g. "vi and rattle".
  ShadowConstruction noShadow(Method method, const std::string& methods,
                              const std::string& otherwise) const;

 private:
  SystemDeclaration m_decl;
};

/// 1 for each component of Sample::momentum that model.conservedAt(values) lists, 0 for the
/// others: the deviation |L - L0| of a run is measured on these components only.
Vector3d conservedMomentumMask(const SystemModel& model, const ParamValues& values);

}  // namespace dms
