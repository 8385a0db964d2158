// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/sphericalswingup.h"

#include <algorithm>
#include <cmath>

#include "core/control/sphericalpendulumocp.h"
#include "core/integrators/settingkeys.h"

namespace dms {
namespace {

// a change below this (relative) is round-off of the typed digits, not worth a note
constexpr double kNoteTol = 1e-12;

// the direction given, as a unit vector, with a note when it was not one; a zero or non-finite
// vector has no direction and is refused
Vector3d unitDirection(const ParamValues& v, const std::string& name,
                       std::vector<std::string>* warnings) {
  const Vector3d q = vectorParam(v, name);
  const double n = q.norm();
  if (!std::isfinite(n) || !(n > 0))
    throw InputError("parameter '" + name + "' = " + formatVector(q) +
                     (std::isfinite(n) ? " has zero length" : " is not finite") +
                     ": it must be a finite nonzero 3-vector (a direction: it is normalized to "
                     "unit length)");
  if (warnings && std::fabs(n - 1) > kNoteTol)
    warnings->push_back("parameter '" + name + "' = " + formatVector(q) + " has length " +
                        formatNumber(n) + ": normalized to unit length, " + formatVector(q / n));
  return q / n;
}

// the angular velocity given, made tangent to the unit q, with a note when it was not
Vector3d tangentVelocity(const ParamValues& v, const std::string& name, const Vector3d& q,
                         const std::string& qName, std::vector<std::string>* warnings) {
  const Vector3d w = vectorParam(v, name);
  const double along = w.dot(q);
  const Vector3d t = w - along * q;
  if (warnings && std::fabs(along) > kNoteTol * std::max(1.0, w.norm()))
    warnings->push_back(
        "parameter '" + name + "' = " + formatVector(w) + " is not tangent to " + qName + " (" +
        name + "." + qName + " = " + formatNumber(along) +
        "): projected onto the tangent plane, removing that component: " + formatVector(t));
  return t;
}

void setVector(ParamValues& v, const std::string& name, const Vector3d& x) {
  v[name] = {x.x(), x.y(), x.z()};
}

class SphericalSwingUp final : public ControlProblem {
 public:
  std::string title() const override { return "Swing-up by DMOC (SQP)"; }
  std::string articleFigure() const override { return "5"; }

  std::string summary() const override {
    return "Minimizes sum_k h/2 |u_k|^2 (u_k = q_k x w_k) over w_0..w_N subject to the discrete\n"
           "dynamics and (q_N, omega_N) = (qd, omegad), by NLopt's SLSQP with exact gradients.";
  }

  const std::vector<ParamSpec>& fields() const override {
    static const std::vector<ParamSpec> specs = [] {
      std::vector<ParamSpec> s = {
          ParamSpec(integratorSpec("T"))
              .describe("maneuver time: N = floor(T/h) steps, t_N = N h")
              .defaultValue(1.0)
              .slider(0.1, 10.0)
              .cliFlag(settingKey("T").flag),
          ParamSpec(integratorSpec("h"))
              .describe("time step of the transcription")
              .defaultValue(0.033)
              .slider(0.002, 0.2)
              .cliFlag(settingKey("h").flag),
      };
      // the directions are normalized and the angular velocities made tangent (with a
      // warning), as the Simulation mode and `dmsim run` take q0: any finite nonzero vector
      const auto direction = [](const char* name, const char* what) {
        return ParamSpec(specNamed(sphericalOcpSpecs(), name))
            .describe(what)
            .range(-1e6, 1e6)
            .slider(-1.0, 1.0);
      };
      const auto velocity = [](const char* name, const char* what) {
        return ParamSpec(specNamed(sphericalOcpSpecs(), name)).describe(what);
      };
      s.push_back(direction("q0", "initial direction of the rod (normalized; e3 = hanging)"));
      s.push_back(velocity("omega0", "initial angular velocity (projected tangent to q0)"));
      s.push_back(direction("qd", "target direction q^d (normalized; -e3 = inverted)"));
      s.push_back(velocity("omegad", "target angular velocity omega^d (projected tangent to qd)"));
      for (const char* name : {"m", "l", "g"}) s.push_back(specNamed(sphericalOcpSpecs(), name));
      return s;
    }();
    return specs;
  }

  const std::vector<ParamSpec>& solverFields() const override {
    static const std::vector<ParamSpec> specs = {
        ParamSpec::scalar("max_iter", "", "SQP iteration limit")
            .defaultValue(200)
            .range(1, 100000)
            .wholeNumber()
            .slider(1, 1000)
            .cliFlag("--max-iter"),
        ParamSpec::scalar("tol", "", "constraint tolerance: converged when every |c_i| <= tol")
            .defaultValue(1e-10)
            .range(1e-15, 1e-2)
            .slider(1e-14, 1e-3)
            .cliFlag("--tol"),
        ParamSpec::scalar("ftol", "", "stop when the cost changes by less than ftol, relatively")
            .defaultValue(1e-12)
            .range(0, 1e-2)
            .slider(1e-15, 1e-3)
            .cliFlag("--ftol"),
        ParamSpec::scalar("max_time", "s", "wall-clock limit of one solve (0: none)")
            .defaultValue(300)
            .range(0, 1e5)
            .slider(1, 1000)
            .cliFlag("--max-time"),
    };
    return specs;
  }

  const std::vector<ControlChoice>& choices() const override {
    static const std::vector<ControlChoice> c = {
        {"transcription",
         "Transcription",
         "vi: the forced variational integrator (35)-(36), the article's DMOC; rk2: Heun's "
         "method on (31)-(32) with the same controls",
         {{"vi", "vi: forced variational integrator", {}}, {"rk2", "rk2: Heun on (31)-(32)", {}}}},
        {"guess",
         "Initial guess",
         "plain: the reference swing about q0 x qd; mirror: the same swing turned the other way "
         "round (the problem is symmetric: both reach the same cost)",
         {{"plain", "plain", {}}, {"mirror", "mirror", {}}}},
    };
    return c;
  }

  bool reportsResidual(const ControlRequest&) const override { return false; }

  std::vector<ControlChannel> channels() const override {
    return {{"u", "control", "Control moment u = q × w", "N m", 0}};
  }

  std::vector<std::string> csvColumns(const ControlRequest&) const override {
    return {"t",  "q1", "q2", "q3",     "omega1", "omega2", "omega3",
            "u1", "u2", "u3", "u_norm", "w1",     "w2",     "w3"};
  }

  std::string structureName() const override { return "max |1 - q^T q|"; }

  std::string methodLine(const ControlRequest& r) const override {
    return completeChoices(r).at("transcription") == "rk2"
               ? "DMOC, Heun RK2 transcription (31)-(32)"
               : "DMOC, forced variational integrator (35)-(36)";
  }

  ParamValues sceneParams(const ControlRequest& r) const override {
    const ParamValues v = completeValues(r);
    ParamValues p;
    for (const char* name : {"m", "l", "g"}) p[name] = v.at(name);
    const SphericalPendulumOcp ocp = build(r, nullptr, nullptr);
    setVector(p, "q0", ocp.p.q0);
    setVector(p, "omega0", ocp.p.omega0);
    return p;
  }

  Sample initialSample(const ControlRequest& r) const override {
    const SphericalPendulumOcp ocp = build(r, nullptr, nullptr);
    return SphericalPendulum::sample(ocp.p, 0.0, {ocp.p.q0, ocp.p.omega0});
  }

  void check(const ControlRequest& r) const override { build(r, nullptr, nullptr); }

  // the rod at the target: from the pivot through the target bob position l q^d, a quarter of
  // l beyond it (so that its head shows past the bob once the maneuver gets there), and where
  // the bob is to move then (the direction of l omega^d x q^d, 0.3 l long) when omega^d is not
  // zero
  std::vector<TargetArrow> targetArrows(const ControlRequest& r) const override {
    const SphericalPendulumOcp ocp = build(r, nullptr, nullptr);
    const double l = ocp.p.l;
    std::vector<TargetArrow> out = {{"target q^d: the rod at t_N (through the bob, from the pivot)",
                                     Vector3d::Zero(), 1.25 * l * ocp.qd}};
    const Vector3d v = ocp.omegad.cross(ocp.qd);
    if (v.norm() > 0)
      out.push_back({"target bob velocity l omega^d × q^d (direction)", l * ocp.qd,
                     0.3 * l * v.normalized()});
    return out;
  }

  ControlResult solve(const ControlRequest& r, const ProgressCallback& progress) const override {
    ControlResult out;
    SphericalPendulumOcp ocp;
    OcpSolveSettings st;
    OcpSolution sol;
    try {
      out.warnings = warnings(r);
      ocp = build(r, &st, nullptr);
      sol = solveSphericalPendulumOcp(ocp, st, progress);
    } catch (const InputError& e) {
      out.badInput = true;
      out.status = "bad input";
      out.message = e.what();
      return out;
    }
    const std::map<std::string, std::string> choice = completeChoices(r);
    const ParamValues v = completeValues(r);
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

    std::vector<Vector3d> u;
    double umax = 0.0;
    out.csvColumns = csvColumns(r);
    for (std::size_t k = 0; k < sol.states.size() && k < sol.u.size(); ++k) {
      const SphericalPendulumState& x = sol.states[k];
      out.samples.push_back(SphericalPendulum::sample(ocp.p, sol.t[k], x));
      u.push_back(sol.u[k]);
      umax = std::max(umax, sol.u[k].norm());
      const Vector3d w = sol.w.segment<3>(3 * Eigen::Index(k));
      out.csvRows.push_back({sol.t[k], x.q.x(), x.q.y(), x.q.z(), x.omega.x(), x.omega.y(),
                             x.omega.z(), sol.u[k].x(), sol.u[k].y(), sol.u[k].z(), sol.u[k].norm(),
                             w.x(), w.y(), w.z()});
    }
    out.controls = {u};
    // the moment about the pivot, and the force on the bob that exerts it: F = (u x q)/l is
    // tangent and l q x F = u (the moment points out of the swing plane, the force lies in it)
    VectorTrack moment{"control moment u about the pivot", "N m", 0, true, u};
    VectorTrack force{"the same as a force (u × q)/l on the bob", "N", 1, false, {}};
    for (std::size_t k = 0; k < u.size(); ++k)
      force.vectors.push_back(u[k].cross(sol.states[k].q) / ocp.p.l);
    out.arrows = {moment, force};

    using I = std::int64_t;
    out.report = {
        {"transcription", choice.at("transcription"), "transcription"},
        {"T", v.at("T").front()},
        {"h", ocp.h},
        {"N", I(ocp.N), "N"},
        {"t_final", ocp.N * ocp.h, "t_N = N h", "s"},
        {"variables", I(ocp.variables()), "variables"},
        {"guess", choice.at("guess"), "initial guess"},
        {"converged", sol.converged, "converged"},
        {"status", sol.status, "solver status"},
        {"iterations", I(sol.iterations), "iterations"},
        {"evaluations", I(sol.evaluations), "evaluations"},
        {"cost", sol.cost, "cost J = Σ h/2 |u_k|²", "N² m² s", 8},
        {"terminal_error", sol.terminalError, "terminal error", "", 3},
        {"terminal_q_err", sol.terminalQError},
        {"terminal_omega_err", sol.terminalOmegaError},
        {"constraint_violation", sol.constraintViolation},
        {"max_unit_length_err", sol.maxUnitLengthError, "max |1 - qᵀq|", "", 3},
        {"max_tangency_err", sol.maxTangencyError, "max |q·ω|", "", 3},
        {"jacobian_cond", sol.jacobianCondition, "cond(dc/dw)", "", 3},
        {"max_u", umax, "max |u|", "N m"},
        {"cpu_s", sol.cpuSeconds, "CPU time", "s", 3},
        {"wall_s", sol.wallSeconds},
        {"tol", st.slsqp.constraintTol},
        {"ftol", st.slsqp.ftolRel},
        {"max_iter", I(st.slsqp.maxIterations)},
    };
    out.report.push_back({"warnings", out.warnings});
    if (!sol.converged) out.report.push_back({"failure", sol.message});
    return out;
  }

 protected:
  std::vector<std::string> valueWarnings(const ControlRequest& r) const override {
    std::vector<std::string> w;
    build(r, nullptr, &w);
    return w;
  }

 private:
  // checks everything (the core names the field, the value and the range), normalizes the
  // directions and makes the angular velocities tangent (a note each in `warnings`), and
  // builds the request and the solver settings
  SphericalPendulumOcp build(const ControlRequest& r, OcpSolveSettings* st,
                             std::vector<std::string>* warnings) const {
    const ParamValues v = completeValues(r);
    const std::map<std::string, std::string> choice = completeChoices(r);
    ParamValues physics;
    for (const ParamSpec& s : sphericalOcpSpecs()) physics[s.name] = v.at(s.name);
    const Vector3d q0 = unitDirection(v, "q0", warnings);
    setVector(physics, "q0", q0);
    setVector(physics, "omega0", tangentVelocity(v, "omega0", q0, "q0", warnings));
    const Vector3d qd = unitDirection(v, "qd", warnings);
    setVector(physics, "qd", qd);
    setVector(physics, "omegad", tangentVelocity(v, "omegad", qd, "qd", warnings));
    const SphericalPendulumOcp ocp =
        makeSphericalPendulumOcp(physics, v.at("T").front(), v.at("h").front(),
                                 parseTranscription(choice.at("transcription")));
    if (st) {
      st->slsqp.maxIterations = int(v.at("max_iter").front());
      st->slsqp.constraintTol = v.at("tol").front();
      st->slsqp.ftolRel = v.at("ftol").front();
      st->slsqp.maxTimeSeconds = v.at("max_time").front();
      st->guessSide = choice.at("guess") == "mirror" ? -1 : 1;
    }
    return ocp;
  }
};

}  // namespace

const ControlProblem& sphericalSwingUp() {
  static const SphericalSwingUp p;
  return p;
}

}  // namespace dms
