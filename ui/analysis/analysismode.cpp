#include "ui/analysis/analysismode.h"

#include <QComboBox>
#include <QIODevice>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <algorithm>
#include <sstream>

#include "core/analysis/parallel.h"
#include "core/sim/registry.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/analysis/studyview.h"
#include "ui/common/methodlook.h"

namespace dms::ui {

namespace {

QString g(double v, int digits = 3) { return QString::number(v, 'g', digits); }

}  // namespace

AnalysisMode::AnalysisMode(const ModeContext& context, QObject* parent,
                           std::function<std::optional<Scenario>()> simulation)
    : Mode(context, parent),
      m_panel(new AnalysisPanel),
      m_plots(new AnalysisPlots),
      m_studyView(new StudyView),
      m_views(new QStackedWidget),
      m_study(AnalysisPanel::sweepKey()),
      m_simulation(std::move(simulation)) {
  m_views->addWidget(m_plots);
  m_views->addWidget(m_studyView);
  connect(m_panel, &AnalysisPanel::studyChanged, this, [this] { chooseStudy(m_panel->study()); });
  connect(m_panel, &AnalysisPanel::runRequested, this, [this] {
    QString problem;
    start(&problem);
  });
  connect(m_panel, &AnalysisPanel::cancelRequested, this, &AnalysisMode::cancel);
  connect(m_panel, &AnalysisPanel::viewChanged, this, &AnalysisMode::redraw);
  connect(m_panel, &AnalysisPanel::inputsEdited, this, [this] {
    // the shown results no longer answer the inputs: they go (results stay only until the
    // inputs change); a running sweep goes on with what it was given
    if (m_model && m_study != AnalysisPanel::sweepKey()) {
      m_studyInputs[studyKey()] = m_panel->studyInputs();
      if (!m_studyResults.erase(studyKey())) return;
      m_panel->setSummary({});
      redraw();
      return;
    }
    if (!m_model || !m_results.erase(m_model->name())) return;
    m_panel->setSummary({});
    redraw();
  });
  connect(m_panel, &AnalysisPanel::defaultsRequested, this, [this] {
    if (!m_model) return;
    if (m_study != AnalysisPanel::sweepKey()) {
      m_studyInputs.erase(studyKey());
      m_studyResults.erase(studyKey());
      m_panel->setProblem({});
      m_panel->setSummary({});
      showStudy();
      return;
    }
    m_results.erase(m_model->name());
    m_inputs[m_model->name()] = defaultSweep(*m_model);
    m_panel->setSweep(m_model, m_inputs[m_model->name()]);
    m_panel->setProblem({});
    m_panel->setSummary({});
    redraw();
  });
}

AnalysisMode::~AnalysisMode() {
  // the worker holds the job, not the mode: stop it and wait, so no thread outlives the window
  if (m_job) m_job->cancel = true;
  if (m_thread) m_thread->wait();
}

QString AnalysisMode::description(const SystemModel* system) const {
  if (!system) return {};
  return tr("Studies of the methods of %1: work-precision and convergence, equal cost, long "
            "time, phase space, distance from a reference, RK45's steps")
      .arg(QString::fromStdString(system->title()));
}

void AnalysisMode::setSystem(const SystemModel* system) {
  if (system == m_model) return;
  cancel();  // a sweep belongs to its system (its runs are not drawn over another's)
  m_model = system;
  if (!m_model) return;
  if (!m_inputs.count(m_model->name())) m_inputs[m_model->name()] = defaultSweep(*m_model);
  m_panel->setSweep(m_model, m_inputs[m_model->name()]);
  m_panel->setProblem({});
  m_panel->setSummary({});
  std::vector<std::pair<QString, QString>> offered;
  for (const Study* st : studies())
    if (st->supports(*m_model))
      offered.push_back({QString::fromStdString(st->key()), QString::fromStdString(st->name())});
  m_panel->setStudies(offered, m_study);
  m_study = m_panel->study();  // the sweep, when this system lacks the study shown before
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
  QStringList changed;
  for (const ParamSpec& spec : m_model->params())
    if (p.count(spec.name) && article.count(spec.name) && p.at(spec.name) != article.at(spec.name))
      changed << QString::fromStdString(spec.name + " = " + formatValue(p.at(spec.name)));
  m_panel->setParameters(
      changed.isEmpty() ? tr("At the article's parameters (change them in the Simulation tab)")
                        : tr("At the Simulation tab's parameters: %1").arg(changed.join(", ")));
  const auto used = m_resultParams.find(m_model->name());
  if (used == m_resultParams.end() || used->second == p || m_job) return;
  m_results.erase(m_model->name());
  for (auto it = m_studyResults.begin(); it != m_studyResults.end();)
    it = it->first.first == m_model->name() ? m_studyResults.erase(it) : std::next(it);
  m_resultParams.erase(used);
  m_panel->setSummary(tr("The parameters changed since the last run: press Run."));
}

void AnalysisMode::deactivate() { cancel(); }

// the runs that finished since the last frame join the partial sweep on the plots
void AnalysisMode::frame(double) {
  if (!m_job || m_job->task) return;
  std::vector<SweepRun> fresh;
  {
    const std::lock_guard<std::mutex> lock(m_job->mutex);
    fresh.swap(m_job->arrived);
  }
  if (fresh.empty()) return;
  if (!m_partial) {
    m_partial.emplace();
    m_partial->spec = m_job->spec;
  }
  for (SweepRun& r : fresh) m_partial->runs.push_back(std::move(r));
  std::sort(m_partial->runs.begin(), m_partial->runs.end(),
            [](const SweepRun& a, const SweepRun& b) { return a.index < b.index; });
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
  if (m_job && m_job->task) {
    s.texts << tr("%1: computing").arg(m_job->study);
    s.showProgress = true;
    s.progress = m_job->fraction;
    s.progressFormat = tr("%1 %p%").arg(m_job->study);
  } else if (m_job) {
    const std::size_t total = m_job->total, done = m_job->done;
    s.texts << tr("sweep: %1 of %2 runs done on %3 threads")
                   .arg(done)
                   .arg(total ? total : sweepPoints(m_job->spec).size() + 2)
                   .arg(defaultJobs());
    s.showProgress = true;
    s.progress = total ? double(done) / double(total) : 0.0;
    s.progressFormat = tr("sweep %p%");
  } else if (m_study != AnalysisPanel::sweepKey()) {
    if (studyResult()) s.texts << tr("%1: done").arg(m_panel->studyBox()->currentText());
  } else if (const SweepResult* r = result()) {
    double cpu = 0.0;
    for (const SweepRun& x : r->runs) cpu += x.cpuSeconds;
    s.texts << tr("%1 runs, %2 CPU s").arg(r->runs.size()).arg(g(cpu));
  }
  s.failure = s.failureDetail = m_failure;
  return s;
}

const SweepResult* AnalysisMode::result() const {
  if (!m_model) return nullptr;
  const auto it = m_results.find(m_model->name());
  return it == m_results.end() ? nullptr : &it->second;
}

void AnalysisMode::redraw() {
  if (m_study != AnalysisPanel::sweepKey()) {
    const bool running = m_job && m_job->task && m_model && m_job->spec.system == m_model->name();
    m_studyView->display(studyResult(),
                         running ? tr("computing...") : tr("set the inputs, then Run"));
    return;
  }
  const bool partial = m_job && m_partial && m_model && m_job->spec.system == m_model->name();
  m_plots->setResult(partial ? &*m_partial : result(), m_panel->error(), m_panel->cost(), partial);
}

bool AnalysisMode::start(QString* problem) {
  if (!m_model) return false;
  if (m_job) {
    *problem = tr("a study is running: cancel it first");
    return false;
  }
  if (m_study != AnalysisPanel::sweepKey()) return startStudy(problem);
  SweepSpec spec;
  try {
    spec = m_panel->sweep();
    spec.parameters = parameters();
  } catch (const InputError& e) {
    *problem = QString::fromStdString(e.what());
    m_panel->setProblem(*problem);
    return false;
  }
  m_panel->setProblem({});
  m_failure.clear();
  m_inputs[m_model->name()] = spec;
  m_resultParams[m_model->name()] = spec.parameters;
  auto job = std::make_shared<Job>();
  job->spec = spec;
  // the results cross to this thread under the job's mutex, which ThreadSanitizer sees (Qt's
  // own queue it does not: ui/common/handoff.h)
  QThread* thread = QThread::create([job] {
    std::optional<SweepResult> result;
    std::string error;
    try {
      result = runSweep(
          job->spec, {}, defaultJobs(), &job->cancel,
          [job](std::size_t done, std::size_t total) {
            job->total = total;
            job->done = done;
          },
          [job](const SweepRun& run) {
            const std::lock_guard<std::mutex> lock(job->mutex);
            job->arrived.push_back(run);
          });
    } catch (const std::exception& e) {
      error = e.what();
    }
    const std::lock_guard<std::mutex> lock(job->mutex);
    job->result = std::move(result);
    job->error = std::move(error);
  });
  connect(thread, &QThread::finished, this, [this, job, thread] { onJobFinished(job, thread); });
  m_job = job;
  m_partial.reset();
  m_thread = thread;
  m_panel->setRunning(true);
  thread->start();
  return true;
}

void AnalysisMode::onJobFinished(const std::shared_ptr<Job>& job, QThread* thread) {
  thread->deleteLater();
  if (job != m_job) return;
  m_job.reset();
  m_partial.reset();
  m_panel->setRunning(false);
  if (job->task) return onStudyFinished(job);
  std::optional<SweepResult> result;
  std::string error;
  {
    const std::lock_guard<std::mutex> lock(job->mutex);
    result = std::move(job->result);
    error = job->error;
  }
  int exitStatus = 0;
  if (!error.empty()) {
    m_failure = tr("the sweep failed: %1").arg(QString::fromStdString(error));
    exitStatus = 3;
  } else if (job->cancel) {
    if (m_model && job->spec.system == m_model->name())
      m_panel->setSummary(tr("Cancelled; the results shown before are kept."));
  } else if (result) {
    m_results[job->spec.system] = *result;
    QStringList orders;
    for (const auto& [m, o] : fittedOrders(*result))
      if (o)
        orders << tr("%1 %2").arg(QString::fromStdString(methodInfo(m).label),
                                  QString::number(*o, 'f', 2));
    int failed = 0;
    for (const SweepRun& r : result->runs) failed += r.status == RunStatus::Failed;
    QString summary = tr("%1 runs").arg(result->runs.size());
    if (failed) summary += tr(", %1 failed (see the CSV's status)").arg(failed);
    if (!orders.isEmpty()) summary += tr(". Fitted orders: %1").arg(orders.join("; "));
    summary += tr(". Reference: %1.").arg(referenceText(result->reference));
    m_panel->setSummary(summary);
  }
  redraw();
  emit finished(exitStatus);
}

void AnalysisMode::cancel() {
  if (m_job) m_job->cancel = true;
}

std::vector<ExportPlot> AnalysisMode::exportPlots() const {
  if (m_study != AnalysisPanel::sweepKey()) {
    std::vector<ExportPlot> plots;
    const Study* st = findStudy(m_study.toStdString());
    const std::vector<QCustomPlot*> shown = m_studyView->plots();
    const std::vector<std::string> names =
        m_model && st ? st->figureNames(*m_model) : std::vector<std::string>{};
    for (std::size_t i = 0; i < shown.size() && i < names.size(); ++i)
      plots.push_back({QString::fromStdString(names[i]), shown[i]});
    return plots;
  }
  return {{"work-precision", m_plots->workPrecision()}, {"convergence", m_plots->convergence()}};
}

QString AnalysisMode::csvContent() const {
  return m_study == AnalysisPanel::sweepKey() ? tr("sweep") : tr("study's data");
}

QString AnalysisMode::csvUnavailable() const {
  const bool none = m_study == AnalysisPanel::sweepKey() ? !result() : !studyResult();
  return none ? tr("Nothing to export yet: press Run first") : QString();
}

bool AnalysisMode::exportCsv(const QString& path, QString* error) const {
  if (m_study != AnalysisPanel::sweepKey()) {
    const StudyOutput* o = studyResult();
    if (!o) {
      if (error) *error = csvUnavailable();
      return false;
    }
    const std::string text = o->csv;
    return saveFile(
        path,
        [&text](QIODevice& file) {
          return file.write(text.data(), qint64(text.size())) == qint64(text.size())
                     ? QString()
                     : file.errorString();
        },
        error);
  }
  const SweepResult* r = result();
  if (!r) {
    if (error) *error = csvUnavailable();
    return false;
  }
  return saveFile(
      path,
      [r](QIODevice& file) {
        std::ostringstream csv;
        writeSweepCsv(csv, *r);
        const std::string text = csv.str();
        return file.write(text.data(), qint64(text.size())) == qint64(text.size())
                   ? QString()
                   : file.errorString();
      },
      error);
}

QString AnalysisMode::figureCaption() const {
  if (m_study != AnalysisPanel::sweepKey()) {
    const StudyOutput* o = studyResult();
    if (!o || !m_model) return {};
    QString text = QString::fromStdString(o->summary).replace("<br>", " ");
    return QString::fromStdString(m_model->title()) + ": " +
           text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
  }
  const SweepResult* r = result();
  if (!r) return {};
  QStringList h, rt;
  for (double x : r->spec.steps) h << g(x, 6);
  for (double x : r->spec.rtols) rt << g(x, 3);
  return tr("%1, T = %2 s; methods %3; h = %4 s; RelTol = %5 (AbsTol = RelTol/1000); reference "
            "%6")
      .arg(QString::fromStdString(m_model->title()), g(r->spec.T, 6), methodList(r->spec.methods),
           h.join(", "), rt.join(", "), referenceText(r->reference));
}

namespace {

QString numbers(const std::vector<double>& xs) {
  QStringList parts;
  for (double x : xs) parts << QString::number(x, 'g', 17);
  return parts.join(',');
}

std::vector<double> numbers(const QString& text) {
  std::vector<double> xs;
  for (const QString& part : text.split(',', Qt::SkipEmptyParts)) xs.push_back(part.toDouble());
  return xs;
}

}  // namespace

void AnalysisMode::saveSettings(QSettings& s) const {
  std::map<std::string, SweepSpec> inputs = m_inputs;
  if (m_model) {
    try {
      inputs[m_model->name()] = m_panel->sweep();  // as shown, when it is a valid sweep
    } catch (const InputError&) {
    }
  }
  s.setValue("analysis/study", m_study);
  std::map<StudyKey, StudyInputs> studyInputs = m_studyInputs;
  if (m_model && m_study != AnalysisPanel::sweepKey())
    studyInputs[studyKey()] = m_panel->studyInputs();
  for (const auto& [key, values] : studyInputs)
    for (const auto& [field, value] : values)
      s.setValue("analysis/" + QString::fromStdString(key.first) + "/" + key.second + "/" +
                     QString::fromStdString(field),
                 QString::fromStdString(value));
  for (const auto& [system, spec] : inputs) {
    const QString key = "analysis/" + QString::fromStdString(system) + "/";
    s.setValue(key + "methods", methodList(spec.methods));
    s.setValue(key + "h", numbers(spec.steps));
    s.setValue(key + "rtol", numbers(spec.rtols));
    s.setValue(key + "T", spec.T);
  }
}

// a stored sweep that no longer validates (another version, an edited file) is left out
void AnalysisMode::restoreSettings(const QSettings& s) {
  for (const SystemModel* model : allSystems()) {
    const QString key = "analysis/" + QString::fromStdString(model->name()) + "/";
    if (!s.contains(key + "T")) continue;
    SweepSpec spec = defaultSweep(*model);
    try {
      spec.methods.clear();
      for (const QString& m : s.value(key + "methods").toString().split(',', Qt::SkipEmptyParts))
        spec.methods.push_back(parseMethod(m.toStdString()));
      spec.steps = numbers(s.value(key + "h").toString());
      spec.rtols = numbers(s.value(key + "rtol").toString());
      spec.T = s.value(key + "T").toDouble();
      validateSweep(spec);
      m_inputs[model->name()] = spec;
    } catch (const std::exception&) {
    }
  }
  for (const SystemModel* model : allSystems())
    for (const Study* st : studies()) {
      if (!st->supports(*model)) continue;
      for (const StudyField& f : st->fields(*model)) {
        const QString study = QString::fromStdString(st->key());
        const QString key = "analysis/" + QString::fromStdString(model->name()) + "/" + study +
                            "/" + QString::fromStdString(f.key);
        if (s.contains(key))
          m_studyInputs[{model->name(), study}][f.key] = s.value(key).toString().toStdString();
      }
    }
  m_study = s.value("analysis/study", AnalysisPanel::sweepKey()).toString();
  if (m_model && m_inputs.count(m_model->name()))
    m_panel->setSweep(m_model, m_inputs[m_model->name()]);
  if (m_model) {
    const QString wanted = m_study;
    m_study.clear();
    chooseStudy(wanted);
  }
}

QString AnalysisMode::playTimeProblem(double) const {
  return tr("the Analysis mode has no playback");
}

}  // namespace dms::ui
