// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Distance of a matrix from the orthogonal group: ||I - R^T R|| in the spectral norm
/// (MATLAB's norm), the article's orthogonality error.
///
/// Every sample of every run on SO(2) or SO(3) carries it, so it is computed in closed form,
/// not by Eigen's iterative SelfAdjointEigenSolver (QR sweeps with Givens rotations: 10 to 60
/// times the cost of the planar pendulum's whole variational step). The closed forms are as
/// accurate: the largest |eigenvalue| to a few units of round-off relative to itself
/// (tst_lie checks within 16 eps of Eigen's solver on random and nearly degenerate matrices).
#pragma once

#include <Eigen/Core>
#include <algorithm>
#include <cmath>

namespace dms {

/// sqrt(x^2 + y^2) without the cost of std::hypot where the squares neither overflow nor
/// lose digits to underflow.
inline double fastHypot(double x, double y) {
  const double r2 = x * x + y * y;
  if (r2 > 1e-290 && r2 < 1e290) return std::sqrt(r2);
  if (x == 0.0 && y == 0.0) return 0.0;  // often: R^T R = I exactly in floating point
  return std::hypot(x, y);
}

/// Largest |eigenvalue| of the symmetric [[a, b], [b, c]]: its eigenvalues are m -+ r with
/// m = (a + c)/2 and r = hypot((a - c)/2, b) >= 0, so the largest magnitude is |m| + r.
inline double symmetricSpectralNorm(double a, double b, double c) {
  return std::fabs(0.5 * (a + c)) + fastHypot(0.5 * (a - c), b);
}

/// Largest |eigenvalue| of a symmetric 3x3 matrix (its lower triangle is read).
///
/// The trigonometric formula for the eigenvalues of B = A - q I (q = tr A / 3; Smith 1961)
/// gives the one most isolated from the other two (gap >= sqrt(3) p, p^2 = tr(B^2)/6) to
/// round-off, but a nearly double pair only to sqrt(eps). So the pair is found by deflation
/// instead, where it matters: the isolated eigenvalue's eigenvector v is the largest cross
/// product of two rows of B - mu I (well conditioned thanks to the gap), and the pair are the
/// eigenvalues of the 2x2 compression of B onto the plane orthogonal to v, in closed form.
inline double symmetricSpectralNorm(const Eigen::Matrix3d& A) {
  using Eigen::Vector3d;
  // scale to |entries| <= 1: neither cubes nor squares under- or overflow
  const double s = std::max({std::fabs(A(0, 0)), std::fabs(A(1, 0)), std::fabs(A(2, 0)),
                             std::fabs(A(1, 1)), std::fabs(A(2, 1)), std::fabs(A(2, 2))});
  if (!(s > 0.0)) return s == 0.0 ? 0.0 : s;  // 0, or NaN passed on
  if (!std::isfinite(s)) return s;
  const double k = 1.0 / s;
  const double a00 = A(0, 0) * k, a10 = A(1, 0) * k, a20 = A(2, 0) * k;
  const double a11 = A(1, 1) * k, a21 = A(2, 1) * k, a22 = A(2, 2) * k;
  const double q = (a00 + a11 + a22) / 3.0;
  const double b00 = a00 - q, b11 = a11 - q, b22 = a22 - q;
  const double p2 =
      (b00 * b00 + b11 * b11 + b22 * b22 + 2.0 * (a10 * a10 + a20 * a20 + a21 * a21)) / 6.0;
  if (p2 == 0.0) return std::fabs(q) * s;  // A = q I
  const double p = std::sqrt(p2);
  // r = det(B / p) / 2 in [-1, 1]; eigenvalues of B: 2 p cos(phi + 2 pi j / 3), phi = acos(r)/3
  const double det =
      b00 * (b11 * b22 - a21 * a21) - a10 * (a10 * b22 - a21 * a20) + a20 * (a10 * a21 - b11 * a20);
  const double r = std::clamp(det / (2.0 * p2 * p), -1.0, 1.0);
  const double phi = std::acos(r) / 3.0;
  constexpr double kTwoPiThirds = 2.0943951023931954923;
  // r >= 0: phi <= pi/6 and the largest is isolated; else the smallest
  const double mu = r >= 0.0 ? 2.0 * p * std::cos(phi) : 2.0 * p * std::cos(phi + kTwoPiThirds);
  // The pair from the invariants: mean -mu/2, (mu2 - mu3)^2 = 12 p^2 - 3 mu^2. That splitting
  // cancels when the pair nearly coincides (its error is up to sqrt(eps) p), so it is used
  // only where it cannot matter or is well conditioned.
  const double lIso = q + mu, lMean = q - 0.5 * mu;
  const double half = 0.5 * std::sqrt(std::max(0.0, 12.0 * p2 - 3.0 * mu * mu));
  if (std::fabs(lIso) >= std::fabs(lMean) + half + 1e-6 * p) return std::fabs(lIso) * s;
  if (half >= 0.5 * p) return std::max(std::fabs(lIso), std::fabs(lMean) + half) * s;
  const Vector3d r0(b00 - mu, a10, a20), r1(a10, b11 - mu, a21), r2(a20, a21, b22 - mu);
  Vector3d v = r0.cross(r1);
  double vn = v.squaredNorm();
  for (const Vector3d& c : {Vector3d(r0.cross(r2)), Vector3d(r1.cross(r2))}) {
    const double cn = c.squaredNorm();
    if (cn > vn) {
      v = c;
      vn = cn;
    }
  }
  v /= std::sqrt(vn);
  // an orthonormal basis (u, w) of the plane orthogonal to v
  Vector3d u = std::fabs(v.x()) <= std::fabs(v.y()) && std::fabs(v.x()) <= std::fabs(v.z())
                   ? Vector3d(0.0, -v.z(), v.y())
                   : (std::fabs(v.y()) <= std::fabs(v.z()) ? Vector3d(v.z(), 0.0, -v.x())
                                                           : Vector3d(-v.y(), v.x(), 0.0));
  u.normalize();
  const Vector3d w = v.cross(u);
  const auto Bx = [&](const Vector3d& x) {
    return Vector3d(b00 * x.x() + a10 * x.y() + a20 * x.z(),
                    a10 * x.x() + b11 * x.y() + a21 * x.z(),
                    a20 * x.x() + a21 * x.y() + b22 * x.z());
  };
  const Vector3d Bu = Bx(u), Bw = Bx(w);
  const double c00 = u.dot(Bu), c01 = w.dot(Bu), c11 = w.dot(Bw);
  const double m = 0.5 * (c00 + c11), h = fastHypot(0.5 * (c00 - c11), c01);
  const double largest = std::max({std::fabs(q + mu), std::fabs(q + m + h), std::fabs(q + m - h)});
  return largest * s;
}

/// Spectral norm of I - R^T R for a 2x2 or 3x3 R (the largest |eigenvalue| of that symmetric
/// matrix). No heap allocation.
template <class Derived>
double orthogonalityError(const Eigen::MatrixBase<Derived>& R) {
  static_assert(Derived::RowsAtCompileTime == Derived::ColsAtCompileTime &&
                    (Derived::RowsAtCompileTime == 2 || Derived::RowsAtCompileTime == 3),
                "orthogonalityError: a fixed-size 2x2 or 3x3 matrix");
  using Mat = Eigen::Matrix<double, Derived::RowsAtCompileTime, Derived::ColsAtCompileTime>;
  const Mat d = Mat::Identity() - R.transpose() * R;
  if constexpr (Derived::RowsAtCompileTime == 2)
    return symmetricSpectralNorm(d(0, 0), d(1, 0), d(1, 1));
  else
    return symmetricSpectralNorm(d);
}

}  // namespace dms
