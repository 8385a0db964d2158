// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the forms of dms_gui_latency (bench/gui_latency.cpp: the event loop's lateness;
// bench/gui_slider.cpp: --slider; bench/gui_playback.cpp: --playback) share: the tick and busy
// time recorders, waiting in the event loop, the window on a computed system, and the messages.
#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QString>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/app/mainwindow.h"
#include "ui/sim/simulationmode.h"

namespace dms::bench {

/// A field of /proc/self/status in MiB (VmRSS, VmHWM), or -1.
double procStatusMiB(const char* field);

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

/// Writes why to stderr and exits with status 1.
[[noreturn]] void fail(const char* why);
/// Writes why and the usage to stderr and exits with status 2.
[[noreturn]] void usage(const char* why);
/// p50, p95 and max of `v` (ms), printed after `what`.
void printQuantiles(const char* what, std::vector<double> v);

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
dms::ui::SimulationMode* openSystem(dms::ui::MainWindow& w, const QString& system);

/// --slider: times slider moves on `system` (see bench/gui_latency.cpp).
/// `set`: parameters given before the moves (--set NAME=VALUE, e.g. a chain's n), each as
/// SimulationMode::applySet takes it.
void sliderLatency(const QString& system, int moves, int drags, const std::string& state,
                   bool trace,
                   const std::vector<std::pair<std::string, std::vector<double>>>& set = {});
/// --playback: plays a computed run of `steps` steps at 1x and reports the GUI thread's busy
/// time per frame.
void playbackFrames(TimedApp& app, const QString& system, double steps, double idle, double limit);

}  // namespace dms::bench
