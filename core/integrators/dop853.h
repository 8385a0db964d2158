// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Dormand and Prince's explicit Runge-Kutta pair of order 8 with error estimators of orders 5
/// and 3 and a dense output of order 7, with the step-size control of Hairer's DOP853 (Hairer,
/// Norsett and Wanner, Solving Ordinary Differential Equations I, 2nd ed., section II.10).
///
/// Dop853T<N, Rhs> has the shape of DormandPrinceT: N fixed at compile time or Eigen::Dynamic,
/// Rhs any functor rhs(t, y, dy). A step takes 12 evaluations (the 13th, f at the new point,
/// is the next step's first); the dense output takes 3 more, made on the first interpolation
/// after a step, so a run that only reads the steps never pays for them.
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>

#include "core/types.h"

namespace dms {

namespace dop853 {

inline constexpr int kStages = 12;    // stages of the order-8 step
inline constexpr int kExtended = 16;  // with f at the new point and the 3 dense-output stages

// The nodes c_i and the coefficients a_ij of the 16 stages: 0-11 the step, 12 f(t + h, y1)
// (a_12j = b_j), 13-15 the dense output's extra stages.
inline constexpr double kC[kExtended] = {0.0,
                                         0.526001519587677318785587544488e-01,
                                         0.789002279381515978178381316732e-01,
                                         0.118350341907227396726757197510,
                                         0.281649658092772603273242802490,
                                         0.333333333333333333333333333333,
                                         0.25,
                                         0.307692307692307692307692307692,
                                         0.651282051282051282051282051282,
                                         0.6,
                                         0.857142857142857142857142857142,
                                         1.0,
                                         1.0,
                                         0.1,
                                         0.2,
                                         0.777777777777777777777777777778};

inline constexpr double kA[kExtended][kExtended - 1] = {
    {},
    {5.26001519587677318785587544488e-2},
    {1.97250569845378994544595329183e-2, 5.91751709536136983633785987549e-2},
    {2.95875854768068491816892993775e-2, 0, 8.87627564304205475450678981324e-2},
    {2.41365134159266685502369798665e-1, 0, -8.84549479328286085344864962717e-1,
     9.24834003261792003115737966543e-1},
    {3.7037037037037037037037037037e-2, 0, 0, 1.70828608729473871279604482173e-1,
     1.25467687566822425016691814123e-1},
    {3.7109375e-2, 0, 0, 1.70252211019544039314978060272e-1, 6.02165389804559606850219397283e-2,
     -1.7578125e-2},
    {3.70920001185047927108779319836e-2, 0, 0, 1.70383925712239993810214054705e-1,
     1.07262030446373284651809199168e-1, -1.53194377486244017527936158236e-2,
     8.27378916381402288758473766002e-3},
    {6.24110958716075717114429577812e-1, 0, 0, -3.36089262944694129406857109825,
     -8.68219346841726006818189891453e-1, 2.75920996994467083049415600797e1,
     2.01540675504778934086186788979e1, -4.34898841810699588477366255144e1},
    {4.77662536438264365890433908527e-1, 0, 0, -2.48811461997166764192642586468,
     -5.90290826836842996371446475743e-1, 2.12300514481811942347288949897e1,
     1.52792336328824235832596922938e1, -3.32882109689848629194453265587e1,
     -2.03312017085086261358222928593e-2},
    {-9.3714243008598732571704021658e-1, 0, 0, 5.18637242884406370830023853209,
     1.09143734899672957818500254654, -8.14978701074692612513997267357,
     -1.85200656599969598641566180701e1, 2.27394870993505042818970056734e1,
     2.49360555267965238987089396762, -3.0467644718982195003823669022},
    {2.27331014751653820792359768449, 0, 0, -1.05344954667372501984066689879e1,
     -2.00087205822486249909675718444, -1.79589318631187989172765950534e1,
     2.79488845294199600508499808837e1, -2.85899827713502369474065508674,
     -8.87285693353062954433549289258, 1.23605671757943030647266201528e1,
     6.43392746015763530355970484046e-1},
    {5.42937341165687622380535766363e-2, 0, 0, 0, 0, 4.45031289275240888144113950566,
     1.89151789931450038304281599044, -5.8012039600105847814672114227,
     3.1116436695781989440891606237e-1, -1.52160949662516078556178806805e-1,
     2.01365400804030348374776537501e-1, 4.47106157277725905176885569043e-2},
    {5.61675022830479523392909219681e-2, 0, 0, 0, 0, 0, 2.53500210216624811088794765333e-1,
     -2.46239037470802489917441475441e-1, -1.24191423263816360469010140626e-1,
     1.5329179827876569731206322685e-1, 8.20105229563468988491666602057e-3,
     7.56789766054569976138603589584e-3, -8.298e-3},
    {3.18346481635021405060768473261e-2, 0, 0, 0, 0, 2.83009096723667755288322961402e-2,
     5.35419883074385676223797384372e-2, -5.49237485713909884646569340306e-2, 0, 0,
     -1.08347328697249322858509316994e-4, 3.82571090835658412954920192323e-4,
     -3.40465008687404560802977114492e-4, 1.41312443674632500278074618366e-1},
    {-4.28896301583791923408573538692e-1, 0, 0, 0, 0, -4.69762141536116384314449447206,
     7.68342119606259904184240953878, 4.06898981839711007970213554331,
     3.56727187455281109270669543021e-1, 0, 0, 0, -1.39902416515901462129418009734e-3,
     2.9475147891527723389556272149, -9.15095847217987001081870187138}};

// The weights b_j of the order-8 solution are kA[12][0..11].
inline constexpr const double (&kB)[kExtended - 1] = kA[12];

// b minus the weights of the embedded order-3 solution (b-hat of stages 0, 8 and 11).
inline constexpr double kBhh[3] = {0.244094488188976377952755905512,
                                   0.733846688281611857341361741547,
                                   0.220588235294117647058823529412e-1};

// b minus the weights of the embedded order-5 solution, per stage 0..11.
inline constexpr double kE5[kStages] = {0.1312004499419488073250102996e-1,
                                        0,
                                        0,
                                        0,
                                        0,
                                        -0.1225156446376204440720569753e1,
                                        -0.4957589496572501915214079952,
                                        0.1664377182454986536961530415e1,
                                        -0.3503288487499736816886487290,
                                        0.3341791187130174790297318841,
                                        0.8192320648511571246570742613e-1,
                                        -0.2235530786388629525884427845e-1};

// The dense output's coefficients d_4j..d_7j over the 16 stages.
inline constexpr double kD[4][kExtended] = {
    {-0.84289382761090128651353491142e1, 0, 0, 0, 0, 0.56671495351937776962531783590,
     -0.30689499459498916912797304727e1, 0.23846676565120698287728149680e1,
     0.21170345824450282767155149946e1, -0.87139158377797299206789907490,
     0.22404374302607882758541771650e1, 0.63157877876946881815570249290,
     -0.88990336451333310820698117400e-1, 0.18148505520854727256656404962e2,
     -0.91946323924783554000451984436e1, -0.44360363875948939664310572000e1},
    {0.10427508642579134603413151009e2, 0, 0, 0, 0, 0.24228349177525818288430175319e3,
     0.16520045171727028198505394887e3, -0.37454675472269020279518312152e3,
     -0.22113666853125306036270938578e2, 0.77334326684722638389603898808e1,
     -0.30674084731089398182061213626e2, -0.93321305264302278729567221706e1,
     0.15697238121770843886131091075e2, -0.31139403219565177677282850411e2,
     -0.93529243588444783865713862664e1, 0.35816841486394083752465898540e2},
    {0.19985053242002433820987653617e2, 0, 0, 0, 0, -0.38703730874935176555105901742e3,
     -0.18917813819516756882830838328e3, 0.52780815920542364900561016686e3,
     -0.11573902539959630126141871134e2, 0.68812326946963000169666922661e1,
     -0.10006050966910838403183860980e1, 0.77771377980534432092869265740,
     -0.27782057523535084065932004339e1, -0.60196695231264120758267380846e2,
     0.84320405506677161018159903784e2, 0.11992291136182789328035130030e2},
    {-0.25693933462703749003312586129e2, 0, 0, 0, 0, -0.15418974869023643374053993627e3,
     -0.23152937917604549567536039109e3, 0.35763911791061412378285349910e3,
     0.93405324183624310003907691704e2, -0.37458323136451633156875139351e2,
     0.10409964950896230045147246184e3, 0.29840293426660503123344363579e2,
     -0.43533456590011143754432175058e2, 0.96324553959188282948394950600e2,
     -0.39177261675615439165231486172e2, -0.14972683625798562581422125276e3}};

// DOP853's controller: safety factor, bounds on h_new / h, and the exponent 1/8 of the error
// (no Lund stabilization, DOP853's default).
inline constexpr double kSafe = 0.9;
inline constexpr double kFacMin = 0.333;
inline constexpr double kFacMax = 6.0;
inline constexpr double kExpo = 1.0 / 8.0;

}  // namespace dop853

/// DOP853 on y' = f(t, y) with a state of N entries (Eigen::Dynamic: any).
template <int N, class Rhs>
class Dop853T {
 public:
  using State = Eigen::Matrix<double, N, 1>;

  struct Options {
    double rtol = 1e-6;
    double atol = 1e-9;
    /// Maximum step; 0: the whole interval.
    double hmax = 0.0;
    /// Fixed steps of this size (the last one shortened to end at tf), accepted whatever the
    /// error estimate: the order-8 method alone, for order studies. 0: controlled steps.
    double fixedStep = 0.0;
    /// The first step (DOP853's H); 0: Hairer's initial step guess (HINIT). Capped by hmax.
    double firstStep = 0.0;
  };

  static int order() { return 8; }
  static std::string name() { return "Dormand-Prince 8(5,3)"; }

  /// Starts an integration of f from (t0, y0) to tf > t0. Allocates all work storage here.
  void init(Rhs f, double t0, const State& y0, double tf, const Options& options);

  /// Takes one accepted step (retrying rejected ones). Returns false when the step size fell
  /// below round-off of t or the state became non-finite; error() then says why. Must not be
  /// called once done() is true.
  bool step();
  bool done() const { return m_done; }

  double t() const { return m_t; }
  const State& y() const { return m_y; }
  double tPrev() const { return m_tPrev; }
  /// State at tout in [tPrev(), t()] from the order-7 dense output of the last accepted step.
  /// Exact at the step's ends.
  void interpolate(double tout, State& yout) const;

  std::int64_t accepted() const { return m_accepted; }
  std::int64_t rejected() const { return m_rejected; }
  /// Evaluations of f, the dense output's included.
  std::int64_t fevals() const { return m_fevals + m_denseEvals; }
  const std::string& error() const { return m_error; }

 private:
  void initialStep();
  /// Stages 1..11 from k[0] = f(t, y), the order-8 solution in m_ynew and the error estimate
  /// (DOP853's norm: a weighted combination of the order-5 and order-3 estimates).
  double attempt(double h);
  void denseOutput() const;

  std::optional<Rhs> m_f;
  Options m_opt;
  double m_t = 0.0, m_tf = 0.0, m_tPrev = 0.0;
  double m_h = 0.0, m_hLast = 0.0, m_hmax = 0.0;
  bool m_done = false, m_reject = false;
  State m_y, m_ynew, m_tmp, m_f1;
  // the stages of the step being attempted (m_k[m_cur]) and of the last accepted one (for the
  // dense output, whose 3 extra stages go into its slots 13-15), which trade places by index on
  // acceptance rather than being copied
  mutable State m_k[2][dop853::kExtended];
  int m_cur = 0;
  State* K() { return m_k[m_cur]; }
  const State* K() const { return m_k[m_cur]; }
  State* Kprev() const { return m_k[1 - m_cur]; }
  // the dense output of the last accepted step, made on demand
  mutable State m_yPrev;
  mutable State m_cont[8];
  mutable bool m_denseReady = false;
  mutable std::int64_t m_denseEvals = 0;
  std::int64_t m_accepted = 0, m_rejected = 0, m_fevals = 0;
  std::string m_error;
};

using Dop853 = Dop853T<Eigen::Dynamic, std::function<void(double, const VectorXd&, VectorXd&)>>;

template <int N, class Rhs>
void Dop853T<N, Rhs>::init(Rhs f, double t0, const State& y0, double tf, const Options& options) {
  m_f.emplace(std::move(f));
  m_opt = options;
  m_t = m_tPrev = t0;
  m_tf = tf;
  m_done = false;
  m_reject = false;
  m_accepted = m_rejected = m_fevals = 0;
  m_denseEvals = 0;
  m_denseReady = false;
  m_error.clear();
  const Eigen::Index n = y0.size();
  m_y = y0;
  m_yPrev = y0;
  m_ynew.setZero(n);
  m_tmp.setZero(n);
  m_f1.setZero(n);
  for (auto& set : m_k)
    for (auto& k : set) k.setZero(n);
  m_cur = 0;
  for (auto& c : m_cont) c.setZero(n);
  m_hLast = 0.0;
  m_hmax = m_opt.hmax > 0 ? m_opt.hmax : std::fabs(tf - t0);
  (*m_f)(m_t, m_y, K()[0]);
  ++m_fevals;
  if (m_opt.fixedStep > 0)
    m_h = m_opt.fixedStep;
  else if (m_opt.firstStep > 0)
    m_h = std::min(m_opt.firstStep, m_hmax);
  else
    initialStep();
}

// Hairer's HINIT: a step for which h^8 max(|f0|, |f'|) is 0.01 in the error's weighted norm.
template <int N, class Rhs>
void Dop853T<N, Rhs>::initialStep() {
  double dnf = 0.0, dny = 0.0;
  for (Eigen::Index i = 0; i < m_y.size(); ++i) {
    const double sk = m_opt.atol + m_opt.rtol * std::fabs(m_y[i]);
    dnf += (K()[0][i] / sk) * (K()[0][i] / sk);
    dny += (m_y[i] / sk) * (m_y[i] / sk);
  }
  double h = (dnf <= 1e-10 || dny <= 1e-10) ? 1e-6 : std::sqrt(dny / dnf) * 0.01;
  h = std::min(h, m_hmax);
  m_tmp = m_y + h * K()[0];
  (*m_f)(m_t + h, m_tmp, m_f1);
  ++m_fevals;
  double der2 = 0.0;
  for (Eigen::Index i = 0; i < m_y.size(); ++i) {
    const double sk = m_opt.atol + m_opt.rtol * std::fabs(m_y[i]);
    const double d = (m_f1[i] - K()[0][i]) / sk;
    der2 += d * d;
  }
  der2 = std::sqrt(der2) / h;
  const double der12 = std::max(std::fabs(der2), std::sqrt(dnf));
  const double h1 =
      der12 <= 1e-15 ? std::max(1e-6, h * 1e-3) : std::pow(0.01 / der12, 1.0 / double(order()));
  m_h = std::min({100 * h, h1, m_hmax});
}

template <int N, class Rhs>
double Dop853T<N, Rhs>::attempt(double h) {
  using namespace dop853;
  const Rhs& f = *m_f;
  for (int i = 1; i < kStages; ++i) {
    m_tmp = m_y;
    for (int j = 0; j < i; ++j)
      if (kA[i][j] != 0.0) m_tmp.noalias() += (h * kA[i][j]) * K()[j];
    f(m_t + kC[i] * h, m_tmp, K()[i]);
  }
  m_fevals += kStages - 1;
  m_ynew = m_y;
  for (int j = 0; j < kStages; ++j)
    if (kB[j] != 0.0) m_ynew.noalias() += (h * kB[j]) * K()[j];
  if (m_opt.fixedStep > 0) return 0.0;
  double err5 = 0.0, err3 = 0.0;
  for (Eigen::Index i = 0; i < m_y.size(); ++i) {
    const double sk = m_opt.atol + m_opt.rtol * std::max(std::fabs(m_y[i]), std::fabs(m_ynew[i]));
    double e3 = -kBhh[0] * K()[0][i] - kBhh[1] * K()[8][i] - kBhh[2] * K()[11][i];
    double e5 = 0.0;
    for (int j = 0; j < kStages; ++j) {
      e3 += kB[j] * K()[j][i];
      e5 += kE5[j] * K()[j][i];
    }
    err3 += (e3 / sk) * (e3 / sk);
    err5 += (e5 / sk) * (e5 / sk);
  }
  double deno = err5 + 0.01 * err3;
  if (deno <= 0.0) deno = 1.0;
  const double err = std::fabs(h) * err5 * std::sqrt(1.0 / (double(m_y.size()) * deno));
  return std::isfinite(err) ? err : std::numeric_limits<double>::infinity();
}

template <int N, class Rhs>
bool Dop853T<N, Rhs>::step() {
  using namespace dop853;
  constexpr double uround = std::numeric_limits<double>::epsilon();
  bool last = false;
  while (true) {
    if (0.1 * std::fabs(m_h) <= std::fabs(m_t) * uround) {
      std::ostringstream s;
      s << "RK853: step size underflow at t = " << m_t << ": the step " << m_h
        << " is below round-off of t";
      m_error = s.str();
      return false;
    }
    last = (m_t + 1.01 * m_h - m_tf) > 0.0;
    if (last) m_h = m_tf - m_t;
    const double err = attempt(m_h);
    if (!m_ynew.allFinite() && m_opt.fixedStep > 0) {
      // a controlled step rejects a non-finite state (its error is infinite); a fixed one stops
      // before it, so the state stays the last finite one
      std::ostringstream s;
      s << "RK853: the state became non-finite in the step from t = " << m_t;
      m_error = s.str();
      return false;
    }
    if (m_opt.fixedStep > 0 || err <= 1.0) {
      const double fac11 = std::pow(err, kExpo);
      double fac = std::max(1.0 / kFacMax, std::min(1.0 / kFacMin, fac11 / kSafe));
      double hnew = m_opt.fixedStep > 0 ? m_opt.fixedStep : m_h / fac;
      const double tnew = last ? m_tf : m_t + m_h;
      (*m_f)(tnew, m_ynew, K()[12]);
      ++m_fevals;
      ++m_accepted;
      m_tPrev = m_t;
      m_hLast = tnew - m_t;
      m_yPrev.swap(m_y);
      m_y.swap(m_ynew);
      m_denseReady = false;
      m_cur = 1 - m_cur;
      K()[0] = Kprev()[12];
      m_t = tnew;
      hnew = std::min(std::fabs(hnew), m_hmax);
      if (m_reject) hnew = std::min(hnew, std::fabs(m_h));
      m_reject = false;
      m_h = hnew;
      if (last || m_t >= m_tf) m_done = true;
      return true;
    }
    const double fac11 = std::pow(err, kExpo);
    m_h /= std::min(1.0 / kFacMin, fac11 / kSafe);
    m_reject = true;
    if (m_accepted >= 1) ++m_rejected;
  }
}

// DOP853's dense output (Hairer's CONTD8): y(t_prev + s h) = c0 + s (c1 + (1-s) (c2 + s (c3 +
// (1-s) (c4 + s (c5 + (1-s) (c6 + s c7)))))), from the step's 13 stages and 3 more.
template <int N, class Rhs>
void Dop853T<N, Rhs>::denseOutput() const {
  using namespace dop853;
  const double h = m_hLast;
  for (int i = 13; i < kExtended; ++i) {
    State tmp = m_yPrev;
    for (int j = 0; j < i; ++j)
      if (kA[i][j] != 0.0) tmp.noalias() += (h * kA[i][j]) * Kprev()[j];
    (*m_f)(m_tPrev + kC[i] * h, tmp, Kprev()[i]);
  }
  m_denseEvals += kExtended - 13;
  const State ydiff = m_y - m_yPrev;
  const State bspl = h * Kprev()[0] - ydiff;
  m_cont[0] = m_yPrev;
  m_cont[1] = ydiff;
  m_cont[2] = bspl;
  m_cont[3] = ydiff - h * Kprev()[12] - bspl;
  for (int r = 0; r < 4; ++r) {
    m_cont[4 + r].setZero(m_y.size());
    for (int j = 0; j < kExtended; ++j)
      if (kD[r][j] != 0.0) m_cont[4 + r].noalias() += (h * kD[r][j]) * Kprev()[j];
  }
  m_denseReady = true;
}

template <int N, class Rhs>
void Dop853T<N, Rhs>::interpolate(double tout, State& yout) const {
  if (tout == m_t || m_hLast == 0.0) {
    yout = m_y;
    return;
  }
  if (!m_denseReady) denseOutput();
  const double s = (tout - m_tPrev) / m_hLast;
  const double s1 = 1.0 - s;
  yout = m_cont[4] + s * (m_cont[5] + s1 * (m_cont[6] + s * m_cont[7]));
  yout = m_cont[0] + s * (m_cont[1] + s1 * (m_cont[2] + s * (m_cont[3] + s1 * yout)));
}

}  // namespace dms
