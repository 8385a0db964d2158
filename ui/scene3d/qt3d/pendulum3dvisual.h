// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D pendulum: a rigid body hanging from a pivot, drawn as the uniform box with the body's
// moments of inertia about its centre of mass, on a rod from the pivot to that centre; the
// centre's trail is drawn by the view.
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class Pendulum3dVisual final : public SystemVisual {
 public:
  /// Parameters m, J and rho (core/systems/pendulum3d.h).
  Pendulum3dVisual(const ParamValues& params, const VisualRoots& roots);
  /// m, J1, J2, J3, rho1, rho2, rho3.
  static std::vector<double> layout(const ParamValues& params);
  /// Sample::position is the centre of mass R rho, Sample::attitude is R.
  void setPose(std::size_t run, const Sample& s) override;
  void setBodyAxesVisible(bool on) override;

 private:
  struct Body {
    std::unique_ptr<Box> box;
    std::unique_ptr<Rod> rod;
    std::array<std::unique_ptr<Arrow>, 3> axes;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  float m_axisLength = 0, m_axisRadius = 0;
  bool m_axesVisible = true;
};

}  // namespace dms::ui::scene3d
