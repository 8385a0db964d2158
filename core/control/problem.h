// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// An optimal-control problem of a system, behind one interface that the CLI (`dmsim control`)
/// and the app's Optimal control mode both use: its fields as ParamSpec tables, its choices
/// (transcription, initial guess, method), solve with progress and cancel, and one result type
/// with the trajectory as Samples of the system's own code, the controls, a report (the JSON
/// fields of `dmsim control` and the app's summary) and the CSV table. No Qt types: a request
/// and a result are plain values that cross threads by copy.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/control/progress.h"
#include "core/integrators/run.h"
#include "core/params.h"

namespace dms {

/// A field with a few named values (e.g. the transcription vi | rk2).
struct ControlChoice {
  struct Value {
    std::string value;  ///< e.g. "rk2"
    std::string label;  ///< e.g. "rk2: Heun on (31)-(32)"
    /// Defaults of other fields while this value is chosen (e.g. the direct method's
    /// iteration limit).
    ParamValues defaults;
  };
  std::string name;           ///< e.g. "transcription"; the CLI flag is "--" + name
  std::string label;          ///< e.g. "Transcription"
  std::string description;    ///< help and tooltip
  std::vector<Value> values;  ///< the first is the default

  const Value* find(const std::string& v) const;
  /// "vi or rk2" / "a, b or c".
  std::string valuesText() const;
};

/// One control input, plotted against time (its components and its norm).
struct ControlChannel {
  std::string symbol;    ///< "u", "u^f", "u^m"
  std::string plotName;  ///< export file name, e.g. "control"
  std::string title;     ///< plot title
  std::string unit;      ///< e.g. "N m"
  int shade = 0;         ///< 0: the control colour, 1: its second shade
  int entries = 3;       ///< 3 (a vector), or 1 (a scalar: the first component)
};

/// A vector quantity along the maneuver for the 3D view (a control moment, the equivalent
/// force), in the system's frame, drawn from the origin (a pivot) or from the sample's position.
struct VectorTrack {
  std::string label;  ///< legend, e.g. "control moment u about the pivot"
  std::string unit;   ///< of the vectors, e.g. "N m"
  int shade = 0;      ///< 0: the control colour, 1: its second shade
  bool atOrigin = false;
  std::vector<Vector3d> vectors;  ///< at the samples' times
};

/// A fixed arrow that shows the maneuver's target in the 3D view, in the system's frame: e.g.
/// from the pivot to the target bob position, or a body axis of the target attitude. An empty
/// label: a part of the labelled arrow before it (no legend entry of its own).
struct TargetArrow {
  std::string label;
  Vector3d origin = Vector3d::Zero();
  Vector3d vector = Vector3d::Zero();
};

/// What the user asked: the fields and choices given (the rest take their defaults).
struct ControlRequest {
  ParamValues values;
  std::map<std::string, std::string> choices;
};

/// One number or text of a result, for the CLI's JSON and the app's summary.
struct ReportEntry {
  using Value = std::variant<bool, std::int64_t, double, std::string, std::vector<double>,
                             std::vector<std::string>>;
  std::string key;  ///< the JSON field of `dmsim control`
  Value value;
  std::string label = {};  ///< the app's summary row; empty: JSON only
  std::string unit = {};
  int digits = 4;  ///< significant digits in the summary
};

/// The outcome of a solve, by value.
struct ControlResult {
  bool converged = false;
  bool cancelled = false;
  bool badInput = false;  ///< the request could not be solved at all (message says why)
  std::string status;     ///< the solver's last word ("success", "cancelled", ...)
  std::string message;    ///< why it failed, when it did
  /// What the solve changed in the values given (ControlProblem::warnings of the request).
  std::vector<std::string> warnings;
  int iterations = 0;
  int evaluations = 0;
  double cost = 0.0;
  double terminalError = 0.0;
  double structureError = 0.0;  ///< max along the path (see ControlProblem::structureName)
  double cpuSeconds = 0.0;
  double wallSeconds = 0.0;
  double h = 0.0;  ///< sample spacing of the maneuver
  /// Length (system frame) of each track's longest arrow in the 3D view.
  double arrowLength = 1.0;
  std::vector<IterationReport> history;
  std::vector<Sample> samples;  ///< the maneuver at t_k, by the system's own sample()
  /// [channel][i], at controlTimes[i], or at samples[i].t when controlTimes is empty
  std::vector<std::vector<Vector3d>> controls;
  std::vector<double> controlTimes;
  std::vector<VectorTrack> arrows;
  std::vector<ReportEntry> report;
  std::vector<std::string> csvColumns;
  std::vector<std::vector<double>> csvRows;
};

class ControlProblem {
 public:
  virtual ~ControlProblem() = default;
  virtual std::string title() const = 0;  ///< e.g. "Swing-up by DMOC (SQP)"
  /// The article's figure of this maneuver, e.g. "5"; empty when the article draws none.
  virtual std::string articleFigure() const { return {}; }
  /// A paragraph for `dmsim control --help`: what is minimized, subject to what.
  virtual std::string summary() const = 0;
  /// The maneuver's fields (T and h first), with units, ranges and defaults.
  virtual const std::vector<ParamSpec>& fields() const = 0;
  /// The solver's numeric settings (tolerances, iteration limit).
  virtual const std::vector<ParamSpec>& solverFields() const = 0;
  virtual const std::vector<ControlChoice>& choices() const = 0;
  /// true: progress is a residual (a shooting method); false: cost and constraint violation.
  virtual bool reportsResidual(const ControlRequest& r) const = 0;
  virtual std::vector<ControlChannel> channels() const = 0;
  /// The columns of the CSV table (ControlResult::csvRows), e.g. t, q1, ..., u1, ...
  virtual std::vector<std::string> csvColumns(const ControlRequest& r) const = 0;
  /// What ControlResult::structureError measures, e.g. "max |1 - q^T q|".
  virtual std::string structureName() const = 0;
  /// One line on the method for the 3D view's card, e.g. "DMOC: forced variational integrator".
  virtual std::string methodLine(const ControlRequest& r) const = 0;
  /// The parameters the 3D view is built with (those of the system), e.g. l.
  virtual ParamValues sceneParams(const ControlRequest& r) const = 0;
  /// The configuration before any solve (the first sample of the maneuver).
  virtual Sample initialSample(const ControlRequest& r) const = 0;
  /// Checks every value and their combination; throws InputError naming the field, the value
  /// and the allowed range. Cheap: called before a solve starts. A value the solve normalizes
  /// (a direction off the unit sphere) is accepted: warnings() says what it becomes.
  virtual void check(const ControlRequest& r) const = 0;
  /// Why a valid request cannot succeed (an unreachable target), or empty. The app refuses to
  /// start such a solve; `dmsim control` runs it and reports the failure.
  virtual std::string infeasibility(const ControlRequest&) const { return {}; }
  /// The maneuver's target as the 3D view shows it (none by default), from the normalized
  /// values. Throws InputError as check() does.
  virtual std::vector<TargetArrow> targetArrows(const ControlRequest&) const { return {}; }
  /// Solves (thread-safe, no shared state). Never throws: a bad request or a solver failure is
  /// a result with converged = false and a message. progress is called once per iteration;
  /// returning false cancels the solve at its next iteration.
  virtual ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const = 0;

  /// What the solve changes in the values given or drops from them, one note each, in the
  /// words of SystemModel::normalize's warnings (`dmsim run`): the problem's own (valueWarnings:
  /// a direction rescaled to unit length, a velocity made tangent), and a T that is not a whole
  /// number of steps h, except for the problem's own T and h (horizonNote says where those
  /// end). Checks as check() does (throws InputError).
  std::vector<std::string> warnings(const ControlRequest& r) const;
  /// Information, not a warning: where the maneuver ends when T and h are the problem's
  /// defaults and T is not a whole number of steps, e.g. "N = 30 steps of h = 0.033 s: the
  /// maneuver ends at t = 0.99 s, as in the article (Figure 5)"; else empty. Never throws.
  std::string horizonNote(const ControlRequest& r) const;
  /// Every numeric field, maneuver first.
  std::vector<ParamSpec> allFields() const;
  /// The default of every field and choice.
  ControlRequest defaultRequest() const;
  /// The chosen value of every choice (given or default); throws InputError for an unknown
  /// choice or value, naming the flag and the allowed values.
  std::map<std::string, std::string> completeChoices(const ControlRequest& r) const;
  /// Every field's value: given, else the chosen choices' defaults, else its own default
  /// (derived fields stay absent unless given). Throws InputError naming a field out of range
  /// or unknown.
  ParamValues completeValues(const ControlRequest& r) const;

 protected:
  /// The problem's own part of warnings(): what its solve normalizes in the values given
  /// (none by default). Checks as check() does.
  virtual std::vector<std::string> valueWarnings(const ControlRequest& r) const {
    check(r);
    return {};
  }
};

}  // namespace dms
