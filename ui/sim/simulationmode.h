// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulation mode: the chosen integrators of the system (the article's pair unless the user
// picks others) from t = 0 with the panel's values, in the worker thread; the error plots, a
// table of each run's cost and final errors, and the 3D view with one viewport per run (the
// first four) and their recent trails, at the playback time. It recomputes as the parameters
// move (one recomputation per event-loop pass), explains input that cannot run in place, and
// says when and why a run stopped.
#pragma once

#include <QElapsedTimer>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "core/io/scenario.h"
#include "ui/mode/mode.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/push.h"

class QAction;
class QLabel;

namespace dms::ui {

class RunTable;
class SimSession;

class SimulationMode : public Mode,
                       public ExportsPlots,
                       public KeepsSettings,
                       public ComputesScenario,
                       public Presents,
                       public Scripted,
                       public Plays {
  Q_OBJECT
 public:
  SimulationMode(const ModeContext& context, QObject* parent = nullptr);
  ~SimulationMode() override;

  QString name() const override { return tr("Simulation"); }
  QString settingsKey() const override { return QStringLiteral("simulation"); }
  QString description(const SystemModel* system) const override;
  bool supports(const SystemModel* system) const override { return system != nullptr; }
  void setSystem(const SystemModel* system) override;

  ParamPanel* panel() const override { return m_params; }
  QWidget* views() const override { return m_views; }
  QList<QAction*> actions() const override;

  void activate() override;
  void setPresenting(bool on) override;
  void deactivate() override;
  void frame(double t) override;
  QString legend() const override;
  ModeStatus status() const override;

  std::vector<ExportPlot> exportPlots() const override;
  void prepareExport(QSize size) override;
  void finishExport() override;
  void exportCsv(const QString& path, const WriteDone& done) override;
  /// exportCsv writes every k-th sample of each run from now on (the first and the last
  /// always; 1: every sample), as File > Export time series asks.
  void setCsvEvery(int k) { m_csvEvery = k < 1 ? 1 : k; }
  int csvEvery() const { return m_csvEvery; }
  QString figureCaption() const override;

  std::optional<Scenario> scenario() const override;
  void applyScenario(const Scenario& s) override;
  void saveSettings(QSettings& s) const override;
  void restoreSettings(const QSettings& s) override;

  void applySet(const std::string& name, const std::vector<double>& value) override;
  /// "methods": the CLI names joined by commas (--methods vi,rk45,rk4).
  void applyChoice(const std::string& name, const std::string& value) override;
  QString playTimeProblem(double t) const override;
  bool start(QString* problem) override;

  /// Starts every run from t = 0 with the panel's values (or explains in place why not).
  void recompute();
  SimSession* session() const { return m_session; }
  ParamPanel* paramPanel() const { return m_params; }
  PlotPanel* plotPanel() const { return m_plots; }
  RunTable* runTable() const { return m_table; }
  /// The worker that writes File > Export time series when the runs are computed again.
  BackgroundWrite* csvWrite() const { return m_csvWrite; }
  /// How long a running job's results wait before the plots, the table and the 3D view show
  /// them (a job done sooner shows at its end): 100 ms unless a test sets it.
  void setResultDelay(int ms) { m_resultDelayMs = ms; }

  /// The push with the mouse (Ctrl + left drag in the 3D view; ui/sim/push.h). pushPress picks
  /// the body of the ray's run nearest to the ray at the playback time and restarts the runs
  /// under a push schedule that the frames extend (false, and nothing happens: the playback is
  /// paused, the system has no control, or no body is near the ray). pushMove moves the
  /// spring's end to where the ray meets the plane through the held point facing the camera;
  /// each frame then puts the spring's force on the schedule, for every run alike, and draws
  /// the spring. pushRelease ends the push (u back to zero) and lets the runs go on to T.
  bool pushPress(const SceneRay& ray);
  void pushMove(const SceneRay& ray);
  void pushRelease();
  bool pushing() const { return m_grab.has_value(); }
  /// The spring's ends while pushing, in the system's frame: the held point, then the pointer.
  std::pair<Vector3d, Vector3d> spring() const { return {m_springPoint, m_pointer}; }
  /// The pushes recorded on the runs (the last pushed job's schedule; null: none yet).
  std::shared_ptr<const PushSchedule> recordedPushes() const { return m_recorded; }
  /// Restarts every run from t = 0 under the recorded pushes (the same job otherwise) and plays
  /// it from the start: the runs repeat the pushed ones bit for bit.
  void replayPushes();
  QAction* replayAction() const { return m_replayAction; }

 private:
  void scheduleRecompute();
  /// The plots' view by its command-line key (--show); throws InputError for a view the
  /// system does not have.
  void showView(const std::string& key);
  /// The Control view's channels, at `values`, and whether the forcing panel's law is on.
  void updateControl(const ParamValues& values);
  /// A typed law (controllaw.h) into the forcing panel's fields, the law on. Throws InputError
  /// as parseControlLaw, nothing changed.
  void showLaw(const std::string& text);
  void applyScene();
  void updateScene(double t);
  void updateTable(double t);
  void onRunFailed(int run, const QString& message);
  /// The push's frame: the spring's force at the held point's place at t, from the next step
  /// the schedule does not know yet on, and the steps up to a little past t known.
  void updatePush(double t);
  /// Starts the current job again under `push`.
  void startPushed(std::shared_ptr<PushSchedule> push);

  const SystemModel* m_model = nullptr;
  ParamPanel* m_params = nullptr;
  PlotPanel* m_plots = nullptr;
  RunTable* m_table = nullptr;
  QLabel* m_articleNote = nullptr;  ///< the article's printed figures beside this run's
  QWidget* m_views = nullptr;
  SimSession* m_session = nullptr;
  BackgroundWrite* m_csvWrite = nullptr;  ///< File > Export time series of thinned runs
  int m_csvEvery = 1;                     ///< exportCsv's every k-th sample
  QAction* m_logAction = nullptr;
  QAction* m_autoscaleAction = nullptr;
  bool m_recomputePosted = false;
  bool m_active = false;
  bool m_dataDirty = false;
  double m_shownTime = -1.0;
  QString m_legend;
  int m_methodCount = 0;  // of the current job
  QString m_failure, m_failureDetail;
  // what each system was left with this session (and in QSettings): its values, settings and
  // methods, by system name; a system comes back with them (Reset to article values clears)
  std::map<std::string, Scenario> m_kept;
  // what the 3D view was built with: rebuilt only when it changes
  std::string m_sceneSystem;
  ParamValues m_sceneParams;
  // what the 3D view is to show once the new job has a result: applied in the same frame as
  // the poses, so that a recompute costs the 3D view one frame, not two (each frame blocks the
  // GUI thread for as long as the renderer draws: tens of ms with a software renderer)
  struct PendingScene {
    ParamValues values;
    std::vector<SceneRun> runs;
    std::vector<Vector3d> reference;  ///< the law's desired path, if it has one
  };
  std::optional<PendingScene> m_pendingScene;
  // the job's age: a running job's results are shown only once it is m_resultDelayMs old
  QElapsedTimer m_jobClock;
  int m_resultDelayMs = 100;
  // the push under way: the held body, the plane the pointer moves on, the spring's ends, and
  // the playback time it started at
  std::optional<PushGrab> m_grab;
  Vector3d m_planePoint = Vector3d::Zero(), m_planeNormal = Vector3d::UnitZ();
  Vector3d m_springPoint = Vector3d::Zero(), m_pointer = Vector3d::Zero();
  double m_pushStart = 0.0;
  bool m_resume = false;  // the playback paused until the runs are computed up to m_pushStart
  std::shared_ptr<PushSchedule> m_recorded;
  QAction* m_replayAction = nullptr;
};

}  // namespace dms::ui
