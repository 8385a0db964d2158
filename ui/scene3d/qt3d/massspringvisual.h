// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Example 1: a block on a rail, tied to a wall by a coil spring that stretches with it.
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class MassSpringVisual final : public BodyVisual {
 public:
  MassSpringVisual(const ParamValues& params, const VisualRoots& roots);
  /// The amplitude the parameters m, kappa, q0, v0 give (it sizes the rail and the wall).
  static std::vector<double> layout(const ParamValues& params);
  /// The block's centre is at (Sample::position.x(), 0, 0); the wall is fixed.
  void setPose(std::size_t run, const Sample& s) override;
  /// Another amplitude in place: the rail, the wall, the grid and the blocks are resized.
  bool relayout(const ParamValues& params) override;

 private:
  /// Sizes and places every part, and the view's hint, for an amplitude.
  void size(double amplitude);

  struct Body {
    std::unique_ptr<Box> block;
    std::unique_ptr<Tube> spring;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  // the parts the runs share: boxes of size 1, sized by their transforms
  std::unique_ptr<Box> m_rail, m_wall, m_tick;
  std::unique_ptr<Grid> m_grid;
  std::vector<QVector3D> m_path;  // reused helix points
  float m_wallX = 0, m_blockWidth = 0, m_coilRadius = 0, m_wireRadius = 0, m_limit = 0;
};

}  // namespace dms::ui::scene3d
