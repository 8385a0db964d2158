// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.ensemble(): core/analysis/ensemble.h for Python. The members come in as a list of
// state dicts or of parameter dicts; the result goes out as arrays with the members first.
#include "core/analysis/ensemble.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <optional>

#include "core/analysis/parallel.h"
#include "core/systems/typedpotential.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

// the members' final states, part by part, stacked with the member first: (M, *shape)
py::dict stackedFinals(const std::vector<EnsembleMember>& members) {
  py::dict out;
  if (members.empty()) return out;
  const std::vector<StatePart>& first = members.front().final;
  for (std::size_t p = 0; p < first.size(); ++p) {
    std::vector<py::ssize_t> shape{py::ssize_t(members.size())};
    for (int d : first[p].shape) shape.push_back(d);
    std::vector<double> values;
    values.reserve(members.size() * first[p].values.size());
    for (const EnsembleMember& m : members) {
      const std::vector<double>& v = m.final.at(p).values;
      values.insert(values.end(), v.begin(), v.end());
    }
    out[py::str(first[p].name)] = ownedArray(std::move(values), shape);
  }
  return out;
}

py::dict ensemble(const std::string& system, const std::string& methodText,
                  const py::dict& settings, const py::object& params,
                  const std::optional<std::string>& potential, const py::object& states,
                  const py::object& memberParams, std::optional<int> jobs) {
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  EnsembleInput in;
  in.method = parseMethod(methodText);
  in.settings = model.defaultSettings();
  applySettings(in.settings, settings);
  in.values = paramValues(params, model);
  if (!states.is_none()) {
    std::size_t i = 0;
    for (const py::handle& s : states) {
      try {
        in.states.push_back(partsOf(py::reinterpret_borrow<py::object>(s)));
      } catch (const InputError& e) {
        throw InputError("states: member " + std::to_string(i) + ": " + e.what());
      }
      ++i;
    }
  }
  if (!memberParams.is_none())
    for (const py::handle& p : memberParams) {
      ParamValues v = in.values;
      for (auto& [name, value] : paramValues(py::reinterpret_borrow<py::object>(p), model))
        v[name] = value;
      in.memberValues.push_back(std::move(v));
    }
  if (jobs && *jobs < 1) throw InputError("jobs must be >= 1, got " + std::to_string(*jobs));
  const unsigned threads = jobs ? unsigned(*jobs) : defaultJobs();
  std::atomic<bool> cancel{false};
  const std::vector<EnsembleMember> members =
      interruptible([&] { return runEnsemble(model, in, threads, &cancel); }, cancel);
  const std::size_t n = members.size();
  std::vector<double> t(n), emax(n), emean(n), smax(n), s2max(n), lmax(n), steps(n), fevals(n),
      newton(n);
  py::list failed, reasons;
  for (std::size_t i = 0; i < n; ++i) {
    const EnsembleMember& m = members[i];
    t[i] = m.t;
    emax[i] = m.summary.energyMaxDev;
    emean[i] = m.summary.energyMeanDev;
    smax[i] = m.summary.structureMax;
    s2max[i] = m.summary.structure2Max;
    lmax[i] = m.summary.momentumMaxDev;
    steps[i] = double(m.counters.steps);
    fevals[i] = double(m.counters.fevals);
    newton[i] = double(m.counters.newton);
    failed.append(m.failure.failed);
    reasons.append(m.failure.reason);
  }
  py::dict out;
  out["final"] = stackedFinals(members);
  out["t"] = copyArray(t);
  out["energy_max_dev"] = copyArray(emax);
  out["energy_mean_dev"] = copyArray(emean);
  out["structure_max_err"] = copyArray(smax);
  out["structure2_max_err"] = copyArray(s2max);
  out["angmom_max_dev"] = copyArray(lmax);
  out["steps"] = copyArray(steps);
  out["fevals"] = copyArray(fevals);
  out["newton"] = copyArray(newton);
  out["failed"] = failed;
  out["reasons"] = reasons;
  return out;
}

// the sampler's parameter sets, as dicts (for dms.ensemble(members=..., spread=...))
py::list sampleParams(const std::string& system, const py::object& params,
                      const std::optional<std::string>& potential, const py::dict& spread,
                      int members, std::uint64_t seed) {
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  std::map<std::string, double> sigma;
  for (const auto& item : spread) {
    const std::string name = py::str(item.first);
    try {
      sigma[name] = item.second.cast<double>();
    } catch (const py::cast_error&) {
      throw InputError("spread of " + name + " must be a number");
    }
  }
  py::list out;
  for (const ParamValues& v :
       sampleMembers(model, paramValues(params, model), sigma, members, seed))
    out.append(paramDict(v, model.paramsFor(v)));
  return out;
}

}  // namespace

void defineEnsemble(py::module_& m) {
  m.def("ensemble", &ensemble, py::arg("system"), py::arg("method"), py::arg("settings"),
        py::arg("params"), py::arg("potential"), py::arg("states"), py::arg("member_params"),
        py::arg("jobs"));
  m.def("sample_params", &sampleParams, py::arg("system"), py::arg("params"), py::arg("potential"),
        py::arg("spread"), py::arg("members"), py::arg("seed"));
}

}  // namespace dms::python
