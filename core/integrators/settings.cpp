// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/settings.h"

#include <cmath>

#include "core/integrators/settingkeys.h"

namespace dms {

// the names and their messages are the table's (core/integrators/settingkeys.h)
std::string controllerName(RkController c) {
  IntegratorSettings s;
  s.controller = c;
  return settingText(s, settingKey("controller"));
}

RkController parseController(const std::string& s) {
  return RkController(parseChoice(settingKey("controller"), s));
}

std::string samplingName(RkSampling x) {
  IntegratorSettings s;
  s.sampling = x;
  return settingText(s, settingKey("sampling"));
}

RkSampling parseSampling(const std::string& s) {
  return RkSampling(parseChoice(settingKey("sampling"), s));
}

std::string summationName(Summation x) {
  IntegratorSettings s;
  s.summation = x;
  return settingText(s, settingKey("summation"));
}

Summation parseSummation(const std::string& s) {
  return Summation(parseChoice(settingKey("summation"), s));
}

std::int64_t IntegratorSettings::steps() const {
  return static_cast<std::int64_t>(std::floor(T / h + 1e-9));
}

// the largest number of fixed steps one run may take
constexpr double kMaxSteps = 1e10;

const std::vector<ParamSpec>& integratorSpecs() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> out;
    for (const SettingKey& k : settingKeys())
      if (!k.isChoice()) out.push_back(*k.spec);
    return out;
  }();
  return specs;
}

const ParamSpec& integratorSpec(const std::string& name) {
  return specNamed(integratorSpecs(), name);
}

std::int64_t checkStepAndHorizon(double h, double T) {
  checkValue(integratorSpec("T"), {T});
  checkValue(integratorSpec("h"), {h});
  if (h > T)
    throw InputError("h = " + formatNumber(h) + " must not exceed T = " + formatNumber(T) +
                     " (allowed range of h: (0, T])");
  return static_cast<std::int64_t>(std::floor(T / h + 1e-9));
}

void validateSettings(const IntegratorSettings& s) {
  for (const SettingKey& k : settingKeys())
    if (!k.isChoice()) checkValue(*k.spec, {settingNumber(s, k)});
  checkStepAndHorizon(s.h, s.T);
  if (s.T / s.h > kMaxSteps)
    throw InputError("T/h = " + formatNumber(s.T / s.h) + " steps is too many (at most " +
                     formatNumber(kMaxSteps) + "): raise h or lower T");
}

}  // namespace dms
