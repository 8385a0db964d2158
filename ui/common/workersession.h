// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The scaffolding both worker threads share (the simulation's runs and the optimal-control
// solver): a worker QObject in its own QThread, driven by queued calls that carry one message by
// value, and a generation counter. Every job and every cancel takes a new generation; the worker
// gives up on a generation the GUI no longer wants at its next check, and the GUI drops whatever
// an old generation still sends.
#pragma once

#include <QMetaObject>
#include <QThread>
#include <atomic>
#include <condition_variable>
#include <mutex>

#include "ui/common/handoff.h"

namespace dms::ui {

/// The worker half: lives in the session's thread, checks live() between chunks of work.
class Worker : public HandoffReceiver {
 public:
  using HandoffReceiver::HandoffReceiver;

  std::atomic<quint64> wanted{0};  ///< the generation the GUI wants; others are stale
  std::atomic<bool> stop{false};   ///< set when the session shuts down

  /// Whether `generation` is still wanted.
  bool live(quint64 generation) const { return !stop.load() && wanted.load() == generation; }

  /// Blocks the worker's thread until `ready()` holds or `generation` is no longer wanted;
  /// returns whether it is still wanted. Whoever changes what `ready` reads calls wake().
  template <class Ready>
  bool waitUntil(quint64 generation, Ready ready) {
    std::unique_lock<std::mutex> lock(m_waitMutex);
    m_wake.wait(lock, [&] { return !live(generation) || ready(); });
    return live(generation);
  }
  /// Wakes waitUntil to look again. The state it reads is changed before: taking the mutex
  /// between that change and the notification means a waiter is either still before its check
  /// (and sees the change) or already asleep (and is woken), never in between.
  void wake() {
    { const std::lock_guard<std::mutex> lock(m_waitMutex); }
    m_wake.notify_all();
  }

 private:
  std::mutex m_waitMutex;
  std::condition_variable m_wake;
};

/// The GUI half: owns the worker, its thread and the generation counter.
class WorkerSession : public HandoffReceiver {
 public:
  ~WorkerSession() override { shutdown(); }

  quint64 generation() const { return m_generation; }
  /// Stops the worker and joins its thread (a solver stops at its next check).
  void shutdown() {
    if (!m_thread.isRunning()) return;
    m_worker->stop.store(true);
    m_worker->wake();
    joinWorkerThread(m_thread);
  }

 protected:
  using HandoffReceiver::HandoffReceiver;

  /// Moves `worker` (parentless; deleted in its thread when the session shuts down) to the
  /// session's thread, named `name`, and starts it.
  void startWorker(Worker* worker, const char* name) {
    m_worker = worker;
    startWorkerThread(m_thread, worker, name);
  }
  /// A new generation, for a new job or a cancel: the worker drops the old one.
  quint64 advanceGeneration() {
    m_worker->wanted.store(++m_generation);
    m_worker->wake();
    return m_generation;
  }
  bool isCurrent(quint64 generation) const { return generation == m_generation; }

  /// Calls (worker->*method)(generation, job) in the worker's thread. The call is one message,
  /// `job` (its HandoffToken last, see ui/common/handoff.h) at its end: a lambda's captures
  /// have no set order, a struct's members do.
  template <class W, class Job>
  void post(W* worker, void (W::*method)(quint64, const Job&), quint64 generation, const Job& job) {
    struct Message {
      W* worker;
      void (W::*method)(quint64, const Job&);
      quint64 generation;
      Job job;
    };
    QMetaObject::invokeMethod(
        worker,
        [m = Message{worker, method, generation, job}] {
          (m.worker->*m.method)(m.generation, m.job);
        },
        Qt::QueuedConnection);
  }

 private:
  QThread m_thread;
  Worker* m_worker = nullptr;
  quint64 m_generation = 0;
};

}  // namespace dms::ui
