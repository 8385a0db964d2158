// The dumbbell's "Optimal control" mode: the orbit transfer of issue 7 by shooting on the
// discrete necessary conditions, through solveDumbbellShooting()
// (core/control/dumbbellocp.h), the same call as `dmsim control --system dumbbell`. The target
// is given as a circular orbit in the (e1, e2) plane: radius and polar angle give x^d and the
// circular velocity v^d there (counter-clockwise, as the default v0).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/control/dumbbellocp.h"
#include "core/lie/so3.h"
#include "ui/controlproblems.h"

namespace dms::ui {

namespace {

std::string num(double v, int digits = 4) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

// the core's fields that the panel shows as they are (xd, vd come from radius and angle)
bool shownAsIs(const std::string& name) { return name != "xd" && name != "vd"; }

class DumbbellControl final : public ControlProblem {
 public:
  std::string system() const override { return "dumbbell"; }
  std::string title() const override { return "Orbit transfer by shooting (indirect method)"; }

  const std::vector<ParamSpec>& fields() const override {
    static const std::vector<ParamSpec> specs = [] {
      const std::vector<ParamSpec>& is = integratorSpecs();
      ParamSpec T = is[1], h = is[0];
      T.description = "maneuver time: N = floor(T/h) steps, t_N = N h";
      T.defaults = {kDumbbellOcpT};
      T.sliderMin = 1.0;
      T.sliderMax = 100.0;
      h.description = "time step of the first-order controlled equations";
      h.defaults = {kDumbbellOcpH};
      h.sliderMin = 0.005;
      h.sliderMax = 0.5;
      std::vector<ParamSpec> s = {T, h};
      s.push_back({"radius",
                   "m",
                   "target circular orbit: radius |x^d| (in the e1-e2 plane)",
                   1,
                   {3.2},
                   0.0,
                   1e6,
                   true,
                   false,
                   1.0,
                   10.0});
      s.push_back({"angle",
                   "rad",
                   "target polar angle of x^d from e1, counter-clockwise",
                   1,
                   {1.9},
                   -100.0,
                   100.0,
                   false,
                   false,
                   -3.14159,
                   3.14159});
      const std::vector<ParamSpec>& core = dumbbellOcpSpecs();
      // target attitude and rate, weights, then the dumbbell and its initial state
      for (const char* name : {"attd", "Omegad", "Wf", "Wm"}) s.push_back(*findSpec(core, name));
      for (const ParamSpec& p : core)
        if (shownAsIs(p.name) && !findSpec(s, p.name)) s.push_back(p);
      return s;
    }();
    return specs;
  }

  const std::vector<ParamSpec>& solverFields() const override {
    static const std::vector<ParamSpec> specs = {
        {"max_iter",
         "",
         "Newton iteration limit (a whole number)",
         1,
         {50.0},
         1.0,
         100000.0,
         false,
         false,
         1.0,
         1000.0},
        {"tol",
         "",
         "converged when the terminal error is at most tol",
         1,
         {1e-12},
         1e-15,
         1e-2,
         false,
         false,
         1e-14,
         1e-3},
        {"max_time",
         "s",
         "wall-clock limit of one solve (0: none)",
         1,
         {60.0},
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
    static const std::vector<ControlChoice> none;
    return none;
  }

  bool reportsResidual() const override { return true; }

  std::vector<ControlChannel> channels() const override {
    return {{"u^f", "force", "Control force uᶠ", "N", 0},
            {"u^m", "moment", "Control moment uᵐ (body frame)", "N m", 1}};
  }

  std::string structureName() const override { return "max ||I - R^T R||"; }

  std::string methodLine(const ControlRequest&) const override {
    return "shooting on the discrete necessary conditions (47)-(49), Newton";
  }

  ParamValues sceneParams(const ControlRequest& r) const override {
    ParamValues p;
    for (const char* name : {"mu", "m1", "m2", "L", "r", "x0"}) {
      const auto it = r.values.find(name);
      if (it != r.values.end()) p[name] = it->second;
    }
    return p;
  }

  void check(const ControlRequest& r) const override {
    const DumbbellOcp ocp = build(r);
    const std::string why = dumbbellTargetError(ocp);
    if (!why.empty()) throw InputError(why);
  }

  ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const override {
    ControlResult out;
    DumbbellOcp ocp;
    ShootingSettings st;
    DumbbellOcpSolution sol;
    try {
      ocp = build(r, &st);
      sol = solveDumbbellShooting(ocp, st, progress);
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
    out.structureError = sol.maxOrthogonalityError;
    out.cpuSeconds = sol.cpuSeconds;
    out.wallSeconds = sol.wallSeconds;
    out.h = ocp.h;
    out.history = sol.history;
    out.arrowLength = 0.5 * std::max(ocp.s0.x.norm(), ocp.target.x.norm());

    // u^f_{k+1}, u^m_{k+1} act in the step k -> k+1 and are plotted at t_{k+1}; there is no
    // control at t_0 (its arrows are hidden there, as the CSV writes zeros, like dmsim)
    ArrowTrack force{"control force uᶠ on the mass centre", "N", 0, false, {}};
    ArrowTrack moment{"control moment uᵐ (inertial frame)", "N m", 1, false, {}};
    std::vector<Vector3d> uf, um;
    double ufMax = 0.0, umMax = 0.0;
    out.csvColumns = {"t"};
    for (const std::string& n : rigidBodyStateNames(false)) out.csvColumns.push_back(n);
    for (const char* n : {"uf1", "uf2", "uf3", "um1", "um2", "um3"}) out.csvColumns.push_back(n);
    for (int i = 1; i <= 12; ++i) out.csvColumns.push_back("lambda" + std::to_string(i));
    const bool haveLambda = sol.lambda.size() + 1 >= sol.states.size();
    for (std::size_t k = 0; k < sol.states.size(); ++k) {
      const RigidBodyState& x = sol.states[k];
      Sample s;
      s.t = double(k) * ocp.h;
      s.position = x.x;
      s.velocity = x.v;
      s.attitude = x.R;
      out.samples.push_back(s);
      const bool hasU = k > 0 && k - 1 < sol.uf.size() && k - 1 < sol.um.size();
      const Vector3d f = hasU ? sol.uf[k - 1] : Vector3d::Zero();
      const Vector3d m = hasU ? sol.um[k - 1] : Vector3d::Zero();
      if (hasU) {
        out.controlTimes.push_back(s.t);
        uf.push_back(f);
        um.push_back(m);
        ufMax = std::max(ufMax, f.norm());
        umMax = std::max(umMax, m.norm());
      }
      force.vectors.push_back(f);
      moment.vectors.push_back(x.R * m);  // drawn in the inertial frame of the scene
      std::vector<double> row = {s.t};
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) row.push_back(x.R(i, j));
      for (const Vector3d* v : {&x.x, &x.Omega, &x.v})
        row.insert(row.end(), {v->x(), v->y(), v->z()});
      row.insert(row.end(), {f.x(), f.y(), f.z(), m.x(), m.y(), m.z()});
      if (haveLambda) {
        const Vector12d l = k > 0 ? sol.lambda[k - 1] : sol.lambdaInitial;
        for (int i = 0; i < 12; ++i) row.push_back(l[i]);
      } else {
        row.insert(row.end(), 12, 0.0);
      }
      out.csvRows.push_back(row);
    }
    out.controls = {uf, um};
    out.arrows = {force, moment};
    out.summary = {
        {"status", sol.converged ? "converged (" + sol.status + ")" : sol.status},
        {"iterations", std::to_string(sol.iterations) + " (" + std::to_string(sol.evaluations) +
                           " shooting passes)"},
        {"cost J", num(sol.cost, 10)},
        {"terminal error", num(sol.terminalError, 3)},
        {"max ||I - RᵀR||", num(sol.maxOrthogonalityError, 3)},
        {"max |uᶠ|, max |uᵐ|", num(ufMax, 4) + ", " + num(umMax, 4)},
        {"N", std::to_string(ocp.N)},
        {"CPU time", num(sol.cpuSeconds, 3) + " s"},
    };
    return out;
  }

 private:
  // checks everything (the core names the field, the value and the range) and builds the
  // request and the solver settings
  DumbbellOcp build(const ControlRequest& r, ShootingSettings* st = nullptr) const {
    const std::vector<ParamSpec> all = allFields();
    ParamValues v = defaultValues(all);
    for (const auto& [name, value] : r.values) applyAssignment(all, v, name, value);
    ParamValues core;
    for (const ParamSpec& s : dumbbellOcpSpecs())
      if (shownAsIs(s.name)) core[s.name] = v.at(s.name);
    const double rd = v.at("radius").front(), th = v.at("angle").front();
    const double mu = v.at("mu").front(), vc = std::sqrt(mu / rd);
    core["xd"] = {rd * std::cos(th), rd * std::sin(th), 0.0};
    core["vd"] = {-vc * std::sin(th), vc * std::cos(th), 0.0};
    const DumbbellOcp ocp = makeDumbbellOcp(core, v.at("T").front(), v.at("h").front());
    const double maxIter = v.at("max_iter").front();
    if (maxIter != std::floor(maxIter))
      throw InputError("max_iter = " + formatNumber(maxIter) + " must be a whole number in [1, " +
                       "100000]");
    if (st) {
      st->maxIterations = int(maxIter);
      st->tolerance = v.at("tol").front();
      st->maxTimeSeconds = v.at("max_time").front();
    }
    return ocp;
  }
};

}  // namespace

const ControlProblem& dumbbellControl() {
  static const DumbbellControl p;
  return p;
}

}  // namespace dms::ui
