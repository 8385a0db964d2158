// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The worker that runs an optimal-control solve off the GUI thread, and the GUI-side session
// (the thread and generations: ui/common/workersession.h, as the simulation's): it reports each
// iteration and the result by value; cancelling takes a new generation, which the solver's
// callback checks, so a solve stops at its next iteration. Every message that crosses the thread
// boundary ends with a HandoffToken (ui/common/handoff.h), so that the tsan preset sees the edge
// Qt's event queue provides.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <optional>
#include <vector>

#include "core/sim/registry.h"
#include "ui/common/workersession.h"

namespace dms::ui {

/// What to solve.
struct ControlJob {
  const ControlProblem* problem = nullptr;
  ControlRequest request;
  HandoffToken handoff;  ///< last: see ui/common/handoff.h
};

/// Lives in a QThread; solve() is invoked there with a queued QMetaObject::invokeMethod.
class ControlWorker : public Worker {
  Q_OBJECT
 public:
  explicit ControlWorker(QObject* parent = nullptr);
  void solve(quint64 generation, const dms::ui::ControlJob& job);

 signals:
  // the token last: Qt copies a queued signal's arguments in order (ui/common/handoff.h)
  void iterated(quint64 generation, dms::IterationReport report, dms::ui::HandoffToken handoff);
  void solved(quint64 generation, dms::ControlResult result, dms::ui::HandoffToken handoff);
};

/// GUI side: starts a solve, forwards the current solve's iterations, keeps the last result
/// that was not cancelled.
class ControlSession : public WorkerSession {
  Q_OBJECT
 public:
  explicit ControlSession(QObject* parent = nullptr);
  ~ControlSession() override;

  /// Starts `job` (cancelling a solve in progress); returns its generation.
  quint64 start(const ControlJob& job);
  /// Cancels the solve in progress: its solver stops at its next iteration, its result is
  /// dropped and the previous result stays.
  void cancel();
  /// Stops the worker and joins its thread (called by the destructor).
  void shutdown();

  bool running() const { return m_running; }
  /// The worker is still inside a solver (true for a moment after cancel()).
  bool workerBusy() const { return m_busy > 0; }
  const ControlJob& job() const { return m_job; }
  /// The iterations of the current (or last) solve, as they arrived.
  const std::vector<IterationReport>& history() const { return m_history; }
  /// Wall time since the current (or last) solve started.
  double elapsedSeconds() const { return m_clock.isValid() ? m_clock.elapsed() * 1e-3 : 0.0; }
  /// The last finished solve that was not cancelled (converged or not), and its job.
  const std::optional<ControlResult>& result() const { return m_result; }
  const ControlJob& resultJob() const { return m_resultJob; }

 signals:
  void iterationArrived();
  /// A solve finished (converged or failed); result() holds it.
  void finished(bool converged);
  void cancelled();
  /// The worker left a solver (even a cancelled one).
  void workerIdle();

 private:
  void onIterated(quint64 generation, const dms::IterationReport& r);
  void onSolved(quint64 generation, const dms::ControlResult& r);

  ControlWorker* m_worker = nullptr;
  bool m_running = false;
  int m_busy = 0;
  ControlJob m_job, m_resultJob;
  std::vector<IterationReport> m_history;
  std::optional<ControlResult> m_result;
  QElapsedTimer m_clock;
};

}  // namespace dms::ui

Q_DECLARE_METATYPE(dms::IterationReport)
Q_DECLARE_METATYPE(dms::ControlResult)
