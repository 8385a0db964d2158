// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.load_scenario() / save_scenario(): the app's scenario files (core/io/scenario.h) as
// a dict of their fields, through the core's parser and writer.
#include "core/io/scenario.h"

#include "core/integrators/settingkeys.h"
#include "core/sim/registry.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

py::dict toDict(const Scenario& s, const std::vector<std::string>& warnings) {
  py::dict d;
  d["system"] = s.system;
  d["potential"] = s.potential.empty() ? py::object(py::none()) : py::object(py::str(s.potential));
  d["parameters"] = paramDict(s.parameters, scenarioSystem(s)->paramsFor(s.parameters));
  // by the keys of the Python module's settings dicts (core/integrators/settingkeys.h)
  py::dict st;
  for (const SettingKey& k : settingKeys())
    st[py::str(k.dictKey)] = k.isChoice() ? py::object(py::str(settingText(s.settings, k)))
                                          : py::object(py::float_(settingNumber(s.settings, k)));
  d["settings"] = st;
  py::list methods;
  for (Method m : s.methods) methods.append(methodName(m));
  d["methods"] = methods;
  if (s.study) {
    py::dict study;
    study["key"] = s.study->key;
    study["inputs"] = py::cast(s.study->inputs);
    d["study"] = study;
  } else {
    d["study"] = py::none();
  }
  if (s.control) {
    py::dict control;
    control["values"] = paramDict(s.control->values);
    control["choices"] = py::cast(s.control->choices);
    for (const auto& [name, text] : s.control->expressions) control[py::str(name)] = text;
    d["control"] = control;
  } else {
    d["control"] = py::none();
  }
  d["title"] = s.title.empty() ? py::object(py::none()) : py::object(py::str(s.title));
  d["description"] =
      s.description.empty() ? py::object(py::none()) : py::object(py::str(s.description));
  d["control_law"] =
      s.controlLaw.empty() ? py::object(py::none()) : py::object(py::str(s.controlLaw));
  d["warnings"] = warnings;
  return d;
}

py::dict load(const std::string& path) {
  std::vector<std::string> warnings;
  const Scenario s = loadScenario(path, &warnings);
  return toDict(s, warnings);
}

// a dict of toDict's fields (the settings complete) into a file; the text goes through the
// core's parser first, so that a bad value is refused with the loader's message and nothing is
// written
void save(const std::string& path, const py::dict& d) {
  Scenario s;
  s.system = d["system"].cast<std::string>();
  const SystemModel& model = systemNamed(s.system);
  if (d.contains("potential") && !d["potential"].is_none())
    s.potential = d["potential"].cast<std::string>();
  s.parameters = paramValues(d["parameters"], *scenarioSystem(s));
  // the system's set-up with the dict's settings (by any of their names)
  s.settings = scenarioSystem(s)->defaultSettings();
  applySettings(s.settings, d["settings"].cast<py::dict>());
  if (!d["methods"].is_none())
    s.methods = parseMethodList(model, d["methods"].cast<std::vector<std::string>>(), "methods");
  if (!d["study"].is_none()) {
    const py::dict study = d["study"];
    s.study = Scenario::Study{study["key"].cast<std::string>(),
                              study["inputs"].cast<std::map<std::string, std::string>>()};
  }
  if (!d["control"].is_none()) {
    const py::dict control = d["control"];
    s.control = Scenario::Control{};
    if (control.contains("values")) s.control->values = paramValues(control["values"]);
    if (control.contains("choices"))
      s.control->choices = control["choices"].cast<std::map<std::string, std::string>>();
    // the typed expressions (running_cost, terminal_cost) beside them
    for (const auto& [key, value] : control) {
      const std::string name = py::str(key);
      if (name != "values" && name != "choices") s.control->expressions[name] = py::str(value);
    }
  }
  for (const char* key : {"title", "description"})
    if (d.contains(key) && !d[key].is_none())
      (key[0] == 't' ? s.title : s.description) = d[key].cast<std::string>();
  if (d.contains("control_law") && !d["control_law"].is_none())
    s.controlLaw = d["control_law"].cast<std::string>();
  const std::string text = scenarioToJson(s);
  std::vector<std::string> warnings;
  parseScenario(text, &warnings);
  std::string error;
  if (!saveScenario(s, path, &error)) throw InputError("save_scenario: " + error);
}

}  // namespace

void defineScenario(py::module_& m) {
  m.def("load_scenario", &load, py::arg("path"));
  m.def("save_scenario", &save, py::arg("path"), py::arg("scenario"));
}

}  // namespace dms::python
