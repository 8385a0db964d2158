#include "ui/app/mainwindow.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTemporaryFile>
#include <QVBoxLayout>
#include <cmath>
#include <cstdio>

#include "core/io/scenario.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/control/controlmode.h"
#include "ui/control/controlpanel.h"
#include "ui/control/controlplots.h"
#include "ui/control/controlworker.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/plotpanel.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

namespace {

constexpr int kTimeSteps = 10000;  // resolution of the time slider
const double kSpeeds[] = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};

QString methodLabel(Method m, RkController c) {
  const QString ctl = c == RkController::Ode45 ? "ode45" : "SciPy";
  switch (m) {
    case Method::Variational:
      return QObject::tr("variational");
    case Method::Rk45:
      return QObject::tr("RK45 (%1)").arg(ctl);
    case Method::Rk45Quat:
      return QObject::tr("RK45 quaternion (%1)").arg(ctl);
  }
  return {};
}

RunStyle methodStyle(Method m, RkController c) {
  switch (m) {
    case Method::Variational:
      return {methodLabel(m, c), variationalColor(), Qt::SolidLine};
    case Method::Rk45:
      return {methodLabel(m, c), rungeKuttaColor(), Qt::SolidLine};
    case Method::Rk45Quat:
      return {methodLabel(m, c), rungeKuttaColor(), Qt::DashLine};
  }
  return {};
}

QString fmt(double v, int prec = 3) { return QString::number(v, 'g', prec); }

}  // namespace

MainWindow::MainWindow(std::unique_ptr<SceneView> scene, QWidget* parent)
    : QMainWindow(parent), m_scene(std::move(scene)) {
  setWindowTitle(tr("Discrete Mechanics Studio"));
  if (!m_scene) m_scene = createSceneView(this);
  m_session = new SimSession(this);
  m_playback = new Playback(this);
  m_controlMode = new ControlMode(m_scene.get(), m_playback, this);
  buildUi();
  buildMenus();

  connect(m_params, &ParamPanel::changed, this, [this] { m_recomputeTimer.start(); });
  m_recomputeTimer.setSingleShot(true);
  m_recomputeTimer.setInterval(0);  // coalesce the changes of one event-loop pass
  connect(&m_recomputeTimer, &QTimer::timeout, this, &MainWindow::recompute);

  connect(m_session, &SimSession::chunkArrived, this, [this] {
    m_dataDirty = true;
    m_playback->setAvailable(m_session->computedTime());
  });
  connect(m_session, &SimSession::finished, this, [this] {
    m_dataDirty = true;
    m_playback->setAvailable(m_session->computedTime());
    if (m_script && m_scriptStage == 1) scriptStep();
  });
  connect(m_session, &SimSession::runFailed, this, &MainWindow::onRunFailed);
  connect(m_playback, &Playback::timeChanged, this, [this] { m_timeDirty = true; });
  connect(m_controlMode, &ControlMode::message, this, [this](const QString& text, bool error) {
    statusBar()->showMessage(text, 8000);
    if (m_script && error) std::fprintf(stderr, "dmstudio: %s\n", qPrintable(text));
  });
  connect(m_controlMode, &ControlMode::solveEnded, this, [this](bool converged, bool cancelled) {
    m_dataDirty = m_timeDirty = true;
    if (m_script && m_scriptStage == 1 && m_controlMode->active()) {
      if (!converged || cancelled) m_scriptStatus = 3;
      scriptStep();
    }
  });
  connect(m_playback, &Playback::playingChanged, this, [this](bool playing) {
    m_playButton->setText(playing ? tr("Pause") : tr("Play"));
    m_playButton->setIcon(
        style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  m_frameTimer.setInterval(33);  // redraw at most 30 times a second; skip, never queue
  connect(&m_frameTimer, &QTimer::timeout, this, &MainWindow::frame);
  m_frameTimer.start();

  QSettings settings;
  restoreGeometry(settings.value("window/geometry").toByteArray());
  m_mainSplit->restoreState(settings.value("window/mainSplit").toByteArray());
  m_viewSplit->restoreState(settings.value("window/viewSplit").toByteArray());
  const int speed = settings.value("playback/speed", 3).toInt();
  m_speedBox->setCurrentIndex(std::clamp(speed, 0, m_speedBox->count() - 1));
  QString last = settings.value("system").toString();
  if (!findSystem(last.toStdString())) last = QString::fromStdString(allSystems().front()->name());
  m_lastDir = settings.value("lastDir", QDir::homePath()).toString();
  selectSystem(last);
  if (settings.value("mode").toString() == "control") setControlMode(true);
}

MainWindow::~MainWindow() { m_session->shutdown(); }

void MainWindow::buildUi() {
  // left: system picker and parameters
  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(6, 6, 6, 6);
  auto* sysLabel = new QLabel(tr("<b>System</b>"));
  m_systemBox = new QComboBox;
  for (const SystemModel* m : allSystems())
    m_systemBox->addItem(QString::fromStdString(m->title()), QString::fromStdString(m->name()));
  m_systemBox->setToolTip(tr("The mechanical system to simulate"));
  connect(m_systemBox, &QComboBox::activated, this,
          [this](int i) { selectSystem(m_systemBox->itemData(i).toString()); });
  leftLayout->addWidget(sysLabel);
  leftLayout->addWidget(m_systemBox);
  // the two modes: simulate both integrators, or solve the system's optimal-control problem
  m_modeBar = new QTabBar;
  m_modeBar->addTab(tr("Simulation"));
  m_modeBar->addTab(tr("Optimal control"));
  m_modeBar->setTabToolTip(0, tr("The variational integrator beside RK45"));
  m_modeBar->setExpanding(true);
  m_modeBar->setDrawBase(false);
  connect(m_modeBar, &QTabBar::currentChanged, this, [this](int i) { setControlMode(i == 1); });
  leftLayout->addWidget(m_modeBar);
  m_params = new ParamPanel;
  auto* scroll = new QScrollArea;
  scroll->setWidget(m_params);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  auto* controlScroll = new QScrollArea;
  controlScroll->setWidget(m_controlMode->panel());
  controlScroll->setWidgetResizable(true);
  controlScroll->setFrameShape(QFrame::NoFrame);
  controlScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_leftStack = new QStackedWidget;
  m_leftStack->addWidget(scroll);
  m_leftStack->addWidget(controlScroll);
  leftLayout->addWidget(m_leftStack, 1);
  left->setMinimumWidth(400);

  // right: legend, 3D view, playback bar, plots
  auto* sceneBox = new QWidget;
  auto* sceneLayout = new QVBoxLayout(sceneBox);
  sceneLayout->setContentsMargins(0, 0, 0, 0);
  sceneLayout->setSpacing(2);
  m_legend = new QLabel;
  m_legend->setTextFormat(Qt::RichText);
  sceneLayout->addWidget(m_legend);
  QWidget* sceneWidget = m_scene->widget();
  sceneWidget->setMinimumSize(320, 240);
  sceneLayout->addWidget(sceneWidget, 1);

  auto* bar = new QHBoxLayout;
  m_playButton = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Play"));
  m_playButton->setToolTip(tr("Play / pause (Space)"));
  auto* stepButton =
      new QPushButton(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("Step"));
  stepButton->setToolTip(tr("One step forward (Right)"));
  auto* restartButton =
      new QPushButton(style()->standardIcon(QStyle::SP_MediaSkipBackward), tr("Restart"));
  restartButton->setToolTip(tr("Back to t = 0 (Home)"));
  for (QPushButton* b : {m_playButton, stepButton, restartButton}) b->setFocusPolicy(Qt::NoFocus);
  connect(m_playButton, &QPushButton::clicked, m_playback, &Playback::togglePlay);
  connect(stepButton, &QPushButton::clicked, m_playback, &Playback::singleStep);
  connect(restartButton, &QPushButton::clicked, m_playback, &Playback::restart);
  m_timeSlider = new QSlider(Qt::Horizontal);
  m_timeSlider->setRange(0, kTimeSteps);
  m_timeSlider->setToolTip(tr("Playback time: drag to scrub"));
  m_timeSlider->setFocusPolicy(Qt::NoFocus);
  connect(m_timeSlider, &QSlider::valueChanged, this,
          [this](int pos) { m_playback->seek(m_playback->horizon() * pos / kTimeSteps); });
  m_timeLabel = new QLabel;
  m_timeLabel->setMinimumWidth(150);
  m_speedBox = new QComboBox;
  for (double s : kSpeeds) m_speedBox->addItem(QString("%1x").arg(s), s);
  m_speedBox->addItem(tr("as fast as computed"), Playback::kAsFastAsComputed);
  m_speedBox->setToolTip(tr("Playback speed: simulated seconds per real second"));
  m_speedBox->setFocusPolicy(Qt::NoFocus);
  connect(m_speedBox, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_playback->setSpeed(m_speedBox->itemData(i).toDouble()); });
  bar->addWidget(m_playButton);
  bar->addWidget(stepButton);
  bar->addWidget(restartButton);
  bar->addWidget(m_timeSlider, 1);
  bar->addWidget(m_timeLabel);
  bar->addWidget(new QLabel(tr("Speed")));
  bar->addWidget(m_speedBox);
  sceneLayout->addLayout(bar);

  m_plots = new PlotPanel;
  m_plots->setStores(&m_session->stores());
  m_plotStack = new QStackedWidget;
  m_plotStack->addWidget(m_plots);
  m_plotStack->addWidget(m_controlMode->plots());
  m_viewSplit = new QSplitter(Qt::Vertical);
  m_viewSplit->addWidget(sceneBox);
  m_viewSplit->addWidget(m_plotStack);
  m_viewSplit->setStretchFactor(0, 3);
  m_viewSplit->setStretchFactor(1, 2);
  m_viewSplit->setChildrenCollapsible(false);

  m_mainSplit = new QSplitter(Qt::Horizontal);
  m_mainSplit->addWidget(left);
  m_mainSplit->addWidget(m_viewSplit);
  m_mainSplit->setStretchFactor(1, 1);
  m_mainSplit->setChildrenCollapsible(false);
  setCentralWidget(m_mainSplit);

  m_statusTime = new QLabel;
  m_statusCompute = new QLabel;
  m_statusRk = new QLabel;
  m_statusFailure = new QLabel;
  m_statusFailure->setStyleSheet("QLabel { color: #b00020; }");
  m_progress = new QProgressBar;
  m_progress->setRange(0, 1000);
  m_progress->setMaximumWidth(160);
  m_progress->setFormat(tr("computing %p%"));
  for (QLabel* l : {m_statusTime, m_statusCompute, m_statusRk, m_statusFailure})
    l->setContentsMargins(6, 0, 10, 0);
  statusBar()->addWidget(m_statusTime);
  statusBar()->addWidget(m_statusCompute);
  statusBar()->addWidget(m_statusRk);
  statusBar()->addWidget(m_statusFailure, 1);
  statusBar()->addPermanentWidget(m_progress);
  resize(1500, 940);
}

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&Open scenario..."), QKeySequence::Open, this,
                  &MainWindow::openScenarioDialog);
  file->addAction(tr("&Save scenario..."), QKeySequence::Save, this,
                  &MainWindow::saveScenarioDialog);
  file->addSeparator();
  file->addAction(tr("&Export plots..."), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                  &MainWindow::showExportDialog);
  file->addAction(tr("Export time series as &CSV..."), this, &MainWindow::exportCsvDialog);
  file->addAction(tr("Export 3D &view as PNG..."), this, &MainWindow::exportSceneDialog);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  QMenu* play = menuBar()->addMenu(tr("&Playback"));
  play->addAction(tr("Play / pause"), QKeySequence(Qt::Key_Space), m_playback,
                  &Playback::togglePlay);
  play->addAction(tr("Single step"), QKeySequence(Qt::Key_Right), m_playback,
                  &Playback::singleStep);
  play->addAction(tr("Restart"), QKeySequence(Qt::Key_Home), m_playback, &Playback::restart);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* log = view->addAction(tr("&Log scale"));
  log->setCheckable(true);
  log->setChecked(m_plots->logScale());
  log->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  connect(log, &QAction::toggled, m_plots, &PlotPanel::setLogScale);
  view->addAction(tr("&Autoscale plots"), QKeySequence(Qt::CTRL | Qt::Key_0), m_plots,
                  &PlotPanel::autoscale);
  view->addAction(tr("&Fit 3D view"), QKeySequence(Qt::CTRL | Qt::Key_F), this,
                  [this] { m_scene->fitView(); });

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                  &MainWindow::showShortcuts);
  help->addAction(tr("&About"), this, [this] {
    showMessage(tr("About"),
                tr("<b>Discrete Mechanics Studio</b> %1<br>The examples of Lee, Leok and "
                   "McClamroch, <i>Discrete Control Systems</i>: a variational (Lie group) "
                   "integrator side by side with Dormand-Prince RK45.")
                    .arg(DMS_VERSION),
                false);
  });
}

bool MainWindow::selectSystem(const QString& name) {
  const SystemModel* model = findSystem(name.toStdString());
  if (!model) return false;
  m_model = model;
  m_systemBox->setCurrentIndex(m_systemBox->findData(name));
  m_params->setSystem(model);
  m_statusFailure->clear();
  m_playback->restart();
  {
    QSettings settings;
    if (m_controlMode->problem()) m_controlMode->panel()->saveSettings(settings);
    const bool hasControl = m_controlMode->setSystem(model->name());
    if (hasControl) m_controlMode->panel()->restoreSettings(settings);
    m_modeBar->setTabEnabled(1, hasControl);
    m_modeBar->setTabToolTip(1, hasControl ? tr("Solve this system's optimal-control problem")
                                           : tr("This system has no optimal-control problem"));
    settings.setValue("system", name);
  }
  if (m_controlMode->active()) {
    if (m_controlMode->problem()) {
      m_controlMode->activate();
      m_legend->setText(tr("<b>%1</b> &nbsp;&nbsp; optimal control")
                            .arg(QString::fromStdString(m_model->title()).toHtmlEscaped()));
      return true;
    }
    setControlMode(false);  // recomputes and plays
    return true;
  }
  recompute();
  if (!m_script) m_playback->play();
  return true;
}

bool MainWindow::controlModeActive() const { return m_controlMode->active(); }

bool MainWindow::setControlMode(bool on) {
  if (on && !m_controlMode->problem()) {
    m_modeBar->blockSignals(true);
    m_modeBar->setCurrentIndex(m_controlMode->active() ? 1 : 0);
    m_modeBar->blockSignals(false);
    return false;
  }
  m_modeBar->blockSignals(true);
  m_modeBar->setCurrentIndex(on ? 1 : 0);
  m_modeBar->blockSignals(false);
  if (on == m_controlMode->active()) return true;
  m_leftStack->setCurrentIndex(on ? 1 : 0);
  m_plotStack->setCurrentIndex(on ? 1 : 0);
  // the scene is rebuilt for the mode coming in
  m_sceneSystem.clear();
  m_sceneParams.clear();
  if (on) {
    m_session->cancel();  // the simulation runs would only compete for the cores
    m_statusFailure->clear();
    m_controlMode->activate();
    m_legend->setText(tr("<b>%1</b> &nbsp;&nbsp; optimal control")
                          .arg(QString::fromStdString(m_model->title()).toHtmlEscaped()));
  } else {
    m_controlMode->deactivate();
    m_statusFailure->clear();
    m_playback->restart();
    recompute();
    if (!m_script) m_playback->play();
  }
  QSettings().setValue("mode", on ? "control" : "simulation");
  m_dataDirty = m_timeDirty = true;
  return true;
}

void MainWindow::recompute() {
  m_recomputeTimer.stop();
  if (!m_model || m_controlMode->active()) return;
  std::vector<std::string> warnings;
  ParamValues values;
  const IntegratorSettings settings = m_params->settings();
  try {
    values = m_model->normalize(m_params->values(), &warnings);
    validateSettings(settings);
  } catch (const InputError& e) {
    // explained in place; the previous curves stay until the values are valid again
    m_params->showProblem(QString::fromStdString(e.what()));
    m_session->cancel();
    return;
  }
  m_params->showProblem({});
  QStringList notes;
  for (const std::string& w : warnings) notes << QString::fromStdString(w);
  m_params->showNote(notes.join("\n"));

  SimJob job;
  job.model = m_model;
  job.values = values;
  job.settings = settings;
  job.methods = m_model->methods();
  m_session->start(job);
  m_statusFailure->clear();

  std::vector<RunStyle> styles;
  QString legend;
  for (Method m : job.methods) {
    styles.push_back(methodStyle(m, settings.controller));
    legend += QString("<span style='color:%1; font-size:16px'>&#9632;</span>&nbsp;%2 &nbsp;&nbsp; ")
                  .arg(colorHex(styles.back().color), styles.back().label.toHtmlEscaped());
  }
  m_legend->setText(QString("<b>%1</b> &nbsp;&nbsp; %2")
                        .arg(QString::fromStdString(m_model->title()).toHtmlEscaped(), legend));
  m_plots->setRuns(styles, settings.T, QString::fromStdString(m_model->structureName()),
                   QString::fromStdString(m_model->structure2Name()));
  m_playback->setHorizon(settings.T, settings.h);
  if (m_sceneSystem != m_model->name() || m_sceneParams != values) {
    m_scene->setSystem(m_model->name(), values);
    m_sceneSystem = m_model->name();
    m_sceneParams = values;
  }
  m_dataDirty = m_timeDirty = true;
}

void MainWindow::frame() {
  const bool control = m_controlMode->active();
  if (m_dataDirty && !control) m_plots->refresh();
  if (control) m_controlMode->frame(m_playback->time());
  if (m_dataDirty || m_timeDirty) {
    const double t = m_playback->time();
    if (!control) {
      m_plots->setCursorTime(t);
      updateScene();
    }
    m_timeSlider->blockSignals(true);
    m_timeSlider->setValue(
        m_playback->horizon() > 0 ? int(std::lround(kTimeSteps * t / m_playback->horizon())) : 0);
    m_timeSlider->blockSignals(false);
    m_timeLabel->setText(tr("t = %1 s of %2 s")
                             .arg(QString::number(t, 'f', t < 100 ? 2 : 1))
                             .arg(fmt(m_playback->horizon(), 6)));
  }
  updateStatus();
  m_dataDirty = m_timeDirty = false;
}

void MainWindow::updateScene() {
  const SimJob& job = m_session->job();
  const std::vector<RunStore>& stores = m_session->stores();
  const double t = m_playback->time();
  const double span = 0.1 * std::max(job.settings.T, 1e-9);
  const std::pair<Method, RunSlot> runSlots[] = {{Method::Variational, RunSlot::Variational},
                                                 {Method::Rk45, RunSlot::RungeKutta}};
  for (const auto& [method, slot] : runSlots) {
    std::optional<Sample> s;
    std::vector<Vector3d> trail;
    for (std::size_t i = 0; i < job.methods.size() && i < stores.size(); ++i) {
      if (job.methods[i] != method) continue;
      s = stores[i].nearest(t);
      trail = stores[i].trail(t, span, 600, m_scene->trailMaxStep());
    }
    m_scene->setPose(slot, s);
    m_scene->setTrail(slot, trail);
  }
}

void MainWindow::updateStatus() {
  if (m_controlMode->active()) {
    const bool running = m_controlMode->running();
    m_statusTime->setText(m_controlMode->statusText());
    m_statusCompute->clear();
    m_statusRk->clear();
    m_statusFailure->setText(m_controlMode->failureText());
    m_statusFailure->setToolTip(m_controlMode->failureText());
    // a solver has no known end: a busy indicator
    m_progress->setRange(0, running ? 0 : 1000);
    m_progress->setFormat(tr("solving"));
    m_progress->setVisible(running);
    return;
  }
  m_progress->setRange(0, 1000);
  m_progress->setFormat(tr("computing %p%"));
  const std::vector<RunStatus>& st = m_session->status();
  double wall = 0.0, progress = 1.0;
  std::int64_t steps = 0, accepted = 0, rejected = 0;
  bool rk = false;
  for (std::size_t i = 0; i < st.size(); ++i) {
    wall += st[i].wallSeconds;
    steps += st[i].counters.steps;
    progress = std::min(progress, st[i].done ? 1.0 : st[i].progress);
    if (m_session->job().methods[i] != Method::Variational) {
      rk = true;
      accepted += st[i].counters.steps;
      rejected += st[i].counters.rejected;
    }
  }
  const double computed = m_session->computedTime();
  m_statusTime->setText(tr("computed to t = %1 s").arg(fmt(computed, 5)));
  m_statusCompute->setText(
      wall > 0
          ? tr("real-time factor %1x · %2 steps/s").arg(fmt(computed / wall), fmt(steps / wall))
          : QString());
  m_statusRk->setText(rk ? tr("RK45 accepted %1, rejected %2").arg(accepted).arg(rejected)
                         : QString());
  m_progress->setValue(int(1000 * progress));
  m_progress->setVisible(m_session->running());
}

void MainWindow::onRunFailed(int run, const QString& message) {
  const RunStatus& st = m_session->status()[std::size_t(run)];
  const Method m = m_session->job().methods[std::size_t(run)];
  const QString who = methodLabel(m, m_session->job().settings.controller);
  const QString text = tr("The %1 run stopped at t = %2 s: %3. The other run continues.")
                           .arg(who, fmt(st.failure.time, 6), message);
  m_statusFailure->setText(tr("%1 stopped at t = %2 s").arg(who, fmt(st.failure.time, 6)));
  m_statusFailure->setToolTip(text);
  showMessage(tr("Run stopped"), text, true);
}

void MainWindow::showMessage(const QString& title, const QString& text, bool error) {
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
  if (m_script) {
    std::fprintf(stderr, "dmstudio: %s\n",
                 qPrintable(QString(text).remove(QRegularExpression("<[^>]*>"))));
    return;
  }
  m_message->show();
  m_message->raise();
}

bool MainWindow::openScenario(const QString& path) {
  std::vector<std::string> warnings;
  Scenario sc;
  try {
    sc = loadScenario(path.toStdString(), &warnings);
  } catch (const InputError& e) {
    showMessage(tr("Cannot open scenario"),
                tr("%1\n\nThe current scenario is kept.").arg(QString::fromStdString(e.what())),
                true);
    return false;
  }
  if (m_controlMode->active()) setControlMode(false);  // a scenario is a simulation
  if (!m_model || m_model->name() != sc.system) selectSystem(QString::fromStdString(sc.system));
  m_params->setScenario(sc.parameters, sc.settings);
  recompute();
  QStringList w;
  for (const std::string& s : warnings) w << QString::fromStdString(s);
  statusBar()->showMessage(
      tr("Opened %1").arg(path) + (w.isEmpty() ? "" : " (" + w.join("; ") + ")"), 8000);
  m_lastDir = QFileInfo(path).absolutePath();
  return true;
}

bool MainWindow::saveScenario(const QString& path) {
  Scenario sc;
  sc.system = m_model->name();
  sc.parameters = m_params->values();
  sc.settings = m_params->settings();
  std::string error;
  if (!dms::saveScenario(sc, path.toStdString(), &error)) {
    showMessage(tr("Cannot save scenario"), QString::fromStdString(error), true);
    return false;
  }
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  m_lastDir = QFileInfo(path).absolutePath();
  return true;
}

bool MainWindow::exportPlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                             QSize size, QString* error) {
  if (!QDir().mkpath(dir)) {
    if (error) *error = tr("Cannot create the folder '%1'").arg(dir);
    return false;
  }
  const bool control = m_controlMode->active();
  if (!control) m_plots->refresh(size.width());
  const std::vector<QCustomPlot*> plots = control ? m_controlMode->exportPlots() : m_plots->plots();
  const QStringList names = control ? m_controlMode->exportNames() : PlotPanel::plotNames();
  for (int i = 0; i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    for (ImageFormat f : formats) {
      const QString path = QDir(dir).filePath(names[i] + "." + formatSuffix(f));
      if (!savePlot(plots[std::size_t(i)], path, f, size, error)) {
        m_plots->refresh();
        return false;
      }
    }
  }
  m_plots->refresh();
  return true;
}

bool MainWindow::exportCsv(const QString& path, QString* error) {
  if (m_controlMode->active()) return m_controlMode->exportCsv(path, error);
  return saveCsv(path, m_session->stores(), m_session->job().methods, error);
}

void MainWindow::screenshot(const QString& path, std::function<void(bool, QString)> done) {
  const QPixmap shot = grab();
  QWidget* sw = m_scene->widget();
  const QRect target(sw->mapTo(this, QPoint(0, 0)), sw->size());
  QPointer<MainWindow> self(this);
  m_scene->capture([self, shot, target, path, done](const QImage& scene, const QString& why) {
    // the grab shows no 3D window: draw the view's own picture in its place
    QImage image = shot.toImage();
    if (!scene.isNull()) {
      QPainter p(&image);
      const qreal dpr = shot.devicePixelRatio();
      p.drawImage(
          QRectF(target.x() * dpr, target.y() * dpr, target.width() * dpr, target.height() * dpr),
          scene);
    }
    QString error = why;
    const bool written = savePng(image, path, &error);
    if (self && done) done(written && why.isEmpty(), error);
  });
}

void MainWindow::closeEvent(QCloseEvent* e) {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/mainSplit", m_mainSplit->saveState());
  settings.setValue("window/viewSplit", m_viewSplit->saveState());
  settings.setValue("playback/speed", m_speedBox->currentIndex());
  settings.setValue("lastDir", m_lastDir);
  if (m_model) settings.setValue("system", QString::fromStdString(m_model->name()));
  settings.setValue("mode", m_controlMode->active() ? "control" : "simulation");
  m_controlMode->panel()->saveSettings(settings);
  m_frameTimer.stop();
  m_playback->pause();
  m_session->shutdown();                 // cancels the computation and joins the worker thread
  m_controlMode->session()->shutdown();  // the solver stops at its next iteration
  e->accept();
}

void MainWindow::showShortcuts() {
  showMessage(tr("Keyboard shortcuts"),
              tr("<table cellpadding='3'>"
                 "<tr><td><b>Space</b></td><td>play / pause</td></tr>"
                 "<tr><td><b>Right</b></td><td>single step</td></tr>"
                 "<tr><td><b>Home</b></td><td>restart (t = 0)</td></tr>"
                 "<tr><td><b>Ctrl+E</b></td><td>export plots</td></tr>"
                 "<tr><td><b>Ctrl+O / Ctrl+S</b></td><td>open / save scenario</td></tr>"
                 "<tr><td><b>Ctrl+L</b></td><td>log scale on/off</td></tr>"
                 "<tr><td><b>Ctrl+0</b></td><td>autoscale plots</td></tr>"
                 "<tr><td><b>Ctrl+F</b></td><td>fit the 3D view</td></tr>"
                 "<tr><td><b>Ctrl+Return</b></td><td>solve (optimal control)</td></tr>"
                 "<tr><td><b>Ctrl+Q</b></td><td>quit</td></tr>"
                 "<tr><td>mouse wheel / drag</td><td>zoom / pan a plot; double-click: "
                 "autoscale</td></tr></table>"),
              false);
}

void MainWindow::openScenarioDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), m_lastDir,
                                                    tr("Scenario (*.json);;All files (*)"));
  if (!path.isEmpty()) openScenario(path);
}

void MainWindow::saveScenarioDialog() {
  QString path = QFileDialog::getSaveFileName(
      this, tr("Save scenario"),
      QDir(m_lastDir).filePath(QString::fromStdString(m_model->name()) + ".json"),
      tr("Scenario (*.json)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += ".json";
  saveScenario(path);
}

void MainWindow::showExportDialog() {
  QDialog dialog(this);
  dialog.setWindowTitle(tr("Export plots"));
  auto* form = new QFormLayout(&dialog);
  auto* which = new QComboBox;
  which->addItem(tr("All plots"), -1);
  const QStringList plotNames =
      m_controlMode->active() ? m_controlMode->exportNames() : PlotPanel::plotNames();
  for (int i = 0; i < plotNames.size(); ++i) which->addItem(plotNames[i], i);
  auto* png = new QCheckBox("PNG");
  auto* svg = new QCheckBox("SVG");
  auto* pdf = new QCheckBox("PDF");
  png->setChecked(true);
  auto* formats = new QHBoxLayout;
  formats->addWidget(png);
  formats->addWidget(svg);
  formats->addWidget(pdf);
  auto* width = new QSpinBox;
  auto* height = new QSpinBox;
  width->setRange(16, 20000);
  height->setRange(16, 20000);
  width->setValue(1200);
  height->setValue(800);
  auto* size = new QHBoxLayout;
  size->addWidget(width);
  size->addWidget(new QLabel("x"));
  size->addWidget(height);
  size->addWidget(new QLabel(tr("pixels (points for PDF)")));
  auto* dir = new QLineEdit(m_lastDir);
  auto* browse = new QPushButton(tr("Browse..."));
  connect(browse, &QPushButton::clicked, &dialog, [&] {
    const QString d = QFileDialog::getExistingDirectory(&dialog, tr("Export folder"), dir->text());
    if (!d.isEmpty()) dir->setText(d);
  });
  auto* dirRow = new QHBoxLayout;
  dirRow->addWidget(dir, 1);
  dirRow->addWidget(browse);
  form->addRow(tr("Plots"), which);
  form->addRow(tr("Formats"), formats);
  form->addRow(tr("Size"), size);
  form->addRow(tr("Folder"), dirRow);
  form->addRow(new QLabel(tr("Files are named %1 (.png, .svg, .pdf)").arg(plotNames.join(", "))));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return;
  std::vector<ImageFormat> fs;
  if (png->isChecked()) fs.push_back(ImageFormat::Png);
  if (svg->isChecked()) fs.push_back(ImageFormat::Svg);
  if (pdf->isChecked()) fs.push_back(ImageFormat::Pdf);
  QString error;
  if (!exportPlots(dir->text(), which->currentData().toInt(), fs,
                   QSize(width->value(), height->value()), &error)) {
    showMessage(tr("Export failed"), error, true);
    return;
  }
  m_lastDir = dir->text();
  statusBar()->showMessage(tr("Exported to %1").arg(dir->text()), 5000);
}

void MainWindow::exportCsvDialog() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export time series"),
      QDir(m_lastDir).filePath(QString::fromStdString(m_model->name()) + ".csv"),
      tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportCsv(path, &error))
    showMessage(tr("Export failed"), error, true);
  else
    statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::exportSceneDialog() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export 3D view"),
      QDir(m_lastDir).filePath(QString::fromStdString(m_model->name()) + "-3d.png"),
      tr("PNG (*.png)"));
  if (path.isEmpty()) return;
  QPointer<MainWindow> self(this);
  m_scene->capture([self, path](const QImage& image, const QString& why) {
    if (!self) return;
    QString error = why;
    if (image.isNull() || !savePng(image, path, &error))
      self->showMessage(tr("Export failed"), error, true);
    else
      self->statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
  });
}

void MainWindow::runScript(const ScriptOptions& o) {
  if (o.scripted()) m_script = o;
  m_scriptStage = 0;
  m_scriptStatus = 0;
  if (!o.system.isEmpty() && !selectSystem(o.system)) return finishScript(2);
  if (o.control) return runControlScript(o);
  if (o.scripted()) setControlMode(false);
  for (const auto& [name, value] : o.sets) {
    try {
      m_params->setValue(name, value);
    } catch (const InputError& e) {
      std::fprintf(stderr, "dmstudio: --set %s: %s\n", name.c_str(), e.what());
      return finishScript(2);
    }
  }
  recompute();
  if (!m_params->problem().isEmpty()) {
    std::fprintf(stderr, "dmstudio: --set: %s\n", qPrintable(m_params->problem()));
    return finishScript(2);
  }
  if (!m_script) {
    m_playback->play();
    return;
  }
  const double T = m_params->settings().T;
  if (o.playTo && *o.playTo > T) {
    std::fprintf(stderr,
                 "dmstudio: --play-to %s exceeds the horizon T = %s (raise it with --set T=...)\n",
                 qPrintable(fmt(*o.playTo, 10)), qPrintable(fmt(T, 10)));
    return finishScript(2);
  }
  m_scriptStage = 1;  // wait for the runs to finish (SimSession::finished)
}

void MainWindow::runControlScript(const ScriptOptions& o) {
  if (!setControlMode(true)) {
    std::fprintf(stderr, "dmstudio: --control: the system '%s' has no optimal-control problem\n",
                 m_model ? m_model->name().c_str() : "");
    return finishScript(2);
  }
  ControlPanel* panel = m_controlMode->panel();
  try {
    for (const auto& [name, value] : o.sets) panel->setValue(name, value);
    for (const auto& [name, value] : o.choices) panel->setChoice(name, value);
  } catch (const InputError& e) {
    std::fprintf(stderr, "dmstudio: --control: %s\n", e.what());
    return finishScript(2);
  }
  if (o.playTo) {
    const ControlRequest req = panel->request();
    const auto T = req.values.find("T");
    if (T != req.values.end() && *o.playTo > T->second.front()) {
      std::fprintf(stderr, "dmstudio: --play-to %s exceeds the maneuver time T = %s\n",
                   qPrintable(fmt(*o.playTo, 10)), qPrintable(fmt(T->second.front(), 10)));
      return finishScript(2);
    }
  }
  if (!m_controlMode->solve()) {
    std::fprintf(stderr, "dmstudio: --control: %s\n", qPrintable(panel->problemText()));
    return finishScript(2);
  }
  if (m_script) m_scriptStage = 1;  // wait for the solve (ControlMode::solveEnded)
}

void MainWindow::scriptStep() {
  m_scriptStage = 2;
  m_playback->pause();
  m_playback->seek(m_script->playTo ? *m_script->playTo : m_playback->horizon());
  m_dataDirty = m_timeDirty = true;
  frame();
  // give the 3D view a few frames to render the final pose
  QTimer::singleShot(600, this, [this] {
    const auto exportAndFinish = [this] {
      if (!m_script->exportDir.isEmpty()) {
        QString error;
        if (!exportPlots(m_script->exportDir, -1,
                         {ImageFormat::Png, ImageFormat::Svg, ImageFormat::Pdf}, QSize(1200, 800),
                         &error)) {
          std::fprintf(stderr, "dmstudio: --export-plots: %s\n", qPrintable(error));
          m_scriptStatus = 1;
        }
      }
      finishScript(m_scriptStatus);
    };
    if (m_script->screenshot.isEmpty()) return exportAndFinish();
    screenshot(m_script->screenshot, [this, exportAndFinish](bool ok, QString message) {
      if (!ok) {
        std::fprintf(stderr, "dmstudio: --screenshot: %s\n", qPrintable(message));
        m_scriptStatus = 1;
      }
      exportAndFinish();
    });
  });
}

void MainWindow::finishScript(int status) {
  m_scriptStage = 3;
  emit scriptFinished(status);
}

}  // namespace dms::ui
