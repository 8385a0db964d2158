// dmsim control: discrete optimal control from the command line, dispatched by --system.
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "app/dmsim/cli.h"
#include "core/control/dumbbellocp.h"
#include "core/control/sphericalpendulumocp.h"
#include "core/io/atomicfile.h"
#include "core/params.h"

namespace dms::cli {
namespace {

using Json = nlohmann::ordered_json;

void dumbbellControlUsage(std::ostream& out) {
  out << "\nusage: dmsim control --system dumbbell [--T 10] [--h 0.05] [--set NAME=VALUE ...]\n"
         "         [--csv FILE] [--method indirect|direct] [--max-iter N] [--tol TOL]\n"
         "         [--max-time 60] [--progress]\n"
         "Transfers the dumbbell spacecraft to (R^d, x^d, Omega^d, v^d) in N = floor(T/h)\n"
         "steps of the first-order Lie group variational equations, minimizing\n"
         "sum_k h/2 (u^f W_f u^f + u^m W_m u^m).\n"
         "  --method          indirect: the necessary conditions (47)-(49), Newton's method with\n"
         "                    a backtracking line search on the 12 initial multipliers (default);\n"
         "                    direct: SLSQP over the controls u_1..u_N (cross-check)\n"
         "  --set NAME=VALUE  parameters (vectors as x,y,z):\n";
  for (const ParamSpec& s : dumbbellOcpSpecs()) {
    std::string def;
    for (std::size_t i = 0; i < s.defaults.size(); ++i)
      def += (i ? "," : "") + formatNumber(s.defaults[i]);
    out << "      " << std::left << std::setw(7) << s.name << " default " << def << "\n"
        << "              " << s.description << (s.unit.empty() ? "" : " [" + s.unit + "]") << "\n";
  }
  out << "  --max-iter N      Newton (indirect, default 50) or SQP (direct, default 200)\n"
         "                    iterations, in [1, 100000]\n"
         "  --tol TOL         indirect: terminal error to reach (default 1e-12); direct:\n"
         "                    constraint tolerance (default 1e-10); in [1e-15, 1e-2]\n"
         "  --max-time S      wall-clock limit in seconds, in [0, 1e5], 0 = none (default 60)\n"
         "  --csv FILE        one row per t_k: R (column by column), x, Omega, v, u^f_k, u^m_k\n"
         "                    (zero at t_0: the first control is u_1) and, for indirect,\n"
         "                    lambda_{k-1} ordered [R; x; Omega; v] (row 0: lambda_{-1} of (49))\n"
         "  --progress        one line per iteration on stderr\n"
         "Prints JSON (converged, iterations, cost, terminal_error, max_orthogonality_err, cpu_s,\n"
         "residual_history, ...). exit codes: 0 converged, 2 bad input, 3 Newton (or SLSQP)\n"
         "failed or the target is unreachable\n";
}

void controlUsage(std::ostream& out) {
  out << "usage: dmsim control --system spherical-pendulum [--T 1] [--h 0.033]\n"
         "         [--transcription vi|rk2] [--set NAME=VALUE ...] [--csv FILE]\n"
         "         [--max-iter 200] [--tol 1e-10] [--ftol 1e-12] [--max-time 300]\n"
         "         [--guess plain|mirror] [--progress]\n"
         "Minimizes sum_k h/2 |u_k|^2 (u_k = q_k x w_k) over w_0..w_N subject to the discrete\n"
         "dynamics and (q_N, omega_N) = (qd, omegad), by NLopt's SLSQP with exact gradients.\n"
         "  --T, --h          maneuver time and step, N = floor(T/h) steps (t_N = N h)\n"
         "  --transcription   vi: forced variational integrator (35)-(36) (default);\n"
         "                    rk2: Heun's method on (31)-(32), same controls\n"
         "  --set NAME=VALUE  parameters (vectors as x,y,z):\n";
  for (const ParamSpec& s : sphericalOcpSpecs()) {
    std::string def;
    for (std::size_t i = 0; i < s.defaults.size(); ++i)
      def += (i ? "," : "") + formatNumber(s.defaults[i]);
    out << "      " << std::left << std::setw(7) << s.name << " default " << std::setw(7) << def
        << " " << s.description << (s.unit.empty() ? "" : " [" + s.unit + "]") << "\n";
  }
  out << "  --max-iter N      SQP iteration limit, in [1, 100000] (default 200)\n"
         "  --tol TOL         constraint tolerance |c_i| <= TOL, in [1e-15, 1e-2] (default "
         "1e-10)\n"
         "  --ftol F          stop when the cost changes by less than F relatively, in\n"
         "                    [0, 1e-2] (default 1e-12)\n"
         "  --max-time S      wall-clock limit in seconds, in [0, 1e5], 0 = none (default 300)\n"
         "  --guess G         plain (default) or mirror: the initial guess turned the other\n"
         "                    way round (the mirror image of the swing-up)\n"
         "  --csv FILE        trajectory and controls, one row per t_k\n"
         "  --progress        one line per SQP iteration on stderr\n"
         "Prints JSON (converged, iterations, cost, terminal_error, max_unit_length_err, "
         "cpu_s, ...).\n"
         "exit codes: 0 converged, 2 bad input, 3 the solver did not converge\n";
  dumbbellControlUsage(out);
}

double boundedNumber(const Options& o, const std::string& flag, double def, double lo,
                     double hi) {
  if (!o.has(flag)) return def;
  const double v = parseNumber(o.values.at(flag), flag);
  if (!(v >= lo && v <= hi))
    throw InputError(flag + " = " + formatNumber(v) + " is out of range: allowed [" +
                     formatNumber(lo) + ", " + formatNumber(hi) + "]");
  return v;
}

Json jsonNumber(double v) { return std::isfinite(v) ? Json(v) : Json("inf"); }

int controlSphericalPendulum(const std::vector<std::string>& args) {
  const Options o = parseOptions(args,
                                 {"--system", "--T", "--h", "--transcription", "--set", "--csv",
                                  "--max-iter", "--tol", "--ftol", "--max-time", "--guess"},
                                 {"--progress"}, "control");
  const double T = o.has("--T") ? parseNumber(o.values.at("--T"), "--T") : 1.0;
  const double h = o.has("--h") ? parseNumber(o.values.at("--h"), "--h") : 0.033;
  const Transcription tr = o.has("--transcription")
                               ? parseTranscription(o.values.at("--transcription"))
                               : Transcription::Variational;
  ParamValues raw;
  for (const std::string& s : o.sets) {
    auto [name, value] = parseAssignment(s);
    raw[name] = value;
  }
  const SphericalPendulumOcp ocp = makeSphericalPendulumOcp(raw, T, h, tr);

  OcpSolveSettings st;
  const double maxIter = boundedNumber(o, "--max-iter", 200, 1, 100000);
  if (maxIter != std::floor(maxIter))
    throw InputError("--max-iter = " + formatNumber(maxIter) + " must be a whole number");
  st.slsqp.maxIterations = int(maxIter);
  st.slsqp.constraintTol = boundedNumber(o, "--tol", 1e-10, 1e-15, 1e-2);
  st.slsqp.ftolRel = boundedNumber(o, "--ftol", 1e-12, 0, 1e-2);
  st.slsqp.maxTimeSeconds = boundedNumber(o, "--max-time", 300, 0, 1e5);
  const std::string guess = o.has("--guess") ? o.values.at("--guess") : "plain";
  if (guess != "plain" && guess != "mirror")
    throw InputError("--guess '" + guess + "': expected plain or mirror");
  st.guessSide = guess == "mirror" ? -1 : 1;

  AtomicFile csvFile;
  if (o.has("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  ProgressCallback progress;
  if (o.flag("--progress"))
    progress = [](const IterationReport& r) {
      std::cerr << "iteration " << r.iteration << "  evaluations " << r.evaluations << "  cost "
                << std::setprecision(10) << r.cost << "  violation " << std::setprecision(3)
                << r.constraintViolation << "\n";
      return true;
    };
  const OcpSolution sol = solveSphericalPendulumOcp(ocp, st, progress);

  if (o.has("--csv")) {
    std::ostream& csv = csvFile.stream();
    csv << std::setprecision(17) << "t,q1,q2,q3,omega1,omega2,omega3,u1,u2,u3,u_norm,w1,w2,w3\n";
    for (std::size_t k = 0; k < sol.states.size(); ++k) {
      const SphericalPendulumState& x = sol.states[k];
      const Vector3d& u = sol.u[k];
      const Vector3d w = sol.w.segment<3>(3 * Eigen::Index(k));
      csv << sol.t[k] << "," << x.q.x() << "," << x.q.y() << "," << x.q.z() << "," << x.omega.x()
          << "," << x.omega.y() << "," << x.omega.z() << "," << u.x() << "," << u.y() << ","
          << u.z() << "," << u.norm() << "," << w.x() << "," << w.y() << "," << w.z() << "\n";
    }
    if (!csvFile.commit()) {
      std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
      return kBadInput;
    }
  }

  Json j;
  j["system"] = "spherical-pendulum";
  j["transcription"] = transcriptionName(tr);
  j["T"] = T;
  j["h"] = ocp.h;
  j["N"] = ocp.N;
  j["t_final"] = ocp.N * ocp.h;
  j["variables"] = ocp.variables();
  j["guess"] = guess;
  j["converged"] = sol.converged;
  j["status"] = sol.status;
  j["iterations"] = sol.iterations;
  j["evaluations"] = sol.evaluations;
  j["cost"] = jsonNumber(sol.cost);
  j["terminal_error"] = jsonNumber(sol.terminalError);
  j["terminal_q_err"] = jsonNumber(sol.terminalQError);
  j["terminal_omega_err"] = jsonNumber(sol.terminalOmegaError);
  j["constraint_violation"] = jsonNumber(sol.constraintViolation);
  j["max_unit_length_err"] = jsonNumber(sol.maxUnitLengthError);
  j["max_tangency_err"] = jsonNumber(sol.maxTangencyError);
  j["jacobian_cond"] = jsonNumber(sol.jacobianCondition);
  double umax = 0;
  for (const Vector3d& u : sol.u) umax = std::max(umax, u.norm());
  j["max_u"] = umax;
  j["cpu_s"] = sol.cpuSeconds;
  j["wall_s"] = sol.wallSeconds;
  j["tol"] = st.slsqp.constraintTol;
  j["ftol"] = st.slsqp.ftolRel;
  j["max_iter"] = st.slsqp.maxIterations;
  if (!sol.converged) j["failure"] = sol.message;
  std::cout << j.dump(2) << "\n";
  if (!sol.converged) {
    std::cerr << "dmsim: control: " << sol.message << "\n";
    return kFailed;
  }
  return kOk;
}

int controlDumbbell(const std::vector<std::string>& args) {
  const Options o = parseOptions(
      args,
      {"--system", "--T", "--h", "--set", "--csv", "--method", "--max-iter", "--tol", "--max-time"},
      {"--progress"}, "control");
  const double T = o.has("--T") ? parseNumber(o.values.at("--T"), "--T") : kDumbbellOcpT;
  const double h = o.has("--h") ? parseNumber(o.values.at("--h"), "--h") : kDumbbellOcpH;
  ParamValues raw;
  for (const std::string& s : o.sets) {
    auto [name, value] = parseAssignment(s);
    raw[name] = value;
  }
  const DumbbellOcp ocp = makeDumbbellOcp(raw, T, h);
  const std::string method = o.has("--method") ? o.values.at("--method") : "indirect";
  if (method != "indirect" && method != "direct")
    throw InputError("--method '" + method +
                     "': expected indirect (shooting on the necessary conditions) or direct "
                     "(SLSQP over the controls)");
  const bool direct = method == "direct";
  const double maxIter = boundedNumber(o, "--max-iter", direct ? 200 : 50, 1, 100000);
  if (maxIter != std::floor(maxIter))
    throw InputError("--max-iter = " + formatNumber(maxIter) + " must be a whole number");
  const double tol = boundedNumber(o, "--tol", direct ? 1e-10 : 1e-12, 1e-15, 1e-2);
  const double maxTime = boundedNumber(o, "--max-time", 60, 0, 1e5);
  if (direct && slsqpWorkBytes(6 * ocp.N, 12) > kOcpMemoryLimitBytes)
    throw InputError("T/h = " + std::to_string(ocp.N) +
                     " steps is too many for --method direct: SLSQP's dense matrices over the " +
                     std::to_string(6 * ocp.N) + " controls would need about " +
                     formatNumber(std::round(slsqpWorkBytes(6 * ocp.N, 12) / 1048576)) +
                     " MiB (limit " + formatNumber(kOcpMemoryLimitBytes / 1048576) +
                     " MiB): raise h, lower T or use --method indirect");

  AtomicFile csvFile;
  if (o.has("--csv") && !csvFile.open(o.values.at("--csv")))
    throw InputError("--csv: " + csvFile.error());

  ProgressCallback progress;
  if (o.flag("--progress"))
    progress = [](const IterationReport& r) {
      std::cerr << "iteration " << r.iteration << "  evaluations " << r.evaluations << "  cost "
                << std::setprecision(12) << r.cost << "  terminal error " << std::setprecision(3)
                << (r.residual ? *r.residual : r.constraintViolation) << "\n";
      return true;
    };
  DumbbellOcpSolution sol;
  if (direct) {
    SlsqpSettings st;
    st.maxIterations = int(maxIter);
    st.constraintTol = tol;
    st.maxTimeSeconds = maxTime;
    sol = solveDumbbellDirect(ocp, st, progress);
  } else {
    ShootingSettings st;
    st.maxIterations = int(maxIter);
    st.tolerance = tol;
    st.maxTimeSeconds = maxTime;
    sol = solveDumbbellShooting(ocp, st, progress);
  }

  if (o.has("--csv")) {
    std::ostream& csv = csvFile.stream();
    csv << std::setprecision(17) << "t";
    for (const std::string& n : rigidBodyStateNames(false)) csv << "," << n;
    csv << ",uf1,uf2,uf3,um1,um2,um3";
    if (!direct)
      for (int i = 1; i <= 12; ++i) csv << ",lambda" << i;
    csv << "\n";
    for (std::size_t k = 0; k < sol.states.size(); ++k) {
      const RigidBodyState& x = sol.states[k];
      csv << double(k) * ocp.h;
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i) csv << "," << x.R(i, j);
      for (const Vector3d* v : {&x.x, &x.Omega, &x.v})
        csv << "," << v->x() << "," << v->y() << "," << v->z();
      const Vector3d uf = k > 0 ? sol.uf[k - 1] : Vector3d::Zero();
      const Vector3d um = k > 0 ? sol.um[k - 1] : Vector3d::Zero();
      csv << "," << uf.x() << "," << uf.y() << "," << uf.z() << "," << um.x() << "," << um.y()
          << "," << um.z();
      if (!direct) {
        const Vector12d l = k > 0 ? sol.lambda[k - 1] : sol.lambdaInitial;
        for (int i = 0; i < 12; ++i) csv << "," << l[i];
      }
      csv << "\n";
    }
    if (!csvFile.commit()) {
      std::cerr << "dmsim: --csv: " << csvFile.error() << "\n";
      return kBadInput;
    }
  }

  Json j;
  j["system"] = "dumbbell";
  j["method"] = method;
  j["T"] = T;
  j["h"] = ocp.h;
  j["N"] = ocp.N;
  j["t_final"] = ocp.N * ocp.h;
  j["converged"] = sol.converged;
  j["status"] = sol.status;
  j["iterations"] = sol.iterations;
  j["evaluations"] = sol.evaluations;
  j["cost"] = jsonNumber(sol.cost);
  j["terminal_error"] = jsonNumber(sol.terminalError);
  j["max_orthogonality_err"] = jsonNumber(sol.maxOrthogonalityError);
  j["cpu_s"] = sol.cpuSeconds;
  j["wall_s"] = sol.wallSeconds;
  Json hist = Json::array();
  for (const IterationReport& r : sol.history)
    hist.push_back(jsonNumber(r.residual ? *r.residual : r.constraintViolation));
  j["residual_history"] = hist;
  if (!direct) {
    Json l0 = Json::array();
    for (int i = 0; i < 12; ++i) l0.push_back(sol.lambda0[i]);
    j["lambda0"] = l0;
  }
  double ufMax = 0, umMax = 0;
  for (const Vector3d& u : sol.uf) ufMax = std::max(ufMax, u.norm());
  for (const Vector3d& u : sol.um) umMax = std::max(umMax, u.norm());
  j["max_uf"] = ufMax;
  j["max_um"] = umMax;
  j["tol"] = tol;
  j["max_iter"] = int(maxIter);
  if (!sol.converged) j["failure"] = sol.message;
  std::cout << j.dump(2) << "\n";
  if (!sol.converged) {
    std::cerr << "dmsim: control: " << sol.message << "\n";
    return kFailed;
  }
  return kOk;
}

/// Systems with optimal control; dmsim control --system NAME dispatches here.
struct ControlCommand {
  const char* system;
  int (*run)(const std::vector<std::string>& args);
};

const std::vector<ControlCommand>& controlCommands() {
  static const std::vector<ControlCommand> commands = {
      {"spherical-pendulum", controlSphericalPendulum},
      {"dumbbell", controlDumbbell},
  };
  return commands;
}

}  // namespace

int cmdControl(const std::vector<std::string>& args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    controlUsage(std::cout);
    return kOk;
  }
  std::string names;
  for (const ControlCommand& c : controlCommands())
    names += (names.empty() ? "" : ", ") + std::string(c.system);
  const auto it = std::find(args.begin(), args.end(), "--system");
  if (it == args.end() || it + 1 == args.end())
    throw InputError("--system is required (systems with optimal control: " + names + ")");
  const std::string& sys = *(it + 1);
  for (const ControlCommand& c : controlCommands())
    if (sys == c.system) return c.run(args);
  if (findSystem(sys))
    throw InputError("--system '" + sys + "' has no optimal control (systems with optimal " +
                     "control: " + names + ")");
  throw InputError("--system '" + sys +
                   "': unknown system (systems with optimal control: " + names + ")");
}

}  // namespace dms::cli
