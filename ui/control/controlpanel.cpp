#include "ui/control/controlpanel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStyle>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "ui/sim/parampanel.h"

namespace dms::ui {

namespace {

QString specTip(const ParamSpec& s) {
  return QString("<b>%1</b>%2<br>%3<br>allowed: %4 %5")
      .arg(QString::fromStdString(s.name),
           s.unit.empty() ? QString() : QString(" [%1]").arg(QString::fromStdString(s.unit)),
           QString::fromStdString(s.description).toHtmlEscaped(),
           QString::fromStdString(s.rangeText()), QString::fromStdString(s.unit));
}

QString settingsKey(const ControlProblem* p, const std::string& name) {
  return QString("control/%1/%2")
      .arg(QString::fromStdString(p->system()), QString::fromStdString(name));
}

}  // namespace

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  layout->addWidget(m_title);
  m_form = new QWidget(this);
  new QVBoxLayout(m_form);
  m_form->layout()->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_form);

  auto* buttons = new QHBoxLayout;
  m_solve = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Solve"), this);
  m_solve->setToolTip(tr("Solve the optimal-control problem in the background (Ctrl+Return)"));
  m_solve->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
  m_solve->setDefault(true);
  m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_BrowserStop), tr("Cancel"), this);
  m_cancel->setToolTip(tr("Stop the solve at its next iteration; the previous result stays"));
  m_cancel->setEnabled(false);
  auto* reset = new QPushButton(tr("Defaults"), this);
  reset->setToolTip(tr("Back to the default maneuver and solver settings"));
  connect(m_solve, &QPushButton::clicked, this, &ControlPanel::solveRequested);
  connect(m_cancel, &QPushButton::clicked, this, &ControlPanel::cancelRequested);
  connect(reset, &QPushButton::clicked, this, &ControlPanel::resetToDefaults);
  buttons->addWidget(m_solve, 2);
  buttons->addWidget(m_cancel, 1);
  buttons->addWidget(reset, 1);
  layout->addLayout(buttons);

  m_problemLabel = new QLabel(this);
  m_problemLabel->setWordWrap(true);
  m_problemLabel->setStyleSheet("QLabel { color: #b00020; font-weight: bold; }");
  m_problemLabel->setVisible(false);
  layout->addWidget(m_problemLabel);
  m_live = new QLabel(this);
  m_live->setWordWrap(true);
  m_live->setStyleSheet("QLabel { color: #444444; }");
  layout->addWidget(m_live);
  m_summary = new QLabel(this);
  m_summary->setTextFormat(Qt::RichText);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
  layout->addStretch(1);
}

QGroupBox* ControlPanel::buildFields(const QString& title, const std::vector<ParamSpec>& specs) {
  auto* box = new QGroupBox(title, m_form);
  auto* grid = new QGridLayout(box);
  grid->setHorizontalSpacing(6);
  grid->setVerticalSpacing(4);
  for (int c = 1; c <= 3; ++c) grid->setColumnStretch(c, 1);
  int r = 0;
  for (const ParamSpec& s : specs) {
    const QString tip = specTip(s);
    auto* label = new QLabel(QString::fromStdString(s.name), box);
    label->setToolTip(tip);
    grid->addWidget(label, r, 0);
    for (int c = 0; c < s.dim; ++c) {
      auto* spin = new NumberSpinBox(box);
      const bool log = s.sliderMin > 0 && s.sliderMax / s.sliderMin >= 1e3;
      spin->setLogSteps(log);
      const double inf = std::numeric_limits<double>::infinity();
      spin->setMinimum(s.minOpen ? std::nextafter(s.min, inf) : s.min);
      spin->setMaximum(s.maxOpen ? std::nextafter(s.max, -inf) : s.max);
      spin->setSingleStep((s.sliderMax - s.sliderMin) / 100.0);
      // a vector's components without step arrows: room for their digits
      if (s.dim > 1) spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
      spin->setMinimumWidth(s.dim > 1 ? 60 : 104);
      spin->setToolTip(tip);
      spin->setValue(s.defaults[std::size_t(c)]);
      connect(spin, &QDoubleSpinBox::valueChanged, this, &ControlPanel::changed);
      // a vector's components side by side; a scalar spans them
      if (s.dim > 1)
        grid->addWidget(spin, r, 1 + c);
      else
        grid->addWidget(spin, r, 1, 1, 3);
      m_rows.push_back({s.name, c, spin});
    }
    auto* unit = new QLabel(QString::fromStdString(s.unit), box);
    unit->setMinimumWidth(30);
    grid->addWidget(unit, r, 4);
    ++r;
  }
  if (title == tr("Solver")) {
    for (const ControlChoice& ch : m_problem->choices()) {
      auto* label = new QLabel(QString::fromStdString(ch.label), box);
      auto* combo = new QComboBox(box);
      for (const auto& [value, text] : ch.values)
        combo->addItem(QString::fromStdString(text), QString::fromStdString(value));
      combo->setToolTip(QString::fromStdString(ch.description));
      label->setToolTip(combo->toolTip());
      connect(combo, &QComboBox::currentIndexChanged, this, &ControlPanel::changed);
      grid->addWidget(label, r, 0);
      grid->addWidget(combo, r, 1, 1, 4);
      m_choices[ch.name] = combo;
      ++r;
    }
  }
  return box;
}

void ControlPanel::setProblem(const ControlProblem* problem) {
  m_problem = problem;
  m_rows.clear();
  m_choices.clear();
  for (QWidget* w : m_form->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) delete w;
  showProblem({});
  setLiveText({});
  setSummary({});
  if (!problem) {
    m_title->setText(tr("This system has no optimal-control problem."));
    m_solve->setEnabled(false);
    return;
  }
  m_title->setText(
      QString("<b>%1</b>").arg(QString::fromStdString(problem->title()).toHtmlEscaped()));
  m_form->layout()->addWidget(buildFields(tr("Maneuver"), problem->fields()));
  m_form->layout()->addWidget(buildFields(tr("Solver"), problem->solverFields()));
  m_solve->setEnabled(true);
}

ControlRequest ControlPanel::request() const {
  ControlRequest r;
  if (!m_problem) return r;
  r = m_problem->defaultRequest();
  for (const Row& row : m_rows) r.values[row.name][std::size_t(row.component)] = row.spin->value();
  for (const auto& [name, combo] : m_choices)
    r.choices[name] = combo->currentData().toString().toStdString();
  return r;
}

void ControlPanel::setValue(const std::string& name, const std::vector<double>& value) {
  if (!m_problem) throw InputError("this system has no optimal-control problem");
  const std::vector<ParamSpec> all = m_problem->allFields();
  ParamValues scratch;
  applyAssignment(all, scratch, name, value);  // throws, naming the field and range
  for (Row& row : m_rows) {
    if (row.name != name) continue;
    row.spin->blockSignals(true);
    row.spin->setValue(value[std::size_t(row.component)]);
    row.spin->blockSignals(false);
  }
  emit changed();
}

void ControlPanel::setChoice(const std::string& name, const std::string& value) {
  const auto it = m_choices.find(name);
  if (it == m_choices.end()) throw InputError("unknown option '" + name + "'");
  const int i = it->second->findData(QString::fromStdString(value));
  if (i < 0) {
    std::string allowed;
    for (int k = 0; k < it->second->count(); ++k)
      allowed += (k ? ", " : "") + it->second->itemData(k).toString().toStdString();
    throw InputError(name + " '" + value + "': expected one of " + allowed);
  }
  it->second->setCurrentIndex(i);
}

void ControlPanel::resetToDefaults() {
  if (!m_problem) return;
  const ControlRequest d = m_problem->defaultRequest();
  for (Row& row : m_rows) {
    row.spin->blockSignals(true);
    row.spin->setValue(d.values.at(row.name)[std::size_t(row.component)]);
    row.spin->blockSignals(false);
  }
  for (auto& [name, combo] : m_choices) {
    combo->blockSignals(true);
    combo->setCurrentIndex(0);
    combo->blockSignals(false);
  }
  emit changed();
}

void ControlPanel::saveSettings(QSettings& s) const {
  if (!m_problem) return;
  const ControlRequest r = request();
  for (const auto& [name, value] : r.values) {
    QVariantList list;
    for (double v : value) list << v;
    s.setValue(settingsKey(m_problem, name), list);
  }
  for (const auto& [name, value] : r.choices)
    s.setValue(settingsKey(m_problem, name), QString::fromStdString(value));
}

void ControlPanel::restoreSettings(const QSettings& s) {
  if (!m_problem) return;
  // a stored value that is no longer valid (other ranges, another version) is ignored
  for (const ParamSpec& spec : m_problem->allFields()) {
    const QVariantList list = s.value(settingsKey(m_problem, spec.name)).toList();
    if (list.size() != spec.dim) continue;
    std::vector<double> v;
    for (const QVariant& x : list) v.push_back(x.toDouble());
    try {
      checkValue(spec, v);
    } catch (const InputError&) {
      continue;
    }
    for (Row& row : m_rows) {
      if (row.name != spec.name) continue;
      row.spin->blockSignals(true);
      row.spin->setValue(v[std::size_t(row.component)]);
      row.spin->blockSignals(false);
    }
  }
  for (auto& [name, combo] : m_choices) {
    const int i = combo->findData(s.value(settingsKey(m_problem, name)).toString());
    if (i < 0) continue;
    combo->blockSignals(true);
    combo->setCurrentIndex(i);
    combo->blockSignals(false);
  }
}

void ControlPanel::setRunning(bool running) {
  m_solve->setEnabled(!running && m_problem);
  m_cancel->setEnabled(running);
}

void ControlPanel::showProblem(const QString& text) {
  m_problemLabel->setText(text);
  m_problemLabel->setVisible(!text.isEmpty());
}

QString ControlPanel::problemText() const { return m_problemLabel->text(); }

void ControlPanel::setLiveText(const QString& text) { m_live->setText(text); }

QString ControlPanel::liveText() const { return m_live->text(); }

void ControlPanel::setSummary(const QString& html) { m_summary->setText(html); }

QDoubleSpinBox* ControlPanel::spinBox(const std::string& name, int component) const {
  for (const Row& row : m_rows)
    if (row.name == name && row.component == component) return row.spin;
  return nullptr;
}

}  // namespace dms::ui
