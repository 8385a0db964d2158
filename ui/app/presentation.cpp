// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/presentation.h"

#include <qcustomplot.h>

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSplitter>
#include <QStatusBar>

#include "ui/app/mainwindow.h"
#include "ui/common/plotstyle.h"
#include "ui/mode/mode.h"

namespace dms::ui {

Presentation::Presentation(MainWindow* window) : QObject(window), m_window(window) {
  m_restyle.setInterval(250);
  connect(&m_restyle, &QTimer::timeout, this, &Presentation::restyle);
  m_action = new QAction(tr("&Presentation"), this);
  m_action->setCheckable(true);
  m_action->setShortcut(QKeySequence(Qt::Key_F11));
  m_action->setStatusTip(
      tr("Full screen for a lecture hall: the 3D view and the plots, large text and thick "
         "lines (F11 again to leave, F9 for the parameters)"));
  connect(m_action, &QAction::toggled, this, &Presentation::setOn);
  m_panelAction = new QAction(tr("Side &panel"), this);
  m_panelAction->setCheckable(true);
  m_panelAction->setChecked(true);
  m_panelAction->setShortcut(QKeySequence(Qt::Key_F9));
  connect(m_panelAction, &QAction::toggled, this, &Presentation::setSidePanelVisible);
  // on the window itself: the shortcuts work while the menu bar is hidden
  m_window->addAction(m_action);
  m_window->addAction(m_panelAction);
}

void Presentation::addActions(QMenu* view) {
  view->addSeparator();
  view->addAction(m_action);
  view->addAction(m_panelAction);
}

void Presentation::setSidePanelVisible(bool visible) {
  m_window->sidePanel()->setVisible(visible);
  const QSignalBlocker block(m_panelAction);
  m_panelAction->setChecked(visible);
}

void Presentation::setOn(bool on) {
  if (on == m_on) return;
  m_on = on;
  {
    const QSignalBlocker block(m_action);
    m_action->setChecked(on);
  }
  QSplitter* split = m_window->viewSplit();
  if (on) {
    m_savedState = m_window->windowState();
    m_savedGeometry = m_window->saveGeometry();
    m_savedSplit = split->sizes();
    // the screen's size first: without a window manager (a kiosk, Xvfb) full screen is a wish
    if (QScreen* screen = m_window->screen()) m_window->setGeometry(screen->geometry());
    m_window->showFullScreen();
    // the legend line, the playback bar and the plots' controls: larger too
    QFont f = split->font();
    f.setPointSizeF(f.pointSizeF() * kWidgetFontScale);
    split->setFont(f);
  } else {
    m_window->setWindowState(m_savedState);
    m_window->restoreGeometry(m_savedGeometry);
    split->setFont(QFont());  // the window's font again
  }
  m_window->menuBar()->setVisible(!on);
  lendMenuShortcuts(on);
  m_window->statusBar()->setVisible(!on);
  setSidePanelVisible(!on);
  for (Mode* m : m_window->modes())
    if (auto* p = m->role<Presents>()) p->setPresenting(on);
  if (on) {
    // the 3D view and the plots share the height about evenly: both are read from afar
    const int total = split->height();
    split->setSizes({total * 11 / 20, total * 9 / 20});
    m_restyle.start();
  } else {
    m_restyle.stop();
    if (!m_savedSplit.isEmpty()) split->setSizes(m_savedSplit);
  }
  restyle();
  m_window->refresh();
}

namespace {

void collectShortcutActions(const QList<QAction*>& actions, QList<QAction*>* out) {
  for (QAction* a : actions) {
    if (QMenu* sub = a->menu()) collectShortcutActions(sub->actions(), out);
    if (!a->shortcuts().isEmpty()) out->append(a);
  }
}

}  // namespace

void Presentation::lendMenuShortcuts(bool on) {
  for (const QPointer<QAction>& a : std::as_const(m_lent))
    if (a) m_window->removeAction(a);
  m_lent.clear();
  if (!on) return;
  QList<QAction*> actions;
  collectShortcutActions(m_window->menuBar()->actions(), &actions);
  const QList<QAction*> own = m_window->actions();
  for (QAction* a : actions) {
    if (own.contains(a)) continue;  // F11 and F9 live on the window already
    m_window->addAction(a);
    m_lent.append(a);
  }
}

void Presentation::restyle() {
  for (QCustomPlot* p : m_window->findChildren<QCustomPlot*>())
    if (PlotStyle::setScale(p, m_on ? kFontScale : 1.0, m_on ? kLineScale : 1.0))
      p->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace dms::ui
