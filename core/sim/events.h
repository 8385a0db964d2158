// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Events: the zero crossings of a scalar function g(t, state) of a run's named state
/// (namedstate.h), located between two samples, recorded or ending the run (docs/numerics.md,
/// "Events"; `dmsim run --event`, `dms.run(events=...)`).
///
/// Where they are located: a run with dense output (RK45: rk45, rk45-proj, rk45-quat) is watched
/// step by step (Run::observeSteps) and g is followed on the step's own interpolant
/// (Run::interpolate); a run without (the fixed-step methods) is watched sample by sample, and g
/// is followed on the cubic through the last four samples (fewer at the start) in the
/// integrator's coordinates, its parts on SO(d) or S^2 taken back onto them. The root is found
/// by the Illinois method on that interpolant, to kEventTimeTolerance.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/integrators/run.h"
#include "core/sim/namedstate.h"
#include "core/sim/sampleinterpolant.h"

namespace dms {

/// The root finder's tolerance: a crossing's time is located within an interval of
/// kEventTimeTolerance max(1, |t|) on the interpolant (or where g is exactly 0).
inline constexpr double kEventTimeTolerance = 1e-14;

/// One event: g(t, state) of the named state, which crossings count (direction: +1 rising, g
/// from negative to non-negative; -1 falling; 0 both), and whether the first ends the run.
/// g may throw (a Python callable that raised): the run stops there with the message.
struct EventSpec {
  std::string label;  ///< what messages name: the expression, or the callable's name
  std::function<double(double t, const std::vector<StatePart>& state)> g;
  int direction = 0;
  bool terminal = false;
};

/// A crossing located along a run.
struct LocatedEvent {
  std::size_t event = 0;  ///< its index among the events given
  double t = 0.0;
  int direction = 0;  ///< +1 rising, -1 falling
  bool terminal = false;
  std::vector<StatePart> state;  ///< the named state at t, from the interpolant
};

/// The names a typed event expression reads for `model` at (normalized) `values`: t, then each
/// scalar entry of each named part in the system's order. A scalar part by its name (theta,
/// Omega); a vector's entries by the name and the entry's index from 1 (q1 q2 q3), a matrix's
/// or a list of rows' by the row's and the column's (R11 ... R33, a chain's q11 ... qn3); an
/// underscore between a name that ends in a digit and the indices (the two-body problem's
/// x1_1 x1_2 x1_3, R2_11). docs/cli.md lists them.
std::vector<std::string> eventVariables(const SystemModel& model, const ParamValues& values);

/// A typed event expression compiled for `model` at `values` (muParser, as a typed potential:
/// core/systems/potentialexpression.h; the same grammar, functions and limits). It reads the
/// eventVariables and the system's scalar parameters (l, m, g, ...). Throws InputError naming
/// the expression for one that does not parse or names an unknown name.
EventSpec eventExpression(const std::string& text, const SystemModel& model,
                          const ParamValues& values, int direction = 0, bool terminal = false);

/// `dmsim run --event`'s text: EXPR, then optionally ";rising" or ";falling" and ";stop" (a
/// terminal event), in any order. Throws InputError naming the flag for another word.
struct EventFlag {
  std::string expression;
  int direction = 0;
  bool terminal = false;
};
EventFlag parseEventFlag(const std::string& text);

/// Locates `events` along `run` (which must outlive it): put it between the run and the sink,
/// as run.advance(locator, ...), or advanceWithEvents(). It passes the run's samples on to
/// `next`, up to a terminal event's time (not after it), and stops the run at the first
/// terminal event or where g cannot be evaluated (not finite, or g threw): stopped() is then
/// true and advance should not be called again. Without events, no run should have one.
class EventLocator final : public SampleSink, private StepObserver {
 public:
  EventLocator(const SystemModel& model, Method method, std::vector<EventSpec> events, Run& run,
               SampleSink& next);
  ~EventLocator() override;
  EventLocator(const EventLocator&) = delete;
  EventLocator& operator=(const EventLocator&) = delete;

  void take(const Sample& s) override;

  /// A terminal event or a failure has ended the run.
  bool stopped() const { return m_stopped; }
  /// The run has dense output: it is watched step by step (and ends itself where stopped).
  bool dense() const { return m_dense; }
  /// The crossings located, in time order.
  const std::vector<LocatedEvent>& located() const { return m_located; }
  /// The index of the terminal event that ended the run.
  std::optional<std::size_t> stoppedBy() const { return m_stoppedBy; }
  /// Why g stopped the run (naming the event and the step), empty when it did not.
  const std::string& failure() const { return m_failure; }
  /// The time of the last sample passed on.
  double lastTime() const { return m_lastTime; }
  const std::vector<EventSpec>& events() const { return m_events; }
  /// What the run calls after each step when it has dense output: a sink that also watches
  /// the steps (output at given times, output.h) calls it first, in its own place.
  StepObserver& stepObserver() { return *this; }

 private:
  double stepped(double t0, double t1) override;
  // g of every event at a sample; false (m_failure set) where one cannot be evaluated
  bool evaluate(const Sample& s, std::vector<double>& g, const std::string& where);
  double evaluateOne(std::size_t i, const Sample& s, const std::string& where);
  // the crossings of g from ga (at a) to gb (at b), located on `at` (a sample at t), recorded;
  // returns the time of a terminal one, or +inf
  template <class At>
  double crossings(double a, const std::vector<double>& ga, double b, const std::vector<double>& gb,
                   At at, const std::string& where);
  std::vector<StatePart> parts(const Sample& s);
  void fail(const std::string& why);

  const SystemModel& m_model;
  Method m_method;
  std::vector<EventSpec> m_events;
  Run& m_run;
  SampleSink& m_next;
  bool m_dense = false;
  bool m_stopped = false;
  double m_stopAt;
  std::optional<std::size_t> m_stoppedBy;
  std::vector<LocatedEvent> m_located;
  std::string m_failure;
  double m_lastTime = 0.0;
  std::int64_t m_step = 0;  // samples taken (fixed step) or steps observed (dense)
  bool m_started = false;
  std::vector<double> m_gPrev, m_gNow;
  // the fixed-step runs' interpolant: the cubic through the last samples
  CubicInterpolant m_cubic;
};

/// Advances `run` through `locator` (made on that run) by up to maxSamples samples, one sample at
/// a time so that a terminal event ends it at once; false when the run is over or stopped.
bool advanceWithEvents(Run& run, EventLocator& locator, std::size_t maxSamples,
                       SampleFields fields);

}  // namespace dms
