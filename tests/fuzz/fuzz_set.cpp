// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the --set NAME=VALUE parser and the validation it feeds, for every system.
// Any input must either be accepted with finite, in-range values or rejected with InputError;
// nothing else (no crash, no other exception, no out-of-range value accepted).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/sim/registry.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (const dms::SystemModel* m : dms::allSystems()) {
    try {
      const auto [name, value] = dms::parseAssignment(text);
      dms::ParamValues values;
      values[name] = value;
      const dms::ParamValues out = m->normalize(values, nullptr);
      // a system whose parameters depend on a count (the chain's n) has them for that count
      const std::vector<dms::ParamSpec> specs = m->paramsFor(out);
      for (const auto& [n, v] : out) {
        const dms::ParamSpec* spec = dms::findSpec(specs, n);
        if (!spec || int(v.size()) != spec->dim) std::abort();
        for (double x : v)
          if (!std::isfinite(x)) std::abort();
      }
    } catch (const dms::InputError&) {
      // rejected with a message: fine
    }
  }
  return 0;
}
