// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/settingsjson.h"

#include <cmath>
#include <map>

namespace dms {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

Json settingsToJson(const IntegratorSettings& s) {
  Json j = Json::object();
  for (const SettingKey& k : settingKeys())
    j[k.fileKey] = k.isChoice() ? Json(settingText(s, k)) : Json(settingNumber(s, k));
  return j;
}

Json reportSettingsJson(const IntegratorSettings& s, Method method) {
  Json j = Json::object();
  for (const SettingKey& k : settingKeys())
    if (k.isChoice()) j[k.fileKey] = k.readBy(method) ? settingText(s, k) : "none";
  for (const SettingKey& k : settingKeys())
    if (!k.isChoice()) j[k.fileKey] = settingNumber(s, k);
  return j;
}

void settingsFromJson(const Json& j, IntegratorSettings& s, const std::string& prefix,
                      std::vector<std::string>* unknown) {
  if (!j.is_object())
    throw InputError("'" + prefix + "' must be an object, got " + std::string(j.type_name()));
  std::map<const SettingKey*, std::string> seen;
  for (const auto& [name, value] : j.items()) {
    const std::string field = prefix + "." + name;
    const SettingKey* k = findSettingKey(name);
    if (!k) {
      if (unknown) unknown->push_back(name);
      continue;
    }
    if (seen.count(k))
      throw InputError("'" + prefix + "." + seen[k] + "' and '" + field +
                       "' are the same setting (" + k->name + "): give one");
    seen[k] = name;
    if (k->isChoice()) {
      if (!value.is_string())
        throw InputError("'" + field + "' must be a string, got " + value.type_name());
      try {
        k->setChoice(s, parseChoice(*k, value.get<std::string>()));
      } catch (const InputError& e) {
        throw InputError("'" + field + "': " + e.what());
      }
    } else {
      if (!value.is_number())
        throw InputError("'" + field + "' must be a number, got " + value.type_name());
      const double v = value.get<double>();
      if (!std::isfinite(v)) throw InputError("'" + field + "' is not a finite number");
      setSettingNumber(s, *k, v);
    }
  }
}

}  // namespace dms
