#include "core/systems/system.h"

#include <algorithm>

namespace dms {

bool SystemModel::hasMethod(Method m) const {
  const std::vector<Method> ms = methods();
  return std::find(ms.begin(), ms.end(), m) != ms.end();
}

ParamValues SystemModel::normalize(const ParamValues& values,
                                   std::vector<std::string>* /*warnings*/) const {
  ParamValues out = defaultValues(params());
  for (const auto& [name, value] : values) applyAssignment(params(), out, name, value);
  return out;
}

InputError SystemModel::unavailable(Method m) const {
  std::string names;
  for (Method x : methods()) names += (names.empty() ? "" : ", ") + methodName(x);
  return InputError("--integrator '" + methodName(m) + "' is not available for " + name() + " (" +
                    names + ")");
}

}  // namespace dms
