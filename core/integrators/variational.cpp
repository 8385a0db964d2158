#include "core/integrators/variational.h"

#include <cmath>
#include <sstream>

namespace dms {

void massSpringStep(const MassSpringParams& p, double h, MassSpringState& x) {
  const double c = h * h * p.kappa / (4 * p.m);
  const double q1 = (h * x.v + (1 - c) * x.q) / (1 + c);
  x.v = x.v - h * p.kappa / (2 * p.m) * x.q - h * p.kappa / (2 * p.m) * q1;
  x.q = q1;
}

bool planarPendulumStep(const PlanarPendulumParams& p, double h, PlanarPendulumState& x,
                        std::string* why) {
  const double e2Re1 = x.R(1, 0);
  const double s = h * x.Omega - h * h * p.g / (2 * p.l) * e2Re1;
  if (!(std::fabs(s) <= 1.0)) {
    if (why) {
      std::ostringstream m;
      m << "eq (25) has no solution: sin(dtheta) = h Omega - h^2 g/(2l) e2^T R e1 = " << s
        << " is outside [-1, 1]; reduce h";
      *why = m.str();
    }
    return false;
  }
  const double c = std::sqrt(1 - s * s);
  Matrix2d F;
  F << c, -s, s, c;
  const Matrix2d R1 = x.R * F;
  x.Omega = x.Omega - h * p.g / (2 * p.l) * e2Re1 - h * p.g / (2 * p.l) * R1(1, 0);
  x.R = R1;
  return true;
}

bool sphericalPendulumStep(const SphericalPendulumParams& p, double h, SphericalPendulumState& x,
                           std::string* why) {
  const Vector3d e3 = Vector3d::UnitZ();
  const Vector3d qxe3 = x.q.cross(e3);
  const Vector3d f = h * x.omega + h * h * p.g / (2 * p.l) * qxe3;
  const double f2 = f.squaredNorm();
  if (!(f2 <= 1.0)) {
    if (why) {
      std::ostringstream m;
      m << "eq (35) needs |h omega + h^2 g/(2l) q x e3| <= 1, got " << std::sqrt(f2)
        << "; reduce h";
      *why = m.str();
    }
    return false;
  }
  const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
  x.omega = x.omega + h * p.g / (2 * p.l) * qxe3 + h * p.g / (2 * p.l) * q1.cross(e3);
  x.q = q1;
  return true;
}

}  // namespace dms
