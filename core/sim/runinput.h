// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The rules a run's input and end follow in `dmsim run` and in the Python module alike: what
/// is changed or ignored is said in a warning naming the argument, and what cannot be run is
/// refused naming it. Both callers spell the arguments their own way (`--rtol`, `rtol`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/integrators/settingkeys.h"
#include "core/systems/system.h"

namespace dms {

/// model.normalize(given, warnings), and a warning for each parameter of `given` whose value
/// normalize changed without saying so: a vector scaled to unit length as "q0 has length 2:
/// scaled to 1", another change as "NAME = given was changed to value". Throws as normalize.
ParamValues normalizeReported(const SystemModel& model, const ParamValues& given,
                              std::vector<std::string>* warnings);

/// A setting a caller was given, by the name it spelled it with ("--rtol", "samples"): it is
/// reported when the method does not read it.
struct GivenSetting {
  const SettingKey* key = nullptr;
  std::string spelled;
};

/// The warning for the settings of `given` that `method` does not read (SettingKey::readBy: the
/// step control and sampling of the adaptive methods given to a fixed-step one, the summation
/// of the variational methods given to another), e.g. "rtol and controller are ignored: vi is
/// a fixed-step method (rtol, atol, the controller and the sampling set the adaptive methods'
/// steps)"; empty when it reads them all.
std::string ignoredSettingsWarning(Method method, const std::vector<GivenSetting>& given);

/// The one rule for a run that fails, whatever the system: a fixed-step run whose first step
/// fails (no sample after t = 0) is refused as bad input naming h (`hName`, e.g. "--h"), the
/// step being too large for the initial state (throws InputError); any other failure is kept
/// as a failed run, which failureWarning() reports.
void refuseFailedFirstStep(const SystemModel& model, Method method,
                           const IntegratorSettings& settings, const RunFailure& failure,
                           std::int64_t samples, const std::string& hName);

/// The warning of a failed run, "integration failed at t = T: REASON" (what dmsim prints on
/// stderr); empty when it did not fail.
std::string failureWarning(const RunFailure& failure);

}  // namespace dms
