#include "core/systems/sphericalpendulum.h"

#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/integrators/fixedsteprun.h"
#include "core/integrators/rkrun.h"

namespace dms {
namespace {

struct SphericalStepper {
  using State = SphericalPendulumState;
  SphericalPendulumParams p;
  double h;
  bool step(State& x, std::string* why) const { return sphericalPendulumStep(p, h, x, why); }
  Sample sample(double t, const State& x) const { return SphericalPendulum::sample(p, t, x); }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
};

struct CompensatedSphericalStepper {
  using State = SphericalPendulumSums;
  SphericalPendulumParams p;
  double h;
  bool step(State& x, std::string* why) const { return sphericalPendulumStep(p, h, x, why); }
  Sample sample(double t, const State& x) const { return SphericalPendulum::sample(p, t, x.x); }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
};

// (35) has a solution when |f_k| <= 1
bool eq35Solvable(double f2, std::string* why) {
  if (f2 <= 1.0) return true;
  if (why) {
    std::ostringstream m;
    m << "eq (35) needs |h omega + h^2 g/(2l) q x e3| <= 1, got " << std::sqrt(f2) << "; reduce h";
    *why = m.str();
  }
  return false;
}

}  // namespace

bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumState& x,
                           std::string* why) {
  const Vector3d e3 = Vector3d::UnitZ();
  const Vector3d qxe3 = x.q.cross(e3);
  const Vector3d f = h * x.omega + h * h * p.g / (2 * p.l) * qxe3;
  const double f2 = f.squaredNorm();
  if (!eq35Solvable(f2, why)) return false;
  const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
  x.omega = x.omega + h * p.g / (2 * p.l) * qxe3 + h * p.g / (2 * p.l) * q1.cross(e3);
  x.q = q1;
  return true;
}

bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumSums& x,
                           std::string* why) {
  const Vector3d e3 = Vector3d::UnitZ();
  const Vector3d qxe3 = x.x.q.cross(e3);
  const Vector3d f = h * x.x.omega + h * h * p.g / (2 * p.l) * qxe3;
  const double f2 = f.squaredNorm();
  if (!eq35Solvable(f2, why)) return false;
  const Vector3d c = f / (1 + std::sqrt(1 - f2));
  const Vector3d cxq = c.cross(x.x.q);
  const Vector3d dq = 2 / (1 + c.squaredNorm()) * (cxq + c.cross(cxq));
  compensatedAdd(x.x.q, x.lost.q, dq);
  const Vector3d dOmega = h * p.g / (2 * p.l) * (qxe3 + x.x.q.cross(e3));
  compensatedAdd(x.x.omega, x.lost.omega, dOmega);
  return true;
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

const std::vector<ParamSpec>& SphericalPendulum::params() const {
  static const std::vector<ParamSpec> specs = {
      ParamSpec::scalar("m", "kg", "mass of the bob")
          .defaultValue(1.0)
          .above(0)
          .atMost(1e6)
          .slider(0.1, 10.0),
      ParamSpec::scalar("l", "m", "length of the rod")
          .defaultValue(9.81)
          .above(0)
          .atMost(1e6)
          .slider(0.5, 20.0),
      ParamSpec::scalar("g", "m/s^2", "gravitational acceleration (along +e3)")
          .defaultValue(9.81)
          .range(0, 1e4)
          .slider(0.0, 20.0),
      ParamSpec::vector3("q0", "", "initial direction of the rod (normalized; e3 = hanging)")
          .defaultValue({0.8660254037844386, 0.0, 0.5})
          .range(-1e6, 1e6)
          .slider(-1.0, 1.0),
      ParamSpec::vector3("omega0", "rad/s", "initial angular velocity (projected tangent to q0)")
          .defaultValue({0.17320508075688773, 0.0, -0.3})
          .range(-1e3, 1e3)
          .slider(-1.0, 1.0),
  };
  return specs;
}

IntegratorSettings SphericalPendulum::defaultSettings() const {
  IntegratorSettings s;
  s.h = 0.05;
  s.T = 200.0;
  return s;
}

ParamValues SphericalPendulum::normalize(const ParamValues& values,
                                         std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  Vector3d q = vectorParam(out, "q0");
  const double n = q.norm();
  if (!(n > 1e-12))
    throw InputError("parameter 'q0' = " + formatVector(q) +
                     " has zero length: it must be a nonzero 3-vector (it is normalized)");
  q /= n;
  Vector3d w = vectorParam(out, "omega0");
  const double along = w.dot(q);
  w -= along * q;
  if (warnings && std::fabs(along) > 1e-12 * std::max(1.0, w.norm()))
    warnings->push_back("omega0 is not tangent to q0 (omega0.q0 = " + formatNumber(along) +
                        "): projected onto the tangent plane, removing that component");
  out["q0"] = {q.x(), q.y(), q.z()};
  out["omega0"] = {w.x(), w.y(), w.z()};
  return out;
}

Sample SphericalPendulum::sample(const SphericalPendulumParams& p, double t,
                                 const SphericalPendulumState& x) {
  Sample s;
  s.t = t;
  s.energy = sphericalPendulumEnergy(p, x);
  s.structure = std::fabs(1.0 - x.q.squaredNorm());
  s.structure2 = std::fabs(x.q.dot(x.omega));
  s.momentum = Vector3d(0, 0, p.m * p.l * p.l * x.omega.z());
  s.position = p.l * x.q;
  s.velocity = p.l * x.omega.cross(x.q);  // q' = omega x q
  s.state.resize(6);
  s.state << x.q, x.omega;
  return s;
}

std::unique_ptr<Run> SphericalPendulum::makeRun(const ParamValues& values, Method method,
                                                const IntegratorSettings& settings) const {
  const SphericalPendulumParams p = SphericalPendulumParams::from(values);
  const SphericalPendulumState x0{p.q0, p.omega0};
  if (method == Method::Variational && settings.summation == Summation::Plain)
    return std::make_unique<FixedStepRun<SphericalStepper>>(SphericalStepper{p, settings.h}, x0,
                                                            settings);
  if (method == Method::Variational)
    return std::make_unique<FixedStepRun<CompensatedSphericalStepper>>(
        CompensatedSphericalStepper{p, settings.h}, SphericalPendulumSums{x0}, settings);
  if (method != Method::Rk45) throw unavailable(method);
  // eqs (31)-(32): omega' = (g/l) q x e3, q' = omega x q
  ContinuousForm form;
  form.y0.resize(6);
  form.y0 << x0.q, x0.omega;
  form.rhs = [p](double, const VectorXd& y, VectorXd& dy) {
    const Vector3d q = y.head<3>();
    const Vector3d w = y.tail<3>();
    dy.head<3>() = w.cross(q);
    dy.tail<3>() = p.g / p.l * q.cross(Vector3d::UnitZ());
  };
  form.sample = [p](double t, const VectorXd& y) {
    return SphericalPendulum::sample(p, t, SphericalPendulumState{y.head<3>(), y.tail<3>()});
  };
  form.names = {"q1", "q2", "q3", "w1", "w2", "w3"};
  return std::make_unique<RkRun>(std::move(form), settings);
}

std::vector<ArticleFigure> SphericalPendulum::articleFigures() const {
  using Q = ArticleFigure::Quantity;
  // example 3 prints E/(m l^2) (NUMERICS.md, correction 2)
  const SphericalPendulumParams p;
  const double ml2 = p.m * p.l * p.l;
  return {
      {"3", Method::Variational, Q::EnergyMeanDev, ml2, "m l^2", 1.5460e-4,
       "E/(m l^2); omega0 = 0.1[sqrt3,0,-3] (sign typo corrected)"},
      {"3", Method::Rk45, Q::EnergyMeanDev, ml2, "m l^2", NAN,
       "E/(m l^2); article: notable dissipation (figure only)"},
      {"3", Method::Variational, Q::StructureMean, 1.0, "", 3.2476e-15,
       "|1 - q^T q|, round-off: order of magnitude only"},
      {"3", Method::Rk45, Q::StructureMean, 1.0, "", 1.0164e-2,
       "|1 - q^T q|, ode45 at its defaults sampled at 0:h:T"},
  };
}

}  // namespace dms
