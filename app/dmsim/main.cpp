// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmsim's command line: one CLI11 subcommand per command, each with the options its define*
// function adds (cli.h); the usage of `dmsim --help` is made from them.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/dmsim/cli.h"
#include "core/params.h"
#include "core/version.h"
#ifdef DMS_HAVE_FIGURES
#include "ui/figures/figures.h"
#endif

namespace {

using dms::cli::CommandOptions;
using Commands = std::vector<std::pair<std::string, std::unique_ptr<CommandOptions>>>;

std::string usage(const Commands& commands) {
  std::string out = "dmsim " DMS_VERSION " - Discrete Mechanics Studio, headless\nusage:\n";
  for (const auto& [name, c] : commands) out += c->synopsis("  ");
  return out +
         "each command's options: dmsim COMMAND --help\n"
         "exit codes: 0 ok, 2 bad input, 3 integration failed\n";
}

}  // namespace

namespace dms::cli {

// the options of ui/figures' figuresMain, which parses them itself: here for --help, the usage
// and the completion
void defineFigures(CommandOptions& c) {
  c.app().description(
      "Remakes every figure of the article and of the analysis studies as PNG, PDF and CSV, with "
      "an index.md listing them; prints JSON.");
  c.value("--out", "DIR", "the folder the figures go to")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  c.flag("--quick", "short horizons and few runs (for tests)");
  c.value("--only", "ID1,ID2,...", "only these figures (dmsim figures --list)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  c.value("--jobs", "N", "threads (default: the number of cores)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  c.flag("--list", "print the figure ids");
  for (const char* flag : {"--out", "--only", "--jobs"})
    c.missingValue(flag, std::string(flag) + ": a value is required");
  c.form({"--out"}, {"--quick", "--only", "--jobs"});
  c.form({"--list"}, {});
}

}  // namespace dms::cli

int main(int argc, char** argv) {
  using namespace dms::cli;
  CLI::App app("Discrete Mechanics Studio, headless", "dmsim");
  app.allow_extras();  // an unknown command, refused below in dmsim's words
  app.require_subcommand(0, 1);
  Commands commands;
  const auto add = [&](const char* name, void (*define)(CommandOptions&)) {
    CLI::App* sub = app.add_subcommand(name);
    sub->formatter(helpFormatter(34));
    commands.emplace_back(name, std::make_unique<CommandOptions>(*sub, name));
    define(*commands.back().second);
  };
  add("list", defineList);
  add("run", defineRun);
  add("reproduce", defineReproduce);
  add("control", defineControl);
  add("sweep", defineSweep);
  add("ensemble", defineEnsemble);
  add("figures", defineFigures);
  CLI::App* help = app.add_subcommand("help", "this usage")->group("");  // hidden
  bool completion = false;
  app.add_flag("--bash-completion", completion, "print the bash completion script")->group("");
  // `dmsim --help`: every command's synopsis (the commands keep CLI11's own help)
  app.formatter_fn(
      [&commands](const CLI::App*, std::string, CLI::AppFormatMode) { return usage(commands); });

  const auto command = [&]() -> const CommandOptions* {
    for (const auto& [name, c] : commands)
      if (c->app().parsed()) return c.get();
    return nullptr;
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kOk;
  } catch (const CLI::ParseError& e) {
    const CommandOptions* c = command();
    std::cerr << "dmsim: " << (c ? c->describe(e) : std::string(e.what())) << "\n";
    return kBadInput;
  }
  if (completion) {
    std::vector<std::pair<std::string, const CommandOptions*>> all;
    for (const auto& [name, c] : commands) all.emplace_back(name, c.get());
    std::cout << bashCompletion(all);
    return kOk;
  }
  if (help->parsed()) {
    std::cout << usage(commands);
    return kOk;
  }
  const CommandOptions* c = command();
  if (!c) {
    const std::vector<std::string> rest = app.remaining();
    if (rest.empty()) {
      std::cerr << usage(commands);
      return kBadInput;
    }
    std::string names;
    for (const auto& [name, c] : commands) names += (names.empty() ? "" : ", ") + name;
    std::cerr << "dmsim: unknown command '" << rest.front() << "' (" << names << ")\n"
              << usage(commands);
    return kBadInput;
  }
  const std::string cmd = c->app().get_name();
  try {
    if (cmd == "control") return cmdControl(*c);  // refuses what the problem does not know
    if (cmd == "figures") {
#ifdef DMS_HAVE_FIGURES
      // figuresMain parses its arguments itself (and refuses an unknown one in its words)
      const std::vector<std::string> args(argv + 1, argv + argc);
      const auto it = std::find(args.begin(), args.end(), "figures");
      return dms::figures::figuresMain(std::vector<std::string>(it + 1, args.end()));
#else
      throw dms::InputError(
          "figures: this dmsim was built without the GUI (DMS_BUILD_GUI=OFF), "
          "which draws the figures");
#endif
    }
    c->refuseRemaining();
    if (cmd == "list") return cmdList(c->options());
    if (cmd == "run") return cmdRun(c->options());
    if (cmd == "reproduce") return cmdReproduce(c->options());
    if (cmd == "sweep") return cmdSweep(*c);
    if (cmd == "ensemble") return cmdEnsemble(c->options());
  } catch (const dms::InputError& e) {
    std::cerr << "dmsim: " << e.what() << "\n";
    return kBadInput;
  }
  return kBadInput;
}
