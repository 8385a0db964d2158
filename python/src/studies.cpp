// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms._core.studies() and study(): the Analysis mode's studies (core/studies), their fields and
// their outputs (figures as named series of NumPy arrays, the summary and the CSV). The study
// computes in a thread of its own on `jobs` threads; Ctrl+C cancels it. study_check() checks a
// study's input without running it.
#include <cmath>
#include <optional>

#include "core/analysis/parallel.h"
#include "core/sim/runinput.h"
#include "core/studies/study.h"
#include "python/src/convert.h"

namespace dms::python {
namespace {

py::dict axisDict(const Axis& a) {
  py::dict d;
  d["label"] = a.label;
  d["unit"] = a.unit;
  d["log"] = a.log;
  return d;
}

py::dict figureDict(const Figure& f) {
  py::dict d;
  d["title"] = f.title;
  d["x"] = axisDict(f.x);
  d["y"] = axisDict(f.y);
  d["caption"] = f.caption;
  py::list series;
  for (const Series& s : f.series) {
    py::dict e;
    e["name"] = s.name;
    e["x"] = copyArray(s.x);
    e["y"] = copyArray(s.y);
    series.append(e);
  }
  d["series"] = series;
  return d;
}

const Study& studyNamed(const std::string& key) {
  if (const Study* s = findStudy(key)) return *s;
  std::string keys;
  for (const Study* s : studies()) keys += (keys.empty() ? "" : ", ") + s->key();
  throw InputError("study '" + key + "': unknown study (one of " + keys + ")");
}

py::list studyList() {
  py::list out;
  for (const Study* s : studies()) {
    py::dict d;
    d["key"] = s->key();
    d["name"] = s->name();
    d["description"] = s->description();
    d["uses_methods"] = s->usesMethods();
    py::dict fields, supported;
    for (const SystemModel* m : allSystems()) {
      supported[py::str(m->name())] = s->supports(*m);
      if (!s->supports(*m)) continue;
      py::list f;
      for (const StudyField& x : s->fields(*m)) {
        py::dict e;
        e["key"] = x.key;
        e["label"] = x.label;
        e["default"] = x.value;
        e["tooltip"] = x.tooltip;
        f.append(e);
      }
      fields[py::str(m->name())] = f;
    }
    d["fields"] = fields;
    d["supports"] = supported;
    out.append(d);
  }
  return out;
}

struct Prepared {
  const Study* study;
  const SystemModel* model;
  StudyTask task;
  unsigned threads;
  std::vector<std::string> warnings;
};

// the study's checks, with their messages, and its computation, not yet run
Prepared prepared(const std::string& key, const std::string& system, const py::object& params,
                  const std::map<std::string, std::string>& inputs,
                  const std::optional<std::vector<std::string>>& methodNames,
                  std::optional<double> jobs) {
  const Study& s = studyNamed(key);
  const SystemModel& model = systemNamed(system);
  if (!s.supports(model)) throw InputError("study '" + key + "' does not apply to " + model.name());
  // the system's fields: an unknown input is a mistake, not a no-op
  const std::vector<StudyField> fields = s.fields(model);
  for (const auto& [name, value] : inputs) {
    bool known = false;
    std::string keys;
    for (const StudyField& f : fields) {
      known = known || f.key == name;
      keys += (keys.empty() ? "" : ", ") + f.key;
    }
    if (!known)
      throw InputError("study '" + key + "': unknown input '" + name + "' (" + keys + ")");
  }
  std::vector<Method> methods = methodNames ? std::vector<Method>{} : model.articleMethods();
  if (methodNames)
    for (const std::string& n : *methodNames) {
      methods.push_back(parseMethod(n));
      if (!model.hasMethod(methods.back()))
        throw InputError("methods: '" + n + "' is not available for " + model.name());
    }
  unsigned threads = defaultJobs();
  if (jobs) {
    if (*jobs != std::floor(*jobs) || *jobs < 1 || *jobs > 256)
      throw InputError("jobs = " + formatNumber(*jobs) + ": expected a whole number in [1, 256]");
    threads = unsigned(*jobs);
  }
  std::vector<std::string> warnings;
  const ParamValues values = normalizeReported(model, paramValues(params, model), &warnings);
  StudyTask task = s.prepare(model, values, inputs, methods);
  return {&s, &model, std::move(task), threads, std::move(warnings)};
}

py::dict study(const std::string& key, const std::string& system, const py::object& params,
               const std::map<std::string, std::string>& inputs,
               const std::optional<std::vector<std::string>>& methodNames,
               std::optional<double> jobs) {
  const Prepared p = prepared(key, system, params, inputs, methodNames, jobs);
  std::atomic<bool> cancel{false};
  const StudyOutput o =
      interruptible([&]() { return p.task(p.threads, &cancel, [](double) {}, {}); }, cancel);
  py::dict out;
  py::list figures;
  for (const Figure& f : o.figures) figures.append(figureDict(f));
  out["figures"] = figures;
  py::list names;
  for (const std::string& n : p.study->figureNames(*p.model)) names.append(n);
  out["figure_names"] = names;
  out["summary"] = o.summary;
  out["csv"] = o.csv;
  out["failed"] = o.failed;
  out["caption"] = o.caption;
  out["warnings"] = p.warnings;
  return out;
}

// study()'s checks without the computation: the parameter warnings (dms.study with an executor
// checks its input in the caller before it sends the study away)
std::vector<std::string> studyCheck(const std::string& key, const std::string& system,
                                    const py::object& params,
                                    const std::map<std::string, std::string>& inputs,
                                    const std::optional<std::vector<std::string>>& methodNames) {
  return prepared(key, system, params, inputs, methodNames, std::nullopt).warnings;
}

}  // namespace

void defineStudies(py::module_& m) {
  m.def("studies", &studyList);
  m.def("study", &study, py::arg("key"), py::arg("system"), py::arg("params"), py::arg("inputs"),
        py::arg("methods"), py::arg("jobs"));
  m.def("study_check", &studyCheck, py::arg("key"), py::arg("system"), py::arg("params"),
        py::arg("inputs"), py::arg("methods"));
}

}  // namespace dms::python
