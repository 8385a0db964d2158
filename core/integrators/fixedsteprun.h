// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A fixed-step run of a discrete map (a variational integrator's step): the system supplies
/// the step and the sample.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/integrators/run.h"
#include "core/integrators/settings.h"
#include "core/integrators/tangent.h"

namespace dms {

/// A fixed-step run of a discrete map. Stepper provides
///   using State = ...;
///   // one step of size h (negative in a composition); false: no solution, `why` says why
///   bool step(State& x, double h, StepWork& work, std::string* why) const;
///   // the sample at t: the fields asked for (SampleFields), written into s
///   void fill(Sample& s, double t, const State& x, SampleFields fields) const;
///   std::vector<std::string> stateNames() const;
template <class Stepper>
class FixedStepRun final : public Run {
 public:
  using State = typename Stepper::State;

  FixedStepRun(Stepper stepper, const State& x0, const IntegratorSettings& s)
      : m_stepper(std::move(stepper)), m_x(x0), m_h(s.h), m_steps(s.steps()) {}

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override {
    std::size_t n = 0;
    while (n < maxSamples && !m_over) {
      if (m_emitted) {
        if (m_k >= m_steps) {
          m_over = true;
          break;
        }
        // in place: after a failure the state is never read again
        if (!m_stepper.step(m_x, m_h, m_work, &m_why)) return fail(m_why);
        ++m_k;
      }
      m_stepper.fill(m_sample, double(m_k) * m_h, m_x, fields);
      if (!sampleIsFinite(m_sample, fields)) return fail("the state became non-finite");
      sink.take(m_sample);
      m_emitted = true;
      ++n;
    }
    return !m_over;
  }

  double progress() const override { return m_steps > 0 ? double(m_k) / double(m_steps) : 1.0; }
  RunCounters counters() const override { return {m_k, 0, m_work.fevals, m_work.newton}; }
  std::vector<std::string> stateNames() const override { return m_stepper.stateNames(); }

 private:
  bool fail(const std::string& why) {
    m_over = true;
    m_failure.failed = true;
    m_failure.time = double(m_k) * m_h;
    std::ostringstream s;
    s << "step from t = " << m_failure.time << " failed: " << why;
    m_failure.reason = s.str();
    return false;
  }

  Stepper m_stepper;
  State m_x;
  Sample m_sample;
  double m_h;
  std::int64_t m_steps;
  std::int64_t m_k = 0;
  StepWork m_work;
  bool m_emitted = false;
  bool m_over = false;
  std::string m_why;
};

}  // namespace dms
