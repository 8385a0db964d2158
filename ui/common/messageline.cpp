// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/messageline.h"

#include "ui/common/palette.h"

namespace dms::ui {

MessageLine::MessageLine(int lines, QWidget* parent) : QLabel(parent) {
  setWordWrap(true);
  setAlignment(Qt::AlignLeft | Qt::AlignTop);
  setTextFormat(Qt::PlainText);
  setFixedHeight(lines * fontMetrics().lineSpacing() + 4);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void MessageLine::setProblem(const QString& text) {
  m_problem = text;
  update();
}

void MessageLine::setNote(const QString& text) {
  m_note = text;
  update();
}

void MessageLine::update() {
  const bool problem = !m_problem.isEmpty();
  setStyleSheet(labelStyle(problem ? errorColor() : mutedTextColor(), problem));
  setText(problem ? m_problem : m_note);
  setToolTip(text());
}

}  // namespace dms::ui
