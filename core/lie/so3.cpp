// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/lie/so3.h"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "core/lie/orthogonality.h"
#include "core/params.h"

namespace dms {
namespace {

// below this angle the Taylor series of the Rodrigues coefficients are exact to round-off
// (the first omitted term is t^6 / 5040 < 1e-21)
constexpr double kSmallAngle = 1e-3;

}  // namespace

Matrix3d hat(const Vector3d& x) {
  Matrix3d W;
  W << 0.0, -x.z(), x.y(), x.z(), 0.0, -x.x(), -x.y(), x.x(), 0.0;
  return W;
}

Vector3d vee(const Matrix3d& W) { return Vector3d(W(2, 1), W(0, 2), W(1, 0)); }

Matrix3d so3Exp(const Vector3d& w) {
  const double t2 = w.squaredNorm();
  const double t = std::sqrt(t2);
  double a, b;  // sin t / t and (1 - cos t) / t^2
  if (t < kSmallAngle) {
    a = 1.0 - t2 / 6.0 + t2 * t2 / 120.0;
    b = 0.5 - t2 / 24.0 + t2 * t2 / 720.0;
  } else {
    a = std::sin(t) / t;
    const double s = std::sin(0.5 * t);
    b = 2.0 * s * s / t2;  // no cancellation, unlike 1 - cos t
  }
  const Matrix3d W = hat(w);
  return Matrix3d::Identity() + a * W + b * W * W;
}

Vector3d so3Log(const Matrix3d& R) {
  // a = sin t n from the skew part, c = cos t from the trace; t = atan2 is accurate at any angle
  const Vector3d a = 0.5 * Vector3d(R(2, 1) - R(1, 2), R(0, 2) - R(2, 0), R(1, 0) - R(0, 1));
  const double c = std::clamp(0.5 * (R.trace() - 1.0), -1.0, 1.0);
  const double s = a.norm();
  const double t = std::atan2(s, c);
  if (t < kSmallAngle) {
    // t / sin t = 1 + t^2/6 + 7 t^4/360
    const double t2 = t * t;
    return (1.0 + t2 / 6.0 + 7.0 * t2 * t2 / 360.0) * a;
  }
  if (c > 0.0) return (t / s) * a;
  // near pi the skew part vanishes: the axis from (R + R^T)/2 = c I + (1 - c) n n^T, taking
  // the column with the largest diagonal, the sign from a
  const Matrix3d nn = (0.5 * (R + R.transpose()) - c * Matrix3d::Identity()) / (1.0 - c);
  int i = 0;
  nn.diagonal().maxCoeff(&i);
  Vector3d n = nn.col(i) / std::sqrt(std::max(nn(i, i), 1e-300));
  n.normalize();
  if (n.dot(a) < 0.0) n = -n;
  return t * n;
}

Matrix3d nearestRotation(const Matrix3d& A) {
  const Eigen::JacobiSVD<Matrix3d> svd(A, Eigen::ComputeFullU | Eigen::ComputeFullV);
  Matrix3d D = Matrix3d::Identity();
  if ((svd.matrixU() * svd.matrixV().transpose()).determinant() < 0) D(2, 2) = -1;
  return svd.matrixU() * D * svd.matrixV().transpose();
}

double so3Distance(const Matrix3d& A, const Matrix3d& B) {
  return so3Log(A.transpose() * B).norm();
}

Matrix3d cayley(const Vector3d& f) {
  const Matrix3d W = hat(f);
  return Matrix3d::Identity() + (2.0 / (1.0 + f.squaredNorm())) * (W + W * W);
}

Vector3d cayleyInverse(const Matrix3d& F) {
  const double d = 1.0 + F.trace();
  // 1 + tr F = 4 / (1 + |f|^2): |f| > 1e8 (an angle within 2e-8 of pi) is no usable f
  if (!(d > 4e-16))
    throw std::domain_error("cayleyInverse: 1 + tr F = " + std::to_string(d) +
                            ": a rotation by pi has no Cayley parameter");
  return vee(F - F.transpose()) / d;
}

Vector4d quatMultiply(const Vector4d& p, const Vector4d& q) {
  const Vector3d pv = p.tail<3>();
  const Vector3d qv = q.tail<3>();
  Vector4d r;
  r[0] = p[0] * q[0] - pv.dot(qv);
  r.tail<3>() = p[0] * qv + q[0] * pv + pv.cross(qv);
  return r;
}

Matrix3d quatToRotation(const Vector4d& q) {
  const double q0 = q[0];
  const Vector3d qv = q.tail<3>();
  return (q0 * q0 - qv.squaredNorm()) * Matrix3d::Identity() + 2.0 * qv * qv.transpose() +
         2.0 * q0 * hat(qv);
}

Vector4d rotationToQuat(const Matrix3d& R) {
  // Shepperd: divide by the largest of 4 q0^2, 4 q1^2, 4 q2^2, 4 q3^2
  const double tr = R.trace();
  const double d[4] = {tr, R(0, 0), R(1, 1), R(2, 2)};
  int k = 0;
  for (int i = 1; i < 4; ++i)
    if (d[i] > d[k]) k = i;
  Vector4d q;
  if (k == 0) {
    const double s = 2.0 * std::sqrt(std::max(1.0 + tr, 0.0));  // 4 q0
    q << 0.25 * s, (R(2, 1) - R(1, 2)) / s, (R(0, 2) - R(2, 0)) / s, (R(1, 0) - R(0, 1)) / s;
  } else {
    const int i = k - 1, j = (i + 1) % 3, l = (i + 2) % 3;
    const double s = 2.0 * std::sqrt(std::max(1.0 + R(i, i) - R(j, j) - R(l, l), 0.0));  // 4 qi
    q[0] = (R(l, j) - R(j, l)) / s;
    q[1 + i] = 0.25 * s;
    q[1 + j] = (R(j, i) + R(i, j)) / s;
    q[1 + l] = (R(l, i) + R(i, l)) / s;
  }
  if (q[0] < 0.0) q = -q;
  return q / q.norm();
}

Vector3d rotationVectorOf(const Matrix3d& R, const std::string& field) {
  const double orth = orthogonalityError(R);
  const double det = R.determinant();
  if (!R.allFinite() || !(orth <= kRotationTolerance) || !(det > 0)) {
    throw InputError("'" + field +
                     "' is not a rotation matrix: ||I - R^T R|| = " + formatNumber(orth) +
                     ", det R = " + formatNumber(det) + " (allowed: orthogonal to " +
                     formatNumber(kRotationTolerance) + " with det R = +1)");
  }
  return so3Log(R);
}

}  // namespace dms
