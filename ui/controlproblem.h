// The "Optimal control" mode's view of one system's optimal-control problem: its input fields,
// its solver, and what the views need of a solution (poses for the 3D view, control channels
// for the arrows and plots, a summary, a CSV table). One adapter per system, so that a new
// problem (the dumbbell's shooting method) plugs in without touching the mode. No Qt types
// here: a request and a result are plain values that cross the worker thread by copy.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/control/progress.h"
#include "core/params.h"
#include "core/sim/model.h"

namespace dms::ui {

/// A field with a few named values (e.g. the transcription vi | rk2).
struct ControlChoice {
  std::string name;                                         ///< e.g. "transcription"
  std::string label;                                        ///< e.g. "Transcription"
  std::string description;                                  ///< tooltip
  std::vector<std::pair<std::string, std::string>> values;  ///< (value, label); first = default
};

/// One control input, plotted against time (its components and its norm).
struct ControlChannel {
  std::string symbol;    ///< "u", "u^f", "u^m"
  std::string plotName;  ///< export file name, e.g. "control"
  std::string title;     ///< plot title
  std::string unit;      ///< e.g. "N m"
  int shade = 0;         ///< 0: the control colour, 1: its second shade
};

/// One arrow of the 3D view along the maneuver (scaled by the view: its longest is
/// ControlResult::arrowLength long).
struct ArrowTrack {
  std::string label;              ///< legend, e.g. "control moment u about the pivot"
  std::string unit;               ///< of the vectors, e.g. "N m"
  int shade = 0;                  ///< 0: the control colour, 1: its second shade
  bool atOrigin = false;          ///< drawn from the origin (the pivot), else from Sample::position
  std::vector<Vector3d> vectors;  ///< at t_k, in the system's frame
};

/// What the user asked: every numeric field (fields() and solverFields()) and every choice.
struct ControlRequest {
  ParamValues values;
  std::map<std::string, std::string> choices;
};

/// The outcome of a solve, by value.
struct ControlResult {
  bool converged = false;
  bool cancelled = false;
  std::string status;   ///< the solver's last word ("success", "cancelled", ...)
  std::string message;  ///< why it failed, when it did
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
  std::vector<Sample> samples;  ///< the maneuver at t_k (t, position, attitude)
  /// [channel][i], at controlTimes[i], or at samples[i].t when controlTimes is empty
  std::vector<std::vector<Vector3d>> controls;
  std::vector<double> controlTimes;
  std::vector<ArrowTrack> arrows;
  std::vector<std::pair<std::string, std::string>> summary;  ///< (label, value) rows
  std::vector<std::string> csvColumns;
  std::vector<std::vector<double>> csvRows;
};

class ControlProblem {
 public:
  virtual ~ControlProblem() = default;
  virtual std::string system() const = 0;  ///< SystemModel::name()
  virtual std::string title() const = 0;   ///< e.g. "Swing-up by DMOC"
  /// The maneuver's fields (T and h among them), with units, ranges and defaults.
  virtual const std::vector<ParamSpec>& fields() const = 0;
  /// The solver's numeric settings (tolerances, iteration limit).
  virtual const std::vector<ParamSpec>& solverFields() const = 0;
  virtual const std::vector<ControlChoice>& choices() const = 0;
  /// true: an indirect method whose progress is a residual; false: cost and violation.
  virtual bool reportsResidual() const = 0;
  virtual std::vector<ControlChannel> channels() const = 0;
  /// What ControlResult::structureError measures, e.g. "max |1 - q^T q|".
  virtual std::string structureName() const = 0;
  /// One line on the method for the 3D view's card, e.g. "DMOC: forced variational integrator".
  virtual std::string methodLine(const ControlRequest& r) const = 0;
  /// The parameters the 3D view is built with (SceneView::setSystem), e.g. l.
  virtual ParamValues sceneParams(const ControlRequest& r) const = 0;
  /// Checks every value and their combination; throws InputError naming the field, the value
  /// and the allowed range. Cheap: the GUI calls it before starting a solve.
  virtual void check(const ControlRequest& r) const = 0;
  /// Solves (thread-safe, no shared state). Never throws: a bad request or a solver failure is
  /// a result with converged = false and a message. progress as in core/control/progress.h.
  virtual ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const = 0;

  /// The defaults of every field and choice.
  ControlRequest defaultRequest() const;
  /// Every numeric field, maneuver first.
  std::vector<ParamSpec> allFields() const;
};

/// Every system that has an optimal-control mode, in menu order.
const std::vector<const ControlProblem*>& allControlProblems();
/// The problem of a system by SystemModel::name(), or nullptr.
const ControlProblem* findControlProblem(const std::string& system);

}  // namespace dms::ui
