// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/sphericalpendulum.h"

#include <cmath>
#include <sstream>

#include "core/systems/spheresteps.h"

namespace dms {
namespace {

const char* const kEq35Needs = "eq (35) needs |h omega + h^2 g/(2l) q x e3| <= 1";

// the pendulum's field for the plain step: t(q) = q x e3 (dU = -m g l e3), with f_k's and the
// kicks' scales h^2 g/(2l) and h g/(2l) (eqs (35)-(36))
struct GravityField {
  static constexpr bool kMayLeaveDomain = false;
  const SphericalPendulumParams& p;
  double h, fScale;
  const char* needs = kEq35Needs;
  GravityField(const SphericalPendulumParams& params, double step)
      : p(params), h(step), fScale(h * h * p.g / (2 * p.l)) {}
  // asked for after the root of (35), which its division then overlaps
  double kScale() const { return h * p.g / (2 * p.l); }
  Vector3d tangent(const Vector3d& q) const {
    const Vector3d e3 = Vector3d::UnitZ();
    return q.cross(e3);
  }
};

// the same field for the compensated step: with dU constant, q_{k+1} x e3 = q_k x e3 + dq x e3,
// so the second kick needs no wait for the sum of q: (h g / 2l) (2 q_k x e3 + dq_k x e3)
struct CompensatedGravityField {
  double k1, fScale;
  const char* needs = kEq35Needs;
  CompensatedGravityField(const SphericalPendulumParams& p, double h)
      : k1(h * p.g / (2 * p.l)), fScale(h * k1) {}
  Vector3d tangent(const Vector3d& q) const { return Vector3d(q.y(), -q.x(), 0.0); }  // q x e3
  bool kicks(const Vector3d& t0, const Vector3d& dq, const Vector3d& /*q1*/, Vector3d& kick,
             Vector3d& early) const {
    kick = k1 * Vector3d(dq.y(), -dq.x(), 0.0);
    early = (2 * k1) * t0;
    return true;
  }
};

// the pendulum's constant gradient dU = -m g l e3, for RATTLE
struct GravityGradient {
  Vector3d dU;
  Vector3d operator()(const Vector3d& /*q*/) const { return dU; }
};

// the pendulum as the sphere's runs take it (spheresteps.h)
struct PendulumBody {
  SphericalPendulumParams p;
  double ml2() const { return p.m * p.l * p.l; }
  bool step(double h, SphericalPendulumState& x, std::string* why) const {
    return sphericalPendulumStep(p, h, x, why);
  }
  bool step(double h, SphericalPendulumSums& x, std::string* why) const {
    return sphericalPendulumStep(p, h, x, why);
  }
  bool rattle(double h, RattleState& x, bool compensated, std::string* why) const {
    return rattleStep(p, h, x, compensated, why);
  }
  void fill(double t, const SphericalPendulumState& x, Sample& s, SampleFields f) const {
    SphericalPendulum::fill(p, t, x, s, f);
  }
  // eq (31): omega' = (g/l) q x e3
  Vector3d accel(const Vector3d& q) const { return p.g / p.l * q.cross(Vector3d::UnitZ()); }
  double radius() const { return p.l; }
  // U = -m g l q3
  Vector3d dU(const Vector3d& /*q*/) const { return -p.m * p.g * p.l * Vector3d::UnitZ(); }
  // U is linear: its second derivative is 0, and d accel/dq = -(g/l) e3^ (q x e3 = -e3^ q)
  Matrix3d hessian(const Vector3d& /*q*/) const { return Matrix3d::Zero(); }
  Matrix3d accelJacobian(const Vector3d& /*q*/) const {
    return -(p.g / p.l) * hat(Vector3d::UnitZ());
  }
};

}  // namespace

bool sphereStepUnsolvable(const char* needs, double f2, std::string* why) {
  if (why) {
    std::ostringstream m;
    m << needs << ", got " << std::sqrt(f2) << "; reduce h";
    *why = m.str();
  }
  return false;
}

bool sphereGradientNotFinite(const Vector3d& q, std::string* why) {
  if (why) *why = "the potential's gradient dU/dq is not finite at q = " + formatVector(q);
  return false;
}

bool rattleNoRoot(double D, std::string* why) {
  if (why) {
    std::ostringstream m;
    m << "RATTLE: no q_{k+1} on the sphere (the quadratic for lambda has no real root, "
      << "discriminant " << D << "); reduce h";
    *why = m.str();
  }
  return false;
}

bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumState& x,
                           std::string* why) {
  return sphereStep(GravityField(p, h), h, x, why);
}

bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumSums& x,
                           std::string* why) {
  return sphereStep(CompensatedGravityField(p, h), h, x, why);
}

bool rattleStep(const SphericalPendulumParams& p, double h, RattleState& x, bool compensated,
                std::string* why) {
  return sphereRattleStep(p.m * p.l * p.l, GravityGradient{-p.m * p.g * p.l * Vector3d::UnitZ()}, h,
                          x, compensated, why);
}

void rattleFill(const SphericalPendulumParams& p, double t, const RattleState& x, Sample& s,
                SampleFields f) {
  sphereRattleFill(PendulumBody{p}, t, x, s, f);
}

Sample rattleSample(const SphericalPendulumParams& p, double t, const RattleState& x) {
  Sample s;
  rattleFill(p, t, x, s, SampleFields::All);
  return s;
}

SphericalPendulumParams SphericalPendulumParams::from(const ParamValues& v) {
  SphericalPendulumParams p;
  p.m = scalarParam(v, "m");
  p.l = scalarParam(v, "l");
  p.g = scalarParam(v, "g");
  p.q0 = vectorParam(v, "q0");
  p.omega0 = vectorParam(v, "omega0");
  return p;
}

double sphericalPendulumEnergy(const SphericalPendulumParams& p, const SphericalPendulumState& x) {
  return 0.5 * p.m * p.l * p.l * x.omega.squaredNorm() - p.m * p.g * p.l * x.q.z();
}

SystemDeclaration SphereParticleModel::sharedDeclaration() {
  SystemDeclaration d;
  d.settings.h = 0.05;
  d.settings.T = 200.0;
  d.methods = {Method::Variational, Method::Rk45,     Method::Vi4,   Method::Vi6, Method::Vi8,
               Method::Rattle,      Method::Rk45Proj, Method::Rkmk4, Method::Rk4, Method::Rk853};
  d.structure = "|1 - q^T q|";
  d.structure2 = "|q.omega|";
  d.state = {{"q", {"3"}, "", "direction of the rod from the centre, a unit vector"},
             {"omega", {"3"}, "rad/s", "angular velocity, tangent: qdot = omega x q"}};
  d.bodies = {
      {BodyKind::BobOnRodOnSphere, {"l"}, "", "", "the particle on the sphere of radius l"}};
  d.controls = {{"f", {"3"}, "N", "force on the particle, in inertial coordinates"}};
  d.tangent = {{"q", TangentKind::UnitVectors}, {"omega", TangentKind::Entries}};
  return d;
}

namespace {

SystemDeclaration sphericalPendulumDeclaration() {
  using Q = ArticleFigure::Quantity;
  using K = ArticlePlot::Kind;
  SystemDeclaration d = SphereParticleModel::sharedDeclaration();
  d.name = "spherical-pendulum";
  d.title = "Spherical pendulum on S^2";
  // sqrt(l/g) = 1 s (l = g = 9.81), a small swing's period over 2 pi (its one time scale)
  d.timeScale = 1.0;
  d.slowTimeScale = 1.0;
  d.params = sphereSpecs("mass of the bob", "length of the rod",
                         "initial direction of the rod (normalized; e3 = hanging)");
  d.params.insert(d.params.begin() + 2, gravityParam("gravitational acceleration (along +e3)"));
  d.hasMomentum = true;
  d.conserved = sphereEnergyAndVerticalMomentum();
  // example 3 prints E/(m l^2) (docs/numerics.md, correction 2)
  const SphericalPendulumParams p;
  const double ml2 = p.m * p.l * p.l;
  d.figures = {
      {"3", Method::Variational, Q::EnergyMeanDev, ml2, "m l^2", 1.5460e-4,
       "E/(m l^2); omega0 = 0.1[sqrt3,0,-3] (sign typo corrected)"},
      {"3", Method::Rk45, Q::EnergyMeanDev, ml2, "m l^2", NAN,
       "E/(m l^2); article: notable dissipation (figure only)"},
      {"3", Method::Variational, Q::StructureMean, 1.0, "", 3.2476e-15,
       "|1 - q^T q|, round-off: order of magnitude only"},
      {"3", Method::Rk45, Q::StructureMean, 1.0, "", 1.0164e-2,
       "|1 - q^T q|, ode45 at its defaults sampled at 0:h:T", true},
  };
  d.plots = {{"fig3-energy", "3", "3", K::Energy, "Spherical pendulum: total energy"},
             {"fig3-unit-length", "3", "3", K::Structure, "Spherical pendulum: unit length error"}};
  d.bodies[0].description = "the bob on its rod";
  return d;
}

}  // namespace

SphericalPendulum::SphericalPendulum() : SphereParticleModel(sphericalPendulumDeclaration()) {}

ParamValues SphericalPendulum::normalize(const ParamValues& values,
                                         std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  normalizeSphereStart(out, warnings);
  return out;
}

void SphericalPendulum::fill(const SphericalPendulumParams& p, double t,
                             const SphericalPendulumState& x, Sample& s, SampleFields f) {
  sphereFill(p.m * p.l * p.l, p.l, -p.m * p.g * p.l * x.q.z(), t, x, s, f);
}

Sample SphericalPendulum::sample(const SphericalPendulumParams& p, double t,
                                 const SphericalPendulumState& x) {
  Sample s;
  fill(p, t, x, s, SampleFields::All);
  return s;
}

std::unique_ptr<Run> SphericalPendulum::makeRun(const ParamValues& values, Method method,
                                                const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const SphericalPendulumParams p = SphericalPendulumParams::from(values);
  std::unique_ptr<Run> run = makeSphereRun(PendulumBody{p}, {p.q0, p.omega0}, method, settings);
  if (!run) throw unavailable(method);
  return run;
}

std::unique_ptr<Stepping> SphericalPendulum::makeStepping(const ParamValues& values, Method method,
                                                          const IntegratorSettings& settings,
                                                          const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  const SphericalPendulumParams p = SphericalPendulumParams::from(values);
  return makeSphereStepping(PendulumBody{p}, start.control,
                            startState(start, {p.q0, p.omega0}, method), method, settings);
}

SphericalPendulumState SphereParticleModel::startState(const SteppingStart& start,
                                                       const SphericalPendulumState& x0,
                                                       Method method) const {
  if (!start.state) return x0;
  const StartState given(declaration(), *start.state);
  SphericalPendulumState x{given.unitVector("q"), given.vector3("omega")};
  if (isVariationalComposition(method)) x.omega = sphereTangentPart(x.q, x.omega);
  return x;
}

std::vector<ConservedQuantity> SphericalPendulum::conservedAt(const ParamValues& values) const {
  if (scalarParam(values, "g") != 0.0) return conserved();
  return withWholeMomentum(conserved(), "m l^2 q x qdot");
}

ShadowConstruction SphereParticleModel::sphereShadow(
    Method method, double ml2, double h,
    std::function<double(const VectorXd& q0, const VectorXd& q1)> potentialAction) const {
  if (method != Method::Variational && method != Method::Rattle)
    return noShadow(method, "vi and rattle", "");
  ShadowConstruction c;
  c.read = [ml2, rattle = method == Method::Rattle](const Sample& s, VectorXd& q, VectorXd& p) {
    const Vector3d x = s.state.head<3>(), v = s.state.tail<3>();
    q = x;
    // vi carries omega (qdot = omega x q), RATTLE the momentum itself
    p = rattle ? v : Vector3d(ml2 * v.cross(x));
  };
  c.lagrangian = [ml2, h, U = std::move(potentialAction)](const VectorXd& q0, const VectorXd& q1) {
    return ml2 / (2 * h) * (q1 - q0).squaredNorm() - U(q0, q1);
  };
  return c;
}

ShadowConstruction SphericalPendulum::shadowConstruction(const ParamValues& values, Method method,
                                                         double h) const {
  const SphericalPendulumParams p = SphericalPendulumParams::from(values);
  // U = -m g l e3.q
  return sphereShadow(method, p.m * p.l * p.l, h,
                      [mgl = p.m * p.g * p.l, h](const VectorXd& q0, const VectorXd& q1) {
                        return -0.5 * h * mgl * (q0[2] + q1[2]);
                      });
}

std::vector<StatePart> SphereParticleModel::namedState(Method method, const Sample& s) const {
  const Vector3d q = s.state.head<3>();
  const Vector3d omega = method == Method::Rattle
                             ? Vector3d(s.position.cross(s.velocity) / s.position.squaredNorm())
                             : Vector3d(s.state.segment<3>(3));
  return {{"q", {3}, {q.x(), q.y(), q.z()}}, {"omega", {3}, {omega.x(), omega.y(), omega.z()}}};
}

// what every system on the sphere shares (spheresteps.h)

void sphereFill(double ml2, double l, double U, double t, const SphericalPendulumState& x,
                Sample& s, SampleFields f) {
  s.t = t;
  s.energy = 0.5 * ml2 * x.omega.squaredNorm() + U;
  s.structure = std::fabs(1.0 - x.q.squaredNorm());
  s.structure2 = std::fabs(x.q.dot(x.omega));
  // the angular momentum about the centre from the position and velocity of the particle,
  // m (l q) x (l qdot) with qdot = omega x q: it equals m l^2 omega only on T S^2, so a run that
  // leaves the sphere (|q| != 1, q.omega != 0) shows in it
  s.momentum = ml2 * x.q.cross(x.omega.cross(x.q));
  s.state.resize(6);
  s.state.head<3>() = x.q;
  s.state.tail<3>() = x.omega;
  if (f == SampleFields::All) {
    s.position = l * x.q;
    s.velocity = l * x.omega.cross(x.q);  // q' = omega x q
  }
}

Vector3d normalizeSphereStart(ParamValues& out, std::vector<std::string>* warnings) {
  Vector3d q = vectorParam(out, "q0");
  const double n = q.norm();
  if (!(n > 1e-12))
    throw InputError("parameter 'q0' = " + formatVector(q) +
                     " has zero length: it must be a nonzero 3-vector (it is normalized)");
  // the chain's rule for each of its q0_i: a length other than 1 is said, then scaled away
  if (warnings && std::fabs(n - 1.0) > 1e-12)
    warnings->push_back("q0 has length " + formatNumber(n) + ": scaled to 1");
  q /= n;
  Vector3d w = vectorParam(out, "omega0");
  const double along = w.dot(q);
  w -= along * q;
  if (warnings && std::fabs(along) > 1e-12 * std::max(1.0, w.norm()))
    warnings->push_back("omega0 is not tangent to q0 (omega0.q0 = " + formatNumber(along) +
                        "): projected onto the tangent plane, removing that component");
  out["q0"] = {q.x(), q.y(), q.z()};
  out["omega0"] = {w.x(), w.y(), w.z()};
  return q;
}

std::vector<ConservedQuantity> sphereEnergyAndVerticalMomentum() {
  return {energyQuantity(),
          {"vertical angular momentum", "e3.(m l^2 q x qdot)", "kg m^2/s", "momentum", {2}}};
}

std::vector<ParamSpec> sphereSpecs(const char* mass, const char* radius, const char* q0) {
  return {
      massParam("m", mass),
      lengthParam("l", radius, 9.81, 0.5, 20.0),
      ParamSpec::vector3("q0", "", q0)
          .defaultValue({0.8660254037844386, 0.0, 0.5})
          .range(-1e6, 1e6)
          .slider(-1.0, 1.0),
      ParamSpec::vector3("omega0", "rad/s", "initial angular velocity (projected tangent to q0)")
          .defaultValue({0.17320508075688773, 0.0, -0.3})
          .range(-1e3, 1e3)
          .slider(-1.0, 1.0),
  };
}

}  // namespace dms
