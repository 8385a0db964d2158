// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/dmsim/cli.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "core/integrators/settingkeys.h"
#include "core/io/atomicfile.h"
#include "core/io/examples.h"
#include "core/io/runcsv.h"
#include "core/io/scenario.h"
#include "core/params.h"
#include "core/sim/bodies.h"
#include "core/sim/controllaw.h"
#include "core/sim/output.h"
#include "core/sim/runinput.h"
#include "core/systems/typedpotential.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

}  // namespace

// `text` in lines of at most `width` characters (words longer than that on their own line)
std::string wrapText(const std::string& text, std::size_t width) {
  std::string out, line;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

namespace {

class WrappingFormatter : public CLI::Formatter {
 public:
  std::string make_option_desc(const CLI::Option* opt) const override {
    return wrapText(opt->get_description(), 100 - get_column_width());
  }
  std::string make_description(const CLI::App* app) const override {
    const std::string d = app->get_description();
    return d.empty() ? d : wrapText(d, 100) + "\n\n";
  }
};

}  // namespace

std::shared_ptr<CLI::Formatter> helpFormatter(std::size_t column) {
  auto f = std::make_shared<WrappingFormatter>();
  f->column_width(column);
  return f;
}

bool Options::flag(const std::string& k) const {
  return std::find(flags.begin(), flags.end(), k) != flags.end();
}

CommandOptions::CommandOptions(CLI::App& app, std::string command)
    : app_(app), command_(std::move(command)) {
  app_.allow_extras();  // refused by refuseRemaining(), in dmsim's words
  // --help only: the step is --h, and CLI11 from 2.4 (Debian 13) refuses a long name of one
  // letter beside a short flag of the same letter ("h is already added")
  app_.set_help_flag("--help", "Print this help message and exit");
  unknown_ = [this](const std::string& arg, const std::string& known) {
    return "unknown option '" + arg + "' for dmsim " + command_ + " (known:" + known + ")";
  };
}

// a check as a CLI11 validator: its InputError's message is kept for describe(), since CLI11
// prefixes a validator's message with the option's name
CLI::Validator CommandOptions::validator(const std::string& name, Check check) {
  std::shared_ptr<std::string> failure = failure_;
  return CLI::Validator(
      [check, failure](std::string& v) -> std::string {
        try {
          check(v);
          return {};
        } catch (const InputError& e) {
          *failure = e.what();
          return *failure;
        }
      },
      "", name);
}

CLI::Option* CommandOptions::value(const std::string& name, const std::string& meta,
                                   const std::string& help, Check check) {
  CLI::Option* opt = app_.add_option_function<std::string>(
      name, [this, name](const std::string& v) { options_.values[name] = v; }, help);
  opt->option_text(meta)->multi_option_policy(CLI::MultiOptionPolicy::Throw);
  if (check) opt->check(validator(name, std::move(check)));
  names_.push_back(name);
  valued_.push_back(name);
  return opt;
}

CLI::Option* CommandOptions::repeated(const std::string& name, const std::string& meta,
                                      const std::string& help, Check check) {
  CLI::Option* opt = app_.add_option_function<std::vector<std::string>>(
      name,
      [this, name](const std::vector<std::string>& v) {
        if (name == "--set")
          options_.sets = v;
        else
          options_.lists[name] = v;
      },
      help);
  opt->option_text(meta + " ...")->allow_extra_args(false);
  if (check) opt->check(validator(name, std::move(check)));
  names_.push_back(name);
  valued_.push_back(name);
  return opt;
}

CLI::Option* CommandOptions::files(const std::string& name, const std::string& meta,
                                   const std::string& help) {
  CLI::Option* opt = app_.add_option_function<std::vector<std::string>>(
      name, [this](const std::vector<std::string>& v) { options_.files = v; }, help);
  opt->option_text(meta);
  names_.push_back(name);
  valued_.push_back(name);
  return opt;
}

CLI::Option* CommandOptions::flag(const std::string& name, const std::string& help) {
  CLI::Option* opt = app_.add_flag_function(
      name, [this, name](std::int64_t) { options_.flags.push_back(name); }, help);
  names_.push_back(name);
  return opt;
}

void CommandOptions::missingValue(const std::string& name, const std::string& message) {
  missing_[name] = message;
}

void CommandOptions::unknownMessage(
    std::function<std::string(const std::string&, const std::string&)> f) {
  unknown_ = std::move(f);
}

void CommandOptions::form(const std::vector<std::string>& required,
                          const std::vector<std::string>& optional,
                          const std::vector<std::string>& tail) {
  forms_.push_back({required, optional, tail});
}

std::string CommandOptions::token(const std::string& name) const {
  const CLI::Option* opt = app_.get_option(name);
  return opt->get_option_text().empty() ? name : name + " " + opt->get_option_text();
}

std::string CommandOptions::synopsis(const std::string& indent) const {
  std::vector<Form> forms = forms_;
  if (forms.empty()) forms.push_back({{}, names_, {}});
  // an option no form names goes into the first, so that the usage lists every option
  for (const std::string& n : names_) {
    bool named = false;
    for (const Form& f : forms)
      named = named || std::count(f.required.begin(), f.required.end(), n) ||
              std::count(f.optional.begin(), f.optional.end(), n);
    if (!named) forms.front().optional.push_back(n);
  }
  std::string out;
  for (const Form& f : forms) {
    const std::string head = indent + "dmsim " + app_.get_name();
    std::vector<std::string> words;
    for (const std::string& n : f.required) words.push_back(token(n));
    for (const std::string& n : f.optional) words.push_back("[" + token(n) + "]");
    words.insert(words.end(), f.tail.begin(), f.tail.end());
    std::string line = head;
    for (const std::string& w : words) {
      const bool newLine = !w.empty() && w.front() == '\n';
      const std::string word = newLine ? w.substr(1) : w;
      if (newLine || line.size() + 1 + word.size() > 92) {
        out += line + "\n";
        line = std::string(head.size(), ' ');
      }
      line += " " + word;
    }
    out += line + "\n";
  }
  return out;
}

void CommandOptions::refuseRemaining() const {
  const std::vector<std::string> rest = app_.remaining();
  if (rest.empty()) return;
  std::string known;
  for (const std::string& n : names_) known += " " + n;
  throw InputError(unknown_(rest.front(), known));
}

std::string CommandOptions::describe(const CLI::ParseError& e) const {
  const std::string what = e.what();
  if (dynamic_cast<const CLI::ValidationError*>(&e) && !failure_->empty()) return *failure_;
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
    // "NAME: 1 required TYPE missing" (no value), "NAME: At Most 1 required but received 2"
    const std::string name = what.substr(0, what.find(':'));
    const std::string missing = " missing";
    if (what.size() > missing.size() &&
        what.compare(what.size() - missing.size(), missing.size(), missing) == 0)
      return missing_.count(name) ? missing_.at(name) : name + ": missing value";
    if (what.find("At Most") != std::string::npos) return name + " given twice";
  }
  return what;
}

void defineRun(CommandOptions& c) {
  c.app().description(
      "One run from t = 0 to T (defaults: the article's set-up of the system); prints its "
      "summary as JSON.");
  std::string methods;
  for (const MethodInfo& m : allMethods()) methods += (methods.empty() ? "" : "|") + m.name;
  c.value("--system", "NAME", "the system: " + systemNames(allSystems(), ", "),
          [](const std::string& v) {
            if (!findSystem(v))
              throw InputError("--system '" + v + "': unknown system (one of " +
                               systemNames(allSystems()) + ")");
          });
  c.value("--integrator", "M",
          "the method: " + methods + ", among those the system has (dmsim list); default vi",
          [](const std::string& v) { parseMethod(v); });
  // the settings' flags, from the table (core/integrators/settingkeys.h): the validator checks
  // the text (a number, a choice's name), cmdRun the range and the combination
  const IntegratorSettings defaults;
  std::vector<std::string> settingFlags;
  for (const SettingKey& k : settingKeys()) {
    std::string help = k.description;
    if (k.isChoice()) {
      help += "; default " + settingText(defaults, k);
    } else {
      // the default when every system's set-up has the same, else the set-up's (dmsim list)
      bool shared = true;
      for (const SystemModel* m : allSystems())
        shared = shared && settingText(m->defaultSettings(), k) == settingText(defaults, k);
      help += ", in " + k.allowedText() + "; default " +
              (shared ? settingText(defaults, k) : std::string("the system's set-up"));
    }
    if (k.scope != SettingScope::Every) help += " (read by " + methodsReading(k) + ")";
    c.value(k.flag, k.meta(), help, [&k](const std::string& v) {
      if (k.isChoice())
        parseChoice(k, v);
      else
        parseNumber(v, k.flag);
    });
    settingFlags.push_back(k.flag);
  }
  c.repeated("--set", "NAME=VALUE",
             "a parameter, repeatable; vectors as q0=0.866,0,0.5 (dmsim list names them)");
  c.value("--potential", "EXPR",
          "the potential typed for custom-rigid-body (in R11 ... R33) or custom-sphere-particle "
          "(in q1 q2 q3, m, l); each other name is a parameter to --set");
  c.repeated("--event", "EXPR",
             "an event, repeatable: the zero crossings of EXPR, a function of t and the state's "
             "entries by name (theta, Omega; q1 q2 q3; R11 ... R33; x1_1 for a name ending in a "
             "digit; docs/cli.md) and the system's scalar parameters, located between samples "
             "and listed under \"events\" in the JSON; add ;rising or ;falling for one "
             "direction and ;stop to end the run at the first (e.g. 'Omega;falling;stop')");
  c.value("--control", "LAW",
          "close the run by a control law typed as expressions, one per entry of each control "
          "channel: CHANNEL=[e1, e2, ...]; ... (e.g. tau=[-2*Omega1, -2*Omega2, -2*Omega3]; a "
          "scalar channel as f=-0.3*v) in t, the state's entries (R11 ... R33, Omega1, q1_2, ...) "
          "and the parameters (docs/cli.md); the CSV gets the control's columns");
  c.value("--csv", "FILE", "also write the time series, with a header row");
  c.value("--every", "K",
          "write every K-th sample to --csv (K >= 1; the first and the last always); the "
          "summary covers every step");
  c.value("--t-eval", "FILE_OR_LIST",
          "write the samples at these times to --csv: a file with one time per line, or a "
          "comma-separated list (sorted, in [0, T]); RK45 gives its dense output there, a "
          "fixed-step method the cubic through its samples (docs/numerics.md, \"Output\")");
  c.flag("--final-only", "write the final sample only to --csv");
  c.value("--scenario", "FILE",
          "run a scenario file saved by the app; flags given as well override it (--system "
          "must then match the file's)");
  std::string examples;
  for (const std::string& e : exampleNames()) examples += (examples.empty() ? "" : ", ") + e;
  c.value(
      "--example", "NAME",
      "run an example scenario (the app's File > Examples) as --scenario runs a file: " + examples);
  std::vector<std::string> optional = {"--integrator"};
  optional.insert(optional.end(), settingFlags.begin(), settingFlags.end());
  optional.insert(optional.end(), {"--potential", "--set", "--event", "--control", "--csv",
                                   "--every", "--t-eval", "--final-only"});
  c.form({"--system"}, optional, {"\n(M: " + methods + ", default vi)"});
  c.form({"--scenario"}, {}, {"[any flag of run, which overrides the file]"});
  c.form({"--example"}, {}, {"[any flag of run, which overrides the example]"});
}

int cmdRun(const Options& o) {
  // a scenario file gives the system, parameters and settings; flags override it
  std::vector<std::string> warnings;
  std::optional<Scenario> scenario;
  if (o.values.count("--scenario") && o.values.count("--example"))
    throw InputError("--scenario and --example: give one of them");
  for (const char* flag : {"--scenario", "--example"}) {
    if (!o.values.count(flag)) continue;
    const std::string& given = o.values.at(flag);
    scenario = std::string(flag) == "--scenario" ? loadScenario(given, &warnings)
                                                 : parseScenario(exampleText(given), &warnings);
    if (o.values.count("--system") && o.values.at("--system") != scenario->system)
      throw InputError("--system '" + o.values.at("--system") + "' differs from the system '" +
                       scenario->system + "' of " + flag + " " + given);
  }
  if (!o.values.count("--system") && !scenario) {
    throw InputError("--system is required (" + systemNames(allSystems(), "|") + ")");
  }
  const std::string sysName = scenario ? scenario->system : o.values.at("--system");
  if (!findSystem(sysName)) {
    throw InputError("--system '" + sysName + "': unknown system (one of " +
                     systemNames(allSystems()) + ")");
  }
  // the system with its typed potential (--potential over the file's): its own instance
  Scenario typed;
  typed.system = sysName;
  if (scenario) typed.potential = scenario->potential;
  if (o.values.count("--potential")) {
    typed.potential = o.values.at("--potential");
    withPotential(*findSystem(sysName), typed.potential);  // names a system that takes none
  }
  const std::shared_ptr<const SystemModel> system = scenarioSystem(typed);
  const SystemModel* model = system.get();
  const Method method = o.values.count("--integrator") ? parseMethod(o.values.at("--integrator"))
                                                       : Method::Variational;
  if (!model->hasMethod(method))
    throw InputError("--integrator '" + methodName(method) + "' is not available for " + sysName);
  IntegratorSettings st = scenario ? scenario->settings : model->defaultSettings();
  // the flags given; those the method does not read are said (a scenario file's settings are
  // not flags)
  std::vector<GivenSetting> given;
  for (const SettingKey& k : settingKeys()) {
    if (!o.values.count(k.flag)) continue;
    setSetting(st, k, o.values.at(k.flag));
    given.push_back({&k, k.flag});
  }
  validateSettings(st);
  if (const std::optional<std::string> w = horizonWarning(method, st)) warnings.push_back(*w);
  if (const std::string w = ignoredSettingsWarning(method, given); !w.empty())
    warnings.push_back(w);

  ParamValues raw = scenario ? scenario->parameters : ParamValues();
  for (const std::string& s : o.sets) {
    auto [name, value] = parseAssignment(s);
    raw[name] = value;
  }
  const ParamValues values = normalizeReported(*model, raw, &warnings);
  // the events, compiled before the run (a bad one is bad input naming it)
  std::vector<EventSpec> events;
  if (o.lists.count("--event"))
    for (const std::string& text : o.lists.at("--event")) {
      const EventFlag f = parseEventFlag(text);
      events.push_back(eventExpression(f.expression, *model, values, f.direction, f.terminal));
    }
  // the control law (--control over the file's), checked before anything is written
  const std::string control = o.values.count("--control") ? o.values.at("--control")
                              : scenario                  ? scenario->controlLaw
                                                          : std::string();
  std::optional<TypedControlLaw> law;
  if (!control.empty()) law = parseControlLaw(*model, values, control);

  // which samples the file gets (checked before anything is written)
  OutputChoice output;
  if (o.values.count("--every")) {
    const double k = parseNumber(o.values.at("--every"), "--every");
    if (!(k >= 1) || k != std::floor(k) || k > 9.0e18)
      throw InputError("--every " + o.values.at("--every") +
                       ": must be a whole number >= 1 (every K-th sample)");
    output.every = std::int64_t(k);
  }
  if (o.values.count("--t-eval")) output.times = parseTimes(o.values.at("--t-eval"));
  output.finalOnly = o.flag("--final-only");
  const bool atSteps = settingKey("sampling").readBy(method) && st.sampling != RkSampling::Output;
  validateOutput(output, atSteps ? st.T : double(st.steps()) * st.h, st.T,
                 {"--every", "--t-eval", "--final-only"});
  for (const std::string& w : warnings) std::cerr << "dmsim: warning: " << w << "\n";

  AtomicFile csvFile;
  if (o.values.count("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  const RunResult r =
      runToEnd(*model, values, method, st, o.values.count("--csv") ? &csvFile.stream() : nullptr,
               events, control, output);
  // a fixed-step run that cannot make its first step is bad input (its CSV is not written)
  // (an event's failure is not h's)
  if (!r.eventFailed)
    refuseFailedFirstStep(*model, method, st, r.failure, r.summary.samples, settingKey("h").flag);
  if (const std::string w = failureWarning(r.failure); !w.empty()) warnings.push_back(w);
  if (o.values.count("--csv") && !csvFile.commit()) {
    std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
    return kBadInput;
  }

  std::string report = withBodies(runReportJson(*model, method, st, r, warnings), *model, values);
  if (law) report = withControlLaw(report, *law);
  std::cout << report << "\n";
  if (r.failure.failed) {
    std::cerr << "dmsim: integration failed at t = " << r.failure.time << ": " << r.failure.reason
              << "\n";
    return kFailed;
  }
  return kOk;
}

}  // namespace dms::cli
