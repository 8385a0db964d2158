// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The chain of n spherical pendula: with n = 1 the spherical pendulum, the orders of vi, vi4 and
// rk4, the vertical angular momentum and the energy of vi over 1e5 steps, bad input named.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/fit.h"
#include "core/sim/registry.h"
#include "core/systems/pendulumchain.h"
#include "core/systems/sphericalpendulum.h"
#include "tests/common/suitemain.h"

namespace tst_pendulumchain {

using namespace dms;

constexpr double kEps = std::numeric_limits<double>::epsilon();

std::vector<Sample> runAll(const std::string& system, Method m, const IntegratorSettings& st,
                           const ParamValues& values = {}) {
  const SystemModel* model = findSystem(system);
  std::unique_ptr<Run> run = model->makeRun(model->normalize(values, nullptr), m, st);
  std::vector<Sample> out;
  while (run->advance(out, 1 << 16)) {
  }
  if (run->failure().failed) qWarning("%s", run->failure().reason.c_str());
  return out;
}

std::string refusal(const ParamValues& v, const IntegratorSettings& st = {}) {
  const SystemModel* chain = findSystem("pendulum-chain");
  try {
    chain->makeRun(chain->normalize(v, nullptr), Method::Variational, st);
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// three links of different masses and lengths, out of any plane, with a vertical angular
// momentum
ParamValues threeLinks() {
  return {{"n", {3}},
          {"m_1", {1.0}},
          {"m_2", {0.5}},
          {"m_3", {2.0}},
          {"l_1", {1.0}},
          {"l_2", {0.7}},
          {"l_3", {1.3}},
          {"q0_1", {0.6, 0, 0.8}},
          {"q0_2", {0, 1, 0}},
          {"q0_3", {-1, 0, 0}},
          {"omega0_1", {0, 0, 0.5}},
          {"omega0_2", {0, 0, -1}},
          {"omega0_3", {0, 1, 0}}};
}

// The error of a chain's final state against a reference: S^2 angles and omegas (stateError)
double finalError(Method m, double h, double T, const Sample& ref, const ParamValues& v) {
  IntegratorSettings st;
  st.h = h;
  st.T = T;
  const std::vector<Sample> s = runAll("pendulum-chain", m, st, v);
  return findSystem("pendulum-chain")->stateError(s.back(), ref).norm();
}

class TestPendulumChain : public QObject {
  Q_OBJECT
 private slots:
  // With n = 1 the chain's discrete Lagrangian and its update are the article's (35)-(36) times
  // m l^2 (pi = m l^2 omega): the same map, so the two runs differ by round-off only. Each step
  // rounds differently (pi / (m l^2) against omega), a few eps per step; the pendulum is
  // integrable, so those errors add up at most linearly in the phase, and over N = 2000 steps
  // the states agree within N^2 eps ~ 1e-9 (the rounding of each step, ~eps, shifting the
  // phase by N eps per step at worst). A wrong sign or factor in any term is off by O(h).
  void oneLinkIsTheSphericalPendulum() {
    const SphericalPendulumParams sp;
    const ParamValues v = {{"n", {1}},
                           {"g", {sp.g}},
                           {"m_1", {sp.m}},
                           {"l_1", {sp.l}},
                           {"q0_1", {sp.q0.x(), sp.q0.y(), sp.q0.z()}},
                           {"omega0_1", {sp.omega0.x(), sp.omega0.y(), sp.omega0.z()}}};
    IntegratorSettings st;
    st.h = 0.05;
    st.T = 100.0;
    st.summation = Summation::Plain;
    const int N = int(st.steps());
    const std::vector<Sample> a = runAll("pendulum-chain", Method::Variational, st, v);
    const std::vector<Sample> b = runAll("spherical-pendulum", Method::Variational, st);
    QCOMPARE(a.size(), b.size());
    double worst = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      worst = std::max(worst, (a[k].state - b[k].state).lpNorm<Eigen::Infinity>());
      worst = std::max(worst, std::fabs(a[k].energy - b[k].energy) / (sp.m * sp.g * sp.l));
    }
    QVERIFY2(worst < double(N) * N * kEps, qPrintable(QString::number(worst)));
    // and the drawn bob is the pendulum's
    QVERIFY((a.back().position - b.back().position).norm() < double(N) * N * kEps * sp.l);
  }

  void orders_data() {
    QTest::addColumn<int>("method");
    QTest::addColumn<double>("order");
    QTest::addColumn<double>("h0");
    QTest::newRow("vi") << int(Method::Variational) << 2.0 << 0.02;
    QTest::newRow("vi4") << int(Method::Vi4) << 4.0 << 0.005;
    QTest::newRow("rk4") << int(Method::Rk4) << 4.0 << 0.005;
  }
  // vi is a symmetric variational integrator of a second-order discrete Lagrangian: order 2;
  // vi4, its triple jump, and rk4: order 4. The least-squares slope of log(error) over log(h)
  // across 4 halvings must be the order within 0.2. Three links over T = 1 turn at up to
  // 10 rad/s: the errors are in the asymptotic regime (successive ratios 2^p within 10%) from
  // h = 0.02 on for vi and from h = 0.005 on for the fourth-order methods, whose smallest
  // error, ~5e-9, is far above the reference's (RK45 at rtol 1e-13).
  void orders() {
    QFETCH(int, method);
    QFETCH(double, order);
    QFETCH(double, h0);
    const double T = 1.0;
    const ParamValues v = threeLinks();
    IntegratorSettings rs;
    rs.h = rs.T = T;
    rs.rtol = 1e-13;
    rs.atol = 1e-15;
    const Sample ref = runAll("pendulum-chain", Method::Rk45, rs, v).back();
    std::vector<double> lh, le;
    for (double h = h0; h > h0 / 17; h /= 2) {
      lh.push_back(std::log(h));
      le.push_back(std::log(finalError(Method(method), h, T, ref, v)));
    }
    const double p = leastSquaresSlope(lh, le);
    QVERIFY2(std::fabs(p - order) < 0.2, qPrintable(QString("observed order %1").arg(p)));
  }

  // e3.sum_i pi_i changes only by rounding: each step adds n increments whose vertical parts
  // cancel exactly in exact arithmetic, each addition rounding by at most eps/2 of the sum it
  // makes, and the n-term sums of the increments by at most n eps of their (smaller) terms. So
  // over N steps |Lz - Lz0| <= N n 2 eps P, P the largest |pi_i| seen: a worst case, linear in
  // N (compensated sums walk as sqrt(N)). A step that breaks the pairwise cancellation (a wrong
  // coupling term) drifts by O(h^2) per step, far above it.
  void verticalMomentumToRoundOff_data() {
    QTest::addColumn<bool>("compensated");
    QTest::newRow("plain") << false;
    QTest::newRow("compensated") << true;
  }
  void verticalMomentumToRoundOff() {
    QFETCH(bool, compensated);
    const PendulumChainParams p =
        PendulumChainParams::from(findSystem("pendulum-chain")->normalize(threeLinks(), nullptr));
    PendulumChainState x;
    x.n = p.n;
    ChainMat A;
    pendulumChainMatrix(p, p.q0, A);
    ChainVec w(3 * p.n);
    for (int i = 0; i < p.n; ++i) w.segment<3>(3 * i) = p.omega0[i];
    const ChainVec pi = A * w;
    for (int i = 0; i < p.n; ++i) {
      x.q[i] = p.q0[i];
      x.pi[i] = pi.segment<3>(3 * i);
    }
    const auto Lz = [&] {
      double s = 0.0;
      for (int i = 0; i < p.n; ++i) s += x.pi[i].z();
      return s;
    };
    const double L0 = Lz();
    QVERIFY(std::fabs(L0) > 0.1);  // a motion that has one
    const int N = 100000;
    double worst = 0.0, P = 0.0, unit = 0.0;
    for (int k = 0; k < N; ++k) {
      std::string why;
      QVERIFY2(pendulumChainStep(p, 0.005, x, compensated, nullptr, &why), why.c_str());
      worst = std::max(worst, std::fabs(Lz() - L0));
      for (int i = 0; i < p.n; ++i) {
        P = std::max(P, x.pi[i].norm());
        unit = std::max(unit, std::fabs(1.0 - x.q[i].squaredNorm()));
      }
    }
    const double bound = double(N) * p.n * 2 * kEps * P;
    QVERIFY2(worst <= bound, qPrintable(QString("%1 > %2").arg(worst).arg(bound)));
    // |q_i| = 1 by the Cayley form: the same worst-case bound on 1 - |q_i|^2
    QVERIFY2(unit <= double(N) * 2 * kEps, qPrintable(QString::number(unit)));
  }

  // A symplectic map keeps a modified energy within O(h^p) of E for exponentially long times
  // (Hairer, Lubich and Wanner IX.8), chaotic motion included: the energy error oscillates and
  // does not grow. Over 1e5 steps of the default double pendulum its largest deviation in the
  // last tenth is within twice its largest in the first tenth, and below the modified energy's
  // h^2 scale (h^2 |E| scaled by the squared fastest rate, here (g/l)(1 + speeds), < 0.05).
  // RK4, whose error grows with t, fails this (its last tenth is 15x its first).
  void energyBounded() {
    IntegratorSettings st;
    st.h = 0.005;
    st.T = 500.0;
    const std::vector<Sample> s = runAll("pendulum-chain", Method::Variational, st);
    QCOMPARE(s.size(), std::size_t(100001));
    const double E0 = s.front().energy;
    const std::size_t tenth = s.size() / 10;
    double first = 0.0, last = 0.0;
    for (std::size_t k = 0; k < tenth; ++k) first = std::max(first, std::fabs(s[k].energy - E0));
    for (std::size_t k = s.size() - tenth; k < s.size(); ++k)
      last = std::max(last, std::fabs(s[k].energy - E0));
    QVERIFY2(last <= 2 * first, qPrintable(QString("%1 > 2 x %2").arg(last).arg(first)));
    QVERIFY2(last < 0.05, qPrintable(QString::number(last)));
  }

  // n, lengths and masses named with their ranges; a step too large for the implicit equation
  // named as --h
  void badInputNamed() {
    QVERIFY(contains(refusal({{"n", {0}}}), "'n' = 0"));
    QVERIFY(contains(refusal({{"n", {0}}}), "[1, 8]"));
    QVERIFY(contains(refusal({{"n", {9}}}), "'n' = 9"));
    QVERIFY(contains(refusal({{"n", {9}}}), "[1, 8]"));
    QVERIFY(contains(refusal({{"n", {3}}, {"l_3", {0}}}), "'l_3' = 0"));
    QVERIFY(contains(refusal({{"n", {3}}, {"l_3", {0}}}), "(0, 1e+06]"));
    QVERIFY(contains(refusal({{"m_2", {-1}}}), "'m_2' = -1"));
    QVERIFY(contains(refusal({{"m_2", {-1}}}), "(0, 1e+06]"));
    QVERIFY(contains(refusal({{"q0_1", {0, 0, 0}}}), "'q0_1'"));
    // a link beyond n does not exist
    QVERIFY(contains(refusal({{"m_3", {1}}}), "m_3"));
    IntegratorSettings st;
    st.h = 1.0;
    const std::string big = refusal({}, st);
    QVERIFY2(contains(big, "--h 1") && contains(big, "too large"), big.c_str());
    st.h = 0.01;
    QVERIFY(refusal({}, st).empty());
  }

  // a q0 not of unit length is scaled and an omega0 not tangent projected, each with a warning
  void normalizedWithWarnings() {
    std::vector<std::string> warnings;
    const ParamValues v =
        findSystem("pendulum-chain")
            ->normalize({{"q0_2", {0, 0, 2}}, {"omega0_2", {1, 0, 1}}}, &warnings);
    QCOMPARE(v.at("q0_2"), (std::vector<double>{0, 0, 1}));
    QCOMPARE(v.at("omega0_2"), (std::vector<double>{1, 0, 0}));
    QCOMPARE(warnings.size(), std::size_t(2));
  }

  // the same rule on every system on spheres (what the app shows, which calls normalize
  // itself): a q0 not of unit length is scaled with a warning that names it
  void everySphereSaysItScalesQ0_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("q0");
    QTest::newRow("spherical-pendulum") << "spherical-pendulum"
                                        << "q0";
    QTest::newRow("custom-sphere-particle") << "custom-sphere-particle"
                                            << "q0";
    QTest::newRow("pendulum-chain") << "pendulum-chain"
                                    << "q0_1";
  }
  void everySphereSaysItScalesQ0() {
    QFETCH(QString, system);
    QFETCH(QString, q0);
    std::vector<std::string> warnings;
    const ParamValues v =
        findSystem(system.toStdString())->normalize({{q0.toStdString(), {0, 0, 2}}}, &warnings);
    QCOMPARE(v.at(q0.toStdString()), (std::vector<double>{0, 0, 1}));
    const std::string said = q0.toStdString() + " has length 2: scaled to 1";
    QVERIFY2(std::find(warnings.begin(), warnings.end(), said) != warnings.end(), said.c_str());
  }

  // one pose per bob, each at the sum of the rods before it, its attitude turning e3 onto q_i
  void bodiesAreTheBobs() {
    const SystemModel* chain = findSystem("pendulum-chain");
    const ParamValues v = chain->normalize(threeLinks(), nullptr);
    IntegratorSettings st;
    st.h = 0.01;
    st.T = 0.5;
    const Sample s = runAll("pendulum-chain", Method::Variational, st, v).back();
    const std::vector<BodyPose> poses = chain->bodyPoses(v, s);
    QCOMPARE(poses.size(), std::size_t(3));
    QVERIFY((poses.back().position - s.position).norm() < 1e-14);
    const Vector3d q2 = s.state.segment<3>(3);
    QVERIFY((poses[1].position - poses[0].position - 0.7 * q2).norm() < 1e-14);
    QVERIFY((poses[1].attitude * Vector3d::UnitZ() - q2).norm() < 1e-14);
  }
};

DMS_TEST_APPLESS_MAIN(TestPendulumChain)
}  // namespace tst_pendulumchain
#include "tst_pendulumchain.moc"
