// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim control: a system's optimal-control problem from the command line. Its flags, fields,
// help text, JSON fields and CSV columns all come from the problem (core/control/problem.h).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "app/dmsim/cli.h"
#include "core/control/reportjson.h"
#include "core/io/atomicfile.h"
#include "core/io/controlcsv.h"
#include "core/params.h"
#include "core/sim/dmocproblem.h"

namespace dms::cli {
namespace {

std::string valueFlag(const ParamSpec& s) {
  std::string meta = s.integer ? "N" : "X";
  if (s.name.size() == 1) meta = std::string(1, char(std::toupper(s.name[0])));
  return s.flag + " " + meta;
}

// the request the flags and --set items give (checked against the problem's fields)
ControlRequest requestFrom(const Options& o, const ControlProblem& p) {
  ControlRequest r;
  const std::vector<ParamSpec> fields = p.allFields();
  for (const ParamSpec& s : fields) {
    if (s.flag.empty() || !o.has(s.flag)) continue;
    const std::vector<double> v = {parseNumber(o.values.at(s.flag), s.flag)};
    try {
      checkValue(s, v);
    } catch (const InputError& e) {
      throw InputError(s.flag + ": " + e.what());
    }
    r.values[s.name] = v;
  }
  for (const std::string& item : o.sets) {
    auto [name, value] = parseAssignment(item);
    ParamValues checked;
    applyAssignment(fields, checked, name, value);
    if (r.values.count(name))
      throw InputError("--set " + name + ": the parameter '" + name + "' is given twice");
    r.values[name] = value;
  }
  for (const ControlChoice& c : p.choices())
    if (o.has("--" + c.name)) r.choices[c.name] = o.values.at("--" + c.name);
  for (const ControlExpressionField& f : p.expressionFields())
    if (o.has(f.flag)) r.expressions[f.name] = o.values.at(f.flag);
  p.completeChoices(r);  // an unknown value names the flag and the allowed values
  return r;
}

std::string fieldText(const ParamSpec& s) {
  return s.description + (s.unit.empty() ? "" : " [" + s.unit + "]") + ", in " + s.rangeText() +
         " (default " + s.defaultText() + ")";
}

int runProblem(const SystemModel& model, const ControlProblem& p, const Options& o) {
  const ControlRequest request = requestFrom(o, p);
  p.check(request);
  // what the solve changes in the values given, as `dmsim run` reports its normalization
  for (const std::string& w : p.warnings(request)) std::cerr << "dmsim: warning: " << w << "\n";

  AtomicFile csvFile;
  if (o.has("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  ProgressCallback progress;
  if (o.flag("--progress"))
    progress = [](const IterationReport& r) {
      std::cerr << "iteration " << r.iteration << "  evaluations " << r.evaluations << "  cost "
                << std::setprecision(12) << r.cost << std::setprecision(3)
                << (r.residual ? "  terminal error " : "  violation ")
                << (r.residual ? *r.residual : r.constraintViolation) << "\n";
      return true;
    };
  const ControlResult result = p.solve(request, progress);
  if (result.badInput) throw InputError(result.message);

  if (o.has("--csv")) {
    writeControlCsv(csvFile.stream(), result);
    if (!csvFile.commit()) {
      std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
      return kBadInput;
    }
  }
  std::cout << controlReportJson(model.name(), result) << "\n";
  if (!result.converged) {
    std::cerr << "dmsim: control: " << result.message << "\n";
    return kFailed;
  }
  return kOk;
}

}  // namespace

std::unique_ptr<CLI::App> controlApp(const SystemModel& model, const ControlProblem& p,
                                     std::unique_ptr<CommandOptions>* options) {
  auto app = std::make_unique<CLI::App>(p.title() + ". " + p.summary(),
                                        "dmsim control --system " + model.name());
  app->formatter(helpFormatter(28));
  *options = std::make_unique<CommandOptions>(*app, "control");
  CommandOptions& c = **options;
  const std::vector<ParamSpec> fields = p.allFields();
  // --system was taken by the control command: here for the help and the known options
  c.value("--system", model.name(), "the system");
  c.repeated("--set", "NAME=VALUE", "a parameter below (vectors as x,y,z; repeatable)");
  std::string columns;
  for (const std::string& col : p.csvColumns(p.defaultRequest()))
    columns += (columns.empty() ? "" : ",") + col;
  c.value("--csv", "FILE", "one row per t_k: " + columns);
  for (const ParamSpec& s : fields) {
    if (s.flag.empty()) continue;
    c.value(s.flag, valueFlag(s).substr(s.flag.size() + 1), fieldText(s),
            [s](const std::string& text) {
              const std::vector<double> v = {parseNumber(text, s.flag)};
              try {
                checkValue(s, v);
              } catch (const InputError& e) {
                throw InputError(s.flag + ": " + e.what());
              }
            });
  }
  for (const ControlChoice& ch : p.choices()) {
    std::string values;
    for (const ControlChoice::Value& v : ch.values) values += (values.empty() ? "" : "|") + v.value;
    // an unknown value is refused by the problem (completeChoices), naming the allowed ones
    c.value("--" + ch.name, values, ch.description + " (default " + ch.values.front().value + ")");
  }
  for (const ControlExpressionField& f : p.expressionFields())
    c.value(f.flag, "EXPR", f.description + " (default: " + f.emptyMeans + ")");
  c.flag("--progress", "one line per iteration on stderr");
  std::string params = "Parameters (--set NAME=VALUE):\n";
  for (const ParamSpec& s : fields)
    if (s.flag.empty()) {
      std::ostringstream line;
      std::string text = wrapText(fieldText(s), 100 - 28);
      for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; at += 29)
        text.insert(at + 1, std::string(28, ' '));
      line << "  " << std::left << std::setw(26) << s.name << text << "\n";
      params += line.str();
    }
  app->footer(params);
  return app;
}

void defineControl(CommandOptions& c) {
  const std::string names = systemNames(systemsWithControl(), ", ");
  c.app().description(
      "Solves the system's optimal-control problem and prints JSON (converged, iterations, cost, "
      "terminal_error, cpu_s, ...). Exit codes: 0 converged, 2 bad input, 3 the solver did not "
      "converge (or the target is unreachable). The flags of each system's problem follow.");
  c.value("--system", systemNames(systemsWithControl(), "|"), "the system: " + names,
          [names](const std::string& sys) {
            if (!findSystem(sys))
              throw InputError("--system '" + sys +
                               "': unknown system (systems with optimal control: " + names + ")");
            if (!findControlProblem(sys))
              throw InputError("--system '" + sys + "' has no optimal control (systems with " +
                               "optimal control: " + names + ")");
          });
  c.missingValue("--system", "--system is required (systems with optimal control: " + names + ")");
  std::string examples;
  for (const std::string& e : dmocExampleNames()) examples += (examples.empty() ? "" : ", ") + e;
  c.value("--example", "NAME",
          "an optimal-control example, instead of --system: " + examples +
              " (its system's problem, whose defaults are the example's set-up)",
          [](const std::string& name) { dmocExampleSystem(name); });
  c.form({"--system"}, {},
         {"[flags]", "[--set NAME=VALUE ...]", "[--csv FILE]", "[--progress]",
          "(flags: dmsim control --help)"});
  c.form({"--example"}, {}, {"[flags]"});
  // the help of each problem's app (its flags, choices and parameters) after the command's own
  c.app().footer([]() {
    std::string out;
    for (const SystemModel* m : systemsWithControl()) {
      std::unique_ptr<CommandOptions> options;
      out += "\n" + controlApp(*m, *findControlProblem(m->name()), &options)->help();
    }
    return out;
  });
}

int cmdControl(const CommandOptions& c) {
  const bool example = c.options().has("--example");
  if (!c.options().has("--system") && !example)
    throw InputError("--system is required (systems with optimal control: " +
                     systemNames(systemsWithControl(), ", ") + ")");
  const std::string sys = example ? dmocExampleSystem(c.options().values.at("--example"))
                                  : c.options().values.at("--system");
  if (example && c.options().has("--system") && c.options().values.at("--system") != sys)
    throw InputError("--system '" + c.options().values.at("--system") + "': the example '" +
                     c.options().values.at("--example") + "' is of " + sys);
  const SystemModel* model = findSystem(sys);
  const ControlProblem* problem = findControlProblem(sys);
  // the problem's own flags: what the command's parse left over, parsed by the problem's app
  std::unique_ptr<CommandOptions> options;
  const std::unique_ptr<CLI::App> app = controlApp(*model, *problem, &options);
  std::vector<std::string> rest = c.app().remaining_for_passthrough();
  try {
    app->parse(rest);
  } catch (const CLI::ParseError& e) {
    throw InputError(options->describe(e));
  }
  options->refuseRemaining();
  return runProblem(*model, *problem, options->options());
}

}  // namespace dms::cli
