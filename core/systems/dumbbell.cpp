// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/dumbbell.h"

#include <cmath>
#include <sstream>

#include "core/lie/so3.h"

namespace dms {

Vector3d DumbbellGravity::sphereForce(int i, const Vector3d& x, const Matrix3d& R) const {
  const Vector3d y = x + R * offset(i);
  const double d = y.norm();
  return (-m_mu * mass(i) / (d * d * d)) * y;
}

Vector3d DumbbellGravity::dUdx(const Vector3d& x, const Matrix3d& R) const {
  return -(sphereForce(0, x, R) + sphereForce(1, x, R));
}

Vector3d DumbbellGravity::moment(const Vector3d& x, const Matrix3d& R) const {
  Vector3d M = Vector3d::Zero();
  for (int i = 0; i < 2; ++i) M += offset(i).cross(R.transpose() * sphereForce(i, x, R));
  return M;
}

double DumbbellGravity::energy(const Vector3d& x, const Matrix3d& R) const {
  double U = 0.0;
  for (int i = 0; i < 2; ++i) U -= m_mu * mass(i) / (x + R * offset(i)).norm();
  return U;
}

void DumbbellGravity::gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx,
                               Matrix3d& dUdR) const {
  dUdx.setZero();
  dUdR.setZero();
  for (int i = 0; i < 2; ++i) {
    const Vector3d F = sphereForce(i, x, R);
    dUdx -= F;
    dUdR -= F * offset(i).transpose();
  }
}

void DumbbellGravity::gradientDerivative(const Vector3d& x, const Matrix3d& R, const Vector3d& dx,
                                         const Matrix3d& dR, Vector3d& ddUdx,
                                         Matrix3d& ddUdR) const {
  ddUdx.setZero();
  ddUdR.setZero();
  for (int i = 0; i < 2; ++i) {
    const Vector3d y = x + R * offset(i), dy = dx + dR * offset(i);
    const double d2 = y.squaredNorm(), d = std::sqrt(d2);
    const Vector3d dF = (-m_mu * mass(i) / (d2 * d)) * (dy - (3.0 * y.dot(dy) / d2) * y);
    ddUdx -= dF;
    ddUdR -= dF * offset(i).transpose();
  }
}

std::string DumbbellGravity::domainError(const Vector3d& x, const Matrix3d& R) const {
  for (int i = 0; i < 2; ++i) {
    const double d = (x + R * offset(i)).norm();
    if (!(d > m_radius)) {
      std::ostringstream m;
      m << "sphere " << i + 1 << " reached the attracting point (centre distance " << d
        << " <= radius " << m_radius << "): collision";
      return m.str();
    }
  }
  return {};
}

DumbbellParams DumbbellParams::from(const ParamValues& v) {
  DumbbellParams p;
  p.mu = scalarParam(v, "mu");
  p.m1 = scalarParam(v, "m1");
  p.m2 = scalarParam(v, "m2");
  p.L = scalarParam(v, "L");
  p.r = scalarParam(v, "r");
  p.x0 = vectorParam(v, "x0");
  p.v0 = vectorParam(v, "v0");
  p.att0 = vectorParam(v, "att0");
  p.Omega0 = vectorParam(v, "Omega0");
  return p;
}

Vector3d DumbbellParams::rho(int i) const {
  return (i == 0 ? -m2 / m() : m1 / m()) * L * Vector3d::UnitX();
}

Matrix3d DumbbellParams::J() const {
  Matrix3d J = Matrix3d::Zero();
  const double mi[2] = {m1, m2};
  for (int i = 0; i < 2; ++i) {
    const Vector3d p = rho(i);
    J += mi[i] * (p.squaredNorm() * Matrix3d::Identity() - p * p.transpose()) +
         0.4 * mi[i] * r * r * Matrix3d::Identity();
  }
  return J;
}

DumbbellGravity DumbbellParams::gravity() const {
  return DumbbellGravity(mu, {m1, m2}, {rho(0), rho(1)}, r);
}

RigidBody DumbbellParams::body() const {
  RigidBody b;
  b.m = m();
  b.J = J();
  b.Jmin = smallestEigenvalue(b.J);
  b.potential = std::make_shared<DumbbellGravity>(gravity());
  return b;
}

RigidBodyState DumbbellParams::initialState() const {
  RigidBodyState s;
  s.R = so3Exp(att0);
  s.x = x0;
  s.Omega = Omega0;
  s.v = v0;
  return s;
}

namespace {

SystemDeclaration dumbbellDeclaration() {
  using Q = ArticleFigure::Quantity;
  using K = ArticlePlot::Kind;
  SystemDeclaration d;
  d.name = "dumbbell";
  d.title = "Dumbbell spacecraft on SE(3) in central gravity";
  d.params = {
      ParamSpec::scalar("mu", "m^3/s^2",
                        "gravitational parameter of the central body (default set-up: "
                        "nondimensional)")
          .defaultValue(1.0)
          .range(0, 1e6)
          .slider(0.0, 5.0),
      ParamSpec::scalar("m1", "kg", "mass of sphere 1")
          .defaultValue(0.5)
          .above(0)
          .atMost(1e6)
          .slider(0.05, 2.0),
      ParamSpec::scalar("m2", "kg", "mass of sphere 2")
          .defaultValue(0.5)
          .above(0)
          .atMost(1e6)
          .slider(0.05, 2.0),
      ParamSpec::scalar("L", "m", "distance between the sphere centres (rod along body e1)")
          .defaultValue(1.0)
          .above(0)
          .atMost(1e6)
          .slider(0.1, 3.0),
      ParamSpec::scalar("r", "m", "radius of each sphere (at most L/2)")
          .defaultValue(0.2)
          .above(0)
          .atMost(1e6)
          .slider(0.01, 0.5),
      ParamSpec::vector3("x0", "m", "initial position of the mass centre")
          .defaultValue({3.0, 0.0, 0.0})
          .range(-1e6, 1e6)
          .slider(-10.0, 10.0),
      ParamSpec::vector3("v0", "m/s", "initial velocity of the mass centre")
          .defaultValue({0.0, 0.5773502691896258, 0.0})
          .range(-1e3, 1e3)
          .slider(-2.0, 2.0),
      ParamSpec::vector3("att0", "rad",
                         "initial attitude R0 = exp(att0^), rotation vector (axis times angle)")
          .defaultValue({0.0, 0.5235987755982988, 0.0})
          .range(-100.0, 100.0)
          .slider(-3.14159, 3.14159),
      ParamSpec::vector3("Omega0", "rad/s", "initial angular velocity in the body frame")
          .defaultValue({0.1, 0.3, 1.0})
          .range(-1e3, 1e3)
          .slider(-3.0, 3.0),
  };
  d.settings.h = 0.05;
  d.settings.T = 200.0;
  // 1 s: its spin, |Omega0| = 1.05 rad/s
  d.timeScale = 1.0;
  // 8 s: a quarter of its orbit, 2 pi sqrt(|x0|^3 / mu) = 32.6 s
  d.slowTimeScale = 8.0;
  d.methods = rigidBodyMethods();
  d.articleMethods = {Method::Variational, Method::Rk45, Method::Rk45Quat};
  d.structure = "||I - R^T R||";
  d.structure2 = "|1 - |q|| (rk45-quat; 0 otherwise)";
  d.structure2Symbol = "|1 - |q||";
  d.structure2Methods = {Method::Rk45Quat};
  d.hasMomentum = true;
  d.conserved = {
      energyQuantity(),
      {"total angular momentum", "L = m x x v + R J Omega", "kg m^2/s", "momentum", {0, 1, 2}}};
  d.figures = {
      {"4", Method::Variational, Q::EnergyMeanDev, 1.0, "", 2.5983e-4,
       "own parameters: orders of magnitude only"},
      {"4", Method::Variational, Q::StructureMean, 1.0, "", 1.8553e-13,
       "own parameters: orders of magnitude only"},
      {"4", Method::Rk45, Q::StructureMean, 1.0, "", 0.0287,
       "own parameters: orders of magnitude only (R as 9 states)"},
      {"4", Method::Rk45Quat, Q::StructureMean, 1.0, "", 0.0753,
       "own parameters: orders of magnitude only (quaternion, R(q) unnormalized)"},
  };
  d.plots = {{"fig4a", "4(a)", "4", K::Orbit, "Dumbbell: orbit of the centre of mass"},
             {"fig4b", "4(b)", "4", K::Energy, "Dumbbell: total energy"},
             {"fig4c", "4(c)", "4", K::Structure, "Dumbbell: orthogonality error"}};
  d.state = {{"R", {"3", "3"}, "", "attitude (body to inertial), row by row"},
             {"Omega", {"3"}, "rad/s", "angular velocity in the body frame"},
             {"x", {"3"}, "m", "position of the mass centre"},
             {"v", {"3"}, "m/s", "velocity of the mass centre"}};
  d.bodies = {{BodyKind::Dumbbell, {"m1", "m2", "L", "r"}, "", "", "the spacecraft"}};
  d.controls = {{"tau", {"3"}, "N m", "torque on the spacecraft, in body coordinates"},
                {"f", {"3"}, "N", "force on the mass centre, in inertial coordinates"}};
  d.tangent = {{"R", TangentKind::Rotation}, {"Omega"}, {"x"}, {"v"}};
  return d;
}

}  // namespace

Dumbbell::Dumbbell() : SystemModel(dumbbellDeclaration()) {}

ParamValues Dumbbell::normalize(const ParamValues& values,
                                std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  const DumbbellParams p = DumbbellParams::from(out);
  if (p.r > 0.5 * p.L)
    throw InputError(
        "parameter 'r' = " + formatNumber(p.r) +
        " is out of range: the spheres must not overlap, r must be in (0, L/2] = (0, " +
        formatNumber(0.5 * p.L) + "] m");
  const std::string domain = p.gravity().domainError(p.x0, so3Exp(p.att0));
  if (!domain.empty())
    throw InputError("parameter 'x0' = " + formatVector(p.x0) +
                     " is out of range: each sphere centre x0 + R0 rho_i must lie farther than "
                     "r = " +
                     formatNumber(p.r) + " m from the attracting point at the origin");
  return out;
}

ShadowConstruction Dumbbell::shadowConstruction(const ParamValues& values, Method method,
                                                double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  return rigidBodyShadow(DumbbellParams::from(values).body(), h);
}

std::unique_ptr<Run> Dumbbell::makeRun(const ParamValues& values, Method method,
                                       const IntegratorSettings& settings) const {
  const DumbbellParams p = DumbbellParams::from(values);
  return makeRigidBodyRun(p.body(), p.initialState(), method, settings, name());
}

std::unique_ptr<Stepping> Dumbbell::makeStepping(const ParamValues& values, Method method,
                                                 const IntegratorSettings& settings,
                                                 const SteppingStart& start) const {
  const DumbbellParams p = DumbbellParams::from(values);
  RigidBody b = p.body();
  b.control = start.control;
  RigidBodyState s0 = p.initialState();
  if (start.state) {
    const StartState given(declaration(), *start.state);
    s0.R = given.rotation("R");
    s0.Omega = given.vector3("Omega");
    s0.x = given.vector3("x");
    s0.v = given.vector3("v");
    const std::string domain = b.potential->domainError(s0.x, s0.R);
    if (!domain.empty()) throw InputError("state part 'x': " + domain);
  }
  return makeRigidBodyStepping(b, s0, method, settings, name());
}

}  // namespace dms
