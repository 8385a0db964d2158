// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the scene view draws of the runs' motion besides the bodies: each run's trail (a tube
// fading from a pale tint to the run's colour), the point its body is at, and the arrows of
// the optimal-control modes (a pool of arrows, one material per colour). It also keeps the
// points all of these cover, for the camera's fit.
#pragma once

#include <QColor>
#include <QString>
#include <QVector3D>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/sceneview.h"

namespace Qt3DCore {
class QEntity;
}

namespace Qt3DRender {
class QMaterial;
}

namespace dms::ui::scene3d {

class SystemVisual;

class RunPaths {
 public:
  static constexpr std::size_t kRuns = std::size_t(SceneView::kMaxRuns);
  /// Longest trail drawn per run: setTrail keeps the newest this many points.
  static constexpr int kTrailCapacity = 2000;

  /// A trail under each run's root (drawn in that run's viewport), the arrows under
  /// `arrowRoot` (drawn in every viewport).
  RunPaths(const std::array<Qt3DCore::QEntity*, kRuns>& runRoots, Qt3DCore::QEntity* arrowRoot);
  ~RunPaths();

  /// The trail of run `run` through `points` (system frame, oldest first; points that are not
  /// finite are left out), drawn through `visual` in `colour`.
  void setTrail(std::size_t run, const std::vector<Vector3d>& points, const SystemVisual& visual,
                const QColor& colour);
  /// Where run `run`'s body is (scene frame), or std::nullopt when it is hidden.
  void setPosePoint(std::size_t run, const std::optional<QVector3D>& point) {
    m_posePoint[run] = point;
  }
  /// Shows these arrows through `visual` (none: the arrows stay hidden) and returns the
  /// legend's entries, the colour and label of each labelled arrow.
  std::vector<std::pair<QColor, QString>> setArrows(const std::vector<SceneArrow>& arrows,
                                                    const SystemVisual* visual);
  /// Empties the trails and forgets the bodies' points (the arrows stay: setArrows({})).
  void clearTrails();
  /// The points drawn so far (scene frame): each run's body and trail, then the arrows' ends.
  std::vector<QVector3D> drawn() const;

 private:
  Qt3DRender::QMaterial* arrowMaterial(const QColor& c);

  Qt3DCore::QEntity* m_arrowRoot = nullptr;
  std::array<std::unique_ptr<Tube>, kRuns> m_trails;
  std::array<std::vector<QVector3D>, kRuns> m_trailPoints;
  std::array<std::optional<QVector3D>, kRuns> m_posePoint;
  std::vector<std::unique_ptr<Arrow>> m_arrows;
  std::vector<std::pair<QVector3D, QVector3D>> m_arrowSpans;
  std::map<QRgb, Qt3DRender::QMaterial*> m_arrowMaterials;
};

}  // namespace dms::ui::scene3d
