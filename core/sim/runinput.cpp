// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/runinput.h"

#include <algorithm>
#include <cmath>

namespace dms {
namespace {

// whether a warning already names `name` as a word (not as a part of a longer name: q0 is not
// named by "q0_1", nor omega0's projection by a warning on q0)
bool names(const std::string& warning, const std::string& name) {
  const auto isNameChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  for (std::size_t at = warning.find(name); at != std::string::npos;
       at = warning.find(name, at + 1)) {
    const bool before = at == 0 || !isNameChar(warning[at - 1]);
    const std::size_t end = at + name.size();
    const bool after = end == warning.size() || !isNameChar(warning[end]);
    if (before && after) return true;
  }
  return false;
}

std::string valueText(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : ",") + formatNumber(x);
  return s;
}

// "a", "a and b", "a, b and c"
std::string listed(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i)
    s += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return s;
}

}  // namespace

ParamValues normalizeReported(const SystemModel& model, const ParamValues& given,
                              std::vector<std::string>* warnings) {
  std::vector<std::string> own;
  const ParamValues out = model.normalize(given, &own);
  for (const auto& given1 : given) {
    // named, not a structured binding: clang 14 cannot capture one in the lambdas below
    const std::string& name = given1.first;
    const std::vector<double>& value = given1.second;
    const auto it = out.find(name);
    if (it == out.end() || it->second.size() != value.size()) continue;
    const std::vector<double>& now = it->second;
    double change = 0.0, scale = 1.0, length = 0.0, nowLength = 0.0;
    for (std::size_t i = 0; i < value.size(); ++i) {
      change = std::max(change, std::fabs(now[i] - value[i]));
      scale = std::max(scale, std::fabs(value[i]));
      length += value[i] * value[i];
      nowLength += now[i] * now[i];
    }
    // the tolerance of the chain's own note on a length (1e-12)
    if (change <= 1e-12 * scale) continue;
    length = std::sqrt(length);
    nowLength = std::sqrt(nowLength);
    bool scaled = value.size() > 1 && std::fabs(nowLength - 1.0) <= 1e-12 && length > 0.0;
    for (std::size_t i = 0; scaled && i < value.size(); ++i)
      scaled = std::fabs(now[i] - value[i] / length) <= 1e-12;
    if (scaled) {
      const std::string note = name + " has length " + formatNumber(length) + ": scaled to 1";
      const bool said = std::any_of(own.begin(), own.end(), [&](const std::string& w) {
        return w.rfind(name + " has length", 0) == 0;
      });
      if (!said) own.push_back(note);
    } else if (std::none_of(own.begin(), own.end(),
                            [&](const std::string& w) { return names(w, name); })) {
      own.push_back(name + " = " + valueText(value) + " was changed to " + valueText(now));
    }
  }
  if (warnings) warnings->insert(warnings->end(), own.begin(), own.end());
  return out;
}

std::string ignoredSettingsWarning(Method method, const std::vector<GivenSetting>& given) {
  const MethodInfo& info = methodInfo(method);
  // the given names of each scope the method does not read, in the table's order: an adaptive
  // method that does not read a key of the step control steps by a controller of its own
  std::vector<std::string> stepControl, summation, ownController;
  const SettingKey *summed = nullptr, *controlled = nullptr;
  for (const SettingKey& k : settingKeys()) {
    if (k.readBy(method)) continue;
    for (const GivenSetting& g : given) {
      if (g.key != &k) continue;
      if (k.scope == SettingScope::Summed) {
        summation.push_back(g.spelled);
        summed = &k;
      } else if (info.adaptive) {
        ownController.push_back(g.spelled);
        controlled = &k;
      } else {
        stepControl.push_back(g.spelled);
      }
    }
  }
  const auto verb = [](const std::vector<std::string>& v) {
    return v.size() == 1 ? " is ignored: " : " are ignored: ";
  };
  std::vector<std::string> out;
  if (!stepControl.empty()) {
    // "rtol, atol, the controller and the sampling": the adaptive methods' keys
    std::vector<std::string> keys;
    for (const SettingKey& k : settingKeys())
      if (k.scope == SettingScope::Adaptive || k.scope == SettingScope::Controlled)
        keys.push_back((k.isChoice() ? "the " : "") + k.name);
    out.push_back(listed(stepControl) + verb(stepControl) + info.name +
                  " is a fixed-step method (" + listed(keys) + " set the adaptive methods' steps)");
  }
  if (!ownController.empty()) {
    std::vector<std::string> readers;
    for (const MethodInfo& m : allMethods())
      if (controlled->readBy(m.method)) readers.push_back(m.name);
    out.push_back(listed(ownController) + verb(ownController) + info.name +
                  " steps by its own controller (the " + controlled->name + " is " +
                  listed(readers) + "'s)");
  }
  if (!summation.empty()) {
    if (info.adaptive) {
      out.push_back(listed(summation) + verb(summation) + info.name +
                    " is an adaptive method (the summation is the fixed-step methods')");
    } else {
      std::vector<std::string> readers;
      for (const MethodInfo& m : allMethods())
        if (summed->readBy(m.method)) readers.push_back(m.name);
      out.push_back(listed(summation) + verb(summation) + info.name +
                    " adds no increments by a summation (the summation is " + listed(readers) +
                    "'s)");
    }
  }
  std::string w;
  for (const std::string& s : out) w += (w.empty() ? "" : "; ") + s;
  return w;
}

void refuseFailedFirstStep(const SystemModel& model, Method method,
                           const IntegratorSettings& settings, const RunFailure& failure,
                           std::int64_t samples, const std::string& hName) {
  if (!failure.failed || methodInfo(method).adaptive || samples > 1 || settings.steps() == 0)
    return;
  throw InputError(hName + " " + formatNumber(settings.h) + " is too large for " + model.name() +
                   "'s " + methodName(method) + " step at the initial state (" + failure.reason +
                   ")");
}

std::string failureWarning(const RunFailure& failure) {
  if (!failure.failed) return {};
  return "integration failed at t = " + formatNumber(failure.time) + ": " + failure.reason;
}

}  // namespace dms
