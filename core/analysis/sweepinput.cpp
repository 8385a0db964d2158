// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/sweepinput.h"

#include <cmath>

#include "core/params.h"

namespace dms {

namespace {

// the CLI names of `model`'s methods of one kind, comma-separated
std::string methodsOfKind(const SystemModel& model, bool adaptive) {
  std::string all;
  for (Method m : model.methods())
    if (methodInfo(m).adaptive == adaptive) all += (all.empty() ? "" : ",") + methodName(m);
  return all;
}

}  // namespace

std::vector<Method> sweepMethods(const SystemModel& model, const std::vector<std::string>& names,
                                 const std::string& given, bool stepsGiven, bool rtolsGiven) {
  std::vector<Method> methods;
  bool fixed = false, adaptive = false;
  for (const std::string& name : names) {
    try {
      methods.push_back(parseMethod(name));
    } catch (const InputError&) {
      std::string all;
      for (Method m : model.methods()) all += (all.empty() ? "" : ",") + methodName(m);
      throw InputError("--methods '" + given + "': unknown method '" + name + "' (" + model.name() +
                       " has " + all + ")");
    }
    (methodInfo(methods.back()).adaptive ? adaptive : fixed) = true;
  }
  // --h and --rtol without a method to use them are a mistake, not a no-op
  if (stepsGiven && !fixed)
    throw InputError("--h: none of --methods " + given + " takes a fixed step (" + model.name() +
                     "'s fixed-step methods: " + methodsOfKind(model, false) + ")");
  if (rtolsGiven && !adaptive)
    throw InputError("--rtol: none of --methods " + given + " is adaptive (" + model.name() +
                     "'s adaptive methods: " + methodsOfKind(model, true) + ")");
  return methods;
}

unsigned sweepJobs(double jobs, const std::string& text) {
  if (!std::isfinite(jobs) || jobs != std::floor(jobs) || jobs < 1 || jobs > kMaxSweepJobs)
    throw InputError("--jobs '" + text + "': expected a whole number in [1, " +
                     std::to_string(kMaxSweepJobs) + "]");
  return unsigned(jobs);
}

}  // namespace dms
