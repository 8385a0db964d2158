// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode: for the current system, one of the studies of core/studies (the
// work-precision and convergence sweep of its methods over step sizes and tolerances, equal
// cost, long time, phase space, distance from a reference, RK45's steps) in the worker thread of
// ui/analysis/analysisworker.h, on every core, with progress and Cancel. A study that keeps its
// runs (the sweep) is drawn by AnalysisPlots as its runs finish, the others' plain figures by
// StudyView when done. Results stay, per system and study, until their inputs change. It shows
// no 3D view and has no playback.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/io/scenario.h"
#include "core/studies/study.h"
#include "ui/mode/mode.h"

class QStackedWidget;

namespace dms::ui {

class AnalysisPanel;
class AnalysisPlots;
class AnalysisSession;
class StudyView;

class AnalysisMode : public Mode,
                     public ExportsPlots,
                     public KeepsSettings,
                     public AddsToScenario,
                     public Scripted {
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
  void exportCsv(const QString& path, const WriteDone& done) override;
  QString csvContent() const override;
  QString csvUnavailable() const override;
  QString figureCaption() const override;
  /// A field of the study chosen by --study.
  void applySet(const std::string& name, const std::vector<double>& value) override;
  /// "study": the scripted mode's --study KEY.
  void applyChoice(const std::string& name, const std::string& value) override;
  /// The study shown and its inputs as typed (Scenario::study).
  void addToScenario(Scenario& s) const override;
  void takeFromScenario(const Scenario& s) override;
  /// Each system's methods under "analysis/NAME/methods", its sweep's inputs (h, rtol, T) under
  /// "analysis/NAME/", its other studies' under "analysis/NAME/STUDY/" (Study::settingsGroup),
  /// the study shown under "analysis/study".
  void saveSettings(QSettings& s) const override;
  void restoreSettings(const QSettings& s) override;
  bool start(QString* problem) override;

  void cancel();
  bool running() const;
  /// The sweep's runs for the current system (the output of the study that keeps its runs), or
  /// null.
  const SweepResult* result() const;
  AnalysisPanel* analysisPanel() const { return m_panel; }
  AnalysisPlots* plots() const { return m_plots; }
  StudyView* studyView() const { return m_studyView; }
  /// The study shown (its Study::key); chooses one the system has, else the first.
  QString study() const { return m_study; }
  void chooseStudy(const QString& key);
  /// The output of the study shown for the current system, or null.
  const StudyOutput* studyResult() const;
  /// The parameters the next run uses: the Simulation tab's, normalized, or the defaults.
  ParamValues parameters() const;

 private:
  // the study running: of which system and key, its name for the status bar
  struct Running {
    std::string system;
    QString study, name;
  };
  void onFinished(const StudyOutput& output, const QString& error, bool cancelled);
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
  AnalysisSession* m_session;
  QString m_study;
  std::function<std::optional<Scenario>()> m_simulation;
  std::map<std::string, ParamValues> m_resultParams;     // per system: what its results used
  std::map<std::string, std::vector<Method>> m_methods;  // per system, as checked
  std::map<StudyKey, StudyInputs> m_studyInputs;         // as last run or edited
  std::map<StudyKey, StudyOutput> m_studyResults;        // until their inputs change
  std::optional<Running> m_running;
  QString m_failure;
  std::optional<StudyOutput> m_partial;  // the running study's output so far (the sweep's runs)
  bool m_partialDrawn = true;
};

}  // namespace dms::ui
