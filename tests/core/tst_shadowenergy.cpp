// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// core/analysis: the shadow (modified) energy of variational runs (shadowenergy.h), tested by
// what the construction promises: exact conservation for a quadratic H up to rounding, a
// shadow energy far flatter than E on the pendulum, a variation that falls with h at the
// construction's order, higher orders flatter than lower ones.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/fit.h"
#include "core/sim/registry.h"
#include "core/sim/shadowenergy.h"
#include "core/systems/typedpotential.h"
#include "tests/common/suitemain.h"

namespace tst_shadowenergy {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

struct RunOf {
  ParamValues values;
  IntegratorSettings settings;
  std::vector<Sample> samples;
};

// a whole run of `method`, at the system's article set-up unless h and T are given
RunOf runOf(const SystemModel* model, Method method, double h = 0, double T = 0,
            const ParamValues& given = {}) {
  RunOf r;
  r.values = model->normalize(given, nullptr);
  r.settings = model->defaultSettings();
  if (h > 0) r.settings.h = h;
  if (T > 0) r.settings.T = T;
  std::unique_ptr<Run> run = model->makeRun(r.values, method, r.settings);
  while (run->advance(r.samples, 1 << 16)) {
  }
  if (run->failure().failed) qWarning("%s", run->failure().reason.c_str());
  return r;
}

RunOf runOf(const std::string& system, Method method, double h = 0, double T = 0) {
  return runOf(findSystem(system), method, h, T);
}

double variation(const std::vector<double>& v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

double energyVariation(const std::vector<Sample>& s) {
  std::vector<double> e;
  for (const Sample& x : s) e.push_back(x.energy);
  return variation(e);
}

ShadowEnergySeries shadowOf(const std::string& system, const RunOf& r, int order,
                            Method method = Method::Variational) {
  return shadowEnergyOfRun(system, r.values, method, r.settings.h, r.samples, order);
}

// the sum of |c_ab| over a stencil's weights is below 3 for every order (at most 2.45, k = 6)
constexpr double kWeightSum = 3.0;

class TestShadowEnergy : public QObject {
  Q_OBJECT
 private slots:
  // value[i] comes from samples i..i+k and sits at their centre: the first and last k/2
  // samples have no value for orders 4, 8, 12; orders 2, 6, 10 sit between samples
  void layout() {
    const RunOf r = runOf("mass-spring", Method::Variational, 0.1, 1.0);
    QCOMPARE(r.samples.size(), std::size_t(11));
    for (int order : shadowOrders()) {
      const ShadowEnergySeries s = shadowOf("mass-spring", r, order);
      const std::size_t k = std::size_t(order / 2);
      QCOMPARE(s.order, order);
      QCOMPARE(s.value.size(), r.samples.size() - k);
      QCOMPARE(s.t.size(), s.value.size());
      QVERIFY(std::fabs(s.t.front() - 0.05 * double(k)) < 1e-12);
      QVERIFY(std::fabs(s.t.back() - (1.0 - 0.05 * double(k))) < 1e-12);
    }
    const RunOf few = runOf("mass-spring", Method::Variational, 0.1, 0.3);
    QVERIFY(shadowOf("mass-spring", few, 8).value.empty());
  }

  // The mass-spring's vi is the midpoint rule: a linear symplectic map, the time-h flow of
  // H~ = (phi/(w h)) H, tan(phi/2) = w h/2, w^2 = kappa/m. L_d is a quadratic form, so each
  // w(a, b) is a symplectic form of two states of the orbit and depends on b - a only: every
  // order is exactly conserved, and only rounding moves it. Rounding a sample by eps |q|, eps |p|
  // moves a w(a, b) by at most 8 eps |q| |p| (two products in the chord, the action's
  // (m/h) dq d(dq) and (h kappa) q dq terms), and |q| |p| <= 2 E / w on the orbit, so one value
  // moves by at most sum |c| 8 eps (2E/w) / (2h); the trajectory's own rounding moves H~ and E
  // alike (H~ is proportional to E for this map), hence the second term of the bound.
  void massSpringExact() {
    const RunOf r = runOf("mass-spring", Method::Variational);  // h = 0.035, T = 200 pi
    const double m = r.values.at("m")[0], kappa = r.values.at("kappa")[0];
    const double w = std::sqrt(kappa / m), wh = w * r.settings.h;
    const double E = r.samples.front().energy, ratio = 2 * std::atan(0.5 * wh) / wh;
    const double varE = energyVariation(r.samples);
    const double bound =
        2 * kWeightSum * 8 * kEps * (2 * E / w) / (2 * r.settings.h) + ratio * varE;
    for (int order : shadowOrders()) {
      const ShadowEnergySeries s = shadowOf("mass-spring", r, order);
      const double v = variation(s.value);
      qInfo("mass-spring order %2d: variation %.3g (E %.3g), bound %.3g", order, v, varE, bound);
      QVERIFY(v <= bound);
    }
  }

  // The value is H~ + O(h^2k): the Richardson sum's first neglected term is
  // sum c d^(2k+1) (w h)^(2k) E / (2k+1)!-sized, far below (w h)^(2k) E, plus the rounding bound
  // of massSpringExact.
  void massSpringValue() {
    const RunOf r = runOf("mass-spring", Method::Variational);
    const double m = r.values.at("m")[0], kappa = r.values.at("kappa")[0];
    const double w = std::sqrt(kappa / m), wh = w * r.settings.h;
    const double E = r.samples.front().energy, exact = 2 * std::atan(0.5 * wh) / wh * E;
    const double rounding = 2 * kWeightSum * 8 * kEps * (2 * E / w) / (2 * r.settings.h);
    for (int order : shadowOrders()) {
      const ShadowEnergySeries s = shadowOf("mass-spring", r, order);
      const double miss = std::fabs(s.value[s.value.size() / 2] - exact);
      qInfo("mass-spring order %2d: |H~_[%d] - H~| = %.3g", order, order, miss);
      QVERIFY(miss <= std::pow(wh, order) * E + rounding);
    }
  }

  // The article's pendulum (example 2): E oscillates by O(h^2) (H - H~ = h^2 H_2 + ...), the
  // shadow energy of order 4 and above by O(h^4) or less; with w h = 0.03 that is a factor
  // of order 1e-3 at least, so a tenth is a safe margin.
  void pendulumFlatterThanE() {
    const RunOf r = runOf("planar-pendulum", Method::Variational);  // h = 0.03, T = 1000
    const double varE = energyVariation(r.samples);
    for (int order : shadowOrders()) {
      if (order < 4) continue;
      const double v = variation(shadowOf("planar-pendulum", r, order).value);
      qInfo("pendulum order %2d: variation %.3g, E %.3g", order, v, varE);
      QVERIFY(v * 10 <= varE);
    }
  }

  // The variation is C h^2k (1 + O(h^2)) until rounding takes over: the least-squares slope of
  // log(variation) over log(h) at h = 0.2, 0.1, 0.05 is 2k within 0.3 (the O(h^2) term's share
  // at w h <= 0.2, w = sqrt(g/l) = 1, changes the slope by less than that). Orders 10 and 12
  // reach rounding (about 1e-12 of an energy scale m g l = 96) within this range: not here.
  void convergenceOrder_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<int>("method");
    QTest::addColumn<int>("order");
    for (int order : {2, 4, 6, 8}) {
      const QByteArray o = QByteArray::number(order);
      QTest::newRow("planar vi " + o) << "planar-pendulum" << int(Method::Variational) << order;
    }
    for (int order : {2, 4, 6}) {
      const QByteArray o = QByteArray::number(order);
      QTest::newRow("sphere vi " + o) << "spherical-pendulum" << int(Method::Variational) << order;
      QTest::newRow("sphere rattle " + o) << "spherical-pendulum" << int(Method::Rattle) << order;
    }
  }
  void convergenceOrder() {
    QFETCH(QString, system);
    QFETCH(int, method);
    QFETCH(int, order);
    const std::string sys = system.toStdString();
    std::vector<double> lh, lv;
    for (double h : {0.2, 0.1, 0.05}) {
      const RunOf r = runOf(sys, Method(method), h, 60.0);
      const double v = variation(shadowOf(sys, r, order, Method(method)).value);
      lh.push_back(std::log(h));
      lv.push_back(std::log(v));
    }
    const double slope = leastSquaresSlope(lh, lv);
    qInfo("%s order %d: slope %.3f", qPrintable(system), order, slope);
    QVERIFY2(std::fabs(slope - order) < 0.3, qPrintable(QString("slope %1").arg(slope)));
  }

  // Each order removes two more powers of h: at h = 0.2 (w h = 0.2) every order's variation is
  // below the previous one's; at the article's set-up the orders 4 and 8 are each at least ten
  // times flatter than the order two below them... until rounding: order 8 is compared with 4.
  void higherOrderFlatter() {
    const RunOf coarse = runOf("planar-pendulum", Method::Variational, 0.2, 60.0);
    double previous = energyVariation(coarse.samples);
    for (int order : shadowOrders()) {
      const double v = variation(shadowOf("planar-pendulum", coarse, order).value);
      qInfo("pendulum h = 0.2 order %2d: variation %.3g", order, v);
      QVERIFY(v < previous);
      previous = v;
    }
    const RunOf article = runOf("planar-pendulum", Method::Variational);
    const double v2 = variation(shadowOf("planar-pendulum", article, 2).value);
    const double v4 = variation(shadowOf("planar-pendulum", article, 4).value);
    const double v8 = variation(shadowOf("planar-pendulum", article, 8).value);
    QVERIFY(v4 * 10 <= v2);
    QVERIFY(v8 * 10 <= v4);
  }

  // the unwrapped angle: a pendulum that goes over the top keeps a continuous theta, and the
  // shadow energy stays flat across the jumps of atan2 at +-pi
  void rotatingPendulum() {
    const SystemModel* model = findSystem("planar-pendulum");
    RunOf r;
    r.values = model->normalize({{"omega0", {2.5}}}, nullptr);  // E > m g l: it rotates
    r.settings = model->defaultSettings();
    r.settings.T = 100;
    std::unique_ptr<Run> run = model->makeRun(r.values, Method::Variational, r.settings);
    while (run->advance(r.samples, 1 << 16)) {
    }
    const CanonicalTrajectory x = canonicalTrajectory("planar-pendulum", r.values,
                                                      Method::Variational, r.settings.h, r.samples);
    QVERIFY(x.q.back()[0] > 10.0);  // several turns
    const double v = variation(shadowOf("planar-pendulum", r, 4).value);
    qInfo("rotating pendulum: E variation %.3g, order 4 %.3g", energyVariation(r.samples), v);
    QVERIFY(v * 10 <= energyVariation(r.samples));
  }

  // On the systems beyond the article, the order-4 shadow energy of vi from the samples: its
  // variation falls as h^4 where E's falls as h^2 (least-squares slopes over h, h/2, h/4 within
  // 0.3 of 4 and 2: the next term of each, relative O(h^2), moves a slope by less than that at
  // these steps). The h are each system's own scale: a tenth to a fifth of its fastest period,
  // large enough that the order-4 variation stays above rounding (eps E / h^2 from the division
  // by 2h of actions of size E h).
  void orderFourBeyondTheArticle_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("potential");
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("h");
    QTest::addColumn<double>("T");
    const int vi = int(Method::Variational), rattle = int(Method::Rattle);
    // a particle on a sphere in a field with no symmetry (typed)
    const QString typed = "k*q1*q3 + 5*q2^2 - m*9.81*l*q3";
    QTest::newRow("custom-sphere-particle vi")
        << "custom-sphere-particle" << typed << vi << 0.2 << 30.0;
    QTest::newRow("custom-sphere-particle rattle")
        << "custom-sphere-particle" << typed << rattle << 0.2 << 30.0;
    QTest::newRow("pendulum-chain vi") << "pendulum-chain" << QString() << vi << 0.04 << 5.0;
    QTest::newRow("pendulum-3d vi") << "pendulum-3d" << QString() << vi << 0.04 << 10.0;
    QTest::newRow("custom-rigid-body vi")
        << "custom-rigid-body"
        << "-9.81*(R31*0.1 + R33*0.3) + 2*R12^2" << vi << 0.04 << 10.0;
    QTest::newRow("dumbbell vi") << "dumbbell" << QString() << vi << 0.4 << 40.0;
    // the binary asteroid KW4: an orbit of 17.4 h, the primary's spin 2.8 h
    QTest::newRow("two-body vi") << "two-body" << QString() << vi << 480.0 << 86400.0;
  }
  void orderFourBeyondTheArticle() {
    QFETCH(QString, system);
    QFETCH(QString, potential);
    QFETCH(int, method);
    QFETCH(double, h);
    QFETCH(double, T);
    const SystemModel* base = findSystem(system.toStdString());
    std::shared_ptr<const SystemModel> typed;
    ParamValues given;
    if (!potential.isEmpty()) {
      typed = withPotential(*base, potential.toStdString());
      // the free symbols the typed potential declares (k), which have no default
      for (const std::string& p : typedPotential(*typed)->potential().parameters) given[p] = {3.0};
    }
    const SystemModel* model = typed ? typed.get() : base;
    std::vector<double> lh, lH, lE;
    for (const double step : {h, h / 2, h / 4}) {
      const RunOf r = runOf(model, Method(method), step, T, given);
      const ShadowEnergySeries s =
          shadowEnergyOfRun(*model, r.values, Method(method), step, r.samples, 4);
      const double vH = variation(s.value), vE = energyVariation(r.samples);
      qInfo("%s h = %g: E varies by %.3g, H~_4 by %.3g", qPrintable(system), step, vE, vH);
      lh.push_back(std::log(step));
      lH.push_back(std::log(vH));
      lE.push_back(std::log(vE));
    }
    const double slopeH = leastSquaresSlope(lh, lH), slopeE = leastSquaresSlope(lh, lE);
    qInfo("%s: slopes E %.3f, H~_4 %.3f", qPrintable(system), slopeE, slopeH);
    QVERIFY2(std::fabs(slopeE - 2) < 0.3, qPrintable(QString("E slope %1").arg(slopeE)));
    QVERIFY2(std::fabs(slopeH - 4) < 0.3, qPrintable(QString("H~ slope %1").arg(slopeH)));
  }

  // what dmsim, dms and the app read as a run goes: the stream gives the whole run's values bit
  // for bit, on a system of each kind
  void streamIsTheWholeRun() {
    for (const char* system : {"planar-pendulum", "pendulum-chain", "dumbbell"}) {
      const SystemModel* model = findSystem(system);
      const RunOf r = runOf(system, Method::Variational, 0, 100 * model->defaultSettings().h);
      const ShadowEnergySeries whole =
          shadowEnergyOfRun(*model, r.values, Method::Variational, r.settings.h, r.samples, 4);
      ShadowEnergyStream stream(
          model->shadowConstruction(r.values, Method::Variational, r.settings.h), r.settings.h, 4);
      std::vector<double> t, v;
      double maxDev = 0.0;
      for (const Sample& s : r.samples)
        if (stream.take(s)) {
          t.push_back(stream.time());
          v.push_back(stream.value());
          maxDev = std::max(maxDev, std::fabs(v.back() - v.front()));
        }
      QCOMPARE(v.size(), whole.value.size());
      QVERIFY(v == whole.value);
      QVERIFY(t == whole.t);
      QCOMPARE(stream.values(), std::int64_t(v.size()));
      QCOMPARE(stream.maxDev(), maxDev);
    }
  }

  void availability() {
    QVERIFY(shadowEnergyAvailability("mass-spring", Method::Variational).available);
    QVERIFY(shadowEnergyAvailability("planar-pendulum", Method::Variational).available);
    QVERIFY(shadowEnergyAvailability("spherical-pendulum", Method::Variational).available);
    QVERIFY(shadowEnergyAvailability("spherical-pendulum", Method::Rattle).available);
    // every system whose vi is variational has one, and every reason is in a user's words
    for (const SystemModel* m : allSystems()) {
      const ShadowAvailability vi = shadowEnergyAvailability(m->name(), Method::Variational);
      QVERIFY2(vi.available, vi.reason.c_str());
      for (Method method : m->methods()) {
        const ShadowAvailability a = shadowEnergyAvailability(m->name(), method);
        QVERIFY(a.available != !a.reason.empty());
        QVERIFY2(a.reason.find("unknown") == std::string::npos, a.reason.c_str());
      }
    }
    for (const auto& [system, method] :
         std::vector<std::pair<std::string, Method>>{{"dumbbell", Method::Rk45Quat},
                                                     {"pendulum-chain", Method::Vi4},
                                                     {"planar-pendulum", Method::Rk45},
                                                     {"mass-spring", Method::Vi4},
                                                     {"nonesuch", Method::Variational}}) {
      const ShadowAvailability a = shadowEnergyAvailability(system, method);
      QVERIFY(!a.available);
      QVERIFY(!a.reason.empty());
    }
    const RunOf r = runOf("planar-pendulum", Method::Rk45, 0.1, 1.0);
    QVERIFY_THROWS_EXCEPTION(InputError, shadowOf("planar-pendulum", r, 4, Method::Rk45));
    const RunOf vi = runOf("planar-pendulum", Method::Variational, 0.1, 1.0);
    QVERIFY_THROWS_EXCEPTION(InputError, shadowOf("planar-pendulum", vi, 3));
    QVERIFY_THROWS_EXCEPTION(InputError, shadowOf("planar-pendulum", vi, 14));
    // a non-uniform step
    CanonicalTrajectory x =
        canonicalTrajectory("planar-pendulum", vi.values, Method::Variational, 0.1, vi.samples);
    x.t[3] += 0.01;
    const DiscreteLagrangian Ld =
        discreteLagrangian("planar-pendulum", vi.values, Method::Variational, 0.1);
    QVERIFY_THROWS_EXCEPTION(InputError, shadowEnergy(x, Ld, 4));
  }
};

DMS_TEST_GUILESS_MAIN(TestShadowEnergy)
}  // namespace tst_shadowenergy
#include "tst_shadowenergy.moc"
