// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What a system is, as data: its names, parameters, the article's set-up, its integrators, what
/// its samples measure and conserve, the parts of its state and the bodies it is drawn as. Each
/// system fills one SystemDeclaration and hands it to SystemModel's constructor; the CLI, the app,
/// the Python module and the tests read it through SystemModel's accessors (name(), params(),
/// methods(), conserved(), ...), so a system states each of these facts once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"
#include "core/params.h"

namespace dms {

/// A figure the article prints for its example of a system, at the article's set-up
/// (defaultSettings() and the default parameters), for `dmsim reproduce` and the figures.
struct ArticleFigure {
  enum class Quantity { EnergyMeanDev, StructureMean };
  std::string example;  ///< the article's example number, e.g. "3"
  Method method = Method::Variational;
  Quantity quantity = Quantity::EnergyMeanDev;
  /// The article's energy unit in the system's (example 3 prints E/(m l^2)): ours is divided
  /// by it, and unitName says so ("m l^2"); 1 and empty for physical energy.
  double energyUnit = 1.0;
  std::string unitName = {};
  double printed = 0.0;  ///< the article's figure; NaN where it prints none
  std::string note = {};
  /// Whether ours matches the printed figure to its printed digits (5, to a relative 1e-4): a
  /// figure of the article's own set-up that round-off does not decide. Otherwise it is an
  /// order of magnitude only (round-off, our own parameters) or there is none (NaN).
  bool matchesToPrintedDigits = false;
};

/// A plot the article draws for its example of a system, remade by `dmsim figures` from our runs
/// of articleMethods() at the article's set-up.
struct ArticlePlot {
  enum class Kind {
    Energy,     ///< total energy E against t
    Structure,  ///< Sample::structure against t, log scale
    Orbit,      ///< the path of Sample::position in the plane of its first two components
  };
  std::string id;       ///< file stem, e.g. "fig2a"
  std::string figure;   ///< the article's label, e.g. "2(a)"
  std::string example;  ///< the example it belongs to (ArticleFigure::example), e.g. "1"
  Kind kind = Kind::Energy;
  std::string title;  ///< e.g. "Mass-spring: total energy"
};

/// A quantity the continuous system conserves, as the system names it.
struct ConservedQuantity {
  std::string name;    ///< e.g. "vertical angular momentum"
  std::string symbol;  ///< e.g. "e3.L"
  std::string unit;    ///< SI, e.g. "kg m^2/s"
  /// Where a sample carries it: "energy" (Sample::energy) or "momentum" (the components of
  /// Sample::momentum listed in `components`, 0-based; the others are part of the angular
  /// momentum too, but not conserved).
  std::string field;
  std::vector<int> components = {};
};

/// The total energy E [J], carried by Sample::energy: what every system conserves.
ConservedQuantity energyQuantity();

/// One named part of the state that SystemModel::namedState gives, in its order: its name, its
/// shape (each entry a number, or the name of the structural parameter that sets it, e.g.
/// {"n", "3"} for a chain's q; empty for a scalar), its SI unit (empty: dimensionless) and what
/// it is, in one line.
struct StatePartSpec {
  std::string name;
  std::vector<std::string> shape;
  std::string unit;
  std::string description;
};

/// How a part of the state moves in tangent coordinates.
enum class TangentKind {
  /// Its entries, added to.
  Entries,
  /// A rotation R (3 x 3): 3 coordinates xi, delta R = R xi^ (left-trivialized).
  Rotation,
  /// A unit vector q (3, or n x 3 one per row): 3 coordinates xi per vector, delta q = xi x q,
  /// the rotation that moves it; xi's component along q moves nothing, and a step's
  /// derivative gives none (its rows and columns for it are 0).
  UnitVectors,
};

/// One part of the state in tangent coordinates (SystemDeclaration::tangent).
struct TangentPart {
  std::string part;
  TangentKind kind = TangentKind::Entries;
};

/// The kinds of body a system is drawn as. A body's pose is one entry of
/// SystemModel::bodyPoses (a repeated body, one entry per copy, in order); `sizes` in
/// BodyDeclaration names the parameters its dimensions are read from.
enum class BodyKind {
  /// A block on a straight rail, tied to a wall by a spring: the pose's position is (q, 0, 0).
  /// Its size follows from the motion's amplitude (the energy the parameters set).
  SpringMass,
  /// A point mass on a massless rod of length l from a fixed pivot at the origin, swinging in
  /// the plane of e1 and e2 (gravity along e2): the pose's position is the bob.
  BobOnRodInPlane,
  /// A point mass on a massless rod of length l from a fixed pivot at the origin, moving on the
  /// sphere of radius l: the pose's position is the bob.
  BobOnRodOnSphere,
  /// A point mass on the sphere of radius l about the origin, with no rod or down: the sphere
  /// itself is drawn (a potential typed in may pull any way). The pose's position is the mass.
  ParticleOnSphere,
  /// A rigid body on a fixed pivot at the origin, drawn as the uniform box with its inertia J
  /// about its centre of mass at rho (body frame) and a rod from the pivot to it: the pose is
  /// the centre of mass and the attitude R.
  BoxOnPivot,
  /// A rigid body on a fixed pivot at the origin, drawn as the ellipsoid with its principal
  /// moments J: the pose's attitude is R (its position a point fixed in the body).
  EllipsoidOnPivot,
  /// Two uniform spheres (masses m1, m2, radius r) on a massless rod of length L along the
  /// body's e1, orbiting a point mass at the origin: the pose is the mass centre and R.
  Dumbbell,
  /// One bob of a chain of point masses on massless rods from a fixed pivot, each rod from the
  /// previous bob: the pose is the bob, its attitude taking e3 to the rod's direction.
  ChainBob,
  /// A rigid set of uniform spheres (radii r_i, centres c_i in the body frame): the pose is its
  /// centre of mass and attitude.
  SphereCluster,
  /// A quadrotor: a body with four arms of length d along +-b1 and +-b2, a rotor at the end of
  /// each (sizes: d): the pose is its centre of mass and R.
  Quadrotor,
};

/// One body a system is drawn as: its kind, the parameters its sizes are read from, how many
/// copies of it there are, each with a pose of its own (a structural parameter's name, e.g. a
/// chain's "n"; empty: one), how many parts one copy has (a structural parameter's name, e.g.
/// the spheres "n1" of a body of the two-body problem; empty: none counted), and what it is, in
/// one line. A size ending in "_i" stands for each of _1 .. _N, N the value of `copies` or
/// `parts`. The app's 3D view draws a system by its first body's kind, the sizes read from the
/// parameters named here (ui/scene3d/qt3d/visualregistry.cpp).
struct BodyDeclaration {
  BodyKind kind = BodyKind::SpringMass;
  std::vector<std::string> sizes;
  std::string copies = {};
  std::string parts = {};
  std::string description = {};
};

/// Everything about a system that does not depend on a parameter value.
struct SystemDeclaration {
  std::string name;   ///< CLI name, e.g. "spherical-pendulum"
  std::string title;  ///< e.g. "Spherical pendulum on S^2"
  /// The parameters at the default set-up (at the default of every structural parameter).
  std::vector<ParamSpec> params;
  /// The parameters whose value decides which other parameters there are (a chain's number of
  /// links n); empty for most systems.
  std::vector<std::string> structuralParams = {};
  /// The article's set-up: step h, horizon T and RK45's tolerances.
  IntegratorSettings settings = {};
  /// Every integrator the system has, in the order of allMethods().
  std::vector<Method> methods = {Method::Variational, Method::Rk45};
  /// The ones the article compares (the app's default choice).
  std::vector<Method> articleMethods = {Method::Variational, Method::Rk45};
  /// What Sample::structure measures, e.g. "|1 - q^T q|"; empty when there is none.
  std::string structure = {};
  /// What Sample::structure2 measures, empty when there is none, and its symbol alone for a
  /// plot's legend (empty: the same as structure2).
  std::string structure2 = {};
  std::string structure2Symbol = {};
  /// The methods whose runs fill Sample::structure2 (elsewhere it is 0 by design); empty: every
  /// method, when structure2 is named.
  std::vector<Method> structure2Methods = {};
  /// Whether some component of Sample::momentum is a conserved quantity (`conserved` says which).
  bool hasMomentum = false;
  /// Whether Sample::momentum is the system's angular momentum even where no component of it
  /// is conserved (a typed potential without a symmetry); hasMomentum implies it.
  bool angularMomentum = false;
  /// The quantities the continuous system conserves: the energy, then the components of
  /// Sample::momentum it conserves when hasMomentum.
  std::vector<ConservedQuantity> conserved = {energyQuantity()};
  /// The figures the article prints and the plots it draws for this system's example (none for
  /// a new system).
  std::vector<ArticleFigure> figures = {};
  std::vector<ArticlePlot> plots = {};
  /// The horizon of the default work-precision sweep (core/analysis/sweep.h) in seconds, where a
  /// tenth of the set-up's T does not do (the errors grow too fast for the largest steps to stay
  /// in the fitted range over it); empty: a tenth of T.
  std::optional<double> sweepHorizon = {};
  /// The time scales of the motion at the default parameters [s], for tests and studies that
  /// choose steps and spans, so that one choice is the same fraction of every system's motion.
  /// timeScale: the shortest, the time in which its fastest part turns about a radian (1 over
  /// its highest angular rate, rounded): steps are fractions of it. slowTimeScale: the time in
  /// which the configuration as a whole moves by order one (the same as timeScale for a motion
  /// of one scale): spans are multiples of it. A system whose potential is typed in states its
  /// default potential's. Empty: not stated.
  std::optional<double> timeScale = {};
  std::optional<double> slowTimeScale = {};
  /// The parts of the state SystemModel::namedState gives, in its order.
  std::vector<StatePartSpec> state = {};
  /// The bodies it is drawn as, in the order of SystemModel::bodyPoses.
  std::vector<BodyDeclaration> bodies = {};
  /// The channels of its control u (core/sim/simulator.h), in the order u lists them: e.g.
  /// "tau" {3} [N m], a torque in body coordinates. Empty: it cannot be forced.
  std::vector<StatePartSpec> controls = {};
  /// The tangent coordinates of its state, in which a step's derivative (Simulator::linearize,
  /// core/integrators/tangent.h) and the symplectic form are written: parts of `state`, in
  /// order, each as its kind says. Parts the others determine are left out (the planar
  /// pendulum's R, given by theta). Empty: no derivative.
  std::vector<TangentPart> tangent = {};
};

/// The parameter rows several systems share, with the same unit, range and default; each takes
/// the system's own description.
/// A mass m [kg]: default 1, in (0, 1e6], slider [0.1, sliderMax].
ParamSpec massParam(std::string name, std::string description, double sliderMax = 10.0);
/// A length [m]: in (0, 1e6], the default and slider given.
ParamSpec lengthParam(std::string name, std::string description, double defaultValue,
                      double sliderMin, double sliderMax);
/// The gravitational acceleration g [m/s^2]: default 9.81, in [0, max], slider [0, 20].
ParamSpec gravityParam(std::string description, double max = 1e4);

}  // namespace dms
