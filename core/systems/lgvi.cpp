#include "core/systems/lgvi.h"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>
#include <sstream>

#include "core/lie/so3.h"

namespace dms {
namespace {

Vector3d eq42Residual(const Matrix3d& J, const Vector3d& g, const Vector3d& f) {
  return g + g.cross(f) + g.dot(f) * f - 2.0 * J * f;
}

// the size of the terms of G that cancel, for a relative residual
double eq42Scale(const Matrix3d& J, const Vector3d& g, const Vector3d& f) {
  return g.norm() + 2.0 * (J.cwiseAbs() * f.cwiseAbs()).norm();
}

}  // namespace

Eq42Solution solveEq42(const Matrix3d& J, const Vector3d& g) {
  Eq42Solution out;
  Vector3d f = J.llt().solve(0.5 * g);
  for (int it = 0;; ++it) {
    const Vector3d G = eq42Residual(J, g, f);
    const double scale = eq42Scale(J, g, f);
    out.residual = scale > 0.0 ? G.norm() / scale : 0.0;
    out.iterations = it;
    if (!f.allFinite() || !std::isfinite(out.residual)) {
      out.why = "Newton's method for eq (42) diverged (non-finite Cayley parameter)";
      return out;
    }
    if (out.residual <= kEq42Tolerance) break;
    if (it == kEq42MaxIterations) {
      std::ostringstream m;
      m << "Newton's method for eq (42) did not converge in " << kEq42MaxIterations
        << " iterations (relative residual " << out.residual << " > " << kEq42Tolerance
        << ", |f| = " << f.norm() << "): no solution near the start, reduce h";
      out.why = m.str();
      return out;
    }
    const Matrix3d dG = hat(g) + g.dot(f) * Matrix3d::Identity() + f * g.transpose() - 2.0 * J;
    const Vector3d df = dG.partialPivLu().solve(-G);
    f += df;
  }
  out.f = f;
  out.F = cayley(f);
  out.converged = true;
  return out;
}

bool lgviStep(const RigidBody& b, double h, RigidBodyState& s, std::string* why,
              LgviStepInfo* info) {
  Vector3d dU0, M0;
  b.forces(s.x, s.R, dU0, M0);
  const Vector3d Pi0 = b.J * s.Omega;
  const Eq42Solution sol = solveEq42(b.J, h * Pi0 + 0.5 * h * h * M0);
  if (info) {
    info->newtonIterations = sol.iterations;
    info->residual = sol.residual;
  }
  if (!sol.converged) {
    if (why) *why = sol.why;
    return false;
  }
  const Matrix3d& F = sol.F;
  RigidBodyState n;
  n.R = s.R * F;
  n.x = s.x + h * s.v - h * h / (2.0 * b.m) * dU0;
  const std::string domain = b.potential->domainError(n.x, n.R);
  if (!domain.empty()) {
    if (why) *why = domain;
    return false;
  }
  Vector3d dU1, M1;
  b.forces(n.x, n.R, dU1, M1);
  const Vector3d Pi1 = F.transpose() * Pi0 + 0.5 * h * (F.transpose() * M0) + 0.5 * h * M1;
  n.Omega = b.J.llt().solve(Pi1);
  n.v = s.v - h / (2.0 * b.m) * (dU0 + dU1);
  s = n;
  return true;
}

}  // namespace dms
