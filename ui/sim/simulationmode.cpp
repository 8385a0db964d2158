// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/simulationmode.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QProgressDialog>
#include <QSettings>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>

#include "core/io/scenario.h"
#include "core/sim/geometriclaw.h"
#include "core/sim/simulator.h"
#include "ui/common/methodlook.h"
#include "ui/common/numbertext.h"
#include "ui/common/palette.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/articlenote.h"
#include "ui/sim/forcingpanel.h"
#include "ui/sim/quantities.h"
#include "ui/sim/runcsv.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simworker.h"

namespace dms::ui {

SimulationMode::SimulationMode(const ModeContext& context, QObject* parent)
    : Mode(context, parent) {
  m_params = new ParamPanel;
  m_views = new QWidget;
  auto* views = new QVBoxLayout(m_views);
  views->setContentsMargins(0, 0, 0, 0);
  views->setSpacing(4);
  m_plots = new PlotPanel(m_views);
  m_table = new RunTable(m_views);
  m_articleNote = new QLabel(m_views);
  m_articleNote->setObjectName("articleNote");
  m_articleNote->setWordWrap(true);
  m_articleNote->setStyleSheet(labelStyle(mutedTextColor()));
  m_articleNote->setVisible(false);
  views->addWidget(m_plots, 1);
  views->addWidget(m_table);
  views->addWidget(m_articleNote);
  m_session = new SimSession(this);
  m_csvWrite = new BackgroundWrite(this);
  m_plots->setStores(&m_session->stores());

  // a typed potential accepted: the runs restart with that instance (changed() follows)
  connect(m_params, &ParamPanel::systemChanged, this, [this] { m_model = m_params->system(); });
  connect(m_params, &ParamPanel::changed, this, [this] {
    scheduleRecompute();
    emit edited();
  });
  connect(m_session, &SimSession::chunkArrived, this, [this] {
    m_dataDirty = true;
    playback()->setAvailable(m_session->computedTime());
  });
  connect(m_session, &SimSession::finished, this, [this] {
    m_dataDirty = true;
    playback()->setAvailable(m_session->computedTime());
    emit finished(0);
  });
  connect(m_session, &SimSession::runFailed, this, &SimulationMode::onRunFailed);

  m_logAction = new QAction(tr("&Log scale"), this);
  m_logAction->setCheckable(true);
  m_logAction->setChecked(m_plots->logScale());
  m_logAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  connect(m_logAction, &QAction::toggled, m_plots, &PlotPanel::setLogScale);
  connect(m_plots, &PlotPanel::logScaleChanged, m_logAction, &QAction::setChecked);
  m_autoscaleAction = new QAction(tr("&Autoscale plots"), this);
  m_autoscaleAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  connect(m_autoscaleAction, &QAction::triggered, m_plots, &PlotPanel::autoscale);
  m_replayAction = new QAction(tr("&Replay pushes"), this);
  m_replayAction->setToolTip(
      tr("Runs every method again from t = 0 under the pushes given with Ctrl + drag"));
  m_replayAction->setEnabled(false);
  connect(m_replayAction, &QAction::triggered, this, &SimulationMode::replayPushes);
}

SimulationMode::~SimulationMode() {
  // the widgets belong to the layout they were put in (the window's), else to the mode
  m_plots->setStores(nullptr);
  m_session->shutdown();
  m_csvWrite->shutdown();
  for (QWidget* w : std::initializer_list<QWidget*>{m_params, m_views})
    if (!w->parent()) delete w;
}

QString SimulationMode::description(const SystemModel*) const {
  return tr("The chosen integrators side by side (the article's: variational and RK45)");
}

QList<QAction*> SimulationMode::actions() const {
  return {m_logAction, m_autoscaleAction, m_replayAction};
}

void SimulationMode::setSystem(const SystemModel* system) {
  if (m_model) m_kept[m_model->name()] = *scenario();  // edits not yet recomputed included
  m_model = system;
  m_params->setSystem(system);
  const auto kept = m_kept.find(system->name());
  if (kept != m_kept.end()) {
    try {
      m_params->setPotential(kept->second.potential);
    } catch (const InputError&) {
      // a kept text this build refuses: the system's own potential
    }
    m_model = m_params->system();
    m_params->setScenario(kept->second.parameters, kept->second.settings);
    m_params->setMethods(kept->second.methods);
  }
  m_failure.clear();
  m_failureDetail.clear();
  if (!m_active) return;
  recompute();
  if (interactive()) playback()->play();
}

void SimulationMode::activate() {
  m_active = true;
  ScenePushHandler push;
  push.press = [this](const SceneRay& ray) { return pushPress(ray); };
  push.move = [this](const SceneRay& ray) { pushMove(ray); };
  push.release = [this] { pushRelease(); };
  if (scene()) scene()->setPushHandler(std::move(push));
  playback()->restart();
  recompute();
  if (interactive()) playback()->play();
}

void SimulationMode::deactivate() {
  pushRelease();
  if (scene()) scene()->setPushHandler({});
  m_active = false;
  m_recomputePosted = false;
  m_session->cancel();  // the runs would only compete with the next mode for the cores
  // the next mode rebuilds the 3D view: so will this one when it comes back
  m_sceneSystem.clear();
  m_sceneParams.clear();
  m_pendingScene.reset();
  m_failure.clear();
  m_failureDetail.clear();
}

// a slider step per event: the changes of one event-loop pass make one recompute, posted rather
// than on a zero timer, so that it starts before the timers due in the next pass (the 3D view's
// frame among them, which blocks while a software renderer draws)
void SimulationMode::scheduleRecompute() {
  if (m_recomputePosted) return;
  m_recomputePosted = true;
  QMetaObject::invokeMethod(
      this,
      [this] {
        if (m_recomputePosted) recompute();
      },
      Qt::QueuedConnection);
}

void SimulationMode::recompute() {
  m_recomputePosted = false;
  if (!m_model || !m_active) return;
  // new input: the runs start unpushed (the pushes stay recorded for Replay pushes)
  pushRelease();
  // what this system comes back with (this session, and in QSettings), valid or not
  m_kept[m_model->name()] = *scenario();
  std::vector<std::string> warnings;
  ParamValues values;
  const IntegratorSettings settings = m_params->settings();
  try {
    values = m_model->normalize(m_params->values(), &warnings);
    validateSettings(settings);
  } catch (const InputError& e) {
    // explained in place; the previous curves stay, marked out of date, until the values
    // are valid again
    m_params->showProblem(QString::fromStdString(e.what()));
    m_session->cancel();
    m_plots->setStale(true);
    m_table->setEnabled(false);
    return;
  }
  m_params->showProblem({});
  // the forcing panel's law, checked here as the worker will compile it: a law that cannot be
  // compiled is explained in place and nothing runs with it
  ForcingPanel* forcing = m_params->forcingPanel();
  const ForcingLaw law = forcing->law();
  if (law.on()) {
    try {
      checkLaw(*m_model, values, law);
    } catch (const InputError& e) {
      forcing->showProblem(QString::fromStdString(e.what()));
      m_session->cancel();
      m_plots->setStale(true);
      m_table->setEnabled(false);
      return;
    }
  }
  forcing->showProblem({});
  m_table->setEnabled(true);
  QStringList notes;
  for (const std::string& w : warnings) notes << QString::fromStdString(w);
  m_params->showNote(notes.join("\n"));

  SimJob job;
  job.model = m_model;
  job.values = values;
  job.settings = settings;
  job.methods = m_params->methods();
  job.law = law;
  m_session->start(job);
  m_jobClock.start();
  m_failure.clear();
  m_failureDetail.clear();

  std::vector<RunStyle> styles;
  std::vector<SceneRun> sceneRuns;
  QString legend;
  for (Method m : job.methods) {
    const MethodLook l = methodLook(m);
    styles.push_back(
        {methodLabel(m, settings.controller), l.color, l.pen, m_model->hasStructure2(m)});
    sceneRuns.push_back({styles.back().label, methodSubtitle(m), l.color});
    legend += QString("<span style='color:%1; font-size:16px'>&#9632;</span>&nbsp;%2 &nbsp;&nbsp; ")
                  .arg(colorHex(styles.back().color), styles.back().label.toHtmlEscaped());
  }
  m_legend = QString("<b>%1</b> &nbsp;&nbsp; %2")
                 .arg(plotSymbol(m_model->title()).toHtmlEscaped(), legend);
  m_methodCount = int(job.methods.size());
  m_plots->setQuantities(*m_model, values, job.methods);
  updateControl(values);
  m_plots->setTracking(lawTrackingErrors(*m_model, values, job.methods, law));
  m_plots->setRuns(styles, settings.T, plotSymbol(m_model->structureName()),
                   plotSymbol(m_model->structure2Symbol()));
  playback()->setHorizon(settings.T, settings.h);
  m_pendingScene =
      PendingScene{values, std::move(sceneRuns),
                   law.on() ? builtinLawReference(*m_model, values, law.text, settings.T, 1000)
                            : std::vector<Vector3d>()};
  m_dataDirty = true;
}

void SimulationMode::updateControl(const ParamValues& values) {
  std::vector<std::size_t> sizes;
  const std::vector<StatePartSpec>& channels = m_model->declaration().controls;
  for (const StatePartSpec& ch : channels) sizes.push_back(declaredSize(ch.shape, values));
  m_plots->setControl(
      channels, sizes, m_params->forcingPanel()->isOn() || m_session->job().push,
      channels.empty()
          ? tr("No control plot: %1 declares no control channel").arg(plotSymbol(m_model->title()))
          : QString());
}

// with more methods than viewports the line says which the 3D view draws, and how to see all
QString SimulationMode::legend() const {
  if (m_methodCount <= SceneView::kMaxRuns || !scene() || scene()->overlay()) return m_legend;
  return m_legend + tr("<i>3D view: the first %1 of %2 (View &gt; Overlay draws all)</i>")
                        .arg(SceneView::kMaxRuns)
                        .arg(m_methodCount);
}

// the 3D view of the current job: built in the first frame that shows the job's results,
// together with the poses
void SimulationMode::applyScene() {
  if (!m_pendingScene) return;
  if (m_sceneSystem != m_model->name() || m_sceneParams != m_pendingScene->values) {
    scene()->setSystem(m_model->name(), m_pendingScene->values);
    m_sceneSystem = m_model->name();
    m_sceneParams = m_pendingScene->values;
  }
  scene()->setRuns(m_pendingScene->runs);
  scene()->setReference(m_pendingScene->reference);
  m_pendingScene.reset();
  m_shownTime = -1.0;  // the poses of the new scene
}

void SimulationMode::frame(double t) {
  // A running job's results are shown once it is done, or once it has a result and is
  // m_resultDelayMs old (a long job): a short job's chunks all come in while the worker has a
  // core, without the plots' repaints or the 3D view's frame (which blocks this thread while the
  // renderer draws) between them. Until then the plots, the table and the 3D view all keep the
  // last job's picture. The plots are drawn first, before the 3D view's next frame, so they are
  // never a frame behind it.
  const bool show =
      m_dataDirty && (!m_session->running() ||
                      (m_session->hasResult() && m_jobClock.elapsed() >= m_resultDelayMs));
  const bool waiting = m_dataDirty && !show;  // the stores hold a part of a job not yet shown
  if (show) m_plots->refresh(0, true);
  if (show) applyScene();
  if (show || t != m_shownTime) {
    m_plots->setCursorTime(t);
    if (!m_pendingScene) updateScene(t);
    if (!waiting) updateTable(t);
  }
  if (show) m_dataDirty = false;
  m_shownTime = t;
  if (m_grab) updatePush(t);
}

// each viewport of the 3D view: the pose of its run at t and the trail the kept samples can show
void SimulationMode::updateScene(double t) {
  const SimJob& job = m_session->job();
  const std::vector<RunStore>& stores = m_session->stores();
  const double span = 0.1 * std::max(job.settings.T, 1e-9);
  for (int i = 0; i < scene()->runCount(); ++i) {
    const std::size_t k = std::size_t(i);
    if (k >= stores.size()) {
      scene()->setPose(i, std::nullopt);
      scene()->setTrail(i, {});
      continue;
    }
    scene()->setPose(i, stores[k].nearest(t));
    scene()->setTrail(i, stores[k].trail(t, span, 600, scene()->trailMaxStep()));
  }
}

// a row per run: its work so far, its errors at the cursor and their maxima so far
void SimulationMode::updateTable(double t) {
  const SimJob& job = m_session->job();
  const std::vector<RunStore>& stores = m_session->stores();
  const std::vector<RunStatus>& st = m_session->status();
  const bool structure = !m_model || !m_model->structureName().empty();
  const bool momentum = m_model && m_model->hasMomentum();
  std::vector<RunRow> rows;
  std::vector<ArticleRun> article;
  for (std::size_t i = 0; i < job.methods.size() && i < stores.size() && i < st.size(); ++i) {
    article.push_back({job.methods[i], st[i].done && !st[i].failure.failed
                                           ? std::optional<RunSummary>(stores[i].summary())
                                           : std::nullopt});
    const Method m = job.methods[i];
    const MethodLook l = methodLook(m);
    RunRow r;
    r.label = methodLabel(m, job.settings.controller);
    r.color = l.color;
    r.pen = l.pen;
    r.steps = st[i].counters.steps;
    r.rejected = st[i].counters.rejected;
    r.adaptive = methodInfo(m).adaptive;
    r.evaluations = st[i].counters.fevals;
    r.cpuSeconds = st[i].wallSeconds;
    if (const std::optional<Sample> s = stores[i].nearest(t)) {
      const RunSummary& sum = stores[i].summary();
      r.energyAt = std::fabs(s->energy - stores[i].energy0());
      r.energyMax = sum.energyMaxDev;
      if (structure) {
        r.structureAt = s->structure;
        r.structureMax = sum.structureMax;
      }
      if (momentum) {
        // over the conserved components, as the maximum beside it
        r.momentumAt =
            RunSummary::momentumDeviation(sum.momentumMask(), s->momentum, sum.momentum0());
        r.momentumMax = sum.momentumMaxDev;
      }
    }
    r.failed = st[i].failure.failed;
    r.state = r.failed     ? tr("stopped at t = %1 s").arg(numberText(st[i].failure.time, 6))
              : st[i].done ? tr("done")
                           : tr("computing %1%").arg(int(100 * st[i].progress));
    rows.push_back(r);
  }
  m_table->setRows(rows, t, momentum);
  const QString note =
      job.model ? articleNote(*job.model, job.values, job.settings, article) : QString();
  m_articleNote->setText(note);
  m_articleNote->setToolTip(
      job.model ? articleNoteDetails(*job.model, job.values, job.settings, article) : QString());
  m_articleNote->setVisible(!note.isEmpty());
}

ModeStatus SimulationMode::status() const {
  const std::vector<RunStatus>& st = m_session->status();
  double wall = 0.0, progress = 1.0;
  std::int64_t steps = 0, accepted = 0, rejected = 0;
  bool adaptive = false;
  for (std::size_t i = 0; i < st.size(); ++i) {
    wall += st[i].wallSeconds;
    steps += st[i].counters.steps;
    progress = std::min(progress, st[i].done ? 1.0 : st[i].progress);
    if (methodInfo(m_session->job().methods[i]).adaptive) {
      adaptive = true;
      accepted += st[i].counters.steps;
      rejected += st[i].counters.rejected;
    }
  }
  const double computed = m_session->computedTime();
  ModeStatus s;
  s.texts << tr("computed to t = %1 s").arg(numberText(computed, 5))
          << (wall > 0 ? tr("real-time factor %1× · %2 steps/s")
                             .arg(numberText(computed / wall), numberText(double(steps) / wall))
                       : QString())
          << (adaptive ? tr("RK45 accepted %1, rejected %2").arg(accepted).arg(rejected)
                       : QString());
  s.failure = m_failure;
  s.failureDetail = m_failureDetail;
  s.showProgress = m_session->running();
  s.progress = progress;
  s.progressFormat = tr("computing %p%");
  return s;
}

void SimulationMode::onRunFailed(int run, const QString& message) {
  const RunStatus& st = m_session->status()[std::size_t(run)];
  const Method m = m_session->job().methods[std::size_t(run)];
  const QString who = methodLabel(m, m_session->job().settings.controller);
  m_failureDetail = tr("The %1 run stopped at t = %2 s: %3. %4")
                        .arg(who, numberText(st.failure.time, 6), message,
                             m_session->job().methods.size() > 2 ? tr("The other runs continue.")
                                                                 : tr("The other run continues."));
  m_failure = tr("%1 stopped at t = %2 s").arg(who, numberText(st.failure.time, 6));
  emit alert(tr("Run stopped"), m_failureDetail, true);
}

}  // namespace dms::ui
