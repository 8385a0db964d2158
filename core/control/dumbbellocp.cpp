#include "core/control/dumbbellocp.h"

#include <Eigen/LU>
#include <chrono>
#include <cmath>
#include <ctime>

#include "core/integrators/settings.h"
#include "core/lie/so3.h"

namespace dms {
namespace {

using Matrix3x12d = Eigen::Matrix<double, 3, 12>;

constexpr double kPi = 3.14159265358979323846;

// the dumbbell's own parameter names (its table, its checks)
const Dumbbell& dumbbellModel() {
  static const Dumbbell model;
  return model;
}

// the inverse right Jacobian of SO(3): log(exp(phi^) exp(eta^))^vee = phi + Jr^-1(phi) eta + ...
Matrix3d inverseRightJacobian(const Vector3d& phi) {
  const double t = phi.norm();
  // coefficient 1/t^2 - (1 + cos t)/(2 t sin t); its series 1/12 + t^2/720 below 1e-3 rad
  const double c = t < 1e-3 ? 1.0 / 12.0 + t * t / 720.0
                            : 1.0 / (t * t) - (1.0 + std::cos(t)) / (2.0 * t * std::sin(t));
  const Matrix3d W = hat(phi);
  return Matrix3d::Identity() + 0.5 * W + c * W * W;
}

// dr/dz_N: blockdiag(Jr^-1(r_R), I, I, I)
Matrix12d residualJacobian(const Vector12d& r) {
  Matrix12d P = Matrix12d::Identity();
  P.block<3, 3>(0, 0) = inverseRightJacobian(r.head<3>());
  return P;
}

double cost(const DumbbellOcp& o, const Vector3d& uf, const Vector3d& um) {
  return 0.5 * o.h * (uf.dot(o.wf.cwiseProduct(uf)) + um.dot(o.wm.cwiseProduct(um)));
}

double maxOrthogonality(const std::vector<RigidBodyState>& states) {
  double e = 0.0;
  for (const RigidBodyState& s : states) e = std::max(e, orthogonalityError(s.R));
  return e;
}

// the controls (47)-(48) from the velocity-coordinate costate p = S lambda:
// lambda^v = p^v / m, lambda^Omega = J^-1 p^Omega
void controlsFromCostate(const DumbbellOcp& o, const ControlledDumbbell& d, const Vector12d& p,
                         Vector3d& uf, Vector3d& um) {
  // (+ 0: a zero multiplier gives +0, not -0, in the output)
  uf = Vector3d(-(p.segment<3>(9) / d.m).cwiseQuotient(o.wf)) + Vector3d::Zero();
  um = Vector3d(-(d.Jinv * p.segment<3>(6)).cwiseQuotient(o.wm)) + Vector3d::Zero();
}

Vector12d costateToMultiplier(const ControlledDumbbell& d, const Vector12d& p) {
  Vector12d l = p;
  l.segment<3>(6) = d.Jinv * p.segment<3>(6);
  l.segment<3>(9) = p.segment<3>(9) / d.m;
  return l;
}

Vector12d multiplierToCostate(const ControlledDumbbell& d, const Vector12d& l) {
  Vector12d p = l;
  p.segment<3>(6) = d.J * l.segment<3>(6);
  p.segment<3>(9) = d.m * l.segment<3>(9);
  return p;
}

}  // namespace

const std::vector<ParamSpec>& dumbbellOcpSpecs() {
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> s = dumbbellModel().params();
    for (ParamSpec& p : s) {
      if (p.name == "att0") {
        p.defaults = {0.0, 0.0, 0.0};
        p.description = "initial attitude R0 = exp(att0^), rotation vector (default: R0 = I)";
      }
      if (p.name == "Omega0") p.defaults = {0.0, 0.0, 0.0};
    }
    const double rd = 3.2, th = 1.9, vc = std::sqrt(1.0 / rd);
    s.push_back(ParamSpec::vector3("xd", "m", "target position x^d of the mass centre")
                    .defaultValue({rd * std::cos(th), rd * std::sin(th), 0.0})
                    .range(-1e6, 1e6)
                    .slider(-10.0, 10.0));
    s.push_back(ParamSpec::vector3(
                    "vd", "m/s", "target velocity v^d (default: circular at xd, same sense as v0)")
                    .defaultValue({-vc * std::sin(th), vc * std::cos(th), 0.0})
                    .range(-1e3, 1e3)
                    .slider(-2.0, 2.0));
    s.push_back(ParamSpec::vector3(
                    "attd", "rad",
                    "target attitude R^d = exp(attd^), rotation vector (default: 90 deg about e3)")
                    .defaultValue({0.0, 0.0, kPi / 2})
                    .range(-100.0, 100.0)
                    .slider(-3.14159, 3.14159));
    s.push_back(
        ParamSpec::vector3("Omegad", "rad/s", "target angular velocity Omega^d in the body frame")
            .defaultValue({0.0, 0.0, 0.0})
            .range(-1e3, 1e3)
            .slider(-3.0, 3.0));
    s.push_back(ParamSpec::vector3("Wf", "", "diagonal of the force weight W_f (positive)")
                    .defaultValue({1.0, 1.0, 1.0})
                    .above(0)
                    .atMost(1e6)
                    .slider(0.01, 100.0));
    s.push_back(ParamSpec::vector3("Wm", "", "diagonal of the moment weight W_m (positive)")
                    .defaultValue({1.0, 1.0, 1.0})
                    .above(0)
                    .atMost(1e6)
                    .slider(0.01, 100.0));
    return s;
  }();
  return specs;
}

DumbbellOcp makeDumbbellOcp(const ParamValues& values, double T, double h) {
  const auto& specs = dumbbellOcpSpecs();
  ParamValues v = defaultValues(specs);
  for (const auto& [name, value] : values) applyAssignment(specs, v, name, value);
  // the dumbbell's own checks (spheres apart, x0 outside the attracting point)
  ParamValues physical;
  for (const ParamSpec& s : dumbbellModel().params()) physical[s.name] = v.at(s.name);
  physical = dumbbellModel().normalize(physical, nullptr);

  DumbbellOcp o;
  o.p = DumbbellParams::from(physical);
  o.s0 = o.p.initialState();
  o.target.R = so3Exp(vectorParam(v, "attd"));
  o.target.x = vectorParam(v, "xd");
  o.target.Omega = vectorParam(v, "Omegad");
  o.target.v = vectorParam(v, "vd");
  o.wf = vectorParam(v, "Wf");
  o.wm = vectorParam(v, "Wm");

  const double steps = double(checkStepAndHorizon(h, T));
  if (steps > kDumbbellOcpMaxSteps)
    throw InputError("T/h = " + formatNumber(steps) +
                     " steps is too many for the dumbbell's optimal control: N must be in [1, " +
                     std::to_string(kDumbbellOcpMaxSteps) + "]: raise h or lower T");
  o.h = h;
  o.N = int(steps);
  return o;
}

std::string dumbbellTargetError(const DumbbellOcp& ocp) {
  const std::string domain = ocp.p.gravity().domainError(ocp.target.x, ocp.target.R);
  if (domain.empty()) return {};
  return "the target is unreachable: at xd = " + formatVector(ocp.target.x) +
         " with the attitude attd, " + domain +
         "; each sphere centre xd + R^d rho_i must lie farther than r = " + formatNumber(ocp.p.r) +
         " m from the attracting point at the origin";
}

Vector12d dumbbellTerminalResidual(const DumbbellOcp& ocp, const RigidBodyState& sN) {
  Vector12d r;
  r.segment<3>(0) = so3Log(ocp.target.R.transpose() * sN.R);
  r.segment<3>(3) = sN.x - ocp.target.x;
  r.segment<3>(6) = sN.Omega - ocp.target.Omega;
  r.segment<3>(9) = sN.v - ocp.target.v;
  return r;
}

double dumbbellTerminalError(const Vector12d& r) {
  double e = 0.0;
  for (int i = 0; i < 4; ++i) e = std::max(e, r.segment<3>(3 * i).norm());
  return e;
}

namespace {

// one forward pass: states, costate p = S lambda (forward by (49)), and with `jacobian` the
// tangents Z_k = dz_k/dlambda_0 and P_k = dp_k/dlambda_0:
//   Z_{k+1} = A_k Z_k + B dU_{k+1},   A_{k+1}^T p_{k+1} = p_k  (At^T lambda_{k+1} = lambda_k),
//   A_{k+1}^T P_{k+1} col j = P_k col j - dA_{k+1}[j]^T p_{k+1}
ShootingPass shoot(const DumbbellOcp& o, const ControlledDumbbell& d, const Vector12d& lambda0,
                   bool jacobian) {
  ShootingPass out;
  const int N = o.N;
  const double h = o.h;
  out.states.reserve(std::size_t(N) + 1);
  out.lambda.reserve(std::size_t(N));
  out.uf.reserve(std::size_t(N));
  out.um.reserve(std::size_t(N));
  RigidBodyState s = o.s0;
  out.states.push_back(s);
  Vector12d p = multiplierToCostate(d, lambda0);
  Matrix12d P = Matrix12d::Identity();  // dp_0/dlambda_0 = S
  P.block<3, 3>(6, 6) = d.J;
  P.block<3, 3>(9, 9) = d.m * Matrix3d::Identity();
  Matrix12d Z = Matrix12d::Zero();
  Matrix12d A = Matrix12d::Zero();  // A at the current s (k >= 1)
  std::array<Matrix12d, 12> dA;
  out.cost = 0.0;
  for (int k = 0; k < N; ++k) {
    out.lambda.push_back(costateToMultiplier(d, p));
    Vector3d uf, um;
    controlsFromCostate(o, d, p, uf, um);
    out.uf.push_back(uf);
    out.um.push_back(um);
    out.cost += cost(o, uf, um);
    std::string why;
    if (!firstOrderStep(d, h, uf, um, s, &why)) {
      out.why = "step " + std::to_string(k) + " (t = " + formatNumber(k * h) + "): " + why;
      return out;
    }
    out.states.push_back(s);
    if (jacobian) {
      Matrix12d Zn = k > 0 ? Matrix12d(A * Z) : Matrix12d::Zero();
      const Matrix3x12d dUf = -(o.wf.cwiseInverse().asDiagonal() * P.middleRows<3>(9)) / d.m;
      const Matrix3x12d dUm = -(o.wm.cwiseInverse().asDiagonal() * (d.Jinv * P.middleRows<3>(6)));
      Zn.middleRows<3>(6) += h * (d.Jinv * dUm);
      Zn.middleRows<3>(9) += (h / d.m) * dUf;
      Z = Zn;
    }
    if (k + 1 == N) break;
    Matrix3d F;
    if (!firstOrderRotation(d, h, s.Omega, F, &why)) {
      out.why = "step " + std::to_string(k + 1) + ": " + why;
      return out;
    }
    if (jacobian)
      firstOrderLinearizationDerivatives(d, h, s, F, Z, A, dA);
    else
      A = firstOrderLinearization(d, h, s, F);
    const Eigen::PartialPivLU<Matrix12d> lu(A.transpose());
    const Vector12d pn = lu.solve(p);
    if (!pn.allFinite()) {
      out.why = "the multiplier recursion (49) is singular at step " + std::to_string(k + 1);
      return out;
    }
    if (jacobian) {
      Matrix12d Pn;
      for (int j = 0; j < 12; ++j)
        Pn.col(j) = lu.solve(Vector12d(P.col(j) - dA[std::size_t(j)].transpose() * pn));
      P = Pn;
    }
    p = pn;
  }
  out.r = dumbbellTerminalResidual(o, s);
  if (!std::isfinite(out.cost) || !out.r.allFinite()) {
    out.why = "the cost or the terminal state is not finite";
    return out;
  }
  if (jacobian) out.drdLambda0 = residualJacobian(out.r) * Z;
  out.ok = true;
  return out;
}

}  // namespace

ShootingPass shootDumbbell(const DumbbellOcp& ocp, const Vector12d& lambda0, bool jacobian) {
  const ControlledDumbbell d(ocp.p);
  return shoot(ocp, d, lambda0, jacobian);
}

Vector12d initialConditionMultiplier(const DumbbellOcp& ocp, const Vector12d& lambda0) {
  const ControlledDumbbell d(ocp.p);
  Matrix3d F;
  if (!firstOrderRotation(d, ocp.h, ocp.s0.Omega, F, nullptr)) return Vector12d::Zero();
  const Matrix12d A0 = firstOrderLinearization(d, ocp.h, ocp.s0, F);
  return costateToMultiplier(d, A0.transpose() * multiplierToCostate(d, lambda0));
}

namespace {

// fills the path fields of a solution from its states and controls
void finishPath(DumbbellOcpSolution& out, const DumbbellOcp& ocp) {
  out.maxOrthogonalityError = maxOrthogonality(out.states);
  if (out.states.size() == std::size_t(ocp.N) + 1)
    out.terminalError = dumbbellTerminalError(dumbbellTerminalResidual(ocp, out.states.back()));
  else
    out.terminalError = HUGE_VAL;
}

IterationReport report(int it, int evaluations, double cost, const Vector12d& r) {
  IterationReport rep;
  rep.iteration = it;
  rep.evaluations = evaluations;
  rep.cost = cost;
  rep.constraintViolation = r.cwiseAbs().maxCoeff();
  rep.residual = dumbbellTerminalError(r);
  return rep;
}

}  // namespace

DumbbellOcpSolution solveDumbbellShooting(const DumbbellOcp& ocp, const ShootingSettings& st,
                                          const ProgressCallback& progress,
                                          const Vector12d& lambda0) {
  DumbbellOcpSolution out;
  out.method = "indirect";
  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const auto elapsed = [&t0] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const auto finish = [&](DumbbellOcpSolution& o) {
    o.cpuSeconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
    o.wallSeconds = elapsed();
  };
  const std::string target = dumbbellTargetError(ocp);
  if (!target.empty()) {
    out.status = "unreachable target";
    out.message = target;
    out.terminalError = HUGE_VAL;
    finish(out);
    return out;
  }

  const ControlledDumbbell d(ocp.p);
  Vector12d theta = lambda0;
  ShootingPass cur = shoot(ocp, d, theta, true);
  int evaluations = 1;
  if (!cur.ok) {
    out.status = "initial guess not defined";
    out.message = "the shooting pass from the initial multipliers fails: " + cur.why;
    out.terminalError = HUGE_VAL;
    finish(out);
    return out;
  }
  const auto keep = [&](const ShootingPass& pass) {
    out.states = pass.states;
    out.lambda = pass.lambda;
    out.uf = pass.uf;
    out.um = pass.um;
    out.cost = pass.cost;
    out.lambda0 = theta;
  };
  const auto fail = [&](const std::string& status, const std::string& message) {
    out.status = status;
    out.message = message;
    out.evaluations = evaluations;
    keep(cur);
    finishPath(out, ocp);
    out.lambdaInitial = initialConditionMultiplier(ocp, theta);
    finish(out);
    return out;
  };

  for (int it = 0;; ++it) {
    const IterationReport rep = report(it, evaluations, cur.cost, cur.r);
    out.history.push_back(rep);
    out.iterations = it;
    if (progress && !progress(rep)) {
      out.cancelled = true;
      return fail("cancelled", "cancelled by the caller");
    }
    const double err = *rep.residual;
    if (err <= st.tolerance) break;
    if (it == st.maxIterations)
      return fail("iteration limit (" + std::to_string(st.maxIterations) + ") reached",
                  "Newton's method did not converge in " + std::to_string(st.maxIterations) +
                      " iterations (terminal error " + formatNumber(err) + " > tolerance " +
                      formatNumber(st.tolerance) + ")");
    if (st.maxTimeSeconds > 0 && elapsed() > st.maxTimeSeconds)
      return fail("time limit reached", "Newton's method stopped after " + formatNumber(elapsed()) +
                                            " s (limit " + formatNumber(st.maxTimeSeconds) +
                                            " s) at terminal error " + formatNumber(err));
    const Eigen::FullPivLU<Matrix12d> lu(cur.drdLambda0);
    if (lu.rank() < 12)
      return fail("singular Jacobian",
                  "the terminal state does not depend on all 12 initial multipliers (Jacobian "
                  "rank " +
                      std::to_string(lu.rank()) + " at iteration " + std::to_string(it) +
                      "): the target is not reachable from here");
    const Vector12d step = lu.solve(-cur.r);
    // backtracking (Armijo) on |r|: the full step first (with its Jacobian, usually accepted)
    const double norm0 = cur.r.norm();
    double alpha = 1.0;
    bool accepted = false;
    std::string lastWhy;
    for (; alpha >= st.minStep; alpha *= 0.5) {
      if (st.maxTimeSeconds > 0 && elapsed() > st.maxTimeSeconds)
        return fail("time limit reached", "Newton's method stopped in its line search after " +
                                              formatNumber(elapsed()) + " s (limit " +
                                              formatNumber(st.maxTimeSeconds) +
                                              " s) at terminal error " + formatNumber(err));
      ShootingPass trial = shoot(ocp, d, theta + alpha * step, alpha == 1.0);
      ++evaluations;
      if (trial.ok && trial.r.norm() <= (1.0 - 1e-4 * alpha) * norm0) {
        theta += alpha * step;
        if (alpha != 1.0) {
          trial = shoot(ocp, d, theta, true);
          ++evaluations;
        }
        cur = trial;
        accepted = true;
        break;
      }
      if (!trial.ok) lastWhy = trial.why;
    }
    if (!accepted)
      return fail("line search failed",
                  "Newton's method did not converge: its line search found no decrease of the "
                  "terminal error " +
                      formatNumber(err) + " at iteration " + std::to_string(it) +
                      " (step fractions down to " + formatNumber(st.minStep) + ")" +
                      (lastWhy.empty() ? std::string() : "; the last failed pass: " + lastWhy) +
                      ": the target is not reachable from this guess");
  }
  out.converged = true;
  out.status = "converged";
  keep(cur);
  finishPath(out, ocp);
  out.lambdaInitial = initialConditionMultiplier(ocp, theta);
  out.evaluations = evaluations;
  finish(out);
  return out;
}

DirectEvaluation evaluateDumbbellDirect(const DumbbellOcp& ocp, const VectorXd& w, bool gradients) {
  DirectEvaluation e;
  const ControlledDumbbell d(ocp.p);
  const int N = ocp.N;
  const double h = ocp.h;
  if (w.size() != 6 * N) {
    e.why = "expected 6N = " + std::to_string(6 * N) + " controls, got " + std::to_string(w.size());
    return e;
  }
  std::vector<Matrix12d> A(gradients ? std::size_t(N) : 0);
  RigidBodyState s = ocp.s0;
  e.states.push_back(s);
  for (int k = 0; k < N; ++k) {
    const Vector3d uf = w.segment<3>(6 * k), um = w.segment<3>(6 * k + 3);
    e.cost += cost(ocp, uf, um);
    const RigidBodyState sk = s;
    Matrix3d F;
    std::string why;
    if (!firstOrderStep(d, h, uf, um, s, &why, &F)) {
      e.why = "step " + std::to_string(k) + " (t = " + formatNumber(k * h) + "): " + why;
      return e;
    }
    if (gradients && k > 0) A[std::size_t(k)] = firstOrderLinearization(d, h, sk, F);
    e.states.push_back(s);
  }
  e.r = dumbbellTerminalResidual(ocp, s);
  if (!std::isfinite(e.cost) || !e.r.allFinite()) {
    e.why = "the cost or the terminal state is not finite";
    return e;
  }
  e.ok = true;
  if (!gradients) return e;
  // adjoint sweep: L_j = dr/dz_j = dr/dz_N A_{N-1} ... A_j; u_j enters z_j through
  // dOmega_j += h J^-1 du^m_j, dv_j += (h/m) du^f_j
  e.grad.resize(6 * N);
  e.jac.resize(12, 6 * N);
  Matrix12d L = residualJacobian(e.r);
  for (int j = N; j >= 1; --j) {
    const Vector3d uf = w.segment<3>(6 * (j - 1)), um = w.segment<3>(6 * (j - 1) + 3);
    e.grad.segment<3>(6 * (j - 1)) = h * ocp.wf.cwiseProduct(uf);
    e.grad.segment<3>(6 * (j - 1) + 3) = h * ocp.wm.cwiseProduct(um);
    e.jac.block<12, 3>(0, 6 * (j - 1)) = (h / d.m) * L.middleCols<3>(9);
    e.jac.block<12, 3>(0, 6 * (j - 1) + 3) = h * L.middleCols<3>(6) * d.Jinv;
    if (j - 1 >= 1) L = L * A[std::size_t(j - 1)];
  }
  return e;
}

DumbbellOcpSolution solveDumbbellDirect(const DumbbellOcp& ocp, const SlsqpSettings& st,
                                        const ProgressCallback& progress, const VectorXd& w0) {
  DumbbellOcpSolution out;
  out.method = "direct";
  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const auto finish = [&] {
    out.cpuSeconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
    out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const std::string target = dumbbellTargetError(ocp);
  if (!target.empty()) {
    out.status = "unreachable target";
    out.message = target;
    out.terminalError = HUGE_VAL;
    finish();
    return out;
  }
  const int n = 6 * ocp.N;
  const VectorXd start = w0.size() == n ? w0 : VectorXd(VectorXd::Zero(n));
  EqualityNlp nlp;
  nlp.n = n;
  nlp.m = 12;
  nlp.evaluate = [&ocp](const VectorXd& x, double& f, VectorXd& c, VectorXd* g,
                        Eigen::MatrixXd* A) {
    const DirectEvaluation e = evaluateDumbbellDirect(ocp, x, g != nullptr);
    if (!e.ok) return false;
    f = e.cost;
    c = e.r;
    if (g) *g = e.grad;
    if (A) *A = e.jac;
    return true;
  };
  const SlsqpResult r = solveSlsqp(nlp, start, st, progress);
  out.status = r.status;
  out.cancelled = r.cancelled;
  out.converged = r.success;
  out.iterations = r.iterations;
  out.evaluations = r.evaluations;
  out.history = r.history;
  const DirectEvaluation e = evaluateDumbbellDirect(ocp, r.x, false);
  if (!e.ok) {
    out.converged = false;
    out.message = "the final point is not defined: " + e.why;
    out.terminalError = HUGE_VAL;
    finish();
    return out;
  }
  out.cost = e.cost;
  out.states = e.states;
  for (int k = 0; k < ocp.N; ++k) {
    out.uf.push_back(r.x.segment<3>(6 * k));
    out.um.push_back(r.x.segment<3>(6 * k + 3));
  }
  finishPath(out, ocp);
  if (!out.converged)
    out.message = out.cancelled
                      ? "cancelled by the caller"
                      : "SLSQP stopped without converging: " + r.status + " after " +
                            std::to_string(r.iterations) + " iterations, constraint violation " +
                            formatNumber(e.r.cwiseAbs().maxCoeff()) + " (tol " +
                            formatNumber(st.constraintTol) + ")";
  finish();
  return out;
}

}  // namespace dms
