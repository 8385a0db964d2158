// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The extension dms._core: the core's systems, runs, sweeps, studies, optimal control and
// scenario files for Python. The package dms (dms/__init__.py) wraps what it returns in named
// classes. A bad input (InputError) raises ValueError with dmsim's message.
#include <string>

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
      // decoded leniently: a message quoting bytes that are not UTF-8 keeps its text (the bytes
      // as \xNN) instead of becoming an empty ValueError
      const std::string what = e.what();
      PyObject* text =
          PyUnicode_DecodeUTF8(what.data(), Py_ssize_t(what.size()), "backslashreplace");
      PyErr_SetObject(PyExc_ValueError, text);
      Py_XDECREF(text);
    }
  });
  defineSystems(m);
  defineRun(m);
  defineSweep(m);
  defineStudies(m);
  defineControl(m);
  defineScenario(m);
  defineSimulator(m);
  defineEnsemble(m);
}
