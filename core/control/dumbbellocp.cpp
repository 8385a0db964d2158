// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/dumbbellocp.h"

#include <Eigen/LU>
#include <cmath>

#include "core/control/dumbbellocpcommon.h"
#include "core/integrators/settings.h"
#include "core/lie/so3.h"

namespace dms {
namespace {

// the dumbbell's own parameter names (its table, its checks)
const Dumbbell& dumbbellModel() {
  static const Dumbbell model;
  return model;
}

// the inverse right Jacobian of SO(3): log(exp(phi^) exp(eta^))^vee = phi + Jr^-1(phi) eta + ...
Matrix3d inverseRightJacobian(const Vector3d& phi) {
  const double t = phi.norm();
  // coefficient 1/t^2 - (1 + cos t)/(2 t sin t); its series 1/12 + t^2/720 below 1e-3 rad
  const double c = t < 1e-3 ? 1.0 / 12.0 + t * t / 720.0
                            : 1.0 / (t * t) - (1.0 + std::cos(t)) / (2.0 * t * std::sin(t));
  const Matrix3d W = hat(phi);
  return Matrix3d::Identity() + 0.5 * W + c * W * W;
}

double maxOrthogonality(const std::vector<RigidBodyState>& states) {
  double e = 0.0;
  for (const RigidBodyState& s : states) e = std::max(e, orthogonalityError(s.R));
  return e;
}

}  // namespace

namespace dumbbellocp {

// dr/dz_N: blockdiag(Jr^-1(r_R), I, I, I)
Matrix12d residualJacobian(const Vector12d& r) {
  Matrix12d P = Matrix12d::Identity();
  P.block<3, 3>(0, 0) = inverseRightJacobian(r.head<3>());
  return P;
}

double cost(const DumbbellOcp& o, const Vector3d& uf, const Vector3d& um) {
  return 0.5 * o.h * (uf.dot(o.wf.cwiseProduct(uf)) + um.dot(o.wm.cwiseProduct(um)));
}

// fills the path fields of a solution from its states and controls
void finishPath(DumbbellOcpSolution& out, const DumbbellOcp& ocp) {
  out.maxOrthogonalityError = maxOrthogonality(out.states);
  if (out.states.size() == std::size_t(ocp.N) + 1)
    out.terminalError = dumbbellTerminalError(dumbbellTerminalResidual(ocp, out.states.back()));
  else
    out.terminalError = HUGE_VAL;
}

}  // namespace dumbbellocp

const std::vector<ParamSpec>& dumbbellOcpSpecs() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s = dumbbellModel().params();
    for (ParamSpec& p : s) {
      if (p.name == "att0") {
        p.defaults = {0.0, 0.0, 0.0};
        p.description = "initial attitude R0 = exp(att0^), rotation vector (default: R0 = I)";
      }
      if (p.name == "Omega0") p.defaults = {0.0, 0.0, 0.0};
    }
    const double rd = 3.2, th = 1.9, vc = std::sqrt(1.0 / rd);
    s.push_back(ParamSpec::vector3("xd", "m", "target position x^d of the mass centre")
                    .defaultValue({rd * std::cos(th), rd * std::sin(th), 0.0})
                    .range(-1e6, 1e6)
                    .slider(-10.0, 10.0));
    s.push_back(ParamSpec::vector3(
                    "vd", "m/s", "target velocity v^d (default: circular at xd, same sense as v0)")
                    .defaultValue({-vc * std::sin(th), vc * std::cos(th), 0.0})
                    .range(-1e3, 1e3)
                    .slider(-2.0, 2.0));
    s.push_back(ParamSpec::vector3(
                    "attd", "rad",
                    "target attitude R^d = exp(attd^), rotation vector (default: 90 deg about e3)")
                    .defaultValue({0.0, 0.0, kPi / 2})
                    .range(-100.0, 100.0)
                    .slider(-3.14159, 3.14159));
    s.push_back(
        ParamSpec::vector3("Omegad", "rad/s", "target angular velocity Omega^d in the body frame")
            .defaultValue({0.0, 0.0, 0.0})
            .range(-1e3, 1e3)
            .slider(-3.0, 3.0));
    s.push_back(ParamSpec::vector3("Wf", "", "diagonal of the force weight W_f (positive)")
                    .defaultValue({1.0, 1.0, 1.0})
                    .above(0)
                    .atMost(1e6)
                    .slider(0.01, 100.0));
    s.push_back(ParamSpec::vector3("Wm", "", "diagonal of the moment weight W_m (positive)")
                    .defaultValue({1.0, 1.0, 1.0})
                    .above(0)
                    .atMost(1e6)
                    .slider(0.01, 100.0));
    return s;
  }();
  return specs;
}

DumbbellOcp makeDumbbellOcp(const ParamValues& values, double T, double h) {
  const auto& specs = dumbbellOcpSpecs();
  ParamValues v = defaultValues(specs);
  for (const auto& [name, value] : values) applyAssignment(specs, v, name, value);
  // the dumbbell's own checks (spheres apart, x0 outside the attracting point)
  ParamValues physical;
  for (const ParamSpec& s : dumbbellModel().params()) physical[s.name] = v.at(s.name);
  physical = dumbbellModel().normalize(physical, nullptr);

  DumbbellOcp o;
  o.p = DumbbellParams::from(physical);
  o.s0 = o.p.initialState();
  o.target.R = so3Exp(vectorParam(v, "attd"));
  o.target.x = vectorParam(v, "xd");
  o.target.Omega = vectorParam(v, "Omegad");
  o.target.v = vectorParam(v, "vd");
  o.wf = vectorParam(v, "Wf");
  o.wm = vectorParam(v, "Wm");

  const double steps = double(checkStepAndHorizon(h, T));
  if (steps > kDumbbellOcpMaxSteps)
    throw InputError("T/h = " + formatNumber(steps) +
                     " steps is too many for the dumbbell's optimal control: N must be in [1, " +
                     std::to_string(kDumbbellOcpMaxSteps) + "]: raise h or lower T");
  o.h = h;
  o.N = int(steps);
  return o;
}

std::string dumbbellTargetError(const DumbbellOcp& ocp) {
  const std::string domain = ocp.p.gravity().domainError(ocp.target.x, ocp.target.R);
  if (domain.empty()) return {};
  return "the target is unreachable: at xd = " + formatVector(ocp.target.x) +
         " with the attitude attd, " + domain +
         "; each sphere centre xd + R^d rho_i must lie farther than r = " + formatNumber(ocp.p.r) +
         " m from the attracting point at the origin";
}

Vector12d dumbbellTerminalResidual(const DumbbellOcp& ocp, const RigidBodyState& sN) {
  Vector12d r;
  r.segment<3>(0) = so3Log(ocp.target.R.transpose() * sN.R);
  r.segment<3>(3) = sN.x - ocp.target.x;
  r.segment<3>(6) = sN.Omega - ocp.target.Omega;
  r.segment<3>(9) = sN.v - ocp.target.v;
  return r;
}

double dumbbellTerminalError(const Vector12d& r) {
  double e = 0.0;
  for (int i = 0; i < 4; ++i) e = std::max(e, r.segment<3>(3 * i).norm());
  return e;
}

}  // namespace dms
