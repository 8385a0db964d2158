// Fixed-size Eigen types used across the core, in one place.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

namespace dms {

using Vector2d = Eigen::Vector2d;
using Vector3d = Eigen::Vector3d;
using Vector4d = Eigen::Vector4d;
using Matrix2d = Eigen::Matrix2d;
using Matrix3d = Eigen::Matrix3d;
using VectorXd = Eigen::VectorXd;

/// Largest state any system integrates with RK45 (dumbbell: R as 9 entries, x, Omega, v).
constexpr int kMaxStateSize = 18;

/// A raw state vector of at most kMaxStateSize entries, stored inline (never on the heap), so
/// samples can be copied across threads and produced in a step loop without allocation.
using StateVec = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxStateSize, 1>;

}  // namespace dms
