// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The DMOC problems of any system (core/sim/dmoc.h) behind ControlProblem, one per example:
/// `pendulum-3d-maneuver` (the 3D pendulum's rest-to-rest attitude maneuver),
/// `chain-swing-up` (the chain of 2 from hanging to upright) and
/// `custom-rigid-body-reorientation` (a typed-potential rigid body's reorientation).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/control/problem.h"
#include "core/sim/dmoc.h"

namespace dms {

/// The examples' names, in menu order.
const std::vector<std::string>& dmocExampleNames();

/// The system of the example `name`; throws InputError naming the examples for another.
std::string dmocExampleSystem(const std::string& name);

/// The example `name` of `model` (one of dmocExampleNames(), for the system it names); throws
/// InputError for another.
std::unique_ptr<ControlProblem> makeDmocProblem(const SystemModel& model, const std::string& name);

/// The DMOC problem a request of such a problem stands for (fields and choices checked:
/// InputError naming the field). For tests and benchmarks: what solve() solves.
DmocSpec dmocSpecOf(const ControlProblem& problem, const ControlRequest& r);

}  // namespace dms
