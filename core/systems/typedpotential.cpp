// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/typedpotential.h"

#include <utility>

namespace dms {

TypedPotentialSystem::TypedPotentialSystem(PotentialExpression expr, std::string variablesText,
                                           std::string derivedHeading)
    : m_expr(std::move(expr)),
      m_variablesText(std::move(variablesText)),
      m_derivedHeading(std::move(derivedHeading)) {}

std::vector<std::string> TypedPotentialSystem::derivedText() const {
  std::vector<std::string> out = {m_derivedHeading};
  for (std::size_t i = 0; i < m_expr.gradient.size(); ++i)
    out.push_back("dU/d" + m_expr.vars.variables[i] + " = " + m_expr.gradient[i]);
  return out;
}

std::vector<ParamSpec> TypedPotentialSystem::symbolSpecs(const PotentialExpression& e,
                                                         const ParamValues& defaults,
                                                         const std::string& of, double slider) {
  std::vector<ParamSpec> specs;
  for (const std::string& n : e.parameters) {
    ParamSpec s = ParamSpec::scalar(n, "", "parameter of the potential " + of + " = " + e.text)
                      .range(-1e12, 1e12)
                      .slider(-slider, slider);
    const auto it = defaults.find(n);
    if (it != defaults.end()) s.defaultValue(it->second);
    specs.push_back(s);
  }
  return specs;
}

std::vector<ConservedQuantity> TypedPotentialSystem::conservedOf(
    const PotentialExpression& e, const std::vector<ConservedQuantity>& vertical) {
  return e.symmetricAboutE3 ? vertical : std::vector<ConservedQuantity>{energyQuantity()};
}

void TypedPotentialSystem::requireValues(const ParamValues& values,
                                         const std::string& system) const {
  for (const std::string& n : m_expr.parameters)
    if (values.at(n).empty())
      throw InputError("parameter '" + n + "' of the potential '" + m_expr.text + "' of " + system +
                       " has no value: give it with --set " + n + "=VALUE");
}

const TypedPotentialSystem* typedPotential(const SystemModel& model) {
  return dynamic_cast<const TypedPotentialSystem*>(&model);
}

std::shared_ptr<const SystemModel> withPotential(const SystemModel& model,
                                                 const std::string& text) {
  const TypedPotentialSystem* t = typedPotential(model);
  if (!t)
    throw InputError("--potential applies to custom-rigid-body and custom-sphere-particle, not " +
                     model.name() + " (its potential is fixed)");
  return t->withPotential(text);
}

}  // namespace dms
