// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/systems/declaration.h"

#include <utility>

namespace dms {

ConservedQuantity energyQuantity() { return {"energy", "E", "J", "energy"}; }

ParamSpec massParam(std::string name, std::string description, double sliderMax) {
  return ParamSpec::scalar(std::move(name), "kg", std::move(description))
      .defaultValue(1.0)
      .above(0)
      .atMost(1e6)
      .slider(0.1, sliderMax);
}

ParamSpec lengthParam(std::string name, std::string description, double defaultValue,
                      double sliderMin, double sliderMax) {
  return ParamSpec::scalar(std::move(name), "m", std::move(description))
      .defaultValue(defaultValue)
      .above(0)
      .atMost(1e6)
      .slider(sliderMin, sliderMax);
}

ParamSpec gravityParam(std::string description, double max) {
  return ParamSpec::scalar("g", "m/s^2", std::move(description))
      .defaultValue(9.81)
      .range(0, max)
      .slider(0.0, 20.0);
}

}  // namespace dms
