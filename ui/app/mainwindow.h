// The main window of dmstudio: system picker, parameter panel, 3D view, live plots, playback,
// export and the scripted mode. Everything is driven by the SystemModel interface.
#pragma once

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <functional>
#include <memory>

#include "core/sim/model.h"
#include "ui/common/exporter.h"
#include "ui/app/commandline.h"
#include "ui/scene3d/sceneview.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSplitter;
class QStackedWidget;
class QTabBar;

namespace dms::ui {

class ControlMode;
class ParamPanel;
class PlotPanel;
class Playback;
class SimSession;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// `scene` replaces the Qt3D view (tests); null creates the real one.
  explicit MainWindow(std::unique_ptr<SceneView> scene = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Switches to a system by SystemModel::name() with its article values; false if unknown.
  bool selectSystem(const QString& name);
  const SystemModel* system() const { return m_model; }
  /// Starts both runs from t = 0 with the panel's values (or explains in place why not).
  void recompute();

  /// Opens a scenario; on any problem shows a dialog, keeps the current one, returns false.
  bool openScenario(const QString& path);
  /// Saves the current scenario; on failure shows a dialog and returns false.
  bool saveScenario(const QString& path);
  /// Writes plot `index` (PlotPanel::plotNames()) or every plot (-1) into `dir` as
  /// NAME.png/.svg/.pdf for each chosen format. Returns false and `error` on the first failure.
  bool exportPlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                   QSize size, QString* error);
  bool exportCsv(const QString& path, QString* error);
  /// A PNG of the whole window: the widget grab with the 3D view's own capture drawn in.
  void screenshot(const QString& path, std::function<void(bool, QString)> done);
  /// Runs the scripted mode; emits scriptFinished(exit status) when done.
  void runScript(const ScriptOptions& o);

  /// Switches between the simulation mode and the "Optimal control" mode of the current
  /// system; false (and no change) when the system has no optimal-control problem.
  bool setControlMode(bool on);
  bool controlModeActive() const;
  ControlMode* controlMode() const { return m_controlMode; }

  ParamPanel* paramPanel() const { return m_params; }
  PlotPanel* plotPanel() const { return m_plots; }
  SimSession* session() const { return m_session; }
  Playback* playback() const { return m_playback; }
  SceneView* scene() const { return m_scene.get(); }
  /// The last message shown (non-modal, so scripts and tests are never blocked), or null.
  QMessageBox* lastMessage() const { return m_message; }

 signals:
  void scriptFinished(int exitStatus);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  void buildUi();
  void buildMenus();
  void frame();
  void updateScene();
  void updateStatus();
  void showMessage(const QString& title, const QString& text, bool error);
  void showExportDialog();
  void exportCsvDialog();
  void exportSceneDialog();
  void openScenarioDialog();
  void saveScenarioDialog();
  void showShortcuts();
  void onRunFailed(int run, const QString& message);
  void scriptStep();
  void runControlScript(const ScriptOptions& o);
  void finishScript(int status);

  const SystemModel* m_model = nullptr;
  std::unique_ptr<SceneView> m_scene;
  ControlMode* m_controlMode = nullptr;
  QTabBar* m_modeBar = nullptr;
  QStackedWidget* m_leftStack = nullptr;
  QStackedWidget* m_plotStack = nullptr;
  ParamPanel* m_params = nullptr;
  PlotPanel* m_plots = nullptr;
  SimSession* m_session = nullptr;
  Playback* m_playback = nullptr;
  QComboBox* m_systemBox = nullptr;
  QComboBox* m_speedBox = nullptr;
  QPushButton* m_playButton = nullptr;
  QSlider* m_timeSlider = nullptr;
  QLabel* m_timeLabel = nullptr;
  QLabel* m_legend = nullptr;
  QLabel* m_statusTime = nullptr;
  QLabel* m_statusCompute = nullptr;
  QLabel* m_statusRk = nullptr;
  QLabel* m_statusFailure = nullptr;
  QProgressBar* m_progress = nullptr;
  QSplitter* m_mainSplit = nullptr;
  QSplitter* m_viewSplit = nullptr;
  QPointer<QMessageBox> m_message;
  QTimer m_frameTimer, m_recomputeTimer;
  bool m_dataDirty = false, m_timeDirty = false;
  ParamValues m_sceneParams;
  std::string m_sceneSystem;
  QString m_lastDir;
  // scripted mode
  std::optional<ScriptOptions> m_script;
  int m_scriptStage = 0;
  int m_scriptStatus = 0;
};

}  // namespace dms::ui
