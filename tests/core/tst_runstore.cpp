// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The run store: bounded memory on any horizon, nearest-sample lookup for playback, and a
// min/max decimation that never loses a spike.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/sim/runstore.h"
#include "tests/common/suitemain.h"

namespace tst_runstore {

using namespace dms;

Sample sampleAt(double t, double energy, double structure = 0.0) {
  Sample s;
  s.t = t;
  s.energy = energy;
  s.structure = structure;
  s.position = Vector3d(t, 0.0, 0.0);
  return s;
}

// A point on the unit circle at unit angular speed (speed 1, period 2 pi).
Sample circleAt(double t) {
  Sample s;
  s.t = t;
  s.position = Vector3d(std::cos(t), std::sin(t), 0.0);
  s.velocity = Vector3d(-std::sin(t), std::cos(t), 0.0);
  return s;
}

// Every segment of a trail is a chord no longer than the arc the point travelled: at speed 1,
// no longer than the time between the points, which trail() keeps <= maxStep.
void checkSegments(const std::vector<Vector3d>& tr, double maxStep) {
  for (std::size_t i = 1; i < tr.size(); ++i)
    QVERIFY2((tr[i] - tr[i - 1]).norm() <= maxStep * (1 + 1e-12),
             qPrintable(QString("segment %1 is %2 long").arg(i).arg((tr[i] - tr[i - 1]).norm())));
}

class TestRunStore : public QObject {
  Q_OBJECT
 private slots:
  void playbackHalvesWhenFull() {
    RunStore store(8, 8);
    for (int i = 0; i < 1000; ++i) store.append(sampleAt(0.5 * i, 1.0));
    const auto& pb = store.playback();
    QVERIFY(pb.size() <= 8);
    QVERIFY(pb.size() >= 4);
    // 1000 samples in at most 8 slots: the stride doubled to 128 (8 * 128 = 1024 >= 1000)
    QCOMPARE(store.playbackStride(), std::int64_t(128));
    for (std::size_t i = 0; i < pb.size(); ++i)
      QCOMPARE(pb[i].t, 0.5 * double(std::int64_t(i) * store.playbackStride()));
    QCOMPARE(store.received(), std::int64_t(1000));
    QCOMPARE(store.last().t, 0.5 * 999);
  }

  void nearestSample() {
    RunStore store(8, 8);
    for (int i = 0; i <= 100; ++i) store.append(sampleAt(double(i), 0.0));
    // kept: 0, 16, 32, 48, 64, 80, 96, and the latest (100)
    QCOMPARE(store.nearest(-5.0)->t, 0.0);
    QCOMPARE(store.nearest(23.0)->t, 16.0);
    QCOMPARE(store.nearest(25.0)->t, 32.0);
    QCOMPARE(store.nearest(99.0)->t, 100.0);
    QCOMPARE(store.nearest(1e9)->t, 100.0);
    RunStore empty;
    QVERIFY(!empty.nearest(0.0).has_value());
  }

  void trailEndsAtPlaybackTime() {
    RunStore store(1024, 64);
    for (int i = 0; i <= 200; ++i) store.append(sampleAt(0.1 * i, 0.0));
    const std::vector<Vector3d> tr =
        store.trail(10.0, 2.0, 8, std::numeric_limits<double>::infinity());
    QCOMPARE(tr.size(), std::size_t(8));
    QVERIFY(std::fabs(tr.back().x() - 10.0) < 1e-12);
    for (std::size_t i = 0; i < tr.size(); ++i) {
      QVERIFY(tr[i].x() >= 8.0 - 1e-12);
      if (i) QVERIFY(tr[i].x() > tr[i - 1].x());
    }
  }

  void trailOnlyWhereSamplesFollowThePath() {
    const double h = 0.01, maxStep = 0.5;
    const int n = 100000;  // t up to 1000: about 159 laps
    // full resolution: the whole span, thinned evenly as before
    RunStore fine(n + 2, 64);
    for (int i = 0; i < n; ++i) fine.append(circleAt(h * i));
    QCOMPARE(fine.maxSpeed(), 1.0);
    const double tEnd = h * (n - 1);
    const std::vector<Vector3d> full = fine.trail(tEnd, 20.0, 600, maxStep);
    QCOMPARE(full.size(), std::size_t(600));
    checkSegments(full, maxStep);
    QVERIFY((full.back() - circleAt(tEnd).position).norm() < 1e-15);
    QVERIFY((full.front() - circleAt(tEnd - 20.0).position).norm() < 0.04);  // within a thinned gap

    // decimated to 64 slots: stored samples 20.48 s apart, about 3.3 laps between them; their
    // chords would cross the circle, so the trail is the current point alone
    RunStore coarse(64, 64);
    for (int i = 0; i < n; ++i) coarse.append(circleAt(h * i));
    QVERIFY(coarse.playbackStride() >= 2048);
    const std::vector<Vector3d> alone = coarse.trail(500.0, 100.0, 600, maxStep);
    QCOMPARE(alone.size(), std::size_t(1));
    QVERIFY((alone.back() - coarse.nearest(500.0)->position).norm() < 1e-15);

    // sampling that aliases the motion: one stored sample per lap looks like a point at rest
    // (zero-length chords), yet the point travelled 2 pi between them: no trail either
    RunStore strobe(1024, 64);
    for (int k = 0; k < 200; ++k) strobe.append(circleAt(2 * M_PI * k + 1e-3 * k));
    const std::vector<Vector3d> still = strobe.trail(2 * M_PI * 199, 2 * M_PI * 50, 600, maxStep);
    QCOMPARE(still.size(), std::size_t(1));

    // in between: stored samples 0.32 s apart, a span of 100 s; thinning evenly to 600 points
    // would join samples 0.64 s apart (> maxStep at speed 1), so it takes every sample, newest
    // first, and stops at 599 of them (about 192 s would be allowed; the span is 100 s)
    RunStore mid(4096, 64);
    for (int i = 0; i < n; ++i) mid.append(circleAt(h * i));
    QCOMPARE(mid.playbackStride(), std::int64_t(32));
    const std::vector<Vector3d> part = mid.trail(900.0, 300.0, 600, maxStep);
    checkSegments(part, maxStep);
    QCOMPARE(part.size(), std::size_t(600));
    // its oldest point is 599 stored samples (0.32 s each) before the end
    const double tOldest = mid.nearest(900.0)->t - 599 * 0.32;
    QVERIFY((part.front() - circleAt(tOldest).position).norm() < 1e-9);
  }

  void decimationKeepsSpikesAndIsBounded() {
    RunStore store(64, 64);
    const int n = 100000;
    const int spikeUp = 54321, spikeDown = 7777;
    for (int i = 0; i < n; ++i) {
      double e = 1.0 + 1e-9 * std::sin(0.01 * i);
      if (i == spikeUp) e = 5.0;
      if (i == spikeDown) e = -2.0;
      store.append(sampleAt(0.01 * i, e));
    }
    QVERIFY(store.bucketCount() <= 64);
    const Curve c = store.decimate(Metric::EnergyDeviation, 0.0, 0.01 * n, 10);
    QVERIFY(c.t.size() <= 20);
    QCOMPARE(c.t.size(), c.value.size());
    double best = 0.0, bestT = 0.0;
    for (std::size_t i = 0; i < c.value.size(); ++i) {
      if (i) QVERIFY(c.t[i] >= c.t[i - 1]);
      if (c.value[i] > best) {
        best = c.value[i];
        bestT = c.t[i];
      }
    }
    // |E - E0| = |5 - 1| at the spike, at its time: exact, since min/max are copied, not averaged
    QCOMPARE(best, 4.0);
    QCOMPARE(bestT, 0.01 * spikeUp);
    // the downward spike |-2 - 1| = 3 is the maximum of its column too
    bool sawDown = false;
    for (std::size_t i = 0; i < c.value.size(); ++i)
      if (c.value[i] == 3.0 && c.t[i] == 0.01 * spikeDown) sawDown = true;
    QVERIFY(sawDown);
  }

  void fewSamplesArePassedThrough() {
    RunStore store;
    for (int i = 0; i < 5; ++i) store.append(sampleAt(double(i), 2.0, 1e-3 * i));
    const Curve c = store.decimate(Metric::Structure, 0.0, 4.0, 800);
    QCOMPARE(c.t.size(), std::size_t(5));
    for (int i = 0; i < 5; ++i) {
      QCOMPARE(c.t[std::size_t(i)], double(i));
      QCOMPARE(c.value[std::size_t(i)], 1e-3 * i);
    }
    // a zoomed range only returns what overlaps it
    const Curve z = store.decimate(Metric::Structure, 1.5, 3.5, 800);
    QCOMPARE(z.t.size(), std::size_t(2));
    QCOMPARE(z.t.front(), 2.0);
  }

  void clearStartsOver() {
    RunStore store(8, 8);
    for (int i = 0; i < 100; ++i) store.append(sampleAt(double(i), 3.0));
    store.clear();
    QVERIFY(store.empty());
    QCOMPARE(store.playbackStride(), std::int64_t(1));
    QCOMPARE(store.bucketWidth(), std::int64_t(1));
    store.append(sampleAt(0.0, 7.0));
    QCOMPARE(store.energy0(), 7.0);
    QCOMPARE(store.playback().size(), std::size_t(1));
  }
};

DMS_TEST_APPLESS_MAIN(TestRunStore)
}  // namespace tst_runstore
#include "tst_runstore.moc"
