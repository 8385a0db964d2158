// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/sweepjson.h"

#include <nlohmann/json.hpp>

#include "core/version.h"

namespace dms {
namespace {

using Json = nlohmann::ordered_json;

// the methods that have steps of their own, by name: {"vi8": [h, ...]}
Json ownStepsJson(const SweepSpec& spec) {
  Json j = Json::object();
  for (const auto& [m, hs] : spec.ownSteps) j[methodName(m)] = hs;
  return j;
}

Json optional(const std::optional<double>& x) { return x ? Json(*x) : Json(); }

// the sweep's JSON: the fields docs/cli.md documents, in that order; a shard adds "shard", what
// the merge needs (which slice, the whole sweep's definition, the error parts and failures)
Json toJson(const SweepResult& r, bool shard) {
  Json j;
  j["system"] = r.spec.system;
  j["T"] = r.spec.T;
  j["reference"] = {{"method", methodName(r.reference.method)},
                    {"rtol", r.reference.rtol},
                    {"h", nullptr},
                    {"error_bound", r.reference.errorBound}};
  Json runs = Json::array();
  for (const SweepRun& x : r.runs)
    runs.push_back({{"method", methodName(x.point.method)},
                    {"h", optional(x.point.h)},
                    {"rtol", optional(x.point.rtol)},
                    {"atol", optional(x.point.atol)},
                    {"steps", x.counters.steps},
                    {"fevals", x.counters.fevals},
                    {"cpu_s", x.cpuSeconds},
                    {"global_err", x.error ? Json(x.error->norm()) : Json()},
                    {"energy_max_dev", x.energyMaxDev},
                    {"structure_max_err", optional(x.structureMaxErr)},
                    {"momentum_max_dev", optional(x.momentumMaxDev)},
                    {"status", statusName(x.status)}});
  j["runs"] = runs;
  Json orders = Json::object();
  for (const auto& [m, p] : fittedOrders(r)) orders[methodName(m)] = optional(p);
  j["orders"] = orders;
  j["version"] = DMS_VERSION;  // the program that computed (or merged) it
  if (shard) {
    Json params = Json::object();
    for (const auto& [k, v] : r.spec.parameters) params[k] = v;
    Json methods = Json::array();
    for (Method m : r.spec.methods) methods.push_back(methodName(m));
    Json extra = Json::array();
    for (const SweepRun& x : r.runs) {
      Json e = {{"index", x.index}};
      if (x.error) e["error"] = {x.error->angle, x.error->position, x.error->velocity};
      if (!x.failure.empty()) e["failure"] = x.failure;
      extra.push_back(e);
    }
    j["shard"] = {{"index", r.shard.index},
                  {"count", r.shard.count},
                  {"sweep",
                   {{"parameters", params},
                    {"methods", methods},
                    {"h", r.spec.steps},
                    {"h_of", ownStepsJson(r.spec)},
                    {"rtol", r.spec.rtols}}},
                  {"runs", extra}};
  }
  return j;
}

std::optional<double> optionalNumber(const Json& j) {
  if (j.is_null()) return std::nullopt;
  return j.get<double>();
}

}  // namespace

SweepResult sweepFromJson(const std::string& text, const std::string& file) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    throw InputError("--merge: '" + file + "' is not JSON (" + e.what() + ")");
  }
  if (!j.is_object() || !j.contains("shard"))
    throw InputError("--merge: '" + file +
                     "' is not the output of dmsim sweep --shard I/N (it has no \"shard\")");
  try {
    SweepResult r;
    const Json& sh = j.at("shard");
    const Json& sw = sh.at("sweep");
    r.shard.index = sh.at("index").get<int>();
    r.shard.count = sh.at("count").get<int>();
    r.spec.system = j.at("system").get<std::string>();
    r.spec.T = j.at("T").get<double>();
    for (const auto& [k, v] : sw.at("parameters").items())
      r.spec.parameters[k] = v.get<std::vector<double>>();
    for (const Json& m : sw.at("methods"))
      r.spec.methods.push_back(parseMethod(m.get<std::string>()));
    r.spec.steps = sw.at("h").get<std::vector<double>>();
    if (sw.contains("h_of"))
      for (const auto& [m, hs] : sw.at("h_of").items())
        r.spec.ownSteps[parseMethod(m)] = hs.get<std::vector<double>>();
    r.spec.rtols = sw.at("rtol").get<std::vector<double>>();
    const Json& ref = j.at("reference");
    r.reference.method = parseMethod(ref.at("method").get<std::string>());
    r.reference.rtol = ref.at("rtol").get<double>();
    r.reference.errorBound = ref.at("error_bound").get<double>();
    const Json& runs = j.at("runs");
    const Json& extra = sh.at("runs");
    if (runs.size() != extra.size()) throw InputError("runs and shard.runs differ in length");
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const Json& x = runs[i];
      const Json& e = extra[i];
      SweepRun run;
      run.index = e.at("index").get<std::size_t>();
      run.point.method = parseMethod(x.at("method").get<std::string>());
      run.point.h = optionalNumber(x.at("h"));
      run.point.rtol = optionalNumber(x.at("rtol"));
      run.point.atol = optionalNumber(x.at("atol"));
      run.counters.steps = x.at("steps").get<std::int64_t>();
      run.counters.fevals = x.at("fevals").get<std::int64_t>();
      run.cpuSeconds = x.at("cpu_s").get<double>();
      run.energyMaxDev = x.at("energy_max_dev").get<double>();
      run.structureMaxErr = optionalNumber(x.at("structure_max_err"));
      run.momentumMaxDev = optionalNumber(x.at("momentum_max_dev"));
      run.status = parseStatus(x.at("status").get<std::string>());
      if (e.contains("error")) {
        const std::vector<double> p = e.at("error").get<std::vector<double>>();
        if (p.size() != 3) throw InputError("an error with " + std::to_string(p.size()) + " parts");
        run.error = StateError{p[0], p[1], p[2]};
      }
      if (e.contains("failure")) run.failure = e.at("failure").get<std::string>();
      r.runs.push_back(std::move(run));
    }
    return r;
  } catch (const Json::exception& e) {
    throw InputError("--merge: '" + file + "' is not a sweep shard (" + e.what() + ")");
  } catch (const InputError& e) {
    throw InputError("--merge: '" + file + "': " + e.what());
  }
}

std::string sweepToJson(const SweepResult& r, bool shard) { return toJson(r, shard).dump(2); }

}  // namespace dms
