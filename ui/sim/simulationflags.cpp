// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/simulationflags.h"

#include <QCommandLineParser>

#include "core/integrators/settings.h"
#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "core/systems/typedpotential.h"

namespace dms::ui {

namespace {

const QStringList kViews = {"errors", "energy", "phase", "state", "momentum", "control"};

class SimulationFlags : public ModeFlags, public ChecksSets {
 public:
  QString key() const override { return QStringLiteral("simulation"); }
  bool hasModeFlag() const override { return false; }
  std::vector<QCommandLineOption> options() const override {
    return {QCommandLineOption("methods", {}, "M1,M2,..."), QCommandLineOption("show", {}, "VIEW"),
            QCommandLineOption("potential", {}, "EXPR"), QCommandLineOption("law", {}, "LAW")};
  }
  std::vector<FlagHelp> help() const override {
    return {
        {"--methods M1,M2,...",
         {"the methods side by side, as dmsim names them (e.g.",
          "vi,rk45,rk4; default: the article's pair)"},
         "system",
         "[--methods M1,M2,...]"},
        {"--potential EXPR",
         {"the potential typed for custom-rigid-body (in R11 ... R33)",
          "or custom-sphere-particle (in q1, q2, q3), as dmsim's;", "--set then takes its symbols"},
         "system",
         "[--potential EXPR]"},
        {"--law LAW",
         {"a control law on every run, CHANNEL=[e1, ...] (e.g.",
          "'tau=[-0.5*Omega]'): the forcing panel's fields, on"},
         "system",
         "[--law LAW]"},
        {"--show VIEW",
         {"the simulation's plots: errors, energy (with the shadow",
          "energy), phase, state, momentum or control"},
         "play-to",
         {}}};
  }

  bool checkFlags(const QCommandLineParser& parser, ModeArguments* o,
                  QString* error) const override {
    const auto fail = [error](const QString& e) {
      *error = e;
      return false;
    };
    m_typed.reset();
    if (parser.values("methods").size() > 1) return fail("--methods given twice");
    const QString methods = parser.value("methods");
    if (parser.isSet("methods") && methods.trimmed().isEmpty())
      return fail("--methods: no method given (e.g. --methods vi,rk45)");
    if (!methods.isEmpty() && !o->mode.isEmpty())
      return fail("--methods is for the simulation: --" + o->mode + " chooses its own");
    if (parser.values("show").size() > 1) return fail("--show given twice");
    const QString show = parser.value("show");
    if (parser.isSet("show")) {
      if (!kViews.contains(show))
        return fail(QString("--show '%1': unknown view (one of %2)").arg(show, kViews.join(", ")));
      if (!o->mode.isEmpty()) return fail("--show is for the simulation's plots, not --" + o->mode);
    }
    if (parser.values("potential").size() > 1) return fail("--potential given twice");
    if (parser.isSet("potential") && !o->mode.isEmpty())
      return fail("--potential is for the simulation: --" + o->mode + " takes the system's own");
    // the mode's choices, in the order the mode takes them: the typed potential first (its
    // symbols are --set names), then the methods, then the view
    if (const QString potential = parser.value("potential"); !potential.isEmpty())
      o->choices.emplace_back("potential", potential.toStdString());
    if (!methods.isEmpty()) o->choices.emplace_back("methods", methods.toStdString());
    if (parser.values("law").size() > 1) return fail("--law given twice");
    if (parser.isSet("law") && !o->mode.isEmpty())
      return fail("--law is for the simulation: --" + o->mode + " takes no law");
    if (parser.isSet("law")) o->choices.emplace_back("law", parser.value("law").toStdString());
    if (!show.isEmpty()) o->choices.emplace_back("show", show.toStdString());
    return true;
  }

  bool checkSystem(const QCommandLineParser& parser, const SystemModel* model,
                   const ModeArguments& o, QString* error) const override {
    if (parser.isSet("potential") && o.mode.isEmpty()) {
      if (!model) {
        *error = "--potential needs --system (custom-rigid-body or custom-sphere-particle)";
        return false;
      }
      try {
        // the core's refusal names --potential, the system or the column of the fault
        m_typed = withPotential(*model, parser.value("potential").toStdString());
      } catch (const InputError& e) {
        *error = QString::fromStdString(e.what());
        return false;
      }
    }
    const QString methods = parser.value("methods");
    if (!model || methods.isEmpty()) return true;
    std::vector<std::string> names;
    for (const QString& n : methods.split(',')) names.push_back(n.trimmed().toStdString());
    try {
      parseMethodList(*model, names, "--methods");
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
      return false;
    }
    return true;
  }

  // a parameter of the system, or one of the integrators' settings (h, T, rtol, atol)
  void checkSet(const SystemModel& registryModel, const std::string& name,
                const std::vector<double>& value) const override {
    // with --potential, the parameters are those of the system with that potential
    const SystemModel& model = m_typed ? *m_typed : registryModel;
    if (const ParamSpec* spec = findSpec(integratorSpecs(), name)) return checkValue(*spec, value);
    // a parameter that only a structural value makes (a chain's m_8 after n=8) is checked when
    // applied, against the table the values set before it make
    if (!model.structuralParams().empty() && !findSpec(model.params(), name)) return;
    ParamValues scratch;
    applyAssignment(model.params(), scratch, name, value);
  }

 private:
  // the system with --potential's expression, from checkSystem for checkSet; reset by
  // checkFlags at the start of each command line
  mutable std::shared_ptr<const SystemModel> m_typed;
};

}  // namespace

const ModeFlags& simulationFlags() {
  static const SimulationFlags flags;
  return flags;
}

}  // namespace dms::ui
