// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The extension dms._core: the core's systems, runs, sweeps, studies, optimal control and
// scenario files for Python. The package dms (dms/__init__.py) wraps what it returns in named
// classes. A bad input (InputError) raises ValueError with dmsim's message.
#include "core/version.h"
#include "python/src/convert.h"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  using namespace dms::python;
  m.doc() = "The compiled core of the package dms; use dms, not this module.";
  m.attr("__version__") = DMS_VERSION;
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const dms::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  defineSystems(m);
  defineRun(m);
  defineSweep(m);
  defineStudies(m);
  defineControl(m);
  defineScenario(m);
}
