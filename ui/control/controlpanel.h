// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The left panel of the "Optimal control" mode, generated from a ControlProblem: the maneuver's
// fields (ParamForm, compact: a spin box per component, with unit, range and tooltip) and its
// fields typed as expressions (a line each, the costs), the solver's settings and choices, Solve
// and Cancel, the problem with the input (in red, in place), the notes on the input (what the solve
// normalizes, where the maneuver ends), the live iteration and the result's summary.
#pragma once

#include <QWidget>
#include <map>
#include <string>
#include <vector>

#include "core/sim/registry.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSettings;

namespace dms::ui {

class MessageLine;
class ParamForm;

class ControlPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ControlPanel(QWidget* parent = nullptr);

  /// Rebuilds the fields for a problem of a system (by name) with its defaults (nullptr: a
  /// note that the system has no optimal control).
  void setProblem(const ControlProblem* problem, const std::string& system = {});
  const ControlProblem* problem() const { return m_problem; }
  ControlRequest request() const;
  /// Every field and choice of a request of this problem (one changed() signal).
  void setRequest(const ControlRequest& request);
  /// One field by name; throws InputError when unknown or out of range.
  void setValue(const std::string& name, const std::vector<double>& value);
  /// One choice by name; throws InputError when unknown.
  void setChoice(const std::string& name, const std::string& value);
  void resetToDefaults();

  /// Values per system in QSettings (group "control/<system>").
  void saveSettings(QSettings& s) const;
  /// The same for a request of another system's problem.
  static void saveRequest(QSettings& s, const std::string& system, const ControlRequest& r);
  void restoreSettings(const QSettings& s);

  void setRunning(bool running);
  void showProblem(const QString& text);  ///< empty hides it
  QString problemText() const;
  /// The note under the buttons, or empty: what the solve changes in the values (a direction
  /// normalized, T not a whole number of steps h: ControlProblem::warnings) and, for the
  /// problem's own T and h, where the maneuver ends (ControlProblem::horizonNote).
  QString noteText() const;
  void setLiveText(const QString& text);
  QString liveText() const;
  void setSummary(const QString& html);

  /// The label of the note (or of a problem with the values) and that of the solve's summary.
  QLabel* noteLabel() const;
  QLabel* summaryLabel() const { return m_summary; }
  QPushButton* solveButton() const { return m_solve; }
  QPushButton* cancelButton() const { return m_cancel; }
  QDoubleSpinBox* spinBox(const std::string& name, int component = 0) const;
  /// The field of an expression (running_cost, terminal_cost), or nullptr.
  QLineEdit* expressionEdit(const std::string& name) const;

 signals:
  void solveRequested();
  void cancelRequested();
  void changed();

 private:
  void setFieldValues(const ParamValues& values);
  void updateNote();

  const ControlProblem* m_problem = nullptr;
  std::string m_system;  // for the settings' keys
  QWidget* m_form = nullptr;
  QScrollArea* m_scroll = nullptr;  // the title and the fields
  QLabel* m_title = nullptr;
  MessageLine* m_problemLabel = nullptr;
  QLabel* m_live = nullptr;
  QLabel* m_summary = nullptr;
  QPushButton* m_solve = nullptr;
  QPushButton* m_cancel = nullptr;
  std::vector<ParamForm*> m_fields;  // maneuver, solver
  std::map<std::string, QComboBox*> m_choices;
  std::map<std::string, QLineEdit*> m_expressions;
};

}  // namespace dms::ui
