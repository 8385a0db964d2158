// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/namedstate.h"

namespace dms {

std::vector<StatePart> namedState(const SystemModel& model, Method method, const Sample& s) {
  return model.namedState(method, s);
}

const StatePart* findPart(const std::vector<StatePart>& parts, const std::string& name) {
  for (const StatePart& p : parts)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace dms
