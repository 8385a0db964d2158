// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What `dmsim run` reports of one run, as JSON: the settings, the counters and the summary of a
/// run, built in one place so that the CLI and the Python module `dms` print the same fields
/// with the same values.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/sim/events.h"
#include "core/sim/shadowenergy.h"
#include "core/sim/summary.h"
#include "core/systems/system.h"

namespace dms {

/// What one integration produced: its summary, counters, CPU time and failure.
struct RunOutcome {
  RunSummary summary;
  RunCounters counters;
  RunFailure failure;
  double cpuSeconds = 0.0;
  /// The first sample, and the t, state and drawn point of the last, for the named states.
  Sample first, last;
  /// The shadow energy over every sample, or why the run has none.
  ShadowSummary shadow;
  /// Whether events were asked for (only then has the JSON "events"), the crossings located
  /// (core/sim/events.h) and the terminal event that ended the run.
  bool eventsGiven = false;
  std::vector<LocatedEvent> events;
  std::optional<std::size_t> stoppedByEvent;
  /// The failure is an event's (its g could not be evaluated), not the run's own: no step failed.
  bool eventFailed = false;
};

/// The events of `locator`'s run into `outcome`: the crossings, the one that ended it, and a
/// failure of g (naming the event and the step) as the run's failure at the last sample kept,
/// unless the run failed first.
void takeEvents(const EventLocator& locator, RunOutcome& outcome);

/// The note of a run whose samples t_k = k h, k = 0..N, end before T: a fixed step (and RK45
/// sampled at k h) stops at N h when T is not a whole number of steps; RK45 at its own steps
/// reaches T. Empty when the run ends at T.
std::optional<std::string> horizonWarning(Method method, const IntegratorSettings& settings);

/// A state's parts as JSON, as a run report's final_state: a scalar as a number, a list of
/// rows (a chain's q) as rows, any other part as its entries in a flat list.
nlohmann::ordered_json statePartsJson(const std::vector<StatePart>& parts);

/// `dmsim run`'s JSON object, indented by two spaces (without a final newline): system,
/// integrator, the settings, samples, the counters, cpu_s, the energy, structure and momentum
/// errors, the growth exponents, initial_state and final_state (the named states of
/// outcome.first and outcome.last, core/sim/namedstate.h; none without a sample), t_end, status,
/// failure (when it failed), the events when asked for ("events": each crossing's event index,
/// t, direction (+1 rising, -1 falling), terminal and named state; "stopped_by_event": the index
/// of the terminal event that ended the run, or null) and `warnings`.
std::string runReportJson(const SystemModel& model, Method method,
                          const IntegratorSettings& settings, const RunOutcome& outcome,
                          const std::vector<std::string>& warnings);

}  // namespace dms
