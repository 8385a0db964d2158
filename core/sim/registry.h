// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The one list of the product's systems: each registers its model and, optionally, its
/// optimal-control problem, in core/sim/registry.cpp. Everything else (the CLI, the app, the
/// scenario loader, the tests) iterates this list.
#pragma once

#include <string>
#include <vector>

#include "core/control/problem.h"
#include "core/systems/system.h"

namespace dms {

struct SystemEntry {
  const SystemModel* model = nullptr;
  const ControlProblem* control = nullptr;  ///< null: no optimal-control problem
};

/// Every system of the product, in menu order.
const std::vector<SystemEntry>& registry();
const std::vector<const SystemModel*>& allSystems();
/// A system by CLI name, or nullptr.
const SystemModel* findSystem(const std::string& name);
/// The optimal-control problem of a system (by CLI name), or nullptr.
const ControlProblem* findControlProblem(const std::string& system);
/// The systems that have an optimal-control problem, in menu order.
std::vector<const SystemModel*> systemsWithControl();
/// The CLI names of `systems` joined by `separator`, e.g. "mass-spring, dumbbell".
std::string systemNames(const std::vector<const SystemModel*>& systems,
                        const std::string& separator = ", ");

}  // namespace dms
