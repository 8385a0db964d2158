// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.Simulator: the forced simulator (core/sim/simulator.h) for Python, its state as a
// dict of arrays in the system's names, its control as a flat array in the declared order.
#include "core/sim/simulator.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "core/sim/controllaw.h"
#include "core/sim/lqrlaw.h"
#include "core/sim/tangentcoords.h"
#include "core/systems/typedpotential.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

py::dict dictOf(const std::vector<StatePart>& parts) {
  py::dict out;
  for (const StatePart& p : parts) {
    if (p.shape.empty()) {
      out[py::str(p.name)] = py::float_(p.values.at(0));
      continue;
    }
    std::vector<py::ssize_t> shape(p.shape.begin(), p.shape.end());
    out[py::str(p.name)] = ownedArray(std::vector<double>(p.values), shape);
  }
  return out;
}

// a matrix as a 2-d array (rows x cols)
py::array_t<double> matrixArray(const MatrixXd& m) {
  std::vector<double> values(std::size_t(m.size()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) values[std::size_t(i * m.cols() + j)] = m(i, j);
  return ownedArray(std::move(values), {py::ssize_t(m.rows()), py::ssize_t(m.cols())});
}

// u given as an array-like, flat; None: empty
VectorXd controlOf(const py::object& u, std::size_t size) {
  if (u.is_none()) return VectorXd();
  py::array_t<double, py::array::c_style | py::array::forcecast> a;
  try {
    a = py::module_::import("numpy").attr("asarray")(u, "float64");
  } catch (const py::error_already_set&) {
    throw InputError("u must be an array of numbers");
  }
  if (a.ndim() > 1)
    throw InputError("u must be a flat array of " + std::to_string(size) +
                     " numbers (the control channels in order), got " + std::to_string(a.ndim()) +
                     " dimensions");
  return Eigen::Map<const VectorXd>(a.data(), a.size());
}

class PySimulator {
 public:
  PySimulator(const std::string& system, const std::string& methodText, const py::dict& settings,
              const py::object& params, const std::optional<std::string>& potential,
              const py::object& state) {
    if (potential) m_typed = withPotential(systemNamed(system), *potential);
    const SystemModel& model = m_typed ? *m_typed : systemNamed(system);
    const Method method = parseMethod(methodText);
    IntegratorSettings st = model.defaultSettings();
    applySettings(st, settings);
    std::optional<std::vector<StatePart>> parts;
    if (!state.is_none()) parts = partsOf(state);
    m_sim = std::make_unique<Simulator>(model, method, paramValues(params, model), st,
                                        parts ? &*parts : nullptr, &m_warnings);
  }

  // one step; a failed one raises RuntimeError with the reason (the state stays the last good)
  void step(const py::object& u) {
    const bool ok = u.is_none() ? m_sim->step() : m_sim->step(controlOf(u, m_sim->controlSize()));
    if (!ok) throw std::runtime_error(m_sim->failure().reason);
  }

  // n steps with no control, the GIL released, Ctrl+C checked between chunks
  void steps(std::int64_t n) {
    constexpr std::int64_t kChunk = 4096;
    bool ok = true;
    for (std::int64_t done = 0; done < n && ok;) {
      const std::int64_t next = std::min(n, done + kChunk);
      {
        py::gil_scoped_release nogil;
        for (; done < next && ok; ++done) ok = m_sim->step();
      }
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    if (!ok) throw std::runtime_error(m_sim->failure().reason);
  }

  // n steps closed by the typed law `text` (core/sim/controllaw.h; compiled once per text), the
  // GIL released; a law that gives NaN or inf, or a failed step, raises RuntimeError with the
  // reason (the steps before it kept)
  void stepsLaw(std::int64_t n, const std::string& text) {
    if (!m_law || m_lawText != text) {
      const TypedControlLaw law = parseControlLaw(m_sim->model(), m_sim->values(), text);
      m_law = compileControlLaw(law, m_sim->model(), m_sim->method(), m_sim->settings().h);
      m_lawText = text;
    }
    constexpr std::int64_t kChunk = 4096;
    VectorXd u = VectorXd::Zero(Eigen::Index(m_sim->controlSize()));
    std::string why;
    bool ok = true;
    for (std::int64_t done = 0; done < n && ok;) {
      const std::int64_t next = std::min(n, done + kChunk);
      {
        py::gil_scoped_release nogil;
        for (; done < next && ok; ++done) {
          const Sample& s = m_sim->sample();
          if (!m_law(s, u, &why)) {
            why = "the control at t = " + formatNumber(s.t) + " failed: " + why;
            ok = false;
            break;
          }
          ok = m_sim->step(u);
          if (!ok) why = m_sim->failure().reason;
        }
      }
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    if (!ok) throw std::runtime_error(why);
  }

  Simulator& sim() { return *m_sim; }
  const std::vector<std::string>& warnings() const { return m_warnings; }

 private:
  ControlLaw m_law;
  std::string m_lawText;
  std::shared_ptr<const SystemModel> m_typed;
  std::vector<std::string> m_warnings;
  std::unique_ptr<Simulator> m_sim;
};

// a 2-d array-like as a matrix; None: empty
MatrixXd matrixOf(const py::object& a, const char* name) {
  if (a.is_none()) return MatrixXd();
  py::array_t<double, py::array::c_style | py::array::forcecast> m;
  try {
    m = py::module_::import("numpy").attr("asarray")(a, "float64");
  } catch (const py::error_already_set&) {
    throw InputError(std::string(name) + " must be a matrix of numbers");
  }
  if (m.ndim() != 2)
    throw InputError(std::string(name) + " must be a 2-d matrix, got " + std::to_string(m.ndim()) +
                     " dimensions");
  MatrixXd out(m.shape(0), m.shape(1));
  for (py::ssize_t i = 0; i < m.shape(0); ++i)
    for (py::ssize_t j = 0; j < m.shape(1); ++j) out(i, j) = *m.data(i, j);
  return out;
}

py::dict lqr(const std::string& system, const std::string& methodText, const py::dict& settings,
             const py::object& params, const std::optional<std::string>& potential,
             const py::object& state, const py::object& u, const py::object& Q, const py::object& R,
             const std::string& reference) {
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  IntegratorSettings st = model.defaultSettings();
  applySettings(st, settings);
  std::optional<std::vector<StatePart>> parts;
  if (!state.is_none()) parts = partsOf(state);
  if (reference != "fixed" && reference != "steady-rotation")
    throw InputError("reference must be \"fixed\" or \"steady-rotation\", got \"" + reference +
                     "\"");
  const LqrDesign d =
      designLqr(model, parseMethod(methodText), paramValues(params, model), st,
                parts ? &*parts : nullptr, controlOf(u, 0), matrixOf(Q, "Q"), matrixOf(R, "R"),
                reference == "fixed" ? LqrReference::Fixed : LqrReference::SteadyRotation);
  py::dict out;
  out["A"] = matrixArray(d.derivative.A);
  out["B"] = matrixArray(d.derivative.B);
  out["K"] = matrixArray(d.lqr.K);
  out["X"] = matrixArray(d.lqr.X);
  out["iterations"] = d.lqr.iterations;
  out["residual"] = d.lqr.residual;
  out["radius"] = d.lqr.closedLoopRadius;
  out["tangent"] = d.tangent;
  out["law"] = d.law;
  out["spin"] = copyArray({d.spin.x(), d.spin.y(), d.spin.z()});
  return out;
}

}  // namespace

void defineSimulator(py::module_& m) {
  m.def("lqr", &lqr, py::arg("system"), py::arg("method"), py::arg("settings"), py::arg("params"),
        py::arg("potential"), py::arg("state"), py::arg("u"), py::arg("Q"), py::arg("R"),
        py::arg("reference"));
  py::class_<SimulatorSave>(m, "SimulatorSave").def_property_readonly("t", &SimulatorSave::t);
  py::class_<PySimulator>(m, "Simulator")
      .def(py::init<const std::string&, const std::string&, const py::dict&, const py::object&,
                    const std::optional<std::string>&, const py::object&>(),
           py::arg("system"), py::arg("method"), py::arg("settings"), py::arg("params"),
           py::arg("potential"), py::arg("state"))
      .def("step", &PySimulator::step, py::arg("u"))
      .def("steps", &PySimulator::steps, py::arg("n"))
      .def("steps_law", &PySimulator::stepsLaw, py::arg("n"), py::arg("law"))
      .def_property_readonly("t", [](PySimulator& s) { return s.sim().t(); })
      .def_property_readonly("k", [](PySimulator& s) { return s.sim().steps(); })
      .def_property_readonly("h", [](PySimulator& s) { return s.sim().settings().h; })
      .def_property_readonly("control_size", [](PySimulator& s) { return s.sim().controlSize(); })
      .def_property_readonly("warnings", &PySimulator::warnings)
      .def("get_state", [](PySimulator& s) { return dictOf(s.sim().state()); })
      .def("set_state",
           [](PySimulator& s, const py::object& state) { s.sim().setState(partsOf(state)); })
      .def("quantities",
           [](PySimulator& s) {
             const Sample& x = s.sim().sample();
             py::dict d;
             d["energy"] = x.energy;
             d["structure"] = x.structure;
             d["structure2"] = x.structure2;
             d["momentum"] = copyArray({x.momentum.x(), x.momentum.y(), x.momentum.z()});
             return d;
           })
      .def(
          "linearize",
          [](PySimulator& s, const py::object& u) {
            const StepDerivative d = s.sim().linearize(controlOf(u, s.sim().controlSize()));
            return py::make_tuple(matrixArray(d.A), matrixArray(d.B));
          },
          py::arg("u"))
      .def("symplectic_form", [](PySimulator& s) { return matrixArray(s.sim().symplecticForm()); })
      .def("tangent_names",
           [](PySimulator& s) {
             return tangentNames(s.sim().model().declaration(), s.sim().state());
           })
      .def("save", [](PySimulator& s) { return s.sim().save(); })
      .def("restore", [](PySimulator& s, const SimulatorSave& saved) { s.sim().restore(saved); })
      .def("counters", [](PySimulator& s) {
        const RunCounters c = s.sim().counters();
        py::dict d;
        d["steps"] = c.steps;
        d["rejected"] = c.rejected;
        d["fevals"] = c.fevals;
        d["newton"] = c.newton;
        return d;
      });
}

}  // namespace dms::python
