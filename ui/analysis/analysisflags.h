// The Analysis mode's command-line flags: --analysis and --study.
#pragma once

#include "ui/mode/modeflags.h"

namespace dms::ui {

const ModeFlags& analysisFlags();

}  // namespace dms::ui
