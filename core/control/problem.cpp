#include "core/control/problem.h"

namespace dms {

const ControlChoice::Value* ControlChoice::find(const std::string& v) const {
  for (const Value& x : values)
    if (x.value == v) return &x;
  return nullptr;
}

std::string ControlChoice::valuesText() const {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += i + 1 == values.size() ? " or " : ", ";
    out += values[i].value;
  }
  return out;
}

std::vector<ParamSpec> ControlProblem::allFields() const {
  std::vector<ParamSpec> all = fields();
  all.insert(all.end(), solverFields().begin(), solverFields().end());
  return all;
}

ControlRequest ControlProblem::defaultRequest() const {
  ControlRequest r;
  r.choices = completeChoices({});
  r.values = completeValues({{}, r.choices});
  return r;
}

std::map<std::string, std::string> ControlProblem::completeChoices(const ControlRequest& r) const {
  std::map<std::string, std::string> out;
  for (const auto& [name, value] : r.choices) {
    const ControlChoice* c = nullptr;
    for (const ControlChoice& x : choices())
      if (x.name == name) c = &x;
    if (!c) throw InputError("--" + name + ": not an option of this problem");
    if (!c->find(value)) {
      std::string labels;
      for (const ControlChoice::Value& v : c->values)
        labels += (labels.empty() ? "" : "; ") + v.label;
      throw InputError("--" + name + " '" + value + "': expected " + c->valuesText() + " (" +
                       labels + ")");
    }
  }
  for (const ControlChoice& c : choices()) {
    const auto it = r.choices.find(c.name);
    out[c.name] = it != r.choices.end() ? it->second : c.values.front().value;
  }
  return out;
}

ParamValues ControlProblem::completeValues(const ControlRequest& r) const {
  const std::vector<ParamSpec> all = allFields();
  ParamValues v = defaultValues(all);
  for (const auto& [name, value] : completeChoices(r))
    for (const ControlChoice& c : choices())
      if (c.name == name)
        for (const auto& [field, d] : c.find(value)->defaults) v[field] = d;
  for (const auto& [name, value] : r.values) applyAssignment(all, v, name, value);
  return v;
}

}  // namespace dms
