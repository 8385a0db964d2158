// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.systems(): every system of the registry with its parameters, methods, article
// set-up and conserved quantities, as plain dicts (dms.System wraps them).
#include "core/integrators/settingkeys.h"
#include "core/sim/namedstate.h"
#include "core/sim/registry.h"
#include "core/systems/typedpotential.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

py::dict paramSpecDict(const ParamSpec& s) {
  py::dict d;
  d["name"] = s.name;
  d["unit"] = s.unit;
  d["description"] = s.description;
  d["range"] = s.rangeText();
  d["min"] = s.min;
  d["max"] = s.max;
  d["min_open"] = s.minOpen;
  d["max_open"] = s.maxOpen;
  d["dim"] = s.dim;
  if (s.defaults.empty())
    d["default"] = py::none();
  else if (s.dim == 1)
    d["default"] = s.defaults[0];
  else
    d["default"] = py::cast(s.defaults);
  return d;
}

py::dict methodDict(const MethodInfo& m) {
  py::dict d;
  d["name"] = m.name;
  d["label"] = m.label;
  d["description"] = m.description;
  d["adaptive"] = m.adaptive;
  d["keeps_structure"] = m.keepsStructure;
  d["symplectic"] = m.symplectic;
  return d;
}

py::dict systemDict(const SystemModel& m, bool hasControl) {
  py::dict d;
  d["name"] = m.name();
  d["title"] = m.title();
  py::list params;
  for (const ParamSpec& s : m.params()) params.append(paramSpecDict(s));
  d["params"] = params;
  py::list methods;
  for (Method me : m.methods()) methods.append(methodDict(methodInfo(me)));
  d["methods"] = methods;
  py::list article;
  for (Method me : m.articleMethods()) article.append(methodName(me));
  d["article_methods"] = article;
  const IntegratorSettings st = m.defaultSettings();
  py::dict setup;  // the numbers of the settings' table
  for (const SettingKey& k : settingKeys())
    if (!k.isChoice()) setup[py::str(k.dictKey)] = settingNumber(st, k);
  d["article_setup"] = setup;
  d["structure"] = m.structureName();
  d["structure2"] = m.structure2Name();
  d["has_momentum"] = m.hasMomentum();
  d["has_angular_momentum"] = m.hasAngularMomentum();
  d["has_control"] = hasControl;
  py::list conserved;
  for (const ConservedQuantity& c : m.conserved()) {
    py::dict q;
    q["name"] = c.name;
    q["symbol"] = c.symbol;
    q["unit"] = c.unit;
    q["field"] = c.field;
    q["components"] = py::cast(c.components);
    conserved.append(q);
  }
  d["conserved"] = conserved;
  const auto parts = [](const std::vector<StatePartSpec>& specs) {
    py::list out;
    for (const StatePartSpec& part : specs) {
      py::dict p;
      p["name"] = part.name;
      py::list shape;
      for (const std::string& dim : part.shape)
        if (dim.find_first_not_of("0123456789") == std::string::npos)
          shape.append(std::stoi(dim));
        else
          shape.append(dim);
      p["shape"] = shape;
      p["unit"] = part.unit;
      p["description"] = part.description;
      out.append(p);
    }
    return out;
  };
  const py::list state = parts(m.declaration().state);
  d["state"] = state;
  d["controls"] = parts(m.declaration().controls);
  return d;
}

}  // namespace

void defineSystems(py::module_& m) {
  m.def("systems", []() {
    py::list out;
    for (const SystemEntry& e : registry()) out.append(systemDict(*e.model, e.control != nullptr));
    return out;
  });
  // the system with a typed potential: its parameters and what it conserves are the potential's
  m.def("system_with_potential", [](const std::string& name, const std::string& potential) {
    const std::shared_ptr<const SystemModel> typed = withPotential(systemNamed(name), potential);
    return systemDict(*typed, findControlProblem(name) != nullptr);
  });
  // the named parts of the system's state and their shapes at its default set-up, read off the
  // first sample of a run of its first method (the names and shapes are the same for every
  // method); the help of dms.run is made from them
  m.def("state_parts", [](const std::string& name) {
    const SystemModel& model = systemNamed(name);
    const Method method = model.methods().front();
    std::vector<std::string> warnings;
    const ParamValues values = model.normalize({}, &warnings);
    IntegratorSettings st = model.defaultSettings();
    st.T = st.h;
    std::vector<Sample> first;
    model.makeRun(values, method, st)->advance(first, 1);
    py::list parts;
    if (!first.empty())
      for (const StatePart& p : namedState(model, method, first.front()))
        parts.append(py::make_tuple(p.name, py::tuple(py::cast(p.shape))));
    py::dict structural;  // the structural parameters' defaults, which the shapes follow
    for (const std::string& s : model.structuralParams()) structural[py::str(s)] = values.at(s)[0];
    py::dict out;
    out["parts"] = parts;
    out["structural"] = structural;
    return out;
  });
  m.def("methods", []() {
    py::list out;
    for (const MethodInfo& i : allMethods()) out.append(methodDict(i));
    return out;
  });
  m.def("integrator_settings", []() {
    py::list out;
    for (const ParamSpec& s : integratorSpecs()) out.append(paramSpecDict(s));
    return out;
  });
}

}  // namespace dms::python
