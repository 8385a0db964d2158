#include "ui/controlproblem.h"

#include "ui/controlproblems.h"

namespace dms::ui {

ControlRequest ControlProblem::defaultRequest() const {
  ControlRequest r;
  r.values = defaultValues(allFields());
  for (const ControlChoice& c : choices())
    if (!c.values.empty()) r.choices[c.name] = c.values.front().first;
  return r;
}

std::vector<ParamSpec> ControlProblem::allFields() const {
  std::vector<ParamSpec> all = fields();
  all.insert(all.end(), solverFields().begin(), solverFields().end());
  return all;
}

const std::vector<const ControlProblem*>& allControlProblems() {
  static const std::vector<const ControlProblem*> problems = {
      &sphericalPendulumControl(),
      &dumbbellControl(),
  };
  return problems;
}

const ControlProblem* findControlProblem(const std::string& system) {
  for (const ControlProblem* p : allControlProblems())
    if (p->system() == system) return p;
  return nullptr;
}

}  // namespace dms::ui
