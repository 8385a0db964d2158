// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdlib>
#include <fstream>

#include "bench/gui_latency.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/simworker.h"

namespace dms::bench {

double procStatusMiB(const char* field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string key = std::string(field) + ":";
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) return std::atof(line.c_str() + key.size()) / 1024.0;
  }
  return -1.0;
}

[[noreturn]] void fail(const char* why) {
  std::fprintf(stderr, "dms_gui_latency: %s\n", why);
  std::exit(1);
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(
      stderr,
      "dms_gui_latency: %s\n"
      "usage: dms_gui_latency [--system NAME] [--T T] [--idle S] [--limit S]\n"
      "       dms_gui_latency --slider [--system NAME|all] [--moves N] [--drags N]\n"
      "                       [--state playing|paused|both] [--trace]\n"
      "       dms_gui_latency --playback [--system NAME] [--steps N] [--idle S] [--limit S]\n"
      "each takes [--antialiasing on|off] (the 3D view's multisampling; default on)\n",
      why);
  std::exit(2);
}

void printQuantiles(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto q = [&v](double p) {
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
  };
  std::printf("%-44s n %5zu  ms: p50 %7.2f  p95 %7.2f  max %7.2f\n", what, v.size(), q(0.5),
              q(0.95), v.empty() ? 0.0 : v.back());
  std::fflush(stdout);
}

dms::ui::SimulationMode* openSystem(dms::ui::MainWindow& w, const QString& system) {
  if (!w.selectSystem(system)) usage("unknown --system");
  dms::ui::SimulationMode* sim = w.simulationMode();
  if (!w.activateMode(sim)) fail("the simulation mode does not take the system");
  sim->paramPanel()->resetToArticle();
  sim->recompute();
  if (!waitUntil([sim] { return !sim->session()->running(); }, 120))
    fail("the article set-up did not finish in 120 s");
  return sim;
}

}  // namespace dms::bench
