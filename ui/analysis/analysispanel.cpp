// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/analysispanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStyle>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/common/methodlook.h"
#include "ui/common/palette.h"

namespace dms::ui {

AnalysisPanel::AnalysisPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* studyRow = new QFormLayout;
  m_study = new QComboBox;
  m_study->setObjectName("study");
  m_study->setToolTip(tr("What the Analysis mode computes for the system"));
  studyRow->addRow(tr("<b>Study</b>"), m_study);
  layout->addLayout(studyRow);
  m_studyText = new QLabel;
  m_studyText->setWordWrap(true);
  m_studyText->setStyleSheet(labelStyle(mutedTextColor()));
  layout->addWidget(m_studyText);
  m_notice = new QLabel;
  m_notice->setObjectName("notice");
  m_notice->setWordWrap(true);
  m_notice->setTextFormat(Qt::RichText);
  m_notice->setStyleSheet(labelStyle(liveTextColor()));
  m_notice->setVisible(false);
  layout->addWidget(m_notice);
  m_parameters = new QLabel;
  m_parameters->setObjectName("parameters");
  m_parameters->setWordWrap(true);
  m_parameters->setStyleSheet(labelStyle(mutedTextColor()));
  layout->addWidget(m_parameters);
  connect(m_study, &QComboBox::currentIndexChanged, this, &AnalysisPanel::studyChanged);
  m_methodsGroup = new QGroupBox(tr("Methods"));
  m_methodsBox = new QVBoxLayout(m_methodsGroup);
  layout->addWidget(m_methodsGroup);
  m_studyGroup = new QGroupBox(tr("Inputs"));
  m_studyForm = new QFormLayout(m_studyGroup);
  layout->addWidget(m_studyGroup);

  auto* view = m_viewGroup = new QGroupBox(tr("Show"));
  auto* viewForm = new QFormLayout(view);
  m_error = new QComboBox;
  m_error->setObjectName("error");
  m_error->addItem(tr("global error at T (on the manifold)"), int(SweepError::Global));
  m_error->addItem(tr("max energy error"), int(SweepError::Energy));
  m_error->addItem(tr("max structure error"), int(SweepError::Structure));
  m_error->addItem(tr("max momentum error"), int(SweepError::Momentum));
  m_cost = new QComboBox;
  m_cost->setObjectName("cost");
  // evaluations by default: they do not depend on the machine's load, where the CPU time of a
  // run of a millisecond does
  m_cost->addItem(tr("evaluations"), int(SweepCost::Evaluations));
  m_cost->addItem(tr("CPU time"), int(SweepCost::Cpu));
  viewForm->addRow(tr("Error"), m_error);
  viewForm->addRow(tr("Cost"), m_cost);
  layout->addWidget(view);
  for (QComboBox* c : {m_error, m_cost})
    connect(c, &QComboBox::currentIndexChanged, this, &AnalysisPanel::viewChanged);

  auto* buttons = new QHBoxLayout;
  m_run = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Run"));
  m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_DialogCancelButton), tr("Cancel"));
  m_defaults = new QPushButton(tr("Defaults"));
  m_run->setObjectName("run");
  m_cancel->setObjectName("cancel");
  buttons->addWidget(m_run);
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_defaults);
  layout->addLayout(buttons);
  connect(m_run, &QPushButton::clicked, this, &AnalysisPanel::runRequested);
  connect(m_cancel, &QPushButton::clicked, this, &AnalysisPanel::cancelRequested);
  connect(m_defaults, &QPushButton::clicked, this, &AnalysisPanel::defaultsRequested);
  m_problem = new QLabel;
  m_problem->setWordWrap(true);
  m_problem->setStyleSheet(QString("color: %1").arg(errorColor().name()));
  m_summary = new QLabel;
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_problem);
  layout->addWidget(m_summary);
  layout->addStretch(1);
  setRunning(false);
}

void AnalysisPanel::setStudies(const std::vector<std::pair<QString, QString>>& studies,
                               const QString& current) {
  const QSignalBlocker block(m_study);
  m_study->clear();
  for (const auto& [key, name] : studies) m_study->addItem(name, key);
  const int i = m_study->findData(current);
  m_study->setCurrentIndex(i < 0 ? 0 : i);
}

QString AnalysisPanel::study() const {
  return m_study->count() ? m_study->currentData().toString() : QString();
}

void AnalysisPanel::setStudyForm(const QString& description, const std::vector<StudyField>& fields,
                                 const StudyInputs& values, bool usesMethods, bool keepsRuns) {
  m_studyText->setText(description);
  m_viewGroup->setVisible(keepsRuns);
  m_studyGroup->setVisible(!fields.empty());
  m_methodsGroup->setVisible(usesMethods);
  while (m_studyForm->rowCount()) m_studyForm->removeRow(0);
  m_studyFields.clear();
  for (const StudyField& f : fields) {
    auto* edit = new QLineEdit;
    const QString key = QString::fromStdString(f.key);
    edit->setObjectName(key);
    edit->setToolTip(QString::fromStdString(f.tooltip));
    const auto it = values.find(f.key);
    edit->setText(QString::fromStdString(it == values.end() ? f.value : it->second));
    edit->setCursorPosition(0);
    connect(edit, &QLineEdit::textEdited, this, &AnalysisPanel::inputsEdited);
    m_studyForm->addRow(QString::fromStdString(f.label), edit);
    m_studyFields[key] = edit;
  }
}

StudyInputs AnalysisPanel::studyInputs() const {
  StudyInputs in;
  for (const auto& [key, edit] : m_studyFields) in[key.toStdString()] = edit->text().toStdString();
  return in;
}

QLineEdit* AnalysisPanel::studyField(const QString& key) const {
  const auto it = m_studyFields.find(key);
  return it == m_studyFields.end() ? nullptr : it->second;
}

std::vector<Method> AnalysisPanel::checkedMethods() const {
  std::vector<Method> ms;
  if (m_model)
    for (Method m : m_model->methods())
      if (m_methods.count(m) && m_methods.at(m)->isChecked()) ms.push_back(m);
  return ms;
}

void AnalysisPanel::setMethods(const SystemModel* model, const std::vector<Method>& checked) {
  m_model = model;
  for (auto& [m, box] : m_methods) delete box;
  m_methods.clear();
  for (Method m : model->methods()) {
    auto* box = new QCheckBox(QString::fromStdString(methodInfo(m).label));
    box->setToolTip(QString::fromStdString(methodInfo(m).description));
    box->setObjectName(QString::fromStdString(methodInfo(m).name));
    box->setChecked(std::find(checked.begin(), checked.end(), m) != checked.end());
    connect(box, &QCheckBox::toggled, this, &AnalysisPanel::inputsEdited);
    QPalette pal = box->palette();
    pal.setColor(QPalette::WindowText, methodLook(m).color.darker(130));
    box->setPalette(pal);
    m_methodsBox->addWidget(box);
    m_methods[m] = box;
  }
  const bool structure = !model->structureName().empty(), momentum = model->hasMomentum();
  auto* items = qobject_cast<QStandardItemModel*>(m_error->model());
  if (items) {
    items->item(int(SweepError::Structure))->setEnabled(structure);
    items->item(int(SweepError::Momentum))->setEnabled(momentum);
  }
  const SweepError e = error();
  if ((e == SweepError::Structure && !structure) || (e == SweepError::Momentum && !momentum))
    m_error->setCurrentIndex(int(SweepError::Global));
}

SweepError AnalysisPanel::error() const { return SweepError(m_error->currentData().toInt()); }

SweepCost AnalysisPanel::cost() const { return SweepCost(m_cost->currentData().toInt()); }

void AnalysisPanel::setRunning(bool running) {
  m_run->setEnabled(!running);
  m_cancel->setEnabled(running);
  m_defaults->setEnabled(!running);
  m_study->setEnabled(!running);
}

void AnalysisPanel::setProblem(const QString& text) { m_problem->setText(text); }

void AnalysisPanel::setSummary(const QString& text) { m_summary->setText(text); }

void AnalysisPanel::setNotice(const QString& text) {
  m_noticeText = text;
  m_notice->setText(tr("<b>What to notice:</b> %1.").arg(text.toHtmlEscaped()));
  m_notice->setVisible(!text.isEmpty());
}

QString AnalysisPanel::noticeText() const { return m_noticeText; }

void AnalysisPanel::setParameters(const QString& text) { m_parameters->setText(text); }

QString AnalysisPanel::parametersText() const { return m_parameters->text(); }

QCheckBox* AnalysisPanel::methodBox(Method m) const {
  return m_methods.count(m) ? m_methods.at(m) : nullptr;
}

QString AnalysisPanel::problemText() const { return m_problem->text(); }

QString AnalysisPanel::summaryText() const { return m_summary->text(); }

}  // namespace dms::ui
