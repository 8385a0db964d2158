// The headless command line: the same pipeline as the app, without the GUI.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "core/sim/registry.h"
#include "core/sim/summary.h"

namespace dms::cli {

/// Exit codes: 0 success, 2 bad input, 3 an integration (or solver) failed.
enum Exit { kOk = 0, kBadInput = 2, kFailed = 3 };

/// What one integration produced: its summary, counters, CPU time and failure.
struct RunResult {
  RunSummary summary;
  RunCounters counters;
  RunFailure failure;
  double cpuSeconds = 0.0;
};

/// Command-line options: "--name value" pairs (--set collected, others at most once) and bare
/// flags.
struct Options {
  std::map<std::string, std::string> values;
  std::vector<std::string> sets;
  std::vector<std::string> flags;
  bool has(const std::string& k) const { return values.count(k) > 0; }
  bool flag(const std::string& k) const;
};

/// Parses args against the valued and bare flags a command knows; throws InputError naming an
/// unknown option (and the known ones), a missing value or a repeated flag.
Options parseOptions(const std::vector<std::string>& args, const std::vector<std::string>& valued,
                     const std::vector<std::string>& bare, const std::string& command);

/// Runs one system/method to the end, streaming samples to `csv` when non-null.
RunResult runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                   const IntegratorSettings& settings, std::ostream* csv);

int cmdList(const std::vector<std::string>& args);
int cmdRun(const std::vector<std::string>& args);
int cmdReproduce(const std::vector<std::string>& args);
int cmdControl(const std::vector<std::string>& args);  // control.cpp
int cmdSweep(const std::vector<std::string>& args);    // sweep.cpp

}  // namespace dms::cli
