// dms_gui_latency: how responsive dmstudio stays while it computes and plays a long run, and
// how much memory it holds. Not a test (nothing is asserted on time): a measurement for the
// README and the issue notes, made in one run against its own peer, the same window playing a
// short run that is already computed.
//
//   dms_gui_latency [--system dumbbell] [--T 1e6] [--idle 10] [--limit 900]
//
// The real main window (Qt3D view, plots, playback "as fast as computed") is shown; a 10 ms
// precise timer on the GUI thread records how late each of its ticks fires. A late tick is the
// time the event loop was busy: what a user feels as a frozen window. Phase 1 (the peer) plays
// the system's article set-up after it is computed; phase 2 opens a scenario with horizon T and
// plays it while the worker computes, until every run is done or `limit` seconds passed. For
// each phase: wall time, ticks, tick lateness p50, p99, p99.9 and max, and resident memory
// (VmRSS at the end, VmHWM: the peak). Settings are kept under a separate application name, so
// the user's dmstudio settings are untouched.
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "core/io/scenario.h"
#include "core/params.h"
#include "ui/app/mainwindow.h"
#include "ui/app/playbackbar.h"
#include "ui/common/playback.h"
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
  while (!done() && t.elapsed() < seconds * 1e3) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
  }
  return done();
}

[[noreturn]] void fail(const char* why) {
  std::fprintf(stderr, "dms_gui_latency: %s\n", why);
  std::exit(1);
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr,
               "dms_gui_latency: %s\nusage: dms_gui_latency [--system NAME] [--T T] [--idle S] "
               "[--limit S]\n",
               why);
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName("DiscreteMechanicsStudio");
  QCoreApplication::setApplicationName("dms_gui_latency");

  QString system = "dumbbell";
  double horizon = 1e6, idle = 10.0, limit = 900.0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + a).c_str());
    const char* v = argv[++i];
    char* end = nullptr;
    const double x = std::strtod(v, &end);
    const bool number = end != v && *end == '\0' && x > 0;
    if (a == "--system") {
      system = v;
    } else if (a == "--T" && number) {
      horizon = x;
    } else if (a == "--idle" && number) {
      idle = x;
    } else if (a == "--limit" && number) {
      limit = x;
    } else {
      usage(("bad flag or value: " + a + " " + v).c_str());
    }
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
