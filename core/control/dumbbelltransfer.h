// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The dumbbell's optimal-control problem: the orbit transfer of core/control/dumbbellocp.h by
/// shooting on the discrete necessary conditions (or, as a cross-check, SLSQP over the
/// controls), behind the ControlProblem interface.
#pragma once

#include "core/control/problem.h"

namespace dms {

const ControlProblem& dumbbellTransfer();

}  // namespace dms
