// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/backgroundwrite.h"

#include <exception>
#include <utility>

namespace dms::ui {

void WriteWorker::write(quint64 generation, const WriteJob& job) {
  QString error;
  bool ok = false;
  if (live(generation)) {
    try {
      ok = job.task(
          [this, generation, &job](double f) {
            if (job.cancel->load() || !live(generation)) return false;
            emit progressed(generation, f, HandoffToken());
            return true;
          },
          &error);
    } catch (const std::exception& e) {
      error = QString::fromUtf8(e.what());
    }
  }
  if (!ok && error.isEmpty()) error = tr("The export was cancelled");
  emit done(generation, ok, error, HandoffToken());
}

BackgroundWrite::BackgroundWrite(QObject* parent) : WorkerSession(parent) {
  qRegisterMetaType<dms::ui::HandoffToken>("dms::ui::HandoffToken");
  m_worker = new WriteWorker;
  connect(m_worker, &WriteWorker::progressed, this, &BackgroundWrite::onProgressed,
          Qt::QueuedConnection);
  connect(m_worker, &WriteWorker::done, this, &BackgroundWrite::onDone, Qt::QueuedConnection);
  startWorker(m_worker, "dms-write-worker");
}

BackgroundWrite::~BackgroundWrite() { shutdown(); }

void BackgroundWrite::shutdown() {
  if (m_cancel) m_cancel->store(true);  // the write stops at its next check: the join is quick
  WorkerSession::shutdown();
  m_done = nullptr;  // the window is going away: nobody to tell
  m_outstanding = 0;
}

void BackgroundWrite::start(const WriteTask& task, const WriteDone& done) {
  cancel();
  const quint64 gen = advanceGeneration();
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  m_done = done;
  ++m_outstanding;
  post(m_worker, &WriteWorker::write, gen, WriteJob{task, m_cancel, {}});
}

void BackgroundWrite::cancel() {
  if (!m_done) return;
  m_cancel->store(true);
  advanceGeneration();  // whatever the old write still sends is dropped
  const WriteDone done = std::exchange(m_done, nullptr);
  done(false, tr("The export was cancelled"));
}

void BackgroundWrite::onProgressed(quint64 generation, double fraction) {
  if (isCurrent(generation) && m_done) emit progressed(fraction);
}

void BackgroundWrite::onDone(quint64 generation, bool ok, const QString& error) {
  --m_outstanding;
  if (!isCurrent(generation) || !m_done) return;
  const WriteDone done = std::exchange(m_done, nullptr);
  done(ok, error);
}

}  // namespace dms::ui
