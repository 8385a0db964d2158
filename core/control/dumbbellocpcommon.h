// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What the dumbbell problem's two solvers (core/control/dumbbellshooting.cpp,
/// core/control/dumbbelldirect.cpp) share: the step cost, the terminal residual's Jacobian and
/// the path fields of a solution.
#pragma once

#include <vector>

#include "core/control/dumbbellocp.h"

namespace dms::dumbbellocp {

/// dr/dz_N: blockdiag(Jr^-1(r_R), I, I, I), with Jr^-1 the inverse right Jacobian of SO(3).
Matrix12d residualJacobian(const Vector12d& r);
/// The cost of one step's controls, h/2 (uf^T Wf uf + um^T Wm um).
double cost(const DumbbellOcp& o, const Vector3d& uf, const Vector3d& um);
/// Fills the path fields of a solution from its states and controls.
void finishPath(DumbbellOcpSolution& out, const DumbbellOcp& ocp);

}  // namespace dms::dumbbellocp
