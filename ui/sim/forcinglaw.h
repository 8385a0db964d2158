// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The forcing panel's law as the worker takes it: one text per declared control channel
// (SystemDeclaration::controls), a comma-separated expression per entry of the channel, put
// together as the typed law of core/sim/controllaw.h (CHANNEL=[e1, ...]; ...), which the worker
// compiles in its thread, one evaluator per run (the runs share nothing).
#pragma once

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms::ui {

/// The law the panel holds: a text per declared channel, in the declaration's order (none:
/// unforced), and the law's text as controllaw.h reads it.
struct ForcingLaw {
  std::vector<std::string> channels;
  std::string text;
  bool on() const { return !channels.empty(); }
};

/// The law of the channels' texts for `model` (CHANNEL=[text]; ...); none for no texts. A
/// first text that is a JSON object is a built-in law (core/sim/geometriclaw.h), the law whole.
ForcingLaw forcingLaw(const SystemModel& model, const std::vector<std::string>& channels);

/// The names a law of `model` may read at `values`: t, the named state's entries, the
/// parameters (controllaw.h).
std::vector<std::string> lawNames(const SystemModel& model, const ParamValues& values);

/// Checks `law` as the worker will compile it (parseControlLaw). Throws InputError naming the
/// channel's entry ("control tau = '...'"), what is wrong and the names the law may use.
void checkLaw(const SystemModel& model, const ParamValues& values, const ForcingLaw& law);

/// The tracking errors of `law` for the runs of `methods` when it is a built-in law that has
/// them (PlotContext::tracking: |e_x| and Psi, core/sim/geometriclaw.h); null otherwise.
std::function<std::vector<std::array<double, 2>>(std::size_t, const std::vector<Sample>&)>
lawTrackingErrors(const SystemModel& model, const ParamValues& values,
                  const std::vector<Method>& methods, const ForcingLaw& law);

/// controllaw.h's message for the panel: "--control: " read as "control ".
std::string lawMessage(const std::string& what);

}  // namespace dms::ui
