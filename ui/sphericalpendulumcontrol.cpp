// The spherical pendulum's "Optimal control" mode: the swing-up by DMOC of issue 6, through
// solveSphericalPendulumOcp() (core/control/sphericalpendulumocp.h), the same call as
// `dmsim control --system spherical-pendulum`, with the same fields and defaults.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/control/sphericalpendulumocp.h"
#include "ui/controlproblems.h"

namespace dms::ui {

namespace {

std::string num(double v, int digits = 4) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

class SphericalPendulumControl final : public ControlProblem {
 public:
  std::string system() const override { return "spherical-pendulum"; }
  std::string title() const override { return "Swing-up by DMOC (SQP)"; }

  const std::vector<ParamSpec>& fields() const override {
    static const std::vector<ParamSpec> specs = [] {
      const std::vector<ParamSpec>& is = integratorSpecs();
      ParamSpec T = is[1], h = is[0];
      T.description = "maneuver time: N = floor(T/h) steps, t_N = N h";
      T.defaults = {1.0};
      T.sliderMin = 0.1;
      T.sliderMax = 10.0;
      h.description = "time step of the transcription";
      h.defaults = {0.033};
      h.sliderMin = 0.002;
      h.sliderMax = 0.2;
      std::vector<ParamSpec> s = {T, h};
      const std::vector<ParamSpec>& p = sphericalOcpSpecs();
      for (const char* name : {"q0", "omega0", "qd", "omegad", "m", "l", "g"})
        s.push_back(*findSpec(p, name));
      return s;
    }();
    return specs;
  }

  const std::vector<ParamSpec>& solverFields() const override {
    static const std::vector<ParamSpec> specs = {
        {"max_iter",
         "",
         "SQP iteration limit (a whole number)",
         1,
         {200.0},
         1.0,
         100000.0,
         false,
         false,
         1.0,
         1000.0},
        {"tol",
         "",
         "constraint tolerance: converged when every |c_i| <= tol",
         1,
         {1e-10},
         1e-15,
         1e-2,
         false,
         false,
         1e-14,
         1e-3},
        {"ftol",
         "",
         "stop when the cost changes by less than ftol, relatively",
         1,
         {1e-12},
         0.0,
         1e-2,
         false,
         false,
         1e-15,
         1e-3},
        {"max_time",
         "s",
         "wall-clock limit of one solve (0: none)",
         1,
         {300.0},
         0.0,
         1e5,
         false,
         false,
         1.0,
         1000.0},
    };
    return specs;
  }

  const std::vector<ControlChoice>& choices() const override {
    static const std::vector<ControlChoice> c = {
        {"transcription",
         "Transcription",
         "vi: the forced variational integrator (35)-(36), the article's DMOC; rk2: Heun's "
         "method on (31)-(32) with the same controls",
         {{"vi", "vi: forced variational integrator"}, {"rk2", "rk2: Heun on (31)-(32)"}}},
        {"guess",
         "Initial guess",
         "plain: the reference swing about q0 x qd; mirror: the same swing turned the other way "
         "round (the problem is symmetric: both reach the same cost)",
         {{"plain", "plain"}, {"mirror", "mirror"}}},
    };
    return c;
  }

  bool reportsResidual() const override { return false; }

  std::vector<ControlChannel> channels() const override {
    return {{"u", "control", "Control moment u = q × w", "N m", 0}};
  }

  std::string structureName() const override { return "max |1 - q^T q|"; }

  std::string methodLine(const ControlRequest& r) const override {
    return choice(r, "transcription") == "rk2" ? "DMOC, Heun RK2 transcription (31)-(32)"
                                               : "DMOC, forced variational integrator (35)-(36)";
  }

  ParamValues sceneParams(const ControlRequest& r) const override {
    return {{"l", {value(r, "l")}}, {"q0", valueVector(r, "q0")}};
  }

  void check(const ControlRequest& r) const override { build(r); }

  ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const override {
    ControlResult out;
    SphericalPendulumOcp ocp;
    OcpSolveSettings st;
    OcpSolution sol;
    try {
      ocp = build(r, &st);
      sol = solveSphericalPendulumOcp(ocp, st, progress);
    } catch (const std::exception& e) {
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
    out.terminalError = sol.terminalError;
    out.structureError = sol.maxUnitLengthError;
    out.cpuSeconds = sol.cpuSeconds;
    out.wallSeconds = sol.wallSeconds;
    out.h = ocp.h;
    out.arrowLength = 0.8 * ocp.p.l;
    out.history = sol.history;
    const SphericalPendulumParams& p = ocp.p;
    std::vector<Vector3d> u;
    double umax = 0.0;
    out.csvColumns = {"t",  "q1", "q2", "q3",     "omega1", "omega2", "omega3",
                      "u1", "u2", "u3", "u_norm", "w1",     "w2",     "w3"};
    for (std::size_t k = 0; k < sol.states.size() && k < sol.u.size(); ++k) {
      const SphericalPendulumState& x = sol.states[k];
      Sample s;
      s.t = sol.t[k];
      s.position = p.l * x.q;
      s.velocity = p.l * x.omega.cross(x.q);
      s.energy = 0.5 * p.m * p.l * p.l * x.omega.squaredNorm() - p.m * p.g * p.l * x.q.z();
      s.structure = std::fabs(1.0 - x.q.squaredNorm());
      s.structure2 = std::fabs(x.q.dot(x.omega));
      out.samples.push_back(s);
      u.push_back(sol.u[k]);
      umax = std::max(umax, sol.u[k].norm());
      const Vector3d w = sol.w.segment<3>(3 * Eigen::Index(k));
      out.csvRows.push_back({s.t, x.q.x(), x.q.y(), x.q.z(), x.omega.x(), x.omega.y(), x.omega.z(),
                             sol.u[k].x(), sol.u[k].y(), sol.u[k].z(), sol.u[k].norm(), w.x(),
                             w.y(), w.z()});
    }
    out.controls = {u};
    // the moment about the pivot, and the force on the bob that exerts it: F = (u x q)/l is
    // tangent and l q x F = u (the moment points out of the swing plane, the force lies in it)
    ArrowTrack moment{"control moment u about the pivot", "N m", 0, true, u};
    ArrowTrack force{"the same as a force (u × q)/l on the bob", "N", 1, false, {}};
    for (std::size_t k = 0; k < u.size(); ++k)
      force.vectors.push_back(u[k].cross(sol.states[k].q) / p.l);
    out.arrows = {moment, force};
    out.summary = {
        {"status", sol.converged ? "converged (" + sol.status + ")" : sol.status},
        {"iterations",
         std::to_string(sol.iterations) + " (" + std::to_string(sol.evaluations) + " evaluations)"},
        {"cost J = Σ h/2 |u_k|²", num(sol.cost, 8) + " N² m² s"},
        {"terminal error", num(sol.terminalError, 3)},
        {"max |1 - qᵀq|", num(sol.maxUnitLengthError, 3)},
        {"max |q·ω|", num(sol.maxTangencyError, 3)},
        {"max |u|", num(umax, 4) + " N m"},
        {"cond(dc/dw)", num(sol.jacobianCondition, 3)},
        {"N, variables", std::to_string(ocp.N) + ", " + std::to_string(ocp.variables())},
        {"CPU time", num(sol.cpuSeconds, 3) + " s"},
    };
    return out;
  }

 private:
  static std::string choice(const ControlRequest& r, const std::string& name) {
    const auto it = r.choices.find(name);
    return it == r.choices.end() ? std::string() : it->second;
  }
  static double value(const ControlRequest& r, const std::string& name) {
    const auto it = r.values.find(name);
    return it == r.values.end() || it->second.empty() ? 0.0 : it->second.front();
  }
  static std::vector<double> valueVector(const ControlRequest& r, const std::string& name) {
    const auto it = r.values.find(name);
    return it == r.values.end() ? std::vector<double>{} : it->second;
  }

  // checks everything (the core names the field, the value and the range) and builds the
  // request and the solver settings
  SphericalPendulumOcp build(const ControlRequest& r, OcpSolveSettings* st = nullptr) const {
    const std::vector<ParamSpec> all = allFields();
    ParamValues v = defaultValues(all);
    for (const auto& [name, value] : r.values) applyAssignment(all, v, name, value);
    const std::string tr = choice(r, "transcription"), guess = choice(r, "guess");
    if (guess != "plain" && guess != "mirror")
      throw InputError("initial guess '" + guess + "': expected plain or mirror");
    ParamValues physics;
    for (const ParamSpec& s : sphericalOcpSpecs()) physics[s.name] = v.at(s.name);
    const SphericalPendulumOcp ocp = makeSphericalPendulumOcp(
        physics, v.at("T").front(), v.at("h").front(), parseTranscription(tr));
    const double maxIter = v.at("max_iter").front();
    if (maxIter != std::floor(maxIter))
      throw InputError("max_iter = " + formatNumber(maxIter) + " must be a whole number in [1, " +
                       "100000]");
    if (st) {
      st->slsqp.maxIterations = int(maxIter);
      st->slsqp.constraintTol = v.at("tol").front();
      st->slsqp.ftolRel = v.at("ftol").front();
      st->slsqp.maxTimeSeconds = v.at("max_time").front();
      st->guessSide = guess == "mirror" ? -1 : 1;
    }
    return ocp;
  }
};

}  // namespace

const ControlProblem& sphericalPendulumControl() {
  static const SphericalPendulumControl p;
  return p;
}

}  // namespace dms::ui
