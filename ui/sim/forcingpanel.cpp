// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/forcingpanel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "core/sim/simulator.h"
#include "ui/common/messageline.h"
#include "ui/common/palette.h"
#include "ui/sim/quantities.h"

namespace dms::ui {

ForcingPanel::ForcingPanel(QWidget* parent) : QGroupBox(tr("Forcing"), parent) {
  setObjectName("forcingPanel");
  auto* layout = new QVBoxLayout(this);
  m_none = new QLabel(this);
  m_none->setObjectName("noControl");
  m_none->setWordWrap(true);
  layout->addWidget(m_none);
  m_body = new QWidget(this);
  auto* body = new QVBoxLayout(m_body);
  body->setContentsMargins(0, 0, 0, 0);
  m_switch = new QCheckBox(tr("Apply the control law to every run"), m_body);
  m_switch->setObjectName("forcingSwitch");
  m_switch->setToolTip(
      tr("Each method's run is forced by the same law, u held over each step; the Control "
         "view plots u beside the energy"));
  connect(m_switch, &QCheckBox::toggled, this, &ForcingPanel::changed);
  body->addWidget(m_switch);
  auto* form = new QFormLayout;
  form->setObjectName("forcingFields");
  body->addLayout(form);
  // the names in the expression language, as typed (not the notation of the labels)
  m_names = new QLabel(m_body);
  m_names->setObjectName("lawNames");
  m_names->setWordWrap(true);
  m_names->setStyleSheet(labelStyle(mutedTextColor()));
  body->addWidget(m_names);
  m_message = new MessageLine(3, m_body);
  body->addWidget(m_message);
  layout->addWidget(m_body);
}

void ForcingPanel::setSystem(const SystemModel* model) {
  auto* form = m_body->findChild<QFormLayout*>("forcingFields");
  while (form->rowCount() > 0) form->removeRow(0);
  m_fields.clear();
  m_labels.clear();
  m_switch->blockSignals(true);
  m_switch->setChecked(false);
  m_switch->blockSignals(false);
  m_message->setProblem({});
  m_model = model;
  const std::vector<StatePartSpec> channels =
      model ? model->declaration().controls : std::vector<StatePartSpec>();
  m_none->setVisible(channels.empty());
  m_body->setVisible(!channels.empty());
  m_none->setText(!model || !channels.empty()
                      ? QString()
                      : tr("No control: %1 declares no control channel, so it cannot be forced")
                            .arg(plotSymbol(model->title())));
  if (channels.empty()) return;
  const ParamValues values = defaultValues(model->params());
  for (const StatePartSpec& ch : channels) {
    std::size_t size = 1;
    try {
      size = declaredSize(ch.shape, values);
    } catch (const std::exception&) {
    }
    auto* edit = new QLineEdit(m_body);
    edit->setObjectName(QString::fromStdString("control_" + ch.name));
    QStringList zeros;
    for (std::size_t i = 0; i < size; ++i) zeros << "0";
    edit->setText(zeros.join(", "));
    edit->setToolTip(tr("%1 [%2]: %3 — %4 expression(s), separated by commas")
                         .arg(QString::fromStdString(ch.name), QString::fromStdString(ch.unit),
                              QString::fromStdString(ch.description))
                         .arg(size));
    connect(edit, &QLineEdit::editingFinished, this, [this, edit] {
      // an edit while the law is off changes no run: it counts when the law goes on
      if (edit->isModified()) {
        edit->setModified(false);
        if (isOn()) emit changed();
      }
    });
    // the channel's symbol (the law names it as typed: the tooltip says so)
    const QString symbol = ch.name == "tau" ? QStringLiteral("τ") : QString::fromStdString(ch.name);
    auto* label =
        new QLabel(QStringLiteral("%1 [%2]").arg(symbol, QString::fromStdString(ch.unit)), m_body);
    label->setToolTip(edit->toolTip());
    form->addRow(label, edit);
    m_fields.push_back(edit);
    m_labels.push_back(label);
  }
  QString names;
  try {
    for (const std::string& n : lawNames(*model, values))
      names += (names.isEmpty() ? "" : ", ") + QString::fromStdString(n);
  } catch (const std::exception&) {
  }
  m_names->setText(tr("A law may read %1; + − * / ^, sin cos exp sqrt …, pi").arg(names));
}

QString ForcingPanel::noControlText() const {
  return m_fields.empty() ? m_none->text() : QString();
}

ForcingLaw ForcingPanel::law() const {
  if (!isOn() || !m_model) return {};
  std::vector<std::string> texts;
  for (const QLineEdit* e : m_fields) texts.push_back(e->text().toStdString());
  return forcingLaw(*m_model, texts);
}

bool ForcingPanel::isOn() const { return !m_fields.empty() && m_switch->isChecked(); }

void ForcingPanel::setLaw(const std::vector<std::string>& channels, bool on) {
  for (std::size_t i = 0; i < channels.size() && i < m_fields.size(); ++i)
    m_fields[i]->setText(QString::fromStdString(channels[i]));
  m_switch->blockSignals(true);
  m_switch->setChecked(on && !m_fields.empty());
  m_switch->blockSignals(false);
}

void ForcingPanel::showProblem(const QString& text) { m_message->setProblem(text); }

QString ForcingPanel::problem() const { return m_message->problem(); }

QLineEdit* ForcingPanel::field(int c) const {
  return c >= 0 && std::size_t(c) < m_fields.size() ? m_fields[std::size_t(c)] : nullptr;
}

}  // namespace dms::ui
