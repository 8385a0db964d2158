// The Analysis mode: for the current system, a sweep of its methods over step sizes
// and tolerances (core/analysis/sweep.h, the computation of `dmsim sweep`) on every core in a
// worker thread, with progress and Cancel, drawn as a work-precision diagram and a convergence
// plot with the fitted orders (the runs are drawn as they finish); or one of the other studies
// (core/studies/study.h: equal cost, long time, phase space, distance, RK45's steps) in the
// same worker, drawn when done. Results stay, per system and study, until their inputs change.
// It shows no 3D view and has no playback.
#pragma once

#include <QPointer>
#include <QThread>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/io/scenario.h"
#include "core/studies/study.h"
#include "ui/app/mode.h"

class QStackedWidget;

namespace dms::ui {

class AnalysisPanel;
class AnalysisPlots;
class StudyView;

class AnalysisMode : public Mode {
  Q_OBJECT
 public:
  /// `simulation` gives the Simulation tab's scenario: the runs use its parameters (when it is of
  /// the same system), the article's without it.
  AnalysisMode(const ModeContext& context, QObject* parent,
               std::function<std::optional<Scenario>()> simulation = {});
  ~AnalysisMode() override;

  QString name() const override { return tr("Analysis"); }
  QString settingsKey() const override { return QStringLiteral("analysis"); }
  QString description(const SystemModel* system) const override;
  bool supports(const SystemModel* system) const override { return system != nullptr; }
  void setSystem(const SystemModel* system) override;
  bool showsScene() const override { return false; }
  QWidget* panel() const override;
  QWidget* views() const override;
  void activate() override;
  void deactivate() override;
  void frame(double t) override;
  QString legend() const override;
  ModeStatus status() const override;
  std::vector<ExportPlot> exportPlots() const override;
  bool exportCsv(const QString& path, QString* error) const override;
  QString csvContent() const override;
  QString csvUnavailable() const override;
  QString figureCaption() const override;
  /// A field of the study chosen by --study (not the sweep, whose inputs are its defaults).
  void applySet(const std::string& name, const std::vector<double>& value) override;
  /// "study": the scripted mode's --study KEY.
  void applyChoice(const std::string& name, const std::string& value) override;
  QString playTimeProblem(double t) const override;
  /// Each system's sweep inputs (methods, h values, RelTol values, T) under "analysis/NAME/",
  /// its other studies' under "analysis/NAME/STUDY/", the study shown under "analysis/study".
  void saveSettings(QSettings& s) const override;
  void restoreSettings(const QSettings& s) override;
  bool start(QString* problem) override;

  void cancel();
  bool running() const { return m_job != nullptr; }
  /// The sweep shown for the current system, or null.
  const SweepResult* result() const;
  AnalysisPanel* analysisPanel() const { return m_panel; }
  AnalysisPlots* plots() const { return m_plots; }
  StudyView* studyView() const { return m_studyView; }
  /// The study shown (AnalysisPanel::sweepKey() for the sweep); chooses one the system has.
  QString study() const { return m_study; }
  void chooseStudy(const QString& key);
  /// The output of the study shown for the current system, or null (none for the sweep).
  const StudyOutput* studyResult() const;
  /// The parameters the next run uses: the Simulation tab's, normalized, or the defaults.
  ParamValues parameters() const;

 private:
  // a sweep in its worker thread: written there, read here after the thread has finished
  struct Job {
    SweepSpec spec;                     // the sweep's; for a study its system alone
    StudyTask task;                     // set for a study
    QString study;                      // its name, for the status bar
    QString studyKey;                   // Study::key()
    std::atomic<double> fraction{0.0};  // a study's progress
    std::optional<StudyOutput> output;  // a study's, under the mutex
    std::atomic<bool> cancel{false};
    std::atomic<std::size_t> done{0}, total{0};
    std::mutex mutex;  // guards what follows: written by the worker, read here
    std::optional<SweepResult> result;
    std::string error;
    std::vector<SweepRun> arrived;  // runs finished (with their error) not yet drawn
  };
  void onJobFinished(const std::shared_ptr<Job>& job, QThread* thread);
  void onStudyFinished(const std::shared_ptr<Job>& job);
  bool startStudy(QString* problem);
  void showStudy();
  void redraw();
  using StudyKey = std::pair<std::string, QString>;  // system, study
  StudyKey studyKey() const;
  // drops the current system's results when the parameters have changed since they were made,
  // and says in the panel which parameters the runs use
  void checkParameters();

  const SystemModel* m_model = nullptr;
  AnalysisPanel* m_panel;
  AnalysisPlots* m_plots;
  StudyView* m_studyView;
  QStackedWidget* m_views;
  QString m_study;
  std::function<std::optional<Scenario>()> m_simulation;
  std::map<std::string, ParamValues> m_resultParams;  // per system: what its results used
  std::map<StudyKey, StudyInputs> m_studyInputs;      // as last run or edited
  std::map<StudyKey, StudyOutput> m_studyResults;     // until their inputs change
  std::map<std::string, SweepSpec> m_inputs;          // per system, as last run or edited
  std::map<std::string, SweepResult> m_results;       // per system, until its inputs change
  std::shared_ptr<Job> m_job;
  QPointer<QThread> m_thread;
  QString m_failure;
  std::optional<SweepResult> m_partial;  // the running sweep's runs so far, drawn as they come
};

}  // namespace dms::ui
