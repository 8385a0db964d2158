// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/io/scenario.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/integrators/settingsjson.h"
#include "core/io/atomicfile.h"
#include "core/lie/so3.h"
#include "core/sim/controllaw.h"
#include "core/sim/geometriclaw.h"
#include "core/sim/registry.h"
#include "core/sim/runinput.h"
#include "core/systems/typedpotential.h"
#include "core/version.h"

namespace dms {
namespace {

using Json = nlohmann::ordered_json;

const char* typeName(const Json& j) { return j.type_name(); }

double number(const Json& j, const std::string& field) {
  if (!j.is_number())
    throw InputError("scenario: '" + field + "' must be a number, got " + typeName(j));
  const double v = j.get<double>();
  if (!std::isfinite(v)) throw InputError("scenario: '" + field + "' is not a finite number");
  return v;
}

std::string string(const Json& j, const std::string& field) {
  if (!j.is_string())
    throw InputError("scenario: '" + field + "' must be a string, got " + typeName(j));
  return j.get<std::string>();
}

std::vector<double> paramValue(const Json& j, const std::string& field, std::size_t maxDim) {
  if (j.is_array()) {
    if (j.size() > maxDim)
      throw InputError("scenario: '" + field + "' has " + std::to_string(j.size()) +
                       " components, expected " + std::to_string(maxDim));
    std::vector<double> v;
    for (std::size_t i = 0; i < j.size(); ++i)
      v.push_back(number(j[i], field + "[" + std::to_string(i) + "]"));
    return v;
  }
  return {number(j, field)};
}

std::vector<double> attitudeFromMatrix(const Json& j, const std::string& field) {
  std::vector<double> rows;
  if (j.is_array() && j.size() == 3 && j[0].is_array()) {
    for (std::size_t i = 0; i < 3; ++i) {
      const std::string f = field + "[" + std::to_string(i) + "]";
      if (!j[i].is_array() || j[i].size() != 3)
        throw InputError("scenario: '" + f + "' must be a row of 3 numbers");
      for (std::size_t c = 0; c < 3; ++c)
        rows.push_back(number(j[i][c], f + "[" + std::to_string(c) + "]"));
    }
  } else {
    rows = paramValue(j, field, 9);
    if (rows.size() != 9)
      throw InputError("scenario: '" + field + "' must be a 3x3 matrix (3 rows of 3 numbers)");
  }
  Matrix3d R;
  R << rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7], rows[8];
  try {
    const Vector3d a = rotationVectorOf(R, field);
    return {a.x(), a.y(), a.z()};
  } catch (const InputError& e) {
    throw InputError(std::string("scenario: ") + e.what());
  }
}

/// SAX pass before building the tree: stops at the first syntax error, at a number out of the
/// range of a double, or at nesting deeper than kScenarioMaxDepth, with the path of the field.
struct ScenarioChecker {
  struct Frame {
    bool array = false;
    std::string key;
    std::size_t index = 0;
  };
  std::vector<Frame> stack;
  const std::string* text = nullptr;
  std::string error, detail;

  std::string path() const {
    std::string p;
    for (const Frame& f : stack) {
      if (f.array)
        p += "[" + std::to_string(f.index) + "]";
      else if (!f.key.empty())
        p += (p.empty() ? "" : ".") + f.key;
    }
    return p.empty() ? "(top level)" : p;
  }
  bool value() {
    if (!stack.empty() && stack.back().array) ++stack.back().index;
    return true;
  }
  bool open(bool array) {
    if (int(stack.size()) >= kScenarioMaxDepth) {
      error =
          "'" + path() + "' is nested deeper than " + std::to_string(kScenarioMaxDepth) + " levels";
      return false;
    }
    stack.push_back({array, {}, 0});
    return true;
  }
  bool close() {
    stack.pop_back();
    return value();
  }
  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t) { return value(); }
  bool number_unsigned(Json::number_unsigned_t) { return value(); }
  bool number_float(Json::number_float_t, const Json::string_t&) { return value(); }
  bool string(Json::string_t&) { return value(); }
  bool binary(Json::binary_t&) { return value(); }
  bool start_object(std::size_t) { return open(false); }
  bool key(Json::string_t& k) {
    stack.back().key = k;
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(true); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& e) {
    if (e.id == 406) {  // number overflow
      error = "'" + path() + "' = " + token + " is not a finite number";
      return false;
    }
    // where, as an editor shows it: line and column of the byte the parser stopped at
    std::size_t line = 1, column = 1;
    const std::size_t end = std::min(position > 0 ? position - 1 : 0, text ? text->size() : 0);
    for (std::size_t i = 0; text && i < end; ++i) {
      if ((*text)[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    const bool ended = !text || position > text->size() || token.empty() || end >= text->size();
    const std::string what =
        ended ? "the file ends before the JSON is complete (a missing } or ], or a cut-off value)"
              : "unexpected '" + std::string(1, (*text)[end]) + "'" +
                    (stack.empty() ? std::string() : " in '" + path() + "'");
    error = "not valid JSON at line " + std::to_string(line) + ", column " +
            std::to_string(column) + ": " + what;
    detail = e.what();
    return false;
  }
};

const Json& object(const Json& j, const std::string& field) {
  if (!j.is_object())
    throw InputError("scenario: '" + field + "' must be an object, got " + typeName(j));
  return j;
}

Scenario::Study parseStudy(const Json& j, std::vector<std::string>& warn) {
  object(j, "analysis");
  Scenario::Study st;
  for (const auto& [key, value] : j.items()) {
    if (key == "study") {
      st.key = string(value, "analysis.study");
    } else if (key == "inputs") {
      for (const auto& [name, v] : object(value, "analysis.inputs").items()) {
        // a number written as a number is taken as its text
        st.inputs[name] = v.is_number() ? formatNumber(number(v, "analysis.inputs." + name))
                                        : string(v, "analysis.inputs." + name);
      }
    } else {
      warn.push_back("scenario: unknown key 'analysis." + key + "' ignored");
    }
  }
  if (st.key.empty()) throw InputError("scenario: 'analysis.study' is missing or empty");
  return st;
}

std::optional<Scenario::Control> parseControl(const Json& j, const std::string& system,
                                              std::vector<std::string>& warn) {
  object(j, "control");
  const ControlProblem* problem = findControlProblem(system);
  if (!problem) {
    warn.push_back("scenario: 'control' ignored (" + system + " has no optimal-control problem)");
    return std::nullopt;
  }
  Scenario::Control c;
  for (const auto& [key, value] : j.items()) {
    if (key == "values") {
      for (const auto& [name, v] : object(value, "control.values").items()) {
        const std::string field = "control.values." + name;
        const ParamSpec* spec = findSpec(problem->fields(), name);
        if (!spec) spec = findSpec(problem->solverFields(), name);
        if (!spec) {
          warn.push_back("scenario: unknown field '" + field + "' ignored");
          continue;
        }
        const std::vector<double> x = paramValue(v, field, std::size_t(spec->dim));
        try {
          checkValue(*spec, x);
        } catch (const InputError& e) {
          throw InputError("scenario: '" + field + "': " + e.what());
        }
        c.values[name] = x;
      }
    } else if (key == "choices") {
      for (const auto& [name, v] : object(value, "control.choices").items()) {
        const std::string field = "control.choices." + name;
        const std::string x = string(v, field);
        const auto& choices = problem->choices();
        // a structured binding is not a variable a C++17 lambda may capture (clang refuses it)
        const std::string& choice = name;
        const auto it = std::find_if(choices.begin(), choices.end(),
                                     [&](const ControlChoice& ch) { return ch.name == choice; });
        if (it == choices.end()) {
          warn.push_back("scenario: unknown choice '" + field + "' ignored");
          continue;
        }
        if (!it->find(x))
          throw InputError("scenario: '" + field + "' = '" + x + "' is not one of " +
                           it->valuesText());
        c.choices[name] = x;
      }
    } else if (std::any_of(problem->expressionFields().begin(), problem->expressionFields().end(),
                           [&k = key](const ControlExpressionField& f) { return f.name == k; })) {
      c.expressions[key] = string(value, "control." + key);
    } else {
      warn.push_back("scenario: unknown key 'control." + key + "' ignored");
    }
  }
  // a typed expression is checked on load, as the control law is
  if (!c.expressions.empty()) {
    ControlRequest r;
    r.values = c.values;
    r.choices = c.choices;
    r.expressions = c.expressions;
    try {
      problem->check(r);
    } catch (const InputError& e) {
      throw InputError(std::string("scenario: 'control': ") + e.what(), e.detail());
    }
  }
  return c;
}

}  // namespace

Scenario parseScenario(const std::string& text, std::vector<std::string>* warnings) {
  std::vector<std::string> ignored;
  std::vector<std::string>& warn = warnings ? *warnings : ignored;
  if (text.size() > kScenarioMaxBytes)
    throw InputError("scenario: file is " + std::to_string(text.size()) +
                     " bytes, larger than the limit of " + std::to_string(kScenarioMaxBytes));
  // a first pass over the text checks syntax, depth and number ranges and names the field
  ScenarioChecker checker;
  checker.text = &text;
  if (!Json::sax_parse(text, &checker))
    throw InputError("scenario: " + checker.error, checker.detail);
  const Json j = Json::parse(text);
  if (!j.is_object())
    throw InputError(std::string("scenario: the top level must be an object, got ") + typeName(j));

  if (!j.contains("schema_version"))
    throw InputError("scenario: 'schema_version' is missing (expected 1)");
  const double version = number(j["schema_version"], "schema_version");
  if (version != kScenarioSchemaVersion)
    throw InputError("scenario: 'schema_version' = " + formatNumber(version) +
                     " is not supported (expected 1)");
  if (!j.contains("system")) throw InputError("scenario: 'system' is missing");
  Scenario sc;
  sc.system = string(j["system"], "system");
  const SystemModel* model = findSystem(sc.system);
  if (!model) {
    throw InputError("scenario: 'system' = '" + sc.system + "' is unknown (one of " +
                     systemNames(allSystems()) + ")");
  }
  // a typed potential makes its own instance of the system, with a parameter per free symbol
  std::shared_ptr<const SystemModel> typed;
  if (j.contains("potential")) {
    sc.potential = string(j["potential"], "potential");
    try {
      typed = withPotential(*model, sc.potential);
    } catch (const InputError& e) {
      throw InputError(std::string("scenario: 'potential': ") + e.what());
    }
    model = typed.get();
  }
  for (const auto& [key, value] : j.items()) {
    if (key == "program" || key == "version") {
      string(value, key);
    } else if (key == "title" || key == "description") {
      (key == "title" ? sc.title : sc.description) = string(value, key);
    } else if (key != "schema_version" && key != "system" && key != "parameters" &&
               key != "settings" && key != "methods" && key != "analysis" && key != "control" &&
               key != "potential" && key != "speed" && key != "control_law") {
      warn.push_back("scenario: unknown key '" + key + "' ignored");
    }
  }

  ParamValues raw;
  std::vector<ParamSpec> table = model->params();
  if (j.contains("parameters")) {
    const Json& p = j["parameters"];
    if (!p.is_object())
      throw InputError(std::string("scenario: 'parameters' must be an object, got ") + typeName(p));
    // the table the file's structural values make (a chain's n, a body's sphere count), so
    // that its per-link or per-sphere names are known and the defaults filled are its own
    ParamValues structural;
    for (const std::string& name : model->structuralParams())
      if (p.contains(name)) structural[name] = paramValue(p[name], "parameters." + name, 1);
    try {
      table = model->paramsFor(structural);
    } catch (const InputError& e) {
      throw InputError(std::string("scenario: ") + e.what());
    }
    for (const auto& [name, value] : p.items()) {
      // an attitude may be written as a rotation matrix "R0": [[..],[..],[..]] (or 9 numbers,
      // row by row) where the system takes a rotation vector att0
      if (name == "R0" && findSpec(model->params(), "att0")) {
        raw["att0"] = attitudeFromMatrix(value, "parameters.R0");
        continue;
      }
      // a parameter the system does not have is refused: the run would not be the one written
      // (a typed potential's parameter in a file without its "potential" would run the
      // system's own potential instead)
      const ParamSpec* spec = findSpec(table, name);
      if (!spec) {
        std::string known;
        for (const ParamSpec& t : table) known += (known.empty() ? "" : ", ") + t.name;
        std::string why = "scenario: 'parameters." + name + "': " + sc.system +
                          " has no parameter '" + name + "' (it has " + known + ")";
        if (typedPotential(*model) && sc.potential.empty())
          why += "; a parameter of a typed potential needs the potential in 'potential'";
        throw InputError(why);
      }
      raw[name] = paramValue(value, "parameters." + name, std::size_t(spec->dim));
    }
  }
  // range checks and normalization (a zero-length q0 is refused here)
  try {
    normalizeReported(*model, raw, &warn);
  } catch (const InputError& e) {
    throw InputError(std::string("scenario: ") + e.what());
  }
  sc.parameters = defaultValues(table);
  for (const auto& [name, value] : raw) sc.parameters[name] = value;

  sc.settings = model->defaultSettings();
  // the settings by any of their names (core/integrators/settingkeys.h: "rk" or "controller",
  // "rk_samples", "sampling" or "samples"); written by their file keys ("rk", "rk_samples")
  if (j.contains("settings")) {
    std::vector<std::string> unknown;
    try {
      settingsFromJson(j["settings"], sc.settings, "settings", &unknown);
    } catch (const InputError& e) {
      throw InputError(std::string("scenario: ") + e.what());
    }
    for (const std::string& key : unknown)
      warn.push_back("scenario: unknown key 'settings." + key + "' ignored");
  }
  try {
    validateSettings(sc.settings);
  } catch (const InputError& e) {
    throw InputError(std::string("scenario: settings: ") + e.what());
  }
  if (j.contains("methods")) {
    const Json& m = j["methods"];
    if (!m.is_array())
      throw InputError(std::string("scenario: 'methods' must be an array of method names, got ") +
                       typeName(m));
    std::vector<std::string> names;
    for (std::size_t i = 0; i < m.size(); ++i)
      names.push_back(string(m[i], "methods[" + std::to_string(i) + "]"));
    sc.methods = parseMethodList(*model, names, "scenario: 'methods'");
  }
  if (j.contains("speed")) {
    const double speed = number(j["speed"], "speed");
    if (speed <= 0)
      throw InputError("scenario: 'speed' = " + formatNumber(speed) +
                       " must be positive (simulated seconds per second)");
    sc.speed = speed;
  }
  if (j.contains("analysis")) sc.study = parseStudy(j["analysis"], warn);
  if (j.contains("control")) sc.control = parseControl(j["control"], sc.system, warn);
  if (j.contains("control_law")) {
    // a built-in law (core/sim/geometriclaw.h) may be written as its JSON object
    sc.controlLaw = j["control_law"].is_object() ? j["control_law"].dump()
                                                 : string(j["control_law"], "control_law");
    try {
      parseControlLaw(*model, model->normalize(sc.parameters, nullptr), sc.controlLaw);
    } catch (const InputError& e) {
      throw InputError(std::string("scenario: 'control_law': ") + e.what(), e.detail());
    }
  }
  return sc;
}

std::vector<Method> parseMethodList(const SystemModel& model, const std::vector<std::string>& names,
                                    const std::string& field) {
  const std::vector<Method> has = model.methods();
  std::string allowed;
  for (Method m : has) allowed += (allowed.empty() ? "" : ", ") + methodName(m);
  if (names.empty())
    throw InputError(field + ": no method given (" + model.name() + " has " + allowed + ")");
  std::vector<Method> out;
  for (const std::string& name : names) {
    Method m;
    try {
      m = parseMethod(name);
    } catch (const InputError&) {
      throw InputError(field + ": '" + name + "' is not a method (" + model.name() + " has " +
                       allowed + ")");
    }
    if (std::find(has.begin(), has.end(), m) == has.end())
      throw InputError(field + ": " + model.name() + " has no method '" + name + "' (it has " +
                       allowed + ")");
    if (std::find(out.begin(), out.end(), m) != out.end())
      throw InputError(field + ": '" + name + "' is given twice");
    out.push_back(m);
  }
  return out;
}

Scenario loadScenario(const std::string& path, std::vector<std::string>* warnings) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "': " + std::strerror(errno));
  std::string text(kScenarioMaxBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  if (text.size() > kScenarioMaxBytes)
    throw InputError("'" + path + "': larger than the scenario size limit of " +
                     std::to_string(kScenarioMaxBytes) + " bytes");
  try {
    return parseScenario(text, warnings);
  } catch (const InputError& e) {
    throw InputError("'" + path + "': " + e.what(), e.detail());
  }
}

std::shared_ptr<const SystemModel> scenarioSystem(const Scenario& s) {
  const SystemModel* model = findSystem(s.system);
  if (!model)
    throw InputError("scenario: 'system' = '" + s.system + "' is unknown (one of " +
                     systemNames(allSystems()) + ")");
  if (!s.potential.empty()) return withPotential(*model, s.potential);
  // the registry's instance lives as long as the program
  return std::shared_ptr<const SystemModel>(model, [](const SystemModel*) {});
}

std::string scenarioToJson(const Scenario& s) {
  Json j;
  j["schema_version"] = kScenarioSchemaVersion;
  j["program"] = "Discrete Mechanics Studio";
  j["version"] = DMS_VERSION;
  j["system"] = s.system;
  if (!s.potential.empty()) j["potential"] = s.potential;
  Json p = Json::object();
  const SystemModel* model = findSystem(s.system);
  for (const auto& [name, value] : s.parameters) {
    const ParamSpec* spec = model ? findSpec(model->params(), name) : nullptr;
    const bool scalar = spec ? spec->dim == 1 : value.size() == 1;
    p[name] = scalar && !value.empty() ? Json(value[0]) : Json(value);
  }
  j["parameters"] = p;
  j["settings"] = settingsToJson(s.settings);
  if (!s.methods.empty()) {
    Json m = Json::array();
    for (Method x : s.methods) m.push_back(methodName(x));
    j["methods"] = m;
  }
  if (s.speed) j["speed"] = *s.speed;
  if (!s.title.empty()) j["title"] = s.title;
  if (!s.description.empty()) j["description"] = s.description;
  if (!s.controlLaw.empty()) {
    // a built-in law as its JSON object, as the examples write it (text that does not parse
    // stays text, for parseScenario to refuse)
    const Json law =
        isBuiltinLaw(s.controlLaw) ? Json::parse(s.controlLaw, nullptr, false) : Json(s.controlLaw);
    j["control_law"] = law.is_discarded() ? Json(s.controlLaw) : law;
  }
  if (s.study) {
    Json in = Json::object();
    for (const auto& [key, value] : s.study->inputs) in[key] = value;
    Json a = Json::object();
    a["study"] = s.study->key;
    a["inputs"] = in;
    j["analysis"] = a;
  }
  if (s.control) {
    Json v = Json::object(), c = Json::object();
    const ControlProblem* problem = findControlProblem(s.system);
    for (const auto& [name, value] : s.control->values) {
      const ParamSpec* spec = problem ? findSpec(problem->fields(), name) : nullptr;
      if (!spec && problem) spec = findSpec(problem->solverFields(), name);
      const bool scalar = spec ? spec->dim == 1 : value.size() == 1;
      v[name] = scalar && !value.empty() ? Json(value[0]) : Json(value);
    }
    for (const auto& [name, value] : s.control->choices) c[name] = value;
    Json ctl = Json::object();
    ctl["values"] = v;
    ctl["choices"] = c;
    for (const auto& [name, text] : s.control->expressions)
      if (!text.empty()) ctl[name] = text;
    j["control"] = ctl;
  }
  return j.dump(2) + "\n";
}

bool saveScenario(const Scenario& s, const std::string& path, std::string* error) {
  // what cannot be read back and run as written is not written: the loader's refusal
  const std::string text = scenarioToJson(s);
  try {
    std::vector<std::string> warnings;
    parseScenario(text, &warnings);
  } catch (const InputError& e) {
    if (error) *error = e.what();
    return false;
  }
  AtomicFile f;
  if (!f.open(path)) {
    if (error) *error = f.error();
    return false;
  }
  f.stream() << text;
  if (!f.commit()) {
    if (error) *error = f.error();
    return false;
  }
  return true;
}

}  // namespace dms
