// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `dmsim run`'s run: each sample into the summary, the shadow energy and the CSV rows kept
// (core/sim/output.h), through the events' locator when there are events; --t-eval's times.
#include <ctime>
#include <fstream>
#include <optional>

#include "app/dmsim/cli.h"
#include "core/io/runcsv.h"
#include "core/sim/controllaw.h"
#include "core/sim/output.h"

namespace dms::cli {
namespace {

double cpuNow() { return double(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

std::vector<double> parseTimes(const std::string& text) {
  std::ifstream file(text);
  if (!file) {
    // not a file: a list of times
    if (text.find_first_of("0123456789") == std::string::npos)
      throw InputError("--t-eval '" + text +
                       "': no such file, and not a comma-separated list of times");
    return parseVector(text, "--t-eval");
  }
  std::vector<double> times;
  std::string line;
  for (int n = 1; std::getline(file, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // a blank line
    times.push_back(parseNumber(line, "--t-eval " + text + " line " + std::to_string(n)));
  }
  return times;
}

RunResult runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                   const IntegratorSettings& settings, std::ostream* csv,
                   const std::vector<EventSpec>& events, const std::string& control,
                   const OutputChoice& output) {
  RunResult r;
  r.summary = RunSummary(conservedMomentumMask(model, values));
  std::unique_ptr<Run> run = control.empty()
                                 ? model.makeRun(values, method, settings)
                                 : makeTypedControlledRun(model, method, values, settings, control);
  // the app's CSV writer and columns (core/io/runcsv.h); energy_dev from the first sample, as
  // the summary's
  std::optional<RunCsvWriter> writer;
  // the shadow energy of every sample; the CSV writer feeds it when there is one (its column
  // waits for the value), the consumer otherwise
  RunShadow shadow(model, values, method, settings.h);
  if (csv) {
    writer.emplace(*csv, model, std::vector<std::vector<std::string>>{run->stateNames()});
    if (!control.empty()) writer->addControlColumns(controlEntryNames(model, values));
    writer->writeHeader();
    // the shadow_energy column follows every row, and so only a file of every sample
    if (output.all()) {
      writer->beginRun(0, method);
      writer->followShadow(shadow);
    }
  }
  // the rows the output choice keeps (every sample but with --every, --t-eval, --final-only);
  // their energy_dev from the run's first sample, which is not always a row
  const bool selected = writer && !output.all();
  // each sample into the summary (and the CSV) as it is made: nothing stored but the first
  // and what the named state reads of the last
  struct Consumer final : SampleSink {
    RunResult& r;
    RunCsvWriter* csv;
    RunShadow& shadow;
    RunCsvWriter* rows = nullptr;  // the file of the rows kept, begun at the first sample
    Method method = Method::Variational;
    Consumer(RunResult& result, RunCsvWriter* out, RunShadow& sh)
        : r(result), csv(out), shadow(sh) {}
    void take(const Sample& s) override {
      if (r.summary.samples == 0) {
        r.first = s;
        if (rows) rows->beginRun(0, method, s.energy);
      }
      // what a named state reads: t, the state and the drawn point (not the whole sample,
      // whose copy would cost as much as a cheap step)
      r.last.t = s.t;
      r.last.state = s.state;
      r.last.position = s.position;
      r.last.velocity = s.velocity;
      r.summary.add(s);
      if (csv)
        csv->take(s);
      else
        shadow.take(s);
    }
  } consumer(r, writer && !selected ? &*writer : nullptr, shadow);
  if (selected) {
    consumer.rows = &*writer;
    consumer.method = method;
  }
  // the CSV's x, y, z are the drawn point, and a few named states read it: the pose only then
  const SampleFields fields =
      csv || model.namedStateNeedsPose(method) ? SampleFields::All : SampleFields::Metrics;
  // with events, the samples pass through their locator (after the run: it goes first)
  // with a choice of rows, every sample to the consumer and the rows kept to the file, after
  // the locator when there is one (a terminal event ends the file where it ends the run)
  struct Forward final : SampleSink {
    SampleSink* to = nullptr;
    void take(const Sample& s) override { to->take(s); }
  } head;
  std::optional<EventLocator> locator;
  std::optional<OutputSelector> selector;
  head.to = &consumer;
  if (!events.empty()) locator.emplace(model, method, events, *run, head);
  if (selected) {
    // on a run with dense output, the locator watches each step before the selector
    selector.emplace(model, method, output, *run, consumer, *writer,
                     locator && locator->dense() ? &locator->stepObserver() : nullptr);
    head.to = &*selector;
  }
  const double c0 = cpuNow();
  if (locator) {
    while (advanceWithEvents(*run, *locator, 4096, fields)) {
    }
  } else {
    while (run->advance(head, 4096, fields)) {
    }
  }
  if (selector) selector->finish();
  r.cpuSeconds = cpuNow() - c0;
  if (writer) writer->finish();
  r.counters = run->counters();
  r.failure = run->failure();
  if (locator) takeEvents(*locator, r);
  r.shadow = shadow.summary();
  return r;
}

}  // namespace dms::cli
