// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/windowmenus.h"

#include <QAction>
#include <QDir>
#include <QInputDialog>
#include <QMenuBar>
#include <QSettings>
#include <limits>

#include "ui/app/animationexport.h"
#include "ui/app/exportdialog.h"
#include "ui/app/helptexts.h"
#include "ui/app/mainwindow.h"
#include "ui/app/presentation.h"
#include "ui/app/scenariofile.h"
#include "ui/app/windowshot.h"
#include "ui/common/playback.h"
#include "ui/mode/mode.h"
#include "ui/sim/simulationmode.h"

namespace dms::ui {

namespace {

QString systemName(const MainWindow* w) {
  return QString::fromStdString(w->system() ? w->system()->name() : std::string("dmstudio"));
}

}  // namespace

WindowMenus::WindowMenus(MainWindow* window) : QObject(window), m_window(window) {
  addFileMenu();
  QMenu* play = window->menuBar()->addMenu(tr("&Playback"));
  Playback* playback = window->playback();
  play->addAction(tr("Play / pause"), QKeySequence(Qt::Key_Space), playback, &Playback::togglePlay);
  play->addAction(tr("Single step"), QKeySequence(Qt::Key_Right), playback, &Playback::singleStep);
  play->addAction(tr("Restart"), QKeySequence(Qt::Key_Home), playback, &Playback::restart);
  addViewMenu();
  addHelpMenu(window->menuBar(), [window](const QString& title, const QString& html) {
    window->showMessage(title, html, false);
  });
}

void WindowMenus::addFileMenu() {
  MainWindow* w = m_window;
  QMenu* file = w->menuBar()->addMenu(tr("&File"));
  w->scenarioFile()->addActions(file);  // open, recent, examples, save, save as
  file->addSeparator();
  file->addAction(tr("&Export plots..."), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                  &WindowMenus::showExportDialog);
  m_csvAction = file->addAction(tr("Export time series as &CSV..."), this, [w] {
    const ExportsPlots* plots = w->activeMode()->role<ExportsPlots>();
    const QString title = tr("Export %1").arg(plots ? plots->csvContent() : tr("data"));
    const QString nothing = plots ? plots->csvUnavailable()
                                  : tr("%1 has no data to export").arg(w->activeMode()->name());
    if (!nothing.isEmpty()) return w->showMessage(title, nothing, true);  // before the dialog
    // the Simulation mode's runs: every sample, or every k-th (the first and the last always)
    SimulationMode* sim = w->simulationMode();
    if (sim && w->activeMode() == sim) {
      bool ok = false;
      const int every = QInputDialog::getInt(
          w, title,
          tr("Write every k-th sample of each run (1: every sample; the first and the last "
             "are always written):"),
          sim->csvEvery(), 1, std::numeric_limits<int>::max(), 1, &ok);
      if (!ok) return;
      sim->setCsvEvery(every);
    }
    const QString path = w->askSavePath(title, ".csv", tr("CSV (*.csv)"));
    if (!path.isEmpty()) w->exportCsv(path);
  });
  m_sceneActions << file->addAction(tr("Export 3D &view as PNG..."), this, [w] {
    showSceneShotDialog(w, w->scene(), QDir(w->lastDir()).filePath(systemName(w) + "-3d.png"),
                        [w](bool ok, const QString& m) { w->reportWrite(ok, m, m); });
  });
  m_sceneActions << file->addAction(tr("Export &animation..."), this,
                                    [w] { showAnimationDialog(w); });
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, w, &QWidget::close);
}

// the active mode's entries, then the 3D view's
void WindowMenus::addViewMenu() {
  MainWindow* w = m_window;
  QMenu* view = w->menuBar()->addMenu(tr("&View"));
  for (Mode* m : w->modes()) view->addActions(m->actions());
  m_sceneActions << view->addAction(tr("&Fit 3D view"), QKeySequence(Qt::CTRL | Qt::Key_F), this,
                                    [w] { w->scene()->fitView(); });
  // a surface's format is fixed when it is made: the choice is kept for the next start
  m_antialiasAction = view->addAction(tr("Smooth 3D edges (from the next start)"));
  m_antialiasAction->setCheckable(true);
  m_antialiasAction->setChecked(QSettings().value(MainWindow::kAntialiasingKey, true).toBool());
  m_antialiasAction->setStatusTip(
      tr("Multisampled edges in the 3D view. Without a graphics card (a software renderer) "
         "each 3D frame takes about half as long without them, and the window answers sooner "
         "while it plays."));
  connect(m_antialiasAction, &QAction::toggled, this,
          [](bool on) { QSettings().setValue(MainWindow::kAntialiasingKey, on); });
  m_overlayAction = view->addAction(tr("&Overlay the methods in one 3D scene"));
  m_overlayAction->setCheckable(true);
  m_overlayAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
  m_overlayAction->setStatusTip(
      tr("Every method's body and trail in one scene, through one camera: the phase drift "
         "between methods shows at a glance (off: one viewport per method)"));
  m_overlayAction->setChecked(QSettings().value(MainWindow::kOverlayKey, false).toBool());
  w->scene()->setOverlay(m_overlayAction->isChecked());
  connect(m_overlayAction, &QAction::toggled, this, [w](bool on) {
    w->scene()->setOverlay(on);
    QSettings().setValue(MainWindow::kOverlayKey, on);
    w->refresh();
  });
  m_sceneActions << m_overlayAction;
  w->presentation()->addActions(view);
}

void WindowMenus::setActiveMode(const Mode* mode) {
  for (QAction* a : m_sceneActions) a->setEnabled(mode->showsScene());
}

void WindowMenus::refresh(const Mode* mode) {
  const ExportsPlots* plots = mode->role<ExportsPlots>();
  m_csvAction->setEnabled(plots != nullptr);
  const QString csv = tr("Export %1 as &CSV...").arg(plots ? plots->csvContent() : tr("data"));
  if (csv != m_csvAction->text()) m_csvAction->setText(csv);
}

void WindowMenus::showExportDialog() {
  MainWindow* w = m_window;
  ExportsPlots* mode = w->activeMode()->role<ExportsPlots>();
  if (!mode)
    return w->showMessage(tr("Export plots"),
                          tr("%1 has no plots to export").arg(w->activeMode()->name()), true);
  QStringList names;
  for (const ExportPlot& p : mode->exportPlots()) names << p.name;
  // the files carry the system's name (planar-pendulum-energy.png): a figure of one system does
  // not replace another's
  const QString prefix = w->system() ? systemName(w) + "-" : QString();
  ExportDialog dialog(names, w->lastDir(), prefix, w);
  if (dialog.exec() != QDialog::Accepted) return;
  const QStringList files =
      mode->plotFiles(dialog.folder(), dialog.plotIndex(), dialog.formats(), dialog.prefix());
  if (!confirmReplace(w, dialog.folder(), files)) return;
  QString error;
  const bool ok = mode->writePlots(dialog.folder(), dialog.plotIndex(), dialog.formats(),
                                   dialog.size(), &error, dialog.prefix(), dialog.options());
  if (ok) w->rememberDir(QDir(dialog.folder()).filePath(QStringLiteral("plots")));
  w->reportWrite(ok, tr("Exported to %1").arg(dialog.folder()), error);
}

}  // namespace dms::ui
