// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Rows of input fields generated from the core's ParamSpec tables, with unit, allowed range and
// a tooltip per field: the simulation's parameter panel and the optimal-control panel both
// build their fields with it, in one of two styles.
#pragma once

#include <QWidget>
#include <string>
#include <utility>
#include <vector>

#include "core/params.h"

class QDoubleSpinBox;
class QGridLayout;
class QSlider;

namespace dms::ui {

class NumberSpinBox;

class ParamForm : public QWidget {
  Q_OBJECT
 public:
  enum class Style {
    /// A row per scalar and per vector component: label, slider, spin box, unit. Sliders span
    /// ParamSpec::sliderMin..sliderMax, on a log scale over three decades or more. A form of
    /// more than 12 such rows gives each vector one row instead, its components' spin boxes
    /// side by side (no sliders), so that it stays short.
    Sliders,
    /// A row per field: label, a spin box per component side by side, unit.
    Compact,
  };

  explicit ParamForm(Style style, QWidget* parent = nullptr);

  /// Rebuilds the rows (and drops the rows added by addRow), each at its default value.
  void setSpecs(const std::vector<ParamSpec>& specs);
  const std::vector<ParamSpec>& specs() const { return m_specs; }
  bool hasField(const std::string& name) const;
  /// Sets a field's components without emitting changed(); the caller checks the range.
  void setValue(const std::string& name, const std::vector<double>& value);
  /// Sets the fields `values` names (others are ignored) without emitting changed().
  void setValues(const ParamValues& values);
  /// Every field's current value.
  ParamValues values() const;

  /// A field's slider range (its spin box keeps the field's whole range), the slider moved to
  /// the current value; no changed() is emitted.
  void setSliderRange(const std::string& name, double lo, double hi);
  /// The slider range for a field whose value may lie far from `spec`'s slider range (a step of
  /// a minute where the range was made for a step of 0.05 s): spec's own range when it holds
  /// `value`, otherwise a range of the same width ratio (a log scale) that holds `value` where
  /// spec's range holds its default, within the field's allowed range.
  static std::pair<double, double> sliderRangeAround(const ParamSpec& spec, double value);

  /// A row under the fields: a label and a widget across the value columns (e.g. a choice).
  void addRow(const QString& label, QWidget* field);

  /// A row's widgets (component 0 for scalars), for tests; nullptr when absent.
  QSlider* slider(const std::string& name, int component = 0) const;
  QDoubleSpinBox* spinBox(const std::string& name, int component = 0) const;

 signals:
  /// A value was changed by the user (while a slider moves, for every step).
  void changed();
  /// The user typed a value out of a field's range; `message` names the field, the value and
  /// the allowed range. The field keeps its previous value.
  void rejected(const QString& message);

 private:
  struct Row {
    std::string name;
    int component = 0;
    ParamSpec spec;
    bool log = false;
    QSlider* slider = nullptr;  // Style::Sliders only
    NumberSpinBox* spin = nullptr;
  };
  NumberSpinBox* makeSpinBox(const ParamSpec& s, bool log, const QString& tip);
  void addVectorRow(const ParamSpec& s, int row, int unitColumn);
  void setRowValue(Row& row, double v);
  int sliderPosition(const Row& row, double v) const;
  double sliderValue(const Row& row, int pos) const;
  const Row* findRow(const std::string& name, int component) const;

  Style m_style;
  QGridLayout* m_grid = nullptr;
  int m_nextRow = 0;
  std::vector<ParamSpec> m_specs;
  std::vector<Row> m_rows;
};

}  // namespace dms::ui
