// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The SO(3) toolkit: hat and vee, Rodrigues exp and log, the Cayley map, quaternions (scalar
/// first) and the distance between rotations. Conventions: x^ y = x cross y, R maps
/// body-frame vectors to the inertial frame.
#pragma once

#include <string>

#include "core/lie/orthogonality.h"
#include "core/types.h"

namespace dms {

/// x^, the skew matrix with x^ y = x cross y.
Matrix3d hat(const Vector3d& x);
/// The inverse of hat for a skew matrix: (W32, W13, W21).
Vector3d vee(const Matrix3d& W);

/// Rodrigues: exp(w^) = I + (sin t / t) w^ + ((1 - cos t) / t^2) w^ w^, t = |w|, with Taylor
/// coefficients near t = 0.
Matrix3d so3Exp(const Vector3d& w);
/// The principal logarithm: w with |w| in [0, pi] and so3Exp(w) = R, accurate near 0 (series)
/// and near pi (axis from the symmetric part). For R at angle pi either of the two answers.
Vector3d so3Log(const Matrix3d& R);
/// The rotation nearest to A in the Frobenius norm (the orthogonal polar factor, U V^T of the
/// SVD with the sign that makes its determinant +1).
Matrix3d nearestRotation(const Matrix3d& A);
/// Geodesic distance |log(A^T B)| on SO(3), the rotation angle between A and B.
double so3Distance(const Matrix3d& A, const Matrix3d& B);

/// Cayley map (I + f^)(I - f^)^-1 = I + 2 / (1 + |f|^2) (f^ + f^ f^): rotation by 2 atan|f|
/// about f.
Matrix3d cayley(const Vector3d& f);
/// Inverse Cayley map f = vee(F - F^T) / (1 + tr F). Throws std::domain_error when F is a
/// rotation by (nearly) pi, where f is unbounded.
Vector3d cayleyInverse(const Matrix3d& F);

/// Hamilton product p (x) q of quaternions (scalar first).
Vector4d quatMultiply(const Vector4d& p, const Vector4d& q);
/// R(q) = (q0^2 - |qv|^2) I + 2 qv qv^T + 2 q0 qv^, for any q (not normalized), so that
/// R^T R = |q|^4 I: a unit q gives the rotation, and a drift of |q| shows in ||I - R^T R||.
Matrix3d quatToRotation(const Vector4d& q);
/// The unit quaternion with q0 >= 0 of a rotation matrix (Shepperd's method, accurate at
/// every angle).
Vector4d rotationToQuat(const Matrix3d& R);

/// Tolerance of rotationVectorOf(): how far from SO(3) a hand-written matrix may be.
constexpr double kRotationTolerance = 1e-9;
/// The rotation vector (axis times angle) of R after checking that R is a rotation:
/// ||I - R^T R|| <= kRotationTolerance and det R > 0. Throws InputError naming `field`, the
/// orthogonality error and the determinant otherwise.
Vector3d rotationVectorOf(const Matrix3d& R, const std::string& field);

}  // namespace dms
