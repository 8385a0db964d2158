// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/customsphere.h"

#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"

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
};

struct State {
  Vector3d q = Vector3d::UnitZ();
  Vector3d omega = Vector3d::Zero();
};

void fill(const Particle& p, double t, const State& x, Sample& s, SampleFields f) {
  s.t = t;
  s.energy = 0.5 * p.ml2() * x.omega.squaredNorm() + p.U(x.q);
  s.structure = std::fabs(1.0 - x.q.squaredNorm());
  s.structure2 = std::fabs(x.q.dot(x.omega));
  s.momentum = Vector3d(0, 0, p.ml2() * x.omega.z());
  s.state.resize(6);
  s.state.head<3>() = x.q;
  s.state.tail<3>() = x.omega;
  if (f == SampleFields::All) {
    s.position = p.l * x.q;
    s.velocity = p.l * x.omega.cross(x.q);
  }
}

Sample sampleOf(const Particle& p, double t, const State& x) {
  Sample s;
  fill(p, t, x, s, SampleFields::All);
  return s;
}

// the gradient at q is not finite: U left its domain (a root of a negative number, a pole)
bool notFinite(const Vector3d& q, std::string* why) {
  if (why) *why = "the potential's gradient dU/dq is not finite at q = " + formatVector(q);
  return false;
}

bool unsolvable(double f2, std::string* why) {
  if (why) {
    std::ostringstream m;
    m << "the step on S^2 needs |h omega - h^2/(2 m l^2) q x dU| <= 1, got " << std::sqrt(f2)
      << "; reduce h";
    *why = m.str();
  }
  return false;
}

const std::vector<std::string> kNames = {"q1", "q2", "q3", "w1", "w2", "w3"};

struct Stepper {
  using State = dms::State;
  Particle p;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    const double c = h / (2 * p.ml2());
    const Vector3d t0 = x.q.cross(p.dU(x.q));
    const Vector3d f = h * x.omega - h * c * t0;
    const double f2 = f.squaredNorm();
    if (!(f2 <= 1.0)) return unsolvable(f2, why);
    const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
    const Vector3d dU1 = p.dU(q1);
    if (!dU1.allFinite()) return notFinite(q1, why);
    x.omega = x.omega - c * t0 - c * q1.cross(dU1);
    x.q = q1;
    return true;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const { dms::fill(p, t, x, s, f); }
  std::vector<std::string> stateNames() const { return kNames; }
};

struct Sums {
  State x;
  State lost{Vector3d::Zero(), Vector3d::Zero()};
};

// the same step as increments added with compensation; the rotation of q about f in Cayley
// form keeps |q| whatever f rounds to (as the spherical pendulum's)
struct CompensatedStepper {
  using State = Sums;
  Particle p;
  bool step(State& s, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    const double c = h / (2 * p.ml2());
    const Vector3d q = s.x.q;
    const Vector3d t0 = q.cross(p.dU(q));
    const Vector3d f = h * s.x.omega - h * c * t0;
    const double f2 = f.squaredNorm();
    if (!(f2 <= 1.0)) return unsolvable(f2, why);
    const Vector3d fxq = f.cross(q);
    const Vector3d dq = fxq + f.cross(fxq) / (1 + std::sqrt(1 - f2));
    compensatedAdd(s.x.q, s.lost.q, dq);
    const Vector3d dU1 = p.dU(s.x.q);
    if (!dU1.allFinite()) return notFinite(s.x.q, why);
    const Vector3d t1 = s.x.q.cross(dU1);
    compensatedAdd(s.x.omega, s.lost.omega, Vector3d(-c * t1), Vector3d(-c * t0));
    return true;
  }
  void fill(Sample& out, double t, const State& s, SampleFields f) const {
    dms::fill(p, t, s.x, out, f);
  }
  std::vector<std::string> stateNames() const { return kNames; }
};

// RATTLE (constrained Stormer-Verlet) with dU at both ends, as rattleStep (sphericalpendulum.h)
// with a constant dU
struct RattleState {
  Vector3d q, p;
  Vector3d lostQ = Vector3d::Zero(), lostP = Vector3d::Zero();
};

struct RattleStepper {
  using State = RattleState;
  Particle p;
  bool compensated = true;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    const double ml2 = p.ml2();
    const Vector3d dU0 = p.dU(x.q);
    const Vector3d& q = x.q;
    const Vector3d a = q + h / ml2 * (x.p - 0.5 * h * dU0);
    const double c = h * h / (2 * ml2), aq = a.dot(q), a2m1 = a.squaredNorm() - 1;
    const double D = aq * aq - q.squaredNorm() * a2m1;
    const double den = c * (aq + std::sqrt(std::max(D, 0.0)));
    if (!(D >= 0.0) || !(den > 0.0)) {
      if (why) *why = "RATTLE: no q_{k+1} on the sphere (no real root for lambda); reduce h";
      return false;
    }
    const double lambda = a2m1 / den;
    const auto add = [this](Vector3d& sum, Vector3d& lost, const Vector3d& inc) {
      if (compensated)
        compensatedAdd(sum, lost, inc);
      else
        sum += inc;
    };
    RattleState n = x;
    add(n.p, n.lostP, Vector3d(-0.5 * h * (dU0 + lambda * q)));
    add(n.q, n.lostQ, Vector3d(h / ml2 * n.p));
    const Vector3d dU1 = p.dU(n.q);
    if (!dU1.allFinite()) return notFinite(n.q, why);
    const double mu = (2 * n.q.dot(n.p) / h - n.q.dot(dU1)) / n.q.squaredNorm();
    add(n.p, n.lostP, Vector3d(-0.5 * h * (dU1 + mu * n.q)));
    if (!n.q.allFinite() || !n.p.allFinite()) {
      if (why) *why = "RATTLE: the state became non-finite";
      return false;
    }
    x = n;
    return true;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    dms::fill(p, t, {x.q, x.q.cross(x.p) / p.ml2()}, s, f);
    s.structure2 = std::fabs(x.q.dot(x.p)) / p.ml2();
    s.state << x.q, x.p;
  }
  std::vector<std::string> stateNames() const { return {"q1", "q2", "q3", "p1", "p2", "p3"}; }
};

std::vector<ParamSpec> sphereSpecs(const PotentialExpression& e, const ParamValues& defaults) {
  std::vector<ParamSpec> specs = {
      ParamSpec::scalar("m", "kg", "mass of the particle")
          .defaultValue(1.0)
          .above(0)
          .atMost(1e6)
          .slider(0.1, 10.0),
      ParamSpec::scalar("l", "m", "radius of the sphere")
          .defaultValue(9.81)
          .above(0)
          .atMost(1e6)
          .slider(0.5, 20.0),
      ParamSpec::vector3("q0", "", "initial direction from the centre (normalized)")
          .defaultValue({0.8660254037844386, 0.0, 0.5})
          .range(-1e6, 1e6)
          .slider(-1.0, 1.0),
      ParamSpec::vector3("omega0", "rad/s", "initial angular velocity (projected tangent to q0)")
          .defaultValue({0.17320508075688773, 0.0, -0.3})
          .range(-1e3, 1e3)
          .slider(-1.0, 1.0),
  };
  for (const std::string& n : e.parameters) {
    ParamSpec s = ParamSpec::scalar(n, "", "parameter of the potential U(q) = " + e.text)
                      .range(-1e12, 1e12)
                      .slider(-20.0, 20.0);
    const auto it = defaults.find(n);
    if (it != defaults.end()) s.defaultValue(it->second);
    specs.push_back(s);
  }
  return specs;
}

Particle particle(const PotentialExpression& e, const ParamValues& values) {
  return {scalarParam(values, "m"), scalarParam(values, "l"),
          std::make_shared<PotentialEvaluator>(e, values)};
}

}  // namespace

PotentialVariables CustomSphereParticle::variables() {
  return {"potential", {"q1", "q2", "q3"}, "q", {"m", "l"}, {"q0", "omega0"}};
}

CustomSphereParticle::CustomSphereParticle()
    : CustomSphereParticle(defaultPotential(), ParamValues{{"g", {9.81}}}) {}

CustomSphereParticle::CustomSphereParticle(const std::string& text)
    : CustomSphereParticle(text, {}) {}

CustomSphereParticle::CustomSphereParticle(const std::string& text, const ParamValues& defaults)
    : m_expr(acceptPotential(text, variables())), m_specs(sphereSpecs(m_expr, defaults)) {}

std::shared_ptr<const SystemModel> CustomSphereParticle::withPotential(
    const std::string& text) const {
  return std::make_shared<CustomSphereParticle>(text);
}

IntegratorSettings CustomSphereParticle::defaultSettings() const {
  IntegratorSettings s;
  s.h = 0.05;
  s.T = 200.0;
  return s;
}

std::vector<ConservedQuantity> CustomSphereParticle::conserved() const {
  if (!m_expr.symmetricAboutE3) return SystemModel::conserved();
  return {{"energy", "E", "J", "energy"},
          {"vertical angular momentum", "m l^2 omega.e3", "kg m^2/s", "momentum", {2}}};
}

std::vector<StatePart> CustomSphereParticle::namedState(Method method, const Sample& s) const {
  const Vector3d q = s.state.head<3>();
  const Vector3d omega = method == Method::Rattle
                             ? Vector3d(s.position.cross(s.velocity) / s.position.squaredNorm())
                             : Vector3d(s.state.segment<3>(3));
  return {{"q", {3}, {q.x(), q.y(), q.z()}}, {"omega", {3}, {omega.x(), omega.y(), omega.z()}}};
}

ParamValues CustomSphereParticle::normalize(const ParamValues& values,
                                            std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  for (const std::string& n : m_expr.parameters)
    if (out.at(n).empty())
      throw InputError("parameter '" + n + "' of the potential '" + m_expr.text + "' of " + name() +
                       " has no value: give it with --set " + n + "=VALUE");
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
  const Particle p = particle(m_expr, values);
  const State x0{vectorParam(values, "q0"), vectorParam(values, "omega0")};
  if (method == Method::Rattle)
    return std::make_unique<FixedStepRun<RattleStepper>>(
        RattleStepper{p, settings.summation == Summation::Compensated},
        RattleState{x0.q, p.ml2() * x0.omega.cross(x0.q)}, settings);
  const VectorXd y0 = (VectorXd(6) << x0.q, x0.omega).finished();
  // q' = omega x q, m l^2 omega' = -q x dU
  const auto rhs = [p](double, const auto& y, auto& dy) {
    const Vector3d q = y.template head<3>();
    const Vector3d w = y.template tail<3>();
    dy.template head<3>() = w.cross(q);
    dy.template tail<3>() = -q.cross(p.dU(q)) / p.ml2();
  };
  using Form = ContinuousFormT<6, decltype(rhs)>;
  const auto continuous = [=] {
    Form form{y0, rhs, {}, kNames, {}};
    form.sample = [p](double t, const Form::State& y) {
      return sampleOf(p, t, State{y.head<3>(), y.tail<3>()});
    };
    form.project = [](Form::State& y) {
      const Vector3d q = y.head<3>().normalized();
      const Vector3d w = y.tail<3>();
      y.head<3>() = q;
      y.tail<3>() = w - w.dot(q) * q;
    };
    return form;
  };
  const auto lie = [=] {
    LieForm form;
    form.y0 = y0;
    form.rotationDim = 3;
    form.vectorDim = 3;
    form.generator = [p](const VectorXd& y, VectorXd& xi) {
      xi.resize(6);
      const Vector3d q = y.head<3>();
      xi << y.tail<3>(), -q.cross(p.dU(q)) / p.ml2();
    };
    form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
      out.resize(6);
      out << so3Exp(u.head<3>()) * y.head<3>(), y.tail<3>() + u.tail<3>();
    };
    form.sample = [p](double t, const VectorXd& y) {
      return sampleOf(p, t, State{y.head<3>(), y.tail<3>()});
    };
    form.names = kNames;
    return form;
  };
  const StandardForms<Stepper, CompensatedStepper, decltype(continuous)> forms{
      {p}, x0, {p}, Sums{x0}, continuous, lie};
  std::unique_ptr<Run> run = makeStandardRun(method, forms, settings);
  if (!run) throw unavailable(method);
  return run;
}

std::vector<std::string> CustomSphereParticle::derivedText() const {
  std::vector<std::string> out = {"gradient dU/dq (the step uses its tangent part q x dU):"};
  for (std::size_t i = 0; i < m_expr.gradient.size(); ++i)
    out.push_back("dU/d" + m_expr.vars.variables[i] + " = " + m_expr.gradient[i]);
  return out;
}

}  // namespace dms
