// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Happens-before annotations for ThreadSanitizer at the hand-offs Qt's event queue performs.
//
// Qt's event queue (queued signals, QMetaObject::invokeMethod) synchronizes through futexes
// inside libQt6Core. ThreadSanitizer sees only synchronization in instrumented code and in the
// pthread calls it intercepts, so with Debian's (uninstrumented) Qt it would report every value
// passed through a queued call as a race. A HandoffToken, the last member of a message that
// crosses threads by value, states the edge the queue really provides: copying or moving the
// message into Qt's event (which happens before the event is posted) releases everything the
// sender wrote before, and the receiver (a HandoffReceiver) acquires it before reading. One key
// serves every hand-off: coarse (each acquire also orders the receiver after every other
// release so far, which could hide a race between unrelated messages), but it needs no
// bookkeeping per message. Outside the tsan preset it compiles to nothing.
//
// The workers and their GUI-side sessions (ui/sim/simworker.h, ui/control/controlworker.h) derive
// from HandoffReceiver and start and join their threads with startWorkerThread and
// joinWorkerThread.
#pragma once

#include <QEvent>
#include <QMetaType>
#include <QObject>
#include <QThread>

#include "core/sanitizers.h"

#if DMS_TSAN
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace dms::ui {

class HandoffToken {
 public:
  HandoffToken() = default;
  HandoffToken(const HandoffToken&) { release(); }
  HandoffToken(HandoffToken&&) noexcept { release(); }
  HandoffToken& operator=(const HandoffToken&) {
    release();
    return *this;
  }
  HandoffToken& operator=(HandoffToken&&) noexcept {
    release();
    return *this;
  }
  ~HandoffToken() = default;

  /// Called by the receiver before it reads a message.
  static void acquire() {
#if DMS_TSAN
    __tsan_acquire(key());
#endif
  }
  /// Called by a thread before it ends, for whoever waits on it (QThread::wait).
  static void release() {
#if DMS_TSAN
    __tsan_release(key());
#endif
  }

 private:
  static void* key() {
    static char k;
    return &k;
  }
};

/// A QObject that acquires the hand-off before it handles any event, so that every queued call
/// and queued signal it receives reads its arguments after the sender's release.
class HandoffReceiver : public QObject {
 public:
  using QObject::QObject;

 protected:
  bool event(QEvent* e) override {
    HandoffToken::acquire();  // before anything reads the event, even its type
    return QObject::event(e);
  }
};

/// Moves `worker` (parentless) to `thread`, deletes it there when the thread finishes, and
/// starts the thread. The worker's last writes, its deletion included, happen before
/// joinWorkerThread returns.
inline void startWorkerThread(QThread& thread, QObject* worker, const char* name) {
  worker->moveToThread(&thread);
  QObject::connect(&thread, &QThread::finished, worker, &QObject::deleteLater);
  QObject::connect(
      worker, &QObject::destroyed, &thread, [] { HandoffToken::release(); }, Qt::DirectConnection);
  thread.setObjectName(name);
  thread.start();
}

/// Quits the thread's event loop and waits for it (and for its worker's deletion).
inline void joinWorkerThread(QThread& thread) {
  thread.quit();
  thread.wait();
  HandoffToken::acquire();
}

}  // namespace dms::ui

Q_DECLARE_METATYPE(dms::ui::HandoffToken)
