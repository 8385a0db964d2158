// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mode/modeflags.h"

namespace dms::ui {

QString FlagHelp::text() const {
  QString out;
  for (int i = 0; i < lines.size(); ++i)
    out += (i == 0 ? "  " + flag.leftJustified(20) + " " : QString(23, ' ')) + lines[i] + "\n";
  return out;
}

}  // namespace dms::ui
