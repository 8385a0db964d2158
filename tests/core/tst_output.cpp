// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The output a caller chooses (core/sim/output.h): on every system with vi and rk45 (or the
// methods it has), every k-th sample and the final one only end in the same state, bit for
// bit, and leave the same summary as a run that stores every step, keeping ceil(N/k) + 1
// samples, the first and the last; at given times RK45 gives its dense output (its samples at
// k h with sampling "output", bit for bit) and a fixed-step run the events' cubic through its
// samples, its named state on SO(3); bad choices are refused naming the field and the range.
#include <QtTest>
#include <cmath>

#include "core/sim/output.h"
#include "core/sim/registry.h"
#include "core/sim/summary.h"
#include "tests/common/suitemain.h"

namespace tst_output {

using namespace dms;

struct Collect final : SampleSink {
  std::vector<Sample>& out;
  explicit Collect(std::vector<Sample>& o) : out(o) {}
  void take(const Sample& s) override { out.push_back(s); }
};

struct Summarize final : SampleSink {
  RunSummary& summary;
  explicit Summarize(RunSummary& s) : summary(s) {}
  void take(const Sample& s) override { summary.add(s); }
};

struct Outcome {
  std::vector<Sample> kept;
  RunSummary summary;
};

// the run of `method` at the system's default parameters, every sample stored
Outcome storeAll(const SystemModel& model, Method method, const IntegratorSettings& st) {
  const ParamValues values = model.normalize({}, nullptr);
  Outcome o;
  o.summary = RunSummary(conservedMomentumMask(model, values));
  auto run = model.makeRun(values, method, st);
  while (run->advance(o.kept, 4096)) {
  }
  for (const Sample& s : o.kept) o.summary.add(s);
  return o;
}

// the same run through an OutputSelector
Outcome choose(const SystemModel& model, Method method, const IntegratorSettings& st,
               const OutputChoice& choice) {
  const ParamValues values = model.normalize({}, nullptr);
  Outcome o;
  o.summary = RunSummary(conservedMomentumMask(model, values));
  auto run = model.makeRun(values, method, st);
  Summarize every(o.summary);
  Collect kept(o.kept);
  OutputSelector selector(model, method, choice, *run, every, kept);
  while (run->advance(selector, 4096, SampleFields::All)) {
  }
  selector.finish();
  return o;
}

bool sameSample(const Sample& a, const Sample& b) {
  return a.t == b.t && a.state == b.state && a.energy == b.energy && a.structure == b.structure &&
         a.momentum == b.momentum;
}

void compareSummaries(const RunSummary& a, const RunSummary& b, const std::string& what) {
  const std::string w = what + ": the summary differs";
  QVERIFY2(a.samples == b.samples, w.c_str());
  QVERIFY2(a.energy0 == b.energy0, w.c_str());
  QVERIFY2(a.energyMeanDev == b.energyMeanDev, w.c_str());
  QVERIFY2(a.energyMaxDev == b.energyMaxDev, w.c_str());
  QVERIFY2(a.structureMean == b.structureMean, w.c_str());
  QVERIFY2(a.structureMax == b.structureMax, w.c_str());
  QVERIFY2(a.structure2Max == b.structure2Max, w.c_str());
  QVERIFY2(a.momentumMaxDev == b.momentumMaxDev, w.c_str());
  QVERIFY2(a.lastTime == b.lastTime, w.c_str());
}

// vi and rk45 where the system has them, else its first method and its first adaptive one
std::vector<Method> methodsOf(const SystemModel& model) {
  std::vector<Method> out;
  for (Method m : {Method::Variational, Method::Rk45})
    if (model.hasMethod(m)) out.push_back(m);
  if (out.empty()) out.push_back(model.methods().front());
  return out;
}

// a short run of the set-up: 40 steps (not a multiple of the strides below)
IntegratorSettings shortRun(const SystemModel& model) {
  IntegratorSettings st = model.defaultSettings();
  st.T = 40 * st.h;
  return st;
}

class TestOutput : public QObject {
  Q_OBJECT

 private slots:
  void strideAndFinalEndLikeEveryStep() {
    for (const SystemModel* model : allSystems()) {
      const IntegratorSettings st = shortRun(*model);
      for (Method m : methodsOf(*model)) {
        const std::string what = model->name() + " " + methodName(m);
        const Outcome all = storeAll(*model, m, st);
        QVERIFY2(all.kept.size() > 2, what.c_str());
        const std::int64_t n = std::int64_t(all.kept.size()) - 1;  // steps
        for (std::int64_t k : {1, 3, 7, 40, 1000}) {
          OutputChoice c;
          c.every = k;
          const Outcome some = choose(*model, m, st, c);
          const std::string w = what + " every " + std::to_string(k);
          // ceil(N/k) + 1: samples 0, k, 2k, ... and the last
          QVERIFY2(std::int64_t(some.kept.size()) == (n + k - 1) / k + 1, w.c_str());
          QCOMPARE(some.kept.size(), keptSampleCount(c, n));
          for (std::size_t i = 0; i + 1 < some.kept.size(); ++i)
            QVERIFY2(sameSample(some.kept[i], all.kept[i * std::size_t(k)]), w.c_str());
          QVERIFY2(sameSample(some.kept.back(), all.kept.back()), w.c_str());
          compareSummaries(some.summary, all.summary, w);
        }
        OutputChoice final;
        final.finalOnly = true;
        const Outcome last = choose(*model, m, st, final);
        QCOMPARE(last.kept.size(), std::size_t(1));
        QVERIFY2(sameSample(last.kept.front(), all.kept.back()), what.c_str());
        compareSummaries(last.summary, all.summary, what + " final only");
      }
    }
  }

  void rk45AtGivenTimesIsItsDenseOutput() {
    for (const char* name : {"spherical-pendulum", "pendulum-3d", "mass-spring"}) {
      const SystemModel& model = *findSystem(name);
      for (Method m : {Method::Rk45, Method::Rk45Proj}) {
        if (!model.hasMethod(m)) continue;
        IntegratorSettings st = shortRun(model);
        st.sampling = RkSampling::Output;
        const Outcome all = storeAll(model, m, st);
        // some of the output times k h (the last one N h): the run's own interpolant there
        std::vector<double> times;
        std::vector<std::size_t> at;
        for (std::size_t k : {std::size_t(0), std::size_t(1), std::size_t(13), std::size_t(14),
                              all.kept.size() - 1}) {
          times.push_back(all.kept[k].t);
          at.push_back(k);
        }
        OutputChoice c;
        c.times = times;
        const Outcome some = choose(model, m, st, c);
        const std::string what = std::string(name) + " " + methodName(m);
        QCOMPARE(some.kept.size(), times.size());
        for (std::size_t i = 0; i < at.size(); ++i)
          QVERIFY2(sameSample(some.kept[i], all.kept[at[i]]), what.c_str());
        compareSummaries(some.summary, all.summary, what + " t_eval");
      }
    }
  }

  void fixedStepAtGivenTimesIsTheCubic() {
    for (const char* name : {"pendulum-3d", "mass-spring", "spherical-pendulum"}) {
      const SystemModel& model = *findSystem(name);
      const IntegratorSettings st = shortRun(model);
      const Outcome all = storeAll(model, Method::Variational, st);
      const double h = st.h;
      // between samples (at the start too, where the cubic has fewer points), and at samples
      const std::vector<double> times = {0.0,      0.25 * h,       1.5 * h,   2.5 * h,
                                         10.7 * h, all.kept[20].t, 33.01 * h, all.kept.back().t};
      OutputChoice c;
      c.times = times;
      const ParamValues values = model.normalize({}, nullptr);
      auto run = model.makeRun(values, Method::Variational, st);
      RunSummary summary;
      Summarize every(summary);
      std::vector<Sample> kept;
      Collect keep(kept);
      OutputSelector selector(model, Method::Variational, c, *run, every, keep);
      while (run->advance(selector, 4096, SampleFields::All)) {
      }
      selector.finish();
      QCOMPARE(kept.size(), times.size());
      for (std::size_t i = 0; i < times.size(); ++i) {
        const double t = times[i];
        // the cubic through the samples up to the first at or after t: the last four of them
        CubicInterpolant cubic(model, Method::Variational);
        std::size_t k = 0;
        while (all.kept[k].t < t) cubic.push(all.kept[k++]);
        cubic.push(all.kept[k]);
        if (all.kept[k].t == t) {
          QVERIFY2(sameSample(kept[i], all.kept[k]), name);
        } else {
          Sample expected;
          cubic.at(t, expected);
          QVERIFY2(sameSample(kept[i], expected), name);
          QCOMPARE(kept[i].t, t);
        }
        // the named state on the manifold: a rotation to the SVD's round-off (a few eps)
        for (const StatePart& p : selector.namedStateOf(kept[i])) {
          if (p.shape != std::vector<int>{3, 3}) continue;
          Matrix3d R;
          for (int r = 0; r < 3; ++r)
            for (int col = 0; col < 3; ++col) R(r, col) = p.values[std::size_t(3 * r + col)];
          QVERIFY2((R.transpose() * R - Matrix3d::Identity()).norm() < 1e-14, name);
        }
      }
    }
  }

  void badChoicesAreNamed() {
    const auto refusal = [](const OutputChoice& c) -> std::string {
      try {
        validateOutput(c, 10.0, 10.0, {});
      } catch (const InputError& e) {
        return e.what();
      }
      return {};
    };
    OutputChoice c;
    QVERIFY(refusal(c).empty());
    c.every = 0;
    QVERIFY(refusal(c).find("every = 0: must be a whole number >= 1") != std::string::npos);
    c.every = 2;
    c.finalOnly = true;
    QVERIFY(refusal(c).find("every and final_only exclude each other") != std::string::npos);
    c = {};
    c.times = std::vector<double>{0.5, 0.2};
    QVERIFY(refusal(c).find("t_eval[1] = 0.2: the times must be sorted") != std::string::npos);
    c.times = std::vector<double>{0.5, 11};
    QVERIFY(refusal(c).find("t_eval[1] = 11: out of range; the times must be in [0, 10]") !=
            std::string::npos);
    c.times = std::vector<double>{-1};
    QVERIFY(refusal(c).find("t_eval[0] = -1: out of range") != std::string::npos);
    c.times = std::vector<double>{std::nan("")};
    QVERIFY(refusal(c).find("t_eval[0] = nan: must be finite") != std::string::npos);
    c.times = std::vector<double>{};
    QVERIFY(refusal(c).find("t_eval: is empty") != std::string::npos);
    c.times = std::vector<double>{1};
    c.every = 3;
    c.finalOnly = true;
    QVERIFY(refusal(c).find("every, t_eval and final_only exclude each other") !=
            std::string::npos);
  }
};

DMS_TEST_APPLESS_MAIN(TestOutput)
}  // namespace tst_output
#include "tst_output.moc"
