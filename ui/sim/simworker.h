// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The worker that computes the runs of a scenario off the GUI thread, and the GUI-side session
// that keeps one RunStore per run (the thread and generations: ui/common/workersession.h).
#pragma once

#include <QObject>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/sim/registry.h"
#include "core/sim/runstore.h"
#include "core/sim/shadowenergy.h"
#include "ui/common/workersession.h"
#include "ui/sim/forcinglaw.h"
#include "ui/sim/push.h"

namespace dms::ui {

/// What to compute: every method of a system from t = 0, with normalized values.
struct SimJob {
  const SystemModel* model = nullptr;
  ParamValues values;
  IntegratorSettings settings;
  std::vector<Method> methods;
  /// The forcing panel's law, as text (none: unforced). The worker compiles it in its thread,
  /// one evaluator per run, and makes each method's run a ControlledRun under it: every method
  /// gets the same law.
  ForcingLaw law;
  /// The mouse's push (ui/sim/push.h; none: not pushed), added to the law's control: every
  /// method's run is then a ControlledRun reading u at step k from this one schedule, and
  /// advances only through the steps it knows (the GUI extends them as the playback goes on
  /// and wakes the worker: SimSession::wakeWorker).
  std::shared_ptr<PushSchedule> push;
  HandoffToken handoff;  ///< last: see ui/common/handoff.h
};

/// Where a run stands, sent with each chunk.
struct RunStatus {
  RunCounters counters;
  RunFailure failure;
  double progress = 0.0;
  double wallSeconds = 0.0;  ///< compute time spent on this run so far
  double lastTime = 0.0;     ///< simulated time reached
  bool done = false;
};

/// New samples of one run, and the values of its shadow energy that they completed.
struct RunChunk {
  int run = 0;
  std::vector<Sample> samples;
  RunStatus status;
  /// H~ at times shadowT (for the runs that have one: SimWorker::kShadowOrder).
  std::vector<double> shadowT, shadowValue;
  /// Why the shadow energy stopped at this chunk (empty: it did not).
  std::string shadowProblem;
};

/// A chunk as the queued signal carries it: through a shared pointer, so the samples (about 330
/// bytes each) are not copied on the way; the worker never touches a chunk once it is sent.
struct ChunkMessage {
  std::shared_ptr<const RunChunk> chunk;
  HandoffToken handoff;  ///< last: see ui/common/handoff.h
};

/// Lives in a QThread; compute() is invoked there with a queued QMetaObject::invokeMethod. It
/// advances the runs in turn, in chunks of a few milliseconds, and returns as soon as the wanted
/// generation moves on (a new job or a cancel) or stop is requested.
class SimWorker : public Worker {
  Q_OBJECT
 public:
  /// Chunks sent but not yet consumed by the GUI, beyond which the worker waits (so a fast
  /// computation cannot flood the event queue: memory stays bounded).
  static constexpr int kMaxInFlight = 16;
  /// Samples per chunk at most (about 2.6 MB): the chunks in flight stay under about 42 MB.
  static constexpr std::size_t kMaxChunk = 8192;
  /// Sample buffers (about 2.6 MB each) at most alive at once: the chunks in flight, the one the
  /// worker fills and the one the GUI thread is taking in (it counts as consumed before it is
  /// dropped). A chunk's buffer goes back to the worker when the GUI drops the chunk, and the
  /// worker keeps every buffer it made: a fresh buffer per chunk was a fresh mapping of memory,
  /// paged in sample by sample as the run filled it (and again its sanitizer shadow in the
  /// checked builds). So a session makes at most this many, and holds only as many as the
  /// busiest moment of its jobs needed (while the GUI keeps up, two or three).
  static constexpr std::size_t kMaxBuffers = std::size_t(kMaxInFlight) + 2;
  /// The order of the shadow energy sent with the chunks (core/sim/shadowenergy.h), for
  /// the runs that have one: the lowest order that is flat at a plot's resolution. Order 2 is
  /// H~ + O(h^2), as large as E's own oscillation (at the article's set-ups, over the run: E of
  /// the planar pendulum varies by 3.2e-2 J and H~_2 by 7.2e-3 J; on the spherical pendulum
  /// 3.6e-2 J and 4.7e-2 J), so it would not show what the plot is for. Order 4 is H~ + O(h^4):
  /// 2.7e-6 J and 6.3e-5 J, hundreds to thousands of times below E's oscillation, less than a
  /// pixel of the plot, from 3 consecutive samples. Higher orders are flatter still but draw the
  /// same line, take up to 7 samples (and lose more at the run's ends) and more work per value.
  static constexpr int kShadowOrder = dms::kRunShadowOrder;

  explicit SimWorker(QObject* parent = nullptr);
  ~SimWorker() override;
  void compute(quint64 generation, const SimJob& job);

  std::atomic<int> inFlight{0};
  /// Sample buffers made so far (at most kMaxBuffers).
  std::int64_t buffersMade() const;

 private:
  class BufferPool;
  std::shared_ptr<BufferPool> m_pool;

 signals:
  void chunkReady(quint64 generation, dms::ui::ChunkMessage message);
  void jobDone(quint64 generation, dms::ui::HandoffToken handoff);
};

/// GUI side: starts jobs (cancelling the previous one), drops stale chunks, fills the stores.
class SimSession : public WorkerSession {
  Q_OBJECT
 public:
  explicit SimSession(QObject* parent = nullptr);
  ~SimSession() override;

  /// Cancels what runs and starts `job`; returns its generation.
  quint64 start(const SimJob& job);
  /// Cancels the current job (its remaining chunks are dropped).
  void cancel();
  /// Tells the worker to look again at the job's push schedule (more steps are known).
  void wakeWorker() { m_worker->wake(); }
  /// Stops the worker and its thread (called by the destructor).
  void shutdown();

  bool running() const { return m_running; }
  const SimJob& job() const { return m_job; }
  const std::vector<RunStore>& stores() const { return m_stores; }
  const std::vector<RunStatus>& status() const { return m_status; }
  /// Chunks of an old generation that arrived after it was replaced (and were dropped).
  qint64 staleChunks() const { return m_stale; }
  /// Chunks the worker sent that have not reached onChunk yet (at most
  /// SimWorker::kMaxInFlight: then the worker waits).
  int chunksInFlight() const { return m_worker->inFlight.load(); }
  /// Chunks accepted since the session was made (of every job, each while it was current).
  qint64 chunksAccepted() const { return m_accepted; }
  /// Sample buffers the worker made for its chunks since the session was made.
  qint64 sampleBuffersMade() const { return m_worker->buffersMade(); }
  /// Whether the current job has produced anything yet: samples of a run, or a run's end or
  /// failure (whether it is shown is the mode's business).
  bool hasResult() const { return m_hasResult; }
  /// Lowest simulated time all runs reached (a failed run counts as reaching the end).
  double computedTime() const;

 signals:
  void started(quint64 generation);
  void chunkArrived(int run);
  void runFailed(int run, QString message);
  void finished(quint64 generation);

 private:
  void onChunk(quint64 generation, const dms::ui::ChunkMessage& message);
  void onJobDone(quint64 generation, const dms::ui::HandoffToken& handoff);

  SimWorker* m_worker = nullptr;
  bool m_running = false;
  bool m_hasResult = false;
  SimJob m_job;
  std::vector<RunStore> m_stores;
  std::vector<RunStatus> m_status;
  qint64 m_stale = 0, m_accepted = 0;
};

}  // namespace dms::ui

Q_DECLARE_METATYPE(dms::ui::ChunkMessage)
