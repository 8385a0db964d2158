// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/control/sphericalpendulumocp.h"

#include <Eigen/SVD>
#include <chrono>
#include <cmath>
#include <ctime>

#include "core/integrators/settings.h"
#include "core/systems/declaration.h"

namespace dms {
namespace {

using Matrix32d = Eigen::Matrix<double, 3, 2>;
using Matrix56d = Eigen::Matrix<double, 5, 6>;
using Matrix53d = Eigen::Matrix<double, 5, 3>;

// how far from |q| = 1 and q . omega = 0 a user's vector may be before we call it wrong
constexpr double kUnitTol = 1e-9;

// orthonormal (b1, b2) with b1 x b2 = q, from the coordinate axis least aligned with q
Matrix32d tangentBasis(const Vector3d& q) {
  Eigen::Index i = 0;
  q.cwiseAbs().minCoeff(&i);
  const Vector3d b1 = q.cross(Vector3d::Unit(i)).normalized();
  Matrix32d B;
  B.col(0) = b1;
  B.col(1) = q.cross(b1);
  return B;
}

Vector3d unitParam(const ParamValues& v, const std::string& name) {
  const Vector3d q = vectorParam(v, name);
  const double n = q.norm();
  if (!(std::fabs(n - 1) <= kUnitTol))
    throw InputError("parameter '" + name + "' = " + formatVector(q) + " has length " +
                     formatNumber(n) + ": it must be a point of the unit sphere (|" + name +
                     "| = 1 within " + formatNumber(kUnitTol) + ")");
  return q / n;
}

Vector3d tangentParam(const ParamValues& v, const std::string& name, const Vector3d& q,
                      const std::string& qName) {
  const Vector3d w = vectorParam(v, name);
  const double along = w.dot(q);
  if (!(std::fabs(along) <= kUnitTol * std::max(1.0, w.norm())))
    throw InputError("parameter '" + name + "' = " + formatVector(w) + " is not tangent to " +
                     qName + " = " + formatVector(q) + " (" + name + "." + qName + " = " +
                     formatNumber(along) + "): the allowed values satisfy " + name + "." + qName +
                     " = 0 (within " + formatNumber(kUnitTol) + " |" + name + "|)");
  return w - along * q;
}

// bytes one solve needs besides SLSQP's arrays: states, step Jacobians, the 5 x n adjoint
// gradients, NLopt's copies of x, g and the 4 x n Jacobian (per step, rounded up)
constexpr double kOwnBytesPerStep = 1024.0;

double solveBytes(int N) { return slsqpWorkBytes(3 * (N + 1), 4) + kOwnBytesPerStep * (N + 1); }

}  // namespace

std::string transcriptionName(Transcription t) {
  return t == Transcription::Variational ? "vi" : "rk2";
}

Transcription parseTranscription(const std::string& s) {
  if (s == "vi") return Transcription::Variational;
  if (s == "rk2") return Transcription::Rk2;
  throw InputError("--transcription '" + s +
                   "': expected vi (forced variational integrator) or rk2 (Heun on (31)-(32))");
}

const std::vector<ParamSpec>& sphericalOcpSpecs() {
  static const std::vector<ParamSpec> specs = {
      massParam("m", "mass of the bob"),
      lengthParam("l", "length of the rod", 9.81, 0.5, 20.0),
      gravityParam("gravitational acceleration (along +e3)"),
      ParamSpec::vector3("q0", "", "initial direction of the rod, unit (e3 = hanging)")
          .defaultValue({0.0, 0.0, 1.0})
          .range(-1.0, 1.0)
          .slider(-1.0, 1.0),
      ParamSpec::vector3("omega0", "rad/s", "initial angular velocity, tangent to q0")
          .defaultValue({0.0, 0.0, 0.0})
          .range(-1e3, 1e3)
          .slider(-5.0, 5.0),
      ParamSpec::vector3("qd", "", "target direction q^d, unit (-e3 = inverted)")
          .defaultValue({0.0, 0.0, -1.0})
          .range(-1.0, 1.0)
          .slider(-1.0, 1.0),
      ParamSpec::vector3("omegad", "rad/s", "target angular velocity omega^d, tangent to qd")
          .defaultValue({0.0, 0.0, 0.0})
          .range(-1e3, 1e3)
          .slider(-5.0, 5.0),
  };
  return specs;
}

int maxOcpSteps() {
  int lo = 1, hi = 1 << 20;
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    if (solveBytes(mid) <= kOcpMemoryLimitBytes)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

SphericalPendulumOcp makeSphericalPendulumOcp(const ParamValues& values, double T, double h,
                                              Transcription tr) {
  const auto& specs = sphericalOcpSpecs();
  ParamValues v = defaultValues(specs);
  for (const auto& [name, value] : values) applyAssignment(specs, v, name, value);
  SphericalPendulumOcp o;
  o.p.m = scalarParam(v, "m");
  o.p.l = scalarParam(v, "l");
  o.p.g = scalarParam(v, "g");
  o.p.q0 = unitParam(v, "q0");
  o.p.omega0 = tangentParam(v, "omega0", o.p.q0, "q0");
  o.qd = unitParam(v, "qd");
  o.omegad = tangentParam(v, "omegad", o.qd, "qd");
  o.transcription = tr;

  const double steps = double(checkStepAndHorizon(h, T));
  const int nMax = maxOcpSteps();
  if (steps > nMax)
    throw InputError(
        "T/h = " + formatNumber(steps) +
        " steps is too many for optimal control: " + "SLSQP's dense matrices would need about " +
        formatNumber(std::round(solveBytes(int(std::min(steps, 1e6))) / 1048576)) + " MiB (limit " +
        formatNumber(kOcpMemoryLimitBytes / 1048576) + " MiB), so N must be in [1, " +
        std::to_string(nMax) + "]: raise h or lower T");
  o.h = h;
  o.N = int(steps);
  return o;
}

OcpEvaluation evaluateOcp(const SphericalPendulumOcp& ocp, const VectorXd& w, bool gradients) {
  OcpEvaluation e;
  const int N = ocp.N;
  const double h = ocp.h;
  const auto wk = [&w](int k) { return Vector3d(w.segment<3>(3 * k)); };
  e.states.resize(std::size_t(N) + 1);
  e.states[0] = SphericalPendulumState{ocp.p.q0, ocp.p.omega0};
  std::vector<StepJacobians> J(gradients ? std::size_t(N) : 0);
  for (int k = 0; k < N; ++k) {
    SphericalPendulumState x = e.states[std::size_t(k)];
    StepJacobians* jk = gradients ? &J[std::size_t(k)] : nullptr;
    std::string why;
    const bool ok = ocp.transcription == Transcription::Variational
                        ? forcedSphericalPendulumStep(ocp.p, h, wk(k), wk(k + 1), x, jk, &why)
                        : heunSphericalPendulumStep(ocp.p, h, wk(k), wk(k + 1), x, jk, &why);
    if (!ok) {
      e.why = "step " + std::to_string(k) + " (t = " + formatNumber(k * h) + "): " + why;
      return e;
    }
    e.states[std::size_t(k) + 1] = x;
  }
  // the cost charges every moment the dynamics apply: for vi the node moments u_k; Heun also
  // applies q~_{k+1} x w_{k+1} at its predictor q~_{k+1} = q_k + h omega_k x q_k, and a w
  // along q_{k+1} that is free at the node would act there for nothing (SLSQP finds that)
  const bool rk2 = ocp.transcription == Transcription::Rk2;
  const auto nodeWeight = [rk2, N](int k) { return !rk2 ? 1.0 : k == 0 ? 1.0 : k < N ? 0.5 : 0.0; };
  const auto stageWeight = [N](int k) { return k + 1 < N ? 0.5 : 1.0; };  // stage at t_{k+1}
  const auto predictor = [&e, h](int k) {
    const SphericalPendulumState& x = e.states[std::size_t(k)];
    return Vector3d(x.q + h * x.omega.cross(x.q));
  };
  e.cost = 0;
  for (int k = 0; k <= N; ++k)
    e.cost += nodeWeight(k) * h / 2 * e.states[std::size_t(k)].q.cross(wk(k)).squaredNorm();
  if (rk2)
    for (int k = 0; k < N; ++k)
      e.cost += stageWeight(k) * h / 2 * predictor(k).cross(wk(k + 1)).squaredNorm();

  const Matrix32d B = tangentBasis(ocp.qd);
  const SphericalPendulumState& xN = e.states.back();
  const double sigma = 1 + ocp.qd.dot(xN.q);
  if (!(sigma > 1e-12)) {
    e.why = "q_N is antipodal to q^d: the terminal chart is not defined there";
    return e;
  }
  const Eigen::Vector2d bq = B.transpose() * xN.q;
  e.c.head<2>() = bq / sigma;
  e.c.tail<2>() = B.transpose() * (xN.omega - ocp.omegad);
  if (!std::isfinite(e.cost) || !e.c.allFinite()) {
    e.why = "the cost or the terminal condition is not finite";
    return e;
  }
  e.ok = true;
  if (!gradients) return e;

  // discrete adjoint: rows of lambda = d(J, c)/dx_k, swept back from k = N
  const int n = ocp.variables();
  Eigen::MatrixXd G = Eigen::MatrixXd::Zero(5, n);
  // node term a_k h/2 |q_k x w_k|^2: d/dq_k = a_k h w_k x u_k, d/dw_k = -a_k h q_k x u_k
  const auto costDq = [&](int k) {
    const Vector3d q = e.states[std::size_t(k)].q;
    return Vector3d(nodeWeight(k) * h * wk(k).cross(q.cross(wk(k))));
  };
  for (int k = 0; k <= N; ++k) {
    const Vector3d q = e.states[std::size_t(k)].q;
    G.block<1, 3>(0, 3 * k) = (-nodeWeight(k) * h * q.cross(q.cross(wk(k)))).transpose();
  }
  // Heun's stage term b h/2 |q~ x w_{k+1}|^2 with dq~/dq = I + h omega^, dq~/domega = -h q^
  const auto stageDx = [&](int k) {
    const SphericalPendulumState& x = e.states[std::size_t(k)];
    const Vector3d qt = predictor(k);
    const Vector3d dqt = stageWeight(k) * h * wk(k + 1).cross(qt.cross(wk(k + 1)));
    Eigen::Matrix<double, 1, 6> r;
    r.head<3>() = (dqt - h * x.omega.cross(dqt)).transpose();
    r.tail<3>() = (h * x.q.cross(dqt)).transpose();
    return r;
  };
  if (rk2)
    for (int k = 0; k < N; ++k) {
      const Vector3d qt = predictor(k);
      G.block<1, 3>(0, 3 * (k + 1)) +=
          (-stageWeight(k) * h * qt.cross(qt.cross(wk(k + 1)))).transpose();
    }
  Matrix56d lambda = Matrix56d::Zero();
  lambda.block<1, 3>(0, 0) = costDq(N).transpose();
  lambda.block<2, 3>(1, 0) = B.transpose() / sigma - bq * ocp.qd.transpose() / (sigma * sigma);
  lambda.block<2, 3>(3, 3) = B.transpose();
  for (int k = N - 1; k >= 0; --k) {
    const StepJacobians& jk = J[std::size_t(k)];
    G.block<5, 3>(0, 3 * (k + 1)) += lambda * jk.B1;
    G.block<5, 3>(0, 3 * k) += lambda * jk.B0;
    Matrix56d next = lambda * jk.A;
    next.block<1, 3>(0, 0) += costDq(k).transpose();
    if (rk2) next.row(0) += stageDx(k);
    lambda = next;
  }
  e.grad = G.row(0).transpose();
  e.jac = G.bottomRows(4);
  return e;
}

VectorXd sphericalOcpGuess(const SphericalPendulumOcp& ocp, int side) {
  const Vector3d q0 = ocp.p.q0;
  const Vector3d nrm = q0.cross(ocp.qd);
  Vector3d a;
  double theta;
  if (nrm.norm() > 1e-9) {
    a = nrm.normalized();
    theta = std::atan2(nrm.norm(), q0.dot(ocp.qd));
  } else {
    Eigen::Index i = 0;
    q0.cwiseAbs().minCoeff(&i);
    a = q0.cross(Vector3d::Unit(i)).normalized();
    theta = q0.dot(ocp.qd) > 0 ? 0.0 : kPi;
  }
  double Phi = theta;
  if (side < 0) {
    a = -a;
    Phi = 2 * kPi - theta;
  }
  const double tN = ocp.N * ocp.h;
  const double ml2 = ocp.p.m * ocp.p.l * ocp.p.l;
  const double gl = ocp.p.g / ocp.p.l;
  const Vector3d axq0 = a.cross(q0);
  VectorXd w(ocp.variables());
  for (int k = 0; k <= ocp.N; ++k) {
    const double s = kPi * (k * ocp.h) / tN;
    const double phi = Phi * (1 - std::cos(s)) / 2;
    const double phidd = Phi * kPi * kPi / (2 * tN * tN) * std::cos(s);
    const Vector3d q = std::cos(phi) * q0 + std::sin(phi) * axq0;
    const Vector3d u = ml2 * (phidd * a - gl * q.cross(Vector3d::UnitZ()));
    w.segment<3>(3 * k) = u.cross(q);
  }
  return w;
}

OcpSolution solveSphericalPendulumOcp(const SphericalPendulumOcp& ocp,
                                      const OcpSolveSettings& settings,
                                      const ProgressCallback& progress) {
  return solveSphericalPendulumOcp(ocp, sphericalOcpGuess(ocp, settings.guessSide), settings,
                                   progress);
}

OcpSolution solveSphericalPendulumOcp(const SphericalPendulumOcp& ocp, const VectorXd& w0,
                                      const OcpSolveSettings& settings,
                                      const ProgressCallback& progress) {
  const int n = ocp.variables();
  if (w0.size() != n)
    throw InputError("initial guess has " + std::to_string(w0.size()) + " numbers, expected " +
                     std::to_string(n) + " = 3(N+1)");
  {
    const OcpEvaluation e0 = evaluateOcp(ocp, w0, false);
    if (!e0.ok)
      throw InputError("the initial guess is not defined with h = " + formatNumber(ocp.h) + " (" +
                       e0.why + "): reduce h or raise T");
  }
  // SLSQP works on x = w/(m l^2) (angular accelerations) and J/(m l^2)^2, both of order one
  // for a swing-up, so its identity start for the Hessian is not off by orders of magnitude
  const double s = ocp.p.m * ocp.p.l * ocp.p.l;
  EqualityNlp nlp;
  nlp.n = n;
  nlp.m = 4;
  nlp.evaluate = [&ocp, s](const VectorXd& x, double& f, VectorXd& c, VectorXd* g,
                           Eigen::MatrixXd* A) {
    const VectorXd w = s * x;
    const OcpEvaluation e = evaluateOcp(ocp, w, g != nullptr);
    if (!e.ok) return false;
    f = e.cost / (s * s);
    c = e.c;
    if (g) *g = e.grad / s;
    if (A) *A = e.jac * s;
    return true;
  };
  ProgressCallback scaled;
  if (progress)
    scaled = [&progress, s](const IterationReport& r) {
      IterationReport p = r;
      p.cost *= s * s;
      return progress(p);
    };

  const std::clock_t c0 = std::clock();
  const auto t0 = std::chrono::steady_clock::now();
  const SlsqpResult r = solveSlsqp(nlp, w0 / s, settings.slsqp, scaled);
  OcpSolution out;
  out.cpuSeconds = double(std::clock() - c0) / CLOCKS_PER_SEC;
  out.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  takeSolverReport(r, out);
  for (IterationReport& h : out.history) h.cost *= s * s;
  out.w = s * r.x;

  const OcpEvaluation e = evaluateOcp(ocp, out.w, true);
  if (!e.ok) {
    out.converged = false;
    out.message = "the final point is not defined: " + e.why;
    return out;
  }
  out.cost = e.cost;
  out.constraintViolation = e.c.cwiseAbs().maxCoeff();
  const SphericalPendulumState& xN = e.states.back();
  out.terminalQError = (xN.q - ocp.qd).norm();
  out.terminalOmegaError = (xN.omega - ocp.omegad).norm();
  out.terminalError = std::max(out.terminalQError, out.terminalOmegaError);
  out.states = e.states;
  for (int k = 0; k <= ocp.N; ++k) {
    const SphericalPendulumState& x = e.states[std::size_t(k)];
    out.t.push_back(k * ocp.h);
    out.u.push_back(x.q.cross(Vector3d(out.w.segment<3>(3 * k))));
    out.maxUnitLengthError = std::max(out.maxUnitLengthError, std::fabs(1 - x.q.squaredNorm()));
    out.maxTangencyError = std::max(out.maxTangencyError, std::fabs(x.q.dot(x.omega)));
  }
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(e.jac);
  const VectorXd sv = svd.singularValues();
  out.jacobianCondition = sv(sv.size() - 1) > 0 ? sv(0) / sv(sv.size() - 1) : HUGE_VAL;
  // (NLopt may stop on FTOL_REACHED at a point with |c_i| > tol: that is not converged either)
  if (!out.converged)
    out.message = out.cancelled
                      ? "cancelled by the caller"
                      : "SLSQP stopped without converging: " + r.status + " after " +
                            std::to_string(r.iterations) + " iterations, constraint violation " +
                            formatNumber(out.constraintViolation) + " (tol " +
                            formatNumber(settings.slsqp.constraintTol) + ")";
  return out;
}

}  // namespace dms
