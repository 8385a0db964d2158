// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/customrigidbody.h"

#include <cmath>
#include <limits>

#include "core/lie/so3.h"

namespace dms {
namespace {

// U(R) and dU/dR from the run's own evaluator; dU/dx = 0 (the pivot holds x = 0)
class TypedRigidPotential final : public RigidBodyPotential {
 public:
  TypedRigidPotential(const PotentialExpression& e, const ParamValues& values)
      : m_eval(e, values) {}
  double energy(const Vector3d& /*x*/, const Matrix3d& R) const override {
    set(R);
    return m_eval.value();
  }
  void gradient(const Vector3d& /*x*/, const Matrix3d& R, Vector3d& dUdx,
                Matrix3d& dUdR) const override {
    set(R);
    const double* g = m_eval.gradient();
    dUdx.setZero();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) dUdR(i, j) = g[3 * i + j];
  }
  std::string domainError(const Vector3d& /*x*/, const Matrix3d& R) const override {
    set(R);
    const double u = m_eval.value();
    if (std::isfinite(u)) return {};
    return "the potential U(R) is not finite here (U = " + formatNumber(u) + ")";
  }

 private:
  void set(const Matrix3d& R) const {
    double* v = m_eval.vars();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) v[3 * i + j] = R(i, j);
  }
  // one run's: the run calls it from one thread at a time
  mutable PotentialEvaluator m_eval;
};

// the samples of a body on a pivot: the drawn point R e3, momentum (0, 0, e3.(R J Omega))
class TypedPivotRun final : public Run {
 public:
  explicit TypedPivotRun(std::unique_ptr<Run> inner) : m_inner(std::move(inner)) {}
  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override {
    Adapter adapter{sink, fields};
    const bool more = m_inner->advance(adapter, maxSamples, fields);
    if (!more) m_failure = m_inner->failure();
    return more;
  }
  double progress() const override { return m_inner->progress(); }
  RunCounters counters() const override { return m_inner->counters(); }
  std::vector<std::string> stateNames() const override { return m_inner->stateNames(); }

 private:
  struct Adapter final : SampleSink {
    Adapter(SampleSink& s, SampleFields f) : next(s), fields(f) {}
    void take(const Sample& in) override {
      out = in;
      out.momentum = Vector3d(0.0, 0.0, in.momentum.z());
      if (fields == SampleFields::All) {
        // the point 0.3 m along the body's third axis, where the 3D pendulum's default centre
        // of mass is, so its drawing of a body on a pivot serves this body too
        const Vector3d point(0.0, 0.0, 0.3);
        const Vector3d Omega = in.state.segment<3>(in.state.size() - 6);
        out.position = in.attitude * point;
        out.velocity = in.attitude * Omega.cross(point);
      }
      next.take(out);
    }
    SampleSink& next;
    SampleFields fields;
    Sample out;
  };
  std::unique_ptr<Run> m_inner;
};

std::vector<ParamSpec> bodySpecs(const PotentialExpression& e, const ParamValues& defaults) {
  std::vector<ParamSpec> specs = {
      ParamSpec::vector3("J", "kg m^2",
                         "principal moments of inertia about the pivot (body axes principal); "
                         "each at most the sum of the other two")
          .defaultValue({0.13, 0.28, 0.17})
          .above(0)
          .atMost(1e6)
          .slider(0.01, 1.0),
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
  // the potential's parameters first, as the 3D pendulum's m and g come before its J
  std::vector<ParamSpec> symbols;
  for (const std::string& n : e.parameters) {
    ParamSpec s = ParamSpec::scalar(n, "", "parameter of the potential U(R) = " + e.text)
                      .range(-1e12, 1e12)
                      .slider(-10.0, 10.0);
    const auto it = defaults.find(n);
    if (it != defaults.end()) s.defaultValue(it->second);
    symbols.push_back(s);
  }
  specs.insert(specs.begin(), symbols.begin(), symbols.end());
  return specs;
}

}  // namespace

PotentialVariables CustomRigidBody::variables() {
  return {"potential",
          {"R11", "R12", "R13", "R21", "R22", "R23", "R31", "R32", "R33"},
          "R",
          {},
          {"J", "rotvec0", "Omega0"}};
}

CustomRigidBody::CustomRigidBody()
    : CustomRigidBody(
          defaultPotential(),
          ParamValues{
              {"m", {1.0}}, {"g", {9.81}}, {"rho1", {0.0}}, {"rho2", {0.0}}, {"rho3", {0.3}}}) {}

CustomRigidBody::CustomRigidBody(const std::string& text) : CustomRigidBody(text, {}) {}

CustomRigidBody::CustomRigidBody(const std::string& text, const ParamValues& defaults)
    : m_expr(acceptPotential(text, variables())), m_specs(bodySpecs(m_expr, defaults)) {}

std::shared_ptr<const SystemModel> CustomRigidBody::withPotential(const std::string& text) const {
  return std::make_shared<CustomRigidBody>(text);
}

IntegratorSettings CustomRigidBody::defaultSettings() const {
  IntegratorSettings s;
  s.h = 0.01;
  s.T = 30.0;
  return s;
}

std::vector<ConservedQuantity> CustomRigidBody::conserved() const {
  if (!m_expr.symmetricAboutE3) return SystemModel::conserved();
  return {{"energy", "E", "J", "energy"},
          {"vertical angular momentum", "e3.(R J Omega)", "kg m^2/s", "momentum", {2}}};
}

std::vector<StatePart> CustomRigidBody::namedState(Method /*method*/, const Sample& s) const {
  std::vector<StatePart> parts = rigidBodyNamedState(s);
  parts.resize(2);  // R, Omega
  return parts;
}

ParamValues CustomRigidBody::normalize(const ParamValues& values,
                                       std::vector<std::string>* warnings) const {
  requireParameterValues(m_expr, values.empty() ? defaultValues(m_specs) : values, name());
  ParamValues out = SystemModel::normalize(values, warnings);
  requireParameterValues(m_expr, out, name());
  for (const std::string& n : m_expr.parameters)
    if (out.at(n).empty())
      throw InputError("parameter '" + n + "' of the potential '" + m_expr.text + "' of " + name() +
                       " has no value: give it with --set " + n + "=VALUE");
  const Vector3d J = vectorParam(out, "J");
  const double half = 0.5 * J.sum();
  // round-off of the sums: a body on the boundary (a flat disk) is accepted
  const double tol = 8 * std::numeric_limits<double>::epsilon() * half;
  for (int i = 0; i < 3; ++i)
    if (J[i] - half > tol)
      throw InputError("parameter 'J' = " + formatVector(J) + " is out of range: J" +
                       std::to_string(i + 1) +
                       " exceeds the sum of the other two; the principal moments of a body "
                       "satisfy the triangle inequality J_i <= J_j + J_k");
  // U and its derivatives at the initial attitude, before any run
  TypedRigidPotential u(m_expr, out);
  const Matrix3d R0 = so3Exp(vectorParam(out, "rotvec0"));
  Vector3d dUdx;
  Matrix3d dUdR;
  u.gradient(Vector3d::Zero(), R0, dUdx, dUdR);
  const double U0 = u.energy(Vector3d::Zero(), R0);
  if (!std::isfinite(U0) || !dUdR.allFinite())
    throw InputError("--potential '" + m_expr.text +
                     "' is not finite at the initial attitude R0 = exp(rotvec0^) (U = " +
                     formatNumber(U0) + "); change the expression, its parameters or rotvec0");
  return out;
}

std::unique_ptr<Run> CustomRigidBody::makeRun(const ParamValues& values, Method method,
                                              const IntegratorSettings& settings) const {
  if (!hasMethod(method)) throw unavailable(method);
  RigidBody b;
  const Vector3d J = vectorParam(values, "J");
  b.m = 1.0;  // the pivot holds the body: x = v = 0 whatever m
  b.J = J.asDiagonal();
  b.Jmin = J.minCoeff();
  b.potential = std::make_shared<TypedRigidPotential>(m_expr, values);
  RigidBodyState s0;
  s0.R = so3Exp(vectorParam(values, "rotvec0"));
  s0.Omega = vectorParam(values, "Omega0");
  return std::make_unique<TypedPivotRun>(makeRigidBodyRun(b, s0, method, settings, name()));
}

std::vector<std::string> CustomRigidBody::derivedText() const {
  std::vector<std::string> out = {"M = vee(dU/dR^T R - R^T dU/dR)   (eq (41)), with [dU/dR]_ij ="};
  for (std::size_t i = 0; i < m_expr.gradient.size(); ++i)
    out.push_back("dU/d" + m_expr.vars.variables[i] + " = " + m_expr.gradient[i]);
  return out;
}

}  // namespace dms
