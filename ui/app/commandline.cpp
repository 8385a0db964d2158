#include "ui/app/commandline.h"

#include <algorithm>

#include "core/sim/model.h"
#include "ui/controlproblem.h"

namespace dms::ui {

QString scriptUsage() {
  return QStringLiteral(
      "usage: dmstudio [--system NAME] [--set NAME=VALUE ...] [--play-to T]\n"
      "                [--screenshot FILE.png] [--export-plots DIR] [--quit]\n"
      "  --system NAME        one of: %1\n"
      "  --set NAME=VALUE     a parameter of the system, or h, T, rtol, atol (repeatable)\n"
      "  --play-to T          play to simulated time T (at most the horizon T)\n"
      "  --screenshot FILE    write a PNG of the whole window\n"
      "  --export-plots DIR   write every plot as PNG, SVG and PDF into DIR\n"
      "  --quit               quit when done (exit 0, 1 if a write failed)\n"
      "  --control            the \"Optimal control\" mode: solve the system's problem, show\n"
      "                       the optimal maneuver at its end (--set: its fields, e.g. T, h,\n"
      "                       qd, tol; exit 3 if the solver did not converge)\n"
      "  --transcription X    with --control: vi or rk2 (spherical pendulum)\n"
      "  --guess G            with --control: plain or mirror (spherical pendulum)\n"
      "exit status 2: a bad argument\n")
      .arg([] {
        QStringList n;
        for (const SystemModel* m : allSystems()) n << QString::fromStdString(m->name());
        return n.join(", ");
      }());
}

bool parseScriptOptions(const QStringList& args, ScriptOptions* out, QString* error) {
  ScriptOptions o;
  QStringList rawSets;
  const auto fail = [error](const QString& e) {
    *error = e;
    return false;
  };
  for (int i = 0; i < args.size(); ++i) {
    const QString a = args[i];
    const bool valued = a == "--system" || a == "--set" || a == "--play-to" ||
                        a == "--screenshot" || a == "--export-plots" ||
                        a == "--transcription" || a == "--guess";
    if (a == "--quit") {
      o.quit = true;
      continue;
    }
    if (a == "--control") {
      o.control = true;
      continue;
    }
    if (a == "--help" || a == "-h") {
      o.help = true;
      continue;
    }
    if (!valued) return fail(QString("unknown option '%1'").arg(a));
    if (i + 1 >= args.size()) return fail(QString("%1: missing value").arg(a));
    const QString v = args[++i];
    if (a == "--system") {
      if (!o.system.isEmpty()) return fail("--system given twice");
      o.system = v;
    } else if (a == "--set") {
      rawSets << v;
    } else if (a == "--transcription" || a == "--guess") {
      o.choices.emplace_back(a.mid(2).toStdString(), v.toStdString());
    } else if (a == "--play-to") {
      try {
        const double t = parseNumber(v.toStdString(), "--play-to");
        if (t < 0) return fail(QString("--play-to %1: must be >= 0").arg(v));
        o.playTo = t;
      } catch (const InputError& e) {
        return fail(QString::fromStdString(e.what()));
      }
    } else if (a == "--screenshot") {
      if (!v.endsWith(".png", Qt::CaseInsensitive))
        return fail(QString("--screenshot '%1': expected a .png file name").arg(v));
      o.screenshot = v;
    } else {
      o.exportDir = v;
    }
  }
  const SystemModel* model = nullptr;
  if (!o.system.isEmpty()) {
    model = findSystem(o.system.toStdString());
    if (!model) {
      QStringList n;
      for (const SystemModel* m : allSystems()) n << QString::fromStdString(m->name());
      return fail(QString("--system '%1': unknown system (one of %2)").arg(o.system, n.join(", ")));
    }
  } else if (!rawSets.isEmpty()) {
    return fail("--set needs --system (parameters belong to a system)");
  }
  const ControlProblem* control = nullptr;
  if (o.control && model) {
    control = findControlProblem(model->name());
    if (!control) {
      QStringList n;
      for (const ControlProblem* p : allControlProblems()) n << QString::fromStdString(p->system());
      return fail(QString("--control: the system '%1' has no optimal-control problem (systems "
                          "with one: %2)")
                      .arg(o.system, n.join(", ")));
    }
  }
  if (!o.choices.empty() && !o.control)
    return fail(QString("--%1 needs --control").arg(QString::fromStdString(o.choices[0].first)));
  for (const auto& [name, value] : o.choices) {
    const std::vector<ControlChoice> none;
    const std::vector<ControlChoice>& cs = control ? control->choices() : none;
    const auto it = std::find_if(cs.begin(), cs.end(),
                                 [&](const ControlChoice& c) { return c.name == name; });
    if (control && it == cs.end())
      return fail(QString("--%1: not an option of this system's problem")
                      .arg(QString::fromStdString(name)));
    if (control && std::none_of(it->values.begin(), it->values.end(),
                                [&](const auto& v) { return v.first == value; })) {
      QStringList allowed;
      for (const auto& v : it->values) allowed << QString::fromStdString(v.first);
      return fail(QString("--%1 '%2': expected %3")
                      .arg(QString::fromStdString(name), QString::fromStdString(value),
                           allowed.join(" or ")));
    }
  }
  for (const QString& s : rawSets) {
    try {
      auto [name, value] = parseAssignment(s.toStdString());
      if (control) {
        ParamValues scratch;
        applyAssignment(control->allFields(), scratch, name, value);
        o.sets.emplace_back(name, value);
        continue;
      }
      const ParamSpec* spec = findSpec(integratorSpecs(), name);
      if (spec) {
        checkValue(*spec, value);
      } else {
        ParamValues scratch;
        applyAssignment(model->params(), scratch, name, value);
      }
      o.sets.emplace_back(name, value);
    } catch (const InputError& e) {
      return fail(QString("--set '%1': %2").arg(s, QString::fromStdString(e.what())));
    }
  }
  *out = o;
  return true;
}

}  // namespace dms::ui
