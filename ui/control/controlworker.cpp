#include "ui/control/controlworker.h"

#include <QMetaObject>

namespace dms::ui {

ControlWorker::ControlWorker(QObject* parent) : HandoffReceiver(parent) {}

void ControlWorker::solve(quint64 generation, const ControlJob& job) {
  const auto live = [this, generation] { return !stop.load() && wanted.load() == generation; };
  ControlResult r;
  if (!live()) {
    r.cancelled = true;
    r.status = "cancelled";
  } else {
    // the solver calls back once per iteration: report it, and stop when no longer wanted
    r = job.problem->solve(job.request, [this, generation, &live](const IterationReport& it) {
      if (!live()) return false;
      emit iterated(generation, it, HandoffToken());
      return true;
    });
    if (!live()) r.cancelled = true;
  }
  emit solved(generation, std::move(r), HandoffToken());
}

ControlSession::ControlSession(QObject* parent) : HandoffReceiver(parent) {
  qRegisterMetaType<dms::IterationReport>("dms::IterationReport");
  qRegisterMetaType<dms::ui::ControlResult>("dms::ui::ControlResult");
  qRegisterMetaType<dms::ui::HandoffToken>("dms::ui::HandoffToken");
  m_worker = new ControlWorker;
  connect(m_worker, &ControlWorker::iterated, this, &ControlSession::onIterated,
          Qt::QueuedConnection);
  connect(m_worker, &ControlWorker::solved, this, &ControlSession::onSolved, Qt::QueuedConnection);
  startWorkerThread(m_thread, m_worker, "dms-control-worker");
}

ControlSession::~ControlSession() { shutdown(); }

void ControlSession::shutdown() {
  if (!m_thread.isRunning()) return;
  m_worker->stop.store(true);
  joinWorkerThread(m_thread);
  m_running = false;
}

quint64 ControlSession::start(const ControlJob& job) {
  if (m_running) cancel();
  const quint64 gen = ++m_generation;
  m_worker->wanted.store(gen);
  m_job = job;
  m_history.clear();
  m_running = true;
  ++m_busy;
  m_clock.start();
  // one capture, the token last in it (ui/common/handoff.h): a lambda's captures have no set order
  struct Message {
    ControlWorker* worker;
    quint64 generation;
    ControlJob job;
  };
  QMetaObject::invokeMethod(
      m_worker, [m = Message{m_worker, gen, job}] { m.worker->solve(m.generation, m.job); },
      Qt::QueuedConnection);
  return gen;
}

void ControlSession::cancel() {
  if (!m_running) return;
  m_worker->wanted.store(++m_generation);
  m_running = false;
  emit cancelled();
}

void ControlSession::onIterated(quint64 generation, const IterationReport& r) {
  if (generation != m_generation) return;
  m_history.push_back(r);
  emit iterationArrived();
}

void ControlSession::onSolved(quint64 generation, const ControlResult& r) {
  --m_busy;
  if (generation == m_generation) {
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
