// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/settingkeys.h"

#include <algorithm>
#include <cctype>

#include "core/integrators/composition.h"

namespace dms {
namespace {

SettingKey numberKey(std::string name, std::string flag, SettingScope scope, ParamSpec spec,
                     double IntegratorSettings::*member) {
  SettingKey k;
  k.name = name;
  k.flag = std::move(flag);
  k.fileKey = name;
  k.dictKey = name;
  k.description = spec.description;
  k.scope = scope;
  k.spec = std::move(spec);
  k.number = member;
  return k;
}

SettingKey choiceKey(std::string name, std::string flag, std::string fileKey, std::string dictKey,
                     std::string description, SettingScope scope,
                     std::vector<SettingChoice> choices, int (*get)(const IntegratorSettings&),
                     void (*set)(IntegratorSettings&, int)) {
  SettingKey k;
  k.name = std::move(name);
  k.flag = std::move(flag);
  k.fileKey = std::move(fileKey);
  k.dictKey = std::move(dictKey);
  k.description = std::move(description);
  k.scope = scope;
  k.choices = std::move(choices);
  k.getChoice = get;
  k.setChoice = set;
  return k;
}

}  // namespace

const std::vector<SettingKey>& settingKeys() {
  static const std::vector<SettingKey> keys = {
      numberKey("h", "--h", SettingScope::Every,
                ParamSpec::scalar("h", "s",
                                  "time step of the variational integrator; output spacing of RK45")
                    .defaultValue(0.05)
                    .above(0.0)
                    .atMost(1e5)
                    .slider(0.001, 0.2),
                &IntegratorSettings::h),
      numberKey("T", "--T", SettingScope::Every,
                ParamSpec::scalar("T", "s", "simulated time span")
                    .defaultValue(200.0)
                    .above(0.0)
                    .atMost(1e9)
                    .slider(1.0, 2000.0),
                &IntegratorSettings::T),
      numberKey("rtol", "--rtol", SettingScope::Adaptive,
                ParamSpec::scalar("rtol", "", "RK45 relative tolerance (RelTol)")
                    .defaultValue(1e-3)
                    .range(1e-13, 0.5)
                    .slider(1e-10, 1e-1),
                &IntegratorSettings::rtol),
      numberKey("atol", "--atol", SettingScope::Adaptive,
                ParamSpec::scalar("atol", "", "RK45 absolute tolerance (AbsTol)")
                    .defaultValue(1e-6)
                    .range(1e-300, 1.0)
                    .slider(1e-12, 1e-2),
                &IntegratorSettings::atol),
      choiceKey(
          "controller", "--rk", "rk", "controller",
          "RK45's step-size controller: MATLAB ode45's (the article's baseline) or SciPy's RK45",
          SettingScope::Controlled,
          {{"ode45", "ode45 (MATLAB)", "MATLAB's controller", int(RkController::Ode45)},
           {"scipy", "SciPy RK45", "", int(RkController::Scipy)}},
          [](const IntegratorSettings& s) { return int(s.controller); },
          [](IntegratorSettings& s, int v) { s.controller = RkController(v); }),
      // "samples" is the Python module's older name of the sampling; the run report's
      // "samples" is the number of samples a run made, another thing
      choiceKey(
          "sampling", "--rk-samples", "rk_samples", "samples",
          "where RK45 is sampled: at t_k = k h through its dense output, or at its "
          "accepted steps",
          SettingScope::Adaptive,
          {{"output", "at t = k h", "", int(RkSampling::Output)},
           {"steps", "at its steps", "", int(RkSampling::Steps)}},
          [](const IntegratorSettings& s) { return int(s.sampling); },
          [](IntegratorSettings& s, int v) { s.sampling = RkSampling(v); }),
      choiceKey(
          "summation", "--summation", "summation", "summation",
          "how the variational steps add their increments", SettingScope::Summed,
          {{"compensated", "compensated (Kahan)",
            "increments added with Kahan's compensation, the default", int(Summation::Compensated)},
           {"plain", "plain (as the article)", "the steps as the article writes them",
            int(Summation::Plain)}},
          [](const IntegratorSettings& s) { return int(s.summation); },
          [](IntegratorSettings& s, int v) { s.summation = Summation(v); }),
  };
  return keys;
}

bool SettingKey::readBy(Method m) const {
  switch (scope) {
    case SettingScope::Every:
      return true;
    case SettingScope::Adaptive:
      return methodInfo(m).adaptive;
    case SettingScope::Summed:
      return isVariationalComposition(m) || m == Method::Rattle;
    case SettingScope::Controlled:
      // DOP853 steps by its own controller
      return methodInfo(m).adaptive && m != Method::Rk853;
  }
  return false;
}

std::vector<std::string> SettingKey::aliases() const {
  std::vector<std::string> out;
  for (const std::string* n : {&fileKey, &dictKey})
    if (*n != name && std::find(out.begin(), out.end(), *n) == out.end()) out.push_back(*n);
  return out;
}

std::string SettingKey::meta() const {
  if (!isChoice()) {
    // the flag's own letter: --h H, --T T, --rtol R, --atol A
    std::string m = flag.substr(2, 1);
    for (char& c : m) c = char(std::toupper(static_cast<unsigned char>(c)));
    return m;
  }
  std::string out;
  for (const SettingChoice& c : choices) out += (out.empty() ? "" : "|") + c.name;
  return out;
}

std::string SettingKey::allowedText() const {
  if (!isChoice()) return spec->rangeText() + (spec->unit.empty() ? "" : " " + spec->unit);
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    const SettingChoice& c = choices[i];
    out += (i == 0                    ? ""
            : i + 1 == choices.size() ? " or "
                                      : ", ") +
           c.name + (c.note.empty() ? "" : " (" + c.note + ")");
  }
  return out;
}

const SettingKey* findSettingKey(const std::string& name) {
  for (const SettingKey& k : settingKeys()) {
    if (k.name == name) return &k;
    for (const std::string& a : k.aliases())
      if (a == name) return &k;
  }
  return nullptr;
}

const SettingKey& settingKey(const std::string& name) {
  if (const SettingKey* k = findSettingKey(name)) return *k;
  std::string names;
  for (const SettingKey& k : settingKeys()) {
    names += (names.empty() ? "" : ", ") + k.name;
    for (const std::string& a : k.aliases()) names += " (or " + a + ")";
  }
  throw InputError("'" + name + "' is not a run setting (one of " + names + ")");
}

std::string methodsReading(const SettingKey& key) {
  std::string out;
  for (const MethodInfo& m : allMethods())
    if (key.readBy(m.method)) out += (out.empty() ? "" : ", ") + m.name;
  return out;
}

double settingNumber(const IntegratorSettings& s, const SettingKey& key) {
  if (key.isChoice()) throw InputError("'" + key.name + "' is a choice, not a number");
  return s.*key.number;
}

void setSettingNumber(IntegratorSettings& s, const SettingKey& key, double v) {
  if (key.isChoice()) throw InputError("'" + key.name + "' is a choice, not a number");
  s.*key.number = v;
}

std::string settingText(const IntegratorSettings& s, const SettingKey& key) {
  if (!key.isChoice()) return formatNumber(s.*key.number);
  const int v = key.getChoice(s);
  for (const SettingChoice& c : key.choices)
    if (c.value == v) return c.name;
  return key.choices.front().name;
}

int parseChoice(const SettingKey& key, const std::string& text) {
  if (!key.isChoice()) throw InputError("'" + key.name + "' is a number, not a choice");
  for (const SettingChoice& c : key.choices)
    if (c.name == text) return c.value;
  throw InputError(key.flag + " '" + text + "': expected " + key.allowedText());
}

void setSetting(IntegratorSettings& s, const SettingKey& key, const std::string& text) {
  if (key.isChoice()) {
    key.setChoice(s, parseChoice(key, text));
    return;
  }
  const double v = parseNumber(text, key.flag);
  checkValue(*key.spec, {v});
  s.*key.number = v;
}

}  // namespace dms
