/// RK45 on a continuous form of a system: the system supplies y0, the right-hand side and how
/// to read a sample off y.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/integrators/dormandprince.h"
#include "core/integrators/run.h"
#include "core/integrators/settings.h"

namespace dms {

/// A continuous form of a system for RK45: y0, y' = f(t, y), and how to read a sample off y.
struct ContinuousForm {
  VectorXd y0;
  OdeRhs rhs;
  std::function<Sample(double t, const VectorXd& y)> sample;
  std::vector<std::string> names;
  /// The nearest point of the manifold the exact solution stays on (a unit q, a rotation R),
  /// for RK45 with projection; empty when the form has none.
  std::function<void(VectorXd& y)> project;
};

/// RK45 on a continuous form, sampled at t_k = k h through dense output (ode45 with a tspan of
/// more than two points) or at its accepted steps.
class RkRun final : public Run {
 public:
  /// With `projected`, every accepted step and every output is projected (form.project).
  RkRun(ContinuousForm form, const IntegratorSettings& s, bool projected = false);

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override;
  double progress() const override;
  RunCounters counters() const override;
  std::vector<std::string> stateNames() const override { return m_form.names; }

 private:
  bool emitSample(SampleSink& sink, double t, const VectorXd& y);
  bool fail(const std::string& why);

  ContinuousForm m_form;
  IntegratorSettings m_settings;
  DormandPrince m_dp;
  VectorXd m_yout;
  Sample m_sample;
  std::int64_t m_nextOut = 0;  // index of the next output time (output sampling)
  std::int64_t m_lastOut = 0;
  double m_tf = 0.0;
  double m_lastGood = 0.0;
  bool m_started = false;
  bool m_over = false;
  bool m_projected = false;
};

}  // namespace dms
