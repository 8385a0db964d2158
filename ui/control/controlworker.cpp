// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/control/controlworker.h"

#include <QMetaObject>

namespace dms::ui {

ControlWorker::ControlWorker(QObject* parent) : Worker(parent) {}

void ControlWorker::solve(quint64 generation, const ControlJob& job) {
  ControlResult r;
  if (!live(generation)) {
    r.cancelled = true;
    r.status = "cancelled";
  } else {
    // the solver calls back once per iteration: report it, and stop when no longer wanted
    r = job.problem->solve(job.request, [this, generation](const IterationReport& it) {
      if (!live(generation)) return false;
      emit iterated(generation, it, HandoffToken());
      return true;
    });
    if (!live(generation)) r.cancelled = true;
  }
  emit solved(generation, std::move(r), HandoffToken());
}

ControlSession::ControlSession(QObject* parent) : WorkerSession(parent) {
  qRegisterMetaType<dms::IterationReport>("dms::IterationReport");
  qRegisterMetaType<dms::ControlResult>("dms::ControlResult");
  qRegisterMetaType<dms::ui::HandoffToken>("dms::ui::HandoffToken");
  m_worker = new ControlWorker;
  connect(m_worker, &ControlWorker::iterated, this, &ControlSession::onIterated,
          Qt::QueuedConnection);
  connect(m_worker, &ControlWorker::solved, this, &ControlSession::onSolved, Qt::QueuedConnection);
  startWorker(m_worker, "dms-control-worker");
}

ControlSession::~ControlSession() { shutdown(); }

void ControlSession::shutdown() {
  WorkerSession::shutdown();
  m_running = false;
}

quint64 ControlSession::start(const ControlJob& job) {
  if (m_running) cancel();
  const quint64 gen = advanceGeneration();
  m_job = job;
  m_history.clear();
  m_running = true;
  ++m_busy;
  m_clock.start();
  post(m_worker, &ControlWorker::solve, gen, job);
  return gen;
}

void ControlSession::cancel() {
  if (!m_running) return;
  advanceGeneration();
  m_running = false;
  emit cancelled();
}

void ControlSession::onIterated(quint64 generation, const IterationReport& r) {
  if (!isCurrent(generation)) return;
  m_history.push_back(r);
  emit iterationArrived();
}

void ControlSession::onSolved(quint64 generation, const ControlResult& r) {
  --m_busy;
  if (isCurrent(generation)) {
    m_running = false;
    if (r.cancelled) {
      emit cancelled();
    } else {
      // the solver's own history is the complete one
      m_history = r.history;
      m_result = r;
      m_resultJob = m_job;
      emit finished(r.converged);
    }
  }
  if (m_busy == 0) emit workerIdle();
}

}  // namespace dms::ui
