// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The full two-body problem: per run, each body drawn as its spheres, placed from the poses the
// system reads off each sample (SystemModel::bodyPoses); body 1 in the run's colour darkened,
// body 2 lightened. The secondary's centre of mass leaves the trail (drawn by the view).
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "core/systems/twobody.h"
#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class TwoBodyVisual final : public BodyVisual {
 public:
  TwoBodyVisual(const ParamValues& params, const VisualRoots& roots);
  /// n1, n2, then each sphere's r and centre (body 1's, then body 2's), |x0| and body 1's share
  /// m1 / M of the mass, which places the bodies about their centre of mass (the normalized
  /// parameters' values).
  static std::vector<double> layout(const ParamValues& params);
  /// Each sphere at x_b + R_b c_bi.
  void setPose(std::size_t run, const Sample& s) override;
  /// Other spheres' sizes, centres and masses and another |x0| in place; another number of
  /// spheres needs a new visual.
  bool relayout(const ParamValues& params) override;

 private:
  /// Sizes the spheres, the grid and the view's hint from m_p.
  void size();

  ParamValues m_values;  // normalized: what bodyPoses reads
  TwoBodyParams m_p;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  std::unique_ptr<Grid> m_grid;
  std::array<std::array<std::vector<std::unique_ptr<Ball>>, 2>, VisualRoots::kRuns> m_balls;
};

}  // namespace dms::ui::scene3d
