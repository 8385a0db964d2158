// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/steplog.h"

namespace dms {
namespace {

// keeps the time of the last sample passed
struct LastTime : SampleSink {
  double t = 0.0;
  void take(const Sample& s) override { t = s.t; }
};

}  // namespace

StepLog logSteps(const SystemModel& model, const ParamValues& values, Method method,
                 IntegratorSettings settings, const std::atomic<bool>* cancel) {
  if (!methodInfo(method).adaptive)
    throw InputError("--methods: " + methodName(method) +
                     " has a fixed step: a step log is for an adaptive method");
  settings.sampling = RkSampling::Steps;
  validateSettings(settings);
  StepLog log;
  log.method = method;
  std::unique_ptr<Run> run = model.makeRun(values, method, settings);
  LastTime last;
  run->advance(last, 1, SampleFields::Metrics);  // the initial sample, t = 0
  double t0 = last.t;
  std::int64_t rejected = run->counters().rejected;
  bool more = true;
  while (more) {
    if (cancel && log.t.size() % 4096 == 0 && *cancel) {
      log.cancelled = true;
      break;
    }
    const std::size_t before = log.t.size();
    const double tBefore = last.t;
    more = run->advance(last, 1, SampleFields::Metrics);
    if (last.t == tBefore) continue;  // no new sample (the run ended or failed)
    if (std::int64_t(log.t.size()) == kStepLogMaxSteps) {
      log.truncated = true;
      break;
    }
    const RunCounters c = run->counters();
    log.t.push_back(last.t);
    log.h.push_back(last.t - t0);
    log.fevals.push_back(c.fevals);
    if (c.rejected > rejected) {
      log.rejectedBefore.push_back(before);
      log.rejectedCount.push_back(int(c.rejected - rejected));
    }
    rejected = c.rejected;
    t0 = last.t;
  }
  log.counters = run->counters();
  log.failure = run->failure();
  return log;
}

}  // namespace dms
