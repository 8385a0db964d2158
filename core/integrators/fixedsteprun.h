/// A fixed-step run of a discrete map (a variational integrator's step): the system supplies
/// the step and the sample.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/integrators/run.h"
#include "core/integrators/settings.h"

namespace dms {

/// A fixed-step run of a discrete map. Stepper provides
///   using State = ...;
///   bool step(State& x, std::string* why) const;   // false: no solution, `why` says why
///   Sample sample(double t, const State& x) const;
///   std::vector<std::string> stateNames() const;
template <class Stepper>
class FixedStepRun final : public Run {
 public:
  using State = typename Stepper::State;

  FixedStepRun(Stepper stepper, const State& x0, const IntegratorSettings& s)
      : m_stepper(std::move(stepper)), m_x(x0), m_h(s.h), m_steps(s.steps()) {}

  bool advance(std::vector<Sample>& out, std::size_t maxSamples) override {
    std::size_t n = 0;
    while (n < maxSamples && !m_over) {
      if (m_emitted) {
        if (m_k >= m_steps) {
          m_over = true;
          break;
        }
        State next = m_x;
        if (!m_stepper.step(next, &m_why)) return fail(m_why);
        m_x = next;
        ++m_k;
      }
      Sample s = m_stepper.sample(double(m_k) * m_h, m_x);
      if (!sampleIsFinite(s)) return fail("the state became non-finite");
      out.push_back(std::move(s));
      m_emitted = true;
      ++n;
    }
    return !m_over;
  }

  double progress() const override { return m_steps > 0 ? double(m_k) / double(m_steps) : 1.0; }
  RunCounters counters() const override { return {m_k, 0, 0}; }
  std::vector<std::string> stateNames() const override { return m_stepper.stateNames(); }

 private:
  bool fail(const std::string& why) {
    m_over = true;
    m_failure.failed = true;
    m_failure.time = double(m_k) * m_h;
    std::ostringstream s;
    s << "variational step from t = " << m_failure.time << " failed: " << why;
    m_failure.reason = s.str();
    return false;
  }

  Stepper m_stepper;
  State m_x;
  double m_h;
  std::int64_t m_steps;
  std::int64_t m_k = 0;
  bool m_emitted = false;
  bool m_over = false;
  std::string m_why;
};

}  // namespace dms
