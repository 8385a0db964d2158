// The headless command line: the same pipeline as the app, without the GUI.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/sim/model.h"
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

/// Runs one system/method to the end, streaming samples to `csv` when non-null.
RunResult runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                   const IntegratorSettings& settings, std::ostream* csv);

int cmdList(const std::vector<std::string>& args);
int cmdRun(const std::vector<std::string>& args);
int cmdReproduce(const std::vector<std::string>& args);
int cmdControl(const std::vector<std::string>& args);  // control.cpp

}  // namespace dms::cli
