// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/src/convert.h"

#include <memory>
#include <optional>

#include "core/lie/so3.h"
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

std::vector<StatePart> partsOf(const py::object& state) {
  if (!py::isinstance<py::dict>(state))
    throw InputError("state must be a dict of the state's parts (e.g. sim.state), got " +
                     std::string(py::str(state.get_type().attr("__name__"))));
  std::vector<StatePart> parts;
  py::module_ np = py::module_::import("numpy");
  for (const auto& item : state.cast<py::dict>()) {
    StatePart p;
    p.name = py::str(item.first);
    py::array_t<double, py::array::c_style | py::array::forcecast> a;
    try {
      a = np.attr("asarray")(item.second, "float64");
    } catch (const py::error_already_set&) {
      throw InputError("state part '" + p.name + "' is not an array of numbers");
    }
    for (py::ssize_t i = 0; i < a.ndim(); ++i) p.shape.push_back(int(a.shape(i)));
    p.values.assign(a.data(), a.data() + a.size());
    parts.push_back(std::move(p));
  }
  return parts;
}

namespace {

// a value with rows: a NumPy array of two dimensions or a sequence of sequences (None: not one)
std::optional<std::vector<std::vector<double>>> rowsOf(const std::string& name,
                                                       const py::handle& value) {
  const py::module_ np = py::module_::import("numpy");
  if (py::isinstance<py::str>(value) || !py::hasattr(value, "__len__")) return std::nullopt;
  py::array a;
  try {
    a = np.attr("asarray")(value, py::arg("dtype") = "float64");
  } catch (const py::error_already_set&) {
    return std::nullopt;
  }
  if (a.ndim() != 2) return std::nullopt;
  if (a.shape(1) != 3)
    throw InputError("params['" + name + "'] has shape (" + std::to_string(a.shape(0)) + ", " +
                     std::to_string(a.shape(1)) + "): a matrix parameter has rows of 3");
  const auto rows = a.cast<py::array_t<double, py::array::c_style | py::array::forcecast>>();
  const auto r = rows.unchecked<2>();
  std::vector<std::vector<double>> out(std::size_t(r.shape(0)), std::vector<double>(3));
  for (py::ssize_t i = 0; i < r.shape(0); ++i)
    for (py::ssize_t j = 0; j < 3; ++j) out[std::size_t(i)][std::size_t(j)] = r(i, j);
  return out;
}

// the parameter an attitude matrix "R0" sets: the system's one rotation vector, if it has one
const ParamSpec* attitudeParam(const std::vector<ParamSpec>& specs) {
  const ParamSpec* found = nullptr;
  for (const ParamSpec& s : specs) {
    if (s.dim != 3 || s.unit != "rad") continue;
    if (found) return nullptr;
    found = &s;
  }
  return found;
}

}  // namespace

ParamValues paramValues(const py::object& params, const SystemModel& model) {
  if (params.is_none()) return {};
  if (!py::isinstance<py::dict>(params)) return paramValues(params);
  // the table the structural values given make (a chain's n): its per-link names
  ParamValues structural;
  for (const std::string& s : model.structuralParams()) {
    const py::dict d = params.cast<py::dict>();
    if (d.contains(s)) {
      py::dict one;
      one[py::str(s)] = d[py::str(s)];
      structural[s] = paramValues(one).at(s);
    }
  }
  const std::vector<ParamSpec> specs = model.paramsFor(structural);
  py::dict plain;
  ParamValues out;
  for (const auto& [key, value] : params.cast<py::dict>()) {
    const std::string name = py::str(key);
    const auto rows = rowsOf(name, value);
    if (!rows) {
      plain[key] = value;
      continue;
    }
    // a rotation matrix for a rotation vector (attitudes: att0, rotvec0, rotvec1, rotvec2), or
    // R0 for the system's one attitude
    const ParamSpec* spec = findSpec(specs, name);
    const ParamSpec* rotation = name == "R0" ? attitudeParam(specs)
                                : spec && spec->dim == 3 && spec->unit == "rad" ? spec
                                                                                : nullptr;
    if (rotation && rows->size() == 3) {
      Matrix3d R;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) R(i, j) = (*rows)[std::size_t(i)][std::size_t(j)];
      const Vector3d a = rotationVectorOf(R, "params['" + name + "']");
      out[rotation->name] = {a.x(), a.y(), a.z()};
      continue;
    }
    // one row per link: NAME_1 .. NAME_k (a chain's q0 and omega0 as (n, 3) arrays)
    if (!spec && findSpec(specs, name + "_1")) {
      for (std::size_t i = 0; i < rows->size(); ++i) {
        const std::string each = name + "_" + std::to_string(i + 1);
        const ParamSpec* s = findSpec(specs, each);
        if (!s || s->dim != 3) {
          std::string known;
          for (std::size_t k = 1; findSpec(specs, name + "_" + std::to_string(k)); ++k)
            known = name + "_1 .. " + name + "_" + std::to_string(k);
          throw InputError("params['" + name + "'] has " + std::to_string(rows->size()) +
                           " rows, but " + model.name() + " has " + known +
                           " (give its structural parameters too, e.g. n)");
        }
        out[each] = (*rows)[i];
      }
      continue;
    }
    throw InputError("params['" + name + "'] is a matrix of " + std::to_string(rows->size()) +
                     " rows: " + model.name() +
                     " takes one for a rotation vector (a rotation matrix) or as the rows of "
                     "NAME_1 .. NAME_n only");
  }
  for (const auto& [name, value] : paramValues(plain)) out[name] = value;
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
