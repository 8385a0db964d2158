// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The one table of a run's settings (IntegratorSettings): for each key its names (the
/// canonical one, dmsim's flag, the key of scenario files and of the run report, the key of the
/// Python module's settings dicts), its kind (a number with its range, or a choice with its
/// names), the methods that read it and a one-line description. dmsim's flags, help and
/// `list`, the scenario files, the run report, the Python module and the app's settings panel
/// take the names, ranges and descriptions from here, and whether a method reads a setting.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"
#include "core/params.h"

namespace dms {

/// The methods that read a setting.
enum class SettingScope {
  Every,     ///< every method: the step (or output spacing) h and the horizon T
  Adaptive,  ///< the adaptive methods (MethodInfo::adaptive): their step control and sampling
  Summed,    ///< the variational fixed-step methods, which add their increments: vi, vi4, vi6,
             ///< vi8, rattle
  /// the adaptive methods with a choice of step-size controller, the Dormand-Prince 5(4) ones:
  /// rk45, rk45-quat, rk45-proj (rk853 has DOP853's own)
  Controlled
};

/// One allowed value of a choice.
struct SettingChoice {
  std::string name;   ///< e.g. "ode45"
  std::string label;  ///< for a form, e.g. "ode45 (MATLAB)"
  std::string note;   ///< said after the name where the allowed values are listed; may be empty
  int value = 0;      ///< the enum's value in IntegratorSettings
};

struct SettingKey {
  std::string name;         ///< canonical, e.g. "sampling"; a form's row and ParamSpec::name
  std::string flag;         ///< dmsim run's flag, e.g. "--rk-samples"
  std::string fileKey;      ///< the key in scenario files and the run report, e.g. "rk_samples"
  std::string dictKey;      ///< the key in the Python module's settings dicts, e.g. "samples"
  std::string description;  ///< one line
  SettingScope scope = SettingScope::Every;
  /// A number: its range, unit and default (the system's set-up may differ). None for a choice.
  std::optional<ParamSpec> spec;
  /// A choice: its allowed values, the default first. Empty for a number.
  std::vector<SettingChoice> choices;
  /// Where it is kept in IntegratorSettings: a number's member, a choice's enum as an int.
  double IntegratorSettings::*number = nullptr;
  int (*getChoice)(const IntegratorSettings&) = nullptr;
  void (*setChoice)(IntegratorSettings&, int) = nullptr;

  bool isChoice() const { return !spec.has_value(); }
  /// Whether a run of `m` reads this setting.
  bool readBy(Method m) const;
  /// The other names it is known by (fileKey and dictKey where they differ from name), each
  /// accepted wherever a setting is given by name.
  std::vector<std::string> aliases() const;
  /// What its flag takes: "H" style for a number, "ode45|scipy" for a choice.
  std::string meta() const;
  /// The allowed values in words: "ode45 (MATLAB's controller) or scipy", or "(0, 1e+05] s".
  std::string allowedText() const;
};

/// Every setting of IntegratorSettings: h, T, rtol, atol, controller, sampling, summation.
const std::vector<SettingKey>& settingKeys();
/// The key named `name` (canonical or an alias), or nullptr.
const SettingKey* findSettingKey(const std::string& name);
/// The key named `name` (canonical or an alias); throws InputError listing the names.
const SettingKey& settingKey(const std::string& name);
/// The CLI names of the methods that read `key`, e.g. "rk45, rk45-quat, rk45-proj".
std::string methodsReading(const SettingKey& key);

/// The value of a number key.
double settingNumber(const IntegratorSettings& s, const SettingKey& key);
/// Sets a number key without checking it (validateSettings() checks the whole).
void setSettingNumber(IntegratorSettings& s, const SettingKey& key, double v);
/// The value of a key as text: formatNumber() of a number, the name of a choice.
std::string settingText(const IntegratorSettings& s, const SettingKey& key);
/// The value of a choice named `text`; throws InputError naming the key by its flag and the
/// allowed values ("--rk 'euler': expected ode45 (MATLAB's controller) or scipy").
int parseChoice(const SettingKey& key, const std::string& text);
/// Sets a key from text: a number parsed strictly (the message names the flag) and checked
/// against its range (the message names the key and the range), a choice by parseChoice().
void setSetting(IntegratorSettings& s, const SettingKey& key, const std::string& text);

}  // namespace dms
