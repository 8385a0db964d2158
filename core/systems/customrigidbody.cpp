// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/customrigidbody.h"

#include <cmath>
#include <utility>

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
  bool hasSecondDerivatives() const override { return m_eval.hasHessian(); }
  // the change of [dU/dR]_ij along dR is sum_kl H(ij, kl) [dR]_kl, H(ij, kl) = d^2U/dR_ij dR_kl
  // the symmetric matrix of GiNaC's second derivatives (given as its upper triangle over the 9
  // variables R11 R12 ... R33, row by row)
  void gradientDerivative(const Vector3d& /*x*/, const Matrix3d& R, const Vector3d& /*dx*/,
                          const Matrix3d& dR, Vector3d& ddUdx, Matrix3d& ddUdR) const override {
    set(R);
    const double* h = m_eval.hessian();
    Eigen::Matrix<double, 9, 9> H;
    for (int a = 0, k = 0; a < 9; ++a)
      for (int b = a; b < 9; ++b, ++k) H(a, b) = H(b, a) = h[k];
    Eigen::Matrix<double, 9, 1> d;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) d[3 * i + j] = dR(i, j);
    const Eigen::Matrix<double, 9, 1> out = H * d;
    ddUdx.setZero();
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) ddUdR(i, j) = out[3 * i + j];
  }
  bool hasDomain() const override { return true; }
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

// the potential's parameters first, as the 3D pendulum's m and g come before its J
SystemDeclaration customRigidBodyDeclaration(std::vector<ParamSpec> symbols,
                                             std::vector<ConservedQuantity> conserved,
                                             bool hasMomentum) {
  SystemDeclaration d = PivotBodyModel::sharedDeclaration();
  d.name = "custom-rigid-body";
  d.title = "Rigid body on a pivot, potential U(R) typed in";
  // the default potential's, the 3D pendulum's at m = 1: sqrt(J_i / (m g |rho|)) = 0.21 to
  // 0.31 s, and its swing (a potential typed in keeps them: it states no time scale of its own)
  d.timeScale = 0.25;
  d.slowTimeScale = 1.0;
  d.params = std::move(symbols);
  d.params.push_back(PivotBodyModel::inertiaSpec());
  for (const ParamSpec& s : PivotBodyModel::initialStateSpecs()) d.params.push_back(s);
  d.hasMomentum = hasMomentum;
  d.angularMomentum = true;
  d.conserved = std::move(conserved);
  d.bodies = {{BodyKind::EllipsoidOnPivot, {"J"}, "", "", "the body on its pivot"}};
  return d;
}

}  // namespace

PotentialVariables CustomRigidBody::variables() {
  return {"potential",
          {"R11", "R12", "R13", "R21", "R22", "R23", "R31", "R32", "R33"},
          "R",
          {},
          {"J", "rotvec0", "Omega0"},
          {"q"}};  // q1 q2 q3 are the particle's (custom-sphere-particle)
}

CustomRigidBody::CustomRigidBody()
    : CustomRigidBody(
          acceptPotential(defaultPotential(), variables()),
          ParamValues{
              {"m", {1.0}}, {"g", {9.81}}, {"rho1", {0.0}}, {"rho2", {0.0}}, {"rho3", {0.3}}}) {}

CustomRigidBody::CustomRigidBody(const std::string& text)
    : CustomRigidBody(acceptPotential(text, variables()), {}) {}

CustomRigidBody::CustomRigidBody(PotentialExpression expr, const ParamValues& defaults)
    : PivotBodyModel(customRigidBodyDeclaration(symbolSpecs(expr, defaults, "U(R)", 10.0),
                                                conservedOf(expr, energyAndVerticalMomentum()),
                                                expr.symmetricAboutE3)),
      TypedPotentialOf(std::move(expr), "R11 R12 R13 R21 R22 R23 R31 R32 R33",
                       "M = vee(dU/dR^T R - R^T dU/dR)   (eq (41)), with [dU/dR]_ij =") {}

ParamValues CustomRigidBody::normalize(const ParamValues& values,
                                       std::vector<std::string>* warnings) const {
  requireParameterValues(m_expr, values.empty() ? defaultValues(params()) : values, name());
  ParamValues out = SystemModel::normalize(values, warnings);
  requireParameterValues(m_expr, out, name());
  requireValues(out, name());
  checkTriangleInequality(vectorParam(out, "J"));
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

PivotBodyModel::SetUp CustomRigidBody::setUp(const ParamValues& values) const {
  RigidBodyState s0;
  s0.R = so3Exp(vectorParam(values, "rotvec0"));
  s0.Omega = vectorParam(values, "Omega0");
  // the drawn point is 0.3 m along the body's third axis, where the 3D pendulum's default centre
  // of mass is, so its drawing of a body on a pivot serves this body too
  return {bodyOf(values), s0, Vector3d(0.0, 0.0, 0.3)};
}

RigidBody CustomRigidBody::bodyOf(const ParamValues& values) const {
  RigidBody b;
  const Vector3d J = vectorParam(values, "J");
  b.m = 1.0;  // the pivot holds the body: x = v = 0 whatever m
  b.J = J.asDiagonal();
  b.Jmin = J.minCoeff();
  b.potential = std::make_shared<TypedRigidPotential>(m_expr, values);
  return b;
}

ShadowConstruction CustomRigidBody::shadowConstruction(const ParamValues& values, Method method,
                                                       double h) const {
  if (method != Method::Variational) return noShadow(method, "vi", "");
  return rigidBodyShadow(bodyOf(values), h, true);
}

}  // namespace dms
