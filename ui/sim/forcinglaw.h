// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The forcing panel's law as the worker compiles it: one text per declared control channel
// (SystemDeclaration::controls), each a comma-separated list of expressions, one per entry of
// the channel, of t, the state's named parts and the system's scalar parameters. Compiled in
// the worker's thread, one evaluator per run (the runs share nothing).
#pragma once

#include <string>
#include <vector>

#include "core/sim/controlledrun.h"
#include "core/systems/system.h"

namespace dms::ui {

/// The law the panel holds: a text per declared channel, in the declaration's order.
struct ForcingLaw {
  std::vector<std::string> channels;
  bool on() const { return !channels.empty(); }
};

/// The names a law of `model` may read, in the order of its messages: t, the state's parts
/// (a part of several entries by its name and 1-based indices, e.g. Omega1, R12) and the
/// scalar parameters in `values`.
std::vector<std::string> lawNames(const SystemModel& model, const ParamValues& values);

/// The channel's field name in messages, e.g. "control tau".
std::string channelField(const StatePartSpec& channel);

/// Compiles `law` for the runs of `method` at normalized `values`. Throws InputError naming
/// the channel's field, what is wrong (a syntax error and its position, an unknown name, the
/// wrong number of entries) and the names the law may use.
ControlLaw compileLaw(const SystemModel& model, Method method, const ParamValues& values,
                      const ForcingLaw& law);

/// Checks `law` (compileLaw for the system's first method): throws as compileLaw.
void checkLaw(const SystemModel& model, const ParamValues& values, const ForcingLaw& law);

}  // namespace dms::ui
