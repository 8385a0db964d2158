// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_gui_latency --playback (bench/gui_latency.cpp describes what it measures): the GUI
// thread's busy time per frame while a long computed run plays at 1x.
#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QSlider>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/gui_latency.h"
#include "core/io/scenario.h"
#include "core/params.h"
#include "core/sim/registry.h"
#include "core/systems/system.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/parampanel.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace dms::bench {

void playbackFrames(TimedApp& app, const QString& system, double steps, double idle, double limit) {
  dms::ui::MainWindow w;
  w.resize(1600, 1000);
  w.show();
  dms::ui::SimulationMode* sim = openSystem(w, system);
  QTemporaryDir dir;
  const QString file = dir.filePath("long.json");
  if (!w.saveScenario(file)) fail("cannot write a scenario into a temporary directory");
  double T = 0.0;
  try {
    dms::Scenario sc = dms::loadScenario(file.toStdString(), nullptr);
    sc.settings.T = T = steps * sc.settings.h;
    dms::validateSettings(sc.settings);
    std::string error;
    if (!dms::saveScenario(sc, file.toStdString(), &error)) fail(error.c_str());
  } catch (const dms::InputError& e) {
    usage(e.what());
  }
  QElapsedTimer compute;
  compute.start();
  if (!w.openScenario(file)) fail("the window refused the long scenario (see its message)");
  w.playback()->pause();
  if (!waitUntil([sim] { return !sim->session()->running(); }, limit))
    fail("the long run did not finish within --limit");
  const double computeSeconds = compute.elapsed() * 1e-3;
  w.playback()->restart();
  w.playbackBar()->setSpeed(1.0);
  w.playback()->play();
  app.record(true);
  waitUntil([] { return false; }, idle);
  app.record(false);
  w.playback()->pause();
  std::printf("%s: %.3g steps (T = %g s) computed in %.1f s, played at 1x for %g s\n",
              system.toStdString().c_str(), steps, T, computeSeconds, idle);
  printQuantiles("GUI-thread busy time per playback frame", app.busyPerFrame());
}

}  // namespace dms::bench
