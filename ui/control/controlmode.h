// The "Optimal control" mode of the main window: its panel, its plots and its worker session,
// and what it shows in the shared 3D view and playback bar. The window switches between this
// mode and the simulation mode; while this one is active it owns the scene and the playback
// horizon. Every system goes through its ControlProblem adapter (ui/controlproblem.h).
#pragma once

#include <QObject>
#include <QString>
#include <optional>
#include <vector>

#include "ui/controlproblem.h"
#include "ui/common/exporter.h"
#include "ui/scene3d/sceneview.h"

class QCustomPlot;

namespace dms::ui {

class ControlPanel;
class ControlPlots;
class ControlSession;
class Playback;

class ControlMode : public QObject {
  Q_OBJECT
 public:
  ControlMode(SceneView* scene, Playback* playback, QObject* parent = nullptr);

  ControlPanel* panel() const { return m_panel; }
  ControlPlots* plots() const { return m_plots; }
  ControlSession* session() const { return m_session; }

  /// The system the mode is for (SystemModel::name()); false when it has no problem.
  bool setSystem(const std::string& system);
  const ControlProblem* problem() const { return m_problem; }
  bool active() const { return m_active; }
  /// Takes over the scene and the playback (shows the last result, or the initial pose).
  void activate();
  /// Cancels a solve in progress and gives the scene back (two halves).
  void deactivate();

  /// Checks the input: a problem is explained in place and in the status bar and nothing
  /// runs (returns false); otherwise starts the solve in the worker thread.
  bool solve();
  /// Stops the solve in progress; the previous result stays.
  void cancel();
  bool running() const;

  /// Redraws what changed: the live progress, and the scene and cursor at playback time t.
  void frame(double t);
  /// One line for the status bar and, when the last solve failed, why (else empty).
  QString statusText() const;
  QString failureText() const { return m_failure; }

  std::vector<QCustomPlot*> exportPlots() const;
  QStringList exportNames() const;
  /// Writes the shown result's trajectory and controls (ControlResult::csvColumns).
  bool exportCsv(const QString& path, QString* error) const;

  /// The arrows last given to the scene (test hook).
  const std::vector<SceneArrow>& arrows() const { return m_arrows; }
  /// The result the views show (the last one that was not cancelled), or null.
  const ControlResult* shown() const;

 signals:
  /// A solve ended: converged, failed, or cancelled (then `cancelled` is true).
  void solveEnded(bool converged, bool cancelled);
  /// A message for the status bar.
  void message(const QString& text, bool error);

 private:
  void showResult(bool play);
  void onIteration();
  void onFinished(bool converged);
  void onCancelled();
  void setupScene();

  SceneView* m_scene;
  Playback* m_playback;
  ControlPanel* m_panel = nullptr;
  ControlPlots* m_plots = nullptr;
  ControlSession* m_session = nullptr;
  const ControlProblem* m_problem = nullptr;
  bool m_active = false;
  bool m_historyDirty = false, m_sceneDirty = false;
  double m_lastTime = -1.0;
  QString m_failure;
  std::vector<SceneArrow> m_arrows;
  std::vector<double> m_arrowGain;  // arrow length per unit of each track
  std::vector<double> m_arrowMax;   // each track's largest magnitude
};

}  // namespace dms::ui
