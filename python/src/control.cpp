// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.control(): a system's optimal-control problem solved from named fields and choices,
// as `dmsim control` solves it from its flags: the same checks and messages, the report as its
// JSON, the trajectory and the controls as NumPy arrays. The solve runs without the GIL; once
// per iteration the GIL is taken to check for Ctrl+C and to call the progress callback.
#include "core/control/reportjson.h"
#include "core/sim/registry.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

const ControlProblem& problemOf(const SystemModel& model) {
  if (const ControlProblem* p = findControlProblem(model.name())) return *p;
  throw InputError("--system '" + model.name() + "' has no optimal control (systems with " +
                   "optimal control: " + systemNames(systemsWithControl(), ", ") + ")");
}

py::list problems() {
  py::list out;
  for (const SystemModel* m : systemsWithControl()) {
    const ControlProblem& p = *findControlProblem(m->name());
    py::dict d;
    d["system"] = m->name();
    d["title"] = p.title();
    d["summary"] = p.summary();
    py::list fields;
    for (const ParamSpec& s : p.allFields()) {
      py::dict f;
      f["name"] = s.name;
      f["unit"] = s.unit;
      f["description"] = s.description;
      f["range"] = s.rangeText();
      f["default"] = s.defaultText();
      fields.append(f);
    }
    d["fields"] = fields;
    py::list choices;
    for (const ControlChoice& c : p.choices()) {
      py::dict e;
      e["name"] = c.name;
      e["description"] = c.description;
      py::list values;
      for (const ControlChoice::Value& v : c.values) values.append(v.value);
      e["values"] = values;
      choices.append(e);
    }
    d["choices"] = choices;
    py::list expressions;
    for (const ControlExpressionField& f : p.expressionFields()) {
      py::dict e;
      e["name"] = f.name;
      e["description"] = f.description;
      e["empty_means"] = f.emptyMeans;
      expressions.append(e);
    }
    d["expressions"] = expressions;
    out.append(d);
  }
  return out;
}

py::dict iterationDict(const IterationReport& r) {
  py::dict d;
  d["iteration"] = r.iteration;
  d["evaluations"] = r.evaluations;
  d["cost"] = r.cost;
  d["constraint_violation"] = r.constraintViolation;
  d["residual"] = r.residual ? py::object(py::float_(*r.residual)) : py::none();
  return d;
}

py::dict control(const std::string& system, const py::dict& fields, const py::object& progress) {
  const SystemModel& model = systemNamed(system);
  const ControlProblem& p = problemOf(model);
  // fields by name, as dmsim control's --set NAME=VALUE and flags; choices by name as its
  // --CHOICE flags
  ControlRequest request;
  const std::vector<ParamSpec> specs = p.allFields();
  for (const auto& [key, value] : fields) {
    const std::string name = py::str(key);
    // a field typed as an expression (running_cost, terminal_cost): its text
    bool expression = false;
    for (const ControlExpressionField& f : p.expressionFields())
      expression = expression || f.name == name;
    if (expression) {
      if (!py::isinstance<py::str>(value))
        throw InputError(name + ": an expression is text, e.g. " + name + "=\"tau1^2\"");
      request.expressions[name] = py::str(value);
      continue;
    }
    bool choice = false;
    for (const ControlChoice& c : p.choices()) choice = choice || c.name == name;
    if (choice) {
      request.choices[name] = py::str(value);
      continue;
    }
    py::dict one;
    one[key] = value;
    const std::vector<double> v = paramValues(one).at(name);
    ParamValues checked;
    applyAssignment(specs, checked, name, v);
    request.values[name] = v;
  }
  p.completeChoices(request);
  p.check(request);
  const std::vector<std::string> warnings = p.warnings(request);

  // the callback's or Ctrl+C's exception, raised once the solve has stopped
  std::optional<py::error_already_set> error;
  ProgressCallback onIteration = [&](const IterationReport& r) {
    py::gil_scoped_acquire gil;
    if (error) return false;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      if (!progress.is_none()) {
        const py::object keepGoing = progress(iterationDict(r));
        if (!keepGoing.is_none() && !keepGoing.cast<bool>()) return false;
      }
    } catch (py::error_already_set& e) {
      error = std::move(e);
      return false;
    }
    return true;
  };
  ControlResult result;
  {
    py::gil_scoped_release nogil;
    result = p.solve(request, onIteration);
  }
  if (error) throw *error;
  if (result.badInput) throw InputError(result.message);

  py::dict out;
  out["report"] = controlReportJson(model.name(), result);
  out["warnings"] = warnings;
  out["converged"] = result.converged;
  out["cancelled"] = result.cancelled;
  out["status"] = result.status;
  out["message"] = result.message;
  out["iterations"] = result.iterations;
  out["evaluations"] = result.evaluations;
  out["cost"] = result.cost;
  out["terminal_error"] = result.terminalError;
  py::list history;
  for (const IterationReport& r : result.history) history.append(iterationDict(r));
  out["history"] = history;
  const auto n = py::ssize_t(result.samples.size());
  std::vector<double> t, energy, structure, position;
  for (const Sample& s : result.samples) {
    t.push_back(s.t);
    energy.push_back(s.energy);
    structure.push_back(s.structure);
    position.insert(position.end(), s.position.data(), s.position.data() + 3);
  }
  out["t"] = ownedArray(std::move(t), {n});
  out["energy"] = ownedArray(std::move(energy), {n});
  out["structure"] = ownedArray(std::move(structure), {n});
  out["position"] = ownedArray(std::move(position), {n, 3});
  py::list channels;
  const std::vector<ControlChannel> info = p.channels();
  for (std::size_t c = 0; c < result.controls.size(); ++c) {
    // a vector channel's three components, a scalar's one
    const int entries = c < info.size() ? info[c].components : 3;
    std::vector<double> u;
    for (const Vector3d& v : result.controls[c]) u.insert(u.end(), v.data(), v.data() + entries);
    py::dict e;
    e["symbol"] = c < info.size() ? info[c].symbol : "u" + std::to_string(c + 1);
    e["unit"] = c < info.size() ? info[c].unit : "";
    const auto rows = py::ssize_t(result.controls[c].size());
    e["values"] = entries == 1 ? ownedArray(std::move(u), {rows})
                               : ownedArray(std::move(u), {rows, py::ssize_t(entries)});
    channels.append(e);
  }
  out["controls"] = channels;
  out["control_times"] = copyArray(result.controlTimes);
  out["csv_columns"] = result.csvColumns;
  std::vector<double> table;
  for (const std::vector<double>& row : result.csvRows)
    table.insert(table.end(), row.begin(), row.end());
  out["table"] = ownedArray(std::move(table), {py::ssize_t(result.csvRows.size()),
                                               py::ssize_t(result.csvColumns.size())});
  return out;
}

}  // namespace

void defineControl(py::module_& m) {
  m.def("control_problems", &problems);
  m.def("control", &control, py::arg("system"), py::arg("fields"), py::arg("progress"));
}

}  // namespace dms::python
