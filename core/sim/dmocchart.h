// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A chart of a system's state around a reference state, in as many coordinates as the state
/// has degrees of freedom per declared part: a rotation R = R_ref exp(z^) (3), a unit vector
/// q = exp((E z)^) q_ref (2: E an orthonormal basis of the plane normal to q_ref), other parts
/// added to (their entries). With the derivatives that DMOC's constraint Jacobians chain with
/// the step's (Simulator::linearize, in the tangent coordinates of core/sim/tangentcoords.h):
/// exact at every z, not only at z = 0.
#pragma once

#include <vector>

#include "core/systems/system.h"

namespace dms {

class DmocChart {
 public:
  /// The chart around `reference` (its tangent parts as the declaration names them).
  DmocChart(const SystemDeclaration& d, std::vector<StatePart> reference);
  const std::vector<StatePart>& reference() const { return m_ref; }
  int size() const { return m_r; }         ///< chart coordinates
  int tangentSize() const { return m_d; }  ///< tangent coordinates
  /// The state at z.
  std::vector<StatePart> state(const VectorXd& z) const;
  /// d state(z)/dz in the tangent coordinates at state(z) (tangent size x chart size): the
  /// right Jacobian of exp for a rotation, the left one times E for a unit vector.
  MatrixXd stateDerivative(const VectorXd& z) const;
  /// The chart coordinates of a state (near the reference: rotations by less than pi).
  VectorXd coordinates(const std::vector<StatePart>& x) const;
  /// d coordinates(x)/dx along x's tangent coordinates (chart size x tangent size).
  MatrixXd coordinatesDerivative(const std::vector<StatePart>& x) const;
  /// A bound per chart coordinate that keeps the chart's rotations below pi (1.5 per rotation
  /// or unit-vector coordinate, so |z| <= 1.5 sqrt(3) = 2.6 for a rotation), infinite for the
  /// others.
  VectorXd domainBound() const;

 private:
  struct Block {
    TangentKind kind = TangentKind::Entries;
    std::string part;
    int row = 0;      // a unit vector's row in its part
    int n = 0;        // an entries part's size
    int t = 0;        // offset in the tangent coordinates
    int c = 0;        // offset in the chart coordinates
    Vector3d e1, e2;  // a unit vector's basis of the plane normal to it
  };
  const SystemDeclaration* m_decl;
  std::vector<StatePart> m_ref;
  std::vector<Block> m_blocks;
  int m_r = 0, m_d = 0;
};

/// The tangent vector from `from` to `to` (tangentDifference), but for a unit vector turned to
/// its opposite (no smallest rotation) a half turn about a fixed axis normal to it, so that an
/// interpolation from hanging to upright goes somewhere.
VectorXd dmocTangentPath(const SystemDeclaration& d, const std::vector<StatePart>& from,
                         const std::vector<StatePart>& to);

/// The right Jacobian of exp on SO(3): d exp(v^) = exp(v^) (J_r(v) dv)^.
Matrix3d so3RightJacobian(const Vector3d& v);
/// Its inverse.
Matrix3d so3RightJacobianInverse(const Vector3d& v);

}  // namespace dms
