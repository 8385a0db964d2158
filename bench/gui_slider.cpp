// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dms_gui_latency --slider (bench/gui_latency.cpp describes what it measures): slider moves and
// drags on a system at its article set-up, from the value change to the result on screen.
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

void sliderLatency(const QString& system, int moves, int drags, const std::string& state,
                   bool trace,
                   const std::vector<std::pair<std::string, std::vector<double>>>& set) {
  dms::ui::MainWindow w;
  w.resize(1600, 1000);
  w.show();
  dms::ui::SimulationMode* sim = openSystem(w, system);
  dms::ui::SimSession* session = sim->session();
  const dms::SystemModel* model = dms::findSystem(system.toStdString());
  if (!set.empty()) {
    try {
      for (const auto& [name, value] : set) sim->applySet(name, value);
    } catch (const dms::InputError& e) {
      usage(e.what());
    }
    // the change's own recompute, then one run to the horizon at the new values
    waitUntil([] { return false; }, 0.3);
    sim->recompute();
    if (!waitUntil([session] { return !session->running(); }, 120))
      fail("the set-up with --set did not finish in 120 s");
  }
  const std::vector<std::string> structural = model->structuralParams();
  QSlider* slider = nullptr;
  std::string name;
  for (const dms::ParamSpec& p : model->paramsFor(sim->paramPanel()->values())) {
    if (std::find(structural.begin(), structural.end(), p.name) != structural.end()) continue;
    if ((slider = sim->paramPanel()->slider(p.name))) {
      name = p.name;
      break;
    }
  }
  if (!slider) fail("the system has no parameter slider");

  // the plots' last replot after the session finished its current job
  QElapsedTimer clock;
  clock.start();
  qint64 finishedAt = -1, lastReplot = -1;
  std::vector<QCustomPlot*> plots;
  std::vector<bool> replotted;
  for (const dms::ui::ExportPlot& e : sim->exportPlots())
    if (e.plot->isVisible()) plots.push_back(e.plot);
  replotted.assign(plots.size(), false);
  // a replot counts once the job has ended (the window may replot while it says so)
  for (std::size_t i = 0; i < plots.size(); ++i) {
    QObject::connect(plots[i], &QCustomPlot::afterReplot, [&, i] {
      if (session->running()) return;
      replotted[i] = true;
      lastReplot = clock.nsecsElapsed();
    });
  }
  qint64 startedAt = -1;
  QObject::connect(session, &dms::ui::SimSession::started, [&] {
    startedAt = clock.nsecsElapsed();
    replotted.assign(plots.size(), false);
  });
  // the last result's hand-over (the window draws in its own slot on finished, before ours)
  qint64 lastChunkAt = -1, changedAt = -1;
  QObject::connect(session, &dms::ui::SimSession::chunkArrived, [&](int run) {
    lastChunkAt = clock.nsecsElapsed();
    if (trace)
      std::fprintf(stderr, "  +%.1f ms: chunk of run %d\n", double(lastChunkAt - changedAt) * 1e-6,
                   run);
  });
  QObject::connect(session, &dms::ui::SimSession::finished, [&] {
    finishedAt = lastChunkAt;
    if (trace)
      for (const dms::ui::RunStatus& st : session->status())
        std::fprintf(stderr, "  run: %lld steps computed in %.2f ms of the worker's time\n",
                     static_cast<long long>(st.counters.steps), st.wallSeconds * 1e3);
  });
  const auto shown = [&] {
    return finishedAt >= 0 && !session->running() &&
           std::all_of(replotted.begin(), replotted.end(), [](bool b) { return b; });
  };
  // one notch up or down from the article's value: single moves go up and back, a drag goes 20
  // notches one way and the next one back, so the system stays near the article's set-up
  // a 5 ms probe on the GUI thread: its longest gap after a change is the longest freeze, and
  // the end of its last gap over 10 ms the end of the 3D view's last frame that blocked it
  qint64 lastTick = 0, lastFreezeEnd = -1;
  double longestGap = 0.0;
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  QObject::connect(&probe, &QTimer::timeout, [&] {
    const qint64 t = clock.nsecsElapsed();
    const double gap = double(t - std::max(lastTick, changedAt)) * 1e-6;
    if (changedAt >= 0 && t > changedAt) {
      longestGap = std::max(longestGap, gap);
      if (gap > 10.0) lastFreezeEnd = t;
    }
    lastTick = t;
  });
  probe.start(5);
  const int home = slider->value();
  int direction = home < slider->maximum() ? 1 : -1;
  const auto notch = [&] {
    const int next = slider->value() + direction;
    if (next > slider->maximum() || next < slider->minimum()) direction = -direction;
    finishedAt = -1;
    replotted.assign(plots.size(), false);
    longestGap = 0.0;
    lastFreezeEnd = -1;
    const qint64 t0 = changedAt = clock.nsecsElapsed();
    if (trace) {
      std::fprintf(stderr, "%s to %d\n", name.c_str(), slider->value() + direction);
      static_cast<TimedApp*>(qApp)->trace(&clock, t0);
    }
    slider->setValue(slider->value() + direction);
    return t0;
  };
  // where the time goes: to the job's start, its end; the 3D view's frames after it
  constexpr double kSettle = 0.3;
  std::vector<double> toStart, toFinish, freezes, toFreezeEnd;
  const auto onScreen = [&](qint64 t0, const char* what) {
    if (!waitUntil(shown, 30)) fail(what);
    // every run reached the horizon, with the values the slider shows
    for (const dms::ui::RunStatus& st : session->status()) {
      if (!st.done || st.failure.failed) {
        std::fprintf(stderr, "at %s = %g: %s\n", name.c_str(), slider->value() * 1.0,
                     st.failure.reason.c_str());
        fail("a run stopped before the horizon");
      }
    }
    if (session->job().values != model->normalize(sim->paramPanel()->values(), nullptr))
      fail("the result shown is not the slider's value");
    toStart.push_back(double(startedAt - t0) * 1e-6);
    toFinish.push_back(double(finishedAt - t0) * 1e-6);  // the job's last result handed over
    const double plotted = double(lastReplot - t0) * 1e-6;
    // what follows (no capture: Qt3D's takes frames of its own): within kSettle of the value
    // change, the longest freeze of the GUI thread and, paused (no other frames), the end of the
    // last one over 10 ms: the 3D view's last frame that blocked it while the renderer drew
    waitUntil([] { return false; },
              std::max(kSettle - double(clock.nsecsElapsed() - t0) * 1e-9, 0.0));
    freezes.push_back(longestGap);
    if (lastFreezeEnd > t0) toFreezeEnd.push_back(double(lastFreezeEnd - t0) * 1e-6);
    return plotted;
  };

  // playing (as the window opens: every frame moves the bodies, so the 3D view renders) and
  // paused (the 3D view renders only when a result changes it)
  for (const bool playing : {true, false}) {
    if (state != "both" && (state == "playing") != playing) continue;
    if (playing)
      w.playback()->play();
    else
      w.playback()->pause();
    waitUntil([] { return false; }, kSettle);
    std::vector<double> single, drag;
    toStart.clear();
    toFinish.clear();
    freezes.clear();
    toFreezeEnd.clear();
    for (int k = 0; k < moves; ++k) {
      const qint64 t0 = notch();
      single.push_back(onScreen(t0, "a slider move was not shown within 30 s"));
      direction = slider->value() == home ? direction : -direction;
    }
    for (int d = 0; d < drags; ++d) {
      qint64 t0 = 0;
      for (int k = 0; k < 20; ++k) {
        t0 = notch();
        if (k + 1 < 20) waitUntil([] { return false; }, 1.0 / 60.0);
      }
      drag.push_back(onScreen(t0, "a drag's final value was not shown within 30 s"));
      direction = -direction;
    }
    std::string given;
    for (const auto& [n, v] : set) given += n + " = " + dms::formatValue(v) + ", ";
    const std::string head =
        system.toStdString() + " (" + given + name + ", " + (playing ? "playing" : "paused") + ")";
    printQuantiles((head + ": one notch, plots drawn").c_str(), single);
    if (drags > 0) printQuantiles((head + ": end of a 60 Hz drag, plots drawn").c_str(), drag);
    printQuantiles((head + ": of which to the job's start").c_str(), toStart);
    printQuantiles((head + ": of which to its last result").c_str(), toFinish);
    printQuantiles((head + ": longest freeze within 0.3 s").c_str(), freezes);
    if (!playing)
      printQuantiles((head + ": to the end of the last over 10 ms").c_str(), toFreezeEnd);
  }
}

}  // namespace dms::bench
