// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's inputs: the study (core/studies/study.h: the sweep first), the methods to
// compare and the study's own fields (the sweep's: the step sizes of the fixed-step methods, the
// tolerances of the adaptive ones and the horizon T); for a study that keeps its runs (the
// sweep), which error and which cost its plots show. Run and Cancel, and what the run found.
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
  /// The studies offered (key, name), and the one chosen (else the first).
  void setStudies(const std::vector<std::pair<QString, QString>>& studies, const QString& current);
  /// The chosen study's key.
  QString study() const;
  QComboBox* studyBox() const { return m_study; }
  /// Shows a study's inputs: its description, fields with these values, the methods when it
  /// runs them, and the error and cost shown when it keeps its runs (Study::keepsRuns).
  void setStudyForm(const QString& description, const std::vector<StudyField>& fields,
                    const StudyInputs& values, bool usesMethods, bool keepsRuns);
  /// The study's fields as typed.
  StudyInputs studyInputs() const;
  QLineEdit* studyField(const QString& key) const;
  /// The methods checked, in the system's order.
  std::vector<Method> checkedMethods() const;
  /// Shows a system's methods, these checked.
  void setMethods(const SystemModel* model, const std::vector<Method>& checked);
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
  /// The sweep's fields (null for another study).
  QLineEdit* stepsEdit() const { return studyField(QStringLiteral("h")); }
  QLineEdit* rtolsEdit() const { return studyField(QStringLiteral("rtol")); }
  QLineEdit* horizonEdit() const { return studyField(QStringLiteral("T")); }
  QCheckBox* methodBox(Method m) const;
  QString problemText() const;
  QString summaryText() const;

 signals:
  void runRequested();
  void cancelRequested();
  void defaultsRequested();
  /// The study's inputs changed (its results no longer match them).
  void inputsEdited();
  /// The error or the cost shown changed.
  void viewChanged();
  /// Another study was chosen.
  void studyChanged();

 private:
  const SystemModel* m_model = nullptr;
  QComboBox* m_study = nullptr;
  QLabel* m_studyText = nullptr;
  QGroupBox *m_methodsGroup = nullptr, *m_viewGroup = nullptr;
  QGroupBox* m_studyGroup = nullptr;
  QFormLayout* m_studyForm = nullptr;
  std::map<QString, QLineEdit*> m_studyFields;
  QVBoxLayout* m_methodsBox = nullptr;
  std::map<Method, QCheckBox*> m_methods;
  QComboBox *m_error = nullptr, *m_cost = nullptr;
  QPushButton *m_run = nullptr, *m_cancel = nullptr, *m_defaults = nullptr;
  QLabel *m_problem = nullptr, *m_summary = nullptr, *m_parameters = nullptr;
  QLabel* m_notice = nullptr;
  QString m_noticeText;
};

}  // namespace dms::ui
