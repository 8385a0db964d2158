// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The optimal-control maneuver as CSV, one writer for the app and the CLI: the problem's columns
/// (ControlProblem::csvColumns, e.g. t, q1, ..., u1, ...) as the header, then one row per t_k of
/// ControlResult::csvRows, every number with 17 significant digits (read back bit for bit).
#pragma once

#include <ostream>

#include "core/control/problem.h"

namespace dms {

void writeControlCsv(std::ostream& out, const ControlResult& result);

}  // namespace dms
