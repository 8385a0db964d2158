// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The chain of n spherical pendula: a pivot, and per run n rods and n bobs placed from the
// bodies the system reads off each sample (SystemModel::bodyPoses); the last bob leaves the
// trail (drawn by the view).
#pragma once

#include <array>
#include <memory>

#include "core/systems/pendulumchain.h"
#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

class ChainVisual final : public BodyVisual {
 public:
  ChainVisual(const ParamValues& params, const VisualRoots& roots);
  /// n and the rod lengths l_1..l_n (the normalized parameters' values).
  static std::vector<double> layout(const ParamValues& params);
  /// Each bob at its pose, each rod from the previous bob (or the pivot) to it; gravity along
  /// +e3 drawn downwards.
  void setPose(std::size_t run, const Sample& s) override;
  /// Other rod lengths in place; another number of links needs a new visual.
  bool relayout(const ParamValues& params) override;

 private:
  /// Sizes the parts and the view's hint from a layout of this chain's n.
  void size(const std::vector<double>& lay);

  struct Link {
    std::unique_ptr<Rod> rod;
    std::unique_ptr<Ball> bob;
  };
  ParamValues m_values;  // normalized: what bodyPoses reads
  int m_n = 0;
  std::array<float, VisualRoots::kRuns> m_size;  ///< VisualRoots::size of each run
  std::unique_ptr<UnitScene> m_unit;             // the pivot and the floor, for a length of 1
  std::array<std::array<Link, kChainMaxLinks>, VisualRoots::kRuns> m_links;
};

}  // namespace dms::ui::scene3d
