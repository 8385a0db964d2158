// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The summary dms_bench prints at the end (bench/summary.cpp): the console reporter keeps each
/// benchmark's figures, and the summary prints them per system with their ratios.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace dms::bench {

/// A problem's set-up as the summary heads its system with (registered with its benchmarks).
struct ProblemInfo {
  std::string name, method;
  double h = 0.0, T = 0.0, tf = 0.0, rtol = 0.0, atol = 0.0;
  std::int64_t steps = 0;
  int dim = 0;
};

/// The problems registered, in order.
std::vector<ProblemInfo>& problems();

struct Record {
  bool error = false;
  bool median = false;
  double cpuNs = 0.0;  // CPU time per iteration
  std::map<std::string, double> counters;
};

inline double toNs(double t, benchmark::TimeUnit u) {
  switch (u) {
    case benchmark::kNanosecond:
      return t;
    case benchmark::kMicrosecond:
      return t * 1e3;
    case benchmark::kMillisecond:
      return t * 1e6;
    case benchmark::kSecond:
      return t * 1e9;
  }
  return t;
}

// Whether a run failed: Google Benchmark 1.7 (Debian 12) says so with error_occurred; 1.8
// (Debian 13) replaced it with skipped, an error being a skip with its message
template <class R>
auto runFailed(const R& r, int) -> decltype(bool(r.error_occurred)) {
  return r.error_occurred;
}
template <class R>
bool runFailed(const R& r, long) {
  return r.skipped != decltype(r.skipped){};
}

class SummaryReporter final : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
      if (r.run_type == Run::RT_Aggregate && !median) continue;
      Record& rec = m_records[r.run_name.function_name];
      if (rec.median && !median) continue;
      rec.median = median;
      rec.error = runFailed(r, 0);
      rec.cpuNs = toNs(r.GetAdjustedCPUTime(), r.time_unit);
      rec.counters.clear();
      for (const auto& [name, c] : r.counters) rec.counters[name] = c.value;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  const Record* find(const std::string& name) const {
    const auto it = m_records.find(name);
    return it == m_records.end() || it->second.error ? nullptr : &it->second;
  }

 private:
  std::map<std::string, Record> m_records;
};

/// Prints the figures and ratios; returns false when a variational loop allocated.
bool printSummary(const SummaryReporter& rep, std::ostream& os);

}  // namespace dms::bench
