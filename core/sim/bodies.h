// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The bodies of a run of a system made of spheres (the two-body problem), as `dmsim run`'s
/// JSON and `dms.run`'s summary give them under "bodies": what a script needs with the named
/// states to compute the total angular momentum, mu X x V + R1 J1 Omega1 + R2 J2 Omega2.
#pragma once

#include <string>

#include "core/systems/system.h"

namespace dms {

/// `reportJson` (runReportJson's text) with "bodies" appended when `model` is made of spheres
/// (asked by a dynamic_cast, never by its name): for each body its mass [kg], its inertia J
/// about its centre of mass in the body frame [kg m^2] (3 x 3, 9 numbers row by row), and its
/// spheres, each {mass [kg], radius [m], centre [m] in the body frame, whose origin is the
/// body's centre of mass}, at the normalized `values` (the centres as the run moved them).
/// Otherwise `reportJson` unchanged.
std::string withBodies(const std::string& reportJson, const SystemModel& model,
                       const ParamValues& values);

}  // namespace dms
