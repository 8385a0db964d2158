// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The line under a panel's buttons that says what is wrong with its values (in red) or what was
// adjusted (a note, muted). Its height is reserved, so a message never moves the fields under
// the mouse; a text longer than the reserved lines is elided, and the whole is its tooltip.
#pragma once

#include <QLabel>

namespace dms::ui {

class MessageLine : public QLabel {
  Q_OBJECT
 public:
  /// Reserves `lines` lines of the label's font.
  explicit MessageLine(int lines, QWidget* parent = nullptr);
  /// A problem with the values (empty: none); shown instead of the note while there is one.
  void setProblem(const QString& text);
  /// A note (empty: none).
  void setNote(const QString& text);
  const QString& problem() const { return m_problem; }
  const QString& note() const { return m_note; }

 private:
  void update();
  QString m_problem, m_note;
};

}  // namespace dms::ui
