// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/typedpotential.h"

namespace dms {

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
