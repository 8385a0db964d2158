// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/sim/simworker.h"

#include <QMetaObject>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>

#include "core/sim/controllaw.h"
#include "core/sim/shadowenergy.h"
#include "ui/sim/quantities.h"

namespace dms::ui {

namespace {
using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The shadow energy of one run, as its chunks are made: every sample goes through the core's
// stream (the views keep a thinned buffer of a long run), which gives the values the whole run
// would, bit for bit.
class ShadowStream {
 public:
  ShadowStream(const SimJob& job, Method method)
      : m_stream(job.model->shadowConstruction(job.values, method, job.settings.h), job.settings.h,
                 SimWorker::kShadowOrder) {}

  // appends the values the chunk completes to `c`
  void take(RunChunk& c) {
    for (const Sample& s : c.samples)
      if (m_stream.take(s)) {
        c.shadowT.push_back(m_stream.time());
        c.shadowValue.push_back(m_stream.value());
      }
  }

 private:
  ShadowEnergyStream m_stream;
};

// A run of `method` under the job's push, and its law when the forcing panel's is on: u is the
// law's at sample k (none: zero) plus the push's at step k, each run with its own evaluator
std::unique_ptr<Run> pushedRun(const SimJob& job, Method method) {
  auto sim = std::make_unique<Simulator>(*job.model, method, job.values, job.settings);
  ControlLaw law;
  if (job.law.on())
    law = compileControlLaw(parseControlLaw(*job.model, sim->values(), job.law.text), *job.model,
                            method, job.settings.h);
  const double h = job.settings.h;
  std::shared_ptr<PushSchedule> push = job.push;
  ControlLaw pushed = [law, push, h](const Sample& s, VectorXd& u, std::string* why) {
    if (law) {
      if (!law(s, u, why)) return false;
    } else {
      u.setZero();
    }
    push->addAt(std::llround(s.t / h), u);
    return true;
  };
  return std::make_unique<ControlledRun>(std::move(sim), std::move(pushed), job.settings.steps());
}

}  // namespace

// The sample buffers of sent chunks come back here when the GUI thread drops the chunk (the
// chunk's deleter), and the worker takes them for its next chunks (see kMaxBuffers). The mutex
// orders the GUI's last read of a buffer before the worker's next write to it.
class SimWorker::BufferPool {
 public:
  std::vector<Sample> take() {
    {
      const std::lock_guard<std::mutex> lock(m_mutex);
      if (!m_free.empty()) {
        std::vector<Sample> b = std::move(m_free.back());
        m_free.pop_back();
        return b;
      }
    }
    ++made;
    std::vector<Sample> b;
    b.reserve(kMaxChunk);  // grown by doubling, a chunk was copied 1.9 times
    return b;
  }
  void give(std::vector<Sample>&& b) {
    if (b.capacity() != kMaxChunk) return;  // only buffers of the pool's one size are kept
    b.clear();
    const std::lock_guard<std::mutex> lock(m_mutex);
    m_free.push_back(std::move(b));
  }
  // the chunk as the signal carries it; its samples go back to the pool when the last holder
  // drops it (shared: a chunk may outlive the worker in the GUI's event queue)
  static std::shared_ptr<const RunChunk> share(const std::shared_ptr<BufferPool>& pool,
                                               RunChunk&& c) {
    return std::shared_ptr<const RunChunk>(new RunChunk(std::move(c)), [pool](RunChunk* p) {
      pool->give(std::move(p->samples));
      delete p;
    });
  }

  std::atomic<std::int64_t> made{0};

 private:
  std::mutex m_mutex;
  std::vector<std::vector<Sample>> m_free;
};

SimWorker::SimWorker(QObject* parent) : Worker(parent), m_pool(std::make_shared<BufferPool>()) {}

SimWorker::~SimWorker() = default;

std::int64_t SimWorker::buffersMade() const { return m_pool->made.load(); }

void SimWorker::compute(quint64 generation, const SimJob& job) {
  if (!live(generation)) return;
  const std::size_t count = job.methods.size();
  const int n = int(count);
  std::vector<std::unique_ptr<Run>> runs(count);
  std::vector<std::unique_ptr<ShadowStream>> shadows(count);
  std::vector<RunStatus> status(count);
  for (int i = 0; i < n; ++i) {
    try {
      const Method m = job.methods[std::size_t(i)];
      if (job.push) {
        runs[std::size_t(i)] = pushedRun(job, m);
      } else if (job.law.on()) {
        // the same law for every method, compiled here: its evaluator is this run's alone
        runs[std::size_t(i)] =
            makeTypedControlledRun(*job.model, m, job.values, job.settings, job.law.text);
      } else {
        runs[std::size_t(i)] = job.model->makeRun(job.values, m, job.settings);
      }
      // a forced run has no modified Hamiltonian: no shadow energy
      if (!job.law.on() && !job.push &&
          job.model->shadowConstruction(job.values, m, job.settings.h).available())
        shadows[std::size_t(i)] = std::make_unique<ShadowStream>(job, m);
    } catch (const std::exception& e) {
      RunChunk c;
      c.run = i;
      c.status.done = true;
      c.status.failure = {true, 0.0, e.what()};
      ++inFlight;
      emit chunkReady(generation, {std::make_shared<const RunChunk>(std::move(c)), {}});
    }
  }
  // a pushed job's runs advance through the steps its schedule knows: sample k (which reads
  // u at step k) is made once k < known(); a ControlledRun makes one sample per step
  PushSchedule* push = job.push.get();
  std::vector<std::int64_t> made(count, 0);
  // short chunks first, so the first curves show at once; then about 20 ms of work each
  double budget = 0.004;
  bool any = true;
  while (any) {
    any = false;
    bool moved = false;
    std::int64_t lowest = PushSchedule::kAll;  // the fewest samples made by a run not done
    for (int i = 0; i < n; ++i) {
      Run* run = runs[std::size_t(i)].get();
      RunStatus& st = status[std::size_t(i)];
      if (!run || st.done) continue;
      any = true;
      lowest = std::min(lowest, made[std::size_t(i)]);
      if (push && made[std::size_t(i)] >= push->known()) continue;
      moved = true;
      // wait while the GUI has not consumed what it was sent: never queue without bound (the
      // GUI wakes the worker as it takes each chunk, a new job or a stop wakes it too)
      if (!waitUntil(generation, [this] { return inFlight.load() < kMaxInFlight; })) return;
      RunChunk c;
      c.run = i;
      c.samples = m_pool->take();
      const Clock::time_point t0 = Clock::now();
      bool more = true;
      constexpr std::size_t kStep = 256;  // samples per call
      static_assert(kMaxChunk % kStep == 0, "a full chunk fills its buffer exactly");
      while (more && secondsSince(t0) < budget && c.samples.size() + kStep <= kMaxChunk) {
        std::size_t want = kStep;
        if (push) {
          const std::int64_t left =
              push->known() - made[std::size_t(i)] - std::int64_t(c.samples.size());
          if (left <= 0) break;
          want = std::size_t(std::min<std::int64_t>(left, std::int64_t(kStep)));
        }
        more = run->advance(c.samples, want);
        if (!live(generation)) {
          m_pool->give(std::move(c.samples));  // kept, or a cancel would cost a buffer
          return;
        }
      }
      // the run's cost alone: the table compares the methods' work
      st.wallSeconds += secondsSince(t0);
      if (shadows[std::size_t(i)]) shadows[std::size_t(i)]->take(c);
      st.counters = run->counters();
      st.progress = run->progress();
      st.failure = run->failure();
      st.done = !more;
      if (!c.samples.empty()) st.lastTime = c.samples.back().t;
      made[std::size_t(i)] += std::int64_t(c.samples.size());
      c.status = st;
      ++inFlight;
      emit chunkReady(generation, {BufferPool::share(m_pool, std::move(c)), {}});
    }
    budget = std::min(0.02, budget * 2.0);
    // every run waits for steps the push does not know yet: until the GUI extends it
    if (any && !moved && push && !waitUntil(generation, [&] { return push->known() > lowest; }))
      return;
  }
  emit jobDone(generation, HandoffToken());
}

SimSession::SimSession(QObject* parent) : WorkerSession(parent) {
  qRegisterMetaType<dms::ui::ChunkMessage>("dms::ui::ChunkMessage");
  qRegisterMetaType<dms::ui::HandoffToken>("dms::ui::HandoffToken");
  m_worker = new SimWorker;
  connect(m_worker, &SimWorker::chunkReady, this, &SimSession::onChunk, Qt::QueuedConnection);
  connect(m_worker, &SimWorker::jobDone, this, &SimSession::onJobDone, Qt::QueuedConnection);
  startWorker(m_worker, "dms-sim-worker");
}

SimSession::~SimSession() { shutdown(); }

void SimSession::shutdown() {
  WorkerSession::shutdown();
  m_running = false;
}

quint64 SimSession::start(const SimJob& job) {
  const quint64 gen = advanceGeneration();
  m_job = job;
  // the stores are emptied, not made anew: their buffers (about 6 MB a run) stay mapped, where
  // fresh ones made the GUI thread page-fault them in again, sample by sample, every job
  m_stores.resize(job.methods.size());
  // what the state plots read off each sample
  const ComponentReader reader =
      job.model ? quantitiesOf(*job.model, job.values, job.methods).reader : ComponentReader();
  const Vector3d mask =
      job.model ? conservedMomentumMask(*job.model, job.values) : Vector3d::Ones();
  for (RunStore& store : m_stores) {
    store.setMomentumMask(mask);
    store.clear();
    store.setComponents(reader);
  }
  m_status.assign(job.methods.size(), RunStatus());
  m_running = true;
  m_hasResult = false;
  post(m_worker, &SimWorker::compute, gen, job);
  emit started(gen);
  return gen;
}

void SimSession::cancel() {
  advanceGeneration();
  m_running = false;
}

double SimSession::computedTime() const {
  if (m_status.empty()) return 0.0;
  double t = m_job.settings.T;
  for (const RunStatus& s : m_status)
    if (!s.failure.failed && !s.done) t = std::min(t, s.lastTime);
  return t;
}

void SimSession::onChunk(quint64 generation, const ChunkMessage& message) {
  const RunChunk& chunk = *message.chunk;
  --m_worker->inFlight;
  m_worker->wake();
  if (!isCurrent(generation) || chunk.run < 0 || chunk.run >= int(m_stores.size())) {
    ++m_stale;
    return;
  }
  ++m_accepted;
  m_hasResult =
      m_hasResult || !chunk.samples.empty() || chunk.status.done || chunk.status.failure.failed;
  RunStore& store = m_stores[std::size_t(chunk.run)];
  store.append(chunk.samples);
  store.appendShadow(chunk.shadowT, chunk.shadowValue);
  if (!chunk.shadowProblem.empty()) store.setShadowProblem(chunk.shadowProblem);
  const bool newlyFailed =
      chunk.status.failure.failed && !m_status[std::size_t(chunk.run)].failure.failed;
  m_status[std::size_t(chunk.run)] = chunk.status;
  emit chunkArrived(chunk.run);
  if (newlyFailed) emit runFailed(chunk.run, QString::fromStdString(chunk.status.failure.reason));
}

void SimSession::onJobDone(quint64 generation, const HandoffToken& /*handoff*/) {
  if (!isCurrent(generation)) return;
  m_running = false;
  emit finished(generation);
}

}  // namespace dms::ui
