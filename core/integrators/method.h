// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The integrators a run can use, in one table: the CLI name, the label the views show and a
/// one-line description. A system lists the ones it has (SystemModel::methods()).
#pragma once

#include <string>
#include <vector>

namespace dms {

enum class Method {
  Variational,  ///< the article's (Lie group) variational integrator: "vi"
  Rk45,         ///< Dormand-Prince 4(5) on the continuous equations: "rk45"
  Rk45Quat,     ///< rigid bodies only: RK45 with the attitude as a quaternion: "rk45-quat"
  Rk4,          ///< classical RK4 with the fixed step h: "rk4"
  Rk45Proj,     ///< RK45 projected onto the manifold after every step and output: "rk45-proj"
  Rkmk4,        ///< Runge-Kutta-Munthe-Kaas 4 on the rotation group: "rkmk4"
  Rattle,       ///< RATTLE, constrained Stormer-Verlet (spherical pendulum): "rattle"
  Vi4,          ///< vi composed by Yoshida's triple jump, order 4: "vi4"
  Vi6,          ///< vi composed by Yoshida's 7-stage composition, order 6: "vi6"
  Vi8,          ///< vi composed by the 15-stage composition of order 8: "vi8"
  Rk853         ///< Dormand-Prince 8(5,3), Hairer's DOP853, on the continuous equations: "rk853"
};

struct MethodInfo {
  Method method;
  std::string name;         ///< CLI name, e.g. "rk45"
  std::string label;        ///< for legends, e.g. "RK45"
  std::string description;  ///< one line, e.g. "Dormand-Prince 5(4), adaptive step"
  bool adaptive = false;    ///< steps by its own controller (rtol, atol); else fixed step h
  /// Keeps the configuration on its manifold (|q| = 1, R in SO(3)) to round-off.
  bool keepsStructure = false;
  /// Symplectic: the energy error stays bounded on long horizons.
  bool symplectic = false;
  /// The order of the global error in h (for an adaptive pair, its propagated solution's).
  int order = 0;
  /// Symmetric (the map from h equals the inverse of the map from -h): its global error expands
  /// in even powers of h.
  bool symmetric = false;
};

/// Every method, in the order the views list them: the article's first.
const std::vector<MethodInfo>& allMethods();
const MethodInfo& methodInfo(Method m);
std::string methodName(Method m);
/// The method of a CLI name; throws InputError listing every name.
Method parseMethod(const std::string& s);

}  // namespace dms
