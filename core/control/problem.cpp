// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/problem.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/integrators/settings.h"

namespace dms {

const ControlChoice::Value* ControlChoice::find(const std::string& v) const {
  for (const Value& x : values)
    if (x.value == v) return &x;
  return nullptr;
}

std::string ControlChoice::valuesText() const {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += i + 1 == values.size() ? " or " : ", ";
    out += values[i].value;
  }
  return out;
}

const std::vector<ControlExpressionField>& ControlProblem::expressionFields() const {
  static const std::vector<ControlExpressionField> none;
  return none;
}

std::vector<ParamSpec> ControlProblem::allFields() const {
  std::vector<ParamSpec> all = fields();
  all.insert(all.end(), solverFields().begin(), solverFields().end());
  return all;
}

ControlRequest ControlProblem::defaultRequest() const {
  ControlRequest r;
  r.choices = completeChoices({});
  ControlRequest chosen;
  chosen.choices = r.choices;
  r.values = completeValues(chosen);
  return r;
}

std::map<std::string, std::string> ControlProblem::completeChoices(const ControlRequest& r) const {
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : r.choices) {
    const ControlChoice* c = nullptr;
    for (const ControlChoice& x : choices())
      if (x.name == name) c = &x;
    if (!c) throw InputError("--" + name + ": not an option of this problem");
    if (!c->find(value)) {
      std::string labels;
      for (const ControlChoice::Value& v : c->values)
        labels += (labels.empty() ? "" : "; ") + v.label;
      throw InputError("--" + name + " '" + value + "': expected " + c->valuesText() + " (" +
                       labels + ")");
    }
  }
  for (const ControlChoice& c : choices()) {
    const auto it = r.choices.find(c.name);
    out[c.name] = it != r.choices.end() ? it->second : c.values.front().value;
  }
  return out;
}

ParamValues ControlProblem::completeValues(const ControlRequest& r) const {
  const std::vector<ParamSpec> all = allFields();
  ParamValues v = defaultValues(all);
  for (const auto& [name, value] : completeChoices(r))
    for (const ControlChoice& c : choices())
      if (c.name == name)
        for (const auto& [field, d] : c.find(value)->defaults) v[field] = d;
  for (const auto& [name, value] : r.values) applyAssignment(all, v, name, value);
  return v;
}

namespace {

// the maneuver's T and h as given (or their defaults), and N = floor(T/h) as the problems
// count it; false when they do not make a horizon (check() says why)
bool horizon(const ControlProblem& p, const ControlRequest& r, double& T, double& h,
             std::int64_t& N) {
  try {
    const ParamValues v = p.completeValues(r);
    const auto t = v.find("T"), s = v.find("h");
    if (t == v.end() || s == v.end() || t->second.size() != 1 || s->second.size() != 1)
      return false;
    T = t->second.front();
    h = s->second.front();
    N = checkStepAndHorizon(h, T);
    return true;
  } catch (const InputError&) {
    return false;
  }
}

// T and h are the problem's defaults (as typed: to a few ulps)
bool defaultHorizon(const ControlProblem& p, double T, double h) {
  const ParamValues d = p.defaultRequest().values;
  const double T0 = d.at("T").front(), h0 = d.at("h").front();
  return std::fabs(T - T0) <= 1e-12 * T0 && std::fabs(h - h0) <= 1e-12 * h0;
}

// N h without the round-off of the product (36 x 0.033 is 1.1880000000000002)
std::string endText(std::int64_t N, double h) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.12g", double(N) * h);
  return formatNumber(std::strtod(buf, nullptr));
}

bool wholeSteps(double T, double h, std::int64_t N) {
  return std::fabs(double(N) * h - T) <= 1e-9 * T;
}

}  // namespace

std::vector<std::string> ControlProblem::warnings(const ControlRequest& r) const {
  std::vector<std::string> out = valueWarnings(r);
  double T = 0, h = 0;
  std::int64_t N = 0;
  if (horizon(*this, r, T, h, N) && !wholeSteps(T, h, N) && !defaultHorizon(*this, T, h))
    out.push_back("T = " + formatNumber(T) + " is not a whole number of steps h = " +
                  formatNumber(h) + ": the maneuver ends at t_N = N h = " + endText(N, h) +
                  " s (N = " + std::to_string(N) + ")");
  return out;
}

std::string ControlProblem::horizonNote(const ControlRequest& r) const {
  double T = 0, h = 0;
  std::int64_t N = 0;
  if (!horizon(*this, r, T, h, N) || wholeSteps(T, h, N) || !defaultHorizon(*this, T, h)) return {};
  const std::string figure = articleFigure();
  return "N = " + std::to_string(N) + " steps of h = " + formatNumber(h) +
         " s: the maneuver ends at t = " + endText(N, h) + " s" +
         (figure.empty() ? std::string(" (the default T = ") + formatNumber(T) + " s)"
                         : ", as in the article (Figure " + figure + ")");
}

}  // namespace dms
