// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Example 3: the spherical pendulum on S^2, gravity along +e3, q = e3 hanging.
#pragma once

#include <cmath>
#include <string>
#include <utility>

#include "core/systems/system.h"

namespace dms {

struct SphericalPendulumParams {
  double m = 1.0;
  double l = 9.81;
  double g = 9.81;
  Vector3d q0 = Vector3d(0.8660254037844386, 0.0, 0.5);
  /// The article prints 0.1[sqrt3, 0, 3]; 0.1[sqrt3, 0, -3] is tangent and reproduces its
  /// figures (docs/numerics.md, correction 1).
  Vector3d omega0 = Vector3d(0.17320508075688773, 0.0, -0.3);
  static SphericalPendulumParams from(const ParamValues& v);
};

struct SphericalPendulumState {
  Vector3d q = Vector3d::UnitZ();
  Vector3d omega = Vector3d::Zero();
};

/// omega as a state handed to setState is taken by the variational step on a sphere (here and
/// in the chain): its part along q removed, omega - (q.omega) q/|q|^2, when that part is more
/// than the round-off a state on T S^2 carries (the step keeps q.omega = 0 up to a few eps
/// |omega| a step; 1e-12 |q| |omega| is thousands of steps' worth). A state read back from its
/// run so restarts bit for bit, and one moved off T S^2 (perturbed, typed) is put back on it,
/// where the step and its symplectic form are defined. The step's derivative differentiates
/// the projection (spheresteps.h, sphereStateChange), which differs from this map by at most
/// that threshold. (The Runge-Kutta methods take omega as given: their equations hold for any
/// omega. RATTLE's momentum m l^2 omega x q does not see the part along q.)
inline Vector3d sphereTangentPart(const Vector3d& q, const Vector3d& omega) {
  const double along = q.dot(omega);
  if (!(std::fabs(along) > 1e-12 * q.norm() * omega.norm())) return omega;
  return omega - (along / q.squaredNorm()) * q;
}

/// E = 1/2 m l^2 |omega|^2 - m g l e3.q.
double sphericalPendulumEnergy(const SphericalPendulumParams& p, const SphericalPendulumState& x);

/// Eqs (35)-(36), with f_k = h omega_k + (h^2 g / 2l) q_k x e3:
///   q_{k+1} = f_k x q_k + (1 - |f_k|^2)^(1/2) q_k
///   omega_{k+1} = omega_k + (h g / 2l) q_k x e3 + (h g / 2l) q_{k+1} x e3
/// Returns false (and says why) when |f_k| > 1.
bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumState& x,
                           std::string* why);

/// The state of the compensated step: (q, omega) and what rounding dropped from each sum.
struct SphericalPendulumSums {
  SphericalPendulumState x;
  SphericalPendulumState lost{Vector3d::Zero(), Vector3d::Zero()};
};

/// Eqs (35)-(36) as increments added with compensation (compensated.h). For f_k tangent to q_k,
/// (35) turns q_k about f_k by asin|f_k|; the increment is that rotation, in Cayley form with
/// c_k = f_k / (1 + s_k), s_k = (1 - |f_k|^2)^(1/2) (tan of half the angle; 2 / (1 + |c_k|^2)
/// = 1 + s_k), which keeps |q| whatever f_k rounds to:
///   dq_k = f_k x q_k + f_k x (f_k x q_k) / (1 + s_k),   q_{k+1} = q_k + dq_k
///   omega_{k+1} = omega_k + (h g / 2l) (2 q_k x e3 + dq_k x e3)
/// Fails like sphericalPendulumStep when |f_k| > 1.
bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumSums& x,
                           std::string* why);

/// RATTLE's state: q, the momentum p = m l^2 qdot, and what rounding dropped from each sum.
struct RattleState {
  Vector3d q = Vector3d::UnitZ();
  Vector3d p = Vector3d::Zero();
  Vector3d lostQ = Vector3d::Zero(), lostP = Vector3d::Zero();
};

/// One step of RATTLE (constrained Stormer-Verlet; Hairer, Lubich and Wanner VII.1) in R^3 with
/// |q| = 1 and its hidden constraint q . p = 0, U(q) = -m g l e3 . q, dU = -m g l e3:
///   p+ = p_k - h/2 (dU + lambda q_k)
///   q_{k+1} = q_k + h p+ / (m l^2),              |q_{k+1}| = 1
///   p_{k+1} = p+ - h/2 (dU + mu q_{k+1}),        q_{k+1} . p_{k+1} = 0
/// With a = q_k + h/(m l^2) (p_k - h/2 dU) and c = h^2 / (2 m l^2), the first condition is the
/// quadratic c^2 |q_k|^2 lambda^2 - 2 c (a . q_k) lambda + |a|^2 - 1 = 0, solved in closed form
/// for the root that tends to 0 with h; the second is linear in mu. The increments are added
/// with compensation when `compensated`. Fails (s unchanged) when the quadratic has no root.
bool rattleStep(const SphericalPendulumParams& p, double h, RattleState& x, bool compensated,
                std::string* why);
/// The pendulum's sample of RATTLE's state: omega = q x p / (m l^2); structure2 is q . qdot.
Sample rattleSample(const SphericalPendulumParams& p, double t, const RattleState& x);
void rattleFill(const SphericalPendulumParams& p, double t, const RattleState& x, Sample& s,
                SampleFields f);

/// What every particle on a sphere shares (the spherical pendulum, the particle whose U(q) is
/// typed in, customsphere.h): its methods, its state q and omega, its errors, and the article's
/// step and horizon.
class SphereParticleModel : public SystemModel {
 public:
  explicit SphereParticleModel(SystemDeclaration declaration)
      : SystemModel(std::move(declaration)) {}
  /// What every particle on a sphere declares: the article's step and horizon, its methods,
  /// structure errors, state (q and omega) and body; a system adds its name, parameters and
  /// conserved quantities.
  static SystemDeclaration sharedDeclaration();
  /// q and omega (declaration().state); RATTLE's omega is r x v / |r|^2 of the sample's bob r
  /// and velocity v (its state carries p).
  std::vector<StatePart> namedState(Method method, const Sample& s) const override;
  bool namedStateNeedsPose(Method method) const override { return method == Method::Rattle; }
  /// angle: the S^2 distance between q_a and q_b [rad]; velocity: |omega_a - omega_b| of the
  /// tangent angular velocities [rad/s] (pivotStateError, so RATTLE's (q, p) compares too); no
  /// position part.
  StateError stateError(const Sample& a, const Sample& b) const override {
    return pivotStateError(a, b);
  }

 protected:
  /// x0, or the state `start` gives (q a unit vector to within 1e-6, kept as given; for vi and
  /// vi4 omega's part along q removed, sphereTangentPart).
  SphericalPendulumState startState(const SteppingStart& start, const SphericalPendulumState& x0,
                                    Method method) const;
  /// The shadow energy of vi and rattle on the sphere: q in R^3 (|q| = 1), p = m l^2 omega x q
  /// for vi (the tangential part of -dL_d/dq_k), RATTLE's own p; both steps have the discrete
  /// Lagrangian (m l^2/2h)|q1 - q0|^2 - potentialAction(q0, q1), potentialAction being
  /// (h/2)(U(q0) + U(q1)).
  ShadowConstruction sphereShadow(
      Method method, double ml2, double h,
      std::function<double(const VectorXd& q0, const VectorXd& q1)> potentialAction) const;
};

class SphericalPendulum final : public SphereParticleModel {
 public:
  /// Conserves the energy and the vertical angular momentum e3.(m l^2 q x qdot),
  /// Sample::momentum's third component.
  SphericalPendulum();
  /// Without gravity (g = 0) every component of the angular momentum is conserved.
  std::vector<ConservedQuantity> conservedAt(const ParamValues& values) const override;
  /// Normalizes q0 (rejects a zero-length one) and projects omega0 onto the tangent plane at
  /// q0, with a warning when that removed more than round-off.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a force on the bob in inertial coordinates (ForcedSphereBody, spheresteps.h).
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
  /// sphereShadow with the discrete Lagrangian stated after the article's eq (33),
  /// (m l^2/2h)|q1 - q0|^2 + (h m g l/2) e3.(q0 + q1).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;
  /// Sample of a state: the bob at l q, angular momentum m l^2 q x qdot.
  static Sample sample(const SphericalPendulumParams& p, double t, const SphericalPendulumState& x);
  /// The same sample, written into s: the fields asked for.
  static void fill(const SphericalPendulumParams& p, double t, const SphericalPendulumState& x,
                   Sample& s, SampleFields f);
};

}  // namespace dms
