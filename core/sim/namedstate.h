// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A sample's state by name, the same for every integrator of a system: what `dmsim run` prints
/// as initial_state and final_state and what a script reads as run.state["R"]. Each system
/// names its parts (SystemModel::namedState; docs/cli.md lists them).
#pragma once

#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The parts of a sample of a run of `method` of `model`, in the system's order, read off its
/// state (and its drawn point where model.namedStateNeedsPose(method): a sample with
/// SampleFields::All, as Run::advance(std::vector<Sample>&, ...) gives). A matrix's values are
/// row by row.
std::vector<StatePart> namedState(const SystemModel& model, Method method, const Sample& s);

/// The part called `name`, or nullptr.
const StatePart* findPart(const std::vector<StatePart>& parts, const std::string& name);

}  // namespace dms
