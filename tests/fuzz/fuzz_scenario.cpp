// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the scenario file parser. Any input must either be accepted or rejected
// with InputError; an accepted scenario must survive a round trip through its own JSON text
// (what the app saves, it can load).
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/io/scenario.h"
#include "core/params.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  dms::Scenario sc;
  try {
    std::vector<std::string> warnings;
    sc = dms::parseScenario(text, &warnings);
  } catch (const dms::InputError&) {
    return 0;  // rejected with a message: fine
  }
  try {
    const dms::Scenario again = dms::parseScenario(dms::scenarioToJson(sc), nullptr);
    if (again.system != sc.system || again.parameters != sc.parameters) std::abort();
  } catch (const dms::InputError&) {
    std::abort();  // we wrote something we cannot read back
  }
  return 0;
}
