// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.run(): one run from t = 0 to T, its samples into arrays that NumPy then owns (one
// vector per quantity, reserved for the run's sample count, moved into the arrays without a
// copy and without a Python object per sample), its summary as `dmsim run`'s JSON. The GIL is
// released while the run computes; Ctrl+C is checked between chunks of samples.
#include <algorithm>
#include <limits>
#include <map>
#include <optional>

#include "core/analysis/parallel.h"
#include "core/integrators/settingkeys.h"
#include "core/io/atomicfile.h"
#include "core/io/runcsv.h"
#include "core/sim/bodies.h"
#include "core/sim/controllaw.h"
#include "core/sim/events.h"
#include "core/sim/namedstate.h"
#include "core/sim/output.h"
#include "core/sim/runinput.h"
#include "core/sim/runreport.h"
#include "core/systems/typedpotential.h"
#include "python/src/convert.h"
#include "python/src/runcolumns.h"
#include "python/src/runlaw.h"

namespace dms::python {
namespace {

/// Samples between two checks for Ctrl+C (a few milliseconds of the slowest system's steps).
constexpr std::size_t kChunk = 4096;

// dms.run's every, t_eval and final_only as the core's choice, checked for a run of `method`
// with settings `st` (the names in the messages are Python's)
OutputChoice outputChoice(const std::optional<std::int64_t>& every,
                          const std::optional<std::vector<double>>& times, bool finalOnly,
                          Method method, const IntegratorSettings& st) {
  OutputChoice c;
  c.every = every;
  c.times = times;
  c.finalOnly = finalOnly;
  const bool atSteps = settingKey("sampling").readBy(method) && st.sampling != RkSampling::Output;
  validateOutput(c, atSteps ? st.T : double(st.steps()) * st.h, st.T, {});
  return c;
}

}  // namespace

void applySettings(IntegratorSettings& st, const py::dict& given) {
  std::map<const SettingKey*, std::string> seen;
  for (const auto& [nameObject, value] : given) {
    const std::string name = py::str(nameObject);
    const SettingKey& k = settingKey(name);
    if (seen.count(&k))
      throw InputError(seen[&k] + " and " + name + " are the same setting (" + k.name +
                       "): give one");
    seen[&k] = name;
    if (k.isChoice())
      k.setChoice(st, parseChoice(k, value.cast<std::string>()));
    else
      setSettingNumber(st, k, value.cast<double>());
  }
}

namespace {

// the system's set-up with the settings given, checked (validateSettings)
IntegratorSettings settingsOf(const SystemModel& model, const py::dict& given) {
  IntegratorSettings st = model.defaultSettings();
  applySettings(st, given);
  validateSettings(st);
  return st;
}

// `settings`: the settings given, by any of their names (the others are the system's set-up's)
// `warnings`: those of the input so far (a scenario file's), to which the run's are added
// `reportIgnored`: whether the settings were given by the caller (not a scenario file's), so
// that those the method does not read are said
// `control`: None, a typed law (str) or a callable (RunWithLaw)
// `every`, `times`, `finalOnly`: the samples kept (core/sim/output.h: dms.run's every, t_eval,
// final_only); the summary covers every sample
// `stream`: None, or a callable given the samples kept in chunks (a dict of arrays, the keys of
// Columns::arrays) as they are made, instead of the arrays returned (then empty)
py::dict run(const std::string& system, const std::string& methodText, const py::dict& settings,
             const py::object& params, std::vector<std::string> warnings,
             const std::optional<std::string>& potential, bool reportIgnored,
             const py::list& events, const py::object& control,
             const std::optional<std::int64_t>& every,
             const std::optional<std::vector<double>>& times, bool finalOnly,
             const py::object& stream) {
  // checked in dmsim run's order, with its messages; a typed potential makes its own instance
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  const Method method = parseMethod(methodText);
  if (!model.hasMethod(method))
    throw InputError("--integrator '" + methodName(method) + "' is not available for " + system);
  const IntegratorSettings st = settingsOf(model, settings);
  if (const std::optional<std::string> w = horizonWarning(method, st)) warnings.push_back(*w);
  std::vector<GivenSetting> given;
  if (reportIgnored)
    for (const auto& item : settings) {
      const std::string name = py::str(item.first);
      given.push_back({&settingKey(name), name});
    }
  if (const std::string w = ignoredSettingsWarning(method, given); !w.empty())
    warnings.push_back(w);
  const ParamValues values = normalizeReported(model, paramValues(params, model), &warnings);

  RunOutcome outcome;
  outcome.summary = RunSummary(conservedMomentumMask(model, values));
  const OutputChoice choice = outputChoice(every, times, finalOnly, method, st);
  const bool streaming = !stream.is_none();
  if (streaming && !PyCallable_Check(stream.ptr()))
    throw py::type_error("stream must be a callable stream(chunk), or None");
  RunWithLaw closed(model, method, values, st, control);
  Run* r = closed.run.get();
  const std::vector<std::string> stateNames = r->stateNames();
  // t_k = k h, k = 0..N, unless RK45 is sampled at its own steps (then the vectors grow): the
  // samples kept, reserved up front (a chunk's worth when they are streamed)
  const bool sampledAtSteps = methodInfo(method).adaptive && st.sampling == RkSampling::Steps;
  const std::size_t kept = keptSampleCount(choice, st.steps(), !sampledAtSteps);
  const std::size_t reserved = streaming ? std::min(kept, kChunk + 1) : kept;
  const bool momentum = model.hasAngularMomentum();
  const bool structure2 = !model.structure2Name().empty();
  // a few named states read the drawn point (SystemModel::namedStateNeedsPose): only then the
  // whole sample, and its position and velocity kept
  const bool pose = model.namedStateNeedsPose(method);
  const SampleFields fields = pose ? SampleFields::All : SampleFields::Metrics;
  Columns columns(stateNames.size(), momentum, structure2, pose, reserved);
  if (!control.is_none()) columns.recordControl(closed.controlSize, reserved);
  RunShadow shadow(model, values, method, st.h);
  // the shadow energy's values at the samples kept by every k-th (none at given times or at
  // the final one: the summary's shadow_max_dev covers every sample)
  EverySample all(outcome, shadow, choice.times || choice.finalOnly ? 0 : choice.stride());
  // the last sample is the last one kept, but at given times or streamed
  if (choice.times || streaming) all.trackLast();
  // the events (a bad expression is refused here, before the run), located between the run and
  // the output choice, which passes every sample to `all` and those kept to the columns
  PythonEvents pyEvents = pythonEvents(events, model, values);
  struct Forward final : SampleSink {
    SampleSink* to = nullptr;
    void take(const Sample& s) override { to->take(s); }
  } head;
  std::optional<EventLocator> locator;
  if (!pyEvents.specs.empty()) locator.emplace(model, method, pyEvents.specs, *r, head);
  OutputSelector selector(model, method, choice, *r, all, columns,
                          locator && locator->dense() ? &locator->stepObserver() : nullptr);
  // every sample kept: each into the summary and the columns by one call (both final: the
  // calls are direct), as without a choice
  struct Both final : SampleSink {
    EverySample& all;
    Columns& columns;
    Both(EverySample& a, Columns& c) : all(a), columns(c) {}
    void take(const Sample& s) override {
      all.take(s);
      columns.take(s);
    }
  } both(all, columns);
  head.to = choice.all() ? static_cast<SampleSink*>(&both) : &selector;
  if (choice.times) columns.recordNamed(&selector);
  const auto flush = [&] {
    if (streaming && columns.size() > 0) stream(columns.arrays(reserved));
  };
  bool more = true;
  while (more) {
    {
      py::gil_scoped_release nogil;
      const double c0 = threadCpuSeconds();
      more = locator ? advanceWithEvents(*r, *locator, kChunk, fields)
                     : r->advance(*head.to, kChunk, fields);
      if (!more) selector.finish();
      outcome.cpuSeconds += threadCpuSeconds() - c0;
    }
    closed.rethrow();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    flush();
  }
  if (!choice.times && !streaming) outcome.last = columns.last();
  outcome.counters = r->counters();
  outcome.failure = r->failure();
  outcome.shadow = shadow.summary();
  if (locator) takeEvents(*locator, outcome);
  // the rule dmsim run follows: a fixed-step run that cannot make its first step is bad input,
  // another failure a failed run with a warning
  // another failure, an event's, is not h's
  if (!outcome.eventFailed)
    refuseFailedFirstStep(model, method, st, outcome.failure, outcome.summary.samples,
                          settingKey("h").flag);
  if (const std::string w = failureWarning(outcome.failure); !w.empty()) warnings.push_back(w);

  py::dict out = columns.arrays(0);
  std::string summary =
      withBodies(runReportJson(model, method, st, outcome, warnings), model, values);
  if (closed.law) summary = withControlLaw(summary, *closed.law);
  out["summary"] = summary;
  out["warnings"] = warnings;
  if (control.is_none()) out["control"] = py::none();
  const auto nShadow = py::ssize_t(all.shadowT.size());
  out["shadow_t"] = ownedArray(std::move(all.shadowT), {nShadow});
  out["shadow_value"] = ownedArray(std::move(all.shadowValue), {nShadow});
  out["shadow_order"] = outcome.shadow.order > 0 ? py::object(py::int_(outcome.shadow.order))
                                                 : py::object(py::none());
  out["shadow_reason"] = outcome.shadow.reason.empty() ? py::object(py::none())
                                                       : py::object(py::str(outcome.shadow.reason));
  out["state_names"] = stateNames;
  out["parameters"] = paramDict(values, model.paramsFor(values));
  out["status"] = outcome.failure.failed ? "failed" : "ok";
  out["failure"] =
      outcome.failure.failed ? py::object(py::str(outcome.failure.reason)) : py::none();
  out["failure_time"] =
      outcome.failure.failed ? py::object(py::float_(outcome.failure.time)) : py::none();
  out["events"] = eventsList(outcome.events);
  out["stopped_by_event"] = outcome.stoppedByEvent ? py::object(py::int_(*outcome.stoppedByEvent))
                                                   : py::object(py::none());
  // the exception a callable event raised, with its traceback, for Python to raise again
  out["event_exception"] = py::none();
  if (*pyEvents.raised) {
    const py::error_already_set& e = **pyEvents.raised;
    py::object exc = e.value();
    if (e.trace() && !e.trace().is_none()) exc.attr("__traceback__") = e.trace();
    out["event_exception"] = exc;
  }
  return out;
}

// The run of run()'s arguments made again, each sample streamed through the CSV writer of the
// app and dmsim run --csv (core/io/runcsv.h) into `path` (atomically: written only when
// complete). A run is deterministic: its samples are those the arrays hold, and the drawn point
// (x, y, z), which the arrays do not keep, comes with them. Returns the number of rows.
std::size_t runCsv(const std::string& path, const std::string& system,
                   const std::string& methodText, const py::dict& settings,
                   const py::object& params, const std::optional<std::string>& potential,
                   const py::list& events, const py::object& control,
                   const std::optional<std::int64_t>& every,
                   const std::optional<std::vector<double>>& times, bool finalOnly) {
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  const Method method = parseMethod(methodText);
  const IntegratorSettings st = settingsOf(model, settings);
  const OutputChoice choice = outputChoice(every, times, finalOnly, method, st);
  std::vector<std::string> warnings;
  const ParamValues values = model.normalize(paramValues(params, model), &warnings);
  AtomicFile file;
  if (!file.open(path)) throw InputError("to_csv: " + file.error());
  RunWithLaw closed(model, method, values, st, control);
  Run* r = closed.run.get();
  RunCsvWriter writer(file.stream(), model, {r->stateNames()});
  if (!control.is_none()) writer.addControlColumns(controlEntryNames(model, values));
  writer.writeHeader();
  // the shadow_energy column follows every row, and so only a file of every sample; the rows
  // kept otherwise measure energy_dev from the run's first sample, which is not always a row
  RunShadow shadow(model, values, method, st.h);
  if (choice.all()) {
    writer.beginRun(0, method);
    writer.followShadow(shadow);
  }
  struct First final : SampleSink {
    RunCsvWriter& csv;
    Method method;
    bool begun;
    First(RunCsvWriter& w, Method m, bool b) : csv(w), method(m), begun(b) {}
    void take(const Sample& s) override {
      if (!begun) csv.beginRun(0, method, s.energy);
      begun = true;
    }
  } first(writer, method, choice.all());
  struct Counter final : SampleSink {
    RunCsvWriter& csv;
    std::size_t rows = 0;
    explicit Counter(RunCsvWriter& w) : csv(w) {}
    void take(const Sample& s) override {
      csv.take(s);
      ++rows;
    }
  } counter(writer);
  // the same events, so that a terminal one ends the file where it ended the run
  PythonEvents pyEvents = pythonEvents(events, model, values);
  struct Forward final : SampleSink {
    SampleSink* to = nullptr;
    void take(const Sample& s) override { to->take(s); }
  } head;
  std::optional<EventLocator> locator;
  if (!pyEvents.specs.empty()) locator.emplace(model, method, pyEvents.specs, *r, head);
  OutputSelector selector(model, method, choice, *r, first, counter,
                          locator && locator->dense() ? &locator->stepObserver() : nullptr);
  head.to = &selector;
  bool more = true;
  while (more) {
    {
      py::gil_scoped_release nogil;
      more = locator ? advanceWithEvents(*r, *locator, kChunk, SampleFields::All)
                     : r->advance(head, kChunk, SampleFields::All);
      if (!more) selector.finish();
    }
    closed.rethrow();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
  if (*pyEvents.raised) throw **pyEvents.raised;
  writer.finish();
  if (!file.commit()) throw InputError("to_csv: " + file.error());
  return counter.rows;
}

// the named states (core/sim/namedstate.h) of a run's stored samples: for each part an array
// of shape (N, *part's shape), in the system's order
py::dict namedStates(const std::string& system, const std::string& methodText,
                     const py::array_t<double, py::array::c_style>& t,
                     const py::array_t<double, py::array::c_style>& state,
                     const std::optional<py::array_t<double, py::array::c_style>>& pose) {
  const SystemModel& model = systemNamed(system);
  const Method method = parseMethod(methodText);
  const py::ssize_t n = t.shape(0), d = state.shape(1);
  const auto tv = t.unchecked<1>();
  const auto sv = state.unchecked<2>();
  std::vector<std::string> names;
  std::vector<std::vector<int>> shapes;
  std::vector<std::vector<double>> values;
  {
    py::gil_scoped_release nogil;
    Sample s;
    s.state.resize(d);
    for (py::ssize_t k = 0; k < n; ++k) {
      s.t = tv(k);
      for (py::ssize_t i = 0; i < d; ++i) s.state[Eigen::Index(i)] = sv(k, i);
      if (pose) {
        const auto pv = pose->unchecked<2>();
        s.position = Vector3d(pv(k, 0), pv(k, 1), pv(k, 2));
        s.velocity = Vector3d(pv(k, 3), pv(k, 4), pv(k, 5));
      }
      const std::vector<StatePart> parts = namedState(model, method, s);
      if (k == 0) {
        for (const StatePart& p : parts) {
          names.push_back(p.name);
          shapes.push_back(p.shape);
          values.emplace_back().reserve(std::size_t(n) * p.values.size());
        }
      }
      for (std::size_t i = 0; i < parts.size(); ++i)
        values[i].insert(values[i].end(), parts[i].values.begin(), parts[i].values.end());
    }
  }
  py::dict out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::vector<py::ssize_t> shape = {n};
    for (int x : shapes[i]) shape.push_back(x);
    out[py::str(names[i])] = ownedArray(std::move(values[i]), shape);
  }
  return out;
}

// the table of the run settings (core/integrators/settingkeys.h), for the Python side's
// arguments and dicts
py::list settingKeyList() {
  py::list out;
  const IntegratorSettings defaults;
  for (const SettingKey& k : settingKeys()) {
    py::dict d;
    d["name"] = k.name;
    d["aliases"] = k.aliases();
    d["flag"] = k.flag;
    d["file_key"] = k.fileKey;
    d["dict_key"] = k.dictKey;
    d["kind"] = k.isChoice() ? "choice" : "number";
    std::vector<std::string> choices;
    for (const SettingChoice& c : k.choices) choices.push_back(c.name);
    d["choices"] = choices;
    d["default"] = k.isChoice() ? py::object(py::str(settingText(defaults, k)))
                                : py::object(py::float_(settingNumber(defaults, k)));
    d["allowed"] = k.allowedText();
    d["description"] = k.description;
    std::vector<std::string> methods;
    for (const MethodInfo& m : allMethods())
      if (k.readBy(m.method)) methods.push_back(m.name);
    d["methods"] = methods;
    out.append(d);
  }
  return out;
}

}  // namespace

void defineRun(py::module_& m) {
  m.def("run_csv", &runCsv, py::arg("path"), py::arg("system"), py::arg("method"),
        py::arg("settings"), py::arg("params"), py::arg("potential"),
        py::arg("events") = py::list(), py::arg("control") = py::none(),
        py::arg("every") = py::none(), py::arg("t_eval") = py::none(),
        py::arg("final_only") = false);
  m.def("named_states", &namedStates, py::arg("system"), py::arg("method"), py::arg("t"),
        py::arg("state"), py::arg("pose"));
  m.def("run", &run, py::arg("system"), py::arg("method"), py::arg("settings"), py::arg("params"),
        py::arg("warnings"), py::arg("potential") = py::none(), py::arg("report_ignored") = false,
        py::arg("events") = py::list(), py::arg("control") = py::none(),
        py::arg("every") = py::none(), py::arg("t_eval") = py::none(),
        py::arg("final_only") = false, py::arg("stream") = py::none());
  m.def("setting_keys", &settingKeyList);
}

}  // namespace dms::python
