// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// What the studies of core/analysis share: the system a spec names, a method list for
/// messages, a value rounded to 12 digits (a default that prints as typed).
#pragma once

#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/sim/registry.h"

namespace dms::analysis {

/// `x` to 12 significant digits: the multiple 62.86 of 0.07, not 62.860000000000007, and the
/// AbsTol 1e-7 of RelTol 1e-4, not 1.0000000000000001e-07.
inline double rounded12(double x) {
  std::ostringstream s;
  s << std::setprecision(12) << x;
  return std::stod(s.str());
}

/// "vi, rk45, rk4": CLI names, for messages.
inline std::string methodList(const std::vector<Method>& methods) {
  std::string s;
  for (Method m : methods) s += (s.empty() ? "" : ", ") + methodName(m);
  return s;
}

/// The system named by a spec; throws InputError naming --system and the known systems.
inline const SystemModel& modelOf(const std::string& system) {
  const SystemModel* m = findSystem(system);
  if (!m)
    throw InputError("--system '" + system + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  return *m;
}

}  // namespace dms::analysis
