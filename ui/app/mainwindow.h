// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window of dmstudio: the system picker, a tab per mode (ui/mode/mode.h) with the
// active mode's panel under it, the shared 3D view and playback bar, the active mode's plots,
// the status bar and the menus. It lays out and wires; what is computed and shown is the modes'.
#pragma once

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>
#include <functional>
#include <memory>
#include <vector>

#include "core/sim/registry.h"
#include "ui/common/exporter.h"
#include "ui/scene3d/sceneview.h"

class QAction;
class QComboBox;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTabBar;

namespace dms::ui {

class ControlMode;
class Mode;
class Playback;
class PlaybackBar;
class Presentation;
class ScenarioFile;
class SimulationMode;
class StatusLine;
class WindowMenus;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  /// The frame timer: the active mode redraws at most this often (and when a computation ends).
  static constexpr int kFrameIntervalMs = 33;
  /// The setting (bool, default true) of View > Smooth 3D edges: SceneOptions::antialiasing of
  /// the 3D view the next window makes.
  static constexpr const char* kAntialiasingKey = "view/antialiasing";
  /// `scene` replaces the Qt3D view (tests); null creates the real one.
  explicit MainWindow(std::unique_ptr<SceneView> scene = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Switches to a system by SystemModel::name() with its article values; false if unknown.
  bool selectSystem(const QString& name);
  const SystemModel* system() const { return m_model; }

  /// The modes, in tab order.
  const std::vector<Mode*>& modes() const { return m_modes; }
  /// A mode by Mode::settingsKey(), or null.
  Mode* findMode(const QString& key) const;
  Mode* activeMode() const { return m_active; }
  /// Makes `mode` the active one; false (and no change) when it does not support the system.
  bool activateMode(Mode* mode);
  SimulationMode* simulationMode() const { return m_simulation; }
  ControlMode* controlMode() const { return m_control; }
  QTabBar* modeBar() const { return m_modeBar; }

  /// Opens a scenario; on any problem shows a message, keeps the current one, returns false.
  /// With `text`, the scenario is that text and `path` names it (an example of File > Examples,
  /// which leaves the window without a file).
  bool openScenario(const QString& path, const QString& text = {});
  /// Saves the current scenario; on failure shows a message and returns false.
  bool saveScenario(const QString& path);
  /// Writes the active mode's plot `index` (-1: all) into `dir` as NAME.<format> each.
  /// Writes the active mode's plots as PREFIXNAME.<format> (the scripted mode: no prefix).
  bool exportPlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                   QSize size, QString* error, const QString& prefix = {});
  /// Writes the active mode's CSV to `path`, at once or in a worker (ui/mode/mode.h); then
  /// csvExported says whether it was written.
  void exportCsv(const QString& path);
  /// A PNG of the whole window: the widget grab with the 3D view's own capture drawn in.
  void screenshot(const QString& path, std::function<void(bool, QString)> done);

  /// Scripted: messages go to stderr instead of dialogs, and nothing plays by itself.
  void setScripted(bool on);
  /// Redraws now what the frame timer would redraw next.
  void refresh();

  Playback* playback() const { return m_playback; }
  PlaybackBar* playbackBar() const { return m_bar; }
  SceneView* scene() const { return m_scene.get(); }
  /// The setting (bool, default false) of View > Overlay the methods in one 3D scene.
  static constexpr const char* kOverlayKey = "view/overlay";
  QAction* overlayAction() const;
  /// The playback time in the 3D view also outside View > Presentation (a video export).
  void setTimeStampForced(bool on) { m_timeStampForced = on; }
  /// View > Smooth 3D edges (kAntialiasingKey).
  QAction* antialiasAction() const;
  /// The last message shown (non-modal, so scripts and tests are never blocked), or null.
  QMessageBox* lastMessage() const { return m_message; }
  ScenarioFile* scenarioFile() const { return m_file; }
  Presentation* presentation() const { return m_presentation; }
  /// The left side: the system picker, the mode tabs and the active mode's panel.
  QWidget* sidePanel() const;
  /// The 3D view (with its legend and playback bar) over the active mode's plots.
  QSplitter* viewSplit() const { return m_viewSplit; }
  /// The mode that computes scenarios (File > Open / Save scenario), or null.
  Mode* scenarioMode() const;
  /// A save dialog in the last folder, the system's name and `suffix` proposed; empty: cancelled.
  QString askSavePath(const QString& title, const QString& suffix, const QString& filter);
  const QString& lastDir() const { return m_lastDir; }
  /// The folder of `file` becomes lastDir(): where the next file dialog opens.
  void rememberDir(const QString& file);
  /// A message (non-modal, so scripts and tests are never blocked; scripted: on stderr).
  void showMessage(const QString& title, const QString& text, bool error,
                   const QString& details = {});
  /// A file written (said in the status bar), or why not (a message).
  void reportWrite(bool ok, const QString& done, const QString& error);

 signals:
  /// The end of exportCsv(path): written, or why not (`error`).
  void csvExported(const QString& path, bool ok, const QString& error);

 protected:
  void closeEvent(QCloseEvent* e) override;

 private:
  void buildUi();
  void addMode(Mode* mode);

  const SystemModel* m_model = nullptr;
  std::unique_ptr<SceneView> m_scene;
  Playback* m_playback = nullptr;
  std::vector<Mode*> m_modes;
  Mode* m_active = nullptr;
  SimulationMode* m_simulation = nullptr;
  ControlMode* m_control = nullptr;
  bool m_scripted = false;
  QComboBox* m_systemBox = nullptr;
  QTabBar* m_modeBar = nullptr;
  QStackedWidget* m_panels = nullptr;
  QStackedWidget* m_views = nullptr;
  QWidget* m_sceneBox = nullptr;
  QLabel* m_legend = nullptr;
  PlaybackBar* m_bar = nullptr;
  bool m_timeStampForced = false;
  WindowMenus* m_menus = nullptr;
  std::unique_ptr<StatusLine> m_status;
  QSplitter* m_mainSplit = nullptr;
  QSplitter* m_viewSplit = nullptr;
  Presentation* m_presentation = nullptr;
  QPointer<QMessageBox> m_message;
  QTimer m_frameTimer;
  QString m_lastDir;
  ScenarioFile* m_file = nullptr;
};

}  // namespace dms::ui
