// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's command-line flags: --analysis and --study.
#pragma once

#include "ui/mode/modeflags.h"

namespace dms::ui {

const ModeFlags& analysisFlags();

}  // namespace dms::ui
