// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/potentialeditor.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStringList>
#include <QVBoxLayout>

#include "core/systems/typedpotential.h"
#include "ui/common/palette.h"

namespace dms::ui {

PotentialEditor::PotentialEditor(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(3);
  auto* row = new QHBoxLayout;
  row->addWidget(new QLabel(tr("U ="), this));
  m_field = new QLineEdit(this);
  m_field->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_field->setToolTip(
      tr("The potential energy in J; Enter or Apply checks it and restarts the "
         "runs. A refused expression leaves the one in force."));
  row->addWidget(m_field, 1);
  m_apply = new QPushButton(tr("Apply"), this);
  m_apply->setToolTip(tr("Check the expression and run with it"));
  row->addWidget(m_apply);
  layout->addLayout(row);
  m_variables = new QLabel(this);
  m_variables->setWordWrap(true);
  m_variables->setStyleSheet(labelStyle(mutedTextColor()));
  layout->addWidget(m_variables);
  m_error = new QLabel(this);
  m_error->setWordWrap(true);
  m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_error->setStyleSheet(labelStyle(errorColor()));
  m_error->setVisible(false);
  layout->addWidget(m_error);
  m_showDerived = new QPushButton(tr("Show derivatives"), this);
  m_showDerived->setCheckable(true);
  m_showDerived->setToolTip(
      tr("What the integrators use, derived from the expression in force, to check it by eye"));
  layout->addWidget(m_showDerived, 0, Qt::AlignLeft);
  m_derived = new QLabel(this);
  m_derived->setWordWrap(true);
  m_derived->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_derived->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_derived->setVisible(false);
  layout->addWidget(m_derived);

  // the whole text in the tooltip: a long expression is wider than the panel
  const QString help = m_field->toolTip();
  connect(m_field, &QLineEdit::textChanged, this, [this, help](const QString& text) {
    m_field->setToolTip(QStringLiteral("U = %1\n\n%2").arg(text, help));
  });
  connect(m_field, &QLineEdit::returnPressed, this, &PotentialEditor::apply);
  connect(m_apply, &QPushButton::clicked, this, &PotentialEditor::apply);
  connect(m_showDerived, &QPushButton::toggled, m_derived, &QLabel::setVisible);
}

void PotentialEditor::setSystem(const SystemModel* base, const SystemModel* current) {
  m_base = base;
  const TypedPotentialSystem* typed = base ? typedPotential(*base) : nullptr;
  setVisible(typed != nullptr);
  m_error->clear();
  m_error->setVisible(false);
  if (!typed || !current) return;
  const TypedPotentialSystem* now = typedPotential(*current);
  m_field->setText(QString::fromStdString((now ? now : typed)->potential().text));
  m_field->setCursorPosition(0);
  m_variables->setText(tr("in %1").arg(QString::fromStdString(typed->variablesText())));
  showDerived(current);
}

QString PotentialEditor::apply() {
  if (!m_base) return {};
  std::shared_ptr<const SystemModel> model;
  try {
    model = withPotential(*m_base, m_field->text().trimmed().toStdString());
  } catch (const InputError& e) {
    // the core names the command line's flag; here the field is the one beside "U ="
    QString why = QString::fromStdString(e.what());
    if (why.startsWith(QStringLiteral("--potential: "))) why.remove(0, 13);
    m_error->setText(tr("%1\nStill in force: the previous expression.").arg(why));
    m_error->setVisible(true);
    return why;
  }
  m_error->clear();
  m_error->setVisible(false);
  showDerived(model.get());
  emit accepted(model);
  return {};
}

QString PotentialEditor::error() const {
  return m_error->isVisible() ? m_error->text() : QString();
}

QString PotentialEditor::derivedText() const { return m_derived->text(); }

void PotentialEditor::showDerived(const SystemModel* current) {
  const TypedPotentialSystem* typed = current ? typedPotential(*current) : nullptr;
  QStringList lines;
  if (typed)
    for (const std::string& l : typed->derivedText()) lines << QString::fromStdString(l);
  m_derived->setText(lines.join("\n"));
}

}  // namespace dms::ui
