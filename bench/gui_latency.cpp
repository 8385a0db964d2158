// dms_gui_latency: how responsive dmstudio stays while it computes and plays a long run, and
// how much memory it holds; how long a slider move takes to reach the screen; how much of the
// GUI thread a playback frame takes. Not a test (nothing is asserted on time): measurements for
// docs/benchmarks.md, each made in one run against its own peer or target.
//
//   dms_gui_latency [--system dumbbell] [--T 1e6] [--idle 10] [--limit 900]
//   dms_gui_latency --slider [--system all] [--moves 50] [--drags 10] [--state both] [--trace]
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
// pair of methods: the first parameter with a slider moves one notch `moves` times, each time
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
#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

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

namespace {

/// A field of /proc/self/status in MiB (VmRSS, VmHWM), or -1.
double procStatusMiB(const char* field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  const std::string key = std::string(field) + ":";
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) return std::atof(line.c_str() + key.size()) / 1024.0;
  }
  return -1.0;
}

/// Lateness of a periodic timer's ticks on the GUI thread.
class TickRecorder {
 public:
  static constexpr int kPeriodMs = 10;

  void start() {
    m_late.clear();
    m_clock.start();
    m_last = 0;
    QObject::connect(&m_timer, &QTimer::timeout, [this] {
      const qint64 now = m_clock.nsecsElapsed();
      m_late.push_back(double(now - m_last) * 1e-6 - kPeriodMs);
      m_last = now;
    });
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.start(kPeriodMs);
  }
  void stop() {
    m_timer.stop();
    m_timer.disconnect();
  }
  double wallSeconds() const { return m_clock.elapsed() * 1e-3; }

  void report(const char* phase, double simulated) const {
    std::vector<double> v = m_late;
    std::sort(v.begin(), v.end());
    const auto q = [&v](double p) {
      return v.empty() ? 0.0 : v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
    };
    std::printf(
        "%-30s wall %7.1f s  simulated %9.4g  ticks %6zu  late ms: p50 %6.2f  p99 %7.2f  "
        "p99.9 %7.2f  max %7.2f  RSS %6.1f MiB  peak %6.1f MiB\n",
        phase, wallSeconds(), simulated, v.size(), q(0.5), q(0.99), q(0.999),
        v.empty() ? 0.0 : v.back(), procStatusMiB("VmRSS"), procStatusMiB("VmHWM"));
    std::fflush(stdout);
  }

 private:
  QTimer m_timer;
  QElapsedTimer m_clock;
  qint64 m_last = 0;
  std::vector<double> m_late;
};

/// Waits (running the event loop) until `done` or `seconds` passed; returns done().
template <class Done>
bool waitUntil(Done done, double seconds) {
  QElapsedTimer t;
  t.start();
  // asleep between events, as the app's own event loop is (a loop that polls would take a
  // core from the worker and the renderer on this 2-core machine), and awake at the deadline
  QTimer deadline;
  deadline.setTimerType(Qt::PreciseTimer);
  deadline.setSingleShot(true);
  deadline.start(int(std::ceil(seconds * 1e3)));
  while (!done() && t.elapsed() < seconds * 1e3)
    QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
  return done();
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

/// p50, p95 and max of `v` (ms), printed after `what`.
void printQuantiles(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto q = [&v](double p) {
    return v.empty() ? 0.0 : v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
  };
  std::printf("%-44s n %5zu  ms: p50 %7.2f  p95 %7.2f  max %7.2f\n", what, v.size(), q(0.5),
              q(0.95), v.empty() ? 0.0 : v.back());
  std::fflush(stdout);
}

/// The GUI thread's busy time: every event it delivers (nested deliveries counted once), summed
/// per period of the window's frame timer (a QTimer of MainWindow::kFrameIntervalMs).
class TimedApp : public QApplication {
 public:
  using QApplication::QApplication;

  /// --trace: events over 8 ms are written to stderr, with their start in ms from `since`.
  void trace(const QElapsedTimer* clock, qint64 since) {
    m_traceClock = clock;
    m_traceSince = since;
  }

  bool notify(QObject* receiver, QEvent* e) override {
    // the workers' threads deliver their events here too: only the GUI thread's count
    if (QThread::currentThread() != thread()) return QApplication::notify(receiver, e);
    if (m_depth == 0 && m_recording && e->type() == QEvent::Timer) {
      const auto* t = qobject_cast<const QTimer*>(receiver);
      if (t && t->interval() == dms::ui::MainWindow::kFrameIntervalMs) {
        if (m_frames >= 0) m_busyPerFrame.push_back(double(m_busy) * 1e-6);
        m_busy = 0;
        ++m_frames;
      }
    }
    const bool top = m_depth++ == 0;
    if (top) m_clock.start();
    const qint64 at = m_traceClock && top ? m_traceClock->nsecsElapsed() : 0;
    const QEvent::Type type = e->type();
    const char* cls = top ? receiver->metaObject()->className() : "";
    const bool r = QApplication::notify(receiver, e);
    if (--m_depth == 0) {
      const qint64 took = m_clock.nsecsElapsed();
      m_busy += took;
      if (m_traceClock && took > 8000000)
        std::fprintf(stderr, "  +%.1f ms: %s, event type %d, took %.1f ms\n",
                     double(at - m_traceSince) * 1e-6, cls, int(type), double(took) * 1e-6);
    }
    return r;
  }

  void record(bool on) {
    m_recording = on;
    m_frames = -1;  // the time before the first frame tick is not a frame's
    m_busy = 0;
    if (on) m_busyPerFrame.clear();
  }
  const std::vector<double>& busyPerFrame() const { return m_busyPerFrame; }

 private:
  QElapsedTimer m_clock;
  const QElapsedTimer* m_traceClock = nullptr;
  qint64 m_traceSince = 0;
  int m_depth = 0;
  bool m_recording = false;
  long long m_frames = -1;
  qint64 m_busy = 0;
  std::vector<double> m_busyPerFrame;
};

/// The window on `system`'s simulation at its article set-up, computed.
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

/// Times slider moves on `system` (see the header).
void sliderLatency(const QString& system, int moves, int drags, const std::string& state,
                   bool trace) {
  dms::ui::MainWindow w;
  w.resize(1600, 1000);
  w.show();
  dms::ui::SimulationMode* sim = openSystem(w, system);
  dms::ui::SimSession* session = sim->session();
  const dms::SystemModel* model = dms::findSystem(system.toStdString());
  QSlider* slider = nullptr;
  std::string name;
  for (const dms::ParamSpec& p : model->params()) {
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
    const std::string head =
        system.toStdString() + " (" + name + ", " + (playing ? "playing" : "paused") + ")";
    printQuantiles((head + ": one notch, plots drawn").c_str(), single);
    if (drags > 0) printQuantiles((head + ": end of a 60 Hz drag, plots drawn").c_str(), drag);
    printQuantiles((head + ": of which to the job's start").c_str(), toStart);
    printQuantiles((head + ": of which to its last result").c_str(), toFinish);
    printQuantiles((head + ": longest freeze within 0.3 s").c_str(), freezes);
    if (!playing)
      printQuantiles((head + ": to the end of the last over 10 ms").c_str(), toFreezeEnd);
  }
}

/// Plays a computed run of `steps` steps at 1x and reports the GUI thread's busy time per frame.
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

}  // namespace

int main(int argc, char** argv) {
  TimedApp app(argc, argv);
  QCoreApplication::setOrganizationName("DiscreteMechanicsStudio");
  QCoreApplication::setApplicationName("dms_gui_latency");

  QString system;
  double horizon = 1e6, idle = 10.0, limit = 900.0, steps = 1e7;
  int moves = 50, drags = 10;
  std::string state = "both";
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
    for (const QString& s : systems) sliderLatency(s, moves, drags, state, trace);
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
