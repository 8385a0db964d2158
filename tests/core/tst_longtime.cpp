// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis/longtime: the log buckets against a brute-force pass, their bounded number, the
// growth exponents of a dissipative and of a symplectic method, the distance from the reference
// against the sweep's global error, the results on one and two threads, and bad input.
#include <QtTest>
#include <atomic>
#include <cmath>
#include <limits>
#include <mutex>
#include <sstream>

#include "core/analysis/longtime.h"
#include "core/analysis/steplog.h"
#include "core/analysis/sweep.h"
#include "core/sim/registry.h"
#include "tests/common/suitemain.h"

namespace tst_longtime {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

const SystemModel& model(const char* name) { return *findSystem(name); }

// a system's default long-time view cut to `steps` steps of its article h
LongTimeSpec longTimeOf(const char* system, std::vector<Method> methods, double steps) {
  LongTimeSpec spec = defaultLongTime(model(system));
  spec.methods = std::move(methods);
  spec.settings.T = steps * spec.settings.h;
  validateLongTime(spec);
  return spec;
}

// mass-spring, vi, 10^6 steps: the longest run here, shared by two tests
const LongTimeRun& massSpringViMillion() {
  static const LongTimeResult r =
      runLongTime(longTimeOf("mass-spring", {Method::Variational}, 1e6));
  return r.runs.front();
}

double lastTime(const LongTimeSpec& spec) {
  return double(spec.settings.steps()) * spec.settings.h;
}

// the largest bucket maximum of |E - E0| among the buckets inside [from, to)
double energyMaxIn(const LongTimeRun& run, double from, double to) {
  double m = 0.0;
  for (const LongTimeBucket& b : run.buckets)
    if (b.tLo >= from && b.tHi <= to) m = std::max(m, b.energy.max);
  return m;
}

bool sameBuckets(const LongTimeRun& a, const LongTimeRun& b) {
  if (a.buckets.size() != b.buckets.size()) return false;
  for (std::size_t i = 0; i < a.buckets.size(); ++i) {
    const LongTimeBucket &x = a.buckets[i], &y = b.buckets[i];
    if (x.tLo != y.tLo || x.tHi != y.tHi || x.samples != y.samples ||
        x.energy.min != y.energy.min || x.energy.max != y.energy.max ||
        x.structure.min != y.structure.min || x.structure.max != y.structure.max ||
        x.momentum.min != y.momentum.min || x.momentum.max != y.momentum.max)
      return false;
  }
  return a.exponents.energy == b.exponents.energy &&
         a.exponents.structure == b.exponents.structure &&
         a.exponents.momentum == b.exponents.momentum;
}

template <class F>
QString inputErrorOf(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

class TestLongTime : public QObject {
  Q_OBJECT
 private slots:
  // Each bucket's min, max and count of |E - E0|, the structure error and |L - L0| are those of
  // the samples with t in its [tLo, tHi), exactly, on the dumbbell (it has all three) with a
  // fixed-step and an adaptive method; every sample after t = 0 is in one bucket.
  void bucketsMatchBruteForce() {
    const LongTimeSpec spec = longTimeOf("dumbbell", {Method::Variational, Method::Rk45}, 1e4);
    const LongTimeResult r = runLongTime(spec);
    QVERIFY(r.hasStructure && r.hasMomentum);
    for (const LongTimeRun& run : r.runs) {
      QVERIFY2(run.status == RunStatus::Ok, run.failure.c_str());
      std::vector<Sample> all;
      const std::unique_ptr<Run> again =
          model("dumbbell").makeRun(spec.parameters, run.method, spec.settings);
      while (again->advance(all, 4096)) {
      }
      QCOMPARE(std::int64_t(all.size()), spec.settings.steps() + 1);
      // the edges are h 10^(j/b): each bucket spans a factor 10^(1/b), to the rounding of its
      // two edges (a few eps relative)
      const double factor = std::pow(10.0, 1.0 / spec.bucketsPerDecade);
      for (const LongTimeBucket& b : run.buckets)
        QVERIFY(std::abs(b.tHi / b.tLo - factor) <= 8 * std::numeric_limits<double>::epsilon());
      std::vector<LongTimeBucket> brute(run.buckets.size());
      for (std::size_t j = 0; j < brute.size(); ++j) {
        brute[j].tLo = run.buckets[j].tLo;
        brute[j].tHi = run.buckets[j].tHi;
      }
      const auto widen = [](MinMax& m, double v, bool first) {
        m.min = first ? v : std::min(m.min, v);
        m.max = first ? v : std::max(m.max, v);
      };
      for (std::size_t k = 1; k < all.size(); ++k) {
        const Sample& s = all[k];
        std::size_t j = 0;
        while (j < brute.size() && !(brute[j].tLo <= s.t && s.t < brute[j].tHi)) ++j;
        QVERIFY2(j < brute.size(), qPrintable(QString("t = %1 in no bucket").arg(s.t)));
        LongTimeBucket& b = brute[j];
        const bool first = b.samples++ == 0;
        widen(b.energy, std::fabs(s.energy - all[0].energy), first);
        widen(b.structure, s.structure, first);
        widen(b.momentum, (s.momentum - all[0].momentum).norm(), first);
      }
      for (std::size_t j = 0; j < brute.size(); ++j) {
        const LongTimeBucket &a = run.buckets[j], &b = brute[j];
        QVERIFY(a.samples > 0);
        QCOMPARE(a.samples, b.samples);
        QVERIFY(a.energy.min == b.energy.min && a.energy.max == b.energy.max);
        QVERIFY(a.structure.min == b.structure.min && a.structure.max == b.structure.max);
        QVERIFY(a.momentum.min == b.momentum.min && a.momentum.max == b.momentum.max);
        if (j > 0) QVERIFY(run.buckets[j - 1].tHi <= a.tLo);
      }
      QCOMPARE(run.buckets.front().tLo, spec.settings.h);
    }
  }

  // Memory is O(buckets): with b buckets per decade a run from h to t_N = N h has at most
  // b log10(N) + 1 of them (bucket j starts at h 10^(j/b) <= t_N), for 10^4 and 10^6 steps
  // alike.
  void bucketCountBounded() {
    const LongTimeSpec shortSpec = longTimeOf("mass-spring", {Method::Variational}, 1e4);
    const LongTimeRun shortRun = runLongTime(shortSpec).runs.front();
    const LongTimeRun& longRun = massSpringViMillion();
    for (const auto& [run, N] : {std::pair{&shortRun, 1e4}, std::pair{&longRun, 1e6}}) {
      QVERIFY2(run->status == RunStatus::Ok, run->failure.c_str());
      QCOMPARE(double(run->counters.steps), N);
      const double bound = shortSpec.bucketsPerDecade * std::log10(N) + 1.0;
      QVERIFY2(double(run->buckets.size()) <= bound,
               qPrintable(QString("%1 buckets for %2 steps").arg(run->buckets.size()).arg(N)));
    }
  }

  // RK45 at the article's tolerance dissipates the mass-spring's energy at a rate lambda per unit
  // time: |E - E0| = E0 (1 - exp(-lambda t)), whose log-log slope is 1 - O(lambda t) (about 0.9
  // where 1 - exp(-lambda t) = 0.18, the loss at 10^5 steps): the exponent of a drift, 1, within
  // 0.2. A bounded or random-walk error would give 0 or 1/2.
  void rk45EnergyDrifts() {
    const LongTimeResult r = runLongTime(longTimeOf("mass-spring", {Method::Rk45}, 1e5));
    const LongTimeRun& run = r.runs.front();
    QVERIFY2(run.status == RunStatus::Ok, run.failure.c_str());
    QVERIFY(run.exponents.energy.has_value());
    QVERIFY2(*run.exponents.energy > 0.8 && *run.exponents.energy < 1.2,
             qPrintable(QString("energy exponent %1").arg(*run.exponents.energy)));
    QVERIFY(!run.exponents.structure && !run.exponents.momentum);
  }

  // On the mass-spring, eqs (10)-(11) are the implicit midpoint rule, which conserves quadratic
  // invariants: E is exact in exact arithmetic, and what is left is round-off. Each step rounds
  // q and v by about eps, so |E_k - E0| is at most a random walk of such errors, eps E0 sqrt(k)
  // (Brouwer's law), plus the rounding of E itself at both ends: checked with a factor 10 on
  // the walk, bucket by bucket, over 10^6 steps. A drift at the truncation level (h^2 = 1e-3 per
  // unit time) would be ten orders above. Its exponent is the walk's 1/2, not a drift's 1: below
  // their midpoint 3/4.
  void viMassSpringRoundOffOnly() {
    const LongTimeRun& run = massSpringViMillion();
    const double E0 = 1.0;  // 1/2 kappa q0^2 with q0 = sqrt(2)
    const double h = defaultLongTime(model("mass-spring")).settings.h;
    for (const LongTimeBucket& b : run.buckets) {
      const double bound = 10.0 * kEps * E0 * std::sqrt(b.tHi / h) + 4.0 * kEps * E0;
      QVERIFY2(b.energy.max <= bound,
               qPrintable(
                   QString("t < %1: |E - E0| = %2 > %3").arg(b.tHi).arg(b.energy.max).arg(bound)));
    }
    QVERIFY(run.exponents.energy.has_value());
    QVERIFY2(*run.exponents.energy < 0.75,
             qPrintable(QString("energy exponent %1").arg(*run.exponents.energy)));
  }

  // On the (nonlinear) planar pendulum vi's energy error is O(h^2) and bounded: it conserves a
  // modified energy E~ to exponentially small terms over exponentially long times (backward
  // error analysis; Hairer, Lubich and Wanner, IX.8), and E - E~ is a function of the state on
  // the periodic orbit. Each of the last two decades of 10^5 steps covers tens of periods with
  // thousands of samples, so their maxima are the same sup sampled densely: equal within 5%
  // (the samples' phase gaps make a few parts in a thousand), where even an exponent of 0.1
  // would make a factor 10^0.1 = 1.26.
  void viPendulumEnergyBounded() {
    const LongTimeSpec spec = longTimeOf("planar-pendulum", {Method::Variational}, 1e5);
    const LongTimeRun run = runLongTime(spec).runs.front();
    QVERIFY2(run.status == RunStatus::Ok, run.failure.c_str());
    const double T = lastTime(spec);
    const double last = energyMaxIn(run, T / 10.0, 2.0 * T);
    const double before = energyMaxIn(run, T / 100.0, T / 10.0);
    QVERIFY(before > 0.0);
    QVERIFY2(std::fabs(last / before - 1.0) < 0.05,
             qPrintable(QString("max |E - E0|: %1 then %2").arg(before).arg(last)));
    QVERIFY(run.exponents.energy.has_value());
    QVERIFY2(std::fabs(*run.exponents.energy) < 0.1,
             qPrintable(QString("energy exponent %1").arg(*run.exponents.energy)));
  }

  // One thread or two: the same buckets and exponents bit for bit, for every dumbbell method,
  // and the same distances.
  void jobsDoNotMatter() {
    LongTimeSpec spec = defaultLongTime(model("dumbbell"));
    spec.settings.T = 2e3 * spec.settings.h;
    validateLongTime(spec);
    // the progress comes from both threads; once every run is over it is 1 exactly
    std::mutex mutex;
    double progressMax = 0.0;
    const LongTimeResult one = runLongTime(spec, 1);
    const LongTimeResult two = runLongTime(spec, 2, nullptr, [&](double f) {
      const std::lock_guard<std::mutex> lock(mutex);
      progressMax = std::max(progressMax, f);
    });
    QCOMPARE(progressMax, 1.0);
    QCOMPARE(one.runs.size(), spec.methods.size());
    for (std::size_t i = 0; i < one.runs.size(); ++i) {
      QVERIFY(one.runs[i].status == RunStatus::Ok && two.runs[i].status == RunStatus::Ok);
      QVERIFY(one.runs[i].method == spec.methods[i] && two.runs[i].method == spec.methods[i]);
      QVERIFY2(sameBuckets(one.runs[i], two.runs[i]), methodName(spec.methods[i]).c_str());
      QCOMPARE(one.runs[i].counters.fevals, two.runs[i].counters.fevals);
    }
    DistanceSpec d = defaultDistance(model("dumbbell"));
    d.settings.T = 400.0 * d.settings.h;
    validateDistance(d);
    const DistanceResult a = runDistance(d, 1), b = runDistance(d, 2);
    QCOMPARE(a.runs.size(), b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) {
      QVERIFY(a.runs[i].status == RunStatus::Ok && b.runs[i].status == RunStatus::Ok);
      QCOMPARE(a.runs[i].buckets.size(), b.runs[i].buckets.size());
      for (std::size_t j = 0; j < a.runs[i].buckets.size(); ++j)
        QVERIFY(a.runs[i].buckets[j].norm.max == b.runs[i].buckets[j].norm.max &&
                a.runs[i].buckets[j].norm.min == b.runs[i].buckets[j].norm.min);
      QVERIFY(a.runs[i].last->norm() == b.runs[i].last->norm());
    }
    QVERIFY(a.reference.errorBound == b.reference.errorBound);
  }

  // vi's distance at T is the sweep's global error for the same h and T: the same run (its
  // samples are bit for bit the same), against a reference sampled differently. The sweep's
  // reference is RK45 at 1e-13 ending on T at its own steps; ours is the same RK45 sampled at
  // t_k = k h, whose first step and so whose whole step sequence differ. Both are within their
  // error bounds of the exact solution (sweep.h: the distance of the 1e-12 check bounds it), so
  // the two distances differ by at most the sum of the two bounds, plus the rounding of the
  // norm. RK45 at the article's tolerance is far above the reference's floor.
  void distanceIsTheSweepsError() {
    SweepSpec sweep = defaultSweep(model("mass-spring"));
    sweep.methods = {Method::Variational};
    validateSweep(sweep);
    const SweepResult s = runSweep(sweep, {}, 2);
    DistanceSpec spec = defaultDistance(model("mass-spring"));
    spec.methods = {Method::Variational, Method::Rk45};
    spec.settings.T = sweep.T;
    for (const SweepRun& run : s.runs) {
      QVERIFY2(run.status == RunStatus::Ok, run.failure.c_str());
      spec.settings.h = *run.point.h;
      validateDistance(spec);
      const DistanceResult d = runDistance(spec, 2);
      QVERIFY2(d.check.status == RunStatus::Ok, d.check.failure.c_str());
      const DistanceRun& vi = d.runs[0];
      QVERIFY2(vi.status == RunStatus::Ok, vi.failure.c_str());
      QCOMPARE(vi.lastTime, double(spec.settings.steps()) * spec.settings.h);
      const double e = run.error->norm(), dist = vi.last->norm();
      const double bound = s.reference.errorBound + d.reference.errorBound + 4.0 * kEps * e;
      QVERIFY2(std::fabs(dist - e) <= bound, qPrintable(QString("h = %1: distance %2, sweep %3, "
                                                                "bound %4")
                                                            .arg(spec.settings.h)
                                                            .arg(dist)
                                                            .arg(e)
                                                            .arg(bound)));
      // the last bucket holds T
      QVERIFY(vi.buckets.back().norm.max >= dist && vi.buckets.back().norm.min <= dist);
      const DistanceRun& rk = d.runs[1];
      QVERIFY2(rk.status == RunStatus::Ok, rk.failure.c_str());
      QVERIFY(rk.rtol && *rk.rtol == spec.settings.rtol);
      QVERIFY(rk.last->norm() > 1e3 * d.reference.errorBound);
    }
  }

  // A cancelled view returns every method, Cancelled.
  void cancelled() {
    const std::atomic<bool> cancel{true};
    const LongTimeSpec spec = longTimeOf("mass-spring", {Method::Variational, Method::Rk45}, 1e4);
    const LongTimeResult r = runLongTime(spec, 2, &cancel);
    QCOMPARE(r.runs.size(), std::size_t(2));
    for (const LongTimeRun& run : r.runs) QVERIFY(run.status == RunStatus::Cancelled);
  }

  // The CSV: a header and one row per bucket, the structure and momentum cells empty for the
  // mass-spring.
  void csv() {
    const LongTimeResult r =
        runLongTime(longTimeOf("mass-spring", {Method::Variational, Method::Rk45}, 1e3));
    std::ostringstream out;
    writeLongTimeCsv(out, r);
    std::istringstream in(out.str());
    std::string line;
    std::getline(in, line);
    QCOMPARE(QString::fromStdString(line),
             QString("method,t_lo,t_hi,samples,energy_min,energy_max,structure_min,"
                     "structure_max,momentum_min,momentum_max"));
    std::size_t rows = 0;
    while (std::getline(in, line)) {
      ++rows;
      QVERIFY2(QString::fromStdString(line).endsWith(",,,,"), line.c_str());
    }
    QCOMPARE(rows, r.runs[0].buckets.size() + r.runs[1].buckets.size());
  }

  // Bad input is named with its field and range.
  void badInput() {
    LongTimeSpec spec = longTimeOf("mass-spring", {Method::Variational}, 1e3);
    LongTimeSpec bad = spec;
    bad.bucketsPerDecade = -1;
    QString e = inputErrorOf([&] { validateLongTime(bad); });
    QVERIFY2(e.contains("--buckets-per-decade") && e.contains("[1, 100]"), qPrintable(e));
    bad.bucketsPerDecade = 101;
    QVERIFY(inputErrorOf([&] { validateLongTime(bad); }).contains("--buckets-per-decade"));
    bad = spec;
    bad.settings.T = 2e8 * bad.settings.h;
    e = inputErrorOf([&] { validateLongTime(bad); });
    QVERIFY2(e.contains("--T") && e.contains("at most 1e+08"), qPrintable(e));
    bad.settings.T = 1e8 * bad.settings.h;  // the limit itself is allowed
    QVERIFY(inputErrorOf([&] { validateLongTime(bad); }).isEmpty());
    bad = spec;
    bad.methods = {Method::Rattle};
    e = inputErrorOf([&] { validateLongTime(bad); });
    QVERIFY2(e.contains("--methods") && e.contains("rattle"), qPrintable(e));
    bad = spec;
    bad.settings.sampling = RkSampling::Steps;
    QVERIFY(inputErrorOf([&] { validateLongTime(bad); }).contains("--rk-samples"));
    DistanceSpec d = defaultDistance(model("mass-spring"));
    d.bucketsPerDecade = 0;
    QVERIFY(inputErrorOf([&] { validateDistance(d); }).contains("--buckets-per-decade"));
  }

  // RK45's step log (item 6) accounts for the run's own counters exactly: one entry per
  // accepted step, the evaluations increasing to the run's total, the rejections adding up to
  // its count; the steps tile [0, T] (their sum is T up to one rounding per step: N eps T)
  void stepLogAccountsForTheRun() {
    for (const char* name : {"planar-pendulum", "dumbbell"}) {
      const dms::SystemModel* model = dms::findSystem(name);
      const dms::IntegratorSettings st = model->defaultSettings();
      const dms::StepLog log =
          dms::logSteps(*model, model->normalize({}, nullptr), dms::Method::Rk45, st);
      QVERIFY(!log.failure.failed && !log.truncated);
      QCOMPARE(std::int64_t(log.t.size()), log.counters.steps);
      QCOMPARE(log.fevals.back(), log.counters.fevals);
      double sum = 0.0;
      for (std::size_t k = 0; k < log.h.size(); ++k) {
        QVERIFY(log.h[k] > 0.0);
        if (k) QVERIFY(log.fevals[k] > log.fevals[k - 1]);
        sum += log.h[k];
      }
      const double eps = std::numeric_limits<double>::epsilon();
      QVERIFY(std::abs(sum - st.T) <= double(log.h.size()) * eps * st.T);
      QCOMPARE(log.t.back(), st.T);
      std::int64_t rejected = 0;
      for (int n : log.rejectedCount) rejected += n;
      QCOMPARE(rejected, log.counters.rejected);
      QCOMPARE(log.rejectedBefore.size(), log.rejectedCount.size());
      for (std::size_t i = 0; i < log.rejectedBefore.size(); ++i) {
        QVERIFY(log.rejectedBefore[i] < log.t.size());
        if (i) QVERIFY(log.rejectedBefore[i] > log.rejectedBefore[i - 1]);
        QVERIFY(log.rejectedCount[i] > 0);
      }
    }
    // the dumbbell's article run rejects a few steps (6 of 288 attempts): the marking is used
    const dms::SystemModel* dumbbell = dms::findSystem("dumbbell");
    const dms::StepLog marked = dms::logSteps(*dumbbell, dumbbell->normalize({}, nullptr),
                                              dms::Method::Rk45, dumbbell->defaultSettings());
    QVERIFY(marked.counters.rejected > 0 && !marked.rejectedBefore.empty());
    // a cancel before the first step: nothing logged, and said so
    const std::atomic<bool> cancel{true};
    const dms::StepLog none =
        dms::logSteps(*dumbbell, dumbbell->normalize({}, nullptr), dms::Method::Rk45,
                      dumbbell->defaultSettings(), &cancel);
    QVERIFY(none.cancelled && none.t.empty());
    QVERIFY_THROWS_EXCEPTION(dms::InputError, dms::logSteps(*dms::findSystem("mass-spring"), {},
                                                            dms::Method::Variational, {}));
  }
};

DMS_TEST_GUILESS_MAIN(TestLongTime)
}  // namespace tst_longtime
#include "tst_longtime.moc"
