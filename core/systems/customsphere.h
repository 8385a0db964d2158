// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// A particle of mass m on a sphere of radius l whose potential U(q) the user types, in q1, q2,
/// q3 (q the unit vector from the centre), m, l and named parameters. With U = -m*g*l*q3 it is
/// the spherical pendulum (sphericalpendulum.h), whose step it generalizes (Lee, Leok and
/// McClamroch, the variational integrator on S^2), with dU = dU/dq from GiNaC via muParser:
///   f_k = h omega_k - h^2/(2 m l^2) q_k x dU_k
///   q_{k+1} = f_k x q_k + (1 - |f_k|^2)^(1/2) q_k
///   omega_{k+1} = omega_k - h/(2 m l^2) (q_k x dU_k + q_{k+1} x dU_{k+1})
/// and the continuous equations q' = omega x q, m l^2 omega' = -q x dU.
#pragma once

#include "core/systems/sphericalpendulum.h"
#include "core/systems/typedpotential.h"

namespace dms {

class CustomSphereParticle final : public SphereParticleModel,
                                   public TypedPotentialOf<CustomSphereParticle> {
 public:
  /// The default potential, the spherical pendulum's, with g = 9.81.
  CustomSphereParticle();
  /// A typed potential: every free symbol is a parameter without a default. Sample::momentum is
  /// the angular momentum m l^2 q x qdot whatever U; its third component is conserved when U is
  /// symmetric about e3.
  explicit CustomSphereParticle(const std::string& text);

  static const char* defaultPotential() { return "-m*g*l*q3"; }
  static PotentialVariables variables();

  /// A value for every parameter of the potential, q0 normalized and omega0 made tangent (as
  /// the spherical pendulum), U and dU/dq finite at q0.
  ParamValues normalize(const ParamValues& values,
                        std::vector<std::string>* warnings) const override;
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Forced by a force on the particle in inertial coordinates (ForcedSphereBody).
  std::unique_ptr<Stepping> makeStepping(const ParamValues& values, Method method,
                                         const IntegratorSettings& settings,
                                         const SteppingStart& start) const override;
  /// sphereShadow with the typed U: L_d = (m l^2/2h)|q1 - q0|^2 - (h/2)(U(q0) + U(q1)).
  ShadowConstruction shadowConstruction(const ParamValues& values, Method method,
                                        double h) const override;

 private:
  CustomSphereParticle(PotentialExpression expr, const ParamValues& defaults);
};

}  // namespace dms
