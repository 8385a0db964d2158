// The Analysis mode's inputs: the methods to compare, the step sizes of the fixed-step ones, the
// tolerances of the adaptive ones and the horizon T (a sweep, core/analysis/sweep.h), then which
// error and which cost the plots show; Run and Cancel, and the orders fitted.
#pragma once

#include <QWidget>
#include <map>

#include "core/analysis/sweep.h"
#include "ui/analysis/analysisplots.h"

class QCheckBox;
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
  QPushButton* runButton() const { return m_run; }
  QPushButton* cancelButton() const { return m_cancel; }
  QLineEdit* stepsEdit() const { return m_steps; }
  QLineEdit* rtolsEdit() const { return m_rtols; }
  QLineEdit* horizonEdit() const { return m_T; }
  QCheckBox* methodBox(Method m) const;
  QString problemText() const;

 signals:
  void runRequested();
  void cancelRequested();
  void defaultsRequested();
  /// The sweep's inputs changed (its results no longer match them).
  void inputsEdited();
  /// The error or the cost shown changed.
  void viewChanged();

 private:
  const SystemModel* m_model = nullptr;
  SweepSpec m_base;  ///< the system and parameters the inputs go with
  QVBoxLayout* m_methodsBox = nullptr;
  std::map<Method, QCheckBox*> m_methods;
  QLineEdit *m_steps = nullptr, *m_rtols = nullptr, *m_T = nullptr;
  QComboBox *m_error = nullptr, *m_cost = nullptr;
  QPushButton *m_run = nullptr, *m_cancel = nullptr, *m_defaults = nullptr;
  QLabel *m_problem = nullptr, *m_summary = nullptr;
};

}  // namespace dms::ui
