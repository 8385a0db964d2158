#include "core/systems/planarpendulum.h"

#include <cmath>

#include "core/integrators/variational.h"
#include "core/lie/orthogonality.h"
#include "core/sim/runs.h"

namespace dms {
namespace {

struct PlanarStepper {
  using State = PlanarPendulumState;
  PlanarPendulumParams p;
  double h;
  bool step(State& x, std::string* why) const { return planarPendulumStep(p, h, x, why); }
  Sample sample(double t, const State& x) const { return PlanarPendulum::sample(p, t, x); }
  std::vector<std::string> stateNames() const { return {"R11", "R21", "R12", "R22", "Omega"}; }
};

PlanarPendulumState fromVector(const VectorXd& y) {
  PlanarPendulumState x;
  x.R << y[0], y[2], y[1], y[3];
  x.Omega = y[4];
  return x;
}

}  // namespace

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

const std::vector<ParamSpec>& PlanarPendulum::params() const {
  static const std::vector<ParamSpec> specs = {
      {"m", "kg", "mass of the bob", 1, {1.0}, 0.0, 1e6, true, false, 0.1, 10.0},
      {"l", "m", "length of the rod", 1, {9.81}, 0.0, 1e6, true, false, 0.5, 20.0},
      {"g", "m/s^2", "gravitational acceleration", 1, {9.81}, 0.0, 1e4, false, false, 0.0, 20.0},
      {"theta0", "rad", "initial angle from hanging (R0 = R(theta0))", 1, {1.5707963267948966},
       -10.0, 10.0, false, false, -3.14159, 3.14159},
      {"omega0", "rad/s", "initial angular velocity Omega0", 1, {0.0}, -1e3, 1e3, false, false,
       -2.0, 2.0},
  };
  return specs;
}

IntegratorSettings PlanarPendulum::defaultSettings() const {
  IntegratorSettings s;
  s.h = 0.03;
  s.T = 1000.0;
  return s;
}

Sample PlanarPendulum::sample(const PlanarPendulumParams& p, double t,
                              const PlanarPendulumState& x) {
  Sample s;
  s.t = t;
  s.energy = planarPendulumEnergy(p, x);
  s.structure = orthogonalityError(x.R);
  s.position = Vector3d(p.l * x.R(0, 1), p.l * x.R(1, 1), 0.0);
  // d(l R e2)/dt = l R Omega^ e2 = -l Omega R e1 (eq (17), Omega^ = [[0, -Omega], [Omega, 0]])
  s.velocity = Vector3d(-p.l * x.Omega * x.R(0, 0), -p.l * x.Omega * x.R(1, 0), 0.0);
  s.attitude.setIdentity();
  s.attitude.topLeftCorner<2, 2>() = x.R;
  s.state.resize(5);
  s.state << x.R(0, 0), x.R(1, 0), x.R(0, 1), x.R(1, 1), x.Omega;
  return s;
}

std::unique_ptr<Run> PlanarPendulum::makeRun(const ParamValues& values, Method method,
                                             const IntegratorSettings& settings) const {
  const PlanarPendulumParams p = PlanarPendulumParams::from(values);
  const PlanarPendulumState x0{rotation2(p.theta0), p.omega0};
  if (method == Method::Variational)
    return std::make_unique<VariationalRun<PlanarStepper>>(PlanarStepper{p, settings.h}, x0,
                                                           settings);
  if (method != Method::Rk45)
    throw InputError("--integrator " + methodName(method) + " is not available for " + name() +
                     " (vi, rk45)");
  // eqs (16)-(17): Omega' = -(g/l) e2^T R e1, R' = R Omega^, R stored column-major
  ContinuousForm form;
  form.y0.resize(5);
  form.y0 << x0.R(0, 0), x0.R(1, 0), x0.R(0, 1), x0.R(1, 1), x0.Omega;
  form.rhs = [p](double, const VectorXd& y, VectorXd& dy) {
    const double w = y[4];
    // R Omega^ with Omega^ = [[0, -w], [w, 0]]: column 1 = w R e2, column 2 = -w R e1
    dy[0] = w * y[2];
    dy[1] = w * y[3];
    dy[2] = -w * y[0];
    dy[3] = -w * y[1];
    dy[4] = -p.g / p.l * y[1];
  };
  form.sample = [p](double t, const VectorXd& y) {
    return PlanarPendulum::sample(p, t, fromVector(y));
  };
  form.names = {"R11", "R21", "R12", "R22", "Omega"};
  return std::make_unique<RkRun>(std::move(form), settings);
}

}  // namespace dms
