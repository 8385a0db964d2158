// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A system whose potential the user types (custom-rigid-body, custom-sphere-particle). The
/// expression is text, which ParamValues (numbers by name) does not carry: it travels as the
/// system itself. The registry holds each such system with its default potential; a typed one
/// is a new instance of the same system, made by withPotential(), whose parameter table has
/// one entry per free symbol of the expression. Everything downstream takes a SystemModel and
/// needs nothing else (docs/ARCHITECTURE.md, "A potential you type").
#pragma once

#include <memory>
#include <string>

#include "core/systems/potentialexpression.h"
#include "core/systems/system.h"

namespace dms {

class TypedPotentialSystem {
 public:
  virtual ~TypedPotentialSystem() = default;
  /// The accepted expression and its derivatives.
  const PotentialExpression& potential() const { return m_expr; }
  /// The variables the expression is written in, for a help text ("R11 ... R33").
  std::string variablesText() const { return m_variablesText; }
  /// The derived quantity shown on request: a heading (the moment M of eq (41) for a rigid body,
  /// the gradient dU/dq for a particle), then one line per component of the gradient.
  std::vector<std::string> derivedText() const;
  /// The same system with the potential `text`; throws InputError naming what is wrong.
  virtual std::shared_ptr<const SystemModel> withPotential(const std::string& text) const = 0;

 protected:
  TypedPotentialSystem(PotentialExpression expr, std::string variablesText,
                       std::string derivedHeading);
  /// One scalar row per free symbol of `e` (the potential `of`, e.g. "U(q)"), in [-1e12, 1e12]
  /// with the slider [-slider, slider], its default from `defaults` where that has one.
  static std::vector<ParamSpec> symbolSpecs(const PotentialExpression& e,
                                            const ParamValues& defaults, const std::string& of,
                                            double slider);
  /// The energy, and the vertical angular momentum `vertical` when `e` is symmetric about e3.
  static std::vector<ConservedQuantity> conservedOf(const PotentialExpression& e,
                                                    const std::vector<ConservedQuantity>& vertical);
  /// Throws InputError naming the first parameter of the potential that has no value in the
  /// completed `values` of the system `system`.
  void requireValues(const ParamValues& values, const std::string& system) const;

  PotentialExpression m_expr;

 private:
  std::string m_variablesText;
  std::string m_derivedHeading;
};

/// TypedPotentialSystem whose withPotential makes the system S (constructed from the text).
template <class S>
class TypedPotentialOf : public TypedPotentialSystem {
 public:
  std::shared_ptr<const SystemModel> withPotential(const std::string& text) const override {
    return std::make_shared<S>(text);
  }

 protected:
  using TypedPotentialSystem::TypedPotentialSystem;
};

/// The system's typed-potential side, or nullptr for a system with a fixed potential.
const TypedPotentialSystem* typedPotential(const SystemModel& model);

/// `model` with the potential `text`. Throws InputError when `model` takes no typed potential
/// (naming the systems that do) or the text is refused.
std::shared_ptr<const SystemModel> withPotential(const SystemModel& model, const std::string& text);

}  // namespace dms
