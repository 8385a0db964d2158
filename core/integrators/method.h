/// The integrators a run can use, in one table: the CLI name, the label the views show and a
/// one-line description. A system lists the ones it has (SystemModel::methods()).
#pragma once

#include <string>
#include <vector>

namespace dms {

enum class Method {
  Variational,  ///< the article's (Lie group) variational integrator: "vi"
  Rk45,         ///< Dormand-Prince 4(5) on the continuous equations: "rk45"
  Rk45Quat      ///< rigid bodies only: RK45 with the attitude as a quaternion: "rk45-quat"
};

struct MethodInfo {
  Method method;
  std::string name;         ///< CLI name, e.g. "rk45"
  std::string label;        ///< for legends, e.g. "RK45"
  std::string description;  ///< one line, e.g. "Dormand-Prince 5(4), adaptive step"
  bool adaptive = false;    ///< steps by its own controller (rtol, atol); else fixed step h
};

/// Every method, in the order the views list them.
const std::vector<MethodInfo>& allMethods();
const MethodInfo& methodInfo(Method m);
std::string methodName(Method m);
/// The method of a CLI name; throws InputError listing every name.
Method parseMethod(const std::string& s);

}  // namespace dms
