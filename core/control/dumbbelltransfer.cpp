// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/dumbbelltransfer.h"

#include <algorithm>
#include <cmath>

#include "core/control/dumbbellocp.h"
#include "core/control/sphericalpendulumocp.h"
#include "core/integrators/settingkeys.h"

namespace dms {
namespace {

// the target as a circular orbit in the (e1, e2) plane: x^d and v^d unless given
Vector3d circularPosition(const ParamValues& v) {
  const double rd = v.at("radius").front(), th = v.at("angle").front();
  return {rd * std::cos(th), rd * std::sin(th), 0.0};
}

Vector3d circularVelocity(const ParamValues& v) {
  const double rd = v.at("radius").front(), th = v.at("angle").front();
  const double vc = std::sqrt(v.at("mu").front() / rd);
  return {-vc * std::sin(th), vc * std::cos(th), 0.0};
}

// Points of the Kepler orbit through x with velocity v about a point mass mu at the origin, in
// its sense of motion, n per turn: a whole ellipse, or of an orbit that leaves the disc of
// radius rMax (a far apoapsis, a parabola or hyperbola) the arc through x inside it. Empty for
// a radial motion (no plane).
std::vector<Vector3d> keplerOrbit(const Vector3d& x, const Vector3d& v, double mu, double rMax,
                                  int n) {
  const Vector3d hv = x.cross(v);
  const double hn = hv.norm();
  if (!(mu > 0) || !(hn > 1e-12 * x.norm() * v.norm()) || !(hn > 0)) return {};
  const Vector3d e = v.cross(hv) / mu - x.normalized();  // eccentricity vector
  const double ecc = e.norm(), p = hn * hn / mu;
  const Vector3d P = ecc > 1e-9 ? Vector3d(e / ecc) : x.normalized();
  const Vector3d Q = hv.normalized().cross(P);
  const double nu0 = std::atan2(x.dot(Q), x.dot(P)), dnu = 2 * 3.14159265358979323846 / n;
  // the point at true anomaly nu, if the orbit gets there inside the disc
  const auto at = [&](double nu, Vector3d& out) {
    const double d = 1 + ecc * std::cos(nu);
    if (!(d > 1e-3) || !(p / d <= rMax)) return false;
    out = p / d * (std::cos(nu) * P + std::sin(nu) * Q);
    return true;
  };
  std::vector<Vector3d> ahead, behind;
  Vector3d q;
  for (int k = 0; k <= n && at(nu0 + k * dnu, q); ++k) ahead.push_back(q);
  if (int(ahead.size()) == n + 1) return ahead;  // closed
  for (int k = 1; k <= n && at(nu0 - k * dnu, q); ++k) behind.push_back(q);
  std::reverse(behind.begin(), behind.end());
  behind.insert(behind.end(), ahead.begin(), ahead.end());
  return behind;
}

bool isDirect(const std::map<std::string, std::string>& choice) {
  return choice.at("method") == "direct";
}

class DumbbellTransfer final : public ControlProblem {
 public:
  std::string title() const override {
    return "Orbit transfer by the discrete necessary conditions (or SLSQP)";
  }

  std::string summary() const override {
    return "Transfers the dumbbell spacecraft to (R^d, x^d, Omega^d, v^d) in N = floor(T/h)\n"
           "steps of the first-order Lie group variational equations, minimizing\n"
           "sum_k h/2 (u^f W_f u^f + u^m W_m u^m).";
  }

  const std::vector<ParamSpec>& fields() const override {
    static const std::vector<ParamSpec> specs = [] {
      const std::vector<ParamSpec>& core = dumbbellOcpSpecs();
      std::vector<ParamSpec> s = {
          ParamSpec(integratorSpec("T"))
              .describe("maneuver time: N = floor(T/h) steps, t_N = N h")
              .defaultValue(kDumbbellOcpT)
              .slider(1.0, 100.0)
              .cliFlag(settingKey("T").flag),
          ParamSpec(integratorSpec("h"))
              .describe("time step of the first-order controlled equations")
              .defaultValue(kDumbbellOcpH)
              .slider(0.005, 0.5)
              .cliFlag(settingKey("h").flag),
          ParamSpec::scalar("radius", "m",
                            "target circular orbit: radius |x^d| (in the e1-e2 plane)")
              .defaultValue(3.2)
              .above(0)
              .atMost(1e6)
              .slider(1.0, 10.0),
          ParamSpec::scalar("angle", "rad", "target polar angle of x^d from e1, counter-clockwise")
              .defaultValue(1.9)
              .range(-100.0, 100.0)
              .slider(-3.14159, 3.14159),
          ParamSpec(specNamed(core, "xd")).derived("radius (cos angle, sin angle, 0)"),
          ParamSpec(specNamed(core, "vd"))
              .describe("target velocity v^d")
              .derived("the circular velocity sqrt(mu/radius) (-sin angle, cos angle, 0)"),
      };
      // target attitude and rate, weights, then the dumbbell and its initial state
      for (const char* name : {"attd", "Omegad", "Wf", "Wm"}) s.push_back(specNamed(core, name));
      for (const ParamSpec& p : core)
        if (!findSpec(s, p.name)) s.push_back(p);
      return s;
    }();
    return specs;
  }

  const std::vector<ParamSpec>& solverFields() const override {
    static const std::vector<ParamSpec> specs = {
        ParamSpec::scalar("max_iter", "",
                          "iteration limit: Newton (indirect, default 50) or SQP (direct, "
                          "default 200)")
            .defaultValue(50)
            .range(1, 100000)
            .wholeNumber()
            .slider(1, 1000)
            .cliFlag("--max-iter"),
        ParamSpec::scalar("tol", "",
                          "indirect: the terminal error to reach (default 1e-12); direct: the "
                          "constraint tolerance (default 1e-10)")
            .defaultValue(1e-12)
            .range(1e-15, 1e-2)
            .slider(1e-14, 1e-3)
            .cliFlag("--tol"),
        ParamSpec::scalar("max_time", "s", "wall-clock limit of one solve (0: none)")
            .defaultValue(60)
            .range(0, 1e5)
            .slider(1, 1000)
            .cliFlag("--max-time"),
    };
    return specs;
  }

  const std::vector<ControlChoice>& choices() const override {
    static const std::vector<ControlChoice> c = {
        {"method",
         "Method",
         "indirect: the necessary conditions (47)-(49), Newton's method with a backtracking line "
         "search on the 12 initial multipliers; direct: SLSQP over the controls u_1..u_N (the "
         "cross-check)",
         {{"indirect", "indirect: shooting on (47)-(49)", {}},
          {"direct", "direct: SLSQP over the controls", {{"max_iter", {200}}, {"tol", {1e-10}}}}}},
    };
    return c;
  }

  bool reportsResidual(const ControlRequest& r) const override {
    return !isDirect(completeChoices(r));
  }

  std::vector<ControlChannel> channels() const override {
    return {{"u^f", "force", "Control force uᶠ", "N", 0},
            {"u^m", "moment", "Control moment uᵐ (body frame)", "N m", 1}};
  }

  // the state as rigidBodyStateNames, the controls, and for the indirect method the
  // multipliers lambda_{k-1} ordered [R; x; Omega; v] (row 0: lambda_{-1} of (49))
  std::vector<std::string> csvColumns(const ControlRequest& r) const override {
    std::vector<std::string> c = {"t"};
    for (const std::string& n : rigidBodyStateNames(false)) c.push_back(n);
    for (const char* n : {"uf1", "uf2", "uf3", "um1", "um2", "um3"}) c.push_back(n);
    if (!isDirect(completeChoices(r)))
      for (int i = 1; i <= 12; ++i) c.push_back("lambda" + std::to_string(i));
    return c;
  }

  std::string structureName() const override { return "max ||I - R^T R||"; }

  std::string methodLine(const ControlRequest& r) const override {
    return isDirect(completeChoices(r))
               ? "direct: SLSQP over the controls of the first-order equations"
               : "shooting on the discrete necessary conditions (47)-(49), Newton";
  }

  ParamValues sceneParams(const ControlRequest& r) const override {
    const ParamValues v = completeValues(r);
    ParamValues p;
    for (const char* name : {"mu", "m1", "m2", "L", "r", "x0", "v0", "att0", "Omega0"})
      p[name] = v.at(name);
    return p;
  }

  Sample initialSample(const ControlRequest& r) const override {
    const DumbbellOcp ocp = build(r);
    return rigidBodySample(ocp.p.body(), 0.0, ocp.s0);
  }

  void check(const ControlRequest& r) const override {
    const DumbbellOcp ocp = build(r);
    if (isDirect(completeChoices(r)) && slsqpWorkBytes(6 * ocp.N, 12) > kOcpMemoryLimitBytes)
      throw InputError("T/h = " + std::to_string(ocp.N) +
                       " steps is too many for --method direct: SLSQP's dense matrices over the " +
                       std::to_string(6 * ocp.N) + " controls would need about " +
                       formatNumber(std::round(slsqpWorkBytes(6 * ocp.N, 12) / 1048576)) +
                       " MiB (limit " + formatNumber(kOcpMemoryLimitBytes / 1048576) +
                       " MiB): raise h, lower T or use --method indirect");
  }

  // the target: an arrow from the attracting point to x^d; at x^d the attitude R^d as its body
  // axes (e1 along the rod, L long, out of the sphere there; e2 and e3 half as long); and the
  // orbit of a point mass through x^d with v^d about the attracting point, which the mass centre
  // follows after t_N up to the dumbbell's size over its distance, as dashes in its sense of
  // motion
  std::vector<TargetArrow> targetArrows(const ControlRequest& r) const override {
    const DumbbellOcp ocp = build(r);
    const Vector3d xd = ocp.target.x;
    const Matrix3d& R = ocp.target.R;
    const double L = ocp.p.L;
    std::vector<TargetArrow> out = {
        {"target x^d (from the attracting point)", Vector3d::Zero(), xd},
        {"target attitude R^d (its body axes; e1 along the rod)", xd, L * R.col(0)},
        {"", xd, 0.5 * L * R.col(1)},
        {"", xd, 0.5 * L * R.col(2)},
    };
    const double rMax = 3 * std::max(xd.norm(), ocp.s0.x.norm());
    const std::vector<Vector3d> orbit = keplerOrbit(xd, ocp.target.v, ocp.p.mu, rMax, 60);
    for (std::size_t i = 0; i + 1 < orbit.size(); ++i)
      out.push_back({i == 0 ? "target orbit: a point mass through x^d with v^d" : "", orbit[i],
                     0.6 * (orbit[i + 1] - orbit[i])});
    return out;
  }

  std::string infeasibility(const ControlRequest& r) const override {
    return dumbbellTargetError(build(r));
  }

  ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const override {
    ControlResult out;
    DumbbellOcp ocp;
    DumbbellOcpSolution sol;
    std::map<std::string, std::string> choice;
    ParamValues v;
    try {
      check(r);
      out.warnings = warnings(r);
      ocp = build(r);
      choice = completeChoices(r);
      v = completeValues(r);
    } catch (const InputError& e) {
      out.badInput = true;
      out.status = "bad input";
      out.message = e.what();
      return out;
    }
    const bool direct = isDirect(choice);
    const int maxIter = int(v.at("max_iter").front());
    const double tol = v.at("tol").front(), maxTime = v.at("max_time").front();
    if (direct) {
      SlsqpSettings st;
      st.maxIterations = maxIter;
      st.constraintTol = tol;
      st.maxTimeSeconds = maxTime;
      sol = solveDumbbellDirect(ocp, st, progress);
    } else {
      ShootingSettings st;
      st.maxIterations = maxIter;
      st.tolerance = tol;
      st.maxTimeSeconds = maxTime;
      sol = solveDumbbellShooting(ocp, st, progress);
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
    // control at t_0 (its arrows are hidden there, and the CSV writes zeros)
    VectorTrack force{"control force uᶠ on the mass centre", "N", 0, false, {}};
    VectorTrack moment{
        "control moment R uᵐ in space (uᵐ plotted in the body frame)", "N m", 1, false, {}};
    std::vector<Vector3d> uf, um;
    double ufMax = 0.0, umMax = 0.0;
    out.csvColumns = csvColumns(r);
    const RigidBody body = ocp.p.body();
    for (std::size_t k = 0; k < sol.states.size(); ++k) {
      const RigidBodyState& x = sol.states[k];
      const double t = double(k) * ocp.h;
      out.samples.push_back(rigidBodySample(body, t, x));
      const bool hasU = k > 0 && k - 1 < sol.uf.size() && k - 1 < sol.um.size();
      const Vector3d f = hasU ? sol.uf[k - 1] : Vector3d::Zero();
      const Vector3d m = hasU ? sol.um[k - 1] : Vector3d::Zero();
      if (hasU) {
        out.controlTimes.push_back(t);
        uf.push_back(f);
        um.push_back(m);
        ufMax = std::max(ufMax, f.norm());
        umMax = std::max(umMax, m.norm());
      }
      force.vectors.push_back(f);
      moment.vectors.push_back(x.R * m);  // drawn in the inertial frame of the scene
      std::vector<double> row = {t};
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) row.push_back(x.R(i, j));
      for (const Vector3d* w : {&x.x, &x.Omega, &x.v})
        row.insert(row.end(), {w->x(), w->y(), w->z()});
      row.insert(row.end(), {f.x(), f.y(), f.z(), m.x(), m.y(), m.z()});
      if (!direct) {
        const Vector12d l =
            k > 0 && k - 1 < sol.lambda.size() ? sol.lambda[k - 1] : sol.lambdaInitial;
        for (int i = 0; i < 12; ++i) row.push_back(l[i]);
      }
      out.csvRows.push_back(row);
    }
    out.controls = {uf, um};
    out.arrows = {force, moment};

    using I = std::int64_t;
    std::vector<double> residuals;
    for (const IterationReport& h : sol.history)
      residuals.push_back(h.residual ? *h.residual : h.constraintViolation);
    out.report = {
        {"method", choice.at("method"), "method"},
        {"T", v.at("T").front()},
        {"h", ocp.h},
        {"N", I(ocp.N), "N"},
        {"t_final", ocp.N * ocp.h, "t_N = N h", "s"},
        {"converged", sol.converged, "converged"},
        {"status", sol.status, "solver status"},
        {"iterations", I(sol.iterations), "iterations"},
        {"evaluations", I(sol.evaluations), direct ? "evaluations" : "shooting passes"},
        {"cost", sol.cost, "cost J", "", 10},
        {"terminal_error", sol.terminalError, "terminal error", "", 3},
        {"max_orthogonality_err", sol.maxOrthogonalityError, "max ||I - RᵀR||", "", 3},
        {"cpu_s", sol.cpuSeconds, "CPU time", "s", 3},
        {"wall_s", sol.wallSeconds},
        {"residual_history", residuals},
    };
    if (!direct) {
      std::vector<double> l0(sol.lambda0.data(), sol.lambda0.data() + 12);
      out.report.push_back({"lambda0", l0});
    }
    out.report.push_back({"max_uf", ufMax, "max |uᶠ|", "N"});
    out.report.push_back({"max_um", umMax, "max |uᵐ|", "N m"});
    out.report.push_back({"tol", tol});
    out.report.push_back({"max_iter", I(maxIter)});
    out.report.push_back({"warnings", out.warnings});
    if (!sol.converged) out.report.push_back({"failure", sol.message});
    return out;
  }

 private:
  // checks everything (the core names the field, the value and the range) and builds the
  // request
  DumbbellOcp build(const ControlRequest& r) const {
    ParamValues v = completeValues(r);
    if (!v.count("xd")) v["xd"] = std::vector<double>(3);
    if (!v.count("vd")) v["vd"] = std::vector<double>(3);
    const Vector3d xd = r.values.count("xd") ? vectorParam(v, "xd") : circularPosition(v);
    const Vector3d vd = r.values.count("vd") ? vectorParam(v, "vd") : circularVelocity(v);
    ParamValues core;
    for (const ParamSpec& s : dumbbellOcpSpecs()) core[s.name] = v.at(s.name);
    core["xd"] = {xd.x(), xd.y(), xd.z()};
    core["vd"] = {vd.x(), vd.y(), vd.z()};
    return makeDumbbellOcp(core, v.at("T").front(), v.at("h").front());
  }
};

}  // namespace

const ControlProblem& dumbbellTransfer() {
  static const DumbbellTransfer p;
  return p;
}

}  // namespace dms
