#include "core/integrators/method.h"

#include "core/params.h"

namespace dms {

const std::vector<MethodInfo>& allMethods() {
  static const std::vector<MethodInfo> methods = {
      {Method::Variational, "vi", "variational",
       "the article's (Lie group) variational integrator, fixed step h", false},
      {Method::Rk45, "rk45", "RK45",
       "Dormand-Prince 5(4) on the continuous equations, adaptive step", true},
      {Method::Rk45Quat, "rk45-quat", "RK45 quaternion",
       "Dormand-Prince 5(4) with the attitude as a unit quaternion, adaptive step", true},
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
