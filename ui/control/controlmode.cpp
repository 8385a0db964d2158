// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/control/controlmode.h"

#include <QSettings>
#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "core/integrators/settings.h"
#include "core/io/controlcsv.h"
#include "core/notation.h"
#include "ui/common/numbertext.h"
#include "ui/common/playback.h"
#include "ui/control/controlworker.h"

namespace dms::ui {

ControlMode::ControlMode(const ModeContext& context, QObject* parent) : Mode(context, parent) {
  m_panel = new ControlPanel;
  m_plots = new ControlPlots;
  m_session = new ControlSession(this);
  connect(m_panel, &ControlPanel::solveRequested, this, [this] { solve(); });
  connect(m_panel, &ControlPanel::cancelRequested, this, &ControlMode::cancel);
  connect(m_panel, &ControlPanel::changed, this, [this] {
    m_panel->showProblem({});
    onInputChanged();
    emit edited();  // the fields are part of the scenario file
  });
  connect(m_session, &ControlSession::iterationArrived, this, &ControlMode::onIteration);
  connect(m_session, &ControlSession::finished, this, &ControlMode::onFinished);
  connect(m_session, &ControlSession::cancelled, this, &ControlMode::onCancelled);
}

ControlMode::~ControlMode() {
  m_session->shutdown();
  // the widgets belong to the layout they were put in (the window's), else to the mode
  for (QWidget* w : std::initializer_list<QWidget*>{m_panel, m_plots})
    if (!w->parent()) delete w;
}

bool ControlMode::supports(const SystemModel* system) const {
  return system && findControlProblem(system->name());
}

QString ControlMode::description(const SystemModel* system) const {
  return supports(system) ? tr("Solve this system's optimal-control problem")
                          : tr("This system has no optimal-control problem");
}

void ControlMode::setSystem(const SystemModel* system) {
  const ControlProblem* p = system ? findControlProblem(system->name()) : nullptr;
  if (system == m_system && p == m_problem) {
    if (m_active && m_problem) activate();
    return;
  }
  // a solve in progress stops (its result is dropped); then what the system leaves is kept, as
  // the Simulation mode keeps each system's values
  m_session->cancel();
  if (m_system && m_problem) {
    Kept& k = m_kept[m_system];
    k.input = m_panel->request();
    k.failure = m_failure;
    k.problem = m_panel->problemText();
    k.live = m_panel->liveText();
  }
  m_system = system;
  m_problem = p;
  m_panel->setProblem(p, system ? system->name() : std::string());
  m_plots->setProblem(p);
  m_failure.clear();
  if (p) {
    const auto it = m_kept.find(system);
    if (it != m_kept.end() && it->second.input) {
      m_panel->setRequest(*it->second.input);
      m_failure = it->second.failure;
      m_panel->showProblem(it->second.problem);
      m_panel->setLiveText(it->second.live);
    } else {
      m_panel->restoreSettings(QSettings());  // its fields as the user last left them
    }
  }
  if (m_active && m_problem)
    activate();
  else if (m_problem)
    showResult(false);  // the plots and the summary, for when the mode is shown
}

QString ControlMode::legend() const {
  if (!m_system) return {};
  return tr("<b>%1</b> &nbsp;&nbsp; optimal control")
      .arg(QString::fromStdString(typeset(m_system->title())).toHtmlEscaped());
}

ModeStatus ControlMode::status() const {
  ModeStatus s;
  s.texts << statusText();
  s.failure = s.failureDetail = m_failure;
  // a solver has no known end: a busy indicator
  s.showProgress = s.busy = running();
  s.progressFormat = tr("solving");
  return s;
}

const ControlResult* ControlMode::shown() const {
  if (!m_problem) return nullptr;
  const auto it = m_kept.find(m_system);
  return it != m_kept.end() && it->second.result ? &*it->second.result : nullptr;
}

ControlRequest ControlMode::shownRequest() const {
  const auto it = m_kept.find(m_system);
  if (shown() && it != m_kept.end()) return it->second.resultRequest;
  return m_panel->request();
}

bool ControlMode::running() const { return m_session->running(); }

void ControlMode::activate() {
  if (!m_problem) return;
  m_active = true;
  setupScene();
  playback()->pause();
  showResult(false);
}

void ControlMode::deactivate() {
  if (!m_active) return;
  m_active = false;
  m_session->cancel();
  m_panel->setRunning(false);
  m_arrows.clear();
  scene()->setArrows({});
  scene()->setBodyAxesVisible(true);
  scene()->setRuns({});
}

bool ControlMode::solve() {
  if (!m_problem) return false;
  const ControlRequest req = m_panel->request();
  try {
    m_problem->check(req);
    // a target the solver cannot reach is refused here (dmsim control runs it and fails)
    const std::string infeasible = m_problem->infeasibility(req);
    if (!infeasible.empty()) throw InputError(infeasible);
  } catch (const InputError& e) {
    const QString why = QString::fromStdString(e.what());
    m_panel->showProblem(why);
    m_failure = tr("Cannot solve: %1").arg(why);
    emit statusMessage(m_failure, true);
    return false;
  }
  m_panel->showProblem({});
  m_failure.clear();
  m_plots->setResidualProgress(m_problem->reportsResidual(req));
  m_session->start({m_problem, req, {}});
  m_panel->setRunning(true);
  m_panel->setLiveText(tr("solving… (the first iteration is on its way)"));
  m_plots->setHistory({});
  m_plots->setNote({});
  m_historyDirty = false;
  return true;
}

void ControlMode::cancel() {
  if (m_session->running()) m_session->cancel();  // emits cancelled(): onCancelled
}

void ControlMode::onIteration() { m_historyDirty = true; }

void ControlMode::onCancelled() {
  m_panel->setRunning(false);
  m_historyDirty = false;  // the live line gives way to the outcome
  const int done = int(m_session->history().size());
  const QString text =
      tr("Solve cancelled after %1 iterations; the previous result is kept.").arg(done);
  m_panel->setLiveText(text);
  showResult(false);
  m_plots->setNote(shown() ? tr("cancelled: showing the previous result") : tr("cancelled"));
  emit statusMessage(text, false);
  emit solveEnded(false, true);
  emit finished(3);
}

void ControlMode::onFinished(bool converged) {
  m_panel->setRunning(false);
  m_historyDirty = false;  // the live line gives way to the outcome
  const ControlResult& r = *m_session->result();
  // the solution stays with its system (shown, and kept while another system is shown)
  if (m_session->resultJob().problem == m_problem) {
    Kept& k = m_kept[m_system];
    k.result = r;
    k.resultRequest = m_session->resultJob().request;
  }
  if (converged) {
    m_panel->setLiveText(tr("Converged in %1 iterations (%2 s).")
                             .arg(r.iterations)
                             .arg(numberText(r.wallSeconds, 3)));
    m_failure.clear();
    emit statusMessage(tr("Optimal control converged: %1 iterations, cost %2, terminal error %3")
                           .arg(r.iterations)
                           .arg(numberText(r.cost, 6), numberText(r.terminalError, 2)),
                       false);
  } else {
    const QString why = QString::fromStdString(r.message.empty() ? r.status : r.message);
    m_panel->showProblem(
        tr("Not converged: %1. The motion shown is the solver's last iterate.").arg(why));
    m_panel->setLiveText({});
    m_failure = tr("Optimal control did not converge: %1").arg(why);
    emit statusMessage(m_failure, true);
  }
  if (m_active) setupScene();
  showResult(m_active);
  emit solveEnded(converged, false);
  emit finished(converged ? 0 : 3);
}

// an edit: the target and, before a solve, the initial pose and the playback's span follow it
// (a shown maneuver keeps its own until the next solve)
void ControlMode::onInputChanged() {
  if (!m_problem || shown()) return;
  updateTarget();
  m_sceneDirty = true;
  updateHorizon();
}

void ControlMode::updateHorizon() {
  if (!m_active || !m_problem) return;
  const ControlResult* r = shown();
  if (r && !r->samples.empty()) {
    const double T = r->samples.back().t;
    playback()->setHorizon(T, r->h > 0 ? r->h : T / 100);
    playback()->setAvailable(T);
    return;
  }
  // t_N = N h, N = floor(T/h) as the problems count it; values that make no horizon (the
  // panel says why at Solve) leave it as it was
  try {
    const ParamValues v = m_problem->completeValues(m_panel->request());
    const double h = v.at("h").front();
    const double tN = double(checkStepAndHorizon(h, v.at("T").front())) * h;
    playback()->setHorizon(tN, h);
    playback()->setAvailable(0.0);
  } catch (const InputError&) {
  } catch (const std::out_of_range&) {
  }
}

QString ControlMode::statusText() const {
  if (m_session->running())
    return tr("optimal control: solving, %1 iterations, %2 s")
        .arg(m_session->history().size())
        .arg(numberText(m_session->elapsedSeconds(), 3));
  const ControlResult* r = shown();
  if (!r) return tr("optimal control: press Solve");
  return r->converged
             ? tr("optimal control: converged, %1 iterations, J = %2, terminal error %3")
                   .arg(r->iterations)
                   .arg(numberText(r->cost, 6), numberText(r->terminalError, 2))
             : tr("optimal control: not converged (%1)").arg(QString::fromStdString(r->status));
}

std::vector<ExportPlot> ControlMode::exportPlots() const {
  std::vector<ExportPlot> out;
  const QStringList names = m_plots->plotNames();
  const std::vector<QCustomPlot*> plots = m_plots->plots();
  for (std::size_t i = 0; i < plots.size(); ++i) out.push_back({names[int(i)], plots[i]});
  return out;
}

QString ControlMode::csvContent() const { return tr("maneuver"); }

QString ControlMode::csvUnavailable() const {
  return shown() ? QString() : tr("No optimal-control result to export yet: press Solve first");
}

void ControlMode::exportCsv(const QString& path, const WriteDone& done) {
  const ControlResult* r = shown();
  if (!r) {
    done(false, csvUnavailable());
    return;
  }
  std::ostringstream text;
  writeControlCsv(text, *r);
  QString error;
  const bool ok = saveText(path, text.str(), &error);
  done(ok, error);
}

void ControlMode::saveSettings(QSettings& s) const {
  for (const auto& [system, k] : m_kept)
    if (system != m_system && k.input) ControlPanel::saveRequest(s, system->name(), *k.input);
  m_panel->saveSettings(s);
}

void ControlMode::restoreSettings(const QSettings& s) { m_panel->restoreSettings(s); }

void ControlMode::applySet(const std::string& name, const std::vector<double>& value) {
  m_panel->setValue(name, value);
}

void ControlMode::applyChoice(const std::string& name, const std::string& value) {
  m_panel->setChoice(name, value);
}

void ControlMode::addToScenario(Scenario& s) const {
  if (!m_problem || !m_system || m_system->name() != s.system) return;
  const ControlRequest r = m_panel->request();
  s.control = Scenario::Control{r.values, r.choices, r.expressions};
}

void ControlMode::takeFromScenario(const Scenario& s) {
  if (!s.control || !m_problem || !m_system || m_system->name() != s.system) return;
  // the file's fields over the problem's defaults: a field it leaves out takes its default
  ControlRequest r = m_problem->defaultRequest();
  for (const auto& [name, v] : s.control->values) r.values[name] = v;
  for (const auto& [name, v] : s.control->choices) r.choices[name] = v;
  r.expressions = s.control->expressions;
  m_panel->setRequest(r);
}

QString ControlMode::playTimeProblem(double t) const {
  const ControlRequest req = m_panel->request();
  const auto T = req.values.find("T");
  if (T == req.values.end() || t <= T->second.front()) return {};
  return tr("%1 exceeds the maneuver time T = %2")
      .arg(numberText(t, 10), numberText(T->second.front(), 10));
}

bool ControlMode::start(QString* problem) {
  if (solve()) return true;
  if (problem)
    *problem = m_panel->problemText().isEmpty() ? tr("this system has no optimal-control problem")
                                                : m_panel->problemText();
  return false;
}

}  // namespace dms::ui
