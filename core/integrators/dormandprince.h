// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A generic Dormand-Prince 5(4) integrator, with MATLAB ode45's step-size controller (the
/// article's baseline) or SciPy's RK45 controller, and dense output.
///
/// DormandPrinceT<N, Rhs> is one class for any state size: N fixed at compile time (the
/// systems' forms, so the stages live inline and Eigen unrolls every stage) or Eigen::Dynamic,
/// and Rhs any functor rhs(t, y, dy) (inlined into the stages; no std::function in the inner
/// loop). DormandPrince is the dynamic-size one on an OdeRhs, for callers that have only a
/// std::function. Every size computes the same numbers bit for bit: the stages are
/// coefficient-wise and the error norms explicit loops; the SciPy controller's first-step
/// norms are taken on VectorXd copies, as the dynamic form always took them.
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

#include "core/integrators/settings.h"
#include "core/types.h"

namespace dms {

/// Right-hand side y' = f(t, y), written into dy (preallocated, same size as y).
using OdeRhs = std::function<void(double t, const VectorXd& y, VectorXd& dy)>;

namespace dp45 {

// Dormand-Prince 5(4) tableau (first same as last).
inline constexpr double kC[7] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
inline constexpr double kA[6][5] = {
    {0, 0, 0, 0, 0},
    {1.0 / 5, 0, 0, 0, 0},
    {3.0 / 40, 9.0 / 40, 0, 0, 0},
    {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656}};
inline constexpr double kB[7] = {35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784,
                                 11.0 / 84,  0};
// 5th minus 4th order weights (ode45's E; SciPy's has the opposite sign, same norm).
inline constexpr double kE[7] = {71.0 / 57600,      0,          -71.0 / 16695, 71.0 / 1920,
                                 -17253.0 / 339200, 22.0 / 525, -1.0 / 40};
// ode45's ntrp45 interpolant: coefficients of s, s^2, s^3, s^4 per stage.
inline constexpr double kBiOde45[7][4] = {{1, -183.0 / 64, 37.0 / 12, -145.0 / 128},
                                          {0, 0, 0, 0},
                                          {0, 1500.0 / 371, -1000.0 / 159, 1000.0 / 371},
                                          {0, -125.0 / 32, 125.0 / 12, -375.0 / 64},
                                          {0, 9477.0 / 3392, -729.0 / 106, 25515.0 / 6784},
                                          {0, -11.0 / 7, 11.0 / 3, -55.0 / 28},
                                          {0, 3.0 / 2, -4, 5.0 / 2}};
// SciPy's RK45 dense output (scipy/integrate/_ivp/rk.py, RK45.P).
inline constexpr double kBiScipy[7][4] = {
    {1, -8048581381.0 / 2820520608, 8663915743.0 / 2820520608, -12715105075.0 / 11282082432},
    {0, 0, 0, 0},
    {0, 131558114200.0 / 32700410799, -68118460800.0 / 10900136933, 87487479700.0 / 32700410799},
    {0, -1754552775.0 / 470086768, 14199869525.0 / 1410260304, -10690763975.0 / 1880347072},
    {0, 127303824393.0 / 49829197408, -318862633887.0 / 49829197408, 701980252875.0 / 199316789632},
    {0, -282668133.0 / 205662961, 2019193451.0 / 616988883, -1453857185.0 / 822651844},
    {0, 40617522.0 / 29380423, -110615467.0 / 29380423, 69997945.0 / 29380423}};

inline constexpr double kPow = 1.0 / 5;  // 1 / (order of the error estimate + 1)

inline double spacing(double t) {
  const double a = std::fabs(t);
  return std::nextafter(a, std::numeric_limits<double>::infinity()) - a;
}

inline double rms(const VectorXd& v) {
  return v.size() ? v.norm() / std::sqrt(double(v.size())) : 0.0;
}

}  // namespace dp45

/// Dormand-Prince 5(4) on y' = f(t, y) with a state of N entries (Eigen::Dynamic: any).
/// Rhs provides operator()(double t, const State& y, State& dy).
template <int N, class Rhs>
class DormandPrinceT {
 public:
  using State = Eigen::Matrix<double, N, 1>;

  struct Options {
    double rtol = 1e-3;
    double atol = 1e-6;
    RkController controller = RkController::Ode45;
    /// Maximum step; 0 means ode45's default 0.1 |tf - t0| (SciPy: unbounded).
    double hmax = 0.0;
    /// ode45's initial step is min(hmax, |tspan(2) - tspan(1)|): the first output spacing.
    double firstOutputSpacing = 0.0;
    /// When set, every accepted y is projected (onto a manifold) and the next step restarts
    /// from there, f evaluated anew (one evaluation more per step).
    std::function<void(State& y)> project;
  };

  static int order() { return 5; }
  static std::string name() { return "Dormand-Prince 5(4)"; }

  /// Starts an integration of f from (t0, y0) to tf > t0. Allocates all work storage here.
  void init(Rhs f, double t0, const State& y0, double tf, const Options& options);

  /// Takes one accepted step (retrying rejected ones). Returns false when the step size fell
  /// below the minimum or the state became non-finite; error() then says why. Must not be
  /// called once done() is true.
  bool step();
  bool done() const { return m_done; }

  double t() const { return m_t; }
  const State& y() const { return m_y; }
  /// Start of the last accepted step.
  double tPrev() const { return m_tPrev; }
  /// State at tout in [tPrev(), t()] from the 4th-order interpolant of the last accepted step
  /// (ode45's ntrp45, or SciPy's quartic with the SciPy controller). Exact at tout == t().
  void interpolate(double tout, State& yout) const;

  std::int64_t accepted() const { return m_accepted; }
  std::int64_t rejected() const { return m_rejected; }
  std::int64_t fevals() const { return m_fevals; }
  const std::string& error() const { return m_error; }

 private:
  // the stages of the current attempt (K[0] is f(t, y), first same as last) and of the last
  // accepted step (for interpolation) trade places on acceptance, by index
  State& K(int j) { return m_stages[m_cur][j]; }
  const State& Kprev(int j) const { return m_stages[1 - m_cur][j]; }
  void stages(double h);  // fills K(1..6), m_ynew and m_errv from K(0)
  void stagesInto(double h, State* k, State& tmp, State& ynew, State& errv) const;
  void accept(double h, double tnew);
  bool stepOde45();
  bool stepScipy();
  void initialStepOde45();
  void initialStepScipy();

  std::optional<Rhs> m_f;
  Options m_opt;
  double m_t = 0.0, m_tf = 0.0, m_tPrev = 0.0, m_t0 = 0.0;
  double m_absh = 0.0, m_hLast = 0.0, m_hmax = 0.0;
  bool m_done = false;
  State m_y, m_yPrev, m_ynew, m_tmp, m_errv;
  State m_stages[2][7];
  int m_cur = 0;
  std::int64_t m_accepted = 0, m_rejected = 0, m_fevals = 0;
  std::string m_error;
};

/// The dynamic-size Dormand-Prince on a std::function right-hand side.
using DormandPrince = DormandPrinceT<Eigen::Dynamic, OdeRhs>;

template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::init(Rhs f, double t0, const State& y0, double tf,
                                  const Options& options) {
  m_f.emplace(std::move(f));  // a lambda has no assignment
  m_opt = options;
  m_t0 = m_t = m_tPrev = t0;
  m_tf = tf;
  m_done = false;
  m_accepted = m_rejected = m_fevals = 0;
  m_error.clear();
  const Eigen::Index n = y0.size();
  m_y = y0;
  m_yPrev = y0;
  m_ynew.resize(n);
  m_tmp.resize(n);
  m_errv.resize(n);
  m_cur = 0;
  for (int i = 0; i < 7; ++i) {
    m_stages[0][i].setZero(n);
    m_stages[1][i].setZero(n);
  }
  m_hLast = 0.0;
  (*m_f)(m_t, m_y, K(0));
  ++m_fevals;
  if (m_opt.controller == RkController::Ode45)
    initialStepOde45();
  else
    initialStepScipy();
}

template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::initialStepOde45() {
  const double threshold = m_opt.atol / m_opt.rtol;
  m_hmax = m_opt.hmax > 0 ? m_opt.hmax : 0.1 * std::fabs(m_tf - m_t0);
  const double htspan =
      m_opt.firstOutputSpacing > 0 ? m_opt.firstOutputSpacing : std::fabs(m_tf - m_t0);
  m_absh = std::min(m_hmax, htspan);
  double rh = 0.0;
  for (Eigen::Index i = 0; i < m_y.size(); ++i)
    rh = std::max(rh, std::fabs(K(0)[i]) / std::max(std::fabs(m_y[i]), threshold));
  rh /= 0.8 * std::pow(m_opt.rtol, dp45::kPow);
  if (m_absh * rh > 1) m_absh = 1 / rh;
  m_absh = std::max(m_absh, 16 * dp45::spacing(m_t));
}

template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::initialStepScipy() {
  // Hairer's heuristic, as scipy.integrate._ivp.common.select_initial_step; the norms on
  // VectorXd (Eigen's reduction order depends on the size being dynamic), once per init
  m_hmax = m_opt.hmax > 0 ? m_opt.hmax : std::numeric_limits<double>::infinity();
  const double interval = std::fabs(m_tf - m_t0);
  const State scale = (m_y.array().abs() * m_opt.rtol + m_opt.atol).matrix();
  const double d0 = dp45::rms(VectorXd(m_y.array() / scale.array()));
  const double d1 = dp45::rms(VectorXd(K(0).array() / scale.array()));
  const double h0 = (d0 < 1e-5 || d1 < 1e-5) ? 1e-6 : 0.01 * d0 / d1;
  m_tmp = m_y + h0 * K(0);
  (*m_f)(m_t + h0, m_tmp, K(1));
  ++m_fevals;
  const double d2 = dp45::rms(VectorXd((K(1) - K(0)).array() / scale.array())) / h0;
  const double h1 = (d1 <= 1e-15 && d2 <= 1e-15) ? std::max(1e-6, h0 * 1e-3)
                                                 : std::pow(0.01 / std::max(d1, d2), dp45::kPow);
  m_absh = std::min({100 * h0, h1, interval, m_hmax});
}

template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::stages(double h) {
  State* k = m_stages[m_cur];
  if constexpr (N == Eigen::Dynamic) {
    stagesInto(h, k, m_tmp, m_ynew, m_errv);
  } else {
    // in locals, which a fixed size lets the compiler keep in registers: a stage the rhs
    // writes entry by entry in memory and the next stage reads as a packet would stall store
    // forwarding at every evaluation
    State ks[7], tmp, ynew, errv;
    ks[0] = k[0];
    stagesInto(h, ks, tmp, ynew, errv);
    for (int j = 1; j < 7; ++j) k[j] = ks[j];
    m_ynew = ynew;
    m_errv = errv;
  }
  m_fevals += 6;
}

// fills k[1..6], ynew and the error estimate errv from k[0] = f(t, y); tmp is scratch
template <int N, class Rhs>
EIGEN_ALWAYS_INLINE void DormandPrinceT<N, Rhs>::stagesInto(double h, State* k, State& tmp,
                                                            State& ynew, State& errv) const {
  // each stage as one fused Eigen expression (a single pass over the state)
  using namespace dp45;
  const Rhs& f = *m_f;
  tmp = m_y + (h * kA[1][0]) * k[0];
  f(m_t + kC[1] * h, tmp, k[1]);
  tmp = m_y + h * (kA[2][0] * k[0] + kA[2][1] * k[1]);
  f(m_t + kC[2] * h, tmp, k[2]);
  tmp = m_y + h * (kA[3][0] * k[0] + kA[3][1] * k[1] + kA[3][2] * k[2]);
  f(m_t + kC[3] * h, tmp, k[3]);
  tmp = m_y + h * (kA[4][0] * k[0] + kA[4][1] * k[1] + kA[4][2] * k[2] + kA[4][3] * k[3]);
  f(m_t + kC[4] * h, tmp, k[4]);
  tmp = m_y + h * (kA[5][0] * k[0] + kA[5][1] * k[1] + kA[5][2] * k[2] + kA[5][3] * k[3] +
                   kA[5][4] * k[4]);
  f(m_t + kC[5] * h, tmp, k[5]);
  ynew = m_y + h * (kB[0] * k[0] + kB[2] * k[2] + kB[3] * k[3] + kB[4] * k[4] + kB[5] * k[5]);
  f(m_t + h, ynew, k[6]);
  errv = kE[0] * k[0] + kE[2] * k[2] + kE[3] * k[3] + kE[4] * k[4] + kE[5] * k[5] + kE[6] * k[6];
}

template <int N, class Rhs>
bool DormandPrinceT<N, Rhs>::step() {
  const bool ok = m_opt.controller == RkController::Ode45 ? stepOde45() : stepScipy();
  if (ok && !m_y.allFinite()) {
    std::ostringstream s;
    s << "RK45: the state became non-finite at t = " << m_t;
    m_error = s.str();
    return false;
  }
  return ok;
}

// the attempted step becomes the last accepted one (kept for interpolation); its last stage is
// f at the new point (first same as last)
template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::accept(double h, double tnew) {
  ++m_accepted;
  m_tPrev = m_t;
  m_hLast = h;
  m_yPrev.swap(m_y);
  m_y.swap(m_ynew);
  m_cur = 1 - m_cur;
  m_t = tnew;
  if (m_opt.project) {
    m_opt.project(m_y);
    (*m_f)(m_t, m_y, K(0));
    ++m_fevals;
  } else {
    K(0) = Kprev(6);
  }
}

// ode45 (Shampine and Reichelt): max-norm error relative to max(|y|, |ynew|, AtolRelTol
// threshold), accept when err <= RelTol.
template <int N, class Rhs>
bool DormandPrinceT<N, Rhs>::stepOde45() {
  const double rtol = m_opt.rtol;
  const double threshold = m_opt.atol / rtol;
  const double hmin = 16 * dp45::spacing(m_t);
  m_absh = std::min(m_hmax, std::max(hmin, m_absh));
  double h = m_absh;
  bool last = false;
  if (1.1 * m_absh >= std::fabs(m_tf - m_t)) {
    h = m_tf - m_t;
    m_absh = std::fabs(h);
    last = true;
  }
  bool nofailed = true;
  double err = 0.0;
  double tnew = 0.0;
  while (true) {
    stages(h);
    tnew = last ? m_tf : m_t + h;
    h = tnew - m_t;
    err = 0.0;
    for (Eigen::Index i = 0; i < m_y.size(); ++i) {
      const double sc = std::max({std::fabs(m_y[i]), std::fabs(m_ynew[i]), threshold});
      err = std::max(err, std::fabs(m_errv[i]) / sc);
    }
    err *= m_absh;
    if (!std::isfinite(err)) err = std::numeric_limits<double>::infinity();
    if (err <= rtol) break;
    ++m_rejected;
    if (m_absh <= hmin) {
      std::ostringstream s;
      s << "RK45 (ode45): step size underflow at t = " << m_t << ": cannot meet RelTol " << rtol
        << " with a step above the minimum " << hmin;
      m_error = s.str();
      return false;
    }
    if (nofailed) {
      nofailed = false;
      m_absh = std::max(hmin, m_absh * std::max(0.1, 0.8 * std::pow(rtol / err, dp45::kPow)));
    } else {
      m_absh = std::max(hmin, 0.5 * m_absh);
    }
    h = m_absh;
    last = false;
  }
  accept(h, tnew);
  if (last) {
    m_done = true;
  } else if (nofailed) {
    const double temp = 1.25 * std::pow(err / rtol, dp45::kPow);
    m_absh = temp > 0.2 ? m_absh / temp : 5.0 * m_absh;
  }
  return true;
}

// SciPy RK45: RMS error relative to atol + rtol max(|y|, |ynew|), accept when below 1.
template <int N, class Rhs>
bool DormandPrinceT<N, Rhs>::stepScipy() {
  const double minStep = 10 * dp45::spacing(m_t);
  if (m_absh > m_hmax)
    m_absh = m_hmax;
  else if (m_absh < minStep)
    m_absh = minStep;
  bool rejectedOnce = false;
  double h = 0.0, tnew = 0.0;
  while (true) {
    if (m_absh < minStep) {
      std::ostringstream s;
      s << "RK45 (scipy): step size underflow at t = " << m_t << ": the step fell below "
        << minStep;
      m_error = s.str();
      return false;
    }
    h = m_absh;
    tnew = m_t + h;
    if (tnew > m_tf) tnew = m_tf;
    h = tnew - m_t;
    m_absh = std::fabs(h);
    stages(h);
    double sum = 0.0;
    for (Eigen::Index i = 0; i < m_y.size(); ++i) {
      const double sc = m_opt.atol + m_opt.rtol * std::max(std::fabs(m_y[i]), std::fabs(m_ynew[i]));
      const double e = h * m_errv[i] / sc;
      sum += e * e;
    }
    double norm = std::sqrt(sum / double(m_y.size()));
    if (!std::isfinite(norm)) norm = std::numeric_limits<double>::infinity();
    if (norm < 1) {
      double factor = norm == 0 ? 10.0 : std::min(10.0, 0.9 * std::pow(norm, -dp45::kPow));
      if (rejectedOnce) factor = std::min(1.0, factor);
      m_absh *= factor;
      break;
    }
    m_absh *= std::max(0.2, 0.9 * std::pow(norm, -dp45::kPow));
    rejectedOnce = true;
    ++m_rejected;
  }
  accept(h, tnew);
  if (m_t >= m_tf) m_done = true;
  return true;
}

template <int N, class Rhs>
void DormandPrinceT<N, Rhs>::interpolate(double tout, State& yout) const {
  if (tout == m_t || m_hLast == 0.0) {
    yout = m_y;
    return;
  }
  const auto& bi = m_opt.controller == RkController::Ode45 ? dp45::kBiOde45 : dp45::kBiScipy;
  const double s = (tout - m_tPrev) / m_hLast;
  const double sp[4] = {s, s * s, s * s * s, s * s * s * s};
  yout = m_yPrev;
  for (int j = 0; j < 7; ++j) {
    const double w = bi[j][0] * sp[0] + bi[j][1] * sp[1] + bi[j][2] * sp[2] + bi[j][3] * sp[3];
    if (w != 0.0) yout.noalias() += (m_hLast * w) * Kprev(j);
  }
}

// the dynamic-size one is compiled once, in dormandprince.cpp
extern template class DormandPrinceT<Eigen::Dynamic, OdeRhs>;

}  // namespace dms
