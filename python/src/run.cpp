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
#include "core/sim/runinput.h"
#include "core/sim/runreport.h"
#include "core/systems/typedpotential.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

/// Samples between two checks for Ctrl+C (a few milliseconds of the slowest system's steps).
constexpr std::size_t kChunk = 4096;

// each sample into the summary and the columns, as it is made
class Columns final : public SampleSink {
 public:
  Columns(RunOutcome& outcome, std::size_t stateSize, bool momentum, bool structure2, bool pose,
          std::size_t expected)
      : outcome_(outcome),
        d_(stateSize),
        momentum_(momentum),
        structure2_(structure2),
        pose_(pose) {
    if (pose_) this->pose.reserve(6 * expected);
    t.reserve(expected);
    energy.reserve(expected);
    structure.reserve(expected);
    if (structure2_) this->structure2.reserve(expected);
    if (momentum_) this->momentum.reserve(3 * expected);
    state.reserve(d_ * expected);
  }
  /// The run's shadow energy, into shadowT and shadowValue as its values are completed.
  void follow(RunShadow* shadow) { shadow_ = shadow; }
  /// Each sample's control (m entries; NaN where it has none: the last sample).
  void recordControl(std::size_t m, std::size_t expected) {
    m_ = m;
    control.reserve(m * expected);
  }
  void take(const Sample& s) override {
    // the first sample for its named state (the last one's is read off the columns: last())
    if (outcome_.summary.samples == 0) outcome_.first = s;
    outcome_.summary.add(s);
    if (shadow_ && shadow_->take(s)) {
      shadowT.push_back(shadow_->stream()->time());
      shadowValue.push_back(shadow_->stream()->value());
    }
    if (pose_) {
      pose.insert(pose.end(), s.position.data(), s.position.data() + 3);
      pose.insert(pose.end(), s.velocity.data(), s.velocity.data() + 3);
    }
    t.push_back(s.t);
    energy.push_back(s.energy);
    structure.push_back(s.structure);
    if (structure2_) structure2.push_back(s.structure2);
    if (momentum_) momentum.insert(momentum.end(), s.momentum.data(), s.momentum.data() + 3);
    for (std::size_t i = 0; i < d_; ++i)
      state.push_back(i < std::size_t(s.state.size()) ? s.state[Eigen::Index(i)] : 0.0);
    for (std::size_t i = 0; i < m_; ++i)
      control.push_back(i < std::size_t(s.control.size()) ? s.control[Eigen::Index(i)] : kNaN);
  }
  std::vector<double> t, energy, structure, structure2, momentum, state, shadowT, shadowValue;
  std::vector<double> control;
  std::vector<double> pose;  ///< position and velocity, for the named states that read them

  /// What the last sample's named state reads (t, state, pose), from the columns.
  Sample last() const {
    Sample s;
    if (t.empty()) return s;
    s.t = t.back();
    s.state.resize(Eigen::Index(d_));
    for (std::size_t i = 0; i < d_; ++i) s.state[Eigen::Index(i)] = state[state.size() - d_ + i];
    if (pose_) {
      const double* p = pose.data() + pose.size() - 6;
      s.position = Vector3d(p[0], p[1], p[2]);
      s.velocity = Vector3d(p[3], p[4], p[5]);
    }
    return s;
  }

 private:
  RunShadow* shadow_ = nullptr;
  RunOutcome& outcome_;
  std::size_t d_;
  std::size_t m_ = 0;
  bool momentum_, structure2_, pose_;
  static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
};

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
py::dict run(const std::string& system, const std::string& methodText, const py::dict& settings,
             const py::object& params, std::vector<std::string> warnings,
             const std::optional<std::string>& potential, bool reportIgnored,
             const py::list& events, const py::object& control) {
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
  RunWithLaw closed(model, method, values, st, control);
  Run* r = closed.run.get();
  const std::vector<std::string> stateNames = r->stateNames();
  // t_k = k h, k = 0..N, unless RK45 is sampled at its own steps (then the vectors grow)
  const bool sampledAtSteps = methodInfo(method).adaptive && st.sampling == RkSampling::Steps;
  const std::size_t expected = sampledAtSteps ? 0 : std::size_t(st.steps()) + 1;
  const bool momentum = model.hasAngularMomentum();
  const bool structure2 = !model.structure2Name().empty();
  // a few named states read the drawn point (SystemModel::namedStateNeedsPose): only then the
  // whole sample, and its position and velocity kept
  const bool pose = model.namedStateNeedsPose(method);
  const SampleFields fields = pose ? SampleFields::All : SampleFields::Metrics;
  Columns columns(outcome, stateNames.size(), momentum, structure2, pose, expected);
  if (!control.is_none()) columns.recordControl(closed.controlSize, expected);
  RunShadow shadow(model, values, method, st.h);
  columns.follow(&shadow);
  // the events (a bad expression is refused here, before the run), located between the run and
  // the columns
  PythonEvents pyEvents = pythonEvents(events, model, values);
  std::optional<EventLocator> locator;
  if (!pyEvents.specs.empty()) locator.emplace(model, method, pyEvents.specs, *r, columns);
  bool more = true;
  while (more) {
    {
      py::gil_scoped_release nogil;
      const double c0 = threadCpuSeconds();
      more = locator ? advanceWithEvents(*r, *locator, kChunk, fields)
                     : r->advance(columns, kChunk, fields);
      outcome.cpuSeconds += threadCpuSeconds() - c0;
    }
    closed.rethrow();
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  }
  outcome.last = columns.last();
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

  const auto n = py::ssize_t(columns.t.size());
  py::dict out;
  std::string summary =
      withBodies(runReportJson(model, method, st, outcome, warnings), model, values);
  if (closed.law) summary = withControlLaw(summary, *closed.law);
  out["summary"] = summary;
  out["warnings"] = warnings;
  out["control"] = control.is_none() ? py::object(py::none())
                                     : py::object(ownedArray(std::move(columns.control),
                                                             {n, py::ssize_t(closed.controlSize)}));
  out["t"] = ownedArray(std::move(columns.t), {n});
  out["energy"] = ownedArray(std::move(columns.energy), {n});
  out["structure"] = ownedArray(std::move(columns.structure), {n});
  out["structure2"] =
      structure2 ? py::object(ownedArray(std::move(columns.structure2), {n})) : py::none();
  out["momentum"] =
      momentum ? py::object(ownedArray(std::move(columns.momentum), {n, 3})) : py::none();
  const auto nShadow = py::ssize_t(columns.shadowT.size());
  out["shadow_t"] = ownedArray(std::move(columns.shadowT), {nShadow});
  out["shadow_value"] = ownedArray(std::move(columns.shadowValue), {nShadow});
  out["shadow_order"] = outcome.shadow.order > 0 ? py::object(py::int_(outcome.shadow.order))
                                                 : py::object(py::none());
  out["shadow_reason"] = outcome.shadow.reason.empty() ? py::object(py::none())
                                                       : py::object(py::str(outcome.shadow.reason));
  out["state_names"] = stateNames;
  out["state_columns"] = ownedArray(std::move(columns.state), {n, py::ssize_t(stateNames.size())});
  out["pose_columns"] = pose ? py::object(ownedArray(std::move(columns.pose), {n, 6})) : py::none();
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
                   const py::list& events, const py::object& control) {
  std::shared_ptr<const SystemModel> typed;
  if (potential) typed = withPotential(systemNamed(system), *potential);
  const SystemModel& model = typed ? *typed : systemNamed(system);
  const Method method = parseMethod(methodText);
  const IntegratorSettings st = settingsOf(model, settings);
  std::vector<std::string> warnings;
  const ParamValues values = model.normalize(paramValues(params, model), &warnings);
  AtomicFile file;
  if (!file.open(path)) throw InputError("to_csv: " + file.error());
  RunWithLaw closed(model, method, values, st, control);
  Run* r = closed.run.get();
  RunCsvWriter writer(file.stream(), model, {r->stateNames()});
  if (!control.is_none()) writer.addControlColumns(controlEntryNames(model, values));
  writer.writeHeader();
  writer.beginRun(0, method);
  RunShadow shadow(model, values, method, st.h);
  writer.followShadow(shadow);
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
  std::optional<EventLocator> locator;
  if (!pyEvents.specs.empty()) locator.emplace(model, method, pyEvents.specs, *r, counter);
  bool more = true;
  while (more) {
    {
      py::gil_scoped_release nogil;
      more = locator ? advanceWithEvents(*r, *locator, kChunk, SampleFields::All)
                     : r->advance(counter, kChunk, SampleFields::All);
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
        py::arg("events") = py::list(), py::arg("control") = py::none());
  m.def("named_states", &namedStates, py::arg("system"), py::arg("method"), py::arg("t"),
        py::arg("state"), py::arg("pose"));
  m.def("run", &run, py::arg("system"), py::arg("method"), py::arg("settings"), py::arg("params"),
        py::arg("warnings"), py::arg("potential") = py::none(), py::arg("report_ignored") = false,
        py::arg("events") = py::list(), py::arg("control") = py::none());
  m.def("setting_keys", &settingKeyList);
}

}  // namespace dms::python
