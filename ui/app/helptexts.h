// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The texts of the Help menu.
#pragma once

#include <QString>
#include <functional>

class QMenuBar;

namespace dms::ui {

/// Help > Keyboard shortcuts: every menu entry that has one (so the table cannot go stale),
/// the solve key of the optimal-control panel and the mouse.
QString shortcutsHtml(const QMenuBar* bar);
/// Help > About: the version, the article's citation and the libraries' licences.
QString aboutHtml();
/// docs/user-guide.md (compiled in from the source tree: the same text installed or not), as
/// Markdown, for Help > User guide.
QString userGuideMarkdown();
/// Adds the Help menu: Keyboard shortcuts, User guide (a window of its own), About, About Qt.
/// `show(title, html)` shows a text in the window's message box.
void addHelpMenu(QMenuBar* bar, const std::function<void(const QString&, const QString&)>& show);

}  // namespace dms::ui
