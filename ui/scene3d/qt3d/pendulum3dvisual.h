// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D pendulum: a rigid body hanging from a pivot, drawn as a translucent box with the
// proportions of the uniform box that has the body's moments of inertia about its centre of mass
// (shrunk, when needed, to leave most of the rod in sight), a dark ball at that centre, and a rod
// from the pivot to it; the centre's trail is drawn by the view.
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class Pendulum3dVisual final : public BodyVisual {
 public:
  /// Parameters m, J and rho (core/systems/pendulum3d.h).
  Pendulum3dVisual(const ParamValues& params, const VisualRoots& roots);
  /// m, J1, J2, J3, rho1, rho2, rho3.
  static std::vector<double> layout(const ParamValues& params);
  /// The largest part of the rod, from the centre of mass, the body may cover.
  static constexpr double kBodyReach = 0.4;
  /// The sides of the box drawn along the body axes e1, e2, e3: the uniform box with the body's
  /// moments about its centre of mass, shrunk to cover at most kBodyReach of the rod.
  static Vector3d bodySides(const ParamValues& params);
  /// Sample::position is the centre of mass R rho, Sample::attitude is R.
  void setPose(std::size_t run, const Sample& s) override;
  void setBodyAxesVisible(bool on) override;
  /// Another m, J or rho in place: the box, the rod and the pivot's parts are resized.
  bool relayout(const ParamValues& params) override;

 private:
  /// Sizes the parts and the view's hint for a layout and the box's sides (bodySides).
  void size(const std::vector<double>& key, const Vector3d& side);

  struct Body {
    std::unique_ptr<Box> box;  // of size 1, sized by its transform
    std::unique_ptr<Rod> rod;
    std::unique_ptr<Ball> centre;
    std::array<std::unique_ptr<Arrow>, 3> axes;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  std::unique_ptr<UnitScene> m_unit;             // the pivot and the floor, for a length of 1
  float m_axisLength = 0, m_axisRadius = 0;
  bool m_axesVisible = true;
};

}  // namespace dms::ui::scene3d
