// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/output.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/params.h"

namespace dms {
void validateOutput(const OutputChoice& c, double end, double T, const OutputNames& n) {
  const int given = int(bool(c.every)) + int(bool(c.times)) + int(c.finalOnly);
  if (given > 1) {
    std::vector<std::string> names;
    if (c.every) names.push_back(n.every);
    if (c.times) names.push_back(n.times);
    if (c.finalOnly) names.push_back(n.finalOnly);
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i)
      list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    throw InputError(list + " exclude each other: give one of " + n.every + ", " + n.times +
                     " and " + n.finalOnly);
  }
  if (c.stride() < 1)
    throw InputError(n.every + " = " + std::to_string(c.stride()) +
                     ": must be a whole number >= 1 (every k-th sample)");
  if (!c.times) return;
  const std::vector<double>& t = *c.times;
  const std::string range = "[0, " + formatNumber(end) + "]" +
                            (std::fabs(end - T) > 1e-12 * std::max(1.0, T)
                                 ? " (the run's samples end at t = " + formatNumber(end) +
                                       ", before T = " + formatNumber(T) + ")"
                                 : std::string());
  if (t.empty()) throw InputError(n.times + ": is empty; give at least one time in " + range);
  for (std::size_t i = 0; i < t.size(); ++i) {
    const std::string at = n.times + "[" + std::to_string(i) + "] = " + formatNumber(t[i]);
    if (!std::isfinite(t[i])) throw InputError(at + ": must be finite, in " + range);
    if (t[i] < 0 || t[i] > end)
      throw InputError(at + ": out of range; the times must be in " + range);
    if (i > 0 && t[i] < t[i - 1])
      throw InputError(at + ": the times must be sorted (it is less than " + n.times + "[" +
                       std::to_string(i - 1) + "] = " + formatNumber(t[i - 1]) + ")");
  }
}

std::size_t keptSampleCount(const OutputChoice& c, std::int64_t steps, bool known) {
  if (c.times) return c.times->size();
  if (c.finalOnly) return 1;
  if (!known) return 0;
  const std::int64_t k = std::max<std::int64_t>(1, c.stride());
  return std::size_t((steps + k - 1) / k + 1);
}

OutputSelector::OutputSelector(const SystemModel& model, Method method, OutputChoice choice,
                               Run& run, SampleSink& every, SampleSink& kept, StepObserver* chained)
    : m_model(model),
      m_method(method),
      m_choice(std::move(choice)),
      m_run(run),
      m_every(every),
      m_keptSink(kept),
      m_chained(chained),
      m_stopAt(std::numeric_limits<double>::infinity()),
      m_cubic(model, method) {
  if (m_choice.times) m_dense = m_run.observeSteps(this);
}

OutputSelector::~OutputSelector() {
  // a chained observer goes on watching the run in its own place
  if (m_dense) m_run.observeSteps(m_chained);
}

void OutputSelector::keep(const Sample& s) {
  ++m_kept;
  m_keptSink.take(s);
}

double OutputSelector::stepped(double t0, double t1) {
  if (m_chained) m_stopAt = std::min(m_stopAt, m_chained->stepped(t0, t1));
  const std::vector<double>& times = *m_choice.times;
  const double upTo = std::min(t1, m_stopAt);
  while (m_nextTime < times.size() && times[m_nextTime] <= upTo) {
    // a time at or before the step's start was the first sample's (t = 0)
    if (times[m_nextTime] > t0) {
      m_run.interpolate(times[m_nextTime], m_at);
      keep(m_at);
    }
    ++m_nextTime;
  }
  return m_stopAt;
}

void OutputSelector::take(const Sample& s) {
  m_every.take(s);
  const std::int64_t index = m_index++;
  if (m_choice.times) {
    const std::vector<double>& times = *m_choice.times;
    if (index == 0) {
      // the first sample is the run's start: the times at it
      while (m_nextTime < times.size() && times[m_nextTime] <= s.t) {
        keep(s);
        ++m_nextTime;
      }
      if (!m_dense) m_cubic.push(s);
      m_lastTime = s.t;
      return;
    }
    if (m_dense) return;  // kept in stepped()
    m_cubic.push(s);
    while (m_nextTime < times.size() && times[m_nextTime] <= s.t) {
      const double t = times[m_nextTime++];
      if (t <= m_lastTime) continue;  // at or before the previous sample: none there
      if (t == s.t) {
        keep(s);
      } else {
        m_cubic.at(t, m_at);
        keep(m_at);
      }
    }
    m_lastTime = s.t;
    return;
  }
  if (!m_choice.finalOnly && m_untilKept-- == 0) {
    m_untilKept = m_choice.stride() - 1;
    keep(s);
    m_lastKept = true;
    return;
  }
  m_last = s;
  m_lastKept = false;
}

void OutputSelector::finish() {
  if (m_choice.times || m_lastKept) return;
  keep(m_last);
  m_lastKept = true;
}

std::vector<StatePart> OutputSelector::namedStateOf(const Sample& s) const {
  return m_choice.times && !m_dense ? m_cubic.parts(s) : namedState(m_model, m_method, s);
}

}  // namespace dms
