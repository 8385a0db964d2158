// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/windowshortcuts.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace dms::ui {

namespace {

// a key that moves the text cursor or edits, without a modifier: it belongs to a text field
bool editsText(const QKeyEvent* k) {
  if (k->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier)) return false;
  switch (k->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_Backspace:
    case Qt::Key_Delete:
      return true;
    default:
      // a printable key types into the field, except a space: no number has one
      return k->key() != Qt::Key_Space && !k->text().isEmpty() && k->text().at(0).isPrint();
  }
}

bool isTextField(const QObject* o) {
  return qobject_cast<const QLineEdit*>(o) || qobject_cast<const QAbstractSpinBox*>(o) ||
         qobject_cast<const QTextEdit*>(o) || qobject_cast<const QPlainTextEdit*>(o);
}

bool matches(const QList<QKeySequence>& shortcuts, const QKeySequence& key) {
  for (const QKeySequence& s : shortcuts)
    if (!s.isEmpty() && s.matches(key) == QKeySequence::ExactMatch) return true;
  return false;
}

}  // namespace

WindowShortcuts::WindowShortcuts(QWidget* window) : QObject(window), m_window(window) {
  qApp->installEventFilter(this);
}

WindowShortcuts::~WindowShortcuts() { qApp->removeEventFilter(this); }

bool WindowShortcuts::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::ShortcutOverride || !isTextField(watched)) return false;
  auto* widget = qobject_cast<QWidget*>(watched);
  if (!widget || widget->window() != m_window) return false;
  auto* key = static_cast<QKeyEvent*>(event);
  if (editsText(key)) return false;
  const QKeySequence seq(key->keyCombination());
  bool ours = false;
  for (const QMenu* menu : m_window->findChildren<QMenu*>())
    for (const QAction* a : menu->actions())
      ours = ours || (a->isEnabled() && matches(a->shortcuts(), seq));
  for (const QAbstractButton* b : m_window->findChildren<QAbstractButton*>())
    ours = ours || (b->isEnabled() && b->isVisible() && matches({b->shortcut()}, seq));
  if (!ours) return false;
  // not accepted: the shortcut map goes on to the window's shortcut
  event->ignore();
  return true;
}

}  // namespace dms::ui
