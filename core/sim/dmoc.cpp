// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/dmoc.h"

#include <chrono>
#include <cmath>
#include <ctime>
#include <limits>
#include <memory>

#include "core/sim/dmocchart.h"
#include "core/sim/dmoccost.h"
#include "core/sim/simulator.h"
#include "core/sim/tangentcoords.h"

namespace dms {
namespace {

// a solution nearer than this fraction of a chart's bound to it is re-centered and solved
// again (the bound is the chart's, not the problem's)
constexpr double kNearEdge = 0.9;

// The defects of the forced vi steps in the charts around the references x_ref,0..x_ref,N:
// c_k = chart_{k+1}(Phi(state_k(z_k), u_k)) - z_{k+1}, with the step's exact derivative
// (Simulator::linearize) chained with the charts' (DmocChart).
class SimulatorDmocModel final : public DmocModel {
 public:
  SimulatorDmocModel(Simulator& sim, const std::vector<DmocChart>& charts,
                     const std::vector<StatePart>& x0, DmocCost& cost, double h)
      : m_sim(sim), m_charts(charts), m_x0(x0), m_cost(cost), m_h(h) {}

  // h/2 (L(t_k, x_k, u_k) + L(t_{k+1}, x_{k+1}, u_k)): the trapezoidal rule over the step, its
  // gradient through the charts, d x/dz = stateDerivative (tangent coordinates per chart
  // coordinate); no running cost: the effort h |u_k|^2
  bool stageCost(int k, const VectorXd& zk, const VectorXd& uk, const VectorXd& zk1, bool gradient,
                 double& f, VectorXd& fz, VectorXd& fu, VectorXd& fz1, std::string* why) override {
    const std::size_t i = std::size_t(k);
    if (!m_cost.hasRunning()) {
      f = m_h * uk.squaredNorm();
      if (gradient) {
        fz.setZero(zk.size());
        fz1.setZero(zk1.size());
        fu = 2.0 * m_h * uk;
      }
      return true;
    }
    double L0 = 0.0, L1 = 0.0;
    VectorXd g0, g1, gu0, gu1;
    try {
      if (!m_cost.running(k * m_h, k == 0 ? m_x0 : m_charts[i].state(zk), uk, gradient, L0, g0, gu0,
                          why) ||
          !m_cost.running((k + 1) * m_h, m_charts[i + 1].state(zk1), uk, gradient, L1, g1, gu1,
                          why))
        return false;
    } catch (const InputError& e) {
      if (why) *why = e.what();
      return false;
    }
    f = 0.5 * m_h * (L0 + L1);
    if (gradient) {
      fz = k == 0 ? VectorXd::Zero(zk.size())
                  : VectorXd(0.5 * m_h * m_charts[i].stateDerivative(zk).transpose() * g0);
      fz1 = 0.5 * m_h * m_charts[i + 1].stateDerivative(zk1).transpose() * g1;
      fu = 0.5 * m_h * (gu0 + gu1);
    }
    return true;
  }

  bool terminalCost(const VectorXd& zN, bool gradient, double& f, VectorXd& fz,
                    std::string* why) override {
    if (!m_cost.hasTerminal()) {
      f = 0.0;
      if (gradient) fz.setZero(zN.size());
      return true;
    }
    VectorXd g;
    try {
      if (!m_cost.terminal(m_charts.back().state(zN), gradient, f, g, why)) return false;
    } catch (const InputError& e) {
      if (why) *why = e.what();
      return false;
    }
    if (gradient) fz = m_charts.back().stateDerivative(zN).transpose() * g;
    return true;
  }

  bool defect(int k, const VectorXd& zk, const VectorXd& uk, const VectorXd& zk1, bool derivatives,
              VectorXd& c, MatrixXd& Cz, MatrixXd& Cu, std::string* why) override {
    try {
      const std::size_t i = std::size_t(k);
      const std::vector<StatePart> x = k == 0 ? m_x0 : m_charts[i].state(zk);
      m_sim.setState(x);
      StepDerivative d;
      if (derivatives) d = m_sim.linearize(uk);
      if (!m_sim.step(uk)) {
        if (why) *why = m_sim.failure().reason;
        return false;
      }
      const std::vector<StatePart> y = m_sim.state();
      c = m_charts[i + 1].coordinates(y) - zk1;
      if (derivatives) {
        const MatrixXd P = m_charts[i + 1].coordinatesDerivative(y);
        Cu = P * d.B;
        if (k > 0) Cz = P * d.A * m_charts[i].stateDerivative(zk);
      }
      return true;
    } catch (const InputError& e) {
      if (why) *why = e.what();
      return false;
    }
  }

 private:
  Simulator& m_sim;
  const std::vector<DmocChart>& m_charts;
  const std::vector<StatePart>& m_x0;
  DmocCost& m_cost;
  double m_h;
};

IntegratorSettings stepSettings(const SystemModel& model, double h, double T) {
  IntegratorSettings s = model.declaration().settings;
  s.h = h;
  s.T = T;
  return s;
}

// the replay of u from x_0 through the forced simulator of `method`: its samples and states,
// and how far its last state ends from the target
double replay(const DmocSpec& spec, Method method, const std::vector<StatePart>& x0,
              const std::vector<VectorXd>& u, std::vector<Sample>& samples,
              std::vector<std::vector<StatePart>>& states, double* rtol) {
  Simulator sim(*spec.model, method, spec.values, stepSettings(*spec.model, spec.h, spec.T), &x0);
  if (rtol) *rtol = sim.settings().rtol;
  samples = {sim.sample()};
  states = {sim.state()};
  for (const VectorXd& uk : u) {
    if (!sim.step(uk)) return std::numeric_limits<double>::infinity();
    samples.push_back(sim.sample());
    states.push_back(sim.state());
  }
  return tangentDifference(spec.model->declaration(), spec.target, sim.state()).norm();
}

std::string boundText(const VectorXd& lower, const VectorXd& b, const std::string& unit) {
  double lo = std::numeric_limits<double>::infinity(), hi = 0.0;
  for (Eigen::Index i = 0; i < b.size(); ++i) {
    lo = std::min(lo, b[i]);
    hi = std::max(hi, b[i]);
  }
  if (!std::isfinite(hi)) return "unbounded controls";
  const bool symmetric = lower == -b;
  return lo == hi && symmetric ? "|u_i| <= " + formatNumber(hi) + (unit.empty() ? "" : " " + unit)
                               : "the bounds on u";
}

}  // namespace

std::string dmocControlUnit(const SystemDeclaration& d) {
  for (const StatePartSpec& c : d.controls)
    if (c.unit != d.controls.front().unit) return "";
  return d.controls.empty() ? "" : d.controls.front().unit;
}

int dmocChartSize(const SystemDeclaration& d, const std::vector<StatePart>& state) {
  return DmocChart(d, state).size();
}

DmocSolution solveDmoc(const DmocSpec& spec, const ProgressCallback& progress) {
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpuStart = std::clock();
  if (!spec.model) throw InputError("DMOC: no system given");
  const SystemModel& model = *spec.model;
  const SystemDeclaration& decl = model.declaration();
  const int N = int(checkStepAndHorizon(spec.h, spec.T));
  if (!(spec.tol > 0) || !(spec.tol < 1)) throw InputError("tol must be in (0, 1)");
  Simulator sim(model, Method::Variational, spec.values, stepSettings(model, spec.h, spec.T),
                spec.initial.empty() ? nullptr : &spec.initial);
  const std::vector<StatePart> x0 = sim.state();
  const int m = int(sim.controlSize());
  if (spec.uBound.size() != m)
    throw InputError("u_max: " + model.name() + " has " + std::to_string(m) +
                     " control entries, got " + std::to_string(spec.uBound.size()) + " bounds");
  for (Eigen::Index i = 0; i < spec.uBound.size(); ++i)
    if (!(spec.uBound[i] > 0))
      throw InputError("u_max = " + formatNumber(spec.uBound[i]) + ": must be positive");
  const VectorXd uLower = spec.uLower.size() ? spec.uLower : VectorXd(-spec.uBound);
  if (uLower.size() != m)
    throw InputError("u_min: " + model.name() + " has " + std::to_string(m) +
                     " control entries, got " + std::to_string(uLower.size()) + " lower bounds");
  for (Eigen::Index i = 0; i < m; ++i)
    if (!(uLower[i] >= -spec.uBound[i] && uLower[i] < spec.uBound[i]))
      throw InputError("u_min = " + formatNumber(uLower[i]) + " (entry " + std::to_string(i) +
                       "): must be in [-" + formatNumber(spec.uBound[i]) + ", " +
                       formatNumber(spec.uBound[i]) + ")");
  const VectorXd uGuess = spec.uGuess.size() ? spec.uGuess : VectorXd(VectorXd::Zero(m));
  if (uGuess.size() != m)
    throw InputError("u_guess: " + model.name() + " has " + std::to_string(m) +
                     " control entries, got " + std::to_string(uGuess.size()));
  for (Eigen::Index i = 0; i < m; ++i)
    if (!(uGuess[i] >= uLower[i] && uGuess[i] <= spec.uBound[i]))
      throw InputError("u_guess = " + formatNumber(uGuess[i]) + " (entry " + std::to_string(i) +
                       "): must be within the bounds [" + formatNumber(uLower[i]) + ", " +
                       formatNumber(spec.uBound[i]) + "]");
  // the target, checked as a state of the system (a simulator starts from it)
  const std::vector<StatePart> target = [&] {
    Simulator t(model, Method::Variational, spec.values, stepSettings(model, spec.h, spec.T),
                &spec.target);
    return t.state();
  }();

  // the typed costs, checked here (InputError naming the expression)
  DmocCost cost(model, sim.values(), spec.runningCost, spec.terminalCost);
  if (spec.targetAsCost && !cost.hasTerminal())
    throw InputError(
        "--terminal-cost: the target is a cost (target = cost), but no terminal cost is given");

  // the references: the guess
  std::vector<std::vector<StatePart>> refs(std::size_t(N) + 1);
  refs[0] = x0;
  if (spec.guess == DmocGuess::Free) {
    Simulator free(model, Method::Variational, spec.values, stepSettings(model, spec.h, spec.T),
                   &x0);
    for (int k = 1; k < N; ++k) {
      if (!(spec.uGuess.size() ? free.step(uGuess) : free.step()))
        throw InputError("the free vi run from x_0 failed: " + free.failure().reason);
      refs[std::size_t(k)] = free.state();
    }
  } else {
    const VectorXd path = dmocTangentPath(decl, x0, target);
    for (int k = 1; k < N; ++k)
      refs[std::size_t(k)] = retractState(decl, x0, path * (double(k) / N));
  }
  refs[std::size_t(N)] = target;

  DmocSolution out;
  out.N = N;
  std::vector<VectorXd> z(static_cast<std::size_t>(N));
  std::vector<VectorXd> u(static_cast<std::size_t>(N), uGuess);
  std::string costFailure;
  for (int attempt = 0;; ++attempt) {
    std::vector<DmocChart> charts;
    for (const auto& r : refs) charts.emplace_back(decl, r);
    const int r = charts.front().size();
    for (int k = 0; k < N; ++k)
      if (z[std::size_t(k)].size() != r) z[std::size_t(k)] = VectorXd::Zero(r);
    SimulatorDmocModel dm(sim, charts, x0, cost, spec.h);
    DmocNlpSettings st;
    st.N = N;
    st.r = r;
    st.m = m;
    st.h = spec.h;
    st.uLower = uLower;
    st.uUpper = spec.uBound;
    st.zBound = charts.front().domainBound();
    st.zTerminal = VectorXd::Zero(r);
    st.typedCost = cost.hasRunning() || cost.hasTerminal();
    st.terminalFree = spec.targetAsCost;
    st.tol = spec.tol;
    st.constraintTol = spec.tol;
    st.maxIterations = std::max(1, spec.maxIterations - out.iterations);
    st.maxCpuSeconds = spec.maxCpuSeconds;
    st.iterationOffset = out.iterations;
    st.evaluationOffset = out.evaluations;
    const DmocNlpResult res = solveDmocNlp(dm, st, z, u, progress);
    out.converged = res.converged;
    out.cancelled = res.cancelled;
    out.status = res.status;
    out.iterations += res.iterations;
    out.evaluations += res.evaluations;
    out.cost = res.cost;
    out.constraintViolation = res.constraintViolation;
    costFailure = res.costFailure;
    out.history.insert(out.history.end(), res.history.begin(), res.history.end());
    z = res.z;
    u = res.u;
    // the states of this solution; near a chart's edge: new references there, and again
    double edge = 0.0;
    for (int k = 0; k < N; ++k)
      for (int i = 0; i < r; ++i)
        if (std::isfinite(st.zBound[i]) && (k + 1 < N || spec.targetAsCost))
          edge = std::max(edge, std::fabs(z[std::size_t(k)][i]) / st.zBound[i]);
    out.states = {x0};
    for (int k = 1; k <= N; ++k)
      out.states.push_back(charts[std::size_t(k)].state(z[std::size_t(k - 1)]));
    if (out.cancelled || edge < kNearEdge || attempt >= spec.maxRecenterings ||
        out.iterations >= spec.maxIterations)
      break;
    ++out.recenterings;
    for (int k = 1; k < N || (spec.targetAsCost && k == N); ++k)
      refs[std::size_t(k)] = out.states[std::size_t(k)];
    for (int k = 0; k < N; ++k) z[std::size_t(k)].setZero();
  }
  out.u = u;

  // the independent check: the controls replayed through the forced simulators
  std::vector<std::vector<StatePart>> viStates, rk45States;
  out.viTerminalError = replay(spec, Method::Variational, x0, u, out.viReplay, viStates, nullptr);
  out.viReplayError = viStates.size() == std::size_t(N) + 1
                          ? tangentDifference(decl, out.states.back(), viStates.back()).norm()
                          : std::numeric_limits<double>::infinity();
  out.rk45TerminalError =
      model.hasMethod(Method::Rk45)
          ? replay(spec, Method::Rk45, x0, u, out.rk45Replay, rk45States, &out.rk45Rtol)
          : std::numeric_limits<double>::quiet_NaN();
  for (std::size_t k = 0; k < viStates.size() && k < rk45States.size(); ++k)
    out.rk45Deviation.push_back(tangentDifference(decl, viStates[k], rk45States[k]).norm());
  if (cost.hasTerminal()) {
    VectorXd unused;
    std::string why;
    if (!cost.terminal(out.states.back(), false, out.terminalCostValue, unused, &why))
      out.terminalCostValue = std::numeric_limits<double>::quiet_NaN();
  }
  const std::string violation =
      "the constraint violation " +
      std::string(out.status == "iteration limit reached" || out.status == "time limit reached"
                      ? "is "
                      : "stalled at ") +
      formatNumber(out.constraintViolation) + " (the best iterate is kept)";
  if (!out.converged && !out.cancelled && !costFailure.empty())
    out.message = "the cost is not finite where the solver went (" + costFailure +
                  "): " + out.status + ", " + violation;
  else if (!out.converged && !out.cancelled)
    out.message = "the target cannot be reached with " +
                  boundText(uLower, spec.uBound, dmocControlUnit(decl)) + " in " +
                  // t_N to the nanosecond: N h carries the round-off of h's decimal
                  formatNumber(std::round(N * spec.h * 1e9) / 1e9) + " s: " + out.status + ", " +
                  violation;
  if (out.cancelled) out.message = "cancelled at iteration " + std::to_string(out.iterations);
  out.cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace dms
