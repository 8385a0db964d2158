// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_gui_latency: how responsive dmstudio stays while it computes and plays a long run, and
// how much memory it holds; how long a slider move takes to reach the screen; how much of the
// GUI thread a playback frame takes. Not a test (nothing is asserted on time): measurements for
// docs/benchmarks.md, each made in one run against its own peer or target.
//
//   dms_gui_latency [--system dumbbell] [--T 1e6] [--idle 10] [--limit 900]
//   dms_gui_latency --slider [--system all] [--moves 50] [--drags 10] [--state both] [--trace]
//                   [--set NAME=VALUE ...]
//   dms_gui_latency --playback [--system dumbbell] [--steps 1e7] [--idle 10] [--limit 900]
//
// The real main window (Qt3D view, plots, playback) is shown at 1600 x 1000.
//
// Default: a 10 ms precise timer on the GUI thread records how late each of its ticks fires. A
// late tick is the time the event loop was busy: what a user feels as a frozen window. Phase 1
// (the peer) plays the system's article set-up after it is computed; phase 2 opens a scenario
// with horizon T and plays it while the worker computes, until every run is done or `limit`
// seconds passed. For each phase: wall time, ticks, tick lateness p50, p99, p99.9 and max, and
// resident memory (VmRSS at the end, VmHWM: the peak).
//
// --slider: per system (all: each of the registry's), at the article's set-up with the article's
// pair of methods (`--set NAME=VALUE`, repeatable, changes a parameter first: `--set n=8` for a
// chain of eight): the first parameter with a slider that is not structural (a chain's n would
// rebuild the form) moves one notch `moves` times, each time
// waiting for the result; the latency is from the value change to the last replot of the plots
// after every run reached the horizon (the same frame set the 3D view's poses). Then `drags`
// continuous drags: 20 notches at 60 Hz without waiting, timed from the last change to its result
// on screen, checked to be the final value's. p50, p95 and max of each. Where the time goes: to
// the job's start in the worker, and to its last result handed over. Then, within 0.3 s of the
// change, a 5 ms probe timer's longest gap (the GUI thread's longest freeze) and, paused, the end
// of its last gap over 10 ms: Qt3D draws the new poses after the plots, in frames that block the
// GUI thread while a software renderer draws. `--state` playing, paused or both (the default): with
// playback playing (every frame re-renders the 3D view) or paused. Each state starts after 0.3 s
// without input, so that the first move does not pay for the frames of the window's opening or
// of the pause. Between events the benchmark sleeps in the event loop, as the app does.
// `--trace` writes to stderr, per move, the time of each result chunk handed over and every
// event on the GUI thread that took over 8 ms (its receiver's class and event type: a Qt3D
// frame is a timer event of QDefaultAnimationDriver), in ms from the move, and at each job's end
// the worker's time inside its runs' advance() per run.
//
// --playback: a run of `steps` steps of the system's step h (T = steps x h) is computed, then
// played at 1x for `idle` seconds. The GUI thread's busy time (every event it handles, paint
// and Qt3D's GUI-side work included) is summed per frame-timer period: p50, p95 and max per frame.
//
// Every form takes `--antialiasing on|off` (default on): the 3D view's multisampled edges, as
// View > Smooth 3D edges sets them.
//
// Settings are kept under a separate application name, so the user's dmstudio settings are
// untouched.
//
// The forms share bench/gui_latency.h; --slider is in bench/gui_slider.cpp, --playback in
// bench/gui_playback.cpp.

#include "bench/gui_latency.h"

#include <QSettings>
#include <QTemporaryDir>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/io/scenario.h"
#include "core/sim/registry.h"
#include "core/systems/system.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace {

// NAME=VALUE or NAME=V1,V2,V3 (--set); the value is checked when the panel applies it
std::pair<std::string, std::vector<double>> parseSet(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) dms::bench::usage("--set takes NAME=VALUE");
  std::vector<double> value;
  std::size_t from = eq + 1;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string part = text.substr(from, comma - from);
    char* end = nullptr;
    const double x = std::strtod(part.c_str(), &end);
    if (part.empty() || *end != '\0') dms::bench::usage(("--set: bad value in " + text).c_str());
    value.push_back(x);
    from = comma + 1;
  }
  return {text.substr(0, eq), value};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dms::bench;
  // what the 3D view needs of the whole process, before the application exists
  dms::ui::prepareSceneProcess();
  TimedApp app(argc, argv);
  QCoreApplication::setOrganizationName("DiscreteMechanicsStudio");
  QCoreApplication::setApplicationName("dms_gui_latency");

  QString system;
  double horizon = 1e6, idle = 10.0, limit = 900.0, steps = 1e7;
  int moves = 50, drags = 10;
  std::string state = "both";
  std::vector<std::pair<std::string, std::vector<double>>> set;
  bool slider = false, playback = false, trace = false, antialiasing = true;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--trace") {
      trace = true;
      continue;
    }
    if (a == "--slider" || a == "--playback") {
      (a == "--slider" ? slider : playback) = true;
      continue;
    }
    if (i + 1 >= argc) usage(("missing value after " + a).c_str());
    const char* v = argv[++i];
    char* end = nullptr;
    const double x = std::strtod(v, &end);
    const bool number = end != v && *end == '\0' && x > 0;
    if (a == "--system") {
      system = v;
    } else if (a == "--set") {
      set.push_back(parseSet(v));
    } else if (a == "--state" && (std::string(v) == "playing" || std::string(v) == "paused" ||
                                  std::string(v) == "both")) {
      state = v;
    } else if (a == "--antialiasing" && (std::string(v) == "on" || std::string(v) == "off")) {
      antialiasing = std::string(v) == "on";
    } else if (a == "--T" && number) {
      horizon = x;
    } else if (a == "--idle" && number) {
      idle = x;
    } else if (a == "--limit" && number) {
      limit = x;
    } else if (a == "--steps" && number) {
      steps = x;
    } else if (a == "--moves" && number && x < 1e4) {
      moves = int(x);
    } else if (a == "--drags" && end != v && *end == '\0' && x >= 0 && x < 1e4) {
      drags = int(x);
    } else {
      usage(("bad flag or value: " + a + " " + v).c_str());
    }
  }
  if (slider && playback) usage("--slider and --playback are separate runs");
  if (!set.empty() && !slider) usage("--set is for --slider");
  // every run says it (the settings stay from one run to the next)
  QSettings().setValue(dms::ui::MainWindow::kAntialiasingKey, antialiasing);
  if (slider) {
    std::vector<QString> systems;
    if (system.isEmpty() || system == "all") {
      for (const dms::SystemModel* m : dms::allSystems())
        systems.push_back(QString::fromStdString(m->name()));
    } else {
      systems.push_back(system);
    }
    for (const QString& s : systems) sliderLatency(s, moves, drags, state, trace, set);
    return 0;
  }
  if (system.isEmpty()) system = "dumbbell";
  if (playback) {
    playbackFrames(app, system, steps, idle, limit);
    return 0;
  }

  dms::ui::MainWindow w;
  w.resize(1600, 1000);
  w.show();
  if (!w.selectSystem(system)) usage("unknown --system");
  dms::ui::SimulationMode* sim = w.simulationMode();
  if (!w.activateMode(sim)) fail("the simulation mode does not take the system");
  const auto computing = [sim] { return sim->session()->running(); };

  // phase 1, the peer: the article's set-up, computed, then played for `idle` seconds
  sim->recompute();
  if (!waitUntil([&] { return !computing(); }, 120))
    fail("the article set-up did not finish in 120 s");
  TickRecorder rec;
  rec.start();
  waitUntil([] { return false; }, idle);
  rec.stop();
  rec.report("playing a computed run", 0.0);

  // phase 2: a horizon of T, played as fast as it is computed (the window's scenario with T
  // replaced, checked by the core before the window opens it)
  QTemporaryDir dir;
  const QString file = dir.filePath("long.json");
  if (!w.saveScenario(file)) fail("cannot write a scenario into a temporary directory");
  try {
    dms::Scenario sc = dms::loadScenario(file.toStdString(), nullptr);
    sc.settings.T = horizon;
    dms::validateSettings(sc.settings);
    std::string error;
    if (!dms::saveScenario(sc, file.toStdString(), &error)) fail(error.c_str());
  } catch (const dms::InputError& e) {
    usage(e.what());
  }
  rec.start();
  if (!w.openScenario(file)) fail("the window refused the long scenario (see its message)");
  w.playbackBar()->setSpeed(dms::ui::Playback::kAsFastAsComputed);
  if (!waitUntil(computing, 10)) fail("the long run did not start within 10 s");
  const bool finished = waitUntil([&] { return !computing(); }, limit);
  rec.stop();
  const std::string phase = finished ? "computing and playing T" : "computing and playing (limit)";
  rec.report(phase.c_str(), horizon);
  return finished ? 0 : 3;
}
