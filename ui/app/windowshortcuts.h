// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The window's shortcuts win over a focused input field: a spin box (its line edit) claims
// Ctrl+E (end of line), Space and any other printable key through QEvent::ShortcutOverride, so
// after typing a value Ctrl+E would not export and Space would not play. This filter declines
// that claim for every key sequence of the window's menus and buttons, except the keys that
// move the text cursor (Right, Home...) while a text field has focus: those keep editing.
#pragma once

#include <QObject>

class QWidget;

namespace dms::ui {

class WindowShortcuts : public QObject {
  Q_OBJECT
 public:
  /// Installs itself on the application for the widgets inside `window`.
  explicit WindowShortcuts(QWidget* window);
  ~WindowShortcuts() override;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QWidget* m_window;
};

}  // namespace dms::ui
