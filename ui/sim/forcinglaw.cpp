// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/forcinglaw.h"

#include "core/sim/controllaw.h"
#include "core/sim/simulator.h"

namespace dms::ui {

ForcingLaw forcingLaw(const SystemModel& model, const std::vector<std::string>& channels) {
  ForcingLaw l;
  const std::vector<StatePartSpec>& declared = model.declaration().controls;
  for (std::size_t c = 0; c < channels.size() && c < declared.size(); ++c) {
    l.channels.push_back(channels[c]);
    l.text += (l.text.empty() ? "" : "; ") + declared[c].name + "=[" + channels[c] + "]";
  }
  return l;
}

std::vector<std::string> lawNames(const SystemModel& model, const ParamValues& values) {
  // the names of a law of zeros: t, the state's entries, the parameters
  std::vector<std::string> zeros;
  for (const StatePartSpec& ch : model.declaration().controls) {
    std::string z;
    for (std::size_t i = 0; i < declaredSize(ch.shape, values); ++i) z += i ? ", 0" : "0";
    zeros.push_back(z);
  }
  const TypedControlLaw law = parseControlLaw(model, values, forcingLaw(model, zeros).text);
  std::vector<std::string> names = law.variables;
  names.insert(names.end(), law.parameters.begin(), law.parameters.end());
  return names;
}

std::string lawMessage(const std::string& what) {
  const std::string prefix = "--control: ";
  return what.rfind(prefix, 0) == 0 ? "control " + what.substr(prefix.size()) : what;
}

void checkLaw(const SystemModel& model, const ParamValues& values, const ForcingLaw& law) {
  try {
    (void)parseControlLaw(model, values, law.text);
  } catch (const InputError& e) {
    throw InputError(lawMessage(e.what()), e.detail());
  }
}

}  // namespace dms::ui
