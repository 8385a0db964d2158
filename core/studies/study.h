// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The studies of the methods beside a single run: the work-precision and convergence sweep,
// equal cost, long time, phase space, distance from a reference and RK45's steps. A study is one
// extension point, plain C++ with no Qt: its inputs by key (text fields with defaults), a check
// that names a bad field and its range, and a computation for any thread that returns named
// outputs: figures (core/studies/figure.h), a summary and the CSV behind them. The app's Analysis
// mode shows them (ui/analysis), `dmsim figures` writes the same figures (ui/figures), and a script
// can call them directly.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "core/studies/figure.h"

namespace dms {

/// One input of a study, a line of text.
struct StudyField {
  std::string key;    ///< its name in the settings, e.g. "steps"
  std::string label;  ///< as the panel shows it and messages name it, e.g. "Steps N"
  std::string value;  ///< the default
  std::string tooltip;
};

using StudyInputs = std::map<std::string, std::string>;  ///< by StudyField::key

/// What a study shows: one or two figures side by side, a summary and the CSV behind them.
struct StudyOutput {
  std::vector<Figure> figures;
  std::string summary;  ///< a few sentences; HTML (<b>, <br>, <font color>) for the panel
  std::string csv;
  bool failed = false;  ///< a run failed or the search did not converge (the summary says why)
  /// The sweep's runs behind its figures (Study::keepsRuns), for a view that redraws them with
  /// another error or cost; null for the other studies.
  std::shared_ptr<const SweepResult> sweep;
  /// A line on the figures for an export's caption, after the system's title (empty: the
  /// summary's text serves).
  std::string caption;
};

using StudyProgress = std::function<void(double fractionDone)>;
/// The output so far of a study still running (the sweep's runs as they finish), called from
/// any of its threads, one call at a time.
using StudyPartial = std::function<void(const StudyOutput& soFar)>;
/// A checked computation, for any thread; `cancel` (may be null) stops it early; `partial` may
/// be empty.
using StudyTask =
    std::function<StudyOutput(unsigned jobs, const std::atomic<bool>* cancel,
                              const StudyProgress& progress, const StudyPartial& partial)>;

class Study {
 public:
  virtual ~Study() = default;
  virtual std::string key() const = 0;   ///< e.g. "long-time"
  virtual std::string name() const = 0;  ///< e.g. "Long time"
  /// What it shows, a sentence for the panel.
  virtual std::string description() const = 0;
  /// What to notice in its plots, one sentence in plain words for a class (the panel shows it
  /// under the description); empty when it has none.
  virtual std::string notice() const { return {}; }
  virtual bool supports([[maybe_unused]] const SystemModel& model) const { return true; }
  /// Whether it runs the methods it is given (else its own).
  virtual bool usesMethods() const { return true; }
  /// Whether its output keeps its runs (StudyOutput::sweep) for a view that draws them itself,
  /// with a choice of the error and the cost shown.
  virtual bool keepsRuns() const { return false; }
  /// Where its fields are kept in the app's settings, under analysis/SYSTEM/: a group of its
  /// own (its key), or none (the sweep's fields, directly there as they always were).
  virtual std::string settingsGroup() const { return key(); }
  virtual std::vector<StudyField> fields(const SystemModel& model) const = 0;
  /// Names of the figures it makes for a system, in StudyOutput::figures' order (file names of
  /// `dmsim figures`: NAME-<name>).
  virtual std::vector<std::string> figureNames(const SystemModel& model) const = 0;
  /// Inputs that make it quick (short horizons, few points), for `dmsim figures --quick`.
  virtual StudyInputs quickInputs([[maybe_unused]] const SystemModel& model) const { return {}; }
  /// Checks the inputs (missing ones take their defaults) and returns the computation at the
  /// system's `parameters` (complete and normalized). Throws InputError naming the field by its
  /// label, and the allowed range.
  virtual StudyTask prepare(const SystemModel& model, const ParamValues& parameters,
                            const StudyInputs& inputs,
                            const std::vector<Method>& methods) const = 0;
};

/// Every study, in menu order: the sweep first.
const std::vector<const Study*>& studies();
/// The study of that key, or null.
const Study* findStudy(const std::string& key);

/// The value of a field: given, else its default.
std::string inputValue(const Study& study, const SystemModel& model, const StudyInputs& inputs,
                       const std::string& key);

/// Runs a study to the end in the calling thread: prepare, then the task on `jobs` threads.
/// Throws InputError as prepare does.
StudyOutput runStudy(const Study& study, const SystemModel& model, const ParamValues& parameters,
                     const StudyInputs& inputs, const std::vector<Method>& methods,
                     unsigned jobs = 1);

/// The sweep's reference in words, short enough for a note under a plot: "RK45 at RelTol 1e-13,
/// its error at most 4e-12", or "the exact solution, its round-off at most 1.9e-16" (its
/// formula is SweepReference::exact); without the bound when `withBound` is false.
std::string referenceText(const SweepReference& reference, bool withBound = true);

/// What a plot of a run against t needs of it, in bounded memory on any horizon: per column of
/// the time axis the minimum and maximum of E and of the structure error, at the times they
/// occurred (no spike is lost), the path at evenly spaced samples, and the run's summary.
class RunTrace : public SampleSink {
 public:
  RunTrace(double T, std::int64_t samples);
  void take(const Sample& s) override;
  /// The column extrema in time order.
  void energy(std::vector<double>* t, std::vector<double>* v) const;
  void structure(std::vector<double>* t, std::vector<double>* v) const;

  RunSummary summary;
  std::vector<double> pathX, pathY;

 private:
  struct Extrema {
    bool any = false;
    double tMin = 0, min = 0, tMax = 0, max = 0;
    void add(double t, double v);
  };
  struct Column {
    Extrema energy, structure;
  };
  void curve(Extrema Column::*e, std::vector<double>* t, std::vector<double>* v) const;
  double m_T;
  std::int64_t m_stride, m_count = 0;
  std::vector<Column> m_cols;
};

}  // namespace dms
