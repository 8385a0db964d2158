// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim ensemble: one system and method from many initial conditions (core/analysis/
// ensemble.h), the members drawn by the sampler (--members, --spread, --seed) or read from a
// file of states (--states, the form --final writes); prints a JSON report of the spread of
// the members' summaries, and writes a row per member (--csv) and their final states (--final).
#include "core/analysis/ensemble.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/dmsim/cli.h"
#include "core/analysis/parallel.h"
#include "core/analysis/sweepinput.h"
#include "core/integrators/settingkeys.h"
#include "core/io/atomicfile.h"
#include "core/params.h"
#include "core/sim/runinput.h"
#include "core/sim/runreport.h"
#include "core/sim/simulator.h"
#include "core/systems/typedpotential.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

// the numbers of a JSON value, row by row; false when it holds something else
bool flatten(const Json& v, std::vector<double>& out) {
  if (v.is_number()) {
    out.push_back(v.get<double>());
    return true;
  }
  if (!v.is_array()) return false;
  for (const Json& e : v)
    if (!flatten(e, out)) return false;
  return true;
}

// the states of --states: a JSON array of state objects, each part with as many numbers as
// the system's own state of that name has (shapes from `like`, a state of the system)
std::vector<std::vector<StatePart>> readStates(const std::string& path,
                                               const std::vector<StatePart>& like) {
  std::ifstream in(path);
  if (!in) throw InputError("--states: cannot read " + path);
  Json j;
  try {
    j = Json::parse(in);
  } catch (const Json::parse_error& e) {
    throw InputError("--states: " + path + " is not JSON (" + e.what() + ")");
  }
  if (!j.is_array() || j.empty())
    throw InputError("--states: " + path +
                     " must hold a non-empty JSON array of states (as --final writes them)");
  std::vector<std::vector<StatePart>> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string member = "--states: member " + std::to_string(i);
    if (!j[i].is_object()) throw InputError(member + " is not an object of state parts");
    std::vector<StatePart> parts = like;
    for (StatePart& p : parts) {
      if (!j[i].contains(p.name)) throw InputError(member + " has no part '" + p.name + "'");
      std::vector<double> values;
      if (!flatten(j[i][p.name], values))
        throw InputError(member + "'s part '" + p.name + "' is not numbers");
      if (values.size() != p.values.size())
        throw InputError(member + "'s part '" + p.name + "' has " + std::to_string(values.size()) +
                         " numbers, expected " + std::to_string(p.values.size()));
      p.values = values;
    }
    if (j[i].size() != parts.size())
      for (const auto& item : j[i].items()) {
        const bool known = std::any_of(parts.begin(), parts.end(),
                                       [&](const StatePart& p) { return p.name == item.key(); });
        if (!known) throw InputError(member + " has an unknown part '" + item.key() + "'");
      }
    out.push_back(std::move(parts));
  }
  return out;
}

// the CSV columns of a state: a scalar by its name, entry i of a vector NAME_i, row i entry j
// of a list of rows NAME_i_j (1-based)
std::vector<std::string> stateColumns(const std::vector<StatePart>& parts) {
  std::vector<std::string> names;
  for (const StatePart& p : parts) {
    if (p.shape.empty()) {
      names.push_back(p.name);
      continue;
    }
    const std::size_t width = std::size_t(p.shape.back());
    for (std::size_t k = 0; k < p.values.size(); ++k)
      names.push_back(p.listOfRows ? p.name + "_" + std::to_string(k / width + 1) + "_" +
                                         std::to_string(k % width + 1)
                                   : p.name + "_" + std::to_string(k + 1));
  }
  return names;
}

Json memberSpread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  Json j = Json::object();
  if (v.empty()) return j;
  j["min"] = v.front();
  j["median"] = v[v.size() / 2];
  j["max"] = v.back();
  return j;
}

}  // namespace

void defineEnsemble(CommandOptions& c) {
  c.app().description(
      "An ensemble: one system and method from many initial conditions on every core, each "
      "member's final state and its summary over every step; prints a JSON report of their "
      "spread. The members are drawn by the sampler (--members, --spread, --seed: parameters "
      "about --set's, normally distributed) or read from --states (a JSON array of states, as "
      "--final writes them).");
  c.value("--system", "NAME", "the system: " + systemNames(allSystems(), ", "));
  c.value("--integrator", "M", "the method (default vi)",
          [](const std::string& v) { parseMethod(v); });
  for (const SettingKey& k : settingKeys())
    c.value(k.flag, k.meta(), k.description + ", in " + k.allowedText(),
            [&k](const std::string& v) {
              if (k.isChoice())
                parseChoice(k, v);
              else
                parseNumber(v, k.flag);
            });
  c.repeated("--set", "NAME=VALUE", "a parameter every member shares, repeatable");
  c.value("--potential", "EXPR", "the typed potential, as for dmsim run");
  c.value("--members", "M", "the sampler's number of members, in [1, 1e7]",
          [](const std::string& v) { parseNumber(v, "--members"); });
  c.repeated("--spread", "NAME=SIGMA",
             "the sampler: each entry of parameter NAME drawn from a normal distribution of "
             "standard deviation SIGMA about its value, repeatable");
  c.value("--seed", "S", "the sampler's seed, a whole number >= 0 (default 0)",
          [](const std::string& v) { parseNumber(v, "--seed"); });
  c.value("--states", "FILE", "the members' initial states, a JSON array (as --final writes)");
  c.value("--jobs", "N", "threads (default: the number of cores); the results do not depend on it",
          [](const std::string& v) { parseJobs(v); });
  c.value("--csv", "FILE", "also write one row per member: its summary and final state");
  c.value("--final", "FILE", "also write the members' final states, a JSON array");
  c.form({"--system", "--members"}, {"--integrator", "--spread", "--seed", "--set", "--h", "--T",
                                     "--jobs", "--csv", "--final"});
  c.form({"--system", "--states"},
         {"--integrator", "--set", "--h", "--T", "--jobs", "--csv", "--final"});
}

int cmdEnsemble(const Options& o) {
  if (!o.has("--system"))
    throw InputError("--system is required (" + systemNames(allSystems(), "|") + ")");
  const std::string name = o.values.at("--system");
  if (!findSystem(name))
    throw InputError("--system '" + name + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  std::shared_ptr<const SystemModel> typed;
  if (o.has("--potential")) typed = withPotential(*findSystem(name), o.values.at("--potential"));
  const SystemModel& model = typed ? *typed : *findSystem(name);
  EnsembleInput in;
  in.method =
      o.has("--integrator") ? parseMethod(o.values.at("--integrator")) : Method::Variational;
  if (!model.hasMethod(in.method))
    throw InputError("--integrator '" + methodName(in.method) + "' is not available for " + name);
  in.settings = model.defaultSettings();
  for (const SettingKey& k : settingKeys())
    if (o.has(k.flag)) setSetting(in.settings, k, o.values.at(k.flag));
  validateSettings(in.settings);
  ParamValues raw;
  for (const std::string& s : o.sets) {
    auto [key, value] = parseAssignment(s);
    raw[key] = value;
  }
  std::vector<std::string> warnings;
  in.values = normalizeReported(model, raw, &warnings);
  const bool sampled = o.has("--members");
  if (sampled == o.has("--states"))
    throw InputError("give the members one way: --members (with --spread) or --states");
  if (!sampled && (o.lists.count("--spread") || o.has("--seed")))
    throw InputError("--spread and --seed are the sampler's: give them with --members");
  if (sampled) {
    const double m = parseNumber(o.values.at("--members"), "--members");
    if (m != std::floor(m) || m < 1 || m > 1e7)
      throw InputError("--members must be a whole number in [1, 1e7], got " +
                       o.values.at("--members"));
    double seed = 0;
    if (o.has("--seed")) {
      seed = parseNumber(o.values.at("--seed"), "--seed");
      if (seed != std::floor(seed) || seed < 0 || seed > 1.8e19)
        throw InputError("--seed must be a whole number >= 0, got " + o.values.at("--seed"));
    }
    std::map<std::string, double> sigma;
    if (o.lists.count("--spread"))
      for (const std::string& s : o.lists.at("--spread")) {
        auto [key, value] = parseAssignment(s);
        if (value.size() != 1)
          throw InputError("--spread " + s + ": one standard deviation per parameter");
        sigma[key] = value.front();
      }
    in.memberValues = sampleMembers(model, in.values, sigma, int(m), std::uint64_t(seed));
  } else {
    const Simulator like(model, in.method, in.values, in.settings);
    in.states = readStates(o.values.at("--states"), like.state());
  }
  for (const std::string& w : warnings) std::cerr << "dmsim: warning: " << w << "\n";
  AtomicFile csvFile, finalFile;
  if (o.has("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());
  if (o.has("--final") && !finalFile.open(o.values.at("--final")))
    throw InputError("--final: " + finalFile.error());

  const unsigned jobs = o.has("--jobs") ? parseJobs(o.values.at("--jobs")) : defaultJobs();
  const auto wall0 = std::chrono::steady_clock::now();
  const double cpu0 = double(std::clock()) / CLOCKS_PER_SEC;
  const std::vector<EnsembleMember> members = runEnsemble(model, in, jobs);
  const double cpu = double(std::clock()) / CLOCKS_PER_SEC - cpu0;
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();

  std::vector<double> emax, smax, s2max, lmax, tEnd;
  std::size_t failed = 0;
  for (const EnsembleMember& m : members) {
    emax.push_back(m.summary.energyMaxDev);
    smax.push_back(m.summary.structureMax);
    s2max.push_back(m.summary.structure2Max);
    lmax.push_back(m.summary.momentumMaxDev);
    tEnd.push_back(m.t);
    failed += m.failure.failed ? 1 : 0;
  }
  if (o.has("--csv")) {
    std::ostream& out = csvFile.stream();
    out << "member,t_end,status,energy_max_dev,energy_mean_dev,structure_max_err,structure2_max_"
           "err,"
           "angmom_max_dev";
    for (const std::string& c : stateColumns(members.front().final)) out << "," << c;
    out << "\n" << std::setprecision(17);
    for (std::size_t i = 0; i < members.size(); ++i) {
      const EnsembleMember& m = members[i];
      out << i << "," << m.t << "," << (m.failure.failed ? "failed" : "ok") << ","
          << m.summary.energyMaxDev << "," << m.summary.energyMeanDev << ","
          << m.summary.structureMax << "," << m.summary.structure2Max << ","
          << m.summary.momentumMaxDev;
      for (const StatePart& p : m.final)
        for (double v : p.values) out << "," << v;
      out << "\n";
    }
    if (!csvFile.commit()) {
      std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
      return kBadInput;
    }
  }
  if (o.has("--final")) {
    Json all = Json::array();
    for (const EnsembleMember& m : members) all.push_back(statePartsJson(m.final));
    finalFile.stream() << all.dump() << "\n";
    if (!finalFile.commit()) {
      std::cerr << "dmsim: --final: " << finalFile.error() << "\n";
      return kBadInput;
    }
  }
  Json j;
  j["system"] = model.name();
  j["integrator"] = methodName(in.method);
  j["members"] = members.size();
  j["h"] = in.settings.h;
  j["T"] = in.settings.T;
  j["jobs"] = jobs;
  j["failed"] = failed;
  j["t_end"] = memberSpread(tEnd);
  j["energy_max_dev"] = memberSpread(emax);
  j["structure_max_err"] = memberSpread(smax);
  j["structure2_max_err"] = memberSpread(s2max);
  if (model.hasMomentum()) j["angmom_max_dev"] = memberSpread(lmax);
  j["cpu_s"] = cpu;
  j["wall_s"] = wall;
  j["warnings"] = warnings;
  std::cout << j.dump(2) << "\n";
  for (std::size_t i = 0; i < members.size(); ++i)
    if (members[i].failure.failed)
      std::cerr << "dmsim: member " << i << " failed: " << members[i].failure.reason << "\n";
  return failed > 0 ? kFailed : kOk;
}

}  // namespace dms::cli
