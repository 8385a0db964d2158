// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/pendulum3d.h"

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "core/lie/so3.h"

namespace dms {
namespace {

// The rigid body's sample as a pivot's: the drawn point is R point, and the state drops x and
// v, the pivot's, which stay 0 (a third of the matrix form's numbers). The rigid body's layouts
// are (R column by column | quaternion, x, Omega, v); a pivot's (R | quaternion, Omega).
void pivotSample(const Sample& in, Sample& out, const Vector3d& point, SampleFields fields) {
  // field by field, the state into storage of its own size (a whole copy would allocate
  // the rigid body's larger state at every sample)
  out.t = in.t;
  out.energy = in.energy;
  out.structure = in.structure;
  out.structure2 = in.structure2;
  out.momentum = in.momentum;
  out.attitude = in.attitude;
  const Eigen::Index attitude = in.state.size() - 9;
  const Vector3d Omega = in.state.segment<3>(attitude + 3);
  out.state.resize(attitude + 3);
  out.state.head(attitude) = in.state.head(attitude);
  out.state.tail<3>() = Omega;
  if (fields == SampleFields::All) {
    out.position = in.attitude * point;
    out.velocity = in.attitude * Omega.cross(point);
  }
}

// The rigid body's run with the samples of a body on a pivot (pivotSample).
class PivotRun final : public Run {
 public:
  PivotRun(std::unique_ptr<Run> inner, const Vector3d& point)
      : m_inner(std::move(inner)), m_point(point) {}

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override {
    Adapter adapter{sink, m_point, fields};
    const bool more = m_inner->advance(adapter, maxSamples, fields);
    if (!more) m_failure = m_inner->failure();
    return more;
  }
  double progress() const override { return m_inner->progress(); }
  RunCounters counters() const override { return m_inner->counters(); }
  std::vector<std::string> stateNames() const override {
    std::vector<std::string> names = m_inner->stateNames();
    const auto attitude = long(names.size()) - 9;  // R's 9 names or the quaternion's 4
    names.erase(names.end() - 3, names.end());     // v
    names.erase(names.begin() + attitude, names.begin() + attitude + 3);  // x
    return names;
  }
  bool observeSteps(StepObserver* observer) override { return m_inner->observeSteps(observer); }
  bool interpolate(double t, Sample& out) const override {
    if (!m_inner->interpolate(t, m_body)) return false;
    pivotSample(m_body, out, m_point, SampleFields::All);
    return true;
  }

 private:
  struct Adapter final : SampleSink {
    Adapter(SampleSink& s, const Vector3d& p, SampleFields f) : next(s), point(p), fields(f) {}
    void take(const Sample& in) override {
      pivotSample(in, out, point, fields);
      next.take(out);
    }
    SampleSink& next;
    const Vector3d& point;
    SampleFields fields;
    Sample out;
  };

  std::unique_ptr<Run> m_inner;
  Vector3d m_point;
  mutable Sample m_body;  // the rigid body's interpolated sample, reused
};

// The rigid body's steps with the samples of a body on a pivot (pivotSample).
class PivotStepping final : public Stepping {
 public:
  PivotStepping(std::unique_ptr<Stepping> inner, const Vector3d& point)
      : m_inner(std::move(inner)), m_point(point) {}
  bool step(std::string* why) override { return m_inner->step(why); }
  void fill(Sample& s, SampleFields fields) const override {
    m_inner->fill(m_body, fields);
    pivotSample(m_body, s, m_point, fields);
  }
  std::int64_t steps() const override { return m_inner->steps(); }
  RunCounters counters() const override { return m_inner->counters(); }
  std::unique_ptr<Stepping> clone() const override {
    return std::make_unique<PivotStepping>(m_inner->clone(), m_point);
  }
  // the rigid body's tangent coordinates are (xi, dOmega, dx, dv); a pivot's state is R and
  // Omega, its first 6. x and v stay 0 and enter neither U (dU/dx = 0) nor the control (a
  // torque alone), so the rows and columns kept are the whole derivative of (R, Omega)
  bool linearize(StepDerivative& d, std::string* why) const override {
    StepDerivative body;
    if (!m_inner->linearize(body, why)) return false;
    d.A = body.A.topLeftCorner(6, 6);
    d.B = body.B.topRows(6);
    return true;
  }
  MatrixXd symplecticForm() const override {
    const MatrixXd w = m_inner->symplecticForm();
    return w.size() > 0 ? MatrixXd(w.topLeftCorner(6, 6)) : w;
  }

 private:
  std::unique_ptr<Stepping> m_inner;
  Vector3d m_point;
  mutable Sample m_body;  // the rigid body's sample, reused
};

}  // namespace

std::unique_ptr<Stepping> makePivotStepping(std::unique_ptr<Stepping> inner,
                                            const Vector3d& point) {
  return std::make_unique<PivotStepping>(std::move(inner), point);
}

std::unique_ptr<Run> makePivotRun(std::unique_ptr<Run> inner, const Vector3d& point) {
  return std::make_unique<PivotRun>(std::move(inner), point);
}

SystemDeclaration PivotBodyModel::sharedDeclaration() {
  SystemDeclaration d;
  d.settings.h = 0.01;
  d.settings.T = 30.0;
  d.methods = rigidBodyMethods();
  d.structure = "||I - R^T R||";
  d.structure2 = "|1 - |q|| (rk45-quat; 0 otherwise)";
  d.structure2Symbol = "|1 - |q||";
  d.structure2Methods = {Method::Rk45Quat};
  d.state = {{"R", {"3", "3"}, "", "attitude (body to inertial), row by row"},
             {"Omega", {"3"}, "rad/s", "angular velocity in the body frame"}};
  d.controls = {{"tau", {"3"}, "N m", "torque on the body, in body coordinates"}};
  d.tangent = {{"R", TangentKind::Rotation}, {"Omega"}};
  return d;
}

namespace {

SystemDeclaration pendulum3dDeclaration() {
  SystemDeclaration d = PivotBodyModel::sharedDeclaration();
  d.name = "pendulum-3d";
  d.title = "3D pendulum on SO(3) (rigid body on a pivot)";
  // 0.25 s: sqrt(J_i / (m g |rho|)) is 0.18 to 0.27 s over the three principal moments
  d.timeScale = 0.25;
  // 1 s: its swing and tumble, pi sqrt(J_i / (m g |rho|)) = 0.58 to 0.85 s
  d.slowTimeScale = 1.0;
  d.params = {
      gravityParam("gravitational acceleration, along e3 (down)", 1e3),
      massParam("m", "mass of the body (J must fit it: m rho_i^2 <= (J1+J2+J3)/2 - J_i)", 1.3),
      PivotBodyModel::inertiaSpec(),
      ParamSpec::vector3("rho", "m",
                         "pivot to centre of mass, body frame; (0, 0, 1) hangs at rest when R = I")
          .defaultValue({0.0, 0.0, 0.3})
          .range(-1e3, 1e3)
          .slider(-0.35, 0.35),
  };
  for (const ParamSpec& s : PivotBodyModel::initialStateSpecs()) d.params.push_back(s);
  d.hasMomentum = true;
  d.conserved = PivotBodyModel::energyAndVerticalMomentum();
  d.bodies = {{BodyKind::BoxOnPivot, {"m", "J", "rho"}, "", "", "the body on its pivot"}};
  return d;
}

}  // namespace

Pendulum3d::Pendulum3d() : PivotBodyModel(pendulum3dDeclaration()) {}

std::vector<StatePart> PivotBodyModel::namedState(Method /*method*/, const Sample& s) const {
  // a pivot's layout (makePivotRun): R column by column (12 numbers) or a quaternion (7), Omega
  const Eigen::Index n = s.state.size();
  const Matrix3d R = n == 12 ? Matrix3d(Eigen::Map<const Matrix3d>(s.state.data()))
                             : quatToRotation(Vector4d(s.state.head<4>()));
  StatePart r{"R", {3, 3}, {}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.values.push_back(R(i, j));
  const Vector3d W = s.state.tail<3>();
  return {r, StatePart{"Omega", {3}, {W.x(), W.y(), W.z()}}};
}

std::vector<ConservedQuantity> PivotBodyModel::energyAndVerticalMomentum() {
  return {energyQuantity(),
          {"vertical angular momentum", "e3.(R J Omega)", "kg m^2/s", "momentum", {2}}};
}

ShadowConstruction Pendulum3d::shadowConstruction(const ParamValues& values, Method method,
                                                  double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  return rigidBodyShadow(Pendulum3dParams::from(values).body(), h, true);
}

std::vector<ConservedQuantity> Pendulum3d::conservedAt(const ParamValues& values) const {
  const double torque = scalarParam(values, "g") * scalarParam(values, "m");
  if (torque != 0.0 && vectorParam(values, "rho") != Vector3d::Zero()) return conserved();
  return withWholeMomentum(conserved(), "R J Omega");
}

ParamSpec PivotBodyModel::inertiaSpec() {
  return ParamSpec::vector3("J", "kg m^2",
                            "principal moments of inertia about the pivot (body axes principal); "
                            "each at most the sum of the other two")
      .defaultValue({0.13, 0.28, 0.17})
      .above(0)
      .atMost(1e6)
      .slider(0.01, 1.0);
}

std::vector<ParamSpec> PivotBodyModel::initialStateSpecs() {
  return {
      ParamSpec::vector3("rotvec0", "rad",
                         "initial attitude R0 = exp(rotvec0^), rotation vector (axis times angle)")
          .defaultValue({1.2, 0.4, 0.0})
          .range(-100.0, 100.0)
          .slider(-3.14159, 3.14159),
      ParamSpec::vector3("Omega0", "rad/s", "initial angular velocity in the body frame")
          .defaultValue({0.5, -1.0, 3.0})
          .range(-1e4, 1e4)
          .slider(-10.0, 10.0),
  };
}

double PivotBodyModel::checkTriangleInequality(const Vector3d& J) {
  const double half = 0.5 * J.sum();
  // round-off of the sums: a body on the boundary (a flat disk, the heavy top) is accepted
  const double tol = 8 * std::numeric_limits<double>::epsilon() * half;
  for (int i = 0; i < 3; ++i)
    if (J[i] - half > tol)
      throw InputError("parameter 'J' = " + formatVector(J) + " is out of range: J" +
                       std::to_string(i + 1) +
                       " exceeds the sum of the other two; the principal moments of a body "
                       "satisfy the triangle inequality J_i <= J_j + J_k");
  return tol;
}

double PivotGravity::energy(const Vector3d& /*x*/, const Matrix3d& R) const {
  return -m_mg * (R.row(2).dot(m_rho));
}

void PivotGravity::gradient(const Vector3d& /*x*/, const Matrix3d& /*R*/, Vector3d& dUdx,
                            Matrix3d& dUdR) const {
  dUdx.setZero();
  dUdR.setZero();
  dUdR.row(2) = -m_mg * m_rho.transpose();
}

Pendulum3dParams Pendulum3dParams::from(const ParamValues& v) {
  Pendulum3dParams p;
  p.m = scalarParam(v, "m");
  p.g = scalarParam(v, "g");
  p.J = vectorParam(v, "J");
  p.rho = vectorParam(v, "rho");
  p.rotvec0 = vectorParam(v, "rotvec0");
  p.Omega0 = vectorParam(v, "Omega0");
  return p;
}

RigidBody Pendulum3dParams::body() const {
  RigidBody b;
  b.m = m;
  b.J = J.asDiagonal();
  b.Jmin = J.minCoeff();
  b.potential = std::make_shared<PivotGravity>(m, g, rho);
  return b;
}

RigidBodyState Pendulum3dParams::initialState() const {
  RigidBodyState s;
  s.R = so3Exp(rotvec0);
  s.Omega = Omega0;
  return s;
}

ParamValues Pendulum3d::normalize(const ParamValues& values,
                                  std::vector<std::string>* warnings) const {
  ParamValues out = SystemModel::normalize(values, warnings);
  const Pendulum3dParams p = Pendulum3dParams::from(out);
  const double tol = checkTriangleInequality(p.J);
  const double half = 0.5 * p.J.sum();
  // Jd - m rho rho^T is the second moment of the mass about the centre of mass
  const Matrix3d S =
      Matrix3d(Vector3d(half - p.J.array()).asDiagonal()) - p.m * p.rho * p.rho.transpose();
  const double least = Eigen::SelfAdjointEigenSolver<Matrix3d>(S).eigenvalues().minCoeff();
  if (least < -tol)
    throw InputError(
        "parameter 'J' = " + formatVector(p.J) + " is out of range for 'm' = " + formatNumber(p.m) +
        " kg and 'rho' = " + formatVector(p.rho) +
        " m: no body of that mass with its centre of mass at rho has these moments about the "
        "pivot (need (J1 + J2 + J3)/2 - J_i >= m rho_i^2 for each axis, more for a rho off the "
        "axes: (J1 + J2 + J3)/2 I - diag(J) - m rho rho^T positive semidefinite)");
  return out;
}

PivotBodyModel::SetUp Pendulum3d::setUp(const ParamValues& values) const {
  const Pendulum3dParams p = Pendulum3dParams::from(values);
  return {p.body(), p.initialState(), p.rho};
}

std::unique_ptr<Run> PivotBodyModel::makeRun(const ParamValues& values, Method method,
                                             const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  const SetUp s = setUp(values);
  return makePivotRun(makeRigidBodyRun(s.body, s.s0, method, settings, name()), s.point);
}

std::unique_ptr<Stepping> PivotBodyModel::makeStepping(const ParamValues& values, Method method,
                                                       const IntegratorSettings& settings,
                                                       const SteppingStart& start) const {
  if (!hasMethod(method)) throw unavailable(method);
  SetUp s = setUp(values);
  s.body.control = start.control;
  if (start.state) {
    const StartState given(declaration(), *start.state);
    s.s0.R = given.rotation("R");
    s.s0.Omega = given.vector3("Omega");
  }
  return makePivotStepping(makeRigidBodyStepping(s.body, s.s0, method, settings, name()), s.point);
}

}  // namespace dms
