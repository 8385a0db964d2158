// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A rigid body on a fixed pivot whose potential U(R) the user types, in the entries R11 ... R33
/// of R (body to inertial) and named parameters. The rigid body of rigidbody.h with dU/dx = 0,
/// as the 3D pendulum (pendulum3d.h), whose potential is one of these:
///   -m*g*(R31*rho1 + R32*rho2 + R33*rho3)   (the default).
/// dU/dR comes from GiNaC's derivative of the text, evaluated by muParser
/// (potentialexpression.h); the moment is eq (41), M^ = dU/dR^T R - R^T dU/dR.
#pragma once

#include "core/systems/pendulum3d.h"
#include "core/systems/typedpotential.h"

namespace dms {

class CustomRigidBody final : public PivotBodyModel, public TypedPotentialOf<CustomRigidBody> {
 public:
  /// The default potential, the 3D pendulum's, with its parameters' values.
  CustomRigidBody();
  /// A typed potential: every free symbol is a parameter without a default. Sample::momentum is
  /// the angular momentum about the pivot R J Omega whatever U; its third component is conserved
  /// when U is symmetric about e3 (PotentialExpression::symmetricAboutE3).
  explicit CustomRigidBody(const std::string& text);

  static const char* defaultPotential() { return "-m*g*(R31*rho1 + R32*rho2 + R33*rho3)"; }
  static PotentialVariables variables();

  /// J's triangle inequality, a value for every parameter of the potential, and U and dU/dR
  /// finite at R0 = exp(rotvec0^).
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  /// The body of the typed U(R), drawn at 0.3 m along its third axis, R (0, 0, 0.3).
  SetUp setUp(const ParamValues& values) const override;
  /// vi: rigidBodyShadow (rigidbody.h).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;

 private:
  /// The body at `values`, with a potential evaluator of its own.
  RigidBody bodyOf(const ParamValues& values) const;
  CustomRigidBody(PotentialExpression expr, const ParamValues& defaults);
};

}  // namespace dms
