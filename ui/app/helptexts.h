// The texts of the Help menu.
#pragma once

#include <QString>

class QMenuBar;

namespace dms::ui {

/// Help > Keyboard shortcuts: every menu entry that has one (so the table cannot go stale),
/// the solve key of the optimal-control panel and the mouse.
QString shortcutsHtml(const QMenuBar* bar);
/// Help > About.
QString aboutHtml();

}  // namespace dms::ui
