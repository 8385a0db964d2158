// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/forcinglaw.h"

#include "core/sim/controllaw.h"
#include "core/sim/geometriclaw.h"
#include "core/sim/simulator.h"

namespace dms::ui {

ForcingLaw forcingLaw(const SystemModel& model, const std::vector<std::string>& channels) {
  ForcingLaw l;
  const std::vector<StatePartSpec>& declared = model.declaration().controls;
  // a built-in law (a JSON object, core/sim/geometriclaw.h) is written whole in the first field
  if (!channels.empty() && isBuiltinLaw(channels[0])) {
    l.channels = channels;
    l.text = channels[0];
    return l;
  }
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

std::function<std::vector<std::array<double, 2>>(std::size_t, const std::vector<Sample>&)>
lawTrackingErrors(const SystemModel& model, const ParamValues& values,
                  const std::vector<Method>& methods, const ForcingLaw& law) {
  if (!law.on() || !isBuiltinLaw(law.text)) return {};
  GeometricTrackingSpec spec;
  try {
    spec = parseGeometricLaw(model, values, law.text);
  } catch (const InputError&) {
    return {};  // refused where the law is checked, and explained there
  }
  const SystemModel* m = &model;
  return [spec, m, values, methods](std::size_t run, const std::vector<Sample>& samples) {
    std::vector<std::array<double, 2>> out;
    if (run >= methods.size()) return out;
    // replayed from the first sample: the flip case's switch of mode follows the samples
    GeometricErrorTracker tracker(spec, *m, values);
    out.reserve(samples.size());
    for (const Sample& s : samples) {
      const GeometricErrors e = tracker.next(*m, methods[run], s);
      out.push_back({e.ex, e.psi});
    }
    return out;
  };
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
