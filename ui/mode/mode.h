// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One way of working with the current system (the simulation of both integrators, the optimal
// control...): a mode owns its panel, its views, its computations and its status, and while it
// is active it has the shared 3D view and playback clock. The window lays the modes out in tabs
// and talks to them through this interface only; a new mode is one new folder beside ui/sim/.
#pragma once

#include <QList>
#include <QObject>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "ui/common/backgroundwrite.h"
#include "ui/common/exporter.h"

class QAction;
class QCustomPlot;
class QSettings;
class QWidget;

namespace dms::ui {

class Playback;
class SceneView;

/// What the window shares with every mode (it owns them).
struct ModeContext {
  SceneView* scene = nullptr;    ///< the 3D view: a mode draws in it only while active
  Playback* playback = nullptr;  ///< the playback clock: the active mode sets its horizon
};

/// The status bar while a mode is active.
struct ModeStatus {
  QStringList texts;      ///< plain fields, left to right
  QString failure;        ///< why something stopped (in the error red), or empty
  QString failureDetail;  ///< its tooltip
  bool showProgress = false;
  bool busy = false;       ///< no known end: an indeterminate bar
  double progress = 0.0;   ///< 0..1, when not busy
  QString progressFormat;  ///< e.g. "computing %p%"
};

/// What an exported figure shows besides the plot (File > Export plots' options).
struct FigureOptions {
  bool cursor = true;    ///< the playback cursor's line
  bool caption = false;  ///< lines under the plot with the set-up (Mode::figureCaption())
  /// A print size in cm (invalid: the size in pixels given to writePlots): PDF and SVG pages
  /// of that size in points, PNG at kPrintDpi, so that textPt is true to size on paper.
  QSizeF printCm;
  static constexpr double kPrintDpi = 300.0;
  double textPt = 0.0;  ///< tick labels at this size in points (the rest scaled alike); 0: as shown
  double lineScale = 1.0;  ///< the curves' width, times the screen's
  /// The page or image size for `pixels` (used when printCm is invalid).
  QSize pageSize(QSize pixels) const;
};

/// A plot that File > Export writes, as NAME.png/.svg/.pdf.
struct ExportPlot {
  QString name;
  QCustomPlot* plot = nullptr;
};

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
QString wrapWords(const QString& text, int width);

/// A mode as the window's tab: what it shows and when. Everything else a mode may do is a role
/// of its own below, which a mode class inherits only when it plays it; a caller that needs a
/// role asks for it with role<R>() and gets null from a mode that does not play it.
class Mode : public QObject {
  Q_OBJECT
 public:
  ~Mode() override;

  virtual QString name() const = 0;  ///< the tab's text, e.g. "Simulation"
  /// A stable key: the QSettings "mode" value and group, and the scripted mode's flag
  /// (--control for "control").
  virtual QString settingsKey() const = 0;
  /// The tab's tooltip for a system (what the mode does, or why it cannot).
  virtual QString description(const SystemModel* system) const = 0;
  virtual bool supports(const SystemModel* system) const = 0;
  /// Every mode is told of every system change, active or not; each keeps its own state per
  /// system. An active mode shows the new system at once (if it supports it).
  virtual void setSystem(const SystemModel* system) = 0;
  /// Whether the 3D view (and the playback bar under it) shows while the mode is active.
  virtual bool showsScene() const { return true; }

  virtual QWidget* panel() const = 0;  ///< the left side, under the system picker
  virtual QWidget* views() const = 0;  ///< the plots, under the 3D view
  /// The mode's entries of the View menu (shown while it is active).
  virtual QList<QAction*> actions() const { return {}; }

  /// Takes over the 3D view and the playback (their previous content is gone).
  virtual void activate() = 0;
  /// Stops what runs and gives the 3D view and the playback back.
  virtual void deactivate() = 0;
  /// Redraws what changed, at playback time t: called by the window's frame timer while active.
  virtual void frame(double t) = 0;
  /// The rich-text line above the 3D view.
  virtual QString legend() const = 0;
  virtual ModeStatus status() const = 0;

  /// This mode in role R (one of the classes below), or null when it does not play it.
  template <class R>
  R* role() {
    return dynamic_cast<R*>(this);
  }
  template <class R>
  const R* role() const {
    return dynamic_cast<const R*>(this);
  }

  /// Interactive (the default): the mode plays what it computes as it comes in. A script
  /// turns it off and moves the playback itself.
  void setInteractive(bool on) { m_interactive = on; }
  bool interactive() const { return m_interactive; }

 signals:
  /// A computation started by start() (or by the user) ended: 0, or 3 when a solver did not
  /// converge (the scripted mode's exit status).
  void finished(int exitStatus);
  /// The user changed the scenario's input (the window marks its file as changed).
  void edited();
  /// A line for the status bar.
  void statusMessage(const QString& text, bool error);
  /// Something the user should read now (a non-modal message box; stderr in a script).
  void alert(const QString& title, const QString& text, bool error);

 protected:
  Mode(const ModeContext& context, QObject* parent);
  SceneView* scene() const { return m_context.scene; }
  Playback* playback() const { return m_context.playback; }

 private:
  ModeContext m_context;
  bool m_interactive = true;
};

/// Role: the mode's plots and data leave the window (File > Export plots, Export as CSV, the
/// animation export's plots).
class ExportsPlots {
 public:
  virtual ~ExportsPlots() = default;
  /// What File > Export plots offers.
  virtual std::vector<ExportPlot> exportPlots() const = 0;
  /// Called before the plots are written at `size` (e.g. to resample curves for its width), and
  /// finishExport() after, to go back to the screen.
  virtual void prepareExport([[maybe_unused]] QSize size) {}
  virtual void finishExport() {}
  /// The set-up of what the plots show, for a figure's caption (system, parameters, step,
  /// horizon, methods), or empty.
  virtual QString figureCaption() const { return {}; }
  /// Writes the time series of what the mode shows (File > Export as CSV), then calls `done`:
  /// at once when the data is at hand, or from the event loop when a worker has to compute it
  /// again (ui/common/backgroundwrite.h), never in a nested event loop.
  virtual void exportCsv(const QString& path, const WriteDone& done) = 0;
  /// What exportCsv writes, for the menu entry: "time series", "sweep", "maneuver"...
  virtual QString csvContent() const;
  /// Why exportCsv has nothing to write now (asked before the file dialog), or empty.
  virtual QString csvUnavailable() const { return {}; }

  /// Writes plot `index` of exportPlots() (-1: all) into `dir`, as PREFIXNAME.<format> each
  /// (plotFiles); false and `error` on the first failure.
  bool writePlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                  QSize size, QString* error, const QString& prefix = {},
                  const FigureOptions& options = {});
  /// The files writePlots writes, in its order.
  QStringList plotFiles(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                        const QString& prefix = {}) const;
};

/// Role: the mode keeps input of its own across sessions (QSettings).
class KeepsSettings {
 public:
  virtual ~KeepsSettings() = default;
  virtual void saveSettings(QSettings& s) const = 0;
  /// Called once, when the window is made, before any system is selected.
  virtual void restoreSettings(const QSettings& s) = 0;
};

/// Role: the mode keeps a part of its own in a scenario file, beside the system and its
/// parameters (the Analysis study, the optimal-control fields), so that one file holds a
/// lecture.
class AddsToScenario {
 public:
  virtual ~AddsToScenario() = default;
  /// Adds the mode's part to the scenario being saved.
  virtual void addToScenario(Scenario& s) const = 0;
  /// Takes its part of an opened scenario (its system already selected); a part the file does
  /// not have leaves the mode as it is.
  virtual void takeFromScenario(const Scenario& s) = 0;
};

/// Role: the mode computes a whole scenario (File > Save scenario writes it, File > Open
/// computes one): the system's run with its settings and methods.
class ComputesScenario {
 public:
  virtual ~ComputesScenario() = default;
  /// The scenario the mode computes now.
  virtual std::optional<Scenario> scenario() const = 0;
  /// Computes a scenario of the current system.
  virtual void applyScenario(const Scenario& s) = 0;
};

/// Role: the mode has a lecture-hall look (View > Presentation): its plots alone, without
/// tables.
class Presents {
 public:
  virtual ~Presents() = default;
  virtual void setPresenting(bool on) = 0;
};

/// Role: the mode runs from the command line (ui/app/scriptrunner.h).
class Scripted {
 public:
  virtual ~Scripted() = default;
  /// One --set NAME=VALUE item; throws InputError naming the field and its range.
  virtual void applySet(const std::string& name, const std::vector<double>& value) = 0;
  /// One choice (e.g. --transcription vi); throws InputError for a name or value it has not.
  virtual void applyChoice(const std::string& name, const std::string& value) = 0;
  /// Starts the computation (or solve) with the current input; false and the input's problem
  /// when it cannot run. Mode::finished() follows.
  virtual bool start(QString* problem) = 0;
};

/// Role: what the mode computes plays in time on the playback bar (--play-to, a video's range).
class Plays {
 public:
  virtual ~Plays() = default;
  /// Why playback time t cannot be shown once computed (past the horizon), or empty.
  virtual QString playTimeProblem(double t) const = 0;
};

}  // namespace dms::ui
