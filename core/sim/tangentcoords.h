// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A system's state in its tangent coordinates (SystemDeclaration::tangent): their names, a
/// state moved along a tangent vector, and the tangent vector from one state to a nearby one.
/// What a step's derivative (Simulator::linearize) is written in, and what a test of it moves
/// the state by.
#pragma once

#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

/// The number of tangent coordinates of `state` (the named parts, SystemModel::namedState).
/// Throws InputError when a declared part is missing or has a shape its kind does not take.
Eigen::Index tangentSize(const SystemDeclaration& d, const std::vector<StatePart>& state);

/// Their names, part by part: "R.xi1".."R.xi3" for a rotation, "q.xi1".. per row ("q[2].xi1"
/// for row 2 of a list of vectors) for unit vectors, a part's own entries as "Omega1",
/// "omega[2]3" or "theta".
std::vector<std::string> tangentNames(const SystemDeclaration& d,
                                      const std::vector<StatePart>& state);

/// The state moved along delta: R exp(xi^), exp(xi^) q, entries + delta. Parts outside the
/// tangent are kept as they are.
std::vector<StatePart> retractState(const SystemDeclaration& d, const std::vector<StatePart>& state,
                                    const VectorXd& delta);

/// True for an angle on the circle: a scalar part in rad (the planar pendulum's theta, which its
/// named state reads as atan2, in (-pi, pi]).
bool isAnglePart(const SystemDeclaration& d, const std::string& part);

/// The tangent vector at `base` that retractState takes to `other` (for a rotation
/// log(R_base^T R_other), for a unit vector the smallest rotation q_base x q_other scaled to
/// its angle, an angle on the circle, a scalar part in rad, its difference in (-pi, pi], other
/// entries their difference). `other` must be near `base` (rotations by less than
/// pi).
VectorXd tangentDifference(const SystemDeclaration& d, const std::vector<StatePart>& base,
                           const std::vector<StatePart>& other);

}  // namespace dms
