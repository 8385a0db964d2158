// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The systems whose potential the user types. The rigid body on a pivot is drawn as its inertia
// ellipsoid (the uniform solid ellipsoid with principal moments proportional to J, centred at
// the pivot, of a fixed size) with its body axes, over the fixed vertical axis and a floor grid;
// its trail follows the tip of its third axis. The particle on a sphere is a ball on a faint
// sphere of radius l with latitude and longitude circles, joined to the centre by a thin line.
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class TypedBodyVisual final : public BodyVisual {
 public:
  /// Parameter J (core/systems/customrigidbody.h); the potential's own symbols are not drawn.
  explicit TypedBodyVisual(const ParamValues& params, const VisualRoots& roots);
  /// J1, J2, J3.
  static std::vector<double> layout(const ParamValues& params);
  /// The largest semi-axis drawn (m), whatever the size of J.
  static constexpr double kSemiAxis = 0.3;
  /// The smallest semi-axis drawn against the largest: a flat body (J_i = J_j + J_k) stays seen.
  static constexpr double kThinnest = 0.04;
  /// The semi-axes along e1, e2, e3 of the uniform solid ellipsoid whose principal moments
  /// about its centre are proportional to J (J1 = M (a2^2 + a3^2) / 5, ..., so a1^2 is
  /// proportional to J2 + J3 - J1), scaled so that the largest is kSemiAxis; none below
  /// kThinnest kSemiAxis. Throws InputError when J is not positive and finite or violates the
  /// triangle inequality J_i <= J_j + J_k beyond round-off.
  static Vector3d semiAxes(const Vector3d& J);
  /// Sample::attitude is R; Sample::position is a point on the body's third axis.
  void setPose(std::size_t run, const Sample& s) override;
  /// The tip of the e3 arrow, on the ray through the recorded point.
  QVector3D trackedPoint(const Vector3d& position) const override;
  void setBodyAxesVisible(bool on) override;
  /// Another J in place: only the ellipsoid's shape follows it.
  bool relayout(const ParamValues& params) override;

 private:
  /// Stretches the ellipsoids to semi-axes a.
  void shape(const Vector3d& a);

  struct Body {
    std::unique_ptr<Ball> ellipsoid;
    std::unique_ptr<Ball> tip;
    std::array<std::unique_ptr<Arrow>, 3> axes;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  Vector3d m_semiAxes;
  float m_axisLength = 0, m_axisRadius = 0;
  bool m_axesVisible = true;
};

class TypedParticleVisual final : public BodyVisual {
 public:
  /// Parameter l (core/systems/customsphere.h).
  TypedParticleVisual(const ParamValues& params, const VisualRoots& roots);
  /// The sphere's radius l.
  static std::vector<double> layout(const ParamValues& params);
  /// The particle at Sample::position = l q, e3 drawn downwards.
  void setPose(std::size_t run, const Sample& s) override;
  /// Another l in place: everything is drawn in proportion to it.
  bool relayout(const ParamValues& params) override;

 private:
  void size(float l);

  struct Body {
    std::unique_ptr<Ball> ball;
    std::unique_ptr<Rod> radius;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  std::unique_ptr<UnitScene> m_unit;             // the sphere and its circles, of radius 1
};

}  // namespace dms::ui::scene3d
