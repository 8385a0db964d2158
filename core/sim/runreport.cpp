// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/runreport.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/integrators/settingsjson.h"
#include "core/sim/namedstate.h"
#include "core/version.h"

namespace dms {

std::optional<std::string> horizonWarning(Method method, const IntegratorSettings& st) {
  // a run sampled at its own steps reaches T
  if (settingKey("sampling").readBy(method) && st.sampling != RkSampling::Output)
    return std::nullopt;
  const double tN = double(st.steps()) * st.h;
  if (std::fabs(tN - st.T) <= 1e-9 * st.T) return std::nullopt;
  return "T = " + formatNumber(st.T) + " is not a whole number of steps h = " + formatNumber(st.h) +
         ": the run ends at t = N h = " + formatNumber(tN) + " (N = " + std::to_string(st.steps()) +
         ")";
}

void takeEvents(const EventLocator& locator, RunOutcome& outcome) {
  outcome.eventsGiven = true;
  outcome.events = locator.located();
  outcome.stoppedByEvent = locator.stoppedBy();
  if (!locator.failure().empty() && !outcome.failure.failed) {
    outcome.failure = {true, locator.lastTime(), locator.failure()};
    outcome.eventFailed = true;
  }
}

nlohmann::ordered_json statePartsJson(const std::vector<StatePart>& parts) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const StatePart& p : parts) {
    if (p.shape.empty()) {
      j[p.name] = p.values.front();
    } else if (p.listOfRows) {
      nlohmann::ordered_json rows = nlohmann::ordered_json::array();
      const std::size_t width = std::size_t(p.shape.back());
      for (std::size_t i = 0; i < p.values.size(); i += width)
        rows.push_back(
            std::vector<double>(p.values.begin() + long(i), p.values.begin() + long(i + width)));
      j[p.name] = rows;
    } else {
      j[p.name] = p.values;
    }
  }
  return j;
}

std::string runReportJson(const SystemModel& model, Method method, const IntegratorSettings& st,
                          const RunOutcome& r, const std::vector<std::string>& warnings) {
  using Json = nlohmann::ordered_json;
  Json j;
  j["system"] = model.name();
  j["integrator"] = methodName(method);
  // the choices ("none" where the method reads none), then the numbers
  j.update(reportSettingsJson(st, method));
  // the number of samples the run made (not the sampling, "rk_samples")
  j["samples"] = r.summary.samples;
  j["steps"] = r.counters.steps;
  j["accepted"] = r.counters.steps;
  j["rejected"] = r.counters.rejected;
  j["fevals"] = r.counters.fevals;
  j["cpu_s"] = r.cpuSeconds;
  j["energy0"] = r.summary.energy0;
  j["energy_mean_dev"] = r.summary.energyMeanDev;
  j["energy_max_dev"] = r.summary.energyMaxDev;
  j["structure"] = model.structureName().empty() ? "none" : model.structureName();
  j["structure_mean_err"] = r.summary.structureMean;
  j["structure_max_err"] = r.summary.structureMax;
  if (!model.structure2Name().empty()) {
    j["structure2"] = model.structure2Name();
    j["structure2_max_err"] = r.summary.structure2Max;
  }
  if (model.hasMomentum()) j["angmom_max_dev"] = r.summary.momentumMaxDev;
  const auto exponent = [](const std::optional<double>& e) { return e ? Json(*e) : Json(); };
  j["energy_growth_exponent"] = exponent(r.summary.energyGrowthExponent());
  j["momentum_growth_exponent"] =
      model.hasMomentum() ? exponent(r.summary.momentumGrowthExponent()) : Json();
  // the shadow energy of order 4 over every sample (max |H~ - H~_0|), or why there is none
  j["shadow_order"] = r.shadow.order > 0 ? Json(r.shadow.order) : Json();
  j["shadow_max_dev"] = r.shadow.values > 0 ? Json(r.shadow.maxDev) : Json();
  j["shadow_energy_reason"] = r.shadow.reason.empty() ? Json() : Json(r.shadow.reason);
  const auto state = [&](const Sample& s) { return statePartsJson(namedState(model, method, s)); };
  if (r.summary.samples > 0) {
    j["initial_state"] = state(r.first);
    j["final_state"] = state(r.last);
  }
  j["t_end"] = r.summary.lastTime;
  j["status"] = r.failure.failed ? "failed" : "ok";
  if (r.failure.failed) j["failure"] = r.failure.reason;
  if (r.eventsGiven) {
    Json events = Json::array();
    for (const LocatedEvent& e : r.events)
      events.push_back({{"event", e.event},
                        {"t", e.t},
                        {"direction", e.direction},
                        {"terminal", e.terminal},
                        {"state", statePartsJson(e.state)}});
    j["events"] = events;
    j["stopped_by_event"] = r.stoppedByEvent ? Json(*r.stoppedByEvent) : Json();
  }
  j["warnings"] = warnings;
  j["version"] = DMS_VERSION;  // the program that computed it
  return j.dump(2);
}

}  // namespace dms
