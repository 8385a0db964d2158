// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim sweep: the work-precision / convergence sweep of core/analysis/sweep.h as one JSON
// object, its shards and their merge.
#include "core/analysis/sweep.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/dmsim/cli.h"
#include "core/analysis/parallel.h"
#include "core/analysis/sweepinput.h"
#include "core/analysis/sweepjson.h"
#include "core/io/atomicfile.h"
#include "core/sim/runinput.h"

namespace dms::cli {
namespace {

std::vector<double> parseList(const std::string& text, const std::string& flag) {
  try {
    return parseVector(text, flag);
  } catch (const InputError& e) {
    throw InputError(std::string(e.what()) + " (" + flag + " takes a comma-separated list, e.g. " +
                     flag + " 0.1,0.05,0.025)");
  }
}

// a shard's file back into its result; throws InputError naming the file
SweepResult fromJson(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw InputError("--merge: cannot read '" + file + "'");
  std::stringstream text;
  text << in.rdbuf();
  return sweepFromJson(text.str(), file);
}

// opens --csv before any work, so a bad path costs nothing
std::unique_ptr<AtomicFile> openCsv(const Options& o) {
  if (!o.has("--csv")) return nullptr;
  auto csv = std::make_unique<AtomicFile>();
  if (!csv->open(o.values.at("--csv"))) throw InputError("--csv: " + csv->error());
  return csv;
}

// prints the JSON (and the CSV), reports failed runs; the exit code of dmsim run
int report(const SweepResult& r, bool shard, AtomicFile* csv) {
  if (csv) {
    writeSweepCsv(csv->stream(), r);
    if (!csv->commit()) {
      std::cerr << "dmsim: --csv: " << csv->error() << "\n";
      return kBadInput;
    }
  }
  std::cout << sweepToJson(r, shard) << "\n";
  bool failed = false;
  for (const SweepRun& x : r.runs)
    if (x.status == RunStatus::Failed) {
      failed = true;
      std::cerr << "dmsim: sweep: " << methodName(x.point.method)
                << (x.point.h ? " h = " + formatNumber(*x.point.h)
                              : " rtol = " + formatNumber(*x.point.rtol))
                << " failed " << x.failure << "\n";
    }
  return failed ? kFailed : kOk;
}

int merge(const std::vector<std::string>& files, const Options& o) {
  std::vector<SweepResult> shards;
  for (const std::string& f : files) shards.push_back(fromJson(f));
  const SweepResult merged = mergeSweeps(shards, files);
  const std::unique_ptr<AtomicFile> csv = openCsv(o);
  return report(merged, false, csv.get());
}

}  // namespace

unsigned parseJobs(const std::string& text) {
  double j = 0;
  try {
    j = parseNumber(text, "--jobs");
  } catch (const InputError&) {
    j = 0;  // not a number: refused below with the range
  }
  return sweepJobs(j, text);
}

void defineSweep(CommandOptions& c) {
  c.app().description(
      "Work-precision and convergence: every method of --methods over the steps of --h (the "
      "fixed-step methods) and the RelTols of --rtol (the adaptive ones), each run's error at T "
      "against a reference run; prints JSON.");
  c.value("--system", "NAME", "the system: " + systemNames(allSystems(), ", "),
          [](const std::string& v) {
            if (!findSystem(v))
              throw InputError("--system '" + v + "': unknown system (one of " +
                               systemNames(allSystems()) + ")");
          });
  c.value("--methods", "M1,M2,...", "the methods (default: every method the system has)");
  c.value("--h", "H1,H2,...", "the steps of the fixed-step methods; each must divide T",
          [](const std::string& v) { parseList(v, "--h"); });
  c.value("--rtol", "R1,R2,...", "the RelTols of the adaptive methods, in [1e-11, 0.1]",
          [](const std::string& v) { parseList(v, "--rtol"); });
  c.value("--T", "T", "the horizon", [](const std::string& v) { parseNumber(v, "--T"); });
  c.repeated("--set", "NAME=VALUE", "a parameter, repeatable, as for dmsim run");
  c.value("--jobs", "N", "threads (default: the number of cores); the results do not depend on it",
          [](const std::string& v) { parseJobs(v); });
  c.value("--csv", "FILE", "also write one row per run");
  c.value("--shard", "I/N", "run only the I-th of N disjoint slices of the sweep",
          [](const std::string& v) { parseShard(v); });
  c.files("--merge", "FILES...",
          "join the N slices of one sweep (--shard's outputs) into its JSON");
  c.missingValue("--merge", "--merge: expected the shard files, e.g. --merge s1.json s2.json");
  c.unknownMessage([&c](const std::string& arg, const std::string& known) {
    return "unknown option '" + arg + "' for dmsim sweep" +
           (c.options().files.empty() ? " (known:" + known + ")" : " --merge (known: --csv)");
  });
  c.form({"--system"},
         {"--methods", "--h", "--rtol", "--T", "--set", "--jobs", "--csv", "--shard"});
  c.form({"--merge"}, {"--csv"});
}

int cmdSweep(const CommandOptions& c) {
  const Options& o = c.options();
  if (!o.files.empty()) {
    // --merge takes no option of a sweep but --csv
    for (const CLI::Option* opt : c.app().parse_order())
      if (opt->get_name() != "--merge" && opt->get_name() != "--csv")
        throw InputError("unknown option '" + opt->get_name() +
                         "' for dmsim sweep --merge (known: --csv)");
    return merge(o.files, o);
  }

  if (!o.has("--system"))
    throw InputError("--system is required (" + systemNames(allSystems(), "|") + ")");
  const SystemModel* model = findSystem(o.values.at("--system"));
  if (!model)
    throw InputError("--system '" + o.values.at("--system") + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  SweepSpec spec = defaultSweep(*model);
  if (o.has("--methods")) {
    const std::string given = o.values.at("--methods");
    std::vector<std::string> names;
    std::stringstream list(given);
    for (std::string name; std::getline(list, name, ',');) names.push_back(name);
    spec.methods = sweepMethods(*model, names, given, o.has("--h"), o.has("--rtol"));
  }
  // steps given replace every method's, the high orders' own included
  if (o.has("--h")) {
    spec.steps = parseList(o.values.at("--h"), "--h");
    spec.ownSteps.clear();
  }
  if (o.has("--rtol")) spec.rtols = parseList(o.values.at("--rtol"), "--rtol");
  if (o.has("--T")) setSweepHorizon(spec, parseNumber(o.values.at("--T"), "--T"));
  ParamValues raw;
  for (const std::string& s : o.sets) {
    auto [name, value] = parseAssignment(s);
    raw[name] = value;
  }
  std::vector<std::string> warnings;
  spec.parameters = normalizeReported(*model, raw, &warnings);
  for (const std::string& w : warnings) std::cerr << "dmsim: warning: " << w << "\n";
  validateSweep(spec);
  const unsigned jobs = o.has("--jobs") ? parseJobs(o.values.at("--jobs")) : defaultJobs();
  const Shard shard = o.has("--shard") ? parseShard(o.values.at("--shard")) : Shard{};

  const std::unique_ptr<AtomicFile> csv = openCsv(o);
  SweepResult r;
  try {
    r = runSweep(spec, shard, jobs);
  } catch (const InputError&) {
    throw;
  } catch (const std::runtime_error& e) {
    std::cerr << "dmsim: sweep: " << e.what() << "\n";
    return kFailed;
  }
  return report(r, o.has("--shard"), csv.get());
}

}  // namespace dms::cli
