// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A run's settings as JSON, by the table of settingkeys.h: the scenario files' "settings"
/// object and the settings of the run report.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settingkeys.h"

namespace dms {

/// Every setting by its file key (SettingKey::fileKey), in the table's order: numbers as
/// numbers, choices by name.
nlohmann::ordered_json settingsToJson(const IntegratorSettings& s);

/// The run report's settings of a run of `method`: the choices first, "none" where the method
/// does not read one (SettingKey::readBy), then the numbers.
nlohmann::ordered_json reportSettingsJson(const IntegratorSettings& s, Method method);

/// Sets on `s` the settings of the object `j`, each key by any of its names: a number must be
/// a finite JSON number, a choice one of its names. Throws InputError naming the field (`prefix`
/// and the key, e.g. "'settings.rk'") and for two names of one setting; ranges are left to
/// validateSettings(). The keys that are no setting are appended to `unknown`.
void settingsFromJson(const nlohmann::ordered_json& j, IntegratorSettings& s,
                      const std::string& prefix, std::vector<std::string>* unknown);

}  // namespace dms
