// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/forcinglaw.h"

#include <muParser.h>

#include <memory>

#include "core/sim/simulator.h"

namespace dms::ui {

namespace {

// the names of a part's entries: its own for one entry, else with 1-based indices
void partNames(const std::string& name, const std::vector<int>& shape, std::size_t entries,
               std::vector<std::string>& out) {
  if (entries == 1) {
    out.push_back(name);
    return;
  }
  if (shape.size() == 2 && shape[1] > 0) {
    for (int i = 0; i < shape[0]; ++i)
      for (int j = 0; j < shape[1]; ++j)
        out.push_back(name + std::to_string(i + 1) + std::to_string(j + 1));
    return;
  }
  for (std::size_t i = 0; i < entries; ++i) out.push_back(name + std::to_string(i + 1));
}

// the state's names, read off the initial state of a run of the system's first method
std::vector<StatePart> initialParts(const SystemModel& model, Method method,
                                    const ParamValues& values) {
  IntegratorSettings st = model.defaultSettings();
  Simulator sim(model, method, values, st);
  return sim.state();
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// one run's evaluator: the channels' parsers and the doubles they read
struct Evaluator {
  std::vector<double> vars;  // sized once: the parsers hold pointers into it
  std::vector<std::unique_ptr<mu::Parser>> parsers;
  std::vector<std::size_t> sizes;
};

}  // namespace

std::string channelField(const StatePartSpec& channel) { return "control " + channel.name; }

std::vector<std::string> lawNames(const SystemModel& model, const ParamValues& values) {
  std::vector<std::string> names = {"t"};
  for (const StatePart& p : initialParts(model, model.methods().front(), values))
    partNames(p.name, p.shape, p.values.size(), names);
  for (const ParamSpec& s : model.params())
    if (s.dim == 1 && values.count(s.name)) names.push_back(s.name);
  return names;
}

ControlLaw compileLaw(const SystemModel& model, Method method, const ParamValues& values,
                      const ForcingLaw& law) {
  const std::vector<StatePartSpec>& channels = model.declaration().controls;
  if (channels.empty())
    throw InputError(model.name() + " declares no control: it cannot be forced");
  if (law.channels.size() != channels.size())
    throw InputError("the law gives " + std::to_string(law.channels.size()) +
                     " channels, the system declares " + std::to_string(channels.size()));
  const std::vector<std::string> names = lawNames(model, values);
  auto ev = std::make_shared<Evaluator>();
  ev->vars.assign(names.size(), 0.0);
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const StatePartSpec& ch = channels[c];
    const std::size_t size = declaredSize(ch.shape, values);
    const std::string& text = law.channels[c];
    const std::string field = channelField(ch);
    const std::string allowed = "; the law may use " + joined(names) +
                                ", numbers, + - * / ^, sin cos tan exp log sqrt abs and pi";
    if (text.find_first_not_of(" \t") == std::string::npos)
      throw InputError(field + ": empty; type " + std::to_string(size) +
                       (size == 1 ? " expression" : " expressions separated by commas") +
                       " (0 for none)" + allowed);
    auto p = std::make_unique<mu::Parser>();
    try {
      for (std::size_t i = 0; i < names.size(); ++i) {
        // a parameter value is a constant of the law
        p->DefineVar(names[i], &ev->vars[i]);
      }
      p->DefineConst("pi", 3.14159265358979323846);
      p->SetExpr(text);
      int n = 0;
      p->Eval(n);  // parses: a syntax error or an unknown name throws here
      if (std::size_t(n) != size)
        throw InputError(field + " [" + ch.unit + "]: " + std::to_string(n) +
                         (n == 1 ? " expression" : " expressions") + " given, " +
                         std::to_string(size) + " wanted (one per entry, separated by commas)" +
                         allowed);
    } catch (const mu::Parser::exception_type& e) {
      throw InputError(field + " \"" + text + "\": " + e.GetMsg() + allowed);
    }
    ev->parsers.push_back(std::move(p));
    ev->sizes.push_back(size);
  }
  // the parameters are bound once; t and the state at each sample
  std::size_t stateEnd = 1;
  {
    std::vector<std::string> tmp = {"t"};
    for (const StatePart& part : initialParts(model, method, values))
      partNames(part.name, part.shape, part.values.size(), tmp);
    stateEnd = tmp.size();
  }
  for (std::size_t i = stateEnd; i < names.size(); ++i) ev->vars[i] = scalarParam(values, names[i]);
  const SystemModel* m = &model;
  return [ev, m, method, stateEnd](const Sample& s, VectorXd& u, std::string* why) {
    ev->vars[0] = s.t;
    std::size_t k = 1;
    for (const StatePart& part : m->namedState(method, s))
      for (double v : part.values)
        if (k < stateEnd) ev->vars[k++] = v;
    Eigen::Index at = 0;
    for (std::size_t c = 0; c < ev->parsers.size(); ++c) {
      int n = 0;
      const double* r = nullptr;
      try {
        r = ev->parsers[c]->Eval(n);
      } catch (const mu::Parser::exception_type& e) {
        if (why) *why = e.GetMsg();
        return false;
      }
      for (int i = 0; i < n && at < u.size(); ++i) u[at++] = r[i];
    }
    return true;
  };
}

void checkLaw(const SystemModel& model, const ParamValues& values, const ForcingLaw& law) {
  (void)compileLaw(model, model.methods().front(), values, law);
}

}  // namespace dms::ui
