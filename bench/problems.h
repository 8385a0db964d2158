// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The benchmark problems: one struct per system, with the core's variational steps (plain and
/// compensated), a minimal hand-written copy of them (minimal.h), the system's initial state
/// and the right-hand side of the continuous form written once for any indexable state (our
/// Eigen vectors, the peer's std::vector<double> or std::array).
///
/// Each rhs is the one the system's makeRun() gives RK45, operation for operation; checks.h
/// checks that our RK45 with it reproduces the product's RkRun bit for bit.
///
/// To add a system: write one struct like these (kName is the CLI name; Params, State and Model
/// are the system's; initial() builds the state its makeRun() starts from) and add one line to
/// registerAll() and checkAll() in main.cpp.
#pragma once

#include <optional>
#include <string>

#include "bench/minimal.h"
#include "core/integrators/composition.h"
#include "core/integrators/fixedsteprun.h"
#include "core/integrators/method.h"
#include "core/systems/dumbbell.h"
#include "core/systems/lgvi.h"
#include "core/systems/massspring.h"
#include "core/systems/pendulum3d.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"

namespace dms::bench {

struct MassSpringProblem {
  static constexpr const char* kName = "mass-spring";
  static constexpr int kDim = 2;
  using Params = MassSpringParams;
  using State = MassSpringState;
  static Sample sample(const Params& p, double t, const State& x) {
    return MassSpring::sample(p, t, x);
  }
  using Minimal = MinimalMassSpring;
  static Minimal minimal(const Params& p, double h) { return {p, h}; }

  static State initial(const Params& p) { return {p.q0, p.v0}; }
  static bool step(const Params& p, double h, State& x, std::string* /*why*/) {
    massSpringStep(p, h, x);
    return true;
  }
  // the compensated step (the product's default), on the state and what rounding dropped
  using Sums = MassSpringSums;
  static Sums sums(const Params&, const State& x) { return Sums{x}; }
  static const State& stateOf(const Sums& s) { return s.x; }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* /*why*/) {
    massSpringStep(p, h, x);
    return true;
  }
  // (q, v)' = (v, -kappa q / m), eq (7)
  template <class Y, class DY>
  static void rhs(const Params& p, const Y& y, DY& dy) {
    dy[0] = y[1];
    dy[1] = -p.kappa / p.m * y[0];
  }
  template <class Y>
  static double energy(const Params& p, const Y& y) {
    return massSpringEnergy(p, State{y[0], y[1]});
  }
};

struct PlanarPendulumProblem {
  static constexpr const char* kName = "planar-pendulum";
  static constexpr int kDim = 5;
  using Params = PlanarPendulumParams;
  using State = PlanarPendulumState;
  static Sample sample(const Params& p, double t, const State& x) {
    return PlanarPendulum::sample(p, t, x);
  }
  using Minimal = MinimalPlanarPendulum;
  static Minimal minimal(const Params& p, double h) { return {p, h}; }

  static State initial(const Params& p) { return {rotation2(p.theta0), p.omega0}; }
  static bool step(const Params& p, double h, State& x, std::string* why) {
    return planarPendulumStep(p, h, x, why);
  }
  // the compensated step (the product's default), on the state and what rounding dropped
  using Sums = PlanarPendulumSums;
  static Sums sums(const Params&, const State& x) { return Sums{x}; }
  static const State& stateOf(const Sums& s) { return s.x; }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* why) {
    return planarPendulumStep(p, h, x, why);
  }
  // eqs (16)-(17): R' = R Omega^, Omega' = -(g/l) e2^T R e1; y = (R column-major, Omega)
  template <class Y, class DY>
  static void rhs(const Params& p, const Y& y, DY& dy) {
    const double w = y[4];
    dy[0] = w * y[2];
    dy[1] = w * y[3];
    dy[2] = -w * y[0];
    dy[3] = -w * y[1];
    dy[4] = -p.g / p.l * y[1];
  }
  template <class Y>
  static double energy(const Params& p, const Y& y) {
    State x;
    x.R << y[0], y[2], y[1], y[3];
    x.Omega = y[4];
    return planarPendulumEnergy(p, x);
  }
};

struct SphericalPendulumProblem {
  static constexpr const char* kName = "spherical-pendulum";
  static constexpr int kDim = 6;
  using Params = SphericalPendulumParams;
  using State = SphericalPendulumState;
  static Sample sample(const Params& p, double t, const State& x) {
    return SphericalPendulum::sample(p, t, x);
  }
  using Minimal = MinimalSphericalPendulum;
  static Minimal minimal(const Params& p, double h) { return {p, h}; }

  static State initial(const Params& p) { return {p.q0, p.omega0}; }
  static bool step(const Params& p, double h, State& x, std::string* why) {
    return sphericalPendulumStep(p, h, x, why);
  }
  // the compensated step (the product's default), on the state and what rounding dropped
  using Sums = SphericalPendulumSums;
  static Sums sums(const Params&, const State& x) { return Sums{x}; }
  static const State& stateOf(const Sums& s) { return s.x; }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* why) {
    return sphericalPendulumStep(p, h, x, why);
  }
  // eqs (31)-(32): q' = omega x q, omega' = (g/l) q x e3 = (g/l) (q2, -q1, 0); y = (q, omega)
  template <class Y, class DY>
  static void rhs(const Params& p, const Y& y, DY& dy) {
    dy[0] = y[4] * y[2] - y[5] * y[1];
    dy[1] = y[5] * y[0] - y[3] * y[2];
    dy[2] = y[3] * y[1] - y[4] * y[0];
    const double c = p.g / p.l;
    dy[3] = c * y[1];
    dy[4] = c * -y[0];
    dy[5] = 0.0;
  }
  template <class Y>
  static double energy(const Params& p, const Y& y) {
    return sphericalPendulumEnergy(p,
                                   State{Vector3d(y[0], y[1], y[2]), Vector3d(y[3], y[4], y[5])});
  }
};

// a rigid body of the product's code (lgvi.h) set up by Setup (DumbbellParams,
// Pendulum3dParams: from(values), body(), initialState()): its rhs is the product's
// (RigidBodyMatrixRhs, whose force evaluation is the potential's own code) on a map of any
// state with data()
template <class Setup>
struct RigidBodyProblem {
  static constexpr int kDim = 18;
  struct Params {
    Setup d;
    RigidBody body;
    std::optional<RigidBodyMatrixRhs> f;
    static Params from(const ParamValues& v) {
      Params p;
      p.d = Setup::from(v);
      p.body = p.d.body();
      p.f.emplace(p.body);
      return p;
    }
  };
  // eqs (37)-(40); y = (R column-major, x, Omega, v)
  template <class Y, class DY>
  static void rhs(const Params& p, const Y& y, DY& dy) {
    const Eigen::Map<const Eigen::Matrix<double, kDim, 1>> ym(y.data());
    Eigen::Map<Eigen::Matrix<double, kDim, 1>> dym(dy.data());
    (*p.f)(0.0, ym, dym);
  }
  template <class Y>
  static double energy(const Params& p, const Y& y) {
    const Eigen::Map<const Eigen::Matrix<double, kDim, 1>> ym(y.data());
    RigidBodyState s;
    s.R = Eigen::Map<const Matrix3d>(ym.data());
    s.x = ym.segment<3>(9);
    s.Omega = ym.segment<3>(12);
    s.v = ym.segment<3>(15);
    return rigidBodyEnergy(p.body, s);
  }
  using State = RigidBodyState;
  static Sample sample(const Params& p, double t, const State& x) {
    return rigidBodySample(p.body, t, x);
  }
  static State initial(const Params& p) { return p.d.initialState(); }
  static bool step(const Params& p, double h, State& x, std::string* why) {
    return lgviStep(p.body, h, x, why, nullptr);
  }
  using Sums = RigidBodySums;
  static Sums sums(const Params& p, const State& x) { return RigidBodySums::start(p.body, x); }
  static const State& stateOf(const Sums& s) { return s.s; }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* why) {
    return lgviStep(p.body, h, x, why, nullptr);
  }
};

// the dumbbell, with its minimal hand-written step
struct DumbbellProblem : RigidBodyProblem<DumbbellParams> {
  static constexpr const char* kName = "dumbbell";
  using Minimal = MinimalDumbbell;
  static Minimal minimal(const Params& p, double h) { return {p.d, h}; }
};

// the 3D pendulum: the rigid body of the dumbbell's code held at its pivot (PivotGravity), x =
// v = 0 in eqs (37)-(40); no minimal step (kHasMinimal)
struct Pendulum3dProblem : RigidBodyProblem<Pendulum3dParams> {
  static constexpr const char* kName = "pendulum-3d";
  static constexpr bool kHasMinimal = false;
  // the product stores a body on a pivot without its x and v (makePivotRun): (R, Omega)
  static constexpr bool kPivot = true;
};

// ---- the variational methods of a problem: vi, vi4 (its triple jump), rattle -------------

/// vi: the system's step, as makeRun(vi) takes it.
template <class P>
struct ViOf : P {
  static constexpr const char* kMethodName = "vi";
  static constexpr Method kMethod = Method::Variational;
};

/// vi4: the system's step composed by Yoshida's triple jump, as makeRun(vi4) composes it
/// (TripleJump in fixedsteprun.h: the core step at g1 h, g2 h, g1 h); its minimal form composes
/// the minimal step the same way, each made once for its step size.
template <class P>
struct Vi4Of : P {
  static constexpr const char* kMethodName = "vi4";
  static constexpr Method kMethod = Method::Vi4;
  using typename P::Params;
  using typename P::State;
  using typename P::Sums;
  static bool step(const Params& p, double h, State& x, std::string* why) {
    return P::step(p, kTripleJumpG1 * h, x, why) && P::step(p, kTripleJumpG2 * h, x, why) &&
           P::step(p, kTripleJumpG1 * h, x, why);
  }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* why) {
    return P::stepCompensated(p, kTripleJumpG1 * h, x, why) &&
           P::stepCompensated(p, kTripleJumpG2 * h, x, why) &&
           P::stepCompensated(p, kTripleJumpG1 * h, x, why);
  }
  struct Minimal {
    typename P::Minimal g1, g2;
    template <class X>
    void step(X& x) const {
      g1.step(x);
      g2.step(x);
      g1.step(x);
    }
  };
  static Minimal minimal(const Params& p, double h) {
    return {P::minimal(p, kTripleJumpG1 * h), P::minimal(p, kTripleJumpG2 * h)};
  }
};

/// rattle on the spherical pendulum: its state is q and the momentum p (RattleState, with
/// what rounding dropped); the plain form is the same state stepped without compensation.
struct RattleProblem : SphericalPendulumProblem {
  static constexpr const char* kMethodName = "rattle";
  static constexpr Method kMethod = Method::Rattle;
  using State = RattleState;
  using Sums = RattleState;
  static Sample sample(const Params& p, double t, const State& x) { return rattleSample(p, t, x); }
  static State initial(const Params& p) { return {p.q0, p.m * p.l * p.l * p.omega0.cross(p.q0)}; }
  static bool step(const Params& p, double h, State& x, std::string* why) {
    return rattleStep(p, h, x, false, why);
  }
  static Sums sums(const Params&, const State& x) { return x; }
  static const State& stateOf(const Sums& s) { return s; }
  static bool stepCompensated(const Params& p, double h, Sums& x, std::string* why) {
    return rattleStep(p, h, x, true, why);
  }
  struct Minimal {
    MinimalRattle m;
    void step(State& x) const { m.step<false>(x); }
    // the compensated form, on the same type: step(Sums&) would be ambiguous
    void stepCompensated(Sums& x) const { m.step<true>(x); }
  };
  static Minimal minimal(const Params& p, double h) { return {MinimalRattle(p, h)}; }
};

}  // namespace dms::bench
