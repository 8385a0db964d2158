// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed-size Eigen types used across the core, in one place.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace dms {

/// pi to the last digit a double holds
constexpr double kPi = 3.14159265358979323846;

using Vector2d = Eigen::Vector2d;
using Vector3d = Eigen::Vector3d;
using Vector4d = Eigen::Vector4d;
using Matrix2d = Eigen::Matrix2d;
using Matrix3d = Eigen::Matrix3d;
using VectorXd = Eigen::VectorXd;

/// Largest state a system carries: a chain of 8 spherical pendula, (q_i, omega_i) for each link,
/// 8 x 6 = 48 (two rigid bodies, (R as 9 entries, x, Omega, v) each, are 36; the dumbbell 18).
/// A bound rather than a size set at run time, so that a state never lives on the heap.
constexpr int kMaxStateSize = 48;

/// A raw state vector of at most kMaxStateSize entries, stored inline (never on the heap), so
/// samples can be copied across threads and produced in a step loop without allocation.
using StateVec = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxStateSize, 1>;

}  // namespace dms
