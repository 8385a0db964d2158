// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/mainwindow.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/io/scenario.h"
#include "core/notation.h"
#include "ui/analysis/analysismode.h"
#include "ui/app/playbackbar.h"
#include "ui/app/presentation.h"
#include "ui/app/scenariofile.h"
#include "ui/app/statusline.h"
#include "ui/app/windowmenus.h"
#include "ui/app/windowshortcuts.h"
#include "ui/app/windowshot.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/common/timeunit.h"
#include "ui/control/controlmode.h"
#include "ui/mode/mode.h"
#include "ui/sim/simulationmode.h"

namespace dms::ui {

namespace {

QScrollArea* scrolled(QWidget* panel) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  return scroll;
}

void printError(const QString& text) {
  std::fprintf(stderr, "dmstudio: %s\n",
               qPrintable(QString(text).remove(QRegularExpression("<[^>]*>"))));
}

}  // namespace

MainWindow::MainWindow(std::unique_ptr<SceneView> scene, QWidget* parent)
    : QMainWindow(parent), m_scene(std::move(scene)) {
  m_file = new ScenarioFile(this);  // before the modes: they tell it of every edit
  if (!m_scene) {
    SceneOptions options;
    options.antialiasing = QSettings().value(kAntialiasingKey, true).toBool();
    m_scene = createSceneView(this, options);
  }
  m_playback = new Playback(this);
  buildUi();
  const ModeContext context{m_scene.get(), m_playback};
  addMode(m_simulation = new SimulationMode(context, this));
  addMode(m_control = new ControlMode(context, this));
  addMode(new AnalysisMode(context, this, [this] { return m_simulation->scenario(); }));
  m_presentation = new Presentation(this);
  m_menus = new WindowMenus(this);
  connect(this, &MainWindow::csvExported, this,
          [this](const QString& path, bool ok, const QString& error) {
            reportWrite(ok, tr("Wrote %1").arg(path), error);
          });
  new WindowShortcuts(this);                   // the shortcuts work while a number is being typed
  m_frameTimer.setInterval(kFrameIntervalMs);  // at most 30 frames a second; skip, never queue
  connect(&m_frameTimer, &QTimer::timeout, this, &MainWindow::refresh);
  m_frameTimer.start();
  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  m_mainSplit->restoreState(settings.value("window/mainSplit").toByteArray());
  m_viewSplit->restoreState(settings.value("window/viewSplit").toByteArray());
  m_bar->restoreSettings(settings);
  m_lastDir = settings.value("lastDir", QDir::homePath()).toString();
  // what each mode kept of each system first: the system selected next comes back with it
  // (selected before, it took the article's values, which its first run then kept)
  for (Mode* m : m_modes)
    if (auto* k = m->role<KeepsSettings>()) k->restoreSettings(settings);
  QString last = settings.value("system").toString();
  if (!findSystem(last.toStdString())) last = QString::fromStdString(allSystems().front()->name());
  selectSystem(last);
  Mode* mode = findMode(settings.value("mode").toString());
  if (!mode || !activateMode(mode)) activateMode(m_modes.front());
}

MainWindow::~MainWindow() {
  // the modes first: they stop their workers while the widgets they fill still exist
  for (Mode* m : m_modes) delete m;
}

void MainWindow::buildUi() {
  // left: the system picker, a tab per mode, the active mode's panel
  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(6, 6, 6, 6);
  m_systemBox = new QComboBox;
  for (const SystemModel* m : allSystems())
    m_systemBox->addItem(QString::fromStdString(typeset(m->title())),
                         QString::fromStdString(m->name()));
  m_systemBox->setToolTip(tr("The mechanical system to simulate"));
  connect(m_systemBox, &QComboBox::activated, this,
          [this](int i) { selectSystem(m_systemBox->itemData(i).toString()); });
  m_modeBar = new QTabBar;
  m_modeBar->setExpanding(true);
  m_modeBar->setDrawBase(false);
  connect(m_modeBar, &QTabBar::currentChanged, this, [this](int i) {
    if (i >= 0 && i < int(m_modes.size())) activateMode(m_modes[std::size_t(i)]);
  });
  m_panels = new QStackedWidget;
  leftLayout->addWidget(new QLabel(tr("<b>System</b>")));
  leftLayout->addWidget(m_systemBox);
  leftLayout->addWidget(m_modeBar);
  leftLayout->addWidget(m_panels, 1);
  left->setMinimumWidth(365);  // 1024 px wide windows: the panels scroll under it

  // right: legend, 3D view and playback bar over the active mode's plots
  m_sceneBox = new QWidget;
  auto* sceneLayout = new QVBoxLayout(m_sceneBox);
  sceneLayout->setContentsMargins(0, 0, 0, 0);
  sceneLayout->setSpacing(2);
  m_legend = new QLabel;
  m_legend->setWordWrap(true);  // rich text (it starts with a tag); wraps in a narrow window
  m_scene->widget()->setMinimumSize(320, 240);
  m_bar = new PlaybackBar(m_playback);
  sceneLayout->addWidget(m_legend);
  sceneLayout->addWidget(m_scene->widget(), 1);
  sceneLayout->addWidget(m_bar);
  m_views = new QStackedWidget;
  m_viewSplit = new QSplitter(Qt::Vertical);
  m_viewSplit->addWidget(m_sceneBox);
  m_viewSplit->addWidget(m_views);
  m_viewSplit->setStretchFactor(0, 3);
  m_viewSplit->setStretchFactor(1, 2);
  m_viewSplit->setChildrenCollapsible(false);
  m_viewSplit->setHandleWidth(7);  // a handle one can find and grab
  // the playback bar keeps its height whatever the splitter takes from the 3D view
  m_bar->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

  m_mainSplit = new QSplitter(Qt::Horizontal);
  m_mainSplit->addWidget(left);
  m_mainSplit->addWidget(m_viewSplit);
  m_mainSplit->setStretchFactor(1, 1);
  m_mainSplit->setChildrenCollapsible(false);
  m_mainSplit->setHandleWidth(7);
  setCentralWidget(m_mainSplit);

  m_status = std::make_unique<StatusLine>(statusBar());
  // the default size, within the screen: a 1024 x 768 projector gets the whole of it
  const QSize screenSize = screen() ? screen()->availableGeometry().size() : QSize(1500, 940);
  resize(QSize(1500, 940).boundedTo(screenSize));
}

void MainWindow::addMode(Mode* mode) {
  m_modes.push_back(mode);
  m_modeBar->blockSignals(true);  // the first tab would be "chosen" before any system is
  m_modeBar->addTab(mode->name());
  m_modeBar->blockSignals(false);
  m_modeBar->updateGeometry();  // a hidden tab bar does not tell its layout that it grew
  m_panels->addWidget(scrolled(mode->panel()));
  m_views->addWidget(mode->views());
  connect(mode, &Mode::statusMessage, this, [this](const QString& text, bool error) {
    statusBar()->showMessage(text, 8000);
    if (m_scripted && error) printError(text);
  });
  connect(mode, &Mode::alert, this, [this](const QString& title, const QString& text, bool error) {
    showMessage(title, text, error);
  });
  connect(mode, &Mode::finished, this, &MainWindow::refresh);  // drawn now, not at the next tick
  connect(mode, &Mode::edited, m_file, &ScenarioFile::touch);
}

QWidget* MainWindow::sidePanel() const { return m_mainSplit->widget(0); }

bool MainWindow::selectSystem(const QString& name) {
  const SystemModel* model = findSystem(name.toStdString());
  if (!model) return false;
  m_model = model;
  m_systemBox->setCurrentIndex(m_systemBox->findData(name));
  m_playback->restart();
  for (Mode* m : m_modes) m->setSystem(model);
  m_file->forget();  // another system: not the file's scenario any more
  // a mode that has nothing for this system gives way to the first that has (before its tab is
  // disabled, which would make the tab bar pick the next one)
  if (m_active && !m_active->supports(model)) {
    for (Mode* m : m_modes)
      if (activateMode(m)) break;
  }
  for (int i = 0; i < int(m_modes.size()); ++i) {
    m_modeBar->setTabEnabled(i, m_modes[std::size_t(i)]->supports(model));
    m_modeBar->setTabToolTip(i, m_modes[std::size_t(i)]->description(model));
  }
  QSettings().setValue("system", name);
  return true;
}

Mode* MainWindow::scenarioMode() const {
  for (Mode* m : m_modes)
    if (const auto* c = m->role<ComputesScenario>(); c && c->scenario()) return m;
  return nullptr;
}

Mode* MainWindow::findMode(const QString& key) const {
  for (Mode* m : m_modes)
    if (m->settingsKey() == key) return m;
  return nullptr;
}

bool MainWindow::activateMode(Mode* mode) {
  const int index = int(std::find(m_modes.begin(), m_modes.end(), mode) - m_modes.begin());
  const bool ok = index < int(m_modes.size()) && mode->supports(m_model);
  if (ok && mode != m_active) {
    if (m_active) m_active->deactivate();
    m_active = mode;
    m_panels->setCurrentIndex(index);
    m_views->setCurrentIndex(index);
    m_sceneBox->setVisible(mode->showsScene());
    m_menus->setActiveMode(mode);
    for (Mode* m : m_modes)
      for (QAction* a : m->actions()) a->setVisible(m == mode);  // and their shortcuts
    mode->activate();
    QSettings().setValue("mode", mode->settingsKey());
    refresh();
  }
  const QSignalBlocker quiet(m_modeBar);
  m_modeBar->setCurrentIndex(
      int(std::find(m_modes.begin(), m_modes.end(), m_active) - m_modes.begin()));
  return ok;
}

void MainWindow::refresh() {
  if (!m_active) return;
  m_active->frame(m_playback->time());
  m_bar->refresh();
  const QString legend = m_active->legend();
  if (legend != m_legend->text()) m_legend->setText(legend);
  // the playback time burned into the 3D view, so a lecture hall and a video see it
  const bool stamp = m_active->showsScene() && (m_presentation->on() || m_timeStampForced);
  m_scene->setTimeStamp(
      stamp ? tr("t = %1").arg(timeText(m_playback->time(), timeUnitFor(m_playback->horizon())))
            : QString());
  m_menus->refresh(m_active);
  m_status->show(m_active->status());
}

void MainWindow::setScripted(bool on) {
  m_scripted = on;
  for (Mode* m : m_modes) m->setInteractive(!on);
}

void MainWindow::showMessage(const QString& title, const QString& text, bool error,
                             const QString& details) {
  // non-modal: never blocks the window, a script or a test
  if (!m_message) {
    m_message = new QMessageBox(this);
    m_message->setAttribute(Qt::WA_DeleteOnClose);
    m_message->setModal(false);
    m_message->setStandardButtons(QMessageBox::Ok);
  }
  m_message->setIcon(error ? QMessageBox::Warning : QMessageBox::Information);
  m_message->setWindowTitle(title);
  m_message->setText(text);
  m_message->setDetailedText(details);  // what a library said, behind "Show Details..."
  if (m_scripted) return printError(text);
  m_message->show();
  m_message->raise();
}

bool MainWindow::openScenario(const QString& path, const QString& text) {
  std::vector<std::string> warnings;
  Scenario sc;
  try {
    sc = text.isEmpty() ? loadScenario(path.toStdString(), &warnings)
                        : parseScenario(text.toStdString(), &warnings);
  } catch (const InputError& e) {
    // the scripted mode exits on it (app/dmstudio/main.cpp): nothing is kept there
    const QString why = QString::fromStdString(e.what());
    showMessage(tr("Cannot open scenario"),
                m_scripted ? why : tr("%1\n\nThe current scenario is kept.").arg(why), true,
                QString::fromStdString(e.detail()));
    return false;
  }
  if (!m_model || m_model->name() != sc.system) selectSystem(QString::fromStdString(sc.system));
  // the mode that computes scenarios takes it (leaving the active one)
  Mode* mode = scenarioMode();
  if (!mode || !activateMode(mode)) return false;
  mode->role<ComputesScenario>()->applyScenario(sc);
  for (Mode* m : m_modes)
    if (auto* k = m->role<AddsToScenario>()) k->takeFromScenario(sc);
  if (sc.speed) m_bar->setSpeed(*sc.speed);  // a file without one keeps the speed
  QStringList w;
  for (const std::string& s : warnings) w << QString::fromStdString(s);
  statusBar()->showMessage(
      tr("Opened %1").arg(path) + (w.isEmpty() ? "" : " (" + w.join("; ") + ")"), 8000);
  if (!text.isEmpty()) return m_file->forget(), true;  // an example: no file of the user's
  rememberDir(path);
  m_file->opened(path);
  return true;
}

bool MainWindow::saveScenario(const QString& path) {
  std::optional<Scenario> sc = m_file->whole();
  // the file plays at the speed it was saved at; a viewing setting, so not part of what marks
  // the scenario changed
  const double speed = m_playback->speed();
  if (sc && speed > 0 && std::isfinite(speed)) sc->speed = speed;
  std::string error = "no mode has a scenario to save";
  if (!sc || !dms::saveScenario(*sc, path.toStdString(), &error)) {
    showMessage(tr("Cannot save scenario"), QString::fromStdString(error), true);
    return false;
  }
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  rememberDir(path);
  m_file->saved(path);
  return true;
}

bool MainWindow::exportPlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                             QSize size, QString* error, const QString& prefix) {
  auto* plots = m_active->role<ExportsPlots>();
  if (!plots) {
    if (error) *error = tr("%1 has no plots to export").arg(m_active->name());
    return false;
  }
  return plots->writePlots(dir, index, formats, size, error, prefix);
}

void MainWindow::exportCsv(const QString& path) {
  auto* plots = m_active->role<ExportsPlots>();
  if (!plots) {
    emit csvExported(path, false, tr("%1 has no data to export").arg(m_active->name()));
    return;
  }
  plots->exportCsv(
      path, [this, path](bool ok, const QString& error) { emit csvExported(path, ok, error); });
}

void MainWindow::screenshot(const QString& path, std::function<void(bool, QString)> done) {
  saveWindowShot(this, m_scene.get(), m_active->showsScene(), path, std::move(done));
}

QString MainWindow::askSavePath(const QString& title, const QString& suffix,
                                const QString& filter) {
  const QString name = QString::fromStdString(m_model ? m_model->name() : "dmstudio") + suffix;
  QString path = QFileDialog::getSaveFileName(this, title, QDir(m_lastDir).filePath(name), filter);
  // a name typed without an extension gets the one the filter asks for
  if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) path += suffix;
  if (!path.isEmpty()) rememberDir(path);  // the next export starts in the folder just chosen
  return path;
}

void MainWindow::rememberDir(const QString& file) { m_lastDir = QFileInfo(file).absolutePath(); }

QAction* MainWindow::overlayAction() const { return m_menus->overlayAction(); }
QAction* MainWindow::antialiasAction() const { return m_menus->antialiasAction(); }

void MainWindow::reportWrite(bool ok, const QString& done, const QString& error) {
  if (!ok) return showMessage(tr("Export failed"), error, true);
  statusBar()->showMessage(done, 5000);
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (!m_scripted && !m_file->maybeSave()) return e->ignore();  // cancelled: the window stays
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/mainSplit", m_mainSplit->saveState());
  settings.setValue("window/viewSplit", m_viewSplit->saveState());
  m_bar->saveSettings(settings);
  settings.setValue("lastDir", m_lastDir);
  if (m_model) settings.setValue("system", QString::fromStdString(m_model->name()));
  if (m_active) settings.setValue("mode", m_active->settingsKey());
  for (Mode* m : m_modes)
    if (const auto* k = m->role<KeepsSettings>()) k->saveSettings(settings);
  m_frameTimer.stop();
  m_playback->pause();
  // what runs stops now; the workers' threads are joined when the modes are deleted
  if (m_active) m_active->deactivate();
  e->accept();
}

}  // namespace dms::ui
