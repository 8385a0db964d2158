// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What dms._core.run() makes a run of besides its system: a control law (typed or a Python
// callable) and events (typed or callables), and the named states and events as Python values.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/controllaw.h"
#include "core/sim/events.h"
#include "core/sim/namedstate.h"
#include "python/src/convert.h"

namespace dms::python {

// The run of `method`: free (control None), closed by a typed law (a str, as dmsim run
// --control) or by a Python callable control(t, state) -> u. The callable is called in the
// run's thread, which computes without the GIL: it takes the GIL for the call. An exception it
// raises, or a u of the wrong shape (ValueError), stops the run; rethrow() raises it then.
class RunWithLaw {
 public:
  RunWithLaw(const SystemModel& model, Method method, const ParamValues& values,
             const IntegratorSettings& st, const py::object& control)
      : model_(model), method_(method), control_(control) {
    if (control.is_none()) {
      run = model.makeRun(values, method, st);
      return;
    }
    if (py::isinstance<py::str>(control)) {
      const std::string text = control.cast<std::string>();
      law = parseControlLaw(model, model.normalize(values, nullptr), text);
      run = makeTypedControlledRun(model, method, values, st, text);
      controlSize = law->entries.size();
      return;
    }
    if (!PyCallable_Check(control.ptr()))
      throw py::type_error(
          "control must be a str (a typed law, as dmsim run --control) or a callable "
          "control(t, state) -> u, or None; got " +
          std::string(py::str(py::type::of(control).attr("__name__"))));
    auto sim = std::make_unique<Simulator>(model, method, values, st);
    controlSize = sim->controlSize();
    entries_ = controlEntryNames(model, sim->values());
    run = std::make_unique<ControlledRun>(
        std::move(sim),
        [this](const Sample& s, VectorXd& u, std::string* why) { return call(s, u, why); },
        st.steps());
  }
  RunWithLaw(const RunWithLaw&) = delete;
  RunWithLaw& operator=(const RunWithLaw&) = delete;

  /// Raises what the callable raised, or the ValueError of a wrong-shaped u (with the GIL).
  void rethrow() {
    if (raised_) {
      py::error_already_set e = std::move(*raised_);
      raised_.reset();
      throw e;
    }
    if (!shapeError_.empty()) throw py::value_error(shapeError_);
  }

  std::unique_ptr<Run> run;
  std::optional<TypedControlLaw> law;
  std::size_t controlSize = 0;

 private:
  bool call(const Sample& s, VectorXd& u, std::string* why) {
    py::gil_scoped_acquire gil;
    try {
      py::dict state;
      for (const StatePart& p : namedState(model_, method_, s)) {
        if (p.shape.empty()) {
          state[py::str(p.name)] = py::float_(p.values.empty() ? 0.0 : p.values[0]);
          continue;
        }
        std::vector<py::ssize_t> shape(p.shape.begin(), p.shape.end());
        py::array_t<double> a(shape);
        std::copy(p.values.begin(), p.values.end(), a.mutable_data());
        state[py::str(p.name)] = a;
      }
      const py::object out = control_(s.t, state);
      const auto a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(out);
      if (!a) throw py::error_already_set();
      const auto m = py::ssize_t(u.size());
      if (a.ndim() != 1 || a.shape(0) != m) {
        std::string shape = "(";
        for (py::ssize_t i = 0; i < a.ndim(); ++i)
          shape += (i ? ", " : "") + std::to_string(a.shape(i));
        shape += a.ndim() == 1 ? ",)" : ")";
        std::string names;
        for (const std::string& n : entries_) names += (names.empty() ? "" : " ") + n;
        shapeError_ = "control: the callable returned u of shape " + shape +
                      " at t = " + formatNumber(s.t) + "; expected (" + std::to_string(m) +
                      ",): the entries " + names;
        if (why) *why = shapeError_;
        return false;
      }
      for (py::ssize_t i = 0; i < m; ++i) u[Eigen::Index(i)] = a.data()[i];
      return true;
    } catch (py::error_already_set& e) {
      if (why) *why = std::string("the control callable raised ") + e.what();
      raised_.emplace(std::move(e));
      return false;
    }
  }

  const SystemModel& model_;
  Method method_;
  const py::object& control_;
  std::vector<std::string> entries_;
  std::optional<py::error_already_set> raised_;
  std::string shapeError_;
};

/// A named state as a dict: a scalar part as a float, another as an array of its shape.
py::dict partsDict(const std::vector<StatePart>& parts);

// The events of dms.run(events=...): (f, direction, terminal) each, f a str (a typed
// expression, core/sim/events.h) or a callable f(t, state) -> float, called with the GIL taken
// again (the run computes without it). A callable that raises stops the run: its exception is
// kept in `raised` (to be raised again in Python) and the run's failure names it.
struct PythonEvents {
  std::vector<EventSpec> specs;
  std::shared_ptr<std::optional<py::error_already_set>> raised =
      std::make_shared<std::optional<py::error_already_set>>();
};

PythonEvents pythonEvents(const py::list& events, const SystemModel& model,
                          const ParamValues& values);

/// The located events as dicts: event (index), t, direction, terminal, state (partsDict).
py::list eventsList(const std::vector<LocatedEvent>& events);

}  // namespace dms::python
