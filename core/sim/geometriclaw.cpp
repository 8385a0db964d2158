// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/geometriclaw.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/lie/so3.h"
#include "core/sim/namedstate.h"

namespace dms {
namespace {

constexpr double kPiQuad = 3.14159265358979323846;

InputError geometricError(const std::string& what) {
  return InputError("--control: geometric-tracking: " + what);
}

// u = w/|w| and its first two derivatives, from w's
struct UnitDerivs {
  Vector3d u, du, ddu;
};
UnitDerivs unitDerivs(const Vector3d& w, const Vector3d& dw, const Vector3d& ddw) {
  const double n = w.norm(), n3 = n * n * n, wdw = w.dot(dw);
  UnitDerivs r;
  r.u = w / n;
  r.du = dw / n - w * (wdw / n3);
  r.ddu = ddw / n - (2.0 * wdw * dw + (dw.squaredNorm() + w.dot(ddw)) * w) / n3 +
          (3.0 * wdw * wdw / (n3 * n * n)) * w;
  return r;
}

Matrix3d columns(const Vector3d& a, const Vector3d& b, const Vector3d& c) {
  Matrix3d M;
  M << a, b, c;
  return M;
}

// e_R, e_Omega, Psi and M for a desired attitude Rd with rates Omegad, OmegadDot
void attitudeControl(const GeometricTrackingSpec& spec, const GeometricPlant& p, const Matrix3d& R,
                     const Vector3d& Omega, GeometricOutput& out) {
  const Matrix3d RtRd = R.transpose() * out.Rd;
  out.eR = 0.5 * vee(out.Rd.transpose() * R - RtRd);
  out.eOmega = Omega - RtRd * out.Omegad;
  out.psi = 0.5 * (Matrix3d::Identity() - out.Rd.transpose() * R).trace();
  out.M = -spec.kR * out.eR - spec.kOmega * out.eOmega + Omega.cross(p.J * Omega) -
          p.J * (hat(Omega) * RtRd * out.Omegad - RtRd * out.OmegadDot);
}

double positiveField(const nlohmann::json& j, const char* key, double fallback,
                     const std::string& unit) {
  if (!j.contains(key)) return fallback;
  const nlohmann::json& v = j[key];
  if (!v.is_number() || !std::isfinite(v.get<double>()) || !(v.get<double>() > 0.0) ||
      v.get<double>() > 1e9)
    throw geometricError(std::string("'") + key + "' = " + v.dump() +
                         " is out of range: a number in (0, 1e9]" +
                         (unit.empty() ? "" : " " + unit));
  return v.get<double>();
}

}  // namespace

GeometricDesired geometricDesired(GeometricCase which, double t) {
  GeometricDesired d;
  d.x = d.v = d.a = d.jerk = d.snap = Vector3d::Zero();
  d.b1 = Vector3d::UnitX();
  d.b1dot = d.b1ddot = Vector3d::Zero();
  if (which == GeometricCase::Flip) return d;
  const double w = kPiQuad, s = std::sin(w * t), c = std::cos(w * t);
  d.x = Vector3d(0.4 * t, 0.4 * s, 0.6 * c);
  d.v = Vector3d(0.4, 0.4 * w * c, -0.6 * w * s);
  d.a = Vector3d(0.0, -0.4 * w * w * s, -0.6 * w * w * c);
  d.jerk = Vector3d(0.0, -0.4 * w * w * w * c, 0.6 * w * w * w * s);
  d.snap = Vector3d(0.0, 0.4 * w * w * w * w * s, 0.6 * w * w * w * w * c);
  d.b1 = Vector3d(c, s, 0.0);
  d.b1dot = Vector3d(-w * s, w * c, 0.0);
  d.b1ddot = Vector3d(-w * w * c, -w * w * s, 0.0);
  return d;
}

GeometricOutput geometricControl(const GeometricTrackingSpec& spec, const GeometricPlant& p,
                                 double t, const Vector3d& x, const Vector3d& v, const Matrix3d& R,
                                 const Vector3d& Omega, bool positionMode) {
  const GeometricDesired d = geometricDesired(spec.which, t);
  const Vector3d e3 = Vector3d::UnitZ();
  GeometricOutput out;
  out.positionMode = positionMode;
  out.ex = x - d.x;
  out.ev = v - d.v;
  if (!positionMode) {
    // the attitude mode: level, heading b1_d, at rest, holding the hover thrust
    const Vector3d b2 = e3.cross(d.b1).normalized();
    out.Rd = columns(b2.cross(e3), b2, e3);
    out.f = p.m * p.g;
    attitudeControl(spec, p, R, Omega, out);
    return out;
  }
  const Vector3d Re3 = R * e3, RWe3 = R * hat(Omega) * e3;
  const Vector3d A = -spec.kx * out.ex - spec.kv * out.ev - p.m * p.g * e3 + p.m * d.a;
  if (!(A.norm() > 1e-9 * p.m * p.g)) {
    out.why = "the desired thrust vanishes (|A| = 0): no desired attitude";
    return out;
  }
  out.f = -A.dot(Re3);
  // A's derivatives along the model's motion under this f
  const Vector3d acc = p.g * e3 - (out.f / p.m) * Re3;
  const Vector3d evDot = acc - d.a;
  const Vector3d Adot = -spec.kx * out.ev - spec.kv * evDot + p.m * d.jerk;
  const double fDot = -Adot.dot(Re3) - A.dot(RWe3);
  const Vector3d accDot = -(fDot / p.m) * Re3 - (out.f / p.m) * RWe3;
  const Vector3d evDdot = accDot - d.jerk;
  const Vector3d Addot = -spec.kx * evDot - spec.kv * evDdot + p.m * d.snap;
  UnitDerivs b3 = unitDerivs(A, Adot, Addot);
  b3.u = -b3.u;
  b3.du = -b3.du;
  b3.ddu = -b3.ddu;
  const Vector3d C = b3.u.cross(d.b1);
  if (!(C.norm() > 1e-9)) {
    out.why = "b1_d is parallel to the desired thrust direction b3_d: no desired heading";
    return out;
  }
  const Vector3d Cdot = b3.du.cross(d.b1) + b3.u.cross(d.b1dot);
  const Vector3d Cddot = b3.ddu.cross(d.b1) + 2.0 * b3.du.cross(d.b1dot) + b3.u.cross(d.b1ddot);
  const UnitDerivs b2 = unitDerivs(C, Cdot, Cddot);
  const Vector3d b1 = b2.u.cross(b3.u);
  const Vector3d b1dot = b2.du.cross(b3.u) + b2.u.cross(b3.du);
  const Vector3d b1ddot = b2.ddu.cross(b3.u) + 2.0 * b2.du.cross(b3.du) + b2.u.cross(b3.ddu);
  out.Rd = columns(b1, b2.u, b3.u);
  const Matrix3d RdDot = columns(b1dot, b2.du, b3.du);
  const Matrix3d RdDdot = columns(b1ddot, b2.ddu, b3.ddu);
  out.Omegad = vee(out.Rd.transpose() * RdDot);
  const Matrix3d W = hat(out.Omegad);
  out.OmegadDot = vee(out.Rd.transpose() * RdDdot - W * W);
  attitudeControl(spec, p, R, Omega, out);
  return out;
}

bool isBuiltinLaw(const std::string& text) {
  const std::size_t a = text.find_first_not_of(" \t\r\n");
  return a != std::string::npos && text[a] == '{';
}

GeometricTrackingSpec parseGeometricLaw(const SystemModel& model, const ParamValues& values,
                                        const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw InputError(
        "--control: a built-in law is a JSON object, e.g. {\"kind\": "
        "\"geometric-tracking\", \"case\": \"tracking\"}; this one does not parse",
        e.what());
  }
  if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string() ||
      j["kind"].get<std::string>() != "geometric-tracking")
    throw InputError(
        "--control: a built-in law's \"kind\" must be \"geometric-tracking\" (the only one)");
  for (const auto& [key, value] : j.items())
    if (key != "kind" && key != "case" && key != "kx" && key != "kv" && key != "kR" &&
        key != "kOmega" && key != "switch_psi")
      throw geometricError("unknown field '" + key +
                           "' (the fields are kind, case, kx, kv, kR, kOmega, switch_psi)");
  // the plant it flies: control (f, M), state x, v, R, Omega, parameters m, g, J
  const SystemDeclaration& d = model.declaration();
  const bool controls = d.controls.size() == 2 && d.controls[0].name == "f" &&
                        d.controls[0].shape.empty() && d.controls[1].name == "M" &&
                        d.controls[1].shape == std::vector<std::string>{"3"};
  bool state = d.state.size() == 4;
  const char* parts[] = {"x", "v", "R", "Omega"};
  for (std::size_t i = 0; state && i < 4; ++i) state = d.state[i].name == parts[i];
  if (!controls || !state || !values.count("m") || !values.count("g") || !values.count("J") ||
      values.at("J").size() != 3)
    throw geometricError(
        "it flies a system whose control is (f, M) and whose state is x, v, R, "
        "Omega, with parameters m, g and J (the quadrotor); " +
        model.name() + " is not one");
  GeometricTrackingSpec s;
  if (j.contains("case")) {
    const std::string c = j["case"].is_string() ? j["case"].get<std::string>() : j["case"].dump();
    if (c == "tracking")
      s.which = GeometricCase::Tracking;
    else if (c == "flip")
      s.which = GeometricCase::Flip;
    else
      throw geometricError("'case' = '" + c + "' is not one of tracking, flip");
  }
  const double m = values.at("m")[0];
  s.kx = positiveField(j, "kx", 16.0 * m, "N/m");
  s.kv = positiveField(j, "kv", 5.6 * m, "N s/m");
  s.kR = positiveField(j, "kR", s.kR, "N m");
  s.kOmega = positiveField(j, "kOmega", s.kOmega, "N m s");
  if (j.contains("switch_psi")) {
    const nlohmann::json& v = j["switch_psi"];
    if (!v.is_number() || !(v.get<double>() > 0.0) || !(v.get<double>() <= 2.0))
      throw geometricError("'switch_psi' = " + v.dump() +
                           " is out of range: a number in (0, 2] (Psi is at most 2)");
    s.switchPsi = v.get<double>();
  }
  return s;
}

namespace {

GeometricPlant plantOf(const ParamValues& values) {
  GeometricPlant p;
  p.m = scalarParam(values, "m");
  p.g = scalarParam(values, "g");
  p.J = vectorParam(values, "J").asDiagonal();
  return p;
}

struct QuadState {
  Vector3d x, v, Omega;
  Matrix3d R;
};

QuadState readState(const SystemModel& model, Method method, const Sample& s) {
  QuadState q;
  for (const StatePart& part : namedState(model, method, s)) {
    const double* a = part.values.data();
    if (part.name == "x") q.x = Vector3d(a[0], a[1], a[2]);
    if (part.name == "v") q.v = Vector3d(a[0], a[1], a[2]);
    if (part.name == "Omega") q.Omega = Vector3d(a[0], a[1], a[2]);
    if (part.name == "R")
      for (int i = 0; i < 3; ++i)
        for (int k = 0; k < 3; ++k) q.R(i, k) = a[3 * i + k];
  }
  return q;
}

}  // namespace

ControlLaw makeGeometricLaw(const GeometricTrackingSpec& spec, const SystemModel& model,
                            const ParamValues& values, Method method, double h) {
  const GeometricPlant plant = plantOf(values);
  auto mode = std::make_shared<bool>(spec.which != GeometricCase::Flip);
  const SystemModel* m = &model;
  return [spec, plant, mode, m, method, h](const Sample& s, VectorXd& u, std::string* why) {
    const QuadState q = readState(*m, method, s);
    GeometricOutput out = geometricControl(spec, plant, s.t, q.x, q.v, q.R, q.Omega, *mode);
    if (!*mode && out.psi < spec.switchPsi) {
      *mode = true;
      out = geometricControl(spec, plant, s.t, q.x, q.v, q.R, q.Omega, true);
    }
    if (!out.why.empty()) {
      if (why) *why = out.why + " at step " + std::to_string(std::llround(s.t / h));
      return false;
    }
    u[0] = out.f;
    u.segment<3>(1) = out.M;
    return true;
  };
}

std::vector<Vector3d> builtinLawReference(const SystemModel& model, const ParamValues& values,
                                          const std::string& text, double T, int n) {
  if (!isBuiltinLaw(text) || n < 1) return {};
  GeometricTrackingSpec spec;
  try {
    spec = parseGeometricLaw(model, values, text);
  } catch (const InputError&) {
    return {};
  }
  std::vector<Vector3d> out;
  for (int k = 0; k <= n; ++k) out.push_back(geometricDesired(spec.which, T * k / n).x);
  return out;
}

GeometricErrorTracker::GeometricErrorTracker(const GeometricTrackingSpec& spec,
                                             const SystemModel& /*model*/,
                                             const ParamValues& values)
    : m_spec(spec), m_plant(plantOf(values)), m_positionMode(spec.which != GeometricCase::Flip) {}

GeometricErrors GeometricErrorTracker::next(const SystemModel& model, Method method,
                                            const Sample& s) {
  const QuadState q = readState(model, method, s);
  GeometricOutput out =
      geometricControl(m_spec, m_plant, s.t, q.x, q.v, q.R, q.Omega, m_positionMode);
  if (!m_positionMode && out.psi < m_spec.switchPsi) {
    m_positionMode = true;
    out = geometricControl(m_spec, m_plant, s.t, q.x, q.v, q.R, q.Omega, true);
  }
  return {out.ex.norm(), out.ev.norm(), out.psi, out.positionMode};
}

}  // namespace dms
