// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/massspring.h"

#include <cmath>

#include "core/integrators/compensated.h"
#include "core/integrators/standardruns.h"

namespace dms {
namespace {

// The derivative of eqs (10)-(11), a linear map of (q, v, f): with c = h^2 kappa / 4m,
//   q1 = ((1 - c) q + h v + h^2 f / 2m) / (1 + c),  v1 = v - (h kappa / 2m)(q + q1) + h f / m.
StepDerivative massSpringDerivative(const MassSpringParams& p, double h) {
  const double c = h * h * p.kappa / (4 * p.m), k = h * p.kappa / (2 * p.m);
  const double dq1dq = (1 - c) / (1 + c), dq1dv = h / (1 + c), dq1df = 0.5 * h * h / p.m / (1 + c);
  StepDerivative d;
  d.A.resize(2, 2);
  d.A << dq1dq, dq1dv, -k * (1 + dq1dq), 1 - k * dq1dv;
  d.B.resize(2, 1);
  d.B << dq1df, -k * dq1df + h / p.m;
  if (!p.control) d.B.resize(2, 0);
  return d;
}

// dq ^ dp with p = m v, in (q, v)
MatrixXd massSpringSymplectic(const MassSpringParams& p) {
  return (MatrixXd(2, 2) << 0, p.m, -p.m, 0).finished();
}

struct MassSpringStepper {
  using State = MassSpringState;
  MassSpringParams p;
  bool step(State& x, double h, StepWork& work, std::string* /*why*/) const {
    massSpringStep(p, h, x);
    work.fevals += 2;  // the spring force at q_k and at q_{k+1}
    return true;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    MassSpring::fill(p, t, x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q", "v"}; }
  bool linearize(const State&, double h, StepDerivative& d, std::string*) const {
    d = massSpringDerivative(p, h);
    return true;
  }
  MatrixXd symplecticForm(const State&) const { return massSpringSymplectic(p); }
};

struct CompensatedMassSpringStepper {
  using State = MassSpringSums;
  MassSpringParams p;
  bool step(State& x, double h, StepWork& work, std::string* /*why*/) const {
    massSpringStep(p, h, x);
    work.fevals += 2;
    return true;
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    MassSpring::fill(p, t, x.x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"q", "v"}; }
  bool linearize(const State&, double h, StepDerivative& d, std::string*) const {
    d = massSpringDerivative(p, h);
    return true;
  }
  MatrixXd symplecticForm(const State&) const { return massSpringSymplectic(p); }
};

SystemDeclaration massSpringDeclaration() {
  using Q = ArticleFigure::Quantity;
  using K = ArticlePlot::Kind;
  SystemDeclaration d;
  d.name = "mass-spring";
  d.title = "Mass-spring";
  d.params = {
      massParam("m", "mass of the body"),
      ParamSpec::scalar("kappa", "kg/s^2", "spring constant")
          .defaultValue(1.0)
          .above(0)
          .atMost(1e6)
          .slider(0.1, 10.0),
      ParamSpec::scalar("q0", "m", "initial displacement")
          .defaultValue(1.4142135623730951)
          .range(-1e6, 1e6)
          .slider(-3.0, 3.0),
      ParamSpec::scalar("v0", "m/s", "initial velocity")
          .defaultValue(0.0)
          .range(-1e6, 1e6)
          .slider(-3.0, 3.0),
  };
  d.settings.h = 0.035;
  d.settings.T = 200 * 3.14159265358979323846;
  // sqrt(m/kappa) = 1 s, the oscillation's period over 2 pi (its one time scale)
  d.timeScale = 1.0;
  d.slowTimeScale = 1.0;
  d.methods = {Method::Variational, Method::Rk45, Method::Vi4,  Method::Vi6,
               Method::Vi8,         Method::Rk4,  Method::Rk853};
  d.figures = {
      {"1", Method::Variational, Q::EnergyMeanDev, 1.0, "", 2.7327e-13,
       "midpoint rule conserves E exactly: round-off, order of magnitude only"},
      {"1", Method::Rk45, Q::EnergyMeanDev, 1.0, "", NAN,
       "article: notable dissipation (figure only)"},
  };
  d.plots = {{"fig2a", "2(a)", "1", K::Energy, "Mass-spring: total energy"}};
  d.state = {{"q", {}, "m", "displacement from equilibrium along the rail"},
             {"v", {}, "m/s", "velocity"}};
  d.bodies = {
      {BodyKind::SpringMass, {"m", "kappa", "q0", "v0"}, "", "", "the block on its spring"}};
  d.controls = {{"f", {}, "N", "force on the block along the rail"}};
  d.tangent = {{"q"}, {"v"}};
  return d;
}

}  // namespace

void massSpringStep(const MassSpringParams& p, double h, MassSpringSums& x) {
  // e depends on h and the parameters only: no division waits for the state
  const double a = 0.5 * h, b = h * p.kappa / (2 * p.m), e = 2 * b / (1 + a * b);
  double dv = -e * (x.x.q + a * x.x.v);
  if (p.control) dv += h * p.controlAcceleration() / (1 + a * b);
  const double dq = a * (2 * x.x.v + dv);
  compensatedAdd(x.x.q, x.lost.q, dq);
  compensatedAdd(x.x.v, x.lost.v, dv);
}

void massSpringStep(const MassSpringParams& p, double h, MassSpringState& x) {
  const double c = h * h * p.kappa / (4 * p.m);
  double q1 = (h * x.v + (1 - c) * x.q) / (1 + c);
  if (p.control) q1 += 0.5 * h * h * p.controlAcceleration() / (1 + c);
  x.v = x.v - h * p.kappa / (2 * p.m) * x.q - h * p.kappa / (2 * p.m) * q1;
  if (p.control) x.v += h * p.controlAcceleration();
  x.q = q1;
}

MassSpringParams MassSpringParams::from(const ParamValues& v) {
  MassSpringParams p;
  p.m = scalarParam(v, "m");
  p.kappa = scalarParam(v, "kappa");
  p.q0 = scalarParam(v, "q0");
  p.v0 = scalarParam(v, "v0");
  return p;
}

double massSpringEnergy(const MassSpringParams& p, const MassSpringState& x) {
  return 0.5 * p.m * x.v * x.v + 0.5 * p.kappa * x.q * x.q;
}

MassSpring::MassSpring() : SystemModel(massSpringDeclaration()) {}

void MassSpring::fill(const MassSpringParams& p, double t, const MassSpringState& x, Sample& s,
                      SampleFields f) {
  s.t = t;
  s.energy = massSpringEnergy(p, x);
  s.state.resize(2);
  s.state[0] = x.q;
  s.state[1] = x.v;
  if (f == SampleFields::All) {
    s.position = Vector3d(x.q, 0, 0);
    s.velocity = Vector3d(x.v, 0, 0);
  }
}

Sample MassSpring::sample(const MassSpringParams& p, double t, const MassSpringState& x) {
  Sample s;
  fill(p, t, x, s, SampleFields::All);
  return s;
}

StateError MassSpring::stateError(const Sample& a, const Sample& b) const {
  StateError e;
  e.position = std::fabs(a.position.x() - b.position.x());
  e.velocity = std::fabs(a.velocity.x() - b.velocity.x());
  return e;
}

namespace {

// the mass-spring's standard forms (standardruns.h) from (p, x0), passed to make(forms)
template <class Make>
auto withMassSpringForms(const MassSpringParams& p, const MassSpringState& x0, Make make) {
  // (q, v)' = (v, -kappa q / m + f / m), eq (7) with the control's force
  const auto rhs = [p](double, const auto& y, auto& dy) {
    dy[0] = y[1];
    dy[1] = -p.kappa / p.m * y[0];
    if (p.control) dy[1] += p.controlAcceleration();
  };
  using Form = ContinuousFormT<2, decltype(rhs)>;
  const auto continuous = [p, rhs, x0] {
    Form form{Eigen::Vector2d(x0.q, x0.v), rhs, {}, {"q", "v"}, {}, {}};
    form.tangent.jacobian = [p](double, const VectorXd&, MatrixXd& fy, MatrixXd& fu) {
      fy = (MatrixXd(2, 2) << 0, 1, -p.kappa / p.m, 0).finished();
      fu = p.control ? MatrixXd((MatrixXd(2, 1) << 0, 1 / p.m).finished()) : MatrixXd(2, 0);
    };
    form.tangent.in =
        form.tangent.out = [](const VectorXd&) { return MatrixXd(MatrixXd::Identity(2, 2)); };
    form.tangent.symplectic = [p](const VectorXd&) { return massSpringSymplectic(p); };
    form.sample = [p](double t, const typename Form::State& y) {
      return MassSpring::sample(p, t, MassSpringState{y[0], y[1]});
    };
    return form;
  };
  const StandardForms<MassSpringStepper, CompensatedMassSpringStepper, decltype(continuous)> forms{
      {p}, x0, {p}, MassSpringSums{x0}, continuous, {}};
  return make(forms);
}

}  // namespace

std::unique_ptr<Run> MassSpring::makeRun(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const MassSpringParams p = MassSpringParams::from(values);
  std::unique_ptr<Run> run = withMassSpringForms(
      p, {p.q0, p.v0}, [&](const auto& forms) { return makeStandardRun(method, forms, settings); });
  if (!run) throw unavailable(method);
  return run;
}

std::unique_ptr<Stepping> MassSpring::makeStepping(const ParamValues& values, Method method,
                                                   const IntegratorSettings& settings,
                                                   const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  MassSpringParams p = MassSpringParams::from(values);
  p.control = start.control;
  MassSpringState x0{p.q0, p.v0};
  if (start.state) {
    const StartState given(declaration(), *start.state);
    x0 = {given.scalar("q"), given.scalar("v")};
  }
  std::unique_ptr<Stepping> stepping = withMassSpringForms(
      p, x0, [&](const auto& forms) { return makeStandardStepping(method, forms, settings); });
  if (!stepping) throw unavailable(method);
  return stepping;
}

std::optional<PhasePlane> MassSpring::phasePlane(const ParamValues& values) const {
  const MassSpringParams p = MassSpringParams::from(values);
  PhasePlane plane;
  plane.qName = "q";
  plane.qUnit = "m";
  plane.pName = "p = m v";
  plane.pUnit = "kg m/s";
  plane.pScale = std::sqrt(p.m * p.kappa);
  plane.defaultRadius = 0.1;
  plane.initial = Vector2d(p.q0, p.m * p.v0);
  // every method's state is (q, v)
  plane.read = [m = p.m](const Sample& s) { return Vector2d(s.state[0], m * s.state[1]); };
  plane.withInitial = [values, m = p.m](double q, double pq) {
    ParamValues v = values;
    v["q0"] = {q};
    v["v0"] = {pq / m};
    return v;
  };
  return plane;
}

std::vector<StatePart> MassSpring::namedState(Method /*method*/, const Sample& s) const {
  // every method carries (q, v)
  return {{"q", {}, {s.state[0]}}, {"v", {}, {s.state[1]}}};
}

ShadowConstruction MassSpring::shadowConstruction(const ParamValues& values, Method method,
                                                  double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  const MassSpringParams p = MassSpringParams::from(values);
  ShadowConstruction c;
  c.read = [m = p.m](const Sample& s, VectorXd& q, VectorXd& pq) {
    q = VectorXd::Constant(1, s.state[0]);
    pq = VectorXd::Constant(1, m * s.state[1]);
  };
  // eqs (10)-(11) are the midpoint rule: L_d = h L((q0 + q1)/2, (q1 - q0)/h)
  c.lagrangian = [m = p.m, kappa = p.kappa, h](const VectorXd& q0, const VectorXd& q1) {
    const double dq = q1[0] - q0[0], mid = 0.5 * (q0[0] + q1[0]);
    return m / (2 * h) * dq * dq - 0.5 * h * kappa * mid * mid;
  };
  return c;
}

}  // namespace dms
