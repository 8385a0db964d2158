// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// View > Presentation (F11, `dmstudio --present`): the window for a lecture hall. Full screen,
// the 3D view and the active mode's plots only (the side panel, the menus, the status bar and
// the mode's tables hidden; F9 shows the side panel again for a parameter), the plots' text
// 1.6 times larger and their lines 2.5 times thicker, and the playback time burned into the 3D
// view so that a screenshot or a video carries it.
#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

class QAction;
class QCustomPlot;
class QMenu;
class QWidget;

namespace dms::ui {

class MainWindow;

class Presentation : public QObject {
  Q_OBJECT
 public:
  /// Text scale and line-width scale of the plots while presenting.
  static constexpr double kFontScale = 1.6;
  static constexpr double kLineScale = 2.5;
  /// Text scale of the widgets around the 3D view and the plots (legend line, playback bar).
  static constexpr double kWidgetFontScale = 1.3;

  explicit Presentation(MainWindow* window);
  /// View > Presentation (F11) and View > Side panel (F9), also while the menus are hidden.
  void addActions(QMenu* view);
  void setOn(bool on);
  bool on() const { return m_on; }
  /// Shows or hides the side panel (the system, the modes and their parameters).
  void setSidePanelVisible(bool visible);
  QAction* action() const { return m_action; }

 private:
  /// Scales what the plots show now and what they gained since (new curves, a new legend).
  void restyle();
  /// While the menu bar is hidden its actions' shortcuts go with it (Qt looks for a visible
  /// widget of the action): every menu action with a shortcut goes on the window itself, and
  /// off it again when the menus are back.
  void lendMenuShortcuts(bool on);

  MainWindow* m_window;
  QAction* m_action = nullptr;
  QAction* m_panelAction = nullptr;
  bool m_on = false;
  Qt::WindowStates m_savedState;
  QByteArray m_savedGeometry;
  QList<int> m_savedSplit;
  QList<QPointer<QAction>> m_lent;  ///< the menu actions put on the window while presenting
  QTimer m_restyle;  ///< while presenting: curves made after the switch get the thick lines too
};

}  // namespace dms::ui
