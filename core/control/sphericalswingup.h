// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The spherical pendulum's optimal-control problem: the swing-up by DMOC (SQP) of
/// core/control/sphericalpendulumocp.h, behind the ControlProblem interface.
#pragma once

#include "core/control/problem.h"

namespace dms {

const ControlProblem& sphericalSwingUp();

}  // namespace dms
