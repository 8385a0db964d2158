// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/src/convert.h"

#include <memory>

#include "core/sim/registry.h"

namespace dms::python {

py::array_t<double> ownedArray(std::vector<double>&& values, std::vector<py::ssize_t> shape) {
  auto* owner = new std::vector<double>(std::move(values));
  py::capsule base(owner, [](void* p) { delete static_cast<std::vector<double>*>(p); });
  return py::array_t<double>(shape, owner->data(), base);
}

py::array_t<double> copyArray(const std::vector<double>& values) {
  return py::array_t<double>(py::ssize_t(values.size()), values.data());
}

ParamValues paramValues(const py::object& params) {
  ParamValues out;
  if (params.is_none()) return out;
  if (!py::isinstance<py::dict>(params))
    throw InputError("params = " + std::string(py::repr(params)) +
                     ": expected a dict of parameter names to values, e.g. {'m': 0.5}");
  const auto isBool = [](const py::handle& v) {
    return py::isinstance<py::bool_>(v) ||
           py::isinstance(v, py::module_::import("numpy").attr("bool_"));
  };
  for (const auto& [key, value] : params.cast<py::dict>()) {
    const std::string name = py::str(key);
    try {
      // a string or a truth value is not a number (True would be read as 1)
      if (py::isinstance<py::str>(value) || isBool(value)) throw py::cast_error();
      if (py::hasattr(value, "__len__"))
        out[name] = value.cast<std::vector<double>>();
      else
        out[name] = {value.cast<double>()};
    } catch (const py::cast_error&) {
      throw InputError("params['" + name + "'] = " + std::string(py::repr(value)) +
                       ": expected a number or a sequence of 3 numbers");
    }
  }
  return out;
}

py::dict paramDict(const ParamValues& values, const std::vector<ParamSpec>& specs) {
  py::dict out;
  for (const auto& [name, v] : values) {
    const ParamSpec* spec = findSpec(specs, name);
    if (v.size() == 1 && spec && spec->integer)
      out[py::str(name)] = py::int_(static_cast<long long>(v[0]));
    else if (v.size() == 1)
      out[py::str(name)] = v[0];
    else
      out[py::str(name)] = py::cast(v);
  }
  return out;
}

py::object fromJson(const std::string& text) {
  return py::module_::import("json").attr("loads")(text);
}

const SystemModel& systemNamed(const std::string& name) {
  const SystemModel* model = findSystem(name);
  if (!model)
    throw InputError("--system '" + name + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  return *model;
}

}  // namespace dms::python
