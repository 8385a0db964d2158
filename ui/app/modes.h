// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The modes' command-line flags, in the order the usage text lists them and the command line
// checks them (the window makes the modes themselves, MainWindow's constructor).
#pragma once

#include <vector>

#include "ui/mode/modeflags.h"

namespace dms::ui {

const std::vector<const ModeFlags*>& modeFlags();

}  // namespace dms::ui
