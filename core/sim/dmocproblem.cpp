// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/dmocproblem.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/integrators/settingkeys.h"
#include "core/lie/so3.h"
#include "core/sim/simulator.h"

namespace dms {
namespace {

// What an example is: a system, its parameters' changes (the initial state), a horizon and a
// step, a bound on every control entry, and its target.
struct Example {
  std::string name, system, title, summary;
  ParamValues overrides;
  double T = 1.0, h = 0.01, uMax = 1.0;
  bool rigid = true;  // target: R = exp(rotvec_target^), Omega = 0; else the chain upright
  Vector3d rotvecTarget = Vector3d::Zero();
  // a vehicle pushed by a thrust f along a body axis and turned by torques M, u = (f, M): the
  // bounds 0 <= f <= f_max and |M_i| <= M_max in place of u_max, the guess f = m g (hover), and
  // the target hover: at rest at x_target with R = I
  bool thrust = false;
  double fMax = 0.0, MMax = 0.0;
  Vector3d xTarget = Vector3d::Zero();
};

const std::vector<Example>& examples() {
  static const std::vector<Example> e = [] {
    std::vector<Example> out;
    Example p;
    p.name = "pendulum-3d-maneuver";
    p.system = "pendulum-3d";
    p.title = "Rest-to-rest attitude maneuver by DMOC (IPOPT)";
    p.summary =
        "Minimizes h sum_k |tau_k|^2 over the torques tau_0..tau_{N-1} (|tau_i| <= u_max) subject\n"
        "to the forced vi steps (discrete Lagrange-d'Alembert) on SO(3), from rest hanging (R = "
        "I)\n"
        "to rest at R = exp(rotvec_target^), by IPOPT with exact sparse Jacobians.";
    p.overrides = {{"rotvec0", {0, 0, 0}}, {"Omega0", {0, 0, 0}}};
    p.T = 2.0;
    p.h = 0.01;
    p.uMax = 3.0;
    // a quarter turn about the vertical and a tilt of 0.4 rad: the centre of mass moves
    p.rotvecTarget = Vector3d(0.4, 0, M_PI / 2);
    out.push_back(p);
    Example c;
    c.name = "chain-swing-up";
    c.system = "pendulum-chain";
    c.title = "Swing-up of the chain of 2 by DMOC (IPOPT)";
    c.summary =
        "Minimizes h sum_k |f_k|^2 over the forces on the bobs f_0..f_{N-1} (|f_i| <= u_max per\n"
        "entry) subject to the forced vi steps on (S^2)^2, from hanging at rest to upright at\n"
        "rest, by IPOPT with exact sparse Jacobians.";
    c.overrides = {{"n", {2}},
                   {"q0_1", {0, 0, 1}},
                   {"q0_2", {0, 0, 1}},
                   {"omega0_1", {0, 0, 0}},
                   {"omega0_2", {0, 0, 0}}};
    c.T = 3.0;
    c.h = 0.015;
    c.uMax = 10.0;
    c.rigid = false;
    out.push_back(c);
    Example r;
    r.name = "custom-rigid-body-reorientation";
    r.system = "custom-rigid-body";
    r.title = "Reorientation of a typed-potential rigid body by DMOC (IPOPT)";
    r.summary =
        "Minimizes h sum_k |tau_k|^2 over the torques (|tau_i| <= u_max) subject to the forced vi\n"
        "steps of the rigid body in its typed potential U(R), from rest at R = I to rest at\n"
        "R = exp(rotvec_target^), by IPOPT with exact sparse Jacobians.";
    r.overrides = {{"rotvec0", {0, 0, 0}}, {"Omega0", {0, 0, 0}}};
    r.T = 2.0;
    r.h = 0.01;
    r.uMax = 5.0;
    r.rotvecTarget = Vector3d(0.6, 0.0, 1.0);
    out.push_back(r);
    Example q;
    q.name = "quadrotor-flip";
    q.system = "quadrotor";
    q.title = "Quadrotor flip to hover by DMOC (IPOPT)";
    q.summary =
        "Minimizes h sum_k (f_k^2 + |M_k|^2) over the thrusts and torques (0 <= f <= f_max,\n"
        "|M_i| <= M_max) subject to the forced vi steps on SE(3), the thrust turning with the\n"
        "body, from rest turned 178 degrees about e1 to hover at rest at x_target with R = I,\n"
        "by IPOPT with exact sparse Jacobians.";
    // the paper's recovery case (the example quadrotor-flip): at rest at the origin, turned
    // 178 degrees about e1
    q.overrides = {{"x0", {0, 0, 0}},
                   {"v0", {0, 0, 0}},
                   {"rotvec0", {3.106686068549907, 0, 0}},
                   {"Omega0", {0, 0, 0}}};
    // 2 s: a flip at |M_i| <= 5 N m takes about a second, then the climb back and the stop;
    // h = 0.04 (N = 50) converges in a few seconds, and finer steps to nearby costs
    q.T = 2.0;
    q.h = 0.04;
    q.rigid = false;
    q.thrust = true;
    // a thrust up to about twice the weight m g = 42.6 N, and torques of rotor forces of
    // about 16 N at d = 0.315 m
    q.fMax = 80.0;
    q.MMax = 5.0;
    out.push_back(q);
    return out;
  }();
  return e;
}

const Example& exampleNamed(const std::string& name) {
  std::string names;
  for (const Example& e : examples()) {
    if (e.name == name) return e;
    names += (names.empty() ? "" : ", ") + e.name;
  }
  throw InputError("--example '" + name + "': not an optimal-control example (one of " + names +
                   ")");
}

IntegratorSettings settingsOf(const SystemModel& m, double h, double T) {
  IntegratorSettings s = m.declaration().settings;
  s.h = h;
  s.T = T;
  return s;
}

class DmocProblem final : public ControlProblem {
 public:
  // the fields are made once, here: the app reads them from its threads
  DmocProblem(const SystemModel& model, const Example& e) : m_model(model), m_e(e) {
    m_fields = {
        ParamSpec(integratorSpec("T"))
            .describe("maneuver time: N = floor(T/h) steps, t_N = N h")
            .defaultValue(m_e.T)
            .slider(0.1, 10.0)
            .cliFlag(settingKey("T").flag),
        ParamSpec(integratorSpec("h"))
            .describe("time step of the vi transcription")
            .defaultValue(m_e.h)
            .slider(0.002, 0.2)
            .cliFlag(settingKey("h").flag),
    };
    if (m_e.thrust) {
      const std::vector<StatePartSpec>& c = m_model.declaration().controls;
      m_fields.push_back(
          ParamSpec::scalar("f_max", c[0].unit, "bound on the thrust, 0 <= f <= f_max")
              .defaultValue(m_e.fMax)
              .range(1e-6, 1e6)
              .slider(1.0, 500.0)
              .cliFlag("--f-max"));
      m_fields.push_back(
          ParamSpec::scalar("M_max", c[1].unit, "bound on every torque entry, |M_i| <= M_max")
              .defaultValue(m_e.MMax)
              .range(1e-6, 1e6)
              .slider(0.01, 50.0)
              .cliFlag("--M-max"));
      m_fields.push_back(ParamSpec::vector3("x_target", "m", "hover position at the end (e3 down)")
                             .defaultValue({m_e.xTarget.x(), m_e.xTarget.y(), m_e.xTarget.z()})
                             .range(-1e3, 1e3)
                             .slider(-5.0, 5.0));
    } else {
      m_fields.push_back(ParamSpec::scalar("u_max", m_model.declaration().controls.front().unit,
                                           "bound on every control entry, |u_i| <= u_max")
                             .defaultValue(m_e.uMax)
                             .range(1e-6, 1e6)
                             .slider(0.01, 100.0)
                             .cliFlag("--u-max"));
    }
    if (m_e.rigid)
      m_fields.push_back(
          ParamSpec::vector3("rotvec_target", "rad",
                             "target attitude R = exp(rotvec_target^), at rest")
              .defaultValue({m_e.rotvecTarget.x(), m_e.rotvecTarget.y(), m_e.rotvecTarget.z()})
              .range(-3.0, 3.0)
              .slider(-3.0, 3.0));
  }

  std::string title() const override { return m_e.title; }
  std::string summary() const override { return m_e.summary; }

  const std::vector<ParamSpec>& fields() const override { return m_fields; }

  const std::vector<ParamSpec>& solverFields() const override {
    static const std::vector<ParamSpec> specs = {
        ParamSpec::scalar("max_iter", "", "IPOPT iteration limit (over every restart)")
            .defaultValue(1000)
            .range(1, 100000)
            .wholeNumber()
            .slider(1, 3000)
            .cliFlag("--max-iter"),
        ParamSpec::scalar("tol", "",
                          "IPOPT's tol and constr_viol_tol: converged when every "
                          "|c_i| <= tol and the scaled optimality error <= tol")
            .defaultValue(1e-8)
            .range(1e-14, 1e-2)
            .slider(1e-12, 1e-3)
            .cliFlag("--tol"),
        ParamSpec::scalar("max_time", "s", "CPU time limit of one solve")
            .defaultValue(300)
            .range(0.01, 1e5)
            .slider(1, 1000)
            .cliFlag("--max-time"),
    };
    return specs;
  }

  const std::vector<ControlChoice>& choices() const override {
    static const std::vector<ControlChoice> c = {
        {"guess",
         "Initial guess",
         "interpolate: the states along the tangent vector from x_0 to the target; free: the "
         "vi run from x_0 under the guess of u (u = 0 in both; a quadrotor's thrust at hover, "
         "m g)",
         {{"interpolate", "interpolate", {}}, {"free", "free", {}}}},
    };
    return c;
  }

  bool reportsResidual(const ControlRequest&) const override { return false; }

  std::vector<ControlChannel> channels() const override {
    std::vector<ControlChannel> out;
    if (m_e.thrust) {
      // the thrust, a scalar, and the torque
      const std::vector<StatePartSpec>& d = m_model.declaration().controls;
      for (std::size_t i = 0; i < 2; ++i)
        out.push_back({d[i].name, "control-" + d[i].name,
                       "Control " + d[i].name + " (" + d[i].description + ")", d[i].unit, int(i),
                       i == 0 ? 1 : 3});
      return out;
    }
    const StatePartSpec& c = m_model.declaration().controls.front();
    const int n = int(declaredSize(c.shape, values({})) / 3);
    for (int i = 0; i < n; ++i) {
      const std::string s = n > 1 ? c.name + std::to_string(i + 1) : c.name;
      out.push_back({s, "control" + (n > 1 ? std::to_string(i + 1) : std::string()),
                     "Control " + s + " (" + c.description + ")", c.unit, i % 2});
    }
    return out;
  }

  std::vector<std::string> csvColumns(const ControlRequest& r) const override {
    std::vector<std::string> out = {"t"};
    const Simulator sim(m_model, Method::Variational, values(r), settings(r));
    for (std::size_t i = 0; i < sim.controlSize(); ++i) out.push_back("u" + std::to_string(i + 1));
    // how far the RK45 replay of the controls is from vi's at t_k
    out.push_back("rk45_deviation");
    return out;
  }

  std::string structureName() const override { return "max |c_i| (chart defects)"; }

  std::string methodLine(const ControlRequest&) const override {
    return "DMOC: forced vi (discrete Lagrange-d'Alembert), IPOPT " + ipoptVersion();
  }

  ParamValues sceneParams(const ControlRequest& r) const override { return values(r); }

  Sample initialSample(const ControlRequest& r) const override {
    const Simulator sim(m_model, Method::Variational, values(r), settings(r));
    return sim.sample();
  }

  void check(const ControlRequest& r) const override { spec(r); }

  ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const override;

  DmocSpec spec(const ControlRequest& r) const {
    const ParamValues v = completeValues(r);
    DmocSpec s;
    s.model = &m_model;
    s.values = values(r);
    s.T = v.at("T").front();
    s.h = v.at("h").front();
    checkStepAndHorizon(s.h, s.T);
    const Simulator sim(m_model, Method::Variational, s.values, settings(r));
    if (m_e.thrust) {
      // u = (f, M): 0 <= f <= f_max, |M_i| <= M_max, from the hover thrust m g
      s.uBound = VectorXd::Constant(4, v.at("M_max").front());
      s.uBound[0] = v.at("f_max").front();
      s.uLower = -s.uBound;
      s.uLower[0] = 0.0;
      const double hover = scalarParam(s.values, "m") * scalarParam(s.values, "g");
      if (!(hover <= s.uBound[0]))
        throw InputError("f_max = " + formatNumber(s.uBound[0]) +
                         " N: below the hover thrust m g = " + formatNumber(hover) +
                         " N, the quadrotor cannot hover (allowed range [m g, 1e6])");
      s.uGuess = VectorXd::Zero(4);
      s.uGuess[0] = hover;
    } else {
      s.uBound = VectorXd::Constant(Eigen::Index(sim.controlSize()), v.at("u_max").front());
    }
    s.tol = v.at("tol").front();
    s.maxIterations = int(v.at("max_iter").front());
    s.maxCpuSeconds = v.at("max_time").front();
    s.guess = completeChoices(r).at("guess") == "free" ? DmocGuess::Free : DmocGuess::Interpolate;
    s.target = sim.state();
    for (StatePart& p : s.target) {
      if (m_e.rigid && p.name == "R") {
        const Matrix3d R = so3Exp(vectorParam(v, "rotvec_target"));
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) p.values[std::size_t(3 * i + j)] = R(i, j);
      } else if (m_e.thrust && p.name == "R") {
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) p.values[std::size_t(3 * i + j)] = i == j ? 1.0 : 0.0;
      } else if (m_e.thrust && p.name == "x") {
        const Vector3d x = vectorParam(v, "x_target");
        p.values.assign(x.data(), x.data() + 3);
      } else if (!m_e.rigid && p.name == "q") {
        for (std::size_t i = 0; i < p.values.size(); ++i) p.values[i] = i % 3 == 2 ? -1.0 : 0.0;
      } else {
        std::fill(p.values.begin(), p.values.end(), 0.0);
      }
    }
    return s;
  }

 private:
  ParamValues values(const ControlRequest&) const {
    ParamValues v = defaultValues(m_model.params());
    for (const auto& [k, x] : m_e.overrides) v[k] = x;
    return m_model.normalize(v, nullptr);
  }
  IntegratorSettings settings(const ControlRequest& r) const {
    const ParamValues v = completeValues(r);
    return settingsOf(m_model, v.at("h").front(), v.at("T").front());
  }

  const SystemModel& m_model;
  const Example& m_e;
  std::vector<ParamSpec> m_fields;
};

ControlResult DmocProblem::solve(const ControlRequest& r, const ProgressCallback& progress) const {
  ControlResult out;
  DmocSolution sol;
  DmocSpec s;
  try {
    out.warnings = warnings(r);
    s = spec(r);
    sol = solveDmoc(s, progress);
  } catch (const InputError& e) {
    out.badInput = true;
    out.status = "bad input";
    out.message = e.what();
    return out;
  }
  out.converged = sol.converged;
  out.cancelled = sol.cancelled;
  out.status = sol.status;
  out.message = sol.message;
  out.iterations = sol.iterations;
  out.evaluations = sol.evaluations;
  out.cost = sol.cost;
  out.terminalError = sol.viTerminalError;
  out.structureError = sol.constraintViolation;
  out.cpuSeconds = sol.cpuSeconds;
  out.wallSeconds = sol.wallSeconds;
  out.h = s.h;
  out.history = sol.history;
  out.samples = sol.viReplay;
  const std::vector<ControlChannel> ch = channels();
  out.controls.assign(ch.size(), {});
  double umax = 0.0;
  out.csvColumns = csvColumns(r);
  for (int k = 0; k < sol.N; ++k) {
    const VectorXd& u = sol.u[std::size_t(k)];
    out.controlTimes.push_back(k * s.h);
    for (std::size_t c = 0; c < ch.size(); ++c)
      if (m_e.thrust)  // (f, 0, 0), then M
        out.controls[c].push_back(c == 0 ? Vector3d(u[0], 0, 0) : Vector3d(u.segment<3>(1)));
      else
        out.controls[c].push_back(u.segment<3>(Eigen::Index(3 * c)));
    umax = std::max(umax, u.cwiseAbs().maxCoeff());
    std::vector<double> row = {k * s.h};
    row.insert(row.end(), u.data(), u.data() + u.size());
    row.push_back(std::size_t(k) < sol.rk45Deviation.size()
                      ? sol.rk45Deviation[std::size_t(k)]
                      : std::numeric_limits<double>::quiet_NaN());
    out.csvRows.push_back(row);
  }
  using I = std::int64_t;
  out.report = {
      {"system", m_model.name(), "system"},
      {"T", s.T},
      {"h", s.h},
      {"N", I(sol.N), "N"},
      {"t_final", sol.N * s.h, "t_N = N h", "s"},
      {"guess", completeChoices(r).at("guess"), "initial guess"},
      {"solver", "IPOPT " + ipoptVersion() + " (limited-memory Hessian)", "solver"},
      {"converged", sol.converged, "converged"},
      {"status", sol.status, "solver status"},
      {"iterations", I(sol.iterations), "iterations"},
      {"evaluations", I(sol.evaluations), "evaluations"},
      {"recenterings", I(sol.recenterings), "chart re-centerings"},
      {"cost", sol.cost, "cost J = h Σ |u_k|²", "", 8},
      {"constraint_violation", sol.constraintViolation, "max |c_i|", "", 3},
      {"terminal_error", sol.viTerminalError, "vi replay: distance to the target", "", 3},
      {"rk45_terminal_error", sol.rk45TerminalError, "RK45 replay: distance to the target", "", 3},
      {"rk45_rtol", sol.rk45Rtol},
      {"u_max", s.uBound.size() ? s.uBound[0] : 0.0},
      {"max_u", umax, "max |u_i|"},
      {"cpu_s", sol.cpuSeconds, "CPU time", "s", 3},
      {"wall_s", sol.wallSeconds},
      {"tol", s.tol},
      {"max_iter", I(s.maxIterations)},
  };
  if (m_e.thrust) {
    // its bounds by name in place of u_max, and the least thrust (0 <= f)
    out.report.erase(std::remove_if(out.report.begin(), out.report.end(),
                                    [](const ReportEntry& e) { return e.key == "u_max"; }),
                     out.report.end());
    double fMin = std::numeric_limits<double>::infinity();
    for (const VectorXd& u : sol.u) fMin = std::min(fMin, u[0]);
    out.report.push_back({"f_max", s.uBound[0]});
    out.report.push_back({"M_max", s.uBound[1]});
    out.report.push_back({"min_f", fMin, "min f", "N"});
  }
  out.report.push_back({"warnings", out.warnings});
  if (!sol.converged) out.report.push_back({"failure", sol.message});
  return out;
}

}  // namespace

const std::vector<std::string>& dmocExampleNames() {
  static const std::vector<std::string> n = [] {
    std::vector<std::string> out;
    for (const Example& e : examples()) out.push_back(e.name);
    return out;
  }();
  return n;
}

std::string dmocExampleSystem(const std::string& name) { return exampleNamed(name).system; }

std::unique_ptr<ControlProblem> makeDmocProblem(const SystemModel& model, const std::string& name) {
  const Example& e = exampleNamed(name);
  if (e.system != model.name())
    throw InputError("the DMOC example '" + name + "' is of " + e.system + ", not " + model.name());
  return std::make_unique<DmocProblem>(model, e);
}

DmocSpec dmocSpecOf(const ControlProblem& problem, const ControlRequest& r) {
  const auto* p = dynamic_cast<const DmocProblem*>(&problem);
  if (!p) throw InputError("'" + problem.title() + "' is not a DMOC problem");
  return p->spec(r);
}

}  // namespace dms
