// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `dmsim list`: every system, its integrators and parameters, and the run settings' table, as
// text or JSON.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/dmsim/cli.h"
#include "core/integrators/settingkeys.h"
#include "core/params.h"
#include "core/sim/registry.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

std::string specJsonRange(const ParamSpec& s) { return s.rangeText(); }

}  // namespace

void defineList(CommandOptions& c) {
  c.app().description(
      "The systems, the integrators each system has, and every parameter with its default, unit "
      "and allowed range.");
  c.flag("--json", "the same as JSON");
}

int cmdList(const Options& o) {
  const bool json = o.flag("--json");
  Json all = Json::array();
  for (const SystemModel* m : allSystems()) {
    const IntegratorSettings d = m->defaultSettings();
    Json sys;
    sys["system"] = m->name();
    sys["title"] = m->title();
    Json methods = Json::array();
    for (Method me : m->methods()) methods.push_back(methodName(me));
    sys["integrators"] = methods;
    Json described = Json::array();
    for (Method me : m->methods())
      described.push_back({{"name", methodName(me)},
                           {"label", methodInfo(me).label},
                           {"description", methodInfo(me).description},
                           {"adaptive", methodInfo(me).adaptive}});
    sys["methods"] = described;
    sys["structure"] = m->structureName().empty() ? "none" : m->structureName();
    Json conserved = Json::array();
    for (const ConservedQuantity& c : m->conserved())
      conserved.push_back({{"name", c.name},
                           {"symbol", c.symbol},
                           {"unit", c.unit},
                           {"field", c.field},
                           {"components", c.components}});
    sys["conserved"] = conserved;
    Json state = Json::array();
    for (const StatePartSpec& part : m->declaration().state) {
      Json shape = Json::array();
      for (const std::string& d : part.shape)
        if (d.find_first_not_of("0123456789") == std::string::npos)
          shape.push_back(std::stoi(d));
        else
          shape.push_back(d);
      state.push_back({{"name", part.name},
                       {"shape", shape},
                       {"unit", part.unit},
                       {"description", part.description}});
    }
    sys["state"] = state;
    Json ps = Json::array();
    for (const ParamSpec& s : m->params())
      ps.push_back({{"name", s.name},
                    {"default", s.dim == 1 ? Json(s.defaults[0]) : Json(s.defaults)},
                    {"unit", s.unit},
                    {"range", specJsonRange(s)},
                    {"description", s.description}});
    sys["parameters"] = ps;
    Json numbers = Json::object();
    for (const SettingKey& k : settingKeys())
      if (!k.isChoice()) numbers[k.fileKey] = settingNumber(d, k);
    sys["settings"] = numbers;
    all.push_back(sys);
  }
  // the settings' table: the numbers with their ranges, the choices with their names
  Json integ = Json::array(), choices = Json::array();
  const IntegratorSettings defaults;
  for (const SettingKey& k : settingKeys()) {
    if (k.isChoice()) {
      Json names = Json::array();
      for (const SettingChoice& c : k.choices) names.push_back(c.name);
      choices.push_back({{"name", k.fileKey},
                         {"flag", k.flag},
                         {"choices", names},
                         {"default", settingText(defaults, k)},
                         {"description", k.description},
                         {"methods", methodsReading(k)}});
    } else {
      integ.push_back({{"name", k.spec->name},
                       {"unit", k.spec->unit},
                       {"range", k.spec->rangeText()},
                       {"description", k.spec->description},
                       {"flag", k.flag},
                       {"methods", methodsReading(k)}});
    }
  }
  if (json) {
    std::cout << Json{{"systems", all},
                      {"integrator_settings", integ},
                      {"integrator_choices", choices}}
                     .dump(2)
              << "\n";
    return kOk;
  }
  std::cout << "Systems (dmsim run --system NAME --integrator NAME ...):\n";
  for (const SystemModel* m : allSystems()) {
    const IntegratorSettings d = m->defaultSettings();
    std::cout << "\n" << m->name() << "  -  " << m->title() << "\n  integrators:\n";
    for (Method me : m->methods())
      std::cout << "    " << std::left << std::setw(10) << methodName(me) << " "
                << methodInfo(me).description << "\n";
    std::cout << "  article set-up: h = " << formatNumber(d.h) << ", T = " << formatNumber(d.T)
              << "\n  structure error: "
              << (m->structureName().empty() ? "none (linear space)" : m->structureName())
              << "\n  parameters (--set NAME=VALUE):\n";
    for (const ParamSpec& s : m->params()) {
      std::string def;
      for (std::size_t i = 0; i < s.defaults.size(); ++i)
        def += (i ? "," : "") + formatNumber(s.defaults[i]);
      std::cout << "    " << std::left << std::setw(8) << s.name << " default " << std::setw(28)
                << def << " unit " << std::setw(7) << (s.unit.empty() ? "-" : s.unit) << " range "
                << s.rangeText() << (s.dim == 3 ? " (each component)" : "") << "  " << s.description
                << "\n";
    }
  }
  std::cout << "\nIntegrator settings (the table of core/integrators/settingkeys.h):\n";
  for (const SettingKey& k : settingKeys()) {
    const std::string readBy =
        k.scope == SettingScope::Every ? "" : " (read by " + methodsReading(k) + ")";
    if (k.isChoice()) {
      std::cout << "  " << std::left << std::setw(32) << (k.flag + " " + k.meta()) << " "
                << k.description << "; default " << settingText(defaults, k) << readBy << "\n";
    } else {
      const ParamSpec& s = *k.spec;
      std::cout << "  " << std::left << std::setw(8) << k.flag << " unit " << std::setw(3)
                << (s.unit.empty() ? "-" : s.unit) << " range " << s.rangeText() << "  "
                << s.description << readBy << "\n";
    }
  }
  return kOk;
}

}  // namespace dms::cli
