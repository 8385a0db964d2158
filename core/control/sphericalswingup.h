/// The spherical pendulum's optimal-control problem: the swing-up by DMOC (SQP) of
/// core/control/sphericalpendulumocp.h, behind the ControlProblem interface.
#pragma once

#include "core/control/problem.h"

namespace dms {

const ControlProblem& sphericalSwingUp();

}  // namespace dms
