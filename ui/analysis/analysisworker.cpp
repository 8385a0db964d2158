// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/analysis/analysisworker.h"

#include <exception>

namespace dms::ui {

AnalysisWorker::AnalysisWorker(QObject* parent) : Worker(parent) {}

void AnalysisWorker::run(quint64 generation, const AnalysisJob& job) {
  if (!live(generation)) {
    emit done(generation, {}, {}, true, HandoffToken());
    return;
  }
  StudyOutput output;
  QString error;
  try {
    output = job.task(
        job.jobs, job.cancel.get(),
        [this, generation](double f) { emit progressed(generation, f, HandoffToken()); },
        [this, generation](const StudyOutput& soFar) {
          if (live(generation)) emit partial(generation, soFar, HandoffToken());
        });
  } catch (const std::exception& e) {
    error = QString::fromUtf8(e.what());
  }
  emit done(generation, std::move(output), error, job.cancel->load() || !live(generation),
            HandoffToken());
}

AnalysisSession::AnalysisSession(QObject* parent) : WorkerSession(parent) {
  qRegisterMetaType<dms::StudyOutput>("dms::StudyOutput");
  qRegisterMetaType<dms::ui::HandoffToken>("dms::ui::HandoffToken");
  m_worker = new AnalysisWorker;
  connect(m_worker, &AnalysisWorker::progressed, this, &AnalysisSession::onProgressed,
          Qt::QueuedConnection);
  connect(m_worker, &AnalysisWorker::partial, this, &AnalysisSession::onPartial,
          Qt::QueuedConnection);
  connect(m_worker, &AnalysisWorker::done, this, &AnalysisSession::onDone, Qt::QueuedConnection);
  startWorker(m_worker, "dms-analysis-worker");
}

AnalysisSession::~AnalysisSession() { shutdown(); }

void AnalysisSession::shutdown() {
  if (m_cancel) m_cancel->store(true);  // the study stops at its next check: the join is quick
  WorkerSession::shutdown();
  m_running = false;
}

void AnalysisSession::start(const StudyTask& task, unsigned jobs) {
  if (m_running) cancel();
  const quint64 gen = advanceGeneration();
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  m_running = true;
  m_fraction = 0.0;
  post(m_worker, &AnalysisWorker::run, gen, AnalysisJob{task, jobs, m_cancel, {}});
}

void AnalysisSession::cancel() {
  if (m_running) m_cancel->store(true);
}

void AnalysisSession::onProgressed(quint64 generation, double fraction) {
  if (!isCurrent(generation)) return;
  m_fraction = fraction;
  emit progressed();
}

void AnalysisSession::onPartial(quint64 generation, const StudyOutput& soFar) {
  if (isCurrent(generation)) emit partialArrived(soFar);
}

void AnalysisSession::onDone(quint64 generation, const StudyOutput& output, const QString& error,
                             bool cancelled) {
  if (!isCurrent(generation) || !m_running) return;
  m_running = false;
  emit finished(output, error, cancelled && error.isEmpty());
}

}  // namespace dms::ui
