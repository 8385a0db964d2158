// The Analysis mode's inputs: the study (the sweep or one of ui/analysis/studies.h), the methods
// to compare; for the sweep the step sizes of the fixed-step ones, the tolerances of the adaptive
// ones and the horizon T (core/analysis/sweep.h), then which error and which cost the plots
// show; for another study its own fields. Run and Cancel, and what the run found.
#pragma once

#include <QWidget>
#include <map>

#include "core/analysis/sweep.h"
#include "core/studies/study.h"
#include "ui/analysis/analysisplots.h"

class QCheckBox;
class QFormLayout;
class QGroupBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace dms::ui {

class AnalysisPanel : public QWidget {
  Q_OBJECT
 public:
  explicit AnalysisPanel(QWidget* parent = nullptr);
  /// The key of the sweep among the studies.
  static QString sweepKey() { return QStringLiteral("sweep"); }
  /// The studies offered (key, name), the sweep first, and the one chosen.
  void setStudies(const std::vector<std::pair<QString, QString>>& studies, const QString& current);
  /// The chosen study's key (sweepKey() for the sweep).
  QString study() const;
  QComboBox* studyBox() const { return m_study; }
  /// Shows a study's inputs (not the sweep's): its description, fields with these values, and
  /// the methods when it runs them.
  void setStudyForm(const QString& description, const std::vector<StudyField>& fields,
                    const StudyInputs& values, bool usesMethods);
  /// The study's fields as typed.
  StudyInputs studyInputs() const;
  QLineEdit* studyField(const QString& key) const;
  /// The methods checked, in the system's order.
  std::vector<Method> checkedMethods() const;
  /// Shows a system's methods and a sweep's inputs.
  void setSweep(const SystemModel* model, const SweepSpec& spec);
  /// The sweep the inputs describe, checked (validateSweep); throws InputError naming the
  /// field (as the panel labels it) and the allowed range.
  SweepSpec sweep() const;
  SweepError error() const;
  SweepCost cost() const;
  void setRunning(bool running);
  void setProblem(const QString& text);
  void setSummary(const QString& text);
  /// What to notice in the study's plots, a line under its description (none: hidden).
  void setNotice(const QString& text);
  QString noticeText() const;
  /// Which parameters the runs use, a line under the study.
  void setParameters(const QString& text);
  QString parametersText() const;
  QPushButton* runButton() const { return m_run; }
  QPushButton* cancelButton() const { return m_cancel; }
  QLineEdit* stepsEdit() const { return m_steps; }
  QLineEdit* rtolsEdit() const { return m_rtols; }
  QLineEdit* horizonEdit() const { return m_T; }
  QCheckBox* methodBox(Method m) const;
  QString problemText() const;
  QString summaryText() const;

 signals:
  void runRequested();
  void cancelRequested();
  void defaultsRequested();
  /// The sweep's inputs changed (its results no longer match them).
  void inputsEdited();
  /// The error or the cost shown changed.
  void viewChanged();
  /// Another study was chosen.
  void studyChanged();

 private:
  const SystemModel* m_model = nullptr;
  SweepSpec m_base;  ///< the system and parameters the inputs go with
  QComboBox* m_study = nullptr;
  QLabel* m_studyText = nullptr;
  QGroupBox *m_methodsGroup = nullptr, *m_sweepGroup = nullptr, *m_viewGroup = nullptr;
  QGroupBox* m_studyGroup = nullptr;
  QFormLayout* m_studyForm = nullptr;
  std::map<QString, QLineEdit*> m_studyFields;
  QVBoxLayout* m_methodsBox = nullptr;
  std::map<Method, QCheckBox*> m_methods;
  QLineEdit *m_steps = nullptr, *m_rtols = nullptr, *m_T = nullptr;
  QComboBox *m_error = nullptr, *m_cost = nullptr;
  QPushButton *m_run = nullptr, *m_cancel = nullptr, *m_defaults = nullptr;
  QLabel *m_problem = nullptr, *m_summary = nullptr, *m_parameters = nullptr;
  QLabel* m_notice = nullptr;
  QString m_noticeText;
};

}  // namespace dms::ui
