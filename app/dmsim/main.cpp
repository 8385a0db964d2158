#include <iostream>
#include <string>
#include <vector>

#include "app/dmsim/cli.h"
#include "core/params.h"
#include "core/version.h"
#ifdef DMS_HAVE_FIGURES
#include "ui/figures/figures.h"
#endif

namespace {

void usage(std::ostream& out) {
  std::string methods;
  for (const dms::MethodInfo& m : dms::allMethods())
    methods += (methods.empty() ? "" : "|") + m.name;
  out << "dmsim " DMS_VERSION
         " - Discrete Mechanics Studio, headless\n"
         "usage:\n"
         "  dmsim list [--json]\n"
         "  dmsim run --system NAME [--integrator M] [--h H] [--T T] [--rtol R] [--atol A]\n"
         "            [--rk ode45|scipy] [--rk-samples output|steps]\n"
         "            [--summation compensated|plain] [--set NAME=VALUE ...] [--csv FILE]\n"
         "            (M: "
      << methods
      << ", default vi)\n"
         "  dmsim run --scenario FILE [any flag of run, which overrides the file]\n"
         "  dmsim reproduce [--json]\n"
         "  dmsim control --system "
      << dms::systemNames(dms::systemsWithControl(), "|")
      << " [flags] [--set NAME=VALUE ...]\n"
         "                [--csv FILE] [--progress]   (flags: dmsim control --help)\n"
         "  dmsim sweep --system NAME [--methods M1,M2,...] [--h H1,H2,...] [--rtol R1,R2,...]\n"
         "              [--T T] [--set NAME=VALUE ...] [--jobs N] [--csv FILE] [--shard I/N]\n"
         "  dmsim sweep --merge FILES... [--csv FILE]\n"
         "  dmsim figures --out DIR [--quick] [--only ID1,ID2,...] [--jobs N] | --list\n"
         "exit codes: 0 ok, 2 bad input, 3 integration failed\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    usage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? dms::cli::kBadInput : dms::cli::kOk;
  }
  const std::string cmd = args[0];
  args.erase(args.begin());
  try {
    if (cmd == "list") return dms::cli::cmdList(args);
    if (cmd == "run") return dms::cli::cmdRun(args);
    if (cmd == "reproduce") return dms::cli::cmdReproduce(args);
    if (cmd == "control") return dms::cli::cmdControl(args);
    if (cmd == "sweep") return dms::cli::cmdSweep(args);
    if (cmd == "figures") {
#ifdef DMS_HAVE_FIGURES
      return dms::figures::figuresMain(args);
#else
      throw dms::InputError(
          "figures: this dmsim was built without the GUI (DMS_BUILD_GUI=OFF), "
          "which draws the figures");
#endif
    }
  } catch (const dms::InputError& e) {
    std::cerr << "dmsim: " << e.what() << "\n";
    return dms::cli::kBadInput;
  }
  std::cerr << "dmsim: unknown command '" << cmd
            << "' (list, run, reproduce, control, sweep, figures)\n";
  usage(std::cerr);
  return dms::cli::kBadInput;
}
