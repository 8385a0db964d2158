// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// An ensemble: one system and method run from many initial conditions on every core, keeping
/// of each member only its final state, its summary over every step and why it stopped. The
/// members are independent and written by index, so the result does not depend on the number
/// of threads, nor on how the members are split among the workers of a pool.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/integrators/method.h"
#include "core/integrators/settings.h"
#include "core/sim/summary.h"
#include "core/systems/system.h"

namespace dms {

/// What an ensemble runs. Its members are given either as states (each the parts of
/// namedState, started at t = 0 with `values`' parameters: the forced simulator's run, with no
/// control, as dms.Simulator advanced to T) or as parameter sets (each a whole run of the
/// system from its own parameters' initial state: makeRun's run, bit for bit that of
/// `dmsim run` with those parameters). Exactly one of the two lists is non-empty.
struct EnsembleInput {
  Method method = Method::Variational;
  ParamValues values;  ///< the parameters every member shares (normalized by runEnsemble)
  IntegratorSettings settings;
  std::vector<std::vector<StatePart>> states;
  std::vector<ParamValues> memberValues;
};

/// One member's outcome.
struct EnsembleMember {
  std::vector<StatePart> final;  ///< the last good state, by namedState's parts
  double t = 0.0;                ///< its time (T unless the run failed or was cancelled)
  RunSummary summary;            ///< over every step, t = 0 included
  RunCounters counters;
  RunFailure failure;
  bool cancelled = false;
};

/// The number of members of an input (the length of the non-empty list).
std::size_t ensembleSize(const EnsembleInput& in);

/// Runs every member on min(jobs, members) threads (core/analysis/parallel.h). Checks the input
/// first (throws InputError naming the member and the field: a state of the wrong parts or
/// shape, a parameter out of range, both lists or neither given) so that nothing runs on bad
/// input. A member whose run fails keeps its last good state and says why. With `cancel` set,
/// members not yet finished stop (cancelled = true).
std::vector<EnsembleMember> runEnsemble(const SystemModel& model, const EnsembleInput& in,
                                        unsigned jobs, const std::atomic<bool>* cancel = nullptr);

/// The sampler of an ensemble: `members` parameter sets around `base`, each entry of each
/// parameter named in `spread` drawn independently from a normal distribution of the given
/// standard deviation about its base value, then normalized by the system (a direction rescaled
/// to unit length, a velocity made tangent). The draws come from a 64-bit Mersenne twister
/// seeded with `seed` and turned into normal deviates by the Box-Muller transform written out
/// here, so that one seed gives the same members on every platform. Throws InputError for an
/// unknown parameter, a spread that is negative or not finite, or members outside [1, 10^7].
std::vector<ParamValues> sampleMembers(const SystemModel& model, const ParamValues& base,
                                       const std::map<std::string, double>& spread, int members,
                                       std::uint64_t seed);

}  // namespace dms
