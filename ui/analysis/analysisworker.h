// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's worker: every study (the sweep included) runs here, one at a time, through
// the scaffolding the other modes' workers share (ui/common/workersession.h). The worker sends
// the study's progress, its partial outputs (the sweep's runs as they finish) and its output by
// value, each message ending in a HandoffToken (ui/common/handoff.h). Cancelling sets the study's
// cancel flag, which it checks between runs and chunks, and the study ends soon after (its
// output dropped); starting another study takes a new generation, which drops whatever the old
// one still sends.
#pragma once

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

#include "core/studies/study.h"
#include "ui/common/workersession.h"

namespace dms::ui {

/// What to compute: a prepared study and the threads it may use.
struct AnalysisJob {
  StudyTask task;
  unsigned jobs = 1;
  std::shared_ptr<std::atomic<bool>> cancel;  ///< set by the session: a cancel, a new job
  HandoffToken handoff;                       ///< last: see ui/common/handoff.h
};

/// Lives in the session's QThread; run() is invoked there with a queued call.
class AnalysisWorker : public Worker {
  Q_OBJECT
 public:
  explicit AnalysisWorker(QObject* parent = nullptr);
  void run(quint64 generation, const dms::ui::AnalysisJob& job);

 signals:
  // the token last: Qt copies a queued signal's arguments in order (ui/common/handoff.h)
  void progressed(quint64 generation, double fraction, dms::ui::HandoffToken handoff);
  void partial(quint64 generation, dms::StudyOutput soFar, dms::ui::HandoffToken handoff);
  /// The study ended: its output, or the error it threw (non-empty), or cancelled.
  void done(quint64 generation, dms::StudyOutput output, QString error, bool cancelled,
            dms::ui::HandoffToken handoff);
};

/// GUI side: starts a study (one at a time), forwards the current one's progress and partial
/// outputs, and its end.
class AnalysisSession : public WorkerSession {
  Q_OBJECT
 public:
  explicit AnalysisSession(QObject* parent = nullptr);
  ~AnalysisSession() override;

  /// Starts `task` on `jobs` threads (cancelling a study in progress).
  void start(const StudyTask& task, unsigned jobs);
  /// Cancels the study in progress: it stops at its next check, then finished() says so.
  void cancel();
  /// Cancels and joins the worker's thread (called by the destructor).
  void shutdown();
  bool running() const { return m_running; }
  /// The current study's fraction done, as last reported.
  double fraction() const { return m_fraction; }

 signals:
  void progressed();
  /// The output so far of the running study.
  void partialArrived(const dms::StudyOutput& soFar);
  /// The running study ended: its output, or the error it threw, or cancelled.
  void finished(const dms::StudyOutput& output, const QString& error, bool cancelled);

 private:
  void onProgressed(quint64 generation, double fraction);
  void onPartial(quint64 generation, const dms::StudyOutput& soFar);
  void onDone(quint64 generation, const dms::StudyOutput& output, const QString& error,
              bool cancelled);

  AnalysisWorker* m_worker = nullptr;
  std::shared_ptr<std::atomic<bool>> m_cancel;
  bool m_running = false;
  double m_fraction = 0.0;
};

}  // namespace dms::ui

Q_DECLARE_METATYPE(dms::StudyOutput)
