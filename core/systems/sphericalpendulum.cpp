// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/sphericalpendulum.h"

#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"

namespace dms {
namespace {

struct SphericalStepper {
  using State = SphericalPendulumState;
  SphericalPendulumParams p;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;  // gravity at q_k and at q_{k+1}
    return sphericalPendulumStep(p, h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    SphericalPendulum::fill(p, t, x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
};

struct CompensatedSphericalStepper {
  using State = SphericalPendulumSums;
  SphericalPendulumParams p;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    return sphericalPendulumStep(p, h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    SphericalPendulum::fill(p, t, x.x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "w1", "w2", "w3"}; }
};

struct RattleStepper {
  using State = RattleState;
  SphericalPendulumParams p;
  bool compensated = true;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;  // gravity at q_k and at q_{k+1}
    return rattleStep(p, h, x, compensated, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    rattleFill(p, t, x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "p1", "p2", "p3"}; }
};

// (35) has no solution: |f_k| > 1 (or not finite)
bool eq35Unsolvable(double f2, std::string* why) {
  if (why) {
    std::ostringstream m;
    m << "eq (35) needs |h omega + h^2 g/(2l) q x e3| <= 1, got " << std::sqrt(f2) << "; reduce h";
    *why = m.str();
  }
  return false;
}

// (35) has a solution when |f_k| <= 1; the message is built out of line, off the step's path
inline bool eq35Solvable(double f2, std::string* why) {
  return f2 <= 1.0 || eq35Unsolvable(f2, why);
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
  const double k1 = h * p.g / (2 * p.l), k2 = h * k1;
  const Vector3d q = x.x.q;
  const Vector3d qxe3(q.y(), -q.x(), 0.0);  // q x e3
  const Vector3d f = h * x.x.omega + k2 * qxe3;
  const double f2 = f.squaredNorm();
  if (!eq35Solvable(f2, why)) return false;
  // the Cayley form with 2 / (1 + |c|^2) = 1 + (1 - |f|^2)^(1/2): one division, after the root
  const Vector3d fxq = f.cross(q);
  const Vector3d dq = fxq + f.cross(fxq) / (1 + std::sqrt(1 - f2));
  compensatedAdd(x.x.q, x.lost.q, dq);
  // q_{k+1} x e3 = q_k x e3 + dq x e3, without waiting for the sum; the part known before dq
  // joins what the last addition dropped first
  const Vector3d kick = k1 * Vector3d(dq.y(), -dq.x(), 0.0), early = (2 * k1) * qxe3;
  compensatedAdd(x.x.omega, x.lost.omega, kick, early);
  return true;
}

bool rattleStep(const SphericalPendulumParams& p, double h, RattleState& x, bool compensated,
                std::string* why) {
  const double ml2 = p.m * p.l * p.l;
  const Vector3d dU = -p.m * p.g * p.l * Vector3d::UnitZ();
  const Vector3d& q = x.q;
  const Vector3d a = q + h / ml2 * (x.p - 0.5 * h * dU);
  const double c = h * h / (2 * ml2), aq = a.dot(q), a2m1 = a.squaredNorm() - 1;
  const double D = aq * aq - q.squaredNorm() * a2m1;
  const double den = c * (aq + std::sqrt(std::max(D, 0.0)));
  if (!(D >= 0.0) || !(den > 0.0)) {
    if (why) {
      std::ostringstream m;
      m << "RATTLE: no q_{k+1} on the sphere (the quadratic for lambda has no real root, "
        << "discriminant " << D << "); reduce h";
      *why = m.str();
    }
    return false;
  }
  // the root of the quadratic that tends to 0 with h, without cancellation
  const double lambda = a2m1 / den;
  const auto add = [compensated](Vector3d& sum, Vector3d& lost, const Vector3d& inc) {
    if (compensated)
      compensatedAdd(sum, lost, inc);
    else
      sum += inc;
  };
  RattleState n = x;
  const Vector3d kick1 = -0.5 * h * (dU + lambda * q);
  add(n.p, n.lostP, kick1);
  const Vector3d dq = h / ml2 * n.p;
  add(n.q, n.lostQ, dq);
  const Vector3d& q1 = n.q;
  const double mu = (2 * q1.dot(n.p) / h - q1.dot(dU)) / q1.squaredNorm();
  const Vector3d kick2 = -0.5 * h * (dU + mu * q1);
  add(n.p, n.lostP, kick2);
  if (!n.q.allFinite() || !n.p.allFinite()) {
    if (why) *why = "RATTLE: the state became non-finite";
    return false;
  }
  x = n;
  return true;
}

void rattleFill(const SphericalPendulumParams& p, double t, const RattleState& x, Sample& s,
                SampleFields f) {
  const double ml2 = p.m * p.l * p.l;
  // omega = q x qdot with qdot = p / (m l^2): the pendulum's own sample of (q, omega)
  SphericalPendulum::fill(p, t, {x.q, x.q.cross(x.p) / ml2}, s, f);
  s.structure2 = std::fabs(x.q.dot(x.p)) / ml2;  // the hidden constraint q . qdot = 0
  s.state << x.q, x.p;
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

void SphericalPendulum::fill(const SphericalPendulumParams& p, double t,
                             const SphericalPendulumState& x, Sample& s, SampleFields f) {
  s.t = t;
  s.energy = sphericalPendulumEnergy(p, x);
  s.structure = std::fabs(1.0 - x.q.squaredNorm());
  s.structure2 = std::fabs(x.q.dot(x.omega));
  s.momentum = Vector3d(0, 0, p.m * p.l * p.l * x.omega.z());
  s.state.resize(6);
  s.state.head<3>() = x.q;
  s.state.tail<3>() = x.omega;
  if (f == SampleFields::All) {
    s.position = p.l * x.q;
    s.velocity = p.l * x.omega.cross(x.q);  // q' = omega x q
  }
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
  const SphericalPendulumState x0{p.q0, p.omega0};
  if (method == Method::Rattle)
    return std::make_unique<FixedStepRun<RattleStepper>>(
        RattleStepper{p, settings.summation == Summation::Compensated},
        RattleState{p.q0, p.m * p.l * p.l * p.omega0.cross(p.q0)}, settings);
  const VectorXd y0 = (VectorXd(6) << x0.q, x0.omega).finished();
  const std::vector<std::string> names = {"q1", "q2", "q3", "w1", "w2", "w3"};
  const auto sample = [p](double t, const VectorXd& y) {
    return SphericalPendulum::sample(p, t, SphericalPendulumState{y.head<3>(), y.tail<3>()});
  };
  // eqs (31)-(32): omega' = (g/l) q x e3, q' = omega x q
  const auto rhs = [p](double, const auto& y, auto& dy) {
    const Vector3d q = y.template head<3>();
    const Vector3d w = y.template tail<3>();
    dy.template head<3>() = w.cross(q);
    dy.template tail<3>() = p.g / p.l * q.cross(Vector3d::UnitZ());
  };
  using Form = ContinuousFormT<6, decltype(rhs)>;
  const auto continuous = [=] {
    Form form{y0, rhs, {}, names, {}};
    form.sample = [p](double t, const Form::State& y) {
      return SphericalPendulum::sample(p, t, SphericalPendulumState{y.head<3>(), y.tail<3>()});
    };
    // onto T S^2: q unit, omega tangent
    form.project = [](Form::State& y) {
      const Vector3d q = y.head<3>().normalized();
      const Vector3d w = y.tail<3>();
      y.head<3>() = q;
      y.tail<3>() = w - w.dot(q) * q;
    };
    return form;
  };
  // SO(3) x R^3 acting on S^2 x R^3: q' = omega^ q (omega a spatial angular velocity),
  // omega' = (g/l) q x e3
  const auto lie = [=] {
    LieForm form;
    form.y0 = y0;
    form.rotationDim = 3;
    form.vectorDim = 3;
    form.generator = [p](const VectorXd& y, VectorXd& xi) {
      xi.resize(6);
      xi << y.tail<3>(), p.g / p.l * Vector3d(y.head<3>()).cross(Vector3d::UnitZ());
    };
    form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
      out.resize(6);
      out << so3Exp(u.head<3>()) * y.head<3>(), y.tail<3>() + u.tail<3>();
    };
    form.sample = sample;
    form.names = names;
    return form;
  };
  const StandardForms<SphericalStepper, CompensatedSphericalStepper, decltype(continuous)> forms{
      {p}, x0, {p}, SphericalPendulumSums{x0}, continuous, lie};
  std::unique_ptr<Run> run = makeStandardRun(method, forms, settings);
  if (!run) throw unavailable(method);
  return run;
}

std::vector<ArticleFigure> SphericalPendulum::articleFigures() const {
  using Q = ArticleFigure::Quantity;
  // example 3 prints E/(m l^2) (docs/numerics.md, correction 2)
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

std::vector<ArticlePlot> SphericalPendulum::articlePlots() const {
  using K = ArticlePlot::Kind;
  return {{"fig3-energy", "3", "3", K::Energy, "Spherical pendulum: total energy"},
          {"fig3-unit-length", "3", "3", K::Structure, "Spherical pendulum: unit length error"}};
}

std::vector<ConservedQuantity> SphericalPendulum::conserved() const {
  return {{"energy", "E", "J", "energy"},
          {"vertical angular momentum", "m l^2 omega.e3", "kg m^2/s", "momentum", {2}}};
}

std::vector<StatePart> SphericalPendulum::namedState(Method method, const Sample& s) const {
  const Vector3d q = s.state.head<3>();
  const Vector3d omega = method == Method::Rattle
                             ? Vector3d(s.position.cross(s.velocity) / s.position.squaredNorm())
                             : Vector3d(s.state.segment<3>(3));
  return {{"q", {3}, {q.x(), q.y(), q.z()}}, {"omega", {3}, {omega.x(), omega.y(), omega.z()}}};
}

}  // namespace dms
