// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/events.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <sstream>
#include <utility>

#include "core/systems/potentialexpression.h"

namespace dms {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  std::ostringstream s;
  s.precision(12);
  s << x;
  return s.str();
}

// a declared dimension: digits, or a structural parameter's name (a chain's "n")
int dimension(const std::string& d, const ParamValues& values) {
  if (!d.empty() && std::all_of(d.begin(), d.end(),
                                [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::stoi(d);
  const auto it = values.find(d);
  if (it == values.end() || it->second.size() != 1)
    throw InputError("events: the state's dimension '" + d + "' has no value");
  return int(std::lround(it->second[0]));
}

std::string trim(const std::string& s) {
  const std::size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return {};
  const std::size_t b = s.find_last_not_of(" \t");
  return s.substr(a, b - a + 1);
}

// the column (1-based) of the first occurrence of `name` as a whole name in `text`
std::size_t nameColumn(const std::string& text, const std::string& name) {
  const auto isName = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool before = at > 0 && isName(text[at - 1]);
    const bool after = at + name.size() < text.size() && isName(text[at + name.size()]);
    if (!before && !after) return at + 1;
  }
  return 0;
}

// Illinois (a regula falsi that halves the stale end's value): a root of g in [a, b], where
// g(a) = ga and g(b) = gb have opposite signs (or gb is 0), to kEventTimeTolerance
template <class G>
double illinois(G g, double a, double ga, double b, double gb) {
  if (gb == 0) return b;
  int side = 0;
  for (int i = 0; i < 200; ++i) {
    if (b - a <= kEventTimeTolerance * std::max({1.0, std::fabs(a), std::fabs(b)})) break;
    double c = (a * gb - b * ga) / (gb - ga);
    if (!(c > a && c < b)) c = 0.5 * (a + b);
    if (!(c > a && c < b)) break;  // no double between them
    const double gc = g(c);
    if (gc == 0) return c;
    if ((gc > 0) == (gb > 0)) {
      b = c;
      gb = gc;
      if (side == -1) ga *= 0.5;
      side = -1;
    } else {
      a = c;
      ga = gc;
      if (side == +1) gb *= 0.5;
      side = +1;
    }
  }
  const double c = (a * gb - b * ga) / (gb - ga);
  return c >= a && c <= b ? c : 0.5 * (a + b);
}

// thrown inside a root search when g cannot be evaluated (the message is already kept)
struct EventStop {};

}  // namespace

std::vector<std::string> eventVariables(const SystemModel& model, const ParamValues& values) {
  std::vector<std::string> names = {"t"};
  for (const StatePartSpec& p : model.declaration().state) {
    const bool digit = !p.name.empty() && std::isdigit(static_cast<unsigned char>(p.name.back()));
    const std::string stem = p.name + (digit ? "_" : "");
    std::vector<int> shape;
    for (const std::string& d : p.shape) shape.push_back(dimension(d, values));
    if (shape.empty()) {
      names.push_back(p.name);
    } else if (shape.size() == 1) {
      for (int i = 1; i <= shape[0]; ++i) names.push_back(stem + std::to_string(i));
    } else {
      const bool wide = shape[0] > 9 || shape[1] > 9;
      for (int i = 1; i <= shape[0]; ++i)
        for (int j = 1; j <= shape[1]; ++j)
          names.push_back(stem + std::to_string(i) + (wide ? "_" : "") + std::to_string(j));
    }
  }
  return names;
}

EventSpec eventExpression(const std::string& text, const SystemModel& model,
                          const ParamValues& values, int direction, bool terminal) {
  const std::string label = "event '" + text + "'";
  const std::vector<std::string> variables = eventVariables(model, values);
  PotentialVariables vars;
  vars.field = "event";
  vars.variables = variables;
  vars.variablePrefix = "\x01";  // no name is variable-like: an unknown one is said below
  // the system's scalar parameters, by the names that are not the state's
  for (const ParamSpec& p : model.paramsFor(values)) {
    const auto it = values.find(p.name);
    if (p.dim == 1 && it != values.end() && it->second.size() == 1 &&
        std::find(variables.begin(), variables.end(), p.name) == variables.end())
      vars.systemScalars.push_back(p.name);
  }
  std::string known;
  for (const std::string& v : variables) known += (known.empty() ? "" : " ") + v;
  for (const std::string& v : vars.systemScalars) known += " " + v;
  if (trim(text).empty())
    throw InputError(label + ": is empty; write a function of " + known +
                     " whose zeros are the events (the run did not start)");
  PotentialExpression e;
  try {
    e = acceptPotential(text, vars);
  } catch (const InputError& err) {
    std::string what = err.what();
    const std::string prefix = "--event: ";
    if (what.rfind(prefix, 0) == 0) what = what.substr(prefix.size());
    throw InputError(label + ": " + what + " (the run did not start)", err.detail());
  }
  if (!e.parameters.empty()) {
    const std::string& name = e.parameters.front();
    const std::size_t col = nameColumn(text, name);
    throw InputError(label + ": unknown name '" + name + "'" +
                     (col ? " at column " + std::to_string(col) : std::string()) +
                     "; the names are " + known + " (the run did not start)");
  }
  auto evaluator = std::make_shared<PotentialEvaluator>(e, values);
  const std::size_t n = variables.size();
  EventSpec spec;
  spec.label = text;
  spec.direction = direction;
  spec.terminal = terminal;
  spec.g = [evaluator, n](double t, const std::vector<StatePart>& parts) {
    double* v = evaluator->vars();
    std::size_t k = 0;
    v[k++] = t;
    for (const StatePart& p : parts)
      for (double x : p.values) {
        if (k == n) throw InputError("the state has more entries than the event's names");
        v[k++] = x;
      }
    if (k != n) throw InputError("the state has fewer entries than the event's names");
    return evaluator->value();
  };
  return spec;
}

EventFlag parseEventFlag(const std::string& text) {
  EventFlag f;
  std::size_t at = text.find(';');
  f.expression = text.substr(0, at);
  bool dirGiven = false;
  while (at != std::string::npos) {
    const std::size_t next = text.find(';', at + 1);
    const std::string word =
        trim(text.substr(at + 1, next == std::string::npos ? next : next - at - 1));
    if (word == "stop") {
      f.terminal = true;
    } else if ((word == "rising" || word == "falling") && !dirGiven) {
      f.direction = word == "rising" ? 1 : -1;
      dirGiven = true;
    } else {
      throw InputError("--event '" + text + "': '" + word +
                       "' after ';' is none of rising, falling, stop (one direction at most): "
                       "write EXPR[;rising|;falling][;stop]");
    }
    at = next;
  }
  return f;
}

EventLocator::EventLocator(const SystemModel& model, Method method, std::vector<EventSpec> events,
                           Run& run, SampleSink& next)
    : m_model(model),
      m_method(method),
      m_events(std::move(events)),
      m_run(run),
      m_next(next),
      m_stopAt(kInf),
      m_cubic(model, method) {
  m_gPrev.resize(m_events.size());
  m_gNow.resize(m_events.size());
  if (!m_events.empty()) m_dense = m_run.observeSteps(this);
}

EventLocator::~EventLocator() {
  if (m_dense) m_run.observeSteps(nullptr);
}

void EventLocator::fail(const std::string& why) {
  m_failure = why;
  m_stopped = true;
}

std::vector<StatePart> EventLocator::parts(const Sample& s) {
  return m_dense ? namedState(m_model, m_method, s) : m_cubic.parts(s);
}

double EventLocator::evaluateOne(std::size_t i, const Sample& s, const std::string& where) {
  double g = 0.0;
  const EventSpec& e = m_events[i];
  const std::string name = "event " + std::to_string(i) + " '" + e.label + "'";
  try {
    g = e.g(s.t, parts(s));
  } catch (const std::exception& err) {
    fail(name + " " + where + " (t = " + number(s.t) + "): " + err.what());
    throw EventStop{};
  } catch (...) {
    fail(name + " " + where + " (t = " + number(s.t) + "): could not be evaluated");
    throw EventStop{};
  }
  if (!std::isfinite(g)) {
    fail(name + " is " + number(g) + " " + where + " (t = " + number(s.t) + ")");
    throw EventStop{};
  }
  return g;
}

bool EventLocator::evaluate(const Sample& s, std::vector<double>& g, const std::string& where) {
  try {
    for (std::size_t i = 0; i < m_events.size(); ++i) g[i] = evaluateOne(i, s, where);
  } catch (const EventStop&) {
    return false;
  }
  return true;
}

template <class At>
double EventLocator::crossings(double a, const std::vector<double>& ga, double b,
                               const std::vector<double>& gb, At at, const std::string& where) {
  std::vector<LocatedEvent> found;
  Sample s;
  try {
    for (std::size_t i = 0; i < m_events.size(); ++i) {
      const double g0 = ga[i], g1 = gb[i];
      // a crossing: opposite signs, or a zero reached (not one left: it was reached before)
      if (g0 == 0 || !((g0 < 0) != (g1 < 0) || g1 == 0)) continue;
      const int dir = g0 < 0 ? 1 : -1;
      if (m_events[i].direction != 0 && m_events[i].direction != dir) continue;
      const auto g = [&](double t) {
        at(t, s);
        return evaluateOne(i, s, where);
      };
      const double t = illinois(g, a, g0, b, g1);
      at(t, s);
      found.push_back({i, t, dir, m_events[i].terminal, parts(s)});
    }
  } catch (const EventStop&) {
    return a;
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const LocatedEvent& x, const LocatedEvent& y) { return x.t < y.t; });
  for (LocatedEvent& e : found) {
    const bool terminal = e.terminal;
    const std::size_t index = e.event;
    const double t = e.t;
    m_located.push_back(std::move(e));
    if (terminal) {
      m_stopped = true;
      m_stoppedBy = index;
      return t;
    }
  }
  return kInf;
}

double EventLocator::stepped(double t0, double t1) {
  if (m_stopped) return m_stopAt;
  ++m_step;
  const std::string where = "in step " + std::to_string(m_step);
  Sample s;
  if (!m_started) {
    m_started = true;
    m_run.interpolate(t0, s);
    if (!evaluate(s, m_gPrev, "at the start")) return m_stopAt = t0;
  }
  m_run.interpolate(t1, s);
  if (!evaluate(s, m_gNow, "at the end of step " + std::to_string(m_step))) return m_stopAt = t0;
  const double stop = crossings(
      t0, m_gPrev, t1, m_gNow, [this](double t, Sample& out) { m_run.interpolate(t, out); }, where);
  if (m_stopped) return m_stopAt = stop;
  std::swap(m_gPrev, m_gNow);
  return kInf;
}

void EventLocator::take(const Sample& s) {
  if (m_stopped && (m_stoppedBy ? s.t > m_stopAt : true)) return;
  if (m_dense || m_events.empty()) {
    m_lastTime = s.t;
    m_next.take(s);
    return;
  }
  // a fixed-step run: g at each sample, crossings on the cubic through the last samples
  const std::string where = "at step " + std::to_string(m_step);
  m_cubic.push(s);
  if (!m_started) {
    m_started = true;
    // the initial sample is kept whatever g does there (as RK45's, made before its first step)
    if (!evaluate(s, m_gPrev, "at the start")) {
      m_lastTime = s.t;
      m_next.take(s);
      return;
    }
    ++m_step;
    m_lastTime = s.t;
    m_next.take(s);
    return;
  }
  if (!evaluate(s, m_gNow, where)) return;
  const double a = m_cubic.kept(m_cubic.size() - 2).t;
  const double stop = crossings(
      a, m_gPrev, s.t, m_gNow, [this](double t, Sample& out) { m_cubic.at(t, out); },
      "between steps " + std::to_string(m_step - 1) + " and " + std::to_string(m_step));
  ++m_step;
  std::swap(m_gPrev, m_gNow);
  if (m_stopped) {
    m_stopAt = stop;
    if (!m_stoppedBy || s.t > stop) return;
  }
  m_lastTime = s.t;
  m_next.take(s);
}

bool advanceWithEvents(Run& run, EventLocator& locator, std::size_t maxSamples,
                       SampleFields fields) {
  // a run with dense output ends itself at the time the locator gives it (after the samples of
  // the step up to it); a fixed-step run is not advanced past a sample that stopped it
  for (std::size_t k = 0; k < maxSamples; ++k) {
    if (locator.stopped() && !locator.dense()) return false;
    if (!run.advance(locator, 1, fields)) return false;
  }
  return !(locator.stopped() && !locator.dense());
}

}  // namespace dms
