// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A file computed and written in a worker thread (an export that has to compute its data again,
// such as every step of a run the playback buffer thinned), through the scaffolding every worker
// shares (ui/common/workersession.h). The GUI thread starts the write and keeps running its own
// event loop; the worker reports its progress and its end by queued calls. Cancelling sets a
// flag the write checks between chunks: it stops, and the file is left as it was.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>

#include "ui/common/workersession.h"

namespace dms::ui {

/// What a background write does: computes and writes its file, calling `progress` with the
/// fraction done between chunks (false: stop now); returns false and sets `error` on failure
/// (or when stopped).
using WriteTask = std::function<bool(const std::function<bool(double)>& progress, QString* error)>;
/// The end of a write: whether the file was written, else why not.
using WriteDone = std::function<void(bool ok, const QString& error)>;

struct WriteJob {
  WriteTask task;
  std::shared_ptr<std::atomic<bool>> cancel;
  HandoffToken handoff;  ///< last: see ui/common/handoff.h
};

/// Lives in the session's QThread; write() is invoked there with a queued call.
class WriteWorker : public Worker {
  Q_OBJECT
 public:
  using Worker::Worker;
  void write(quint64 generation, const dms::ui::WriteJob& job);

 signals:
  void progressed(quint64 generation, double fraction, dms::ui::HandoffToken handoff);
  void done(quint64 generation, bool ok, QString error, dms::ui::HandoffToken handoff);
};

/// GUI side: one write at a time.
class BackgroundWrite : public WorkerSession {
  Q_OBJECT
 public:
  explicit BackgroundWrite(QObject* parent = nullptr);
  ~BackgroundWrite() override;

  /// Starts `task` in the worker; `done` is called in this thread when it ends. A write still
  /// running is cancelled first (its `done` hears that it was).
  void start(const WriteTask& task, const WriteDone& done);
  /// Stops the running write at its next check; its `done` is called with the reason.
  void cancel();
  bool running() const { return bool(m_done); }
  /// Whether the worker still has a write, a cancelled one included (it ends at its next
  /// check): until then a cancelled write's file may still be open.
  bool busy() const { return m_outstanding > 0; }
  void shutdown();

 signals:
  void progressed(double fraction);

 private:
  void onProgressed(quint64 generation, double fraction);
  void onDone(quint64 generation, bool ok, const QString& error);

  WriteWorker* m_worker = nullptr;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  WriteDone m_done;
  int m_outstanding = 0;  ///< writes posted whose end has not come back
};

}  // namespace dms::ui
