// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/analysismode.h"

#include <QComboBox>
#include <QIODevice>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <algorithm>

#include "core/analysis/parallel.h"
#include "core/notation.h"
#include "core/sim/registry.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/analysis/analysisworker.h"
#include "ui/analysis/studyview.h"
#include "ui/common/methodlook.h"

namespace dms::ui {

namespace {

QString g(double v, int digits = 3) { return QString::number(v, 'g', digits); }
QString qs(const std::string& s) { return QString::fromStdString(s); }

const Study* studyOf(const QString& key) { return findStudy(key.toStdString()); }

// the study shown when none was chosen: the first of the menu
QString firstStudy() { return qs(studies().front()->key()); }

}  // namespace

AnalysisMode::AnalysisMode(const ModeContext& context, QObject* parent,
                           std::function<std::optional<Scenario>()> simulation)
    : Mode(context, parent),
      m_panel(new AnalysisPanel),
      m_plots(new AnalysisPlots),
      m_studyView(new StudyView),
      m_views(new QStackedWidget),
      m_session(new AnalysisSession(this)),
      m_study(firstStudy()),
      m_simulation(std::move(simulation)) {
  m_views->addWidget(m_plots);
  m_views->addWidget(m_studyView);
  connect(m_panel, &AnalysisPanel::studyChanged, this, [this] {
    chooseStudy(m_panel->study());
    emit edited();  // the study and its inputs are part of the scenario file
  });
  connect(m_panel, &AnalysisPanel::runRequested, this, [this] {
    QString problem;
    start(&problem);
  });
  connect(m_panel, &AnalysisPanel::cancelRequested, this, &AnalysisMode::cancel);
  connect(m_panel, &AnalysisPanel::viewChanged, this, &AnalysisMode::redraw);
  connect(m_panel, &AnalysisPanel::inputsEdited, this, [this] {
    // the shown results no longer answer the inputs: they go (results stay only until the
    // inputs change); a running study goes on with what it was given
    if (!m_model) return;
    m_studyInputs[studyKey()] = m_panel->studyInputs();
    m_methods[m_model->name()] = m_panel->checkedMethods();
    emit edited();
    if (!m_studyResults.erase(studyKey())) return;
    m_panel->setSummary({});
    redraw();
  });
  connect(m_panel, &AnalysisPanel::defaultsRequested, this, [this] {
    if (!m_model) return;
    m_studyInputs.erase(studyKey());
    m_studyResults.erase(studyKey());
    m_methods[m_model->name()] = m_model->methods();
    m_panel->setMethods(m_model, m_methods[m_model->name()]);
    m_panel->setProblem({});
    m_panel->setSummary({});
    showStudy();
  });
  connect(m_session, &AnalysisSession::partialArrived, this, [this](const StudyOutput& soFar) {
    m_partial = soFar;
    m_partialDrawn = false;  // drawn at the next frame: many runs end between two frames
  });
  connect(m_session, &AnalysisSession::finished, this, &AnalysisMode::onFinished);
}

AnalysisMode::~AnalysisMode() {
  // the study stops at its next check and the worker's thread is joined: no thread outlives
  // the window
  m_session->shutdown();
}

QString AnalysisMode::description(const SystemModel* system) const {
  if (!system) return {};
  return tr("Studies of the methods of %1: work-precision and convergence, equal cost, long "
            "time, phase space, distance from a reference, RK45's steps")
      .arg(QString::fromStdString(system->title()));
}

bool AnalysisMode::running() const { return m_session->running(); }

AnalysisMode::StudyKey AnalysisMode::studyKey() const {
  return {m_model ? m_model->name() : std::string(), m_study};
}

const StudyOutput* AnalysisMode::studyResult() const {
  const auto it = m_studyResults.find(studyKey());
  return it == m_studyResults.end() ? nullptr : &it->second;
}

const SweepResult* AnalysisMode::result() const {
  if (!m_model) return nullptr;
  for (const auto& [key, output] : m_studyResults)
    if (key.first == m_model->name() && output.sweep) return output.sweep.get();
  return nullptr;
}

void AnalysisMode::setSystem(const SystemModel* system) {
  if (system == m_model) return;
  cancel();  // a study belongs to its system (its runs are not drawn over another's)
  m_model = system;
  if (!m_model) return;
  if (!m_methods.count(m_model->name())) m_methods[m_model->name()] = m_model->methods();
  m_panel->setMethods(m_model, m_methods[m_model->name()]);
  m_panel->setProblem({});
  m_panel->setSummary({});
  std::vector<std::pair<QString, QString>> offered;
  for (const Study* st : studies())
    if (st->supports(*m_model)) offered.push_back({qs(st->key()), qs(st->name())});
  m_panel->setStudies(offered, m_study);
  m_study = m_panel->study();  // the first, when this system lacks the study shown before
  checkParameters();
  showStudy();
}

QWidget* AnalysisMode::panel() const { return m_panel; }

QWidget* AnalysisMode::views() const { return m_views; }

void AnalysisMode::activate() {
  checkParameters();
  redraw();
}

ParamValues AnalysisMode::parameters() const {
  if (!m_model) return {};
  if (const std::optional<Scenario> sc = m_simulation ? m_simulation() : std::nullopt;
      sc && sc->system == m_model->name()) {
    try {
      return m_model->normalize(sc->parameters, nullptr);
    } catch (const InputError&) {  // a value being typed: the defaults meanwhile
    }
  }
  return m_model->normalize({}, nullptr);
}

void AnalysisMode::checkParameters() {
  if (!m_model) return;
  const ParamValues p = parameters(), article = m_model->normalize({}, nullptr);
  // the table that p's structural values make (a chain's links follow n), each value against
  // its default in that table, and a structural value against the article's
  ParamValues structural;
  for (const std::string& name : m_model->structuralParams())
    if (p.count(name)) structural[name] = p.at(name);
  const ParamValues defaults = m_model->normalize(structural, nullptr);
  QStringList changed;
  for (const ParamSpec& spec : m_model->paramsFor(p)) {
    const ParamValues& reference = structural.count(spec.name) ? article : defaults;
    if (p.count(spec.name) && reference.count(spec.name) &&
        p.at(spec.name) != reference.at(spec.name))
      changed << QString::fromStdString(spec.name + " = " + formatValue(p.at(spec.name)));
  }
  m_panel->setParameters(
      changed.isEmpty() ? tr("At the article's parameters (change them in the Simulation tab)")
                        : tr("At the Simulation tab's parameters: %1").arg(changed.join(", ")));
  const auto used = m_resultParams.find(m_model->name());
  if (used == m_resultParams.end() || used->second == p || running()) return;
  for (auto it = m_studyResults.begin(); it != m_studyResults.end();)
    it = it->first.first == m_model->name() ? m_studyResults.erase(it) : std::next(it);
  m_resultParams.erase(used);
  m_panel->setSummary(tr("The parameters changed since the last run: press Run."));
}

void AnalysisMode::deactivate() { cancel(); }

// the output so far (the sweep's runs that finished since the last frame) joins the plots
void AnalysisMode::frame(double) {
  if (m_partialDrawn) return;
  m_partialDrawn = true;
  redraw();
}

QString AnalysisMode::legend() const {
  if (!m_model) return {};
  return tr("<b>%1</b> &nbsp;&nbsp; analysis: %2")
      .arg(QString::fromStdString(m_model->title()).toHtmlEscaped(),
           m_panel->studyBox()->currentText().toHtmlEscaped());
}

ModeStatus AnalysisMode::status() const {
  ModeStatus s;
  if (running() && m_running) {
    s.texts << tr("%1: computing on %2 threads").arg(m_running->name).arg(defaultJobs());
    s.showProgress = true;
    s.progress = m_session->fraction();
    s.progressFormat = tr("%1 %p%").arg(m_running->name);
  } else if (const StudyOutput* o = studyResult()) {
    if (o->sweep) {
      double cpu = 0.0;
      for (const SweepRun& x : o->sweep->runs) cpu += x.cpuSeconds;
      s.texts << tr("%1 runs, %2 CPU s").arg(o->sweep->runs.size()).arg(g(cpu));
    } else {
      s.texts << tr("%1: done").arg(m_panel->studyBox()->currentText());
    }
  }
  s.failure = s.failureDetail = m_failure;
  return s;
}

void AnalysisMode::redraw() {
  const Study* st = studyOf(m_study);
  const bool running = this->running() && m_running && m_model &&
                       m_running->system == m_model->name() && m_running->study == m_study;
  if (!st || st->keepsRuns()) {
    const bool partial = running && m_partial && m_partial->sweep;
    const StudyOutput* o = partial ? &*m_partial : studyResult();
    m_plots->setResult(o && o->sweep ? o->sweep.get() : nullptr, m_panel->error(), m_panel->cost(),
                       partial);
    return;
  }
  m_studyView->display(studyResult(), running ? tr("computing...") : tr("set the inputs, then Run"),
                       QString::fromStdString(st->name()));
}

bool AnalysisMode::start(QString* problem) {
  if (!m_model) return false;
  if (running()) {
    *problem = tr("a study is running: cancel it first");
    return false;
  }
  const Study* st = studyOf(m_study);
  if (!st) return false;
  const StudyInputs inputs = m_panel->studyInputs();
  const std::vector<Method> methods = m_panel->checkedMethods();
  StudyTask task;
  try {
    task = st->prepare(*m_model, parameters(), inputs, methods);
  } catch (const InputError& e) {
    *problem = QString::fromStdString(e.what());
    m_panel->setProblem(*problem);
    return false;
  }
  m_panel->setProblem({});
  m_failure.clear();
  m_studyInputs[studyKey()] = inputs;
  m_methods[m_model->name()] = methods;
  // a study that keeps its runs shows the last ones until the new ones come (and after a
  // cancel); the others' results go now
  if (!st->keepsRuns()) {
    m_studyResults.erase(studyKey());
    m_panel->setSummary({});
  }
  m_resultParams[m_model->name()] = parameters();
  m_running = Running{m_model->name(), m_study, m_panel->studyBox()->currentText()};
  m_partial.reset();
  m_partialDrawn = true;
  m_session->start(task, defaultJobs());
  m_panel->setRunning(true);
  redraw();
  return true;
}

void AnalysisMode::onFinished(const StudyOutput& output, const QString& error, bool cancelled) {
  const std::optional<Running> job = m_running;
  m_running.reset();
  m_partial.reset();
  m_partialDrawn = true;
  m_panel->setRunning(false);
  if (!job) return;
  const Study* st = studyOf(job->study);
  const bool shown = m_model && job->system == m_model->name() && job->study == m_study;
  int exitStatus = 0;
  if (!error.isEmpty()) {
    m_failure = tr("%1 failed: %2").arg(job->name, error);
    exitStatus = 3;
  } else if (cancelled) {
    if (shown)
      m_panel->setSummary(st && st->keepsRuns()
                              ? tr("Cancelled; the results shown before are kept.")
                              : tr("Cancelled."));
  } else {
    m_studyResults[{job->system, job->study}] = output;
    if (shown) m_panel->setSummary(qs(output.summary));
    exitStatus = output.failed ? 3 : 0;
  }
  redraw();
  emit finished(exitStatus);
}

void AnalysisMode::cancel() { m_session->cancel(); }

void AnalysisMode::chooseStudy(const QString& key) {
  if (key == m_study || running()) {
    if (m_panel->study() != m_study) {  // refused while running: the list shows the one running
      const QSignalBlocker block(m_panel->studyBox());
      m_panel->studyBox()->setCurrentIndex(m_panel->studyBox()->findData(m_study));
    }
    return;
  }
  if (m_model && studyOf(m_study))
    m_studyInputs[studyKey()] = m_panel->studyInputs();  // kept as typed
  const Study* st = studyOf(key);
  m_study = st && m_model && st->supports(*m_model) ? key : firstStudy();
  if (m_model) {
    std::vector<std::pair<QString, QString>> offered;
    for (const Study* s : studies())
      if (s->supports(*m_model)) offered.push_back({qs(s->key()), qs(s->name())});
    m_panel->setStudies(offered, m_study);
  }
  showStudy();
}

void AnalysisMode::showStudy() {
  const Study* st = studyOf(m_study);
  m_views->setCurrentWidget(!st || st->keepsRuns() ? static_cast<QWidget*>(m_plots) : m_studyView);
  if (st && m_model) {
    const auto it = m_studyInputs.find(studyKey());
    m_panel->setStudyForm(qs(st->description()), st->fields(*m_model),
                          it == m_studyInputs.end() ? StudyInputs{} : it->second, st->usesMethods(),
                          st->keepsRuns());
    m_panel->setNotice(qs(st->notice()));
  }
  m_panel->setProblem({});
  const StudyOutput* o = studyResult();
  m_panel->setSummary(o ? qs(o->summary) : QString());
  redraw();
}

void AnalysisMode::addToScenario(Scenario& s) const {
  if (!m_model || m_model->name() != s.system || m_study.isEmpty()) return;
  s.study = Scenario::Study{m_study.toStdString(), m_panel->studyInputs()};
}

void AnalysisMode::takeFromScenario(const Scenario& s) {
  if (!s.study || !m_model || m_model->name() != s.system) return;
  const QString key = qs(s.study->key);
  const Study* st = studyOf(key);
  if (!st || !st->supports(*m_model)) {
    m_panel->setProblem(tr("The scenario's study '%1' is not a study of this system: the study "
                           "shown is kept.")
                            .arg(key));
    return;
  }
  chooseStudy(key);
  StudyInputs& inputs = m_studyInputs[studyKey()];
  if (inputs == s.study->inputs) return;
  inputs = s.study->inputs;
  m_studyResults.erase(studyKey());  // they answered other inputs
  showStudy();
}

void AnalysisMode::applySet(const std::string& name, const std::vector<double>& value) {
  const Study* st = studyOf(m_study);
  if (!st || !m_model) throw InputError("'" + name + "': no study is chosen");
  QStringList keys;
  for (const StudyField& f : st->fields(*m_model)) keys << qs(f.key);
  QLineEdit* edit = m_panel->studyField(qs(name));
  if (!edit)
    throw InputError("not an input of the study " + st->key() +
                     " (its inputs: " + keys.join(", ").toStdString() + ")");
  if (value.size() != 1) throw InputError("one number");
  edit->setText(QString::number(value.front(), 'g', 17));
  m_studyInputs[studyKey()] = m_panel->studyInputs();
}

void AnalysisMode::applyChoice(const std::string& name, const std::string& value) {
  if (name != "study") throw InputError("unknown option '" + name + "'");
  const QString key = qs(value);
  chooseStudy(key);
  if (m_study != key) {
    QStringList known;
    for (const Study* st : studies())
      if (m_model && st->supports(*m_model)) known << qs(st->key());
    throw InputError("'" + value + "': not a study of this system (" +
                     known.join(", ").toStdString() + ")");
  }
}

std::vector<ExportPlot> AnalysisMode::exportPlots() const {
  const Study* st = studyOf(m_study);
  if (!st || !m_model) return {};
  const std::vector<QCustomPlot*> shown =
      st->keepsRuns() ? std::vector<QCustomPlot*>{m_plots->workPrecision(), m_plots->convergence()}
                      : m_studyView->plots();
  const std::vector<std::string> names = st->figureNames(*m_model);
  std::vector<ExportPlot> plots;
  for (std::size_t i = 0; i < shown.size() && i < names.size(); ++i)
    plots.push_back({qs(names[i]), shown[i]});
  return plots;
}

QString AnalysisMode::csvContent() const {
  const Study* st = studyOf(m_study);
  return st && st->keepsRuns() ? tr("sweep") : tr("study's data");
}

QString AnalysisMode::csvUnavailable() const {
  return studyResult() ? QString() : tr("Nothing to export yet: press Run first");
}

void AnalysisMode::exportCsv(const QString& path, const WriteDone& done) {
  const StudyOutput* o = studyResult();
  if (!o) {
    done(false, csvUnavailable());
    return;
  }
  QString error;
  const bool ok = saveText(path, o->csv, &error);
  done(ok, error);
}

QString AnalysisMode::figureCaption() const {
  const StudyOutput* o = studyResult();
  if (!o || !m_model) return {};
  // in the notation of the plots (θ0, S²)
  if (!o->caption.empty()) return qs(typeset(m_model->title() + ", " + o->caption));
  QString text = qs(typeset(o->summary)).replace("<br>", " ");
  return qs(m_model->title()) + ": " + text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
}

void AnalysisMode::saveSettings(QSettings& s) const {
  s.setValue("analysis/study", m_study);
  std::map<StudyKey, StudyInputs> inputs = m_studyInputs;
  std::map<std::string, std::vector<Method>> methods = m_methods;
  if (m_model && studyOf(m_study)) {
    inputs[studyKey()] = m_panel->studyInputs();
    methods[m_model->name()] = m_panel->checkedMethods();
  }
  for (const auto& [key, values] : inputs) {
    const Study* st = studyOf(key.second);
    if (!st) continue;
    const std::string group = st->settingsGroup();
    const QString base =
        "analysis/" + qs(key.first) + "/" + (group.empty() ? QString() : qs(group) + "/");
    for (const auto& [field, value] : values) s.setValue(base + qs(field), qs(value));
  }
  for (const auto& [system, ms] : methods)
    s.setValue("analysis/" + qs(system) + "/methods", methodList(ms));
}

// stored inputs are shown as they were typed (a run checks them); stored methods a system does
// not have (another version, an edited file) are left out
void AnalysisMode::restoreSettings(const QSettings& s) {
  for (const SystemModel* model : allSystems()) {
    const QString base = "analysis/" + qs(model->name()) + "/";
    if (s.contains(base + "methods")) {
      std::vector<Method> ms;
      const std::vector<Method> has = model->methods();
      for (const QString& m : s.value(base + "methods").toString().split(',', Qt::SkipEmptyParts))
        try {
          const Method method = parseMethod(m.toStdString());
          if (std::find(has.begin(), has.end(), method) != has.end()) ms.push_back(method);
        } catch (const std::exception&) {
        }
      m_methods[model->name()] = ms;
    }
    for (const Study* st : studies()) {
      if (!st->supports(*model)) continue;
      const std::string group = st->settingsGroup();
      for (const StudyField& f : st->fields(*model)) {
        const QString key = base + (group.empty() ? QString() : qs(group) + "/") + qs(f.key);
        if (s.contains(key))
          m_studyInputs[{model->name(), qs(st->key())}][f.key] =
              s.value(key).toString().toStdString();
      }
    }
  }
  m_study = s.value("analysis/study", firstStudy()).toString();
  if (m_model) {
    if (m_methods.count(m_model->name())) m_panel->setMethods(m_model, m_methods[m_model->name()]);
    const QString wanted = m_study;
    m_study.clear();
    chooseStudy(wanted);
  }
}

}  // namespace dms::ui
