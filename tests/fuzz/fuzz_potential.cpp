// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the typed potential of custom-rigid-body and custom-sphere-particle. Any
// text must either be accepted, with a derivative per variable that compiles and evaluates at
// the default state (to a number, finite or not), or be refused with InputError; nothing else
// (no crash, no other exception, no deep recursion, no leak).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/sim/registry.h"
#include "core/systems/typedpotential.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const char* name : {"custom-rigid-body", "custom-sphere-particle"}) {
    const dms::SystemModel& base = *dms::findSystem(name);
    try {
      const auto typed = dms::withPotential(base, text);
      const dms::TypedPotentialSystem* t = dms::typedPotential(*typed);
      if (!t || t->potential().gradient.size() != t->potential().vars.variables.size())
        std::abort();
      dms::ParamValues values;
      for (const std::string& p : t->potential().parameters) values[p] = {0.75};
      dms::PotentialEvaluator ev(t->potential(), typed->normalize(values, nullptr));
      for (std::size_t i = 0; i < t->potential().vars.variables.size(); ++i) ev.vars()[i] = 0.5;
      (void)ev.value();
      (void)ev.gradient();
    } catch (const dms::InputError&) {
      // refused with a message (the text, or not finite at the initial state): fine
    }
  }
  return 0;
}
