// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/simulationflags.h"

#include <QCommandLineParser>

#include "core/integrators/settings.h"
#include "core/io/scenario.h"
#include "core/sim/registry.h"

namespace dms::ui {

namespace {

const QStringList kViews = {"errors", "energy", "phase", "state", "momentum"};

class SimulationFlags : public ModeFlags {
 public:
  QString key() const override { return QStringLiteral("simulation"); }
  bool hasModeFlag() const override { return false; }
  std::vector<QCommandLineOption> options() const override {
    return {QCommandLineOption("methods", {}, "M1,M2,..."), QCommandLineOption("show", {}, "VIEW")};
  }
  std::vector<FlagHelp> help() const override {
    return {{"--methods M1,M2,...",
             {"the methods side by side, as dmsim names them (e.g.",
              "vi,rk45,rk4; default: the article's pair)"},
             "system",
             "[--methods M1,M2,...]"},
            {"--show VIEW",
             {"the simulation's plots: errors, energy (with the shadow",
              "energy), phase, state or momentum"},
             "play-to",
             {}}};
  }

  bool checkFlags(const QCommandLineParser& parser, ModeArguments* o,
                  QString* error) const override {
    const auto fail = [error](const QString& e) {
      *error = e;
      return false;
    };
    if (parser.values("methods").size() > 1) return fail("--methods given twice");
    o->methods = parser.value("methods");
    if (parser.isSet("methods") && o->methods.trimmed().isEmpty())
      return fail("--methods: no method given (e.g. --methods vi,rk45)");
    if (!o->methods.isEmpty() && !o->mode.isEmpty())
      return fail("--methods is for the simulation: --" + o->mode + " chooses its own");
    if (parser.values("show").size() > 1) return fail("--show given twice");
    o->show = parser.value("show");
    if (parser.isSet("show")) {
      if (!kViews.contains(o->show))
        return fail(
            QString("--show '%1': unknown view (one of %2)").arg(o->show, kViews.join(", ")));
      if (!o->mode.isEmpty()) return fail("--show is for the simulation's plots, not --" + o->mode);
    }
    return true;
  }

  bool checkSystem(const QCommandLineParser&, const SystemModel* model, const ModeArguments& o,
                   QString* error) const override {
    if (!model || o.methods.isEmpty()) return true;
    std::vector<std::string> names;
    for (const QString& n : o.methods.split(',')) names.push_back(n.trimmed().toStdString());
    try {
      parseMethodList(*model, names, "--methods");
    } catch (const InputError& e) {
      *error = QString::fromStdString(e.what());
      return false;
    }
    return true;
  }

  // a parameter of the system, or one of the integrators' settings (h, T, rtol, atol)
  void checkSet(const SystemModel& model, const std::string& name,
                const std::vector<double>& value) const override {
    if (const ParamSpec* spec = findSpec(integratorSpecs(), name)) return checkValue(*spec, value);
    // a parameter that only a structural value makes (a chain's m_8 after n=8) is checked when
    // applied, against the table the values set before it make
    if (!model.structuralParams().empty() && !findSpec(model.params(), name)) return;
    ParamValues scratch;
    applyAssignment(model.params(), scratch, name, value);
  }
};

}  // namespace

const ModeFlags& simulationFlags() {
  static const SimulationFlags flags;
  return flags;
}

}  // namespace dms::ui
