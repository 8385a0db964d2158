// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/dmocproblem.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/integrators/settingkeys.h"
#include "core/lie/so3.h"
#include "core/sim/dmoccost.h"
#include "core/sim/simulator.h"

namespace dms {
namespace {

// One part of an example's target state: a value of its own, or the value of a field of the
// problem (its name, unit, description and slider range). A rotation is given by its rotation
// vector v and turns the base state's rotation, R = R_base exp(v^); a unit vector is normalized;
// the others are their entries.
struct TargetPart {
  enum class Kind { Entries, Rotation, UnitVector };
  std::string part;
  Kind kind = Kind::Entries;
  std::vector<double> value;
  std::string field = {}, unit = {}, description = {};
  double lo = 0.0, hi = 0.0;
};

// a part fixed at `value` (a list of unit vectors row by row)
TargetPart fixedPart(std::string part, std::vector<double> value) {
  return {std::move(part), TargetPart::Kind::Entries, std::move(value)};
}
// a part set by the field `field` (its entries: a scalar or a 3-vector)
TargetPart partByField(std::string part, std::string field, std::vector<double> value,
                       std::string unit, std::string description, double lo, double hi) {
  return {std::move(part),
          TargetPart::Kind::Entries,
          std::move(value),
          std::move(field),
          std::move(unit),
          std::move(description),
          lo,
          hi};
}
// a unit vector set by the field `field` (normalized)
TargetPart unitVectorByField(std::string part, std::string field, const Vector3d& value,
                             std::string description) {
  return {std::move(part),
          TargetPart::Kind::UnitVector,
          {value.x(), value.y(), value.z()},
          std::move(field),
          "",
          std::move(description),
          -1.0,
          1.0};
}
// a rotation R = R_base exp(v^), v set by the field `field`
TargetPart rotationByField(std::string part, std::string field, const Vector3d& v,
                           std::string description) {
  return {std::move(part),
          TargetPart::Kind::Rotation,
          {v.x(), v.y(), v.z()},
          std::move(field),
          "rad",
          std::move(description),
          -3.0,
          3.0};
}

// a control's description up to its first comma or parenthesis ("force on body 2" of "force
// on body 2, inertial coordinates, with ..."): a plot's title, which must fit a plot of a fifth
// of a 1024-pixel window on at most a few lines
std::string leadingClause(const std::string& description) {
  const std::size_t end = description.find_first_of(",(");
  std::string out = description.substr(0, end);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

StatePart* mutablePart(std::vector<StatePart>& parts, const std::string& name) {
  for (StatePart& p : parts)
    if (p.name == name) return &p;
  return nullptr;
}

// What the target's other parts are: at rest (every entries part of the tangent 0, every
// rotation I, unit vectors and the parts outside the tangent as in x_0), or where the unforced
// vi run from x_0 is at t_N (a maneuver relative to the free motion, e.g. along an orbit).
enum class TargetBase { Rest, FreeRun };

// What an example is: a system, its parameters' changes (the initial state), a horizon and a
// step, a bound on every control entry, and its target, part by part.
struct Example {
  std::string name, system, title, summary;
  ParamValues overrides;
  double T = 1.0, h = 0.01, uMax = 1.0;
  TargetBase base = TargetBase::Rest;
  std::vector<TargetPart> target;
  // a vehicle pushed by a thrust f along a body axis and turned by torques M, u = (f, M): the
  // bounds 0 <= f <= f_max and |M_i| <= M_max in place of u_max, and the guess f = m g (hover)
  bool thrust = false;
  double fMax = 0.0, MMax = 0.0;
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
    p.target = {rotationByField("R", "rotvec_target", Vector3d(0.4, 0, M_PI / 2),
                                "target attitude R = exp(rotvec_target^), at rest")};
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
    c.target = {fixedPart("q", {0, 0, -1, 0, 0, -1})};
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
    r.target = {rotationByField("R", "rotvec_target", Vector3d(0.6, 0.0, 1.0),
                                "target attitude R = exp(rotvec_target^), at rest")};
    out.push_back(r);
    Example ms;
    ms.name = "mass-spring-rest";
    ms.system = "mass-spring";
    ms.title = "Bringing the oscillating mass to rest by DMOC (IPOPT)";
    ms.summary =
        "Minimizes h sum_k f_k^2 over the forces on the block (|f| <= u_max) subject to the\n"
        "forced vi steps (the midpoint rule), from the oscillation at q0, v0 to rest at\n"
        "q = q_target, by IPOPT with exact sparse Jacobians.";
    // about one period, 2 pi s
    ms.T = 6.3;
    ms.h = 0.035;
    ms.uMax = 1.0;
    ms.target = {partByField("q", "q_target", {0.0}, "m", "target position, at rest", -1e3, 1e3)};
    out.push_back(ms);
    Example pp;
    pp.name = "planar-pendulum-swing-up";
    pp.system = "planar-pendulum";
    pp.title = "Swing-up of the planar pendulum with bounded torque by DMOC (IPOPT)";
    pp.summary =
        "Minimizes h sum_k tau_k^2 over the torques at the pivot (|tau| <= u_max, active over the\n"
        "swing) subject to the forced vi steps on SO(2), from hanging at rest to rest at\n"
        "theta = theta_target, by IPOPT with exact sparse Jacobians.";
    pp.overrides = {{"theta0", {0.0}}, {"omega0", {0.0}}};
    pp.T = 3.0;
    pp.h = 0.03;
    pp.uMax = 150.0;
    pp.target = {partByField("theta", "theta_target", {M_PI}, "rad",
                             "target angle from hanging (pi: upright), at rest", -10.0, 10.0)};
    out.push_back(pp);
    Example tb;
    tb.name = "two-body-reorientation";
    tb.system = "two-body";
    tb.title = "Reorientation of a body of a binary in orbit by DMOC (IPOPT)";
    tb.summary =
        "Two dumbbells in a circular orbit about each other (G = 1): minimizes h sum_k |u_k|^2\n"
        "over the torques on each body and the internal force (|u_i| <= u_max) subject to the\n"
        "forced vi steps on (SO(3) x R^3)^2, to turn body 2 by exp(rotvec2_target^) from where "
        "its\n"
        "free motion would be at t_N, every other part of the state as the free motion's.";
    tb.overrides = {{"G", {1.0}},
                    {"n1", {2}},
                    {"m1_1", {0.5}},
                    {"r1_1", {0.1}},
                    {"c1_1", {-0.5, 0, 0}},
                    {"m1_2", {0.5}},
                    {"r1_2", {0.1}},
                    {"c1_2", {0.5, 0, 0}},
                    {"n2", {2}},
                    {"m2_1", {0.25}},
                    {"r2_1", {0.08}},
                    {"c2_1", {0, -0.3, 0}},
                    {"m2_2", {0.25}},
                    {"r2_2", {0.08}},
                    {"c2_2", {0, 0.3, 0}},
                    // the circular orbit of point masses, sqrt(G (m1 + m2) / |x0|), and both bodies
                    // turning with it
                    {"x0", {3, 0, 0}},
                    {"v0", {0, std::sqrt(0.5), 0}},
                    {"rotvec1", {0, 0, 0}},
                    {"Omega1", {0, 0, std::sqrt(0.5) / 3}},
                    {"rotvec2", {0, 0, 0}},
                    {"Omega2", {0, 0, std::sqrt(0.5) / 3}}};
    tb.T = 4.0;
    tb.h = 0.04;
    tb.uMax = 0.1;
    tb.base = TargetBase::FreeRun;
    tb.target = {rotationByField("R2", "rotvec2_target", Vector3d(0, 0, M_PI / 2),
                                 "turn of body 2 from its free motion's attitude at t_N, "
                                 "R2 = R2_free exp(rotvec2_target^)")};
    out.push_back(tb);
    Example sp;
    sp.name = "custom-sphere-particle-transfer";
    sp.system = "custom-sphere-particle";
    sp.title = "Transfer of a particle on the sphere in its typed potential by DMOC (IPOPT)";
    sp.summary =
        "Minimizes h sum_k |f_k|^2 over the forces on the particle (|f_i| <= u_max) subject to "
        "the\n"
        "forced vi steps on S^2 in the typed potential U(q), from rest at q0 to rest at\n"
        "q = q_target (normalized), by IPOPT with exact sparse Jacobians.";
    sp.overrides = {{"q0", {0, 0, 1}}, {"omega0", {0, 0, 0}}};
    sp.T = 2.0;
    sp.h = 0.01;
    sp.uMax = 10.0;
    sp.target = {unitVectorByField("q", "q_target", Vector3d(0.6, 0, 0.8),
                                   "target direction from the centre, at rest (normalized)")};
    out.push_back(sp);
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
    // hover: at rest (v = 0, Omega = 0) with R = I, at x_target
    q.target = {partByField("x", "x_target", {0.0, 0.0, 0.0}, "m",
                            "hover position at the end (e3 down)", -1e3, 1e3)};
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

// for controls of different units: the unit of each, e.g. " (tau1 in N m, f in N)"
std::string controlUnits(const SystemDeclaration& d) {
  if (!dmocControlUnit(d).empty() || d.controls.size() < 2) return "";
  std::string out;
  for (const StatePartSpec& c : d.controls)
    out += (out.empty() ? "" : ", ") + c.name + " in " + c.unit;
  return " (" + out + ")";
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
    } else {
      m_fields.push_back(ParamSpec::scalar("u_max", dmocControlUnit(m_model.declaration()),
                                           "bound on every control entry, |u_i| <= u_max" +
                                               controlUnits(m_model.declaration()))
                             .defaultValue(m_e.uMax)
                             .range(1e-6, 1e6)
                             .slider(0.01, 100.0)
                             .cliFlag("--u-max"));
    }
    const ParamValues v = values({});
    m_expressions = {
        {"running_cost", "--running-cost", "Running cost L",
         "the running cost L(t, state, u), typed as an expression: the cost is h sum_k (L(t_k, "
         "x_k, "
         "u_k) + L(t_{k+1}, x_{k+1}, u_k))/2 + Phi(x_N); " +
             DmocCost::runningNames(m_model, v),
         "the control effort " + DmocCost::effortText(m_model, v)},
        {"terminal_cost", "--terminal-cost", "Terminal cost Phi",
         "the terminal cost Phi(state) at x_N, typed as an expression of the state's entries and "
         "the parameters (needed when the target is a cost)",
         "none"},
    };
    for (const TargetPart& t : m_e.target) {
      if (t.field.empty()) continue;
      ParamSpec f = t.value.size() == 1 ? ParamSpec::scalar(t.field, t.unit, t.description)
                                        : ParamSpec::vector3(t.field, t.unit, t.description);
      m_fields.push_back(f.defaultValue(t.value).range(t.lo, t.hi).slider(t.lo, t.hi));
    }
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
        {"target",
         "Target",
         "constraint: x_N = the target; cost: x_N free, the target reached through the terminal "
         "cost Phi alone (which must be given)",
         {{"constraint", "constraint", {}}, {"cost", "cost", {}}}},
    };
    return c;
  }

  const std::vector<ControlExpressionField>& expressionFields() const override {
    return m_expressions;
  }

  bool reportsResidual(const ControlRequest&) const override { return false; }

  // a channel per control part, or per row of a list (the chain's f_i); a scalar control has
  // one component
  std::vector<ControlChannel> channels() const override {
    std::vector<ControlChannel> out;
    const std::vector<StatePartSpec>& cs = m_model.declaration().controls;
    int index = 0;
    for (const StatePartSpec& c : cs) {
      const std::size_t size = declaredSize(c.shape, values({}));
      const int rows = size % 3 == 0 ? int(size / 3) : 1;
      const int components = size % 3 == 0 ? 3 : int(size);
      for (int i = 0; i < rows; ++i, ++index) {
        const std::string s = rows > 1 ? c.name + std::to_string(i + 1) : c.name;
        const std::string plot =
            cs.size() > 1 ? "control-" + s
                          : "control" + (rows > 1 ? std::to_string(i + 1) : std::string());
        out.push_back({s, plot, "Control " + s + " (" + leadingClause(c.description) + ")", c.unit,
                       index % 2, components});
      }
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
    Simulator sim(m_model, Method::Variational, s.values, settings(r));
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
    s.target = target(sim, v);
    const auto text = [&r](const std::string& name) {
      const auto it = r.expressions.find(name);
      return it == r.expressions.end() ? std::string() : it->second;
    };
    for (const auto& [name, e] : r.expressions)
      if (name != "running_cost" && name != "terminal_cost")
        throw InputError("unknown expression field '" + name +
                         "' (the fields typed as expressions are running_cost and terminal_cost)");
    s.runningCost = text("running_cost");
    s.terminalCost = text("terminal_cost");
    s.targetAsCost = completeChoices(r).at("target") == "cost";
    // the expressions checked here, before a solve starts
    const DmocCost cost(m_model, sim.values(), s.runningCost, s.terminalCost);
    if (s.targetAsCost && !cost.hasTerminal())
      throw InputError(
          "--terminal-cost: the target is a cost (target = cost), but no terminal cost is given");
    return s;
  }

 private:
  // the target: the base state (at rest, or the free run's end at t_N), then each part the
  // example sets, from its value or its field
  std::vector<StatePart> target(Simulator& sim, const ParamValues& v) const {
    const SystemDeclaration& d = m_model.declaration();
    std::vector<StatePart> out = sim.state();
    if (m_e.base == TargetBase::FreeRun) {
      for (std::int64_t k = 0, n = checkStepAndHorizon(sim.settings().h, sim.settings().T); k < n;
           ++k)
        if (!sim.step())
          throw InputError("the free vi run from x_0, the target's base, failed: " +
                           sim.failure().reason);
      out = sim.state();
    } else {
      for (const TangentPart& t : d.tangent) {
        StatePart* p = mutablePart(out, t.part);
        if (!p || t.kind == TangentKind::UnitVectors) continue;
        std::fill(p->values.begin(), p->values.end(), 0.0);
        if (t.kind == TangentKind::Rotation) p->values[0] = p->values[4] = p->values[8] = 1.0;
      }
    }
    for (const TargetPart& t : m_e.target) {
      StatePart* p = mutablePart(out, t.part);
      if (!p) throw InputError("the target has no part '" + t.part + "'");
      const std::vector<double> x = t.field.empty() ? t.value : v.at(t.field);
      switch (t.kind) {
        case TargetPart::Kind::Rotation: {
          const Matrix3d R =
              Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>>(p->values.data()) *
              so3Exp(Vector3d(x[0], x[1], x[2]));
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) p->values[std::size_t(3 * i + j)] = R(i, j);
          break;
        }
        case TargetPart::Kind::UnitVector: {
          const Vector3d q(x[0], x[1], x[2]);
          if (!(q.norm() > 1e-9))
            throw InputError(t.field + " = " + formatVector(q) +
                             ": a direction must not be zero (it is normalized)");
          const Vector3d n = q.normalized();
          p->values.assign(n.data(), n.data() + 3);
          break;
        }
        case TargetPart::Kind::Entries:
          if (x.size() != p->values.size())
            throw InputError("the target's part '" + t.part + "' has " +
                             std::to_string(p->values.size()) + " entries, got " +
                             std::to_string(x.size()));
          p->values = x;
          break;
      }
    }
    return out;
  }

  ParamValues values(const ControlRequest&) const {
    // the defaults of the structure the overrides give (a two-body problem's spheres)
    ParamValues v = defaultValues(m_model.paramsFor(m_e.overrides));
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
  std::vector<ControlExpressionField> m_expressions;
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
    Eigen::Index at = 0;
    for (std::size_t c = 0; c < ch.size(); ++c) {
      Vector3d v = Vector3d::Zero();
      for (int i = 0; i < ch[c].components; ++i) v[i] = u[at + i];
      at += ch[c].components;
      out.controls[c].push_back(v);
    }
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
      {"target", completeChoices(r).at("target"), "target"},
      {"running_cost", s.runningCost, "running cost L (none: the control effort)"},
      {"terminal_cost", s.terminalCost, "terminal cost Phi"},
      {"solver", "IPOPT " + ipoptVersion() + " (limited-memory Hessian)", "solver"},
      {"converged", sol.converged, "converged"},
      {"status", sol.status, "solver status"},
      {"iterations", I(sol.iterations), "iterations"},
      {"evaluations", I(sol.evaluations), "evaluations"},
      {"recenterings", I(sol.recenterings), "chart re-centerings"},
      {"cost", sol.cost,
       s.runningCost.empty() && s.terminalCost.empty() ? "cost J = h Σ |u_k|²" : "cost J", "", 8},
      {"terminal_cost_value", sol.terminalCostValue, "Phi(x_N)", "", 6},
      {"replay_error", sol.viReplayError, "vi replay: distance to x_N", "", 3},
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
