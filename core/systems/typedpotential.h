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
  virtual const PotentialExpression& potential() const = 0;
  /// The variables the expression is written in, for a help text ("R11 ... R33").
  virtual std::string variablesText() const = 0;
  /// The derived quantity shown on request, one line per component: the moment M of eq (41)
  /// for a rigid body, the gradient dU/dq for a particle.
  virtual std::vector<std::string> derivedText() const = 0;
  /// The same system with the potential `text`; throws InputError naming what is wrong.
  virtual std::shared_ptr<const SystemModel> withPotential(const std::string& text) const = 0;
};

/// The system's typed-potential side, or nullptr for a system with a fixed potential.
const TypedPotentialSystem* typedPotential(const SystemModel& model);

/// `model` with the potential `text`. Throws InputError when `model` takes no typed potential
/// (naming the systems that do) or the text is refused.
std::shared_ptr<const SystemModel> withPotential(const SystemModel& model, const std::string& text);

}  // namespace dms
