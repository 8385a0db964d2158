// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The quadrotor: a hub, two crossed arms of length 2d along the body axes b1 and b2 and a rotor
// disc at the end of each, above a grid (e3, gravity, points down the screen).
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class QuadrotorVisual final : public BodyVisual {
 public:
  /// Parameter d, the arm (the hub's proportions follow it).
  QuadrotorVisual(const ParamValues& params, const VisualRoots& roots);
  /// d.
  static std::vector<double> layout(const ParamValues& params);
  /// Sample::position is the centre of mass x, Sample::attitude is R: rotor i at x + R r_i,
  /// r = d b1, d b2, -d b1, -d b2 (core/systems/quadrotor.h's rotor order).
  void setPose(std::size_t run, const Sample& s) override;
  void setBodyAxesVisible(bool on) override;
  bool relayout(const ParamValues& params) override;

 private:
  void size(double d);

  struct Body {
    std::unique_ptr<Box> hub;
    std::array<std::unique_ptr<Rod>, 2> arms;
    std::array<std::unique_ptr<Rod>, 4> rotors;
    std::array<std::unique_ptr<Arrow>, 3> axes;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;
  double m_d = 0.315;
  bool m_axesVisible = true;
};

}  // namespace dms::ui::scene3d
