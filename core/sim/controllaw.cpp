// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/controllaw.h"

#include <muParser.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

#include "core/sim/geometriclaw.h"
#include "core/sim/namedstate.h"
#include "core/systems/potentialexpression.h"

namespace dms {
namespace {

InputError lawError(const std::string& what) { return InputError("--control: " + what); }

std::string joined(const std::vector<std::string>& names, const std::string& sep = " ") {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : sep) + n;
  return s;
}

std::string trimmed(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return {};
  const std::size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

// the pieces of `s` between the separators `sep` outside parentheses and brackets: the list's
// own punctuation only; each piece is an expression for the potential grammar's parser
std::vector<std::string> splitTop(const std::string& s, char sep) {
  std::vector<std::string> out;
  int depth = 0;
  std::size_t from = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == sep && depth == 0) {
      out.push_back(s.substr(from, i - from));
      from = i + 1;
    }
  }
  out.push_back(s.substr(from));
  return out;
}

bool isIdentifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::size_t dimension(const std::string& d, const ParamValues& values) {
  if (!d.empty() && std::isdigit(static_cast<unsigned char>(d[0]))) return std::stoul(d);
  const auto it = values.find(d);
  if (it == values.end() || it->second.size() != 1)
    throw InputError("--control: the dimension '" + d + "' has no value");
  return std::size_t(std::llround(it->second[0]));
}

std::string shapeText(const std::vector<std::string>& shape) {
  if (shape.empty()) return "a scalar";
  return "shape {" + joined(shape, ",") + "}";
}

}  // namespace

std::vector<std::string> entryNames(const std::string& name, const std::vector<std::string>& shape,
                                    const ParamValues& values) {
  std::vector<std::string> out;
  if (shape.empty()) return {name};
  if (shape.size() == 1) {
    const std::size_t n = dimension(shape[0], values);
    for (std::size_t i = 1; i <= n; ++i) out.push_back(name + std::to_string(i));
    return out;
  }
  const std::size_t rows = dimension(shape[0], values), cols = dimension(shape[1], values);
  // a list of rows (a dimension given by a parameter, the chain's n): X{c}_{i}; a fixed
  // matrix: X{r}{c}
  const bool list = !std::isdigit(static_cast<unsigned char>(shape[0][0]));
  for (std::size_t r = 1; r <= rows; ++r)
    for (std::size_t c = 1; c <= cols; ++c)
      out.push_back(list ? name + std::to_string(c) + "_" + std::to_string(r)
                         : name + std::to_string(r) + std::to_string(c));
  return out;
}

std::vector<std::string> stateEntryNames(const SystemModel& model, const ParamValues& values) {
  std::vector<std::string> out;
  for (const StatePartSpec& p : model.declaration().state) {
    const std::vector<std::string> e = entryNames(p.name, p.shape, values);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

std::vector<std::string> controlEntryNames(const SystemModel& model, const ParamValues& values) {
  std::vector<std::string> out;
  for (const StatePartSpec& p : model.declaration().controls) {
    const std::vector<std::string> e = entryNames(p.name, p.shape, values);
    out.insert(out.end(), e.begin(), e.end());
  }
  return out;
}

TypedControlLaw parseControlLaw(const SystemModel& model, const ParamValues& values,
                                const std::string& text) {
  const std::vector<StatePartSpec>& channels = model.declaration().controls;
  if (channels.empty()) throw lawError(model.name() + " takes no control");
  TypedControlLaw law;
  law.text = text;
  if (isBuiltinLaw(text)) {
    const GeometricTrackingSpec spec = parseGeometricLaw(model, values, text);
    law.entries = controlEntryNames(model, values);
    law.builtin = [spec, m = &model, values](Method method, double h) {
      return makeGeometricLaw(spec, *m, values, method, h);
    };
    return law;
  }
  law.variables = {"t"};
  for (const std::string& n : stateEntryNames(model, values)) law.variables.push_back(n);
  // the parameters by name: a scalar as itself, a vector's entries numbered from 1; a name
  // that a variable already has is left out
  const std::set<std::string> taken(law.variables.begin(), law.variables.end());
  for (const auto& [name, v] : values) {
    if (!isIdentifier(name)) continue;
    if (v.size() == 1) {
      if (taken.count(name)) continue;
      law.parameters.push_back(name);
      law.parameterValues.push_back(v[0]);
    } else {
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string n = name + std::to_string(i + 1);
        if (taken.count(n)) continue;
        law.parameters.push_back(n);
        law.parameterValues.push_back(v[i]);
      }
    }
  }
  const std::string allowed = "the names are t, the state's " + joined(law.variables).substr(2) +
                              " and the parameters " + joined(law.parameters);
  std::string channelList;
  for (const StatePartSpec& c : channels) channelList += (channelList.empty() ? "" : ", ") + c.name;

  // CHANNEL=[e1, ...]; CHANNEL=...
  std::vector<std::vector<std::string>> given(channels.size());
  std::vector<bool> seen(channels.size(), false);
  if (trimmed(text).empty())
    throw lawError("is empty; write CHANNEL=[e1, e2, ...] for each channel (" + channelList + ")");
  for (const std::string& piece : splitTop(text, ';')) {
    const std::string item = trimmed(piece);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw lawError("'" + item + "' is not CHANNEL=[e1, e2, ...] (the channels of " +
                     model.name() + " are " + channelList + ")");
    const std::string name = trimmed(item.substr(0, eq));
    std::string rhs = trimmed(item.substr(eq + 1));
    std::size_t k = 0;
    while (k < channels.size() && channels[k].name != name) ++k;
    if (k == channels.size())
      throw lawError("unknown channel '" + name + "' (the channels of " + model.name() + " are " +
                     channelList + ")");
    if (seen[k]) throw lawError("the channel '" + name + "' is given twice");
    seen[k] = true;
    const std::vector<std::string> entries = entryNames(name, channels[k].shape, values);
    std::vector<std::string> exprs;
    if (!rhs.empty() && rhs.front() == '[') {
      if (rhs.back() != ']') throw lawError("'" + item + "': the list has no closing ']'");
      for (const std::string& e : splitTop(rhs.substr(1, rhs.size() - 2), ','))
        exprs.push_back(trimmed(e));
    } else {
      exprs.push_back(rhs);
    }
    if (exprs.size() != entries.size())
      throw lawError("the channel '" + name + "' (" + shapeText(channels[k].shape) + ", " +
                     std::to_string(entries.size()) + " entries: " + joined(entries) + ") takes " +
                     std::to_string(entries.size()) + " expressions in [ ], row by row; got " +
                     std::to_string(exprs.size()));
    given[k] = exprs;
  }
  for (std::size_t k = 0; k < channels.size(); ++k)
    if (!seen[k])
      throw lawError("no law for the channel '" + channels[k].name + "' (each of " + channelList +
                     " is given once, e.g. " + channels[k].name + "=[...])");

  PotentialVariables vars;
  vars.field = "control";
  vars.variables = law.variables;
  vars.variablePrefix = "";
  vars.systemScalars = law.parameters;
  for (std::size_t k = 0; k < channels.size(); ++k) {
    const std::vector<std::string> entries =
        entryNames(channels[k].name, channels[k].shape, values);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const std::string& e = given[k][i];
      const std::string what = entries[i] + " = '" + e + "'";
      if (e.empty()) throw lawError(entries[i] + " has no expression");
      PotentialExpression accepted;
      try {
        accepted = acceptPotential(e, vars);
      } catch (const InputError& err) {
        std::string m = err.what();
        if (m.rfind("--control: ", 0) == 0) m = m.substr(11);
        throw InputError("--control: " + what + ": " + m + " (" + allowed + ")", err.detail());
      }
      if (!accepted.parameters.empty())
        throw lawError(what + ": unknown name '" + accepted.parameters.front() + "' (" + allowed +
                       ")");
      law.entries.push_back(entries[i]);
      law.expressions.push_back(e);
    }
  }
  return law;
}

namespace {

// One run's compiled law: the doubles muParser reads (sized once: it holds pointers into
// them) and where each variable comes from in a sample's state, when the system's named state
// is a copy of it.
class LawEvaluator {
 public:
  LawEvaluator(const TypedControlLaw& law, const SystemModel& model, Method method, double h)
      : m_law(law), m_model(&model), m_method(method), m_h(h) {
    m_vars.assign(law.variables.size(), 0.0);
    m_params = law.parameterValues;
    std::string all;
    for (const std::string& e : law.expressions) all += (all.empty() ? "" : ", ") + e;
    try {
      for (std::size_t i = 0; i < law.variables.size(); ++i)
        m_parser.DefineVar(law.variables[i], &m_vars[i]);
      for (std::size_t i = 0; i < law.parameters.size(); ++i)
        m_parser.DefineVar(law.parameters[i], &m_params[i]);
      m_parser.DefineConst("pi", kPi);
      m_parser.SetExpr(all);
      int n = 0;
      m_parser.Eval(n);  // compiles to bytecode (allocates); later calls only run it
    } catch (const mu::Parser::exception_type& err) {
      throw InputError("--control: '" + law.text + "' could not be compiled", err.GetMsg());
    }
  }

  // Where the named state is the sample's state entry for entry (the same index map for two
  // unrelated probes), reads it directly; else through namedState.
  void probe(const Sample& s) {
    if (m_model->namedStateNeedsPose(m_method)) return;
    const Eigen::Index n = s.state.size();
    std::vector<int> map;
    for (int round = 0; round < 2; ++round) {
      Sample p = s;
      for (Eigen::Index i = 0; i < n; ++i)
        p.state[i] = 0.123456789 + 1.0078125 * double(i) + (round ? 0.3183098861837907 : 0.0);
      std::vector<double> named;
      for (const StatePart& part : namedState(*m_model, m_method, p))
        named.insert(named.end(), part.values.begin(), part.values.end());
      if (named.size() + 1 != m_vars.size()) return;
      std::vector<int> m(named.size(), -1);
      for (std::size_t j = 0; j < named.size(); ++j)
        for (Eigen::Index i = 0; i < n; ++i)
          if (named[j] == p.state[i]) m[j] = int(i);
      if (std::find(m.begin(), m.end(), -1) != m.end()) return;
      if (round == 1 && m != map) return;
      map = m;
    }
    m_map = map;
  }

  bool operator()(const Sample& s, VectorXd& u, std::string* why) {
    if (!m_probed) {
      m_probed = true;
      try {
        probe(s);
      } catch (const std::exception&) {
        m_map.clear();  // read through namedState
      }
    }
    m_vars[0] = s.t;
    if (!m_map.empty()) {
      for (std::size_t j = 0; j < m_map.size(); ++j) m_vars[j + 1] = s.state[m_map[j]];
    } else {
      std::size_t j = 1;
      for (const StatePart& part : namedState(*m_model, m_method, s))
        for (double x : part.values)
          if (j < m_vars.size()) m_vars[j++] = x;
    }
    int n = 0;
    const double* v = m_parser.Eval(n);
    for (int i = 0; i < n && i < int(u.size()); ++i) {
      if (!std::isfinite(v[i])) {
        if (why)
          *why = m_law.entries[std::size_t(i)] + " = '" + m_law.expressions[std::size_t(i)] +
                 "' is " +
                 (std::isnan(v[i]) ? std::string("NaN")
                  : v[i] > 0       ? "inf"
                                   : "-inf") +
                 " at step " + std::to_string(std::llround(s.t / m_h));
        return false;
      }
      u[i] = v[i];
    }
    return true;
  }

 private:
  TypedControlLaw m_law;
  const SystemModel* m_model;
  Method m_method;
  double m_h;
  std::vector<double> m_vars;
  std::vector<double> m_params;
  std::vector<int> m_map;
  bool m_probed = false;
  mu::Parser m_parser;
};

}  // namespace

ControlLaw compileControlLaw(const TypedControlLaw& law, const SystemModel& model, Method method,
                             double h) {
  if (law.builtin) return law.builtin(method, h);
  auto eval = std::make_shared<LawEvaluator>(law, model, method, h);
  return [eval](const Sample& s, VectorXd& u, std::string* why) { return (*eval)(s, u, why); };
}

std::string withControlLaw(const std::string& reportJson, const TypedControlLaw& law) {
  using Json = nlohmann::ordered_json;
  Json j = Json::parse(reportJson);
  if (law.builtin) {
    j["control"] = {{"law", law.text}, {"builtin", Json::parse(law.text)}};
    return j.dump(2);
  }
  Json e = Json::object();
  for (std::size_t i = 0; i < law.entries.size(); ++i) e[law.entries[i]] = law.expressions[i];
  j["control"] = {{"law", law.text}, {"expressions", e}};
  return j.dump(2);
}

std::unique_ptr<ControlledRun> makeTypedControlledRun(const SystemModel& model, Method method,
                                                      const ParamValues& values,
                                                      const IntegratorSettings& settings,
                                                      const std::string& text,
                                                      const std::vector<StatePart>* state,
                                                      std::vector<std::string>* warnings) {
  auto sim = std::make_unique<Simulator>(model, method, values, settings, state, warnings);
  const TypedControlLaw law = parseControlLaw(model, sim->values(), text);
  ControlLaw f = compileControlLaw(law, model, method, settings.h);
  return std::make_unique<ControlledRun>(std::move(sim), std::move(f), settings.steps());
}

}  // namespace dms
