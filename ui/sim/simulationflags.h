// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The simulation's command-line flags (--methods, --show) and its checks of --set.
#pragma once

#include "ui/mode/modeflags.h"

namespace dms::ui {

const ModeFlags& simulationFlags();

}  // namespace dms::ui
