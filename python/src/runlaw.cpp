// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/src/runlaw.h"

namespace dms::python {

// a named state as a dict: a scalar part as a float, another as an array of its shape
py::dict partsDict(const std::vector<StatePart>& parts) {
  py::dict d;
  for (const StatePart& p : parts) {
    if (p.shape.empty()) {
      d[py::str(p.name)] = p.values.empty() ? 0.0 : p.values.front();
    } else {
      std::vector<py::ssize_t> shape(p.shape.begin(), p.shape.end());
      d[py::str(p.name)] = ownedArray(std::vector<double>(p.values), shape);
    }
  }
  return d;
}

PythonEvents pythonEvents(const py::list& events, const SystemModel& model,
                          const ParamValues& values) {
  PythonEvents out;
  for (const py::handle item : events) {
    const auto t = item.cast<py::tuple>();
    const py::object f = t[0];
    const int direction = t[1].cast<int>();
    const bool terminal = t[2].cast<bool>();
    if (py::isinstance<py::str>(f)) {
      out.specs.push_back(
          eventExpression(f.cast<std::string>(), model, values, direction, terminal));
      continue;
    }
    EventSpec spec;
    spec.label = py::hasattr(f, "__qualname__")
                     ? py::str(f.attr("__qualname__")).cast<std::string>()
                     : py::repr(f).cast<std::string>();
    spec.direction = direction;
    spec.terminal = terminal;
    // shared, so that copies of g never touch a Python reference count without the GIL
    auto fn = std::make_shared<py::object>(f);
    spec.g = [fn, raised = out.raised](double time, const std::vector<StatePart>& parts) {
      py::gil_scoped_acquire gil;
      py::object r;
      try {
        r = (*fn)(time, partsDict(parts));
      } catch (py::error_already_set& e) {
        const std::string what = py::str(e.type().attr("__name__")).cast<std::string>() + ": " +
                                 py::str(e.value()).cast<std::string>();
        raised->emplace(std::move(e));
        throw InputError("raised " + what);
      }
      try {
        return r.cast<double>();
      } catch (const py::cast_error&) {
        throw InputError("returned " + py::repr(r).cast<std::string>() + ", not a number");
      }
    };
    out.specs.push_back(std::move(spec));
  }
  return out;
}

// the located events as dicts: event (index), t, direction, terminal, state (partsDict)
py::list eventsList(const std::vector<LocatedEvent>& events) {
  py::list out;
  for (const LocatedEvent& e : events) {
    py::dict d;
    d["event"] = e.event;
    d["t"] = e.t;
    d["direction"] = e.direction;
    d["terminal"] = e.terminal;
    d["state"] = partsDict(e.state);
    out.append(d);
  }
  return out;
}

}  // namespace dms::python
