// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/modes.h"

#include "ui/analysis/analysisflags.h"
#include "ui/control/controlflags.h"
#include "ui/sim/simulationflags.h"

namespace dms::ui {

const std::vector<const ModeFlags*>& modeFlags() {
  static const std::vector<const ModeFlags*> flags = {&simulationFlags(), &analysisFlags(),
                                                      &controlFlags()};
  return flags;
}

}  // namespace dms::ui
