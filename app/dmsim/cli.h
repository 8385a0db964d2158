// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The headless command line: the same pipeline as the app, without the GUI.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/output.h"
#include "core/sim/registry.h"
#include "core/sim/runreport.h"
#include "core/sim/summary.h"

namespace dms::cli {

/// Exit codes: 0 success, 2 bad input, 3 an integration (or solver) failed.
enum Exit { kOk = 0, kBadInput = 2, kFailed = 3 };

/// What one integration produced: its summary, counters, CPU time and failure.
using RunResult = RunOutcome;

/// What a command was given: its valued options by flag ("--h" -> "0.01"; --set collected,
/// the others at most once) and its bare flags.
struct Options {
  std::map<std::string, std::string> values;
  std::vector<std::string> sets;
  /// The other repeatable options (run --event), by flag, in order.
  std::map<std::string, std::vector<std::string>> lists;
  std::vector<std::string> flags;
  std::vector<std::string> files;  ///< `sweep --merge FILES...`
  bool has(const std::string& k) const { return values.count(k) > 0; }
  bool flag(const std::string& k) const;
};

/// One command's options on its CLI11 (sub)command, collected into an Options while CLI11 parses.
/// A check given with an option is a CLI11 validator: it throws InputError with the message the
/// user sees; CLI11's own parse errors (a missing value, a flag given twice) are said in dmsim's
/// words by describe(). Unknown arguments are left to CLI11's remaining() and refused by
/// refuseRemaining(), which names the known options. The synopsis lines of `dmsim --help` are
/// made from the options (form()).
class CommandOptions {
 public:
  using Check = std::function<void(const std::string&)>;
  /// `app`: the command's CLI11 app; `command`: its name in messages ("run", "sweep --merge").
  CommandOptions(CLI::App& app, std::string command);
  CommandOptions(const CommandOptions&) = delete;
  CommandOptions& operator=(const CommandOptions&) = delete;

  /// "--name META": one value, at most once.
  CLI::Option* value(const std::string& name, const std::string& meta, const std::string& help,
                     Check check = {});
  /// "--name META", repeatable (--set NAME=VALUE): one value per occurrence, kept in order
  /// (--set's in Options::sets, another's in Options::lists).
  CLI::Option* repeated(const std::string& name, const std::string& meta, const std::string& help,
                        Check check = {});
  /// "--name FILES...": the values up to the next option (--merge).
  CLI::Option* files(const std::string& name, const std::string& meta, const std::string& help);
  /// A bare flag.
  CLI::Option* flag(const std::string& name, const std::string& help);

  /// The message of a missing value ("--h: missing value" unless given here).
  void missingValue(const std::string& name, const std::string& message);
  /// How an unknown argument is refused: (argument, " --a --b" known options) -> message.
  void unknownMessage(std::function<std::string(const std::string&, const std::string&)> f);
  /// A synopsis line of `dmsim --help`: `required` as they are, `optional` in brackets, then
  /// the words of `tail` (one starting with a newline starts a line). Without forms, one with
  /// every option optional.
  void form(const std::vector<std::string>& required, const std::vector<std::string>& optional,
            const std::vector<std::string>& tail = {});
  /// The synopsis lines, "dmsim CMD ..." wrapped at 92 columns.
  std::string synopsis(const std::string& indent) const;

  const Options& options() const { return options_; }
  CLI::App& app() const { return app_; }
  /// Every option's name, in the order added (for the completion).
  const std::vector<std::string>& names() const { return names_; }
  /// The options that take a value.
  const std::vector<std::string>& valued() const { return valued_; }
  /// Throws InputError for the first argument CLI11 left over (an unknown option).
  void refuseRemaining() const;
  /// A CLI11 parse error of this command in dmsim's words (without "dmsim: ").
  std::string describe(const CLI::ParseError& e) const;

 private:
  CLI::Validator validator(const std::string& name, Check check);
  std::string token(const std::string& name) const;

  CLI::App& app_;
  std::string command_;
  Options options_;
  std::vector<std::string> names_, valued_;
  std::map<std::string, std::string> missing_;
  std::function<std::string(const std::string&, const std::string&)> unknown_;
  struct Form {
    std::vector<std::string> required, optional, tail;
  };
  std::vector<Form> forms_;
  std::shared_ptr<std::string> failure_ = std::make_shared<std::string>();
};

/// `text` in lines of at most `width` characters.
std::string wrapText(const std::string& text, std::size_t width);

/// CLI11's help with the option descriptions and the command's description wrapped at 100
/// columns, the options' column `column` wide.
std::shared_ptr<CLI::Formatter> helpFormatter(std::size_t column);

/// Runs one system/method to the end, streaming samples to `csv` when non-null, locating
/// `events` (core/sim/events.h) when given, closed by the typed control law `control` when it
/// is not empty (core/sim/controllaw.h: the CSV gets the control's columns at the end). The
/// CSV's rows are the samples `output` keeps (core/sim/output.h); the summary covers every one.
RunResult runToEnd(const SystemModel& model, const ParamValues& values, Method method,
                   const IntegratorSettings& settings, std::ostream* csv,
                   const std::vector<EventSpec>& events = {}, const std::string& control = {},
                   const OutputChoice& output = {});

/// `--t-eval`'s text: a file with one time per line, or a comma-separated list of times.
/// Throws InputError naming the flag for a file that cannot be read or a word that is not a
/// number.
std::vector<double> parseTimes(const std::string& text);

// Each command: define* adds its options to its CLI11 subcommand, cmd* runs it on what they got.
void defineList(CommandOptions& c);
void defineRun(CommandOptions& c);
void defineReproduce(CommandOptions& c);
void defineSweep(CommandOptions& c);  // sweep.cpp
/// The flags ui/figures' figuresMain parses itself: for the help, the usage and the completion.
void defineFigures(CommandOptions& c);  // main.cpp
int cmdList(const Options& o);
int cmdRun(const Options& o);
int cmdReproduce(const Options& o);
int cmdSweep(const CommandOptions& c);   // sweep.cpp
void defineEnsemble(CommandOptions& c);  // ensemble.cpp
int cmdEnsemble(const Options& o);
/// --jobs: a whole number in sweepJobs' range (sweep.cpp); InputError naming it otherwise.
unsigned parseJobs(const std::string& text);

/// dmsim control: the --system flag on its subcommand; the problem's own flags on an app of the
/// problem (controlApp), which parses what CLI11 left over (control.cpp).
void defineControl(CommandOptions& c);
int cmdControl(const CommandOptions& c);
/// The CLI11 app of a system's control problem ("dmsim control --system NAME"), its options
/// collected into `*options` (made here).
std::unique_ptr<CLI::App> controlApp(const SystemModel& model, const ControlProblem& p,
                                     std::unique_ptr<CommandOptions>* options);

/// The bash completion script of dmsim's command line, made from its commands' options: it
/// completes the commands, their options, and the system, method, choice and parameter names
/// (completion.cpp; `dmsim --bash-completion` prints it, the build installs it).
std::string bashCompletion(
    const std::vector<std::pair<std::string, const CommandOptions*>>& commands);

}  // namespace dms::cli
