// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// An adaptive Runge-Kutta pair (RK45, DOP853) on a continuous form of a system: the system
/// supplies y0, the right-hand side and how to read a sample off y.
#pragma once

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/integrators/dop853.h"
#include "core/integrators/dormandprince.h"
#include "core/integrators/run.h"
#include "core/integrators/settings.h"
#include "core/integrators/tangent.h"

namespace dms {

/// A continuous form of a system for RK45: y0, y' = f(t, y), and how to read a sample off y,
/// with a state of N entries (Eigen::Dynamic: any) and a right-hand side Rhs, a functor
/// rhs(t, y, dy). A system's forms are fixed-size with the right-hand side a generic lambda
/// (any indexable y, dy), so RK45 inlines it and dynamicForm() can still wrap it.
template <int N, class Rhs>
struct ContinuousFormT {
  static constexpr int kSize = N;
  using State = Eigen::Matrix<double, N, 1>;
  using RhsType = Rhs;
  State y0;
  Rhs rhs;
  std::function<Sample(double t, const State& y)> sample;
  std::vector<std::string> names;
  /// The nearest point of the manifold the exact solution stays on (a unit q, a rotation R),
  /// for RK45 with projection; empty when the form has none.
  std::function<void(State& y)> project;
  /// The right-hand side's derivative and the tangent coordinates, for the derivative of a
  /// step (tangent.h); empty when the system supplies none.
  ContinuousTangent tangent;
};

/// A continuous form on VectorXd through std::function (RK4, RKMK4, the tests).
using ContinuousForm = ContinuousFormT<Eigen::Dynamic, OdeRhs>;

/// The same form on VectorXd through std::function; its right-hand side must take VectorXd.
template <int N, class Rhs>
ContinuousForm dynamicForm(ContinuousFormT<N, Rhs> f) {
  if constexpr (std::is_same_v<ContinuousFormT<N, Rhs>, ContinuousForm>) {
    return f;
  } else {
    using State = typename ContinuousFormT<N, Rhs>::State;
    ContinuousForm d;
    d.y0 = f.y0;
    d.rhs = [rhs = std::move(f.rhs)](double t, const VectorXd& y, VectorXd& dy) { rhs(t, y, dy); };
    d.sample = [sample = std::move(f.sample)](double t, const VectorXd& y) {
      return sample(t, State(y));
    };
    d.names = std::move(f.names);
    d.tangent = std::move(f.tangent);
    if (f.project)
      d.project = [project = std::move(f.project)](VectorXd& y) {
        State x = y;
        project(x);
        y = x;
      };
    return d;
  }
}

/// What a run needs to know of an adaptive pair beyond the shape the pairs share (init, step,
/// interpolate, counters): how the settings become its options, the name its messages go by,
/// and its Butcher tableau (for the derivative of a step, tangent.h).
template <class Integrator>
struct AdaptivePair;

/// Dormand-Prince 5(4): ode45's or SciPy's controller (IntegratorSettings::controller), ode45's
/// first step bounded by the output spacing, and a projection after every step (rk45-proj).
template <int N, class Rhs>
struct AdaptivePair<DormandPrinceT<N, Rhs>> {
  using Integrator = DormandPrinceT<N, Rhs>;
  using State = typename Integrator::State;
  static constexpr const char* kTag = "RK45";
  static constexpr bool kProjects = true;
  static constexpr int kStages = 6;
  /// hmax 0: the pair's default; `spacing` (0: none) bounds the first step as ode45's first
  /// output spacing does; `carried` (0: none), a step carried over from an earlier interval,
  /// takes its place.
  static typename Integrator::Options options(const IntegratorSettings& s, double hmax,
                                              double spacing, double carried,
                                              std::function<void(State&)> project) {
    typename Integrator::Options o;
    o.rtol = s.rtol;
    o.atol = s.atol;
    o.controller = s.controller;
    o.hmax = hmax;
    o.firstOutputSpacing = carried > 0 ? carried : spacing;
    o.project = std::move(project);
    return o;
  }
  static double a(int i, int j) { return dp45::kA[i][j]; }
  static const double* b() { return dp45::kB; }
  static const double* c() { return dp45::kC; }
};

/// DOP853: its own controller (the settings' controller is RK45's and not read), Hairer's
/// initial step guess unless a step is carried over, no projection.
template <int N, class Rhs>
struct AdaptivePair<Dop853T<N, Rhs>> {
  using Integrator = Dop853T<N, Rhs>;
  using State = typename Integrator::State;
  static constexpr const char* kTag = "RK853";
  static constexpr bool kProjects = false;
  static constexpr int kStages = dop853::kStages;
  static typename Integrator::Options options(const IntegratorSettings& s, double hmax,
                                              double /*spacing*/, double carried,
                                              const std::function<void(State&)>& /*project*/) {
    typename Integrator::Options o;
    o.rtol = s.rtol;
    o.atol = s.atol;
    o.hmax = hmax;
    o.firstStep = carried;
    return o;
  }
  static double a(int i, int j) { return dop853::kA[i][j]; }
  static const double* b() { return dop853::kB; }
  static const double* c() { return dop853::kC; }
};

/// The form's RK45 and DOP853.
template <class Form>
using Rk45Of = DormandPrinceT<Form::kSize, typename Form::RhsType>;
template <class Form>
using Dop853Of = Dop853T<Form::kSize, typename Form::RhsType>;

/// An adaptive pair (RK45 by default, or DOP853) on a continuous form, sampled at t_k = k h
/// through dense output (ode45 with a tspan of more than two points) or at its accepted steps.
template <class Form, class Integrator = Rk45Of<Form>>
class RkRunT final : public Run {
 public:
  using State = typename Form::State;
  using Pair = AdaptivePair<Integrator>;

  /// With `projected` (RK45 only), every accepted step and every output is projected
  /// (form.project).
  RkRunT(Form form, const IntegratorSettings& s, bool projected = false);

  using Run::advance;
  bool advance(SampleSink& sink, std::size_t maxSamples, SampleFields fields) override;
  double progress() const override { return m_tf > 0 ? std::min(1.0, m_dp.t() / m_tf) : 1.0; }
  RunCounters counters() const override {
    return {m_dp.accepted(), m_dp.rejected(), m_dp.fevals()};
  }
  std::vector<std::string> stateNames() const override { return m_form.names; }
  bool observeSteps(StepObserver* observer) override {
    m_observer = observer;
    return true;
  }
  bool interpolate(double t, Sample& out) const override;

 private:
  bool emitSample(SampleSink& sink, double t, const State& y);
  bool fail(const std::string& why);

  Form m_form;
  IntegratorSettings m_settings;
  Integrator m_dp;
  State m_yout;
  Sample m_sample;
  std::int64_t m_nextOut = 0;  // index of the next output time (output sampling)
  std::int64_t m_lastOut = 0;
  double m_tf = 0.0;
  double m_lastGood = 0.0;
  bool m_started = false;
  bool m_over = false;
  bool m_projected = false;
  StepObserver* m_observer = nullptr;
  double m_stopAt = std::numeric_limits<double>::infinity();  // set by m_observer
};

using RkRun = RkRunT<ContinuousForm>;

template <class Form, class Integrator>
RkRunT<Form, Integrator>::RkRunT(Form form, const IntegratorSettings& s, bool projected)
    : m_form(std::move(form)),
      m_settings(s),
      m_projected(Pair::kProjects && projected && m_form.project) {
  m_lastOut = s.steps();
  const bool output = s.sampling == RkSampling::Output;
  // ode45 with tspan = 0:h:T integrates to the last output time
  m_tf = output ? double(m_lastOut) * s.h : s.T;
  m_dp.init(m_form.rhs, 0.0, m_form.y0, m_tf,
            Pair::options(s, 0.0, output ? s.h : 0.0, 0.0,
                          m_projected ? m_form.project : std::function<void(State&)>()));
  m_yout.resize(m_form.y0.size());
}

template <class Form, class Integrator>
bool RkRunT<Form, Integrator>::fail(const std::string& why) {
  m_over = true;
  m_failure.failed = true;
  m_failure.time = m_lastGood;
  m_failure.reason = why;
  return false;
}

template <class Form, class Integrator>
bool RkRunT<Form, Integrator>::emitSample(SampleSink& sink, double t, const State& y) {
  m_sample = m_form.sample(t, y);
  if (!sampleIsFinite(m_sample)) {
    std::ostringstream m;
    m << Pair::kTag << ": the state became non-finite near t = " << t;
    return fail(m.str());
  }
  m_lastGood = t;
  sink.take(m_sample);
  return true;
}

template <class Form, class Integrator>
bool RkRunT<Form, Integrator>::advance(SampleSink& out, std::size_t maxSamples,
                                       SampleFields /*fields*/) {
  std::size_t n = 0;
  const bool output = m_settings.sampling == RkSampling::Output;
  if (!m_started && maxSamples > 0 && !m_over) {
    m_started = true;
    if (!emitSample(out, 0.0, m_form.y0)) return false;
    ++n;
    m_nextOut = 1;
  }
  while (n < maxSamples && !m_over) {
    if (output) {
      // emit every requested time inside the last accepted step
      bool emitted = false;
      while (n < maxSamples && m_nextOut <= m_lastOut) {
        const double tout = m_nextOut == m_lastOut ? m_tf : double(m_nextOut) * m_settings.h;
        if (tout > m_stopAt) {  // after an event that ends the run
          m_over = true;
          break;
        }
        if (tout > m_dp.t() || m_dp.accepted() == 0) break;
        m_dp.interpolate(tout, m_yout);
        if (m_projected) m_form.project(m_yout);
        if (!emitSample(out, tout, m_yout)) return false;
        ++m_nextOut;
        ++n;
        emitted = true;
      }
      if (m_nextOut > m_lastOut || m_over) {
        m_over = true;
        break;
      }
      if (emitted && n >= maxSamples) break;
    }
    if (m_dp.done()) {
      m_over = true;
      break;
    }
    if (!m_dp.step()) return fail(m_dp.error());
    if (m_observer) m_stopAt = m_observer->stepped(m_dp.tPrev(), m_dp.t());
    if (!output) {
      if (m_dp.t() > m_stopAt) {  // the step ends after an event that ends the run
        m_over = true;
        break;
      }
      if (!emitSample(out, m_dp.t(), m_dp.y())) return false;
      ++n;
    }
  }
  return !m_over;
}

template <class Form, class Integrator>
bool RkRunT<Form, Integrator>::interpolate(double t, Sample& out) const {
  State y = m_form.y0;  // sized
  m_dp.interpolate(t, y);
  if (m_projected) m_form.project(y);
  out = m_form.sample(t, y);
  return true;
}

// the dynamic-size one is compiled once, in rkrun.cpp
extern template class RkRunT<ContinuousForm>;

}  // namespace dms
