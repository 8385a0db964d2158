// The Analysis mode's studies beside the sweep: choosing one, running it in the worker thread
// and taking its output back (the sweep's own code is analysismode.cpp).
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QThread>

#include "core/analysis/parallel.h"
#include "ui/analysis/analysismode.h"
#include "ui/analysis/analysispanel.h"
#include "ui/analysis/analysisplots.h"
#include "ui/analysis/studyview.h"

namespace dms::ui {

AnalysisMode::StudyKey AnalysisMode::studyKey() const {
  return {m_model ? m_model->name() : std::string(), m_study};
}

const StudyOutput* AnalysisMode::studyResult() const {
  const auto it = m_studyResults.find(studyKey());
  return it == m_studyResults.end() ? nullptr : &it->second;
}

void AnalysisMode::chooseStudy(const QString& key) {
  if (key == m_study || m_job) {
    if (m_panel->study() != m_study) {  // refused while running: the list shows the one running
      const QSignalBlocker block(m_panel->studyBox());
      m_panel->studyBox()->setCurrentIndex(m_panel->studyBox()->findData(m_study));
    }
    return;
  }
  if (m_model && m_study != AnalysisPanel::sweepKey())
    m_studyInputs[studyKey()] = m_panel->studyInputs();  // kept as typed
  const Study* st = findStudy(key.toStdString());
  m_study = st && m_model && st->supports(*m_model) ? key : AnalysisPanel::sweepKey();
  if (m_model) {
    std::vector<std::pair<QString, QString>> offered;
    for (const Study* s : studies())
      if (s->supports(*m_model))
        offered.push_back({QString::fromStdString(s->key()), QString::fromStdString(s->name())});
    m_panel->setStudies(offered, m_study);
  }
  showStudy();
}

void AnalysisMode::showStudy() {
  const Study* st = findStudy(m_study.toStdString());
  const bool sweep = !st || !m_model;
  m_views->setCurrentWidget(sweep ? static_cast<QWidget*>(m_plots) : m_studyView);
  if (sweep) {
    m_panel->setStudyForm({}, {}, {}, true);
    m_panel->setNotice(sweepNotice());
  } else {
    const auto it = m_studyInputs.find(studyKey());
    m_panel->setStudyForm(QString::fromStdString(st->description()), st->fields(*m_model),
                          it == m_studyInputs.end() ? StudyInputs{} : it->second,
                          st->usesMethods());
    m_panel->setNotice(QString::fromStdString(st->notice()));
  }
  m_panel->setProblem({});
  const StudyOutput* o = sweep ? nullptr : studyResult();
  m_panel->setSummary(o ? QString::fromStdString(o->summary) : QString());
  redraw();
}

bool AnalysisMode::startStudy(QString* problem) {
  const Study* st = findStudy(m_study.toStdString());
  const StudyInputs inputs = m_panel->studyInputs();
  StudyTask task;
  try {
    task = st->prepare(*m_model, parameters(), inputs, m_panel->checkedMethods());
  } catch (const InputError& e) {
    *problem = QString::fromStdString(e.what());
    m_panel->setProblem(*problem);
    return false;
  }
  m_panel->setProblem({});
  m_failure.clear();
  m_studyInputs[studyKey()] = inputs;
  m_studyResults.erase(studyKey());
  m_resultParams[m_model->name()] = parameters();
  auto job = std::make_shared<Job>();
  job->spec.system = m_model->name();
  job->study = m_panel->studyBox()->currentText();
  job->studyKey = m_study;
  job->task = task;
  // the output crosses to this thread under the job's mutex, which ThreadSanitizer sees
  QThread* thread = QThread::create([job] {
    std::optional<StudyOutput> output;
    std::string error;
    try {
      output = job->task(defaultJobs(), &job->cancel, [job](double f) { job->fraction = f; });
    } catch (const std::exception& e) {
      error = e.what();
    }
    const std::lock_guard<std::mutex> lock(job->mutex);
    job->output = std::move(output);
    job->error = std::move(error);
  });
  connect(thread, &QThread::finished, this, [this, job, thread] { onJobFinished(job, thread); });
  m_job = job;
  m_thread = thread;
  m_panel->setRunning(true);
  m_panel->setSummary({});
  redraw();
  thread->start();
  return true;
}

void AnalysisMode::onStudyFinished(const std::shared_ptr<Job>& job) {
  std::optional<StudyOutput> output;
  std::string error;
  {
    const std::lock_guard<std::mutex> lock(job->mutex);
    output = std::move(job->output);
    error = job->error;
  }
  const bool shown = m_model && job->spec.system == m_model->name() &&
                     job->study == m_panel->studyBox()->currentText();
  int exitStatus = 0;
  if (!error.empty()) {
    m_failure = tr("%1 failed: %2").arg(job->study, QString::fromStdString(error));
    exitStatus = 3;
  } else if (job->cancel) {
    if (shown) m_panel->setSummary(tr("Cancelled."));
  } else if (output) {
    m_studyResults[{job->spec.system, job->studyKey}] = *output;
    if (shown) m_panel->setSummary(QString::fromStdString(output->summary));
    exitStatus = output->failed ? 3 : 0;
  }
  redraw();
  emit finished(exitStatus);
}

void AnalysisMode::applySet(const std::string& name, const std::vector<double>& value) {
  const Study* st = findStudy(m_study.toStdString());
  if (!st || !m_model)
    throw InputError("'" + name +
                     "': the sweep takes its inputs from its panel (a --study takes "
                     "--set for its fields)");
  QStringList keys;
  for (const StudyField& f : st->fields(*m_model)) keys << QString::fromStdString(f.key);
  QLineEdit* edit = m_panel->studyField(QString::fromStdString(name));
  if (!edit)
    throw InputError("not an input of the study " + st->key() +
                     " (its inputs: " + keys.join(", ").toStdString() + ")");
  if (value.size() != 1) throw InputError("one number");
  edit->setText(QString::number(value.front(), 'g', 17));
  m_studyInputs[studyKey()] = m_panel->studyInputs();
}

void AnalysisMode::applyChoice(const std::string& name, const std::string& value) {
  if (name != "study") return Mode::applyChoice(name, value);
  const QString key = QString::fromStdString(value);
  chooseStudy(key);
  if (m_study != key) {
    QStringList known;
    for (const Study* st : studies())
      if (m_model && st->supports(*m_model)) known << QString::fromStdString(st->key());
    throw InputError("'" + value + "': not a study of this system (" +
                     known.join(", ").toStdString() + ")");
  }
}

}  // namespace dms::ui
