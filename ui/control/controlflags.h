// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The optimal-control mode's command-line flags: --control and the choice flags of the
// registered problems (ControlProblem::choices(), e.g. --transcription, --guess).
#pragma once

#include "ui/mode/modeflags.h"

namespace dms::ui {

const ModeFlags& controlFlags();

}  // namespace dms::ui
