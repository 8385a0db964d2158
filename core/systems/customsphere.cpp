// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/customsphere.h"

#include <cmath>
#include <sstream>
#include <utility>

#include "core/systems/spheresteps.h"

namespace dms {
namespace {

// one run's particle: m, l and its own evaluator, shared by the run's steppers and forms (one
// thread at a time)
struct Particle {
  double m = 1.0, l = 1.0;
  std::shared_ptr<PotentialEvaluator> eval;
  double ml2() const { return m * l * l; }
  double U(const Vector3d& q) const {
    double* v = eval->vars();
    v[0] = q.x(), v[1] = q.y(), v[2] = q.z();
    return eval->value();
  }
  Vector3d dU(const Vector3d& q) const {
    double* v = eval->vars();
    v[0] = q.x(), v[1] = q.y(), v[2] = q.z();
    const double* g = eval->gradient();
    return Vector3d(g[0], g[1], g[2]);
  }
  // d^2U/dq dq^T, GiNaC's derivatives of the gradient (PotentialExpression::hessian: the
  // upper triangle, row by row)
  Matrix3d d2U(const Vector3d& q) const {
    double* v = eval->vars();
    v[0] = q.x(), v[1] = q.y(), v[2] = q.z();
    const double* H = eval->hessian();
    Matrix3d out;
    for (int i = 0, k = 0; i < 3; ++i)
      for (int j = i; j < 3; ++j, ++k) out(i, j) = out(j, i) = H[k];
    return out;
  }
};

// the typed field for both variational steps (spheresteps.h), with c = h / (2 m l^2):
// t(q) = q x dU(q), f_k = h omega_k - h c t_k, omega_{k+1} = omega_k - c t_k - c t_{k+1}
struct TypedField {
  static constexpr bool kMayLeaveDomain = true;
  const Particle& p;
  double c, fScale;
  const char* needs = "the step on S^2 needs |h omega - h^2/(2 m l^2) q x dU| <= 1";
  TypedField(const Particle& particle, double h)
      : p(particle), c(h / (2 * particle.ml2())), fScale(-(h * c)) {}
  double kScale() const { return -c; }
  Vector3d tangent(const Vector3d& q) const { return q.cross(p.dU(q)); }
  // the compensated step's kicks: the gradient at the sum q_{k+1}, then both halves
  bool kicks(const Vector3d& t0, const Vector3d& /*dq*/, const Vector3d& q1, Vector3d& kick,
             Vector3d& early) const {
    const Vector3d t1 = tangent(q1);
    if (!t1.allFinite()) return false;
    kick = kScale() * t1;
    early = kScale() * t0;
    return true;
  }
};

// the particle as the sphere's runs take it (spheresteps.h)
struct Body {
  Particle p;
  double ml2() const { return p.ml2(); }
  bool step(double h, SphericalPendulumState& x, std::string* why) const {
    return sphereStep(TypedField(p, h), h, x, why);
  }
  bool step(double h, SphericalPendulumSums& x, std::string* why) const {
    return sphereStep(TypedField(p, h), h, x, why);
  }
  bool rattle(double h, RattleState& x, bool compensated, std::string* why) const {
    return sphereRattleStep(
        p.ml2(), [this](const Vector3d& q) { return p.dU(q); }, h, x, compensated, why);
  }
  void fill(double t, const SphericalPendulumState& x, Sample& s, SampleFields f) const {
    sphereFill(p.ml2(), p.l, p.U(x.q), t, x, s, f);
  }
  // m l^2 omega' = -q x dU
  Vector3d accel(const Vector3d& q) const { return -q.cross(p.dU(q)) / p.ml2(); }
  double radius() const { return p.l; }
  Vector3d dU(const Vector3d& q) const { return p.dU(q); }
  Matrix3d hessian(const Vector3d& q) const { return p.d2U(q); }
  // d accel/dq of -q x dU/(m l^2): (dU^ - q^ d2U) / (m l^2)
  Matrix3d accelJacobian(const Vector3d& q) const {
    return (hat(p.dU(q)) - hat(q) * p.d2U(q)) / p.ml2();
  }
};

SystemDeclaration customSphereDeclaration(std::vector<ParamSpec> symbols,
                                          std::vector<ConservedQuantity> conserved,
                                          bool hasMomentum) {
  SystemDeclaration d = SphereParticleModel::sharedDeclaration();
  d.name = "custom-sphere-particle";
  d.title = "Particle on a sphere, potential U(q) typed in";
  // the default potential's, the spherical pendulum's -m g l q3: sqrt(l/g) = 1 s (a potential
  // typed in keeps them: it states no time scale of its own)
  d.timeScale = 1.0;
  d.slowTimeScale = 1.0;
  d.params = sphereSpecs("mass of the particle", "radius of the sphere",
                         "initial direction from the centre (normalized)");
  d.params.insert(d.params.end(), symbols.begin(), symbols.end());
  d.hasMomentum = hasMomentum;
  d.angularMomentum = true;
  d.conserved = std::move(conserved);
  d.bodies[0].kind = BodyKind::ParticleOnSphere;
  d.bodies[0].description = "the particle on the sphere of radius l";
  return d;
}

Particle particle(const PotentialExpression& e, const ParamValues& values) {
  return {scalarParam(values, "m"), scalarParam(values, "l"),
          std::make_shared<PotentialEvaluator>(e, values)};
}

}  // namespace

PotentialVariables CustomSphereParticle::variables() {
  // R11 ... R33 are the rigid body's (custom-rigid-body)
  return {"potential", {"q1", "q2", "q3"}, "q", {"m", "l"}, {"q0", "omega0"}, {"R"}};
}

CustomSphereParticle::CustomSphereParticle()
    : CustomSphereParticle(acceptPotential(defaultPotential(), variables()),
                           ParamValues{{"g", {9.81}}}) {}

CustomSphereParticle::CustomSphereParticle(const std::string& text)
    : CustomSphereParticle(acceptPotential(text, variables()), {}) {}

CustomSphereParticle::CustomSphereParticle(PotentialExpression expr, const ParamValues& defaults)
    : SphereParticleModel(customSphereDeclaration(
          symbolSpecs(expr, defaults, "U(q)", 20.0),
          conservedOf(expr, sphereEnergyAndVerticalMomentum()), expr.symmetricAboutE3)),
      TypedPotentialOf(std::move(expr), "q1 q2 q3, m, l",
                       "gradient dU/dq (the step uses its tangent part q x dU):") {}

ParamValues CustomSphereParticle::normalize(const ParamValues& values,
                                            std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  requireValues(out, name());
  const Vector3d q = normalizeSphereStart(out, warnings);
  const Particle p = particle(m_expr, out);
  const double U0 = p.U(q);
  if (!std::isfinite(U0) || !p.dU(q).allFinite())
    throw InputError(
        "--potential '" + m_expr.text + "' is not finite at the initial q0 = " + formatVector(q) +
        " (U = " + formatNumber(U0) + "); change the expression, its parameters or q0");
  return out;
}

std::unique_ptr<Run> CustomSphereParticle::makeRun(const ParamValues& values, Method method,
                                                   const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const SphericalPendulumState x0{vectorParam(values, "q0"), vectorParam(values, "omega0")};
  std::unique_ptr<Run> run = makeSphereRun(Body{particle(m_expr, values)}, x0, method, settings);
  if (!run) throw unavailable(method);
  return run;
}

std::unique_ptr<Stepping> CustomSphereParticle::makeStepping(const ParamValues& values,
                                                             Method method,
                                                             const IntegratorSettings& settings,
                                                             const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  const SphericalPendulumState x0{vectorParam(values, "q0"), vectorParam(values, "omega0")};
  return makeSphereStepping(Body{particle(m_expr, values)}, start.control,
                            startState(start, x0, method), method, settings);
}

ShadowConstruction CustomSphereParticle::shadowConstruction(const ParamValues& values,
                                                            Method method, double h) const {
  // an evaluator of its own: the run's is not shared with another thread's reader
  const Particle p = particle(m_expr, values);
  return sphereShadow(method, p.ml2(), h, [p, h](const VectorXd& q0, const VectorXd& q1) {
    return 0.5 * h * (p.U(Vector3d(q0)) + p.U(Vector3d(q1)));
  });
}

}  // namespace dms
