// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/control/controlpanel.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStringList>
#include <QStyle>
#include <QVBoxLayout>

#include "ui/common/messageline.h"
#include "ui/common/palette.h"
#include "ui/common/paramform.h"

namespace dms::ui {

namespace {

QString settingsKey(const std::string& system, const std::string& name) {
  return QString("control/%1/%2").arg(QString::fromStdString(system), QString::fromStdString(name));
}

}  // namespace

ControlPanel::ControlPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_title = new QLabel(this);
  m_title->setWordWrap(true);
  connect(this, &ControlPanel::changed, this, &ControlPanel::updateNote);
  // the title and the fields scroll; the buttons, the notes and the summary stay under them,
  // in view at 1024x768 however many fields the problem has
  auto* fields = new QWidget;
  auto* fieldsLayout = new QVBoxLayout(fields);
  fieldsLayout->setContentsMargins(0, 0, 0, 0);
  fieldsLayout->addWidget(m_title);
  m_form = new QWidget(fields);
  new QVBoxLayout(m_form);
  m_form->layout()->setContentsMargins(0, 0, 0, 0);
  fieldsLayout->addWidget(m_form);
  fieldsLayout->addStretch(1);
  m_scroll = new QScrollArea(this);
  m_scroll->setWidget(fields);
  m_scroll->setWidgetResizable(true);
  m_scroll->setFrameShape(QFrame::NoFrame);
  m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  layout->addWidget(m_scroll, 1);

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

  m_problemLabel = new MessageLine(3, this);
  // a warning and the horizon's note together take more than the three lines: all of them
  m_problemLabel->setMaximumHeight(QWIDGETSIZE_MAX);
  m_problemLabel->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  layout->addWidget(m_problemLabel);
  m_live = new QLabel(this);
  m_live->setWordWrap(true);
  m_live->setStyleSheet(labelStyle(liveTextColor()));
  layout->addWidget(m_live);
  m_summary = new QLabel(this);
  m_summary->setTextFormat(Qt::RichText);
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
}

void ControlPanel::setProblem(const ControlProblem* problem, const std::string& system) {
  m_problem = problem;
  m_system = system;
  m_fields.clear();
  m_choices.clear();
  m_expressions.clear();
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
  const std::pair<QString, const std::vector<ParamSpec>*> groups[] = {
      {tr("Maneuver"), &problem->fields()}, {tr("Solver"), &problem->solverFields()}};
  for (const auto& [title, specs] : groups) {
    auto* box = new QGroupBox(title, m_form);
    auto* form = new ParamForm(ParamForm::Style::Compact, box);
    form->setSpecs(*specs);
    connect(form, &ParamForm::changed, this, &ControlPanel::changed);
    connect(form, &ParamForm::rejected, this, &ControlPanel::showProblem);
    (new QVBoxLayout(box))->addWidget(form);
    m_form->layout()->addWidget(box);
    m_fields.push_back(form);
  }
  // the expressions under the maneuver's numbers; empty shows what it stands for
  for (const ControlExpressionField& f : problem->expressionFields()) {
    auto* edit = new QLineEdit;
    edit->setPlaceholderText(QString::fromStdString(f.emptyMeans));
    edit->setToolTip(QString::fromStdString(f.description));
    edit->setObjectName(QString::fromStdString(f.name));
    connect(edit, &QLineEdit::textChanged, this, &ControlPanel::changed);
    m_fields.front()->addRow(QString::fromStdString(f.label), edit);
    m_expressions[f.name] = edit;
  }
  // the solver's choices under its numbers
  for (const ControlChoice& ch : problem->choices()) {
    auto* combo = new QComboBox;
    for (const ControlChoice::Value& v : ch.values)
      combo->addItem(QString::fromStdString(v.label), QString::fromStdString(v.value));
    combo->setToolTip(QString::fromStdString(ch.description));
    // a value may bring its own defaults of other fields (the direct method's iteration limit)
    connect(combo, &QComboBox::currentIndexChanged, this, [this, &ch](int i) {
      if (i >= 0 && i < int(ch.values.size())) setFieldValues(ch.values[std::size_t(i)].defaults);
      emit changed();
    });
    m_fields.back()->addRow(QString::fromStdString(ch.label), combo);
    m_choices[ch.name] = combo;
  }
  m_solve->setEnabled(true);
  updateNote();
}

// where the values are typed: what the solve will change in them (a direction normalized, an
// angular velocity made tangent, the remainder of a T that is not a whole number of steps h),
// as the Simulation mode notes what it normalizes; for the problem's own T and h, where the
// maneuver ends, as information. Values that cannot be solved are explained by Solve.
void ControlPanel::updateNote() {
  if (!m_problem) return m_problemLabel->setNote({});
  const ControlRequest r = request();
  QStringList lines;
  try {
    for (const std::string& w : m_problem->warnings(r))
      lines << tr("Warning: %1").arg(QString::fromStdString(w));
  } catch (const InputError&) {
  }
  const std::string info = m_problem->horizonNote(r);
  if (!info.empty()) lines << QString::fromStdString(info);
  m_problemLabel->setNote(lines.join('\n'));
}

void ControlPanel::setFieldValues(const ParamValues& values) {
  for (ParamForm* f : m_fields) f->setValues(values);
}

ControlRequest ControlPanel::request() const {
  ControlRequest r;
  if (!m_problem) return r;
  r = m_problem->defaultRequest();
  for (const ParamForm* f : m_fields)
    for (const auto& [name, value] : f->values()) r.values[name] = value;
  for (const auto& [name, combo] : m_choices)
    r.choices[name] = combo->currentData().toString().toStdString();
  for (const auto& [name, edit] : m_expressions)
    if (!edit->text().trimmed().isEmpty()) r.expressions[name] = edit->text().toStdString();
  return r;
}

void ControlPanel::setRequest(const ControlRequest& request) {
  if (!m_problem) return;
  setFieldValues(request.values);
  for (auto& [name, combo] : m_choices) {
    const auto it = request.choices.find(name);
    const int i =
        it == request.choices.end() ? -1 : combo->findData(QString::fromStdString(it->second));
    if (i < 0) continue;
    combo->blockSignals(true);
    combo->setCurrentIndex(i);
    combo->blockSignals(false);
  }
  for (auto& [name, edit] : m_expressions) {
    const auto it = request.expressions.find(name);
    edit->blockSignals(true);
    edit->setText(it == request.expressions.end() ? QString() : QString::fromStdString(it->second));
    edit->blockSignals(false);
  }
  emit changed();
}

void ControlPanel::setValue(const std::string& name, const std::vector<double>& value) {
  if (!m_problem) throw InputError("this system has no optimal-control problem");
  const std::vector<ParamSpec> all = m_problem->allFields();
  ParamValues scratch;
  applyAssignment(all, scratch, name, value);  // throws, naming the field and range
  setFieldValues({{name, value}});
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
  setFieldValues(m_problem->defaultRequest().values);
  for (auto& [name, combo] : m_choices) {
    combo->blockSignals(true);
    combo->setCurrentIndex(0);
    combo->blockSignals(false);
  }
  for (auto& [name, edit] : m_expressions) {
    edit->blockSignals(true);
    edit->clear();
    edit->blockSignals(false);
  }
  emit changed();
}

void ControlPanel::saveSettings(QSettings& s) const {
  if (m_problem) saveRequest(s, m_system, request());
}

void ControlPanel::saveRequest(QSettings& s, const std::string& system, const ControlRequest& r) {
  for (const auto& [name, value] : r.values) {
    QVariantList list;
    for (double v : value) list << v;
    s.setValue(settingsKey(system, name), list);
  }
  for (const auto& [name, value] : r.choices)
    s.setValue(settingsKey(system, name), QString::fromStdString(value));
  // an expression left empty is stored empty: the next start shows it empty too
  const ControlProblem* p = findControlProblem(system);
  if (p)
    for (const ControlExpressionField& f : p->expressionFields()) {
      const auto it = r.expressions.find(f.name);
      s.setValue(settingsKey(system, f.name),
                 QString::fromStdString(it == r.expressions.end() ? std::string() : it->second));
    }
}

void ControlPanel::restoreSettings(const QSettings& s) {
  if (!m_problem) return;
  // a stored value that is no longer valid (other ranges, another version) is ignored
  for (const ParamSpec& spec : m_problem->allFields()) {
    const QVariantList list = s.value(settingsKey(m_system, spec.name)).toList();
    if (list.size() != spec.dim) continue;
    std::vector<double> v;
    for (const QVariant& x : list) v.push_back(x.toDouble());
    try {
      checkValue(spec, v);
    } catch (const InputError&) {
      continue;
    }
    setFieldValues({{spec.name, v}});
  }
  for (auto& [name, combo] : m_choices) {
    const int i = combo->findData(s.value(settingsKey(m_system, name)).toString());
    if (i < 0) continue;
    combo->blockSignals(true);
    combo->setCurrentIndex(i);
    combo->blockSignals(false);
  }
  for (auto& [name, edit] : m_expressions) {
    edit->blockSignals(true);
    edit->setText(s.value(settingsKey(m_system, name)).toString());
    edit->blockSignals(false);
  }
  updateNote();
}

void ControlPanel::setRunning(bool running) {
  m_solve->setEnabled(!running && m_problem);
  m_cancel->setEnabled(running);
}

void ControlPanel::showProblem(const QString& text) { m_problemLabel->setProblem(text); }

QString ControlPanel::problemText() const { return m_problemLabel->problem(); }

QString ControlPanel::noteText() const { return m_problemLabel->note(); }

void ControlPanel::setLiveText(const QString& text) { m_live->setText(text); }

QString ControlPanel::liveText() const { return m_live->text(); }

QLabel* ControlPanel::noteLabel() const { return m_problemLabel; }

void ControlPanel::setSummary(const QString& html) { m_summary->setText(html); }

QLineEdit* ControlPanel::expressionEdit(const std::string& name) const {
  const auto it = m_expressions.find(name);
  return it == m_expressions.end() ? nullptr : it->second;
}

QDoubleSpinBox* ControlPanel::spinBox(const std::string& name, int component) const {
  for (const ParamForm* f : m_fields)
    if (QDoubleSpinBox* spin = f->spinBox(name, component)) return spin;
  return nullptr;
}

}  // namespace dms::ui
