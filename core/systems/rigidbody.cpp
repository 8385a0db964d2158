// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/rigidbody.h"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <cmath>
#include <sstream>

#include "core/integrators/standardruns.h"
#include "core/lie/so3.h"
#include "core/systems/checkedrun.h"
#include "core/systems/lgvi.h"

namespace dms {
namespace {

using Vector9d = Eigen::Matrix<double, 9, 1>;

// the LGVI step with its work: the forces at both ends and Newton's iterations for (42)
template <class State>
bool countedLgviStep(const RigidBody& body, double h, State& s, StepWork& work, std::string* why) {
  LgviStepInfo info;
  const bool ok = lgviStep(body, h, s, why, &info);
  work.fevals += 2;
  work.newton += info.newtonIterations;
  return ok;
}

struct CompensatedLgviStepper {
  using State = RigidBodySums;
  RigidBody body;
  bool step(State& s, double h, StepWork& work, std::string* why) const {
    return countedLgviStep(body, h, s, work, why);
  }
  void fill(Sample& out, double t, const State& s, SampleFields f) const {
    rigidBodyFill(body, t, s.s, out, f);
  }
  std::vector<std::string> stateNames() const { return rigidBodyStateNames(false); }
  // the sums' step is the plain step's map in exact arithmetic: its derivative at the state
  // the sums hold
  bool linearize(const State& s, double h, StepDerivative& d, std::string* why) const {
    return lgviDerivative(body, h, s.s, d, why);
  }
  MatrixXd symplecticForm(const State& s) const { return rigidBodySymplectic(body, s.s.Omega); }
};

struct LgviStepper {
  using State = RigidBodyState;
  RigidBody body;
  bool step(State& s, double h, StepWork& work, std::string* why) const {
    return countedLgviStep(body, h, s, work, why);
  }
  void fill(Sample& out, double t, const State& s, SampleFields f) const {
    rigidBodyFill(body, t, s, out, f);
  }
  std::vector<std::string> stateNames() const { return rigidBodyStateNames(false); }
  bool linearize(const State& s, double h, StepDerivative& d, std::string* why) const {
    return lgviDerivative(body, h, s, d, why);
  }
  MatrixXd symplecticForm(const State& s) const { return rigidBodySymplectic(body, s.Omega); }
};

// the potential's domain check of a rigid body's sample (its position and attitude)
struct PotentialDomain {
  std::shared_ptr<const RigidBodyPotential> potential;
  std::string operator()(const Sample& s) const {
    return potential->domainError(s.position, s.attitude);
  }
};

std::unique_ptr<Run> domainChecked(std::unique_ptr<Run> run,
                                   std::shared_ptr<const RigidBodyPotential> u) {
  if (!u->hasDomain()) return run;
  return makeDomainCheckedRun(std::move(run), PotentialDomain{std::move(u)}, "RK45", true);
}

std::string matrixText(const Matrix3d& A) {
  std::string out;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out += (i || j ? "," : "") + formatNumber(A(i, j));
  return out;
}

}  // namespace

// J Omega' = M - Omega x J Omega and m v' = -dU/dx, eqs (39)-(40)
void rigidBodyRates(const RigidBody& b, const Eigen::LLT<Matrix3d>& Jllt, const Vector3d& x,
                    const Matrix3d& R, const Vector3d& Omega, Vector3d& OmegaDot, Vector3d& vDot) {
  Vector3d dUdx, M;
  b.forces(x, R, dUdx, M);
  OmegaDot = Jllt.solve(M - Omega.cross(b.J * Omega));
  vDot = -dUdx / b.m;
}

double smallestEigenvalue(const Matrix3d& J) {
  Eigen::SelfAdjointEigenSolver<Matrix3d> es;
  es.computeDirect(J, Eigen::EigenvaluesOnly);
  return es.eigenvalues().minCoeff();
}

Vector3d bodyMoment(const Matrix3d& R, const Matrix3d& dUdR) {
  const Matrix3d B = dUdR.transpose() * R;
  return vee(B - B.transpose());
}

void RigidBody::validate() const {
  if (!(m > 0.0) || !std::isfinite(m))
    throw InputError("rigid body mass m = " + formatNumber(m) + " must be finite and > 0");
  const double asym = (J - J.transpose()).cwiseAbs().maxCoeff();
  const double eigMin =
      Eigen::SelfAdjointEigenSolver<Matrix3d>(J, Eigen::EigenvaluesOnly).eigenvalues().minCoeff();
  if (!J.allFinite() || asym > 1e-12 * J.cwiseAbs().maxCoeff() || !(eigMin > 0.0))
    throw InputError("rigid body inertia J = " + matrixText(J) +
                     " must be finite, symmetric and positive definite (smallest eigenvalue " +
                     formatNumber(eigMin) + ", allowed range (0, inf))");
  if (!potential) throw InputError("rigid body: no potential set");
}

void RigidBody::forces(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx, Vector3d& M) const {
  Matrix3d dUdR;
  potential->gradient(x, R, dUdx, dUdR);
  M = bodyMoment(R, dUdR);
  if (control && control->active()) {
    M += controlTorque();
    dUdx -= controlForce(R);
  }
}

Vector3d RigidBody::controlTorque() const {
  if (!control || !control->active()) return Vector3d::Zero();
  return thrustAxis.isZero() ? Vector3d(control->u.head<3>()) : Vector3d(control->u.tail<3>());
}

Vector3d RigidBody::controlForce(const Matrix3d& R) const {
  if (!control || !control->active()) return Vector3d::Zero();
  if (!thrustAxis.isZero()) return control->u[0] * (R * thrustAxis);
  return control->u.size() == 6 ? Vector3d(control->u.tail<3>()) : Vector3d::Zero();
}

double rigidBodyEnergy(const RigidBody& b, const RigidBodyState& s) {
  return 0.5 * b.m * s.v.squaredNorm() + 0.5 * s.Omega.dot(b.J * s.Omega) +
         b.potential->energy(s.x, s.R);
}

Vector3d rigidBodyMomentum(const RigidBody& b, const RigidBodyState& s) {
  return b.m * s.x.cross(s.v) + s.R * (b.J * s.Omega);
}

Sample rigidBodySample(const RigidBody& b, double t, const RigidBodyState& s, const Vector4d* q) {
  Sample out;
  rigidBodyFill(b, t, s, out, SampleFields::All, q);
  return out;
}

void rigidBodyFill(const RigidBody& b, double t, const RigidBodyState& s, Sample& out,
                   SampleFields f, const Vector4d* q) {
  out.t = t;
  out.energy = rigidBodyEnergy(b, s);
  out.structure = orthogonalityError(s.R);
  out.structure2 = q ? std::fabs(1.0 - q->norm()) : 0.0;
  out.momentum = rigidBodyMomentum(b, s);
  if (f == SampleFields::All) {
    out.position = s.x;
    out.velocity = s.v;
    out.attitude = s.R;
  }
  if (q) {
    out.state.resize(13);
    out.state << *q, s.x, s.Omega, s.v;
  } else {
    out.state.resize(18);
    out.state << Eigen::Map<const Vector9d>(s.R.data()), s.x, s.Omega, s.v;
  }
}

StateError rigidBodyStateError(const Sample& a, const Sample& b) {
  // the layouts end with Omega, v
  const auto omega = [](const Sample& s) -> Vector3d {
    return s.state.segment<3>(s.state.size() - 6);
  };
  return rigidBodyStateError(a, b, omega(a), omega(b));
}

StateError rigidBodyStateError(const Sample& a, const Sample& b, const Vector3d& omegaA,
                               const Vector3d& omegaB) {
  StateError e;
  e.angle = so3Distance(nearestRotation(a.attitude), nearestRotation(b.attitude));
  e.position = (a.position - b.position).norm();
  e.velocity = std::sqrt((omegaA - omegaB).squaredNorm() + (a.velocity - b.velocity).squaredNorm());
  return e;
}

std::vector<StatePart> rigidBodyNamedState(const Sample& s) {
  // the matrix forms carry R column by column; the quaternion form q, whose R(q) is the
  // sample's attitude; both end with x, Omega, v
  const int n = int(s.state.size());
  const Matrix3d R = n == 18 ? Matrix3d(Eigen::Map<const Matrix3d>(s.state.data()))
                             : quatToRotation(Vector4d(s.state.head<4>()));
  const auto vec = [&](const char* name, int at) {
    return StatePart{name, {3}, {s.state[at], s.state[at + 1], s.state[at + 2]}};
  };
  StatePart r{"R", {3, 3}, {}};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.values.push_back(R(i, j));
  return {r, vec("Omega", n - 6), vec("x", n - 9), vec("v", n - 3)};
}

std::vector<std::string> rigidBodyStateNames(bool quaternion) {
  std::vector<std::string> n;
  if (quaternion) {
    n = {"q0", "q1", "q2", "q3"};
  } else {
    for (int j = 1; j <= 3; ++j)
      for (int i = 1; i <= 3; ++i) n.push_back("R" + std::to_string(i) + std::to_string(j));
  }
  for (const char* v : {"x", "W", "v"})
    for (int i = 1; i <= 3; ++i) n.push_back(v + std::to_string(i));
  return n;
}

RigidBodyMatrixForm rigidBodyFixedMatrixForm(const RigidBody& b, const RigidBodyState& s0) {
  RigidBodyMatrixForm form{{}, RigidBodyMatrixRhs(b), {}, rigidBodyStateNames(false), {}, {}};
  form.y0 << Eigen::Map<const Vector9d>(s0.R.data()), s0.x, s0.Omega, s0.v;
  form.sample = [b](double t, const RigidBodyMatrixForm::State& y) {
    RigidBodyState s;
    s.R = Eigen::Map<const Matrix3d>(y.data());
    s.x = y.segment<3>(9);
    s.Omega = y.segment<3>(12);
    s.v = y.segment<3>(15);
    return rigidBodySample(b, t, s);
  };
  if (b.hasStepDerivative()) form.tangent = rigidBodyMatrixTangent(b);
  return form;
}

ContinuousForm rigidBodyMatrixForm(const RigidBody& b, const RigidBodyState& s0) {
  return dynamicForm(rigidBodyFixedMatrixForm(b, s0));
}

ContinuousForm rigidBodyQuaternionForm(const RigidBody& b, const RigidBodyState& s0) {
  ContinuousForm form;
  form.y0.resize(13);
  form.y0 << rotationToQuat(s0.R), s0.x, s0.Omega, s0.v;
  const Eigen::LLT<Matrix3d> Jllt(b.J);
  form.rhs = [b, Jllt](double, const VectorXd& y, VectorXd& dy) {
    const Vector4d q = y.head<4>();
    const Vector3d x = y.segment<3>(4);
    const Vector3d Omega = y.segment<3>(7);
    Vector3d OmegaDot, vDot;
    rigidBodyRates(b, Jllt, x, quatToRotation(q), Omega, OmegaDot, vDot);
    Vector4d w;
    w << 0.0, Omega;
    dy.head<4>() = 0.5 * quatMultiply(q, w);
    dy.segment<3>(4) = y.segment<3>(10);
    dy.segment<3>(7) = OmegaDot;
    dy.segment<3>(10) = vDot;
  };
  form.sample = [b](double t, const VectorXd& y) {
    const Vector4d q = y.head<4>();
    RigidBodyState s;
    s.R = quatToRotation(q);
    s.x = y.segment<3>(4);
    s.Omega = y.segment<3>(7);
    s.v = y.segment<3>(10);
    return rigidBodySample(b, t, s, &q);
  };
  form.names = rigidBodyStateNames(true);
  if (b.hasStepDerivative()) form.tangent = rigidBodyQuaternionTangent(b);
  return form;
}

LieForm rigidBodyLieForm(const RigidBody& b, const RigidBodyState& s0) {
  const ContinuousForm matrix = rigidBodyMatrixForm(b, s0);
  LieForm form;
  form.y0 = matrix.y0;
  form.rotationDim = 3;
  form.vectorDim = 9;
  form.sample = matrix.sample;
  form.names = matrix.names;
  const Eigen::LLT<Matrix3d> Jllt(b.J);
  form.generator = [b, Jllt](const VectorXd& y, VectorXd& xi) {
    const Matrix3d R = Eigen::Map<const Matrix3d>(y.data());
    const Vector3d x = y.segment<3>(9);
    const Vector3d Omega = y.segment<3>(12);
    Vector3d OmegaDot, vDot;
    rigidBodyRates(b, Jllt, x, R, Omega, OmegaDot, vDot);
    xi.resize(12);
    xi << R * Omega, y.segment<3>(15), OmegaDot, vDot;
  };
  form.act = [](const VectorXd& u, const VectorXd& y, VectorXd& out) {
    out.resize(18);
    const Matrix3d R = so3Exp(u.head<3>()) * Eigen::Map<const Matrix3d>(y.data());
    out << Eigen::Map<const Eigen::Matrix<double, 9, 1>>(R.data()), y.tail<9>() + u.tail<9>();
  };
  return form;
}

namespace {

// the rigid body's standard forms (standardruns.h), passed to make(forms)
template <class Make>
auto withRigidBodyForms(const RigidBody& b, const RigidBodyState& s0, Make make) {
  const auto continuous = [b, s0] {
    RigidBodyMatrixForm form = rigidBodyFixedMatrixForm(b, s0);
    form.project = [](RigidBodyMatrixForm::State& y) {
      Eigen::Map<Matrix3d> R(y.data());
      R = nearestRotation(R);
    };
    return form;
  };
  const StandardForms<LgviStepper, CompensatedLgviStepper, decltype(continuous)> forms{
      {b},        s0,
      {b},        RigidBodySums::start(b, s0),
      continuous, [b, s0] { return rigidBodyLieForm(b, s0); }};
  return make(forms);
}

InputError rigidBodyUnavailable(Method method, const std::string& system) {
  std::string names;
  for (Method m : {Method::Variational, Method::Vi4, Method::Vi6, Method::Vi8, Method::Rk45,
                   Method::Rk45Quat, Method::Rk45Proj, Method::Rkmk4, Method::Rk4, Method::Rk853})
    names += (names.empty() ? "" : ", ") + methodName(m);
  return InputError("--integrator '" + methodName(method) + "' is not available for " + system +
                    " (" + names + ")");
}

}  // namespace

std::unique_ptr<Run> makeRigidBodyRun(const RigidBody& b, const RigidBodyState& s0, Method method,
                                      const IntegratorSettings& settings,
                                      const std::string& system) {
  b.validate();
  if (method == Method::Rk45Quat)
    return domainChecked(std::make_unique<RkRun>(rigidBodyQuaternionForm(b, s0), settings),
                         b.potential);
  std::unique_ptr<Run> run = withRigidBodyForms(
      b, s0, [&](const auto& forms) { return makeStandardRun(method, forms, settings); });
  if (!run) throw rigidBodyUnavailable(method, system);
  // the LGVI checks the domain in its step; the Runge-Kutta runs would integrate through a
  // collision, so their samples are checked
  if (isVariationalComposition(method)) return run;
  return domainChecked(std::move(run), b.potential);
}

std::unique_ptr<Stepping> makeRigidBodyStepping(const RigidBody& b, const RigidBodyState& s0,
                                                Method method, const IntegratorSettings& settings,
                                                const std::string& system) {
  b.validate();
  if (method == Method::Rk45Quat)
    return std::make_unique<RkStepping<ContinuousForm>>(rigidBodyQuaternionForm(b, s0), settings,
                                                        false);
  std::unique_ptr<Stepping> stepping = withRigidBodyForms(
      b, s0, [&](const auto& forms) { return makeStandardStepping(method, forms, settings); });
  if (!stepping) throw rigidBodyUnavailable(method, system);
  return stepping;
}

ShadowConstruction rigidBodyShadow(const RigidBody& b, double h, bool onPivot) {
  ShadowConstruction c;
  // q = (x, R) and p = (m v, 1/2 R (J Omega)^), or on a pivot R and 1/2 R (J Omega)^ alone
  const Eigen::Index at = onPivot ? 0 : 3;
  c.read = [b, at](const Sample& s, VectorXd& q, VectorXd& p) {
    // the matrix forms: R column by column, then x, Omega, v (on a pivot Omega alone)
    const Matrix3d R = Eigen::Map<const Matrix3d>(s.state.data());
    const Vector3d Omega = s.state.segment<3>(at == 0 ? 9 : 12);
    q.resize(at + 9);
    p.resize(at + 9);
    if (at > 0) {
      q.head<3>() = s.state.segment<3>(9);
      p.head<3>() = b.m * s.state.segment<3>(15);
    }
    Eigen::Map<Matrix3d>(q.data() + at) = R;
    Eigen::Map<Matrix3d>(p.data() + at) = 0.5 * R * hat(Vector3d(b.J * Omega));
  };
  c.lagrangian = [b, Jd = b.Jd(), h, at](const VectorXd& q0, const VectorXd& q1) {
    const Vector3d x0 = at > 0 ? Vector3d(q0.head<3>()) : Vector3d::Zero();
    const Vector3d x1 = at > 0 ? Vector3d(q1.head<3>()) : Vector3d::Zero();
    const Matrix3d R0 = Eigen::Map<const Matrix3d>(q0.data() + at),
                   R1 = Eigen::Map<const Matrix3d>(q1.data() + at);
    const double rotation =
        (Matrix3d::Identity() - R0.transpose() * R1).cwiseProduct(Jd.transpose()).sum();
    return b.m / (2 * h) * (x1 - x0).squaredNorm() + rotation / h -
           0.5 * h * (b.potential->energy(x0, R0) + b.potential->energy(x1, R1));
  };
  return c;
}

}  // namespace dms
