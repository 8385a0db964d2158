// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's menu bar: File (scenarios, exports, quit), Playback, View (the modes' entries,
// the 3D view's, presentation) and Help. It calls the window's public functions; the window tells
// it which mode is active (setActiveMode) and asks it to refresh the entries that name the
// mode's data.
#pragma once

#include <QList>
#include <QObject>

class QAction;

namespace dms::ui {

class MainWindow;
class Mode;

class WindowMenus : public QObject {
  Q_OBJECT
 public:
  /// Fills `window`'s menu bar (after its modes and presentation exist).
  explicit WindowMenus(MainWindow* window);

  /// Enables the 3D view's entries only for a mode that shows it.
  void setActiveMode(const Mode* mode);
  /// The CSV entry names what the active mode writes ("Export sweep as CSV...").
  void refresh(const Mode* mode);
  /// View > Overlay the methods in one 3D scene.
  QAction* overlayAction() const { return m_overlayAction; }
  /// View > Smooth 3D edges.
  QAction* antialiasAction() const { return m_antialiasAction; }

 private:
  void addFileMenu();
  void addViewMenu();
  void showExportDialog();

  MainWindow* m_window;
  QAction* m_csvAction = nullptr;
  QAction* m_overlayAction = nullptr;
  QAction* m_antialiasAction = nullptr;
  QList<QAction*> m_sceneActions;  // only for a mode that shows the 3D view
};

}  // namespace dms::ui
