// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A run taken one step at a time, with a control held constant over each step: what the
/// forced simulator (core/sim/simulator.h) advances. Built from the same steppers and
/// continuous forms as a Run (standardruns.h), so that with no control its states are a
/// Run's, bit for bit.
#pragma once

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <utility>

#include "core/integrators/fixedsteprun.h"
#include "core/integrators/rkrun.h"
#include "core/integrators/settings.h"
#include "core/integrators/tangent.h"

namespace dms {

/// The control of a forced run, held over each step (a zero-order hold): the system reads u in
/// its own layout (SystemDeclaration::controls), the simulator writes it before each step.
/// Empty u: no forcing.
struct HeldControl {
  VectorXd u;
  bool active() const { return u.size() > 0; }
};

/// One method on one system at one parameter set, from a state, stepping by h.
class Stepping {
 public:
  virtual ~Stepping() = default;
  /// From t to t + h: one step of a fixed-step method, or an adaptive pair's steps ending at
  /// t + h exactly (the control may change there). False when the step failed; `why` says why
  /// and the state is the last good one.
  virtual bool step(std::string* why) = 0;
  /// The sample of the current state, with the fields asked for.
  virtual void fill(Sample& s, SampleFields fields) const = 0;
  /// Steps taken so far (t = steps() h).
  virtual std::int64_t steps() const = 0;
  virtual RunCounters counters() const = 0;
  /// A copy of the whole state, the integrator's own (compensation terms, an adaptive pair's step
  /// size): stepping the copy repeats this one bit for bit.
  virtual std::unique_ptr<Stepping> clone() const = 0;
  /// The derivative of the next step from the current state with the control held now
  /// (tangent.h), in the system's tangent coordinates. False when the method has none on this
  /// system, or the step fails; `why` says which.
  virtual bool linearize(StepDerivative& d, std::string* why) const = 0;
  /// The system's symplectic form at the current state in the same coordinates; empty when the
  /// system supplies none.
  virtual MatrixXd symplecticForm() const = 0;
};

/// Fixed steps of a discrete map (the steppers of FixedStepRun).
template <class Stepper>
class FixedStepping final : public Stepping {
 public:
  using State = typename Stepper::State;
  FixedStepping(Stepper stepper, const State& x0, double h)
      : m_stepper(std::move(stepper)), m_x(x0), m_h(h) {}

  bool step(std::string* why) override {
    State x = m_x;
    if (!m_stepper.step(x, m_h, m_work, why)) return false;
    m_x = x;
    ++m_k;
    return true;
  }
  void fill(Sample& s, SampleFields fields) const override {
    m_stepper.fill(s, double(m_k) * m_h, m_x, fields);
  }
  std::int64_t steps() const override { return m_k; }
  RunCounters counters() const override { return {m_k, 0, m_work.fevals, m_work.newton}; }
  std::unique_ptr<Stepping> clone() const override {
    return std::make_unique<FixedStepping>(*this);
  }
  bool linearize(StepDerivative& d, std::string* why) const override {
    if constexpr (HasStepDerivative<Stepper>::value) {
      return m_stepper.linearize(m_x, m_h, d, why);
    } else {
      if (why) *why = kNoStepDerivative;
      return false;
    }
  }
  MatrixXd symplecticForm() const override {
    if constexpr (HasSymplecticForm<Stepper>::value)
      return m_stepper.symplecticForm(m_x);
    else
      return MatrixXd();
  }

 private:
  Stepper m_stepper;
  State m_x;
  double m_h;
  std::int64_t m_k = 0;
  StepWork m_work;
};

/// An adaptive pair (RK45 by default, or DOP853) on a continuous form, from t_k = k h to
/// t_{k+1} exactly, the right-hand side reading the control held over the step. The first step
/// size of each interval is the largest accepted one of the previous interval (the controller's
/// own choice, not restarted from its initial guess), and no step exceeds h.
template <class Form, class Integrator = Rk45Of<Form>>
class RkStepping final : public Stepping {
 public:
  using State = typename Form::State;
  using Pair = AdaptivePair<Integrator>;

  /// With `projected` (RK45 only), every accepted step is projected (form.project).
  RkStepping(Form form, const IntegratorSettings& s, bool projected)
      : m_form(std::move(form)),
        m_y(m_form.y0),
        m_settings(s),
        m_projected(Pair::kProjects && projected && m_form.project) {}

  bool step(std::string* why) override {
    const double t0 = double(m_k) * m_settings.h, t1 = double(m_k + 1) * m_settings.h;
    Integrator dp;
    dp.init(m_form.rhs, t0, m_y, t1, options());
    // the next interval starts from the largest step of this one: its last step is cut short
    // to end at t_{k+1} and says nothing of the step size the solution allows
    double largest = 0.0;
    while (!dp.done()) {
      if (!dp.step()) {
        if (why) *why = dp.error();
        return false;
      }
      largest = std::max(largest, dp.t() - dp.tPrev());
    }
    m_hNext = largest;
    m_accepted += dp.accepted();
    m_rejected += dp.rejected();
    m_fevals += dp.fevals();
    m_y = dp.y();
    ++m_k;
    return true;
  }
  void fill(Sample& s, SampleFields /*fields*/) const override {
    s = m_form.sample(double(m_k) * m_settings.h, m_y);
  }
  std::int64_t steps() const override { return m_k; }
  RunCounters counters() const override { return {m_accepted, m_rejected, m_fevals}; }
  std::unique_ptr<Stepping> clone() const override { return std::make_unique<RkStepping>(*this); }
  /// The steps step() would take, each differentiated by the pair's stages on the variational
  /// equation at the step size the controller chose, and chained.
  bool linearize(StepDerivative& d, std::string* why) const override {
    const ContinuousTangent& tangent = m_form.tangent;
    if (!tangent.available() || m_projected) {
      if (why)
        *why = m_projected ? "rk45-proj has no derivative (its projection onto the manifold is "
                             "not differentiated): use rk45"
                           : kNoStepDerivative;
      return false;
    }
    const double t0 = double(m_k) * m_settings.h, t1 = double(m_k + 1) * m_settings.h;
    Integrator dp;
    dp.init(m_form.rhs, t0, m_y, t1, options());
    static constexpr int s = Pair::kStages;
    double a[s * s] = {};
    for (int i = 0; i < s; ++i)
      for (int j = 0; j < i; ++j) a[i * s + j] = Pair::a(i, j);
    // [dy/dz | dy/du] from E(y_0) and no control columns: the first step's first stage appends
    // them (h > 0, so there is at least one step)
    MatrixXd S = tangent.in(VectorXd(m_y));
    const Eigen::Index dTangent = S.cols();
    int m = -1;
    const auto rhs = [this](double t, const VectorXd& y, VectorXd& dydt) {
      State ys = y, f = y;
      m_form.rhs(t, ys, f);
      dydt = f;
    };
    while (!dp.done()) {
      const double tPrev = dp.t();
      const VectorXd yPrev = dp.y();
      if (!dp.step()) {
        if (why) *why = dp.error();
        return false;
      }
      explicitRkDerivative(rhs, tangent, s, a, Pair::b(), Pair::c(), tPrev, yPrev, dp.t() - tPrev,
                           m, S);
      m = int(S.cols() - dTangent);
    }
    const VectorXd y1 = dp.y();
    const MatrixXd P = tangent.out(y1);
    d.A = P * S.leftCols(dTangent);
    d.B = P * S.rightCols(S.cols() - dTangent);
    return true;
  }
  MatrixXd symplecticForm() const override {
    return m_form.tangent.symplectic ? m_form.tangent.symplectic(VectorXd(m_y)) : MatrixXd();
  }

 private:
  typename Integrator::Options options() const {
    return Pair::options(m_settings, m_settings.h, m_settings.h, m_hNext,
                         m_projected ? m_form.project : std::function<void(State&)>());
  }

  Form m_form;
  State m_y;
  IntegratorSettings m_settings;
  bool m_projected;
  std::int64_t m_k = 0;
  double m_hNext = 0.0;
  std::int64_t m_accepted = 0, m_rejected = 0, m_fevals = 0;
};

}  // namespace dms
