// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/system.h"

#include <algorithm>
#include <cmath>
#include <utility>

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
  if (method == Method::Vi4)
    c.reason =
        "not available for vi4: its step is a composition of three vi steps, and its discrete "
        "Lagrangian needs the two inner configurations of each step, which the samples do not "
        "hold";
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

}  // namespace dms
