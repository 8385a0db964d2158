// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Examples 2 and 3: a pivot, a rod and a bob. The planar pendulum swings in front of a
// translucent disc (its swing plane); the spherical pendulum casts a shadow on a floor grid and
// leaves a trail (drawn by the view).
#pragma once

#include <array>
#include <memory>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

/// A rod from the pivot (the origin) to a bob, one per run.
class PendulumBodies {
 public:
  PendulumBodies(const VisualRoots& roots, float length, bool shadow, float floorY);
  void place(std::size_t run, const QVector3D& bob);
  /// The sizes of a rod of another length (placed again by place()).
  void resize(float length, float floorY);

 private:
  struct Body {
    std::unique_ptr<Rod> rod;
    std::unique_ptr<Ball> bob;
    std::unique_ptr<Ball> shadow;
  };
  std::array<Body, VisualRoots::kRuns> m_bodies;
  std::array<float, VisualRoots::kRuns> m_size;
  float m_floorY;
};

class PlanarPendulumVisual final : public BodyVisual {
 public:
  PlanarPendulumVisual(const ParamValues& params, const VisualRoots& roots);
  /// The rod length l.
  static std::vector<double> layout(const ParamValues& params);
  /// The bob at Sample::position in the (e1, e2) plane, gravity along +e2 drawn downwards.
  void setPose(std::size_t run, const Sample& s) override;
  /// Another l in place: everything is drawn in proportion to it.
  bool relayout(const ParamValues& params) override;

 private:
  void size(float l);
  std::unique_ptr<UnitScene> m_unit;
  std::unique_ptr<PendulumBodies> m_bodies;
};

class SphericalPendulumVisual final : public BodyVisual {
 public:
  SphericalPendulumVisual(const ParamValues& params, const VisualRoots& roots);
  /// The rod length l.
  static std::vector<double> layout(const ParamValues& params);
  /// The bob at Sample::position, gravity along +e3 drawn downwards.
  void setPose(std::size_t run, const Sample& s) override;
  /// Another l in place: everything is drawn in proportion to it.
  bool relayout(const ParamValues& params) override;

 private:
  void size(float l);
  std::unique_ptr<UnitScene> m_unit;
  std::unique_ptr<PendulumBodies> m_bodies;
};

}  // namespace dms::ui::scene3d
