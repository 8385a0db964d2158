// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The status bar's permanent part: the active mode's fields (ModeStatus), why something stopped
// in the error red, and a progress bar (a busy indicator when there is no known end).
#pragma once

#include <vector>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace dms::ui {

struct ModeStatus;

class StatusLine {
 public:
  /// Adds its widgets to `bar` (which owns them).
  explicit StatusLine(QStatusBar* bar);
  void show(const ModeStatus& status);

 private:
  std::vector<QLabel*> m_texts;
  QLabel* m_failure = nullptr;
  QProgressBar* m_progress = nullptr;
};

}  // namespace dms::ui
