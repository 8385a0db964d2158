// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the extension's parts share: arrays that own their memory, the conversions of
// parameters and JSON, and the wait on a computation in another thread that Ctrl+C interrupts.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "core/params.h"
#include "core/systems/system.h"

namespace dms::python {

namespace py = pybind11;

/// The doubles of `values` as a NumPy array of `shape` that owns them: the vector is moved into
/// the array's base object (no copy) and freed with the array.
py::array_t<double> ownedArray(std::vector<double>&& values, std::vector<py::ssize_t> shape);
/// A copy of `values` as a 1-D NumPy array.
py::array_t<double> copyArray(const std::vector<double>& values);

/// Parameter values from a Python dict of names to numbers or sequences of numbers (None:
/// none). Throws InputError naming `params` when it is not a dict, and a value that is not a
/// number (a string, a truth value).
ParamValues paramValues(const py::object& params);
/// paramValues for `model`, which also takes arrays with rows: a 3 x 3 rotation matrix for a
/// rotation vector parameter (unit rad: att0, rotvec0, rotvec1, rotvec2; "R0" for the system's
/// one attitude), converted by the core (a matrix that is not a rotation is refused naming it),
/// and an (n, 3) array NAME for the per-link parameters NAME_1 .. NAME_n (a chain's q0, omega0).
ParamValues paramValues(const py::object& params, const SystemModel& model);
/// Parameter values as a dict: a scalar as a float (an int where its spec in `specs` takes whole
/// numbers only, a chain's n), a vector as a list.
/// Sets on `st` the settings of `given` (by any of their names, core/integrators/settingkeys.h:
/// numbers, and choices by name); InputError for a name that is no setting, two names of one
/// setting or a choice that is none of its names. The ranges are left to validateSettings().
void applySettings(IntegratorSettings& st, const py::dict& given);
/// A state given as a dict of array-likes (e.g. Simulator.state): each part's shape and values,
/// row by row. Throws InputError for another type, or a part that is not an array of numbers.
std::vector<StatePart> partsOf(const py::object& state);

py::dict paramDict(const ParamValues& values, const std::vector<ParamSpec>& specs = {});

/// JSON text as Python values (json.loads).
py::object fromJson(const std::string& text);

/// The system of a CLI name; throws InputError with dmsim's message for an unknown one.
const SystemModel& systemNamed(const std::string& name);

/// Runs `work` in a thread of its own while the calling thread, without the GIL, waits for it
/// and checks for Ctrl+C every 50 ms with the GIL taken again (Python runs signal handlers only
/// then). On a signal it sets `cancel`, waits for `work` to stop and raises the handler's
/// exception (KeyboardInterrupt). An exception of `work` is rethrown here.
template <class Work>
auto interruptible(Work work, std::atomic<bool>& cancel) -> decltype(work()) {
  using Result = decltype(work());
  std::packaged_task<Result()> task(std::move(work));
  std::future<Result> done = task.get_future();
  std::thread worker(std::move(task));
  for (;;) {
    bool ready = false;
    {
      py::gil_scoped_release nogil;
      ready = done.wait_for(std::chrono::milliseconds(50)) == std::future_status::ready;
    }
    if (ready) break;
    if (PyErr_CheckSignals() != 0) {
      cancel = true;
      {
        py::gil_scoped_release nogil;
        worker.join();
      }
      throw py::error_already_set();
    }
  }
  worker.join();
  return done.get();
}

void defineSystems(py::module_& m);
void defineRun(py::module_& m);
void defineSweep(py::module_& m);
void defineStudies(py::module_& m);
void defineControl(py::module_& m);
void defineScenario(py::module_& m);
void defineSimulator(py::module_& m);
void defineEnsemble(py::module_& m);

}  // namespace dms::python
