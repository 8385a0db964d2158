// Happens-before annotations for ThreadSanitizer at the hand-offs Qt's event queue performs.
//
// Qt's event queue (queued signals, QMetaObject::invokeMethod) synchronizes through futexes
// inside libQt6Core. ThreadSanitizer sees only synchronization in instrumented code and in the
// pthread calls it intercepts, so with Debian's (uninstrumented) Qt it would report every value
// passed through a queued call as a race. A HandoffToken, the last member of a message that
// crosses threads by value, states the edge the queue really provides: copying or moving the
// message into Qt's event (which happens before the event is posted) releases everything the
// sender wrote before, and the receiver acquires it before reading. Outside the tsan preset it
// compiles to nothing.
#pragma once

#include <QMetaType>

#if defined(__SANITIZE_THREAD__)
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
#if defined(__SANITIZE_THREAD__)
    __tsan_acquire(key());
#endif
  }
  /// Called by a thread before it ends, for whoever waits on it (QThread::wait).
  static void release() {
#if defined(__SANITIZE_THREAD__)
    __tsan_release(key());
#endif
  }

 private:
  static void* key() {
    static char k;
    return &k;
  }
};

}  // namespace dms::ui

Q_DECLARE_METATYPE(dms::ui::HandoffToken)
