// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The worker thread and the GUI-side session: both runs stream in completely, a new job
// cancels the old one at once and none of its chunks reaches the stores, hundreds of rapid
// parameter changes and system switches end in exactly the last job's results, memory stays
// bounded on a long horizon (the chunks' sample buffers reused), and shutting down mid-run joins
// the thread promptly. And the simulation mode on top of it: a new result reaches the plots and the
// 3D view in one frame. Also run under the tsan preset (data races) and asan (leaks).
#include <qcustomplot.h>

#include <QSignalSpy>
#include <QtTest>
#include <atomic>
#include <cmath>
#include <memory>
#include <thread>

#include "tests/common/deadline.h"
#include "tests/common/suitemain.h"
#include "tests/ui/recordingscene.h"
#include "ui/common/playback.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/runtable.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace tst_worker {

using namespace dms;
using namespace dms::ui;
using dms::test::ms;
using dms::test::RecordingScene;

SimJob makeJob(const std::string& system, double T, double h, double firstValueScale = 1.0) {
  SimJob job;
  job.model = findSystem(system);
  ParamValues v = defaultValues(job.model->params());
  // scale the first parameter (a mass) so every job's E0 is its own
  v[job.model->params().front().name][0] *= firstValueScale;
  job.values = job.model->normalize(v, nullptr);
  job.settings = job.model->defaultSettings();
  job.settings.T = T;
  job.settings.h = h;
  job.methods = job.model->methods();
  return job;
}

// the first sample of a run, computed here independently of the worker
Sample firstSample(const SimJob& job, Method m) {
  std::vector<Sample> out;
  job.model->makeRun(job.values, m, job.settings)->advance(out, 1);
  return out.front();
}

// Whether the worker fills the chunk queue (SimWorker::kMaxInFlight chunks) while this thread
// takes no events, within the deadline: it fills in milliseconds, the deadline guards a hang.
bool queueFills(const SimSession& s) {
  const QDeadlineTimer deadline(ms(10000));
  while (s.chunksInFlight() < SimWorker::kMaxInFlight && !deadline.hasExpired())
    QThread::yieldCurrentThread();
  return s.chunksInFlight() >= SimWorker::kMaxInFlight;
}

// every cell of the run table, row by row
QStringList tableText(const QTableWidget& table) {
  QStringList cells;
  for (int r = 0; r < table.rowCount(); ++r)
    for (int c = 0; c < table.columnCount(); ++c)
      cells << (table.item(r, c) ? table.item(r, c)->text() : QString());
  return cells;
}

bool waitFinished(SimSession& s, int ms) {
  return QTest::qWaitFor([&s] { return !s.running(); }, ms);
}

void checkComplete(const SimSession& s) {
  const SimJob& job = s.job();
  const std::int64_t n = job.settings.steps() + 1;
  QCOMPARE(s.stores().size(), job.methods.size());
  for (std::size_t i = 0; i < job.methods.size(); ++i) {
    const RunStore& st = s.stores()[i];
    QVERIFY(!s.status()[i].failure.failed);
    QVERIFY(s.status()[i].done);
    // output sampling: both integrators give exactly the samples t_k = k h, k = 0..N
    QCOMPARE(st.received(), n);
    QCOMPARE(st.energy0(), firstSample(job, job.methods[i]).energy);
    QVERIFY(std::fabs(st.last().t - double(n - 1) * job.settings.h) <= 1e-9 * job.settings.T);
    const std::vector<Sample>& pb = st.playback();
    for (std::size_t k = 1; k < pb.size(); ++k) QVERIFY(pb[k].t > pb[k - 1].t);
  }
}

// The simulation mode on the mass-spring's article set-up, computing, drawing in a RecordingScene.
struct MassSpringMode {
  RecordingScene scene;
  Playback playback;
  SimulationMode mode{ModeContext{&scene, &playback}};
  MassSpringMode() {
    mode.setInteractive(false);
    mode.setSystem(findSystem("mass-spring"));
    mode.activate();
  }
  /// Waits for the article set-up's job and draws its frame at t = 0; false if it did not end.
  bool shown() {
    if (!waitFinished(*mode.session(), ms(30000))) return false;
    mode.frame(0.0);
    return true;
  }
};

class TestWorker : public QObject {
  Q_OBJECT
 private slots:
  void streamsBothRunsCompletely() {
    SimSession s;
    QSignalSpy finished(&s, &SimSession::finished);
    QSignalSpy chunks(&s, &SimSession::chunkArrived);
    const SimJob job = makeJob("spherical-pendulum", 50.0, 0.01);
    const quint64 gen = s.start(job);
    QVERIFY(finished.wait(ms(20000)));
    QCOMPARE(finished.first().first().toULongLong(), gen);
    checkComplete(s);
    QVERIFY(chunks.count() >= 2);  // at least one chunk per run
    QCOMPARE(s.staleChunks(), qint64(0));
    const RunStatus& rk = s.status()[1];
    QVERIFY(rk.counters.steps > 0);
    QVERIFY(rk.counters.fevals >= 6 * rk.counters.steps);  // FSAL: 6 stages per step at least
  }

  void newJobCancelsTheOldOne() {
    SimSession s;
    // about 2e7 samples per run: seconds of work, so it is surely running when replaced
    s.start(makeJob("planar-pendulum", 2e5, 0.01));
    QSignalSpy chunks(&s, &SimSession::chunkArrived);
    QVERIFY(chunks.wait(ms(10000)));
    const qint64 acceptedBefore = s.chunksAccepted();
    QVERIFY(acceptedBefore > 0);
    QVERIFY(s.hasResult());
    const SimJob small = makeJob("mass-spring", 20.0, 0.01, 2.0);
    const qint64 staleBefore = s.staleChunks();
    s.start(small);
    QVERIFY(!s.hasResult());  // the old job's samples are not the new one's
    QVERIFY(waitFinished(s, ms(10000)));
    QVERIFY(s.hasResult());
    // the long job stopped within a chunk: of its chunks only those already sent (at most
    // kMaxInFlight) arrived after it was replaced, not the thousands of the rest of its run
    const qint64 dropped = s.staleChunks() - staleBefore;
    QVERIFY2(dropped <= SimWorker::kMaxInFlight, qPrintable(QString::number(dropped)));
    checkComplete(s);
  }

  void cancelStopsDelivery() {
    SimSession s;
    s.start(makeJob("spherical-pendulum", 1e5, 0.005));
    QSignalSpy chunks(&s, &SimSession::chunkArrived);
    QVERIFY(chunks.wait(ms(10000)));
    s.cancel();
    QVERIFY(!s.running());
    const qint64 accepted = s.chunksAccepted();
    QCoreApplication::processEvents();
    QCOMPARE(s.chunksAccepted(), accepted);  // whatever still arrives is dropped
    // up to the last chunk the old job sent: a small job started now is sent after it (one
    // worker thread, one queue), so when the small job is done every old chunk has arrived;
    // the chunks taken since are the small job's alone, its stores hold nothing else
    QSignalSpy arrived(&s, &SimSession::chunkArrived);
    s.start(makeJob("mass-spring", 10.0, 0.01, 3.0));
    QVERIFY(waitFinished(s, ms(10000)));
    QCOMPARE(s.chunksAccepted(), accepted + arrived.count());
    checkComplete(s);
  }

  void rapidChangesAndSwitches() {
    SimSession s;
    const char* systems[] = {"mass-spring", "planar-pendulum", "spherical-pendulum"};
    const int n = 300;
    int checked = 0;
    for (int i = 0; i < n; ++i) {
      // a long horizon, so most jobs are cancelled while they run
      const SimJob job = makeJob(systems[i % 3], 2e3, 0.01, 1.0 + 1e-3 * i);
      s.start(job);
      if (i % 3 == 0) QCoreApplication::processEvents();
      // now and then the job's first results arrive before the next replaces it
      if (i % 10 == 0) QVERIFY(QTest::qWaitFor([&s] { return s.hasResult(); }, ms(10000)));
      // whatever reached the stores belongs to this job (its own E0)
      for (std::size_t r = 0; r < job.methods.size(); ++r) {
        if (s.stores()[r].empty()) continue;
        QCOMPARE(s.stores()[r].energy0(), firstSample(job, job.methods[r]).energy);
        ++checked;
      }
    }
    const SimJob last = makeJob("spherical-pendulum", 30.0, 0.01, 1.5);
    s.start(last);
    QVERIFY(waitFinished(s, ms(20000)));
    checkComplete(s);
    QCOMPARE(s.job().model->name(), std::string("spherical-pendulum"));
    qInfo("%d jobs, %d partial results checked, %lld stale chunks dropped", n + 1, checked,
          s.staleChunks());
    QVERIFY(checked > 0);
    // a job cancelled while it fills a chunk gives the chunk's buffer back as well
    QVERIFY2(s.sampleBuffersMade() <= qint64(SimWorker::kMaxBuffers),
             qPrintable(QString::number(s.sampleBuffersMade())));
  }

  void staleChunksAreDropped() {
    SimSession s;
    s.start(makeJob("spherical-pendulum", 1e5, 0.005));
    QSignalSpy chunks(&s, &SimSession::chunkArrived);
    QVERIFY(chunks.wait(ms(10000)));
    // the GUI thread is busy (it takes no events here): the worker fills the queue up to
    // kMaxInFlight chunks and waits there, sending no more
    QVERIFY2(queueFills(s), qPrintable(QString::number(s.chunksInFlight())));
    QCOMPARE(s.chunksInFlight(), SimWorker::kMaxInFlight);
    const SimJob next = makeJob("mass-spring", 10.0, 0.01, 3.0);
    s.start(next);
    QVERIFY(waitFinished(s, ms(10000)));
    QVERIFY(s.staleChunks() > 0);  // the old job's queued chunks arrived, and were dropped
    checkComplete(s);
  }

  void longHorizonIsBounded() {
    SimSession s;
    // 2e5 samples a run, twelve times the playback buffer's 16384 slots: the buffer drops every
    // other sample whenever it is full, which leaves a stride of 16 (2e5 / 16 = 12500 samples)
    const SimJob job = makeJob("mass-spring", 200.0, 0.001);
    s.start(job);
    QVERIFY(waitFinished(s, ms(30000)));
    checkComplete(s);
    for (const RunStore& st : s.stores()) {
      QVERIFY(st.playback().size() <= 16384);
      QVERIFY(st.bucketCount() <= 8192);
      QVERIFY(st.playbackStride() >= 16);
    }
    // the chunks' sample buffers are reused: tens of chunks (at most 8192 samples each), never
    // more buffers than can be alive at once (one per chunk when each chunk has its own)
    QVERIFY2(s.chunksAccepted() > qint64(2 * SimWorker::kMaxBuffers),
             qPrintable(QString::number(s.chunksAccepted())));
    QVERIFY2(s.sampleBuffersMade() <= qint64(SimWorker::kMaxBuffers),
             qPrintable(QString::number(s.sampleBuffersMade())));
  }

  // A parameter change costs the 3D view one rebuild, in the frame that shows the new result
  // (each of its frames can block the GUI thread while a software renderer draws), and until
  // then the last result stays; the plots are redrawn in that frame, not queued after it.
  void aNewResultIsDrawnInOneFrame() {
    MassSpringMode m;
    QVERIFY(m.shown());
    SimulationMode& mode = m.mode;
    RecordingScene& scene = m.scene;
    QCOMPARE(scene.built.size(), std::size_t(1));

    std::vector<int> replots;
    for (const ExportPlot& e : mode.exportPlots()) {
      const std::size_t i = replots.size();
      replots.push_back(0);
      connect(e.plot, &QCustomPlot::afterReplot, this, [&replots, i] { ++replots[i]; });
    }
    QVERIFY(!replots.empty());
    scene.calls.clear();
    mode.applySet("m", {2.0});
    mode.recompute();
    mode.frame(0.0);  // no result yet: the worker's chunks come through the event loop
    QCOMPARE(scene.calls, QStringList());
    QVERIFY(waitFinished(*mode.session(), ms(30000)));
    QCOMPARE(scene.calls, QStringList());  // nothing drawn between frames
    std::fill(replots.begin(), replots.end(), 0);
    mode.frame(0.0);
    for (int n : replots) QCOMPARE(n, 1);
    QCOMPARE(scene.calls, QStringList({"system", "runs", "pose", "trail", "pose", "trail"}));
    QCOMPARE(scene.built.size(), std::size_t(2));
    QVERIFY(scene.built.back() == mode.session()->job().values);
    QCOMPARE(scene.built.back().at("m").at(0), 2.0);

    // the next frame at the same time changes nothing
    scene.calls.clear();
    mode.frame(0.0);
    QCOMPARE(scene.calls, QStringList());
  }

  // A running job's results are shown (plots, table, 3D view) once it is done (above) or once it
  // has a result and has run for the result delay: a short job's chunks all come in while the
  // worker has a core, with no repaint or renderer's frame between them, and a long job still
  // shows soon. Until then all three keep the last job's picture.
  void aRunningJobIsShownAfterItsDelay() {
    MassSpringMode m;
    QVERIFY(m.shown());
    SimulationMode& mode = m.mode;
    RecordingScene& scene = m.scene;
    int replots = 0;
    const ExportPlot energy = mode.exportPlots().front();
    connect(energy.plot, &QCustomPlot::afterReplot, this, [&replots] { ++replots; });
    const int graphs = energy.plot->graphCount();
    const int points = energy.plot->graph(0)->dataCount();
    QVERIFY(points > 0);
    const QStringList doneRows = tableText(*mode.runTable());
    QVERIFY(doneRows.contains("done"));
    QCoreApplication::processEvents();
    scene.calls.clear();
    replots = 0;
    mode.setResultDelay(0);
    mode.applySet("m", {2.0});
    mode.applySet("T", {1e7});  // 2.9e8 steps: it runs for the whole test
    mode.recompute();
    // old enough, but no result yet (the worker's chunks arrive in the event loop): nothing
    // drawn, not even empty plots
    QVERIFY(!mode.session()->hasResult());
    mode.frame(0.0);
    QCOMPARE(scene.calls, QStringList());
    QCOMPARE(replots, 0);
    QCOMPARE(tableText(*mode.runTable()), doneRows);
    mode.setResultDelay(3600 * 1000);
    QSignalSpy chunks(mode.session(), &SimSession::chunkArrived);
    QVERIFY(chunks.wait(ms(10000)));
    QVERIFY(mode.session()->hasResult());
    mode.frame(0.0);
    QCoreApplication::processEvents();
    // a result, but the job runs and is young: nothing drawn, the old picture stays
    QCOMPARE(scene.calls, QStringList());
    QCOMPARE(replots, 0);
    QCOMPARE(tableText(*mode.runTable()), doneRows);
    // the cursor moves: the table still shows the last job at the cursor, not the new job's
    // first samples (the plots are hidden here, so the cursor's layer takes a whole replot)
    mode.frame(2.0);
    QCOMPARE(tableText(*mode.runTable()), doneRows);
    QCOMPARE(scene.calls, QStringList());
    replots = 0;
    mode.setResultDelay(0);
    QVERIFY(chunks.wait(ms(10000)));
    QVERIFY(mode.session()->running());
    mode.frame(0.0);
    QVERIFY(tableText(*mode.runTable()) != doneRows);
    QVERIFY(!tableText(*mode.runTable()).contains("done"));
    QCOMPARE(replots, 1);
    QCOMPARE(energy.plot->graphCount(), graphs);
    QVERIFY(energy.plot->graph(0)->dataCount() > 0);
    QCOMPARE(scene.calls.mid(0, 2), QStringList({"system", "runs"}));
    QVERIFY(scene.calls.contains("pose"));
    QCOMPARE(scene.built.back().at("m").at(0), 2.0);
  }

  // Autoscale (the button, the menu, a double click) brings a zoomed plot back to the horizon at
  // once, whatever the job is doing.
  void autoscaleShowsTheWholeHorizon() {
    MassSpringMode m;
    QVERIFY(m.shown());
    QCustomPlot* energy = m.mode.exportPlots().front().plot;
    const QCPRange whole = energy->xAxis->range();
    QVERIFY(whole.upper > 1.0);
    energy->xAxis->setRange(0.25 * whole.upper, 0.5 * whole.upper);
    m.mode.plotPanel()->autoscale();
    QCOMPARE(energy->xAxis->range().lower, whole.lower);
    QCOMPARE(energy->xAxis->range().upper, whole.upper);
  }

  // The changes of one event-loop pass start one job, and it starts before the timers due in the
  // next pass (the 3D view's frame is one: it can block the thread while a software renderer
  // draws), not behind them.
  void changesOfOnePassStartOneJobAtOnce() {
    MassSpringMode m;
    SimulationMode& mode = m.mode;
    QVERIFY(waitFinished(*mode.session(), ms(30000)));
    QSignalSpy started(mode.session(), &SimSession::started);
    // a timer already due when the values change, as a frame's may be
    int startedBeforeTimer = -1;
    QTimer due;
    due.setSingleShot(true);
    connect(&due, &QTimer::timeout, this, [&] { startedBeforeTimer = int(started.count()); });
    due.start(0);
    mode.applySet("m", {2.0});
    mode.applySet("kappa", {3.0});
    mode.applySet("q0", {0.5});
    QCOMPARE(started.count(), 0);  // not within the pass
    QTRY_VERIFY_WITH_TIMEOUT(startedBeforeTimer >= 0, ms(5000));
    QCOMPARE(startedBeforeTimer, 1);
    QVERIFY(waitFinished(*mode.session(), ms(30000)));
    QCOMPARE(started.count(), 1);
    QCOMPARE(mode.session()->job().values.at("kappa").at(0), 3.0);
    QCOMPARE(mode.session()->job().values.at("q0").at(0), 0.5);
  }

  // Shutting down mid-run returns: the worker, waiting on a full queue (the GUI thread takes no
  // chunks here), is woken by the stop instead of running the rest of its T = 1e6 s job.
  // shutdown() runs in a thread of its own, so that a lost stop fails at the deadline instead of
  // hanging the suite.
  void shutdownMidRunIsPrompt() {
    auto s = std::make_unique<SimSession>();
    s->start(makeJob("spherical-pendulum", 1e6, 0.001));
    QSignalSpy chunks(s.get(), &SimSession::chunkArrived);
    QVERIFY(chunks.wait(ms(10000)));
    QVERIFY(s->running());
    QVERIFY(queueFills(*s));
    auto joined = std::make_shared<std::atomic<bool>>(false);
    std::thread([session = s.get(), joined] {
      session->shutdown();
      joined->store(true);
    }).detach();
    const QDeadlineTimer deadline(ms(10000));
    while (!joined->load() && !deadline.hasExpired()) QThread::yieldCurrentThread();
    if (!joined->load()) {
      (void)s.release();  // its destructor would join the thread that does not end
      QFAIL("shutdown() did not return within 10 s: the waiting worker missed the stop");
    }
    s.reset();
  }
};

DMS_TEST_MAIN(TestWorker)
}  // namespace tst_worker
#include "tst_worker.moc"
