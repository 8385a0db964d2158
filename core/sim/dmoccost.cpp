// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/dmoccost.h"

#include <cctype>
#include <cmath>
#include <set>

#include "core/lie/so3.h"
#include "core/sim/controllaw.h"
#include "core/sim/namedstate.h"
#include "core/systems/potentialexpression.h"

namespace dms {
namespace {

std::string joinedNames(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : " ") + n;
  return s;
}

bool isName(const std::string& s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  return true;
}

const StatePartSpec& declaredPart(const SystemDeclaration& d, const std::string& name) {
  for (const StatePartSpec& p : d.state)
    if (p.name == name) return p;
  throw InputError("the state has no part '" + name + "'");
}

// the entries of the state's tangent parts, part by part (the order of tangentDifference)
std::vector<std::string> tangentEntryNames(const SystemModel& model, const ParamValues& values) {
  std::vector<std::string> out;
  for (const TangentPart& t : model.declaration().tangent) {
    const StatePartSpec& p = declaredPart(model.declaration(), t.part);
    for (const std::string& n : entryNames(p.name, p.shape, values)) out.push_back(n);
  }
  return out;
}

// the parameters an expression may read, by name (a vector's entries numbered from 1), with
// their values; a name a variable has is left out
ParamValues parameterScalars(const ParamValues& values, const std::set<std::string>& taken) {
  ParamValues out;
  for (const auto& [name, v] : values) {
    if (!isName(name)) continue;
    if (v.size() == 1) {
      if (!taken.count(name)) out[name] = v;
    } else {
      for (std::size_t i = 0; i < v.size(); ++i) {
        const std::string n = name + std::to_string(i + 1);
        if (!taken.count(n)) out[n] = {v[i]};
      }
    }
  }
  return out;
}

std::string numberText(double x) { return std::isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf"; }

}  // namespace

struct DmocCost::Term {
  std::string flag, text;
  bool running = false;
  std::vector<std::string> variables;
  PotentialExpression expr;
  std::unique_ptr<PotentialEvaluator> eval;
};

DmocCost::DmocCost(const SystemModel& model, const ParamValues& values, const std::string& running,
                   const std::string& terminal)
    : m_model(model) {
  const std::vector<std::string> state = tangentEntryNames(model, values);
  const std::vector<std::string> controls = controlEntryNames(model, values);
  for (const bool isRunning : {true, false}) {
    const std::string& text = isRunning ? running : terminal;
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    auto term = std::make_unique<Term>();
    term->flag = isRunning ? "--running-cost" : "--terminal-cost";
    term->text = text;
    term->running = isRunning;
    if (isRunning) term->variables.push_back("t");
    term->variables.insert(term->variables.end(), state.begin(), state.end());
    if (isRunning) term->variables.insert(term->variables.end(), controls.begin(), controls.end());
    const ParamValues params = parameterScalars(
        values, std::set<std::string>(term->variables.begin(), term->variables.end()));
    std::vector<std::string> paramNames;
    for (const auto& [name, v] : params) paramNames.push_back(name);
    const std::string allowed = isRunning
                                    ? "the names are " + joinedNames(term->variables) +
                                          " and the parameters " + joinedNames(paramNames)
                                    : "the names are the state's " + joinedNames(term->variables) +
                                          " and the parameters " + joinedNames(paramNames);
    PotentialVariables vars;
    vars.field = term->flag.substr(2);
    vars.variables = term->variables;
    vars.systemScalars = paramNames;
    const std::string what = term->flag + " '" + text + "': ";
    try {
      term->expr = acceptPotential(text, vars);
    } catch (const InputError& err) {
      std::string m = err.what();
      const std::string own = term->flag + ": ";
      if (m.rfind(own, 0) == 0) m = m.substr(own.size());
      throw InputError(what + m + " (" + allowed + ")", err.detail());
    }
    if (!term->expr.parameters.empty())
      throw InputError(what + "unknown name '" + term->expr.parameters.front() + "' (" + allowed +
                       ")");
    term->eval = std::make_unique<PotentialEvaluator>(term->expr, params);
    (isRunning ? m_running : m_terminal) = std::move(term);
  }
}

DmocCost::~DmocCost() = default;

bool DmocCost::evaluate(Term& term, double t, const std::vector<StatePart>& x, const VectorXd* u,
                        bool gradient, double& value, VectorXd& gx, VectorXd* gu,
                        std::string* why) {
  const SystemDeclaration& d = m_model.declaration();
  double* v = term.eval->vars();
  std::size_t j = 0;
  if (term.running) v[j++] = t;
  const std::size_t stateStart = j;
  for (const TangentPart& tp : d.tangent) {
    const StatePart* p = findPart(x, tp.part);
    if (!p) throw InputError("the state has no part '" + tp.part + "'");
    for (double e : p->values) v[j++] = e;
  }
  if (u)
    for (Eigen::Index i = 0; i < u->size(); ++i) v[j++] = (*u)[i];
  const auto where = [&] {
    return term.running ? " at t = " + formatNumber(t) : std::string(" at x_N");
  };
  value = term.eval->value();
  if (!std::isfinite(value)) {
    if (why) *why = term.flag + " '" + term.text + "' is " + numberText(value) + where();
    return false;
  }
  if (!gradient) return true;
  const double* g = term.eval->gradient();
  for (std::size_t i = 0; i < term.variables.size(); ++i)
    if (!std::isfinite(g[i])) {
      if (why)
        *why = term.flag + " '" + term.text + "': its derivative by " + term.variables[i] + " is " +
               numberText(g[i]) + where();
      return false;
    }
  // dL/dx along the tangent coordinates: entries as they are; a rotation, delta R = R xi^,
  // gives xi's coefficients vee(M - M^T), M = R^T dL/dR; a unit vector, delta q = xi x q,
  // gives q x dL/dq
  gx.setZero(Eigen::Index(j - stateStart - (u ? std::size_t(u->size()) : 0)));
  std::size_t var = stateStart;
  Eigen::Index c = 0;
  for (const TangentPart& tp : d.tangent) {
    const StatePart* p = findPart(x, tp.part);
    const std::size_t n = p->values.size();
    if (tp.kind == TangentKind::Rotation) {
      Matrix3d R, G;
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) {
          R(a, b) = p->values[std::size_t(3 * a + b)];
          G(a, b) = g[var + std::size_t(3 * a + b)];
        }
      const Matrix3d M = R.transpose() * G;
      gx.segment<3>(c) = Vector3d(M(2, 1) - M(1, 2), M(0, 2) - M(2, 0), M(1, 0) - M(0, 1));
      c += 3;
    } else if (tp.kind == TangentKind::UnitVectors) {
      for (std::size_t r = 0; r < n / 3; ++r, c += 3) {
        const Vector3d q(p->values[3 * r], p->values[3 * r + 1], p->values[3 * r + 2]);
        const Vector3d gq(g[var + 3 * r], g[var + 3 * r + 1], g[var + 3 * r + 2]);
        gx.segment<3>(c) = q.cross(gq);
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) gx[c++] = g[var + i];
    }
    var += n;
  }
  gx.conservativeResize(c);
  if (gu) {
    gu->resize(u->size());
    for (Eigen::Index i = 0; i < u->size(); ++i) (*gu)[i] = g[var + std::size_t(i)];
  }
  return true;
}

bool DmocCost::running(double t, const std::vector<StatePart>& x, const VectorXd& u, bool gradient,
                       double& L, VectorXd& Lx, VectorXd& Lu, std::string* why) {
  return evaluate(*m_running, t, x, &u, gradient, L, Lx, &Lu, why);
}

bool DmocCost::terminal(const std::vector<StatePart>& x, bool gradient, double& Phi, VectorXd& Px,
                        std::string* why) {
  return evaluate(*m_terminal, 0.0, x, nullptr, gradient, Phi, Px, nullptr, why);
}

std::string DmocCost::runningNames(const SystemModel& model, const ParamValues& values) {
  const std::vector<std::string> state = tangentEntryNames(model, values);
  const std::vector<std::string> controls = controlEntryNames(model, values);
  std::set<std::string> taken(state.begin(), state.end());
  taken.insert(controls.begin(), controls.end());
  taken.insert("t");
  std::vector<std::string> params;
  for (const auto& [name, v] : parameterScalars(values, taken)) params.push_back(name);
  return "t, the state's " + joinedNames(state) + ", u's " + joinedNames(controls) +
         " and the parameters " + joinedNames(params);
}

std::string DmocCost::effortText(const SystemModel& model, const ParamValues& values) {
  std::string s;
  for (const std::string& n : controlEntryNames(model, values))
    s += (s.empty() ? "" : " + ") + n + "^2";
  return s;
}

}  // namespace dms
