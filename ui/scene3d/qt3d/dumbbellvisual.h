// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Example 4: the dumbbell spacecraft, two spheres on a rod with its body axes, orbiting a
// central body at the origin; the orbit trail is drawn by the view.
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class DumbbellVisual final : public BodyVisual {
 public:
  /// Parameters mu, m1, m2, L, r (core/systems/dumbbell.h); x0 (if given) sizes the first view.
  DumbbellVisual(const ParamValues& params, const VisualRoots& roots);
  /// m1, m2, L, r and the orbit's radius |x0| (3 without x0); mu is checked, not drawn.
  static std::vector<double> layout(const ParamValues& params);
  /// Sample::position is the centre of mass x, Sample::attitude is R (body axis e1 along the
  /// rod): the spheres are at x + R rho_i with rho1 = -(m2/m) L e1, rho2 = (m1/m) L e1.
  void setPose(std::size_t run, const Sample& s) override;
  void setBodyAxesVisible(bool on) override;
  /// Masses, L and r in place; another orbit radius (the grid's) needs a new visual.
  bool relayout(const ParamValues& params) override;

 private:
  /// Sizes the parts and the view's hint from a layout.
  void size(const std::vector<double>& key);

  struct Body {
    std::unique_ptr<Ball> sphere1, sphere2;
    std::unique_ptr<Rod> rod;
    std::array<std::unique_ptr<Arrow>, 3> axes;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::unique_ptr<Ball> m_central;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  double m_orbit = 0.0;
  float m_rim = 0.0f;
  Vector3d m_rho1 = Vector3d::Zero(), m_rho2 = Vector3d::Zero();
  std::array<float, 3> m_axisLength = {0, 0, 0};
  float m_axisRadius = 0;
  bool m_axesVisible = true;
};

}  // namespace dms::ui::scene3d
