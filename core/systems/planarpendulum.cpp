// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/planarpendulum.h"

#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/integrators/standardruns.h"
#include "core/lie/orthogonality.h"

namespace dms {
namespace {

// sin dtheta of eq (25), or why it has no solution
bool eq25(const PlanarPendulumParams& p, double h, const PlanarPendulumState& x, double& s,
          std::string* why) {
  s = h * x.Omega - h * h * p.g / (2 * p.l) * x.R(1, 0);
  if (p.control) s += 0.5 * h * h * p.controlAcceleration();
  if (std::fabs(s) <= 1.0) return true;
  if (why) {
    std::ostringstream m;
    m << "eq (25) has no solution: sin(dtheta) = h Omega - h^2 g/(2l) e2^T R e1 = " << s
      << " is outside [-1, 1]; reduce h";
    *why = m.str();
  }
  return false;
}

// The derivative of eqs (25)-(27) in the tangent coordinates (theta, Omega), theta the angle of
// R (R = R(theta)) and a = tau/(m l^2). With k = h g / 2l, sin dtheta = s and cos dtheta = c > 0:
//   s = h Omega - h k sin theta + h^2 a / 2,  theta1 = theta + asin s,
//   Omega1 = Omega - k (sin theta + sin theta1) + h a,
// so d theta1 = d theta + ds / c and d Omega1 = d Omega - k cos theta d theta - k cos theta1
// d theta1 + h da. cos theta and sin theta are R's first column; eq (25) is explicit in
// dtheta, so there is no implicit equation to differentiate. B's column is d/da / (m l^2).
bool planarDerivative(const PlanarPendulumParams& p, double h, const PlanarPendulumState& x,
                      StepDerivative& d, std::string* why) {
  double s = 0.0;
  if (!eq25(p, h, x, s, why)) return false;
  const double c = std::sqrt(1 - s * s);
  // eq (25) with |s| = 1 has a vertical tangent: dtheta = asin s is not differentiable there
  if (!(c > 0.0)) {
    if (why) *why = "eq (25) is at sin(dtheta) = +-1, where dtheta has no derivative; reduce h";
    return false;
  }
  const double k = h * p.g / (2 * p.l);
  const double cosTheta = x.R(0, 0), sinTheta = x.R(1, 0);
  // cos theta1 = cos(theta + dtheta), R1 = R F's first column
  const double cosTheta1 = cosTheta * c - sinTheta * s;
  const double dsdTheta = -h * k * cosTheta, dsdOmega = h, dsda = 0.5 * h * h;
  const double t1Theta = 1 + dsdTheta / c, t1Omega = dsdOmega / c, t1a = dsda / c;
  d.A.resize(2, 2);
  d.A << t1Theta, t1Omega, -k * cosTheta - k * cosTheta1 * t1Theta, 1 - k * cosTheta1 * t1Omega;
  d.B.resize(2, p.control ? 1 : 0);
  if (p.control) {
    const double ml2 = p.m * p.l * p.l;
    d.B << t1a / ml2, (h - k * cosTheta1 * t1a) / ml2;
  }
  return true;
}

// dtheta ^ dp with p = m l^2 Omega (the momentum eq (25) conserves in the discrete Legendre
// transform), in (theta, Omega)
MatrixXd planarSymplectic(const PlanarPendulumParams& p) {
  const double ml2 = p.m * p.l * p.l;
  return (MatrixXd(2, 2) << 0, ml2, -ml2, 0).finished();
}

struct PlanarStepper {
  using State = PlanarPendulumState;
  PlanarPendulumParams p;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;  // gravity at R_k and at R_{k+1}
    return planarPendulumStep(p, h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    PlanarPendulum::fill(p, t, x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"R11", "R21", "R12", "R22", "Omega"}; }
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return planarDerivative(p, h, x, d, why);
  }
  MatrixXd symplecticForm(const State&) const { return planarSymplectic(p); }
};

struct CompensatedPlanarStepper {
  using State = PlanarPendulumSums;
  PlanarPendulumParams p;
  bool step(State& x, double h, StepWork& work, std::string* why) const {
    work.fevals += 2;
    return planarPendulumStep(p, h, x, why);
  }
  void fill(Sample& s, double t, const State& x, SampleFields f) const {
    PlanarPendulum::fill(p, t, x.x, s, f);
  }
  std::vector<std::string> stateNames() const { return {"R11", "R21", "R12", "R22", "Omega"}; }
  // the compensated sums' step has the plain step's derivative (the compensation terms change
  // the rounding, not the map): taken at the sums' state
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
    return planarDerivative(p, h, x.x, d, why);
  }
  MatrixXd symplecticForm(const State&) const { return planarSymplectic(p); }
};

template <class Y>
PlanarPendulumState fromVector(const Y& y) {
  PlanarPendulumState x;
  x.R << y[0], y[2], y[1], y[3];
  x.Omega = y[4];
  return x;
}

SystemDeclaration planarPendulumDeclaration() {
  using Q = ArticleFigure::Quantity;
  using K = ArticlePlot::Kind;
  SystemDeclaration d;
  d.name = "planar-pendulum";
  d.title = "Planar pendulum on SO(2)";
  d.params = {
      massParam("m", "mass of the bob"),
      lengthParam("l", "length of the rod", 9.81, 0.5, 20.0),
      gravityParam("gravitational acceleration"),
      ParamSpec::scalar("theta0", "rad", "initial angle from hanging (R0 = R(theta0))")
          .defaultValue(1.5707963267948966)
          .range(-10.0, 10.0)
          .slider(-3.14159, 3.14159),
      ParamSpec::scalar("omega0", "rad/s", "initial angular velocity Omega0")
          .defaultValue(0.0)
          .range(-1e3, 1e3)
          .slider(-2.0, 2.0),
  };
  d.settings.h = 0.03;
  d.settings.T = 1000.0;
  // sqrt(l/g) = 1 s (l = g = 9.81), a small swing's period over 2 pi (its one time scale)
  d.timeScale = 1.0;
  d.slowTimeScale = 1.0;
  // 10 s (1.3 swings at amplitude pi/2): over a tenth of the article's 1000 s (13 swings) the
  // phase errors of rk4 and rkmk4 are not yet asymptotic at the sweep's steps (their slopes
  // between neighbouring h wander from 2.95 to 4.57, the fits read 4.40 and 3.57); over 10 s
  // every fixed-step method fits its order within 0.05.
  d.sweepHorizon = 10.0;
  d.methods = {Method::Variational, Method::Rk45,  Method::Vi4, Method::Vi6,  Method::Vi8,
               Method::Rk45Proj,    Method::Rkmk4, Method::Rk4, Method::Rk853};
  d.structure = "||I - R^T R||";
  d.figures = {
      {"2", Method::Variational, Q::EnergyMeanDev, 1.0, "", 1.0835e-2, "physical energy, g = 9.81",
       true},
      {"2", Method::Rk45, Q::EnergyMeanDev, 1.0, "", NAN,
       "article: notable dissipation (figure only)"},
      {"2", Method::Variational, Q::StructureMean, 1.0, "", NAN, "||I - R^T R||, not printed"},
      {"2", Method::Rk45, Q::StructureMean, 1.0, "", NAN, "||I - R^T R||, not printed"},
  };
  d.plots = {{"fig2b", "2(b)", "2", K::Energy, "Planar pendulum: total energy"}};
  d.state = {{"theta", {}, "rad", "angle from hanging, atan2(R21, R11) in (-pi, pi]"},
             {"R", {"2", "2"}, "", "attitude of the rod (body to inertial), row by row"},
             {"Omega", {}, "rad/s", "angular velocity"}};
  d.bodies = {{BodyKind::BobOnRodInPlane, {"l"}, "", "", "the bob on its rod"}};
  d.controls = {{"tau", {}, "N m", "torque about the pivot, positive in the sense of theta"}};
  // R is left out: theta determines it (makeStepping turns R onto theta)
  d.tangent = {{"theta"}, {"Omega"}};
  return d;
}

}  // namespace

bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumState& x,
                        std::string* why) {
  const double e2Re1 = x.R(1, 0);
  double s = 0.0;
  if (!eq25(p, h, x, s, why)) return false;
  const double c = std::sqrt(1 - s * s);
  Matrix2d F;
  F << c, -s, s, c;
  const Matrix2d R1 = x.R * F;
  x.Omega = x.Omega - h * p.g / (2 * p.l) * e2Re1 - h * p.g / (2 * p.l) * R1(1, 0);
  if (p.control) x.Omega += h * p.controlAcceleration();
  x.R = R1;
  return true;
}

bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumSums& x,
                        std::string* why) {
  const double e2Re1 = x.x.R(1, 0);
  double s = 0.0;
  if (!eq25(p, h, x.x, s, why)) return false;
  const double c = std::sqrt(1 - s * s), d = -s * s / (1 + c);
  Matrix2d FminusI;
  FminusI << d, -s, s, d;
  const Matrix2d dR = x.x.R * FminusI;
  compensatedAdd(x.x.R, x.lostR, dR);
  double dOmega = -h * p.g / (2 * p.l) * (e2Re1 + x.x.R(1, 0));
  if (p.control) dOmega += h * p.controlAcceleration();
  compensatedAdd(x.x.Omega, x.lostOmega, dOmega);
  return true;
}

PlanarPendulumParams PlanarPendulumParams::from(const ParamValues& v) {
  PlanarPendulumParams p;
  p.m = scalarParam(v, "m");
  p.l = scalarParam(v, "l");
  p.g = scalarParam(v, "g");
  p.theta0 = scalarParam(v, "theta0");
  p.omega0 = scalarParam(v, "omega0");
  return p;
}

Matrix2d rotation2(double theta) {
  Matrix2d R;
  R << std::cos(theta), -std::sin(theta), std::sin(theta), std::cos(theta);
  return R;
}

double planarPendulumEnergy(const PlanarPendulumParams& p, const PlanarPendulumState& x) {
  return 0.5 * p.m * p.l * p.l * x.Omega * x.Omega - p.m * p.g * p.l * x.R(1, 1);
}

PlanarPendulum::PlanarPendulum() : SystemModel(planarPendulumDeclaration()) {}

void PlanarPendulum::fill(const PlanarPendulumParams& p, double t, const PlanarPendulumState& x,
                          Sample& s, SampleFields f) {
  s.t = t;
  s.energy = planarPendulumEnergy(p, x);
  s.structure = orthogonalityError(x.R);
  s.state.resize(5);
  s.state.head<4>() = x.R.reshaped();  // column by column
  s.state[4] = x.Omega;
  if (f == SampleFields::All) {
    s.position = Vector3d(p.l * x.R(0, 1), p.l * x.R(1, 1), 0.0);
    // d(l R e2)/dt = l R Omega^ e2 = -l Omega R e1 (eq (17), Omega^ = [[0, -Omega], [Omega, 0]])
    s.velocity = Vector3d(-p.l * x.Omega * x.R(0, 0), -p.l * x.Omega * x.R(1, 0), 0.0);
    s.attitude.setIdentity();
    s.attitude.topLeftCorner<2, 2>() = x.R;
  }
}

Sample PlanarPendulum::sample(const PlanarPendulumParams& p, double t,
                              const PlanarPendulumState& x) {
  Sample s;
  fill(p, t, x, s, SampleFields::All);
  return s;
}

namespace {

// the planar pendulum's standard forms (standardruns.h) from (p, x0), passed to make(forms)
template <class Make>
auto withPlanarForms(const PlanarPendulumParams& p, const PlanarPendulumState& x0, Make make) {
  const VectorXd y0 =
      (VectorXd(5) << x0.R(0, 0), x0.R(1, 0), x0.R(0, 1), x0.R(1, 1), x0.Omega).finished();
  const std::vector<std::string> names = {"R11", "R21", "R12", "R22", "Omega"};
  const auto sample = [p](double t, const VectorXd& y) {
    return PlanarPendulum::sample(p, t, fromVector(y));
  };
  // eqs (16)-(17): Omega' = -(g/l) e2^T R e1, R' = R Omega^, R stored column-major
  const auto rhs = [p](double, const auto& y, auto& dy) {
    const double w = y[4];
    // R Omega^ with Omega^ = [[0, -w], [w, 0]]: column 1 = w R e2, column 2 = -w R e1
    dy[0] = w * y[2];
    dy[1] = w * y[3];
    dy[2] = -w * y[0];
    dy[3] = -w * y[1];
    dy[4] = -p.g / p.l * y[1];
    if (p.control) dy[4] += p.controlAcceleration();
  };
  using Form = ContinuousFormT<5, decltype(rhs)>;
  const auto continuous = [=] {
    Form form{y0, rhs, {}, names, {}, {}};
    form.sample = [p](double t, const typename Form::State& y) {
      return PlanarPendulum::sample(p, t, fromVector(y));
    };
    // y = (R11, R21, R12, R22, Omega): f_y of eqs (16)-(17) and f_u = d(Omega')/d tau
    form.tangent.jacobian = [p](double, const VectorXd& y, MatrixXd& fy, MatrixXd& fu) {
      const double w = y[4];
      fy = MatrixXd::Zero(5, 5);
      fy(0, 2) = w;
      fy(1, 3) = w;
      fy(2, 0) = -w;
      fy(3, 1) = -w;
      fy.block<4, 1>(0, 4) << y[2], y[3], -y[0], -y[1];
      fy(4, 1) = -p.g / p.l;
      fu = MatrixXd::Zero(5, p.control ? 1 : 0);
      if (p.control) fu(4, 0) = 1 / (p.m * p.l * p.l);
    };
    // a change of theta turns R: dR = R [[0, -1], [1, 0]] dtheta (columns R e2 and -R e1)
    form.tangent.in = [](const VectorXd& y) {
      MatrixXd E = MatrixXd::Zero(5, 2);
      E.block<4, 1>(0, 0) << y[2], y[3], -y[0], -y[1];
      E(4, 1) = 1;
      return E;
    };
    // theta = atan2(R21, R11) of the state as it is (off SO(2) too, as namedState reads it)
    form.tangent.out = [](const VectorXd& y) {
      const double r2 = y[0] * y[0] + y[1] * y[1];
      MatrixXd P = MatrixXd::Zero(2, 5);
      P(0, 0) = -y[1] / r2;
      P(0, 1) = y[0] / r2;
      P(1, 4) = 1;
      return P;
    };
    form.tangent.symplectic = [p](const VectorXd&) { return planarSymplectic(p); };
    // the nearest rotation of [[a, b], [c, d]] (polar factor): the angle atan2(c - b, a + d)
    form.project = [](typename Form::State& y) {
      const double th = std::atan2(y[1] - y[2], y[0] + y[3]);
      const double c = std::cos(th), s = std::sin(th);
      y[0] = c;
      y[1] = s;
      y[2] = -s;
      y[3] = c;
    };
    return form;
  };
  // on SO(2) x R: R' = Omega^ R (so(2) is abelian), Omega' = -(g/l) e2^T R e1
  const auto lie = [=] {
    LieForm form;
    form.y0 = y0;
    form.rotationDim = 1;
    form.vectorDim = 1;
    form.generator = [p](const VectorXd& y, VectorXd& xi) {
      xi.resize(2);
      xi << y[4], -p.g / p.l * y[1] + p.controlAcceleration();
    };
    form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
      const Matrix2d R = rotation2(u[0]) * fromVector(y).R;
      out.resize(5);
      out << R(0, 0), R(1, 0), R(0, 1), R(1, 1), y[4] + u[1];
    };
    form.sample = sample;
    form.names = names;
    return form;
  };
  const StandardForms<PlanarStepper, CompensatedPlanarStepper, decltype(continuous)> forms{
      {p}, x0, {p}, PlanarPendulumSums{x0}, continuous, lie};
  return make(forms);
}

}  // namespace

std::unique_ptr<Run> PlanarPendulum::makeRun(const ParamValues& values, Method method,
                                             const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const PlanarPendulumParams p = PlanarPendulumParams::from(values);
  std::unique_ptr<Run> run =
      withPlanarForms(p, {rotation2(p.theta0), p.omega0},
                      [&](const auto& forms) { return makeStandardRun(method, forms, settings); });
  if (!run) throw unavailable(method);
  return run;
}

std::unique_ptr<Stepping> PlanarPendulum::makeStepping(const ParamValues& values, Method method,
                                                       const IntegratorSettings& settings,
                                                       const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  PlanarPendulumParams p = PlanarPendulumParams::from(values);
  p.control = start.control;
  PlanarPendulumState x0{rotation2(p.theta0), p.omega0};
  if (start.state) {
    const StartState given(declaration(), *start.state);
    const StatePart& r = given.part("R");
    x0.R << r.values[0], r.values[1], r.values[2], r.values[3];
    const double off = (x0.R.transpose() * x0.R - Matrix2d::Identity()).norm();
    if (!(off <= 1e-6) || !(x0.R.determinant() > 0))
      throw InputError("state part 'R' is not a rotation: ||R^T R - I|| = " + formatNumber(off) +
                       " (at most 1e-6)");
    // theta is the angle (the tangent coordinate, SystemDeclaration::tangent): R is turned by
    // theta - atan2(R21, R11), which is exactly 0 for a state read back from namedState, so
    // that R is then kept bit for bit
    const double turn = given.scalar("theta") - std::atan2(x0.R(1, 0), x0.R(0, 0));
    if (turn != 0.0) x0.R = x0.R * rotation2(turn);
    x0.Omega = given.scalar("Omega");
  }
  std::unique_ptr<Stepping> stepping = withPlanarForms(
      p, x0, [&](const auto& forms) { return makeStandardStepping(method, forms, settings); });
  if (!stepping) throw unavailable(method);
  return stepping;
}

std::optional<PhasePlane> PlanarPendulum::phasePlane(const ParamValues& values) const {
  const PlanarPendulumParams p = PlanarPendulumParams::from(values);
  const double ml2 = p.m * p.l * p.l, w0 = std::sqrt(p.g / p.l);
  PhasePlane plane;
  plane.qName = "theta";
  plane.qUnit = "rad";
  plane.pName = "p = m l^2 Omega";
  plane.pUnit = "kg m^2/s";
  plane.angular = true;
  plane.pScale = p.g > 0 ? ml2 * w0 : ml2;
  plane.defaultRadius = 0.1;
  plane.initial = Vector2d(p.theta0, ml2 * p.omega0);
  // every method's state is (R11, R21, R12, R22, Omega): the angle of R e1
  plane.read = [ml2](const Sample& s) {
    return Vector2d(std::atan2(s.state[1], s.state[0]), ml2 * s.state[4]);
  };
  plane.withInitial = [values, ml2](double theta, double pt) {
    ParamValues v = values;
    v["theta0"] = {theta};
    v["omega0"] = {pt / ml2};
    return v;
  };
  // E = 1/2 m l^2 Omega^2 - m g l cos theta = m g l (upright) gives Omega^2 = 4 (g/l)
  // cos^2(theta/2)
  if (p.g > 0)
    plane.separatrix = [c = 2 * ml2 * w0](double theta) { return c * std::cos(0.5 * theta); };
  return plane;
}

std::vector<StatePart> PlanarPendulum::namedState(Method /*method*/, const Sample& s) const {
  // every method carries R11, R21, R12, R22 (column by column), Omega
  const Eigen::Map<const Matrix2d> R(s.state.data());
  return {{"theta", {}, {std::atan2(R(1, 0), R(0, 0))}},
          {"R", {2, 2}, {R(0, 0), R(0, 1), R(1, 0), R(1, 1)}},
          {"Omega", {}, {s.state[4]}}};
}

ShadowConstruction PlanarPendulum::shadowConstruction(const ParamValues& values, Method method,
                                                      double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  const PlanarPendulumParams p = PlanarPendulumParams::from(values);
  ShadowConstruction c;
  c.angular = true;
  c.read = [ml2 = p.m * p.l * p.l](const Sample& s, VectorXd& q, VectorXd& pq) {
    const StateVec& y = s.state;  // R11, R21, R12, R22, Omega
    q = VectorXd::Constant(1, std::atan2(y[1], y[0]));
    pq = VectorXd::Constant(1, ml2 * y[4]);
  };
  // eq (20) with h/2 on both potential terms; (1/2) tr(I - F) = 1 - cos dtheta, written as
  // 2 sin^2(dtheta/2) so that small steps keep their digits
  c.lagrangian = [ml2 = p.m * p.l * p.l, mgl = p.m * p.g * p.l, h](const VectorXd& q0,
                                                                   const VectorXd& q1) {
    const double half = std::sin(0.5 * (q1[0] - q0[0]));
    return 2 * ml2 / h * half * half + 0.5 * h * mgl * (std::cos(q0[0]) + std::cos(q1[0]));
  };
  return c;
}

}  // namespace dms
