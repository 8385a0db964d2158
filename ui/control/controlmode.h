// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The "Optimal control" mode: its panel, its plots and its worker session, and what it shows in
// the shared 3D view (one motion, full width, with the control arrows and the maneuver's target)
// and playback bar while it is active. Every system goes through its ControlProblem
// (core/control/problem.h); a system without one is not supported. Each system's input and last
// solution stay while another system is shown. What it shows (the scene, the summary, each
// playback frame) is in controlmodeview.cpp.
#pragma once

#include <QString>
#include <map>
#include <optional>
#include <vector>

#include "core/sim/registry.h"
#include "ui/control/controlpanel.h"
#include "ui/control/controlplots.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"

namespace dms::ui {

class ControlSession;

class ControlMode : public Mode,
                    public ExportsPlots,
                    public KeepsSettings,
                    public AddsToScenario,
                    public Scripted,
                    public Plays {
  Q_OBJECT
 public:
  ControlMode(const ModeContext& context, QObject* parent = nullptr);
  ~ControlMode() override;

  QString name() const override { return tr("Optimal control"); }
  QString settingsKey() const override { return QStringLiteral("control"); }
  QString description(const SystemModel* system) const override;
  bool supports(const SystemModel* system) const override;
  /// Keeps the input, the last solution and the messages of the system it leaves, and brings
  /// back the new one's (its fields from QSettings the first time).
  void setSystem(const SystemModel* system) override;

  ControlPanel* panel() const override { return m_panel; }
  ControlPlots* views() const override { return m_plots; }
  ControlPlots* plots() const { return m_plots; }
  ControlSession* session() const { return m_session; }
  const ControlProblem* problem() const { return m_problem; }

  /// Takes over the scene and the playback (shows the last result, or the initial pose).
  void activate() override;
  /// Cancels a solve in progress and gives the scene back (two halves).
  void deactivate() override;
  /// Redraws what changed: the live progress, and the scene and cursor at playback time t.
  void frame(double t) override;
  QString legend() const override;
  ModeStatus status() const override;

  std::vector<ExportPlot> exportPlots() const override;
  /// Writes the shown result's trajectory and controls (ControlResult::csvColumns).
  void exportCsv(const QString& path, const WriteDone& done) override;
  /// "maneuver": the optimal trajectory and its controls.
  QString csvContent() const override;
  /// Why there is nothing to write before a solve (asked before the file dialog).
  QString csvUnavailable() const override;
  void saveSettings(QSettings& s) const override;
  void restoreSettings(const QSettings& s) override;

  void applySet(const std::string& name, const std::vector<double>& value) override;
  void applyChoice(const std::string& name, const std::string& value) override;
  void addToScenario(Scenario& s) const override;
  void takeFromScenario(const Scenario& s) override;
  QString playTimeProblem(double t) const override;
  bool start(QString* problem) override;

  /// Checks the input: a problem is explained in place and in the status bar and nothing
  /// runs (returns false); otherwise starts the solve in the worker thread.
  bool solve();
  /// Stops the solve in progress; the previous result stays.
  void cancel();
  bool running() const;
  /// One line for the status bar and, when the last solve failed, why (else empty).
  QString statusText() const;
  QString failureText() const { return m_failure; }

  /// The arrows last given to the scene: the controls' and the target's (test hook).
  const std::vector<SceneArrow>& arrows() const { return m_arrows; }
  /// The result the views show (the system's last one that was not cancelled), or null.
  const ControlResult* shown() const;

 signals:
  /// A solve ended: converged, failed, or cancelled (then `cancelled` is true).
  void solveEnded(bool converged, bool cancelled);

 private:
  void showResult(bool play);
  void showInitialPose();
  void onIteration();
  void onFinished(bool converged);
  void onCancelled();
  void setupScene();
  void onInputChanged();
  /// The playback's span: the shown maneuver, or before a solve the one of the fields.
  void updateHorizon();
  /// The target arrows of the shown maneuver's request, or before a solve of the fields'.
  void updateTarget();
  /// The request of the shown result, else the panel's.
  ControlRequest shownRequest() const;

  /// What a system keeps while another is shown.
  struct Kept {
    std::optional<ControlRequest> input;  ///< the fields when it was left
    std::optional<ControlResult> result;  ///< its last solve that was not cancelled
    ControlRequest resultRequest;         ///< what that solve was asked
    QString failure, problem, live;       ///< the messages about it
  };

  const SystemModel* m_system = nullptr;
  ControlPanel* m_panel = nullptr;
  ControlPlots* m_plots = nullptr;
  ControlSession* m_session = nullptr;
  const ControlProblem* m_problem = nullptr;
  bool m_active = false;
  bool m_historyDirty = false, m_sceneDirty = false;
  double m_lastTime = -1.0;
  QString m_failure;
  std::map<const SystemModel*, Kept> m_kept;
  std::vector<SceneArrow> m_target;  // the maneuver's target, drawn after the controls
  std::vector<SceneArrow> m_arrows;
  std::vector<double> m_arrowGain;  // arrow length per unit of each track
  std::vector<double> m_arrowMax;   // each track's largest magnitude
};

}  // namespace dms::ui
