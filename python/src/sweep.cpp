// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.sweep() and merge_sweeps(): the sweep of core/analysis/sweep.h on `jobs` threads,
// as `dmsim sweep`'s JSON (with its "shard" object, which the merge reads back). The calling
// thread waits without the GIL and a Ctrl+C cancels the runs not yet finished. sweep_plan()
// checks a sweep and counts its runs without running it.
#include <cmath>
#include <optional>

#include "core/analysis/parallel.h"
#include "core/analysis/sweepinput.h"
#include "core/analysis/sweepjson.h"
#include "core/sim/runinput.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

unsigned jobsOf(const std::optional<double>& jobs) {
  return jobs ? sweepJobs(*jobs, formatNumber(*jobs)) : defaultJobs();
}

// the sweep as dmsim sweep checks its flags, with its messages, and what was normalized in its
// parameters
SweepSpec specOf(const std::string& system, const std::optional<std::vector<std::string>>& methods,
                 const std::optional<std::vector<double>>& h,
                 const std::optional<std::vector<double>>& rtol, std::optional<double> T,
                 const py::object& params, std::vector<std::string>* warnings) {
  const SystemModel& model = systemNamed(system);
  SweepSpec spec = defaultSweep(model);
  if (methods) {
    std::string given;
    for (const std::string& name : *methods) given += (given.empty() ? "" : ",") + name;
    spec.methods = sweepMethods(model, *methods, given, bool(h), bool(rtol));
  }
  // steps given replace every method's, the high orders' own included
  if (h) {
    spec.steps = *h;
    spec.ownSteps.clear();
  }
  if (rtol) spec.rtols = *rtol;
  if (T) setSweepHorizon(spec, *T);
  spec.parameters = normalizeReported(model, paramValues(params, model), warnings);
  validateSweep(spec);
  return spec;
}

py::dict sweep(const std::string& system, const std::optional<std::vector<std::string>>& methods,
               const std::optional<std::vector<double>>& h,
               const std::optional<std::vector<double>>& rtol, std::optional<double> T,
               const py::object& params, std::optional<double> jobs,
               const std::optional<std::string>& shardText) {
  std::vector<std::string> warnings;
  const SweepSpec spec = specOf(system, methods, h, rtol, T, params, &warnings);
  const unsigned threads = jobsOf(jobs);
  const Shard shard = shardText ? parseShard(*shardText) : Shard{};

  std::atomic<bool> cancel{false};
  const SweepResult r =
      interruptible([&]() { return runSweep(spec, shard, threads, &cancel); }, cancel);
  py::dict out;
  out["json"] = sweepToJson(r, true);
  out["warnings"] = warnings;
  out["sharded"] = bool(shardText);
  return out;
}

// the checks of sweep() and the number of its runs, without running it (dms.sweep with an
// executor checks its input in the caller before it sends the shards away)
py::dict sweepPlan(const std::string& system,
                   const std::optional<std::vector<std::string>>& methods,
                   const std::optional<std::vector<double>>& h,
                   const std::optional<std::vector<double>>& rtol, std::optional<double> T,
                   const py::object& params) {
  std::vector<std::string> warnings;
  const SweepSpec spec = specOf(system, methods, h, rtol, T, params, &warnings);
  py::dict out;
  out["runs"] = sweepPoints(spec).size();
  out["warnings"] = warnings;
  return out;
}

// the shards' JSON texts (sweep()'s "json") joined into the unsliced sweep's
std::string merge(const std::vector<std::string>& texts) {
  std::vector<SweepResult> shards;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    names.push_back("sweeps[" + std::to_string(i) + "]");
    shards.push_back(sweepFromJson(texts[i], names.back()));
  }
  return sweepToJson(mergeSweeps(shards, names), true);
}

}  // namespace

void defineSweep(py::module_& m) {
  m.def("sweep", &sweep, py::arg("system"), py::arg("methods"), py::arg("h"), py::arg("rtol"),
        py::arg("T"), py::arg("params"), py::arg("jobs"), py::arg("shard"));
  m.def("sweep_plan", &sweepPlan, py::arg("system"), py::arg("methods"), py::arg("h"),
        py::arg("rtol"), py::arg("T"), py::arg("params"));
  m.def("merge_sweeps", &merge, py::arg("texts"));
}

}  // namespace dms::python
