// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/method.h"

#include "core/params.h"

namespace dms {

const std::vector<MethodInfo>& allMethods() {
  static const std::vector<MethodInfo> methods = {
      {Method::Variational, "vi", "variational",
       "the article's (Lie group) variational integrator, fixed step h: symplectic, structure "
       "to round-off, order 2",
       false, true, true, 2, true},
      {Method::Rk45, "rk45", "RK45",
       "Dormand-Prince 5(4) on the continuous equations, adaptive step", true, false, false, 5},
      {Method::Rk45Quat, "rk45-quat", "RK45 quaternion",
       "Dormand-Prince 5(4) with the attitude as a unit quaternion, adaptive step", true, false,
       false, 5},
      {Method::Rk853, "rk853", "DOP853",
       "Dormand-Prince 8(5,3) (Hairer's DOP853) on the continuous equations, adaptive step with "
       "its own controller, dense output of order 7",
       true, false, false, 8},
      {Method::Vi4, "vi4", "variational, triple jump",
       "vi composed by Yoshida's triple jump: symplectic, structure to round-off, order 4", false,
       true, true, 4, true},
      {Method::Vi6, "vi6", "variational, order 6",
       "vi composed by Yoshida's 7 stages: symplectic, structure to round-off, order 6", false,
       true, true, 6, true},
      {Method::Vi8, "vi8", "variational, order 8",
       "vi composed by Suzuki and Umeno's 15 stages: symplectic, structure to round-off, order 8",
       false, true, true, 8, true},
      {Method::Rattle, "rattle", "RATTLE",
       "RATTLE (constrained Stormer-Verlet) in R^3 with |q| = 1 and q.p = 0: symplectic, "
       "order 2",
       false, true, true, 2, true},
      {Method::Rk45Proj, "rk45-proj", "RK45 projected",
       "RK45 projected onto the manifold after every step and output: structure kept, not "
       "symplectic",
       true, true, false, 5},
      {Method::Rkmk4, "rkmk4", "RKMK4",
       "Runge-Kutta-Munthe-Kaas 4 on the rotation group, fixed step h: structure to "
       "round-off, not symplectic",
       false, true, false, 4},
      {Method::Rk4, "rk4", "RK4",
       "classical Runge-Kutta 4 on the continuous equations, fixed step h", false, false, false, 4},
  };
  return methods;
}

const MethodInfo& methodInfo(Method m) {
  for (const MethodInfo& i : allMethods())
    if (i.method == m) return i;
  return allMethods().front();
}

std::string methodName(Method m) { return methodInfo(m).name; }

Method parseMethod(const std::string& s) {
  std::string names;
  for (const MethodInfo& i : allMethods()) {
    if (i.name == s) return i.method;
    names += (names.empty() ? "" : ", ") + i.name;
  }
  throw InputError("--integrator '" + s + "': expected one of " + names);
}

}  // namespace dms
