// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/system.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

#include "core/integrators/composition.h"

namespace dms {

double StateError::norm() const {
  return std::sqrt(angle * angle + position * position + velocity * velocity);
}

StateError pivotStateError(const Sample& a, const Sample& b) {
  const Vector3d& ra = a.position;
  const Vector3d& rb = b.position;
  const Vector3d wa = ra.cross(a.velocity) / ra.squaredNorm();
  const Vector3d wb = rb.cross(b.velocity) / rb.squaredNorm();
  StateError e;
  e.angle = std::atan2(ra.cross(rb).norm(), ra.dot(rb));
  e.velocity = (wa - wb).norm();
  return e;
}

SystemModel::SystemModel(SystemDeclaration declaration) : m_decl(std::move(declaration)) {}

std::string SystemModel::structure2Symbol() const {
  return m_decl.structure2Symbol.empty() ? m_decl.structure2 : m_decl.structure2Symbol;
}

bool SystemModel::hasStructure2(Method m) const {
  if (m_decl.structure2.empty()) return false;
  const std::vector<Method>& ms = m_decl.structure2Methods;
  return ms.empty() || std::find(ms.begin(), ms.end(), m) != ms.end();
}

double SystemModel::sweepHorizon(const IntegratorSettings& setup) const {
  return m_decl.sweepHorizon ? *m_decl.sweepHorizon : setup.T / 10.0;
}

std::vector<ConservedQuantity> withWholeMomentum(std::vector<ConservedQuantity> conserved,
                                                 const std::string& symbol) {
  const ConservedQuantity whole{"angular momentum", symbol, "kg m^2/s", "momentum", {0, 1, 2}};
  for (ConservedQuantity& c : conserved)
    if (c.field == "momentum") {
      c = whole;
      return conserved;
    }
  conserved.push_back(whole);
  return conserved;
}

Vector3d conservedMomentumMask(const SystemModel& model, const ParamValues& values) {
  Vector3d mask = Vector3d::Zero();
  for (const ConservedQuantity& c : model.conservedAt(values))
    if (c.field == "momentum")
      for (int i : c.components) mask[i] = 1.0;
  return mask;
}

bool SystemModel::hasMethod(Method m) const {
  const std::vector<Method>& ms = m_decl.methods;
  return std::find(ms.begin(), ms.end(), m) != ms.end();
}

ParamValues SystemModel::normalize(const ParamValues& values,
                                   std::vector<std::string>* /*warnings*/) const {
  if (structuralParams().empty()) {
    ParamValues out = defaultValues(params());
    for (const auto& [name, value] : values) applyAssignment(params(), out, name, value);
    return out;
  }
  // the structural values first (checked against the default table), then the table they make
  ParamValues structural = defaultValues(params());
  for (const std::string& name : structuralParams()) {
    const auto it = values.find(name);
    if (it != values.end()) applyAssignment(params(), structural, name, it->second);
  }
  const std::vector<ParamSpec> specs = paramsFor(structural);
  ParamValues out = defaultValues(specs);
  for (const auto& [name, value] : values) applyAssignment(specs, out, name, value);
  return out;
}

ShadowConstruction SystemModel::shadowConstruction(const ParamValues& /*values*/, Method method,
                                                   double /*h*/) const {
  return noShadow(method, "no method",
                  "not available for " + title() +
                      ": the construction of its shadow energy from the samples is not "
                      "implemented (docs/shadow-energy.md lists the systems that have one)");
}

ShadowConstruction SystemModel::noShadow(Method method, const std::string& methods,
                                         const std::string& otherwise) const {
  ShadowConstruction c;
  const std::size_t stages = compositionGammas(method).size();
  if (stages > 1)
    c.reason = "not available for " + methodName(method) + ": its step is a composition of " +
               std::to_string(stages) + " vi steps, and its discrete Lagrangian needs the " +
               std::to_string(stages - 1) +
               " inner configurations of each step, which the samples do not hold";
  else if (!methodInfo(method).symplectic)
    c.reason = "not available for " + methodName(method) +
               ": only a symplectic map has a modified Hamiltonian (this method's energy "
               "drifts); the construction applies to " +
               methods;
  else
    c.reason = otherwise;
  return c;
}

InputError SystemModel::unavailable(Method m) const {
  std::string names;
  for (Method x : methods()) names += (names.empty() ? "" : ", ") + methodName(x);
  return InputError("--integrator '" + methodName(m) + "' is not available for " + name() + " (" +
                    names + ")");
}

namespace {

std::string shapeText(const std::vector<std::string>& shape) {
  std::string out = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + shape[i];
  return out + (shape.size() == 1 ? ",)" : ")");
}

std::string shapeText(const std::vector<int>& shape) {
  std::vector<std::string> s;
  for (int n : shape) s.push_back(std::to_string(n));
  return shapeText(s);
}

}  // namespace

StartState::StartState(const SystemDeclaration& d, const std::vector<StatePart>& parts)
    : m_system(d.name), m_parts(parts) {
  std::string names;
  for (const StatePartSpec& spec : d.state) names += (names.empty() ? "" : ", ") + spec.name;
  for (const StatePart& p : parts) {
    const auto spec = std::find_if(d.state.begin(), d.state.end(),
                                   [&](const StatePartSpec& s) { return s.name == p.name; });
    if (spec == d.state.end())
      throw InputError("state part '" + p.name + "' is not a part of " + d.name + "'s state (" +
                       names + ")");
    if (std::count_if(parts.begin(), parts.end(),
                      [&](const StatePart& q) { return q.name == p.name; }) > 1)
      throw InputError("state part '" + p.name + "' is given twice");
    bool fits = p.shape.size() == spec->shape.size();
    std::size_t count = 1;
    for (std::size_t i = 0; fits && i < p.shape.size(); ++i) {
      const std::string& want = spec->shape[i];
      const bool letter = !want.empty() && !std::isdigit(static_cast<unsigned char>(want[0]));
      fits = p.shape[i] > 0 && (letter || std::to_string(p.shape[i]) == want);
      count *= std::size_t(std::max(p.shape[i], 0));
    }
    if (!fits || p.values.size() != count)
      throw InputError("state part '" + p.name + "' must have shape " + shapeText(spec->shape) +
                       ", got " + shapeText(p.shape) + " with " + std::to_string(p.values.size()) +
                       " numbers");
    for (double v : p.values)
      if (!std::isfinite(v))
        throw InputError("state part '" + p.name + "' has a number that is not finite");
  }
  for (const StatePartSpec& spec : d.state)
    if (std::none_of(parts.begin(), parts.end(),
                     [&](const StatePart& p) { return p.name == spec.name; }))
      throw InputError("state part '" + spec.name + "' is missing: " + d.name +
                       "'s state has the parts " + names);
}

const StatePart& StartState::part(const std::string& name) const {
  for (const StatePart& p : m_parts)
    if (p.name == name) return p;
  throw InputError("state part '" + name + "' is missing");  // the constructor checked
}

double StartState::scalar(const std::string& name) const { return part(name).values.at(0); }

Vector3d StartState::vector3(const std::string& name) const {
  const StatePart& p = part(name);
  return Vector3d(p.values.at(0), p.values.at(1), p.values.at(2));
}

Matrix3d StartState::rotation(const std::string& name) const {
  const StatePart& p = part(name);
  Matrix3d R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = p.values.at(std::size_t(3 * i + j));
  const double off = (R.transpose() * R - Matrix3d::Identity()).norm();
  if (!(off <= 1e-6) || !(R.determinant() > 0))
    throw InputError(
        "state part '" + name + "' is not a rotation: ||R^T R - I|| = " + formatNumber(off) +
        " (at most 1e-6) and det R = " + formatNumber(R.determinant()) + " (must be positive)");
  return R;
}

Vector3d StartState::unitVector(const std::string& name) const {
  const Vector3d q = vector3(name);
  if (!(std::fabs(q.norm() - 1.0) <= 1e-6))
    throw InputError("state part '" + name + "' must be a unit vector: |" + name +
                     "| = " + formatNumber(q.norm()) + " (1 to within 1e-6)");
  return q;
}

std::unique_ptr<Stepping> SystemModel::makeStepping(const ParamValues& /*values*/,
                                                    Method /*method*/,
                                                    const IntegratorSettings& /*settings*/,
                                                    const SteppingStart& /*start*/) const {
  throw InputError("system '" + name() + "' cannot be stepped with a control yet");
}

}  // namespace dms
