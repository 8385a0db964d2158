// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/control/controlflags.h"

#include <QCommandLineParser>
#include <algorithm>

#include "core/sim/registry.h"

namespace dms::ui {

namespace {

// a choice flag: one name among the registered problems' choices, its values and who has it
struct ChoiceFlag {
  QString name;
  QStringList values;
  QStringList systems;
};

// in the order the problems register them
std::vector<ChoiceFlag> choiceFlags() {
  std::vector<ChoiceFlag> flags;
  for (const SystemEntry& e : registry()) {
    if (!e.control) continue;
    for (const ControlChoice& c : e.control->choices()) {
      const QString name = QString::fromStdString(c.name);
      auto f = std::find_if(flags.begin(), flags.end(),
                            [&](const ChoiceFlag& x) { return x.name == name; });
      if (f == flags.end()) f = flags.insert(flags.end(), ChoiceFlag{name, {}, {}});
      for (const ControlChoice::Value& v : c.values)
        if (!f->values.contains(QString::fromStdString(v.value)))
          f->values << QString::fromStdString(v.value);
      f->systems << QString::fromStdString(e.model->name());
    }
  }
  return flags;
}

class ControlFlags : public ModeFlags, public ChecksSets {
 public:
  QString key() const override { return QStringLiteral("control"); }
  std::vector<QCommandLineOption> options() const override {
    std::vector<QCommandLineOption> out;
    for (const ChoiceFlag& f : choiceFlags()) out.emplace_back(f.name, QString(), "VALUE");
    return out;
  }
  std::vector<FlagHelp> help() const override {
    std::vector<FlagHelp> out{{"--control",
                               {"the \"Optimal control\" mode: solve the system's problem, show",
                                "the optimal maneuver at its end (--set: its fields, e.g. T, h,",
                                "qd, tol; exit 3 if the solver did not converge)"},
                               {},
                               {}}};
    for (const ChoiceFlag& f : choiceFlags())
      out.push_back(
          {QString("--%1 X").arg(f.name),
           {QString("with --control: %1 (%2)").arg(f.values.join(" or "), f.systems.join(", "))},
           {},
           {}});
    return out;
  }

  bool checkFlags(const QCommandLineParser& parser, ModeArguments* o, QString*) const override {
    for (const ChoiceFlag& f : choiceFlags())
      for (const QString& v : parser.values(f.name))
        o->choices.emplace_back(f.name.toStdString(), v.toStdString());
    return true;
  }

  bool checkSystem(const QCommandLineParser& parser, const SystemModel* model,
                   const ModeArguments& o, QString* error) const override {
    const auto fail = [error](const QString& e) {
      *error = e;
      return false;
    };
    const ControlProblem* problem = nullptr;
    if (o.mode == key() && model) {
      problem = findControlProblem(model->name());
      if (!problem) {
        return fail(QString("--control: the system '%1' has no optimal-control problem (systems "
                            "with one: %2)")
                        .arg(o.system, QString::fromStdString(systemNames(systemsWithControl()))));
      }
    }
    // a choice flag without a mode (with another mode's flag, that mode takes the choices)
    if (o.mode.isEmpty())
      for (const ChoiceFlag& f : choiceFlags())
        if (parser.isSet(f.name)) return fail(QString("--%1 needs --control").arg(f.name));
    if (!problem) return true;
    for (const auto& [name, value] : o.choices) {
      const std::vector<ControlChoice>& cs = problem->choices();
      const auto it = std::find_if(
          cs.begin(), cs.end(), [&name = name](const ControlChoice& c) { return c.name == name; });
      if (it == cs.end())
        return fail(QString("--%1: not an option of this system's problem")
                        .arg(QString::fromStdString(name)));
      if (!it->find(value)) {
        QStringList allowed;
        for (const ControlChoice::Value& v : it->values) allowed << QString::fromStdString(v.value);
        return fail(QString("--%1 '%2': expected %3")
                        .arg(QString::fromStdString(name), QString::fromStdString(value),
                             allowed.join(" or ")));
      }
    }
    return true;
  }

  // a field of the system's problem (checkSystem made sure it has one)
  void checkSet(const SystemModel& model, const std::string& name,
                const std::vector<double>& value) const override {
    ParamValues scratch;
    applyAssignment(findControlProblem(model.name())->allFields(), scratch, name, value);
  }
};

}  // namespace

const ModeFlags& controlFlags() {
  static const ControlFlags flags;
  return flags;
}

}  // namespace dms::ui
