// The parameter panel, generated from the core's ParamSpec tables: a slider and a spin box per
// scalar and per vector component, with unit, range and tooltip; the integrator settings below.
#pragma once

#include <QDoubleSpinBox>
#include <QWidget>
#include <string>
#include <vector>

#include "core/sim/model.h"

class QComboBox;
class QLabel;
class QSlider;
class QVBoxLayout;
class QGroupBox;

namespace dms::ui {

/// A spin box that shows and reads numbers in scientific notation when they need it (1e-10),
/// and steps by a factor on a log scale.
class NumberSpinBox : public QDoubleSpinBox {
  Q_OBJECT
 public:
  explicit NumberSpinBox(QWidget* parent = nullptr);
  void setLogSteps(bool log) { m_log = log; }
  QString textFromValue(double value) const override;
  double valueFromText(const QString& text) const override;
  QValidator::State validate(QString& text, int& pos) const override;
  void stepBy(int steps) override;

 private:
  bool m_log = false;
};

class ParamPanel : public QWidget {
  Q_OBJECT
 public:
  explicit ParamPanel(QWidget* parent = nullptr);

  /// Rebuilds the rows for a system and sets its article values (no changed() signal).
  void setSystem(const SystemModel* model);
  const SystemModel* system() const { return m_model; }
  /// Sets values and settings (e.g. from a scenario file) without emitting changed().
  void setScenario(const ParamValues& values, const IntegratorSettings& settings);
  /// One parameter or setting (h, T, rtol, atol) by name; throws InputError when out of range.
  /// Emits changed().
  void setValue(const std::string& name, const std::vector<double>& value);
  /// Back to the article's values; emits changed().
  void resetToArticle();

  ParamValues values() const;
  IntegratorSettings settings() const;

  /// A problem with the current values (shown in red in place), or empty to clear it.
  void showProblem(const QString& text);
  /// Notes (e.g. "omega0 projected onto the tangent plane"), or empty.
  void showNote(const QString& text);
  QString problem() const;

  /// The widgets of one row, for tests (component 0 for scalars); nullptr when absent.
  QSlider* slider(const std::string& name, int component = 0) const;
  QDoubleSpinBox* spinBox(const std::string& name, int component = 0) const;

 signals:
  /// A value was changed by the user (while a slider moves, for every step).
  void changed();

 private:
  struct Row {
    std::string name;
    int component = 0;
    ParamSpec spec;
    bool log = false;
    QSlider* slider = nullptr;
    NumberSpinBox* spin = nullptr;
  };
  void addRows(QGroupBox* box, const std::vector<ParamSpec>& specs, std::vector<Row>& rows);
  void setRowValue(Row& row, double v);
  int sliderPosition(const Row& row, double v) const;
  double sliderValue(const Row& row, int pos) const;
  const Row* findRow(const std::string& name, int component) const;

  const SystemModel* m_model = nullptr;
  QVBoxLayout* m_layout = nullptr;
  QGroupBox* m_paramBox = nullptr;
  QGroupBox* m_settingsBox = nullptr;
  QComboBox* m_controller = nullptr;
  QComboBox* m_sampling = nullptr;
  QLabel* m_problem = nullptr;
  QLabel* m_note = nullptr;
  std::vector<Row> m_paramRows, m_settingRows;
  IntegratorSettings m_base;  // controller/sampling and anything not shown
};

}  // namespace dms::ui
