/// Example 2: the planar pendulum on SO(2). R maps the body frame to the inertial frame,
/// gravity and the rod both along e2, R = I hanging (../shared/design/NUMERICS.md).
#pragma once

#include "core/sim/model.h"

namespace dms {

struct PlanarPendulumParams {
  double m = 1.0;
  double l = 9.81;
  double g = 9.81;
  double theta0 = 1.5707963267948966;
  double omega0 = 0.0;
  static PlanarPendulumParams from(const ParamValues& v);
};

struct PlanarPendulumState {
  Matrix2d R = Matrix2d::Identity();
  double Omega = 0.0;
};

/// R(theta) = [[cos, -sin], [sin, cos]].
Matrix2d rotation2(double theta);
/// E = 1/2 m l^2 Omega^2 - m g l e2^T R e2.
double planarPendulumEnergy(const PlanarPendulumParams& p, const PlanarPendulumState& x);

class PlanarPendulum final : public SystemModel {
 public:
  std::string name() const override { return "planar-pendulum"; }
  std::string title() const override { return "Planar pendulum on SO(2)"; }
  const std::vector<ParamSpec>& params() const override;
  IntegratorSettings defaultSettings() const override;
  std::string structureName() const override { return "||I - R^T R||"; }
  std::unique_ptr<Run> makeRun(const ParamValues& values, Method method,
                               const IntegratorSettings& settings) const override;
  /// Sample of a state: the bob at l R e2 in the (e1, e2) plane, gravity along +e2.
  static Sample sample(const PlanarPendulumParams& p, double t, const PlanarPendulumState& x);
};

}  // namespace dms
