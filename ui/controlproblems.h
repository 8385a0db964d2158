// The adapters of ui/controlproblem.h, one file each; allControlProblems() lists them.
#pragma once

#include "ui/controlproblem.h"

namespace dms::ui {

/// The spherical pendulum's swing-up by DMOC (core/control/sphericalpendulumocp.h).
const ControlProblem& sphericalPendulumControl();
/// The dumbbell's orbit transfer by shooting (core/control/dumbbellocp.h).
const ControlProblem& dumbbellControl();

}  // namespace dms::ui
