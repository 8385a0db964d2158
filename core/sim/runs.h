/// The two generic runs every system is made of: a fixed-step variational run and an RK45 run
/// on a continuous form. Systems supply the step or the right-hand side, and the sample.
#pragma once

#include <cmath>
#include <sstream>
#include <utility>

#include "core/integrators/dormandprince.h"
#include "core/sim/model.h"

namespace dms {

/// True when every number a view or a summary reads is finite.
bool sampleIsFinite(const Sample& s);

/// A fixed-step run of a discrete map. Stepper provides
///   using State = ...;
///   bool step(State& x, std::string* why) const;   // false: no solution, `why` says why
///   Sample sample(double t, const State& x) const;
///   std::vector<std::string> stateNames() const;
template <class Stepper>
class VariationalRun final : public Run {
 public:
  using State = typename Stepper::State;

  VariationalRun(Stepper stepper, const State& x0, const IntegratorSettings& s)
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

  double progress() const override {
    return m_steps > 0 ? double(m_k) / double(m_steps) : 1.0;
  }
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

/// A continuous form of a system for RK45: y0, y' = f(t, y), and how to read a sample off y.
struct ContinuousForm {
  VectorXd y0;
  OdeRhs rhs;
  std::function<Sample(double t, const VectorXd& y)> sample;
  std::vector<std::string> names;
};

/// RK45 on a continuous form, sampled at t_k = k h through dense output (ode45 with a tspan of
/// more than two points) or at its accepted steps.
class RkRun final : public Run {
 public:
  RkRun(ContinuousForm form, const IntegratorSettings& s);

  bool advance(std::vector<Sample>& out, std::size_t maxSamples) override;
  double progress() const override;
  RunCounters counters() const override;
  std::vector<std::string> stateNames() const override { return m_form.names; }

 private:
  bool emitSample(std::vector<Sample>& out, double t, const VectorXd& y);
  bool fail(const std::string& why);

  ContinuousForm m_form;
  IntegratorSettings m_settings;
  DormandPrince m_dp;
  VectorXd m_yout;
  std::int64_t m_nextOut = 0;  // index of the next output time (output sampling)
  std::int64_t m_lastOut = 0;
  double m_tf = 0.0;
  double m_lastGood = 0.0;
  bool m_started = false;
  bool m_over = false;
};

}  // namespace dms
