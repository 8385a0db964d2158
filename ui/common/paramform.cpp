// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/paramform.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/notation.h"
#include "ui/common/numberspinbox.h"

namespace dms::ui {

namespace {

constexpr int kSliderSteps = 1000;
constexpr int kCompactColumns = 3;  // spin boxes of a vector side by side
// a sliders form taller than this many rows draws its vectors a row each, their components side
// by side without sliders, so that what follows it (the integrator's h and T) stays in view at
// the default window size: the dumbbell's 17 rows become 9, the spherical pendulum's 9 stay
constexpr int kMaxSliderRows = 12;

// headed by the plain name, not the typeset label beside the field: the name --set, scenario
// files and Python take
QString fieldTip(const ParamSpec& s) {
  return QString("<b>%1</b>%2<br>%3<br>allowed: %4 %5")
      .arg(QString::fromStdString(s.name),
           s.unit.empty() ? QString()
                          : QString(" [%1]").arg(QString::fromStdString(typeset(s.unit))),
           QString::fromStdString(s.description).toHtmlEscaped(),
           QString::fromStdString(s.rangeText()), QString::fromStdString(typeset(s.unit)));
}

QString componentLabel(const ParamSpec& s, int c) {
  static const char* axes[] = {"x", "y", "z"};
  QString name = QString::fromStdString(typesetName(s.name));
  if (s.dim > 1) name += QString(" (%1)").arg(c < 3 ? axes[c] : "?");
  return name;
}

// three decades or more between the slider's ends: a log scale
bool logScale(const ParamSpec& s) { return s.sliderMin > 0 && s.sliderMax / s.sliderMin >= 1e3; }

// a spin box that shows fewer digits than a double holds: its tooltip shows them all
void showExactValue(NumberSpinBox* spin, const QString& tip) {
  const auto show = [spin, tip](double v) {
    spin->setToolTip(QString("%1<br>value: %2").arg(tip, QString::number(v, 'g', 17)));
  };
  QObject::connect(spin, &QDoubleSpinBox::valueChanged, spin, show);
  show(spin->value());
}

// a slider row's tooltip: the field's, and the slider's ends
QString sliderTip(const ParamSpec& s, bool log) {
  return fieldTip(s) + QString("<br>slider: %1 to %2%3")
                           .arg(shortNumber(s.sliderMin), shortNumber(s.sliderMax),
                                log ? QString(" (log scale)") : QString());
}

}  // namespace

ParamForm::ParamForm(Style style, QWidget* parent) : QWidget(parent), m_style(style) {
  setSpecs({});
}

NumberSpinBox* ParamForm::makeSpinBox(const ParamSpec& s, bool log, const QString& tip) {
  auto* spin = new NumberSpinBox(this);
  spin->setLogSteps(log);
  const double inf = std::numeric_limits<double>::infinity();
  spin->setMinimum(s.minOpen ? std::nextafter(s.min, inf) : s.min);
  spin->setMaximum(s.maxOpen ? std::nextafter(s.max, -inf) : s.max);
  spin->setSingleStep((s.sliderMax - s.sliderMin) / 100.0);
  spin->setToolTip(tip);
  return spin;
}

// a vector in a sliders form: its label, its components' spin boxes side by side across the
// slider and spin box columns, its unit
void ParamForm::addVectorRow(const ParamSpec& s, int r, int unitColumn) {
  const bool log = logScale(s);
  const QString tip = fieldTip(s);
  auto* label = new QLabel(QString::fromStdString(typesetName(s.name)), this);
  label->setToolTip(tip);
  m_grid->addWidget(label, r, 0);
  auto* boxes = new QWidget(this);
  auto* row = new QHBoxLayout(boxes);
  row->setContentsMargins(0, 0, 0, 0);
  row->setSpacing(4);
  for (int c = 0; c < s.dim; ++c) {
    Row field{s.name, c, s, log, nullptr, makeSpinBox(s, log, tip)};
    field.spin->setParent(boxes);
    field.spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
    field.spin->setShownDigits(6);
    field.spin->setMinimumWidth(48);
    field.spin->setValue(s.defaults[std::size_t(c)]);
    showExactValue(field.spin, tip);
    row->addWidget(field.spin, 1);
    m_rows.push_back(field);
  }
  m_grid->addWidget(boxes, r, 1, 1, 2);
  auto* unit = new QLabel(QString::fromStdString(typeset(s.unit)), this);
  unit->setMinimumWidth(40);
  m_grid->addWidget(unit, r, unitColumn);
}

void ParamForm::setSpecs(const std::vector<ParamSpec>& specs) {
  for (QWidget* w : findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) delete w;
  delete m_grid;
  // a derived parameter has no value of its own: the form shows what it is derived from
  m_specs.clear();
  for (const ParamSpec& s : specs)
    if (!s.isDerived()) m_specs.push_back(s);
  m_rows.clear();
  m_grid = new QGridLayout(this);
  m_grid->setContentsMargins(0, 0, 0, 0);
  m_grid->setVerticalSpacing(4);
  const bool sliders = m_style == Style::Sliders;
  m_grid->setHorizontalSpacing(sliders ? 8 : 6);
  if (sliders) {
    m_grid->setColumnStretch(1, 1);
  } else {
    for (int c = 1; c <= kCompactColumns; ++c) m_grid->setColumnStretch(c, 1);
  }
  const int unitColumn = sliders ? 3 : 1 + kCompactColumns;
  int sliderRows = 0;
  for (const ParamSpec& s : m_specs) sliderRows += s.dim;
  const bool vectorsInARow = sliders && sliderRows > kMaxSliderRows;
  int r = 0;
  for (const ParamSpec& s : m_specs) {
    if (vectorsInARow && s.dim > 1) {
      addVectorRow(s, r, unitColumn);
      ++r;
      continue;
    }
    const bool log = logScale(s);
    const QString tip = sliders ? sliderTip(s, log) : fieldTip(s);
    for (int c = 0; c < s.dim; ++c) {
      // created in reading order, which is the tab order: label, slider, spin box
      Row row{s.name, c, s, log, nullptr, nullptr};
      if (sliders) {
        auto* label = new QLabel(componentLabel(s, c), this);
        label->setToolTip(tip);
        row.slider = new QSlider(Qt::Horizontal, this);
        row.slider->setRange(0, kSliderSteps);
        row.slider->setToolTip(tip);
        row.slider->setMinimumWidth(48);  // the number and its unit keep their width
        row.slider->setValue(sliderPosition(row, s.defaults[std::size_t(c)]));
        m_grid->addWidget(label, r + c, 0);
        m_grid->addWidget(row.slider, r + c, 1);
      } else if (c == 0) {
        auto* label = new QLabel(QString::fromStdString(typesetName(s.name)), this);
        label->setToolTip(tip);
        m_grid->addWidget(label, r, 0);
      }
      row.spin = makeSpinBox(s, log, tip);
      row.spin->setValue(s.defaults[std::size_t(c)]);
      if (sliders) {
        m_grid->addWidget(row.spin, r + c, 2);
      } else if (s.dim > 1) {
        // a vector's components side by side: six significant digits fit without step arrows
        // (the wheel and the arrow keys step; every digit is kept, and the tooltip shows them)
        row.spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
        row.spin->setShownDigits(6);
        row.spin->setMinimumWidth(60);
        showExactValue(row.spin, tip);
        m_grid->addWidget(row.spin, r, 1 + c);
      } else {
        m_grid->addWidget(row.spin, r, 1, 1, kCompactColumns);  // a scalar spans them
      }
      m_rows.push_back(row);
    }
    const int rows = sliders ? s.dim : 1;
    for (int k = 0; k < rows; ++k) {
      auto* unit = new QLabel(QString::fromStdString(typeset(s.unit)), this);
      unit->setMinimumWidth(sliders ? 40 : 30);
      m_grid->addWidget(unit, r + k, unitColumn);
    }
    r += rows;
  }
  m_nextRow = r;
  // connect once the rows vector is final (a lambda holds an index, not a pointer)
  for (std::size_t i = 0; i < m_rows.size(); ++i) {
    connect(m_rows[i].spin, &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
      Row& row = m_rows[i];
      if (row.slider) {
        row.slider->blockSignals(true);
        row.slider->setValue(sliderPosition(row, v));
        row.slider->blockSignals(false);
      }
      emit changed();
    });
    connect(m_rows[i].spin, &NumberSpinBox::outOfRange, this, [this, i](double v) {
      const Row& row = m_rows[i];
      std::vector<double> value = values().at(row.name);
      value[std::size_t(row.component)] = v;
      QString message;
      try {
        checkValue(row.spec, value);
        message = tr("'%1' = %2 is out of range").arg(QString::fromStdString(row.name)).arg(v);
      } catch (const InputError& e) {
        message = QString::fromStdString(e.what());
      }
      emit rejected(tr("%1; kept %2").arg(message, row.spin->textFromValue(row.spin->value())));
    });
    if (!m_rows[i].slider) continue;
    connect(m_rows[i].slider, &QSlider::valueChanged, this, [this, i](int pos) {
      Row& row = m_rows[i];
      row.spin->blockSignals(true);
      row.spin->setValue(sliderValue(row, pos));
      row.spin->blockSignals(false);
      emit changed();
    });
  }
}

void ParamForm::addRow(const QString& label, QWidget* field) {
  field->setParent(this);
  auto* name = new QLabel(label, this);
  name->setToolTip(field->toolTip());
  m_grid->addWidget(name, m_nextRow, 0);
  m_grid->addWidget(field, m_nextRow, 1, 1, m_style == Style::Sliders ? 3 : kCompactColumns + 1);
  ++m_nextRow;
}

void ParamForm::setSliderRange(const std::string& name, double lo, double hi) {
  for (Row& row : m_rows) {
    if (row.name != name || !row.slider) continue;
    row.spec.sliderMin = lo;
    row.spec.sliderMax = hi;
    row.log = logScale(row.spec);
    row.spin->setLogSteps(row.log);
    row.spin->setSingleStep((hi - lo) / 100.0);
    const QString tip = sliderTip(row.spec, row.log);
    row.slider->setToolTip(tip);
    row.spin->setToolTip(tip);
    row.slider->blockSignals(true);
    row.slider->setValue(sliderPosition(row, row.spin->value()));
    row.slider->blockSignals(false);
  }
}

std::pair<double, double> ParamForm::sliderRangeAround(const ParamSpec& spec, double value) {
  const double lo = spec.sliderMin, hi = spec.sliderMax;
  // a value the range holds, or one a log scale cannot place: the spec's own range
  if ((value >= lo && value <= hi) || !std::isfinite(value) || !(value > 0.0) || !(lo > 0.0) ||
      spec.defaults.empty())
    return {lo, hi};
  const double ratio = hi / lo;
  const double place = std::log(std::clamp(spec.defaults.front(), lo, hi) / lo) / std::log(ratio);
  double a = value / std::pow(ratio, place), b = a * ratio;
  if (b > spec.max) {  // against the upper end of the allowed range, the same ratio below it
    b = spec.max;
    a = b / ratio;
  }
  return {std::max(a, spec.min), b};
}

bool ParamForm::hasField(const std::string& name) const {
  return std::any_of(m_specs.begin(), m_specs.end(),
                     [&](const ParamSpec& s) { return s.name == name; });
}

int ParamForm::sliderPosition(const Row& row, double v) const {
  const ParamSpec& s = row.spec;
  double f;
  if (row.log)
    f = v > 0 ? std::log(v / s.sliderMin) / std::log(s.sliderMax / s.sliderMin) : 0.0;
  else
    f = s.sliderMax > s.sliderMin ? (v - s.sliderMin) / (s.sliderMax - s.sliderMin) : 0.0;
  return int(std::lround(std::clamp(f, 0.0, 1.0) * kSliderSteps));
}

double ParamForm::sliderValue(const Row& row, int pos) const {
  const ParamSpec& s = row.spec;
  const double f = double(pos) / kSliderSteps;
  if (row.log) return roundSignificant(s.sliderMin * std::pow(s.sliderMax / s.sliderMin, f));
  // snap to the slider's grid: (max - min) / 1000 steps give short decimals
  const double step = (s.sliderMax - s.sliderMin) / kSliderSteps;
  return QString::number(s.sliderMin + step * pos, 'g', 6).toDouble();
}

void ParamForm::setRowValue(Row& row, double v) {
  row.spin->blockSignals(true);
  row.spin->setValue(v);
  row.spin->blockSignals(false);
  if (!row.slider) return;
  row.slider->blockSignals(true);
  row.slider->setValue(sliderPosition(row, v));
  row.slider->blockSignals(false);
}

void ParamForm::setValue(const std::string& name, const std::vector<double>& value) {
  for (Row& row : m_rows)
    if (row.name == name && row.component < int(value.size()))
      setRowValue(row, value[std::size_t(row.component)]);
}

void ParamForm::setValues(const ParamValues& values) {
  for (const auto& [name, value] : values) setValue(name, value);
}

ParamValues ParamForm::values() const {
  ParamValues v = defaultValues(m_specs);
  for (const Row& row : m_rows) v[row.name][std::size_t(row.component)] = row.spin->value();
  return v;
}

const ParamForm::Row* ParamForm::findRow(const std::string& name, int component) const {
  for (const Row& r : m_rows)
    if (r.name == name && r.component == component) return &r;
  return nullptr;
}

QSlider* ParamForm::slider(const std::string& name, int component) const {
  const Row* r = findRow(name, component);
  return r ? r->slider : nullptr;
}

QDoubleSpinBox* ParamForm::spinBox(const std::string& name, int component) const {
  const Row* r = findRow(name, component);
  return r ? r->spin : nullptr;
}

}  // namespace dms::ui
