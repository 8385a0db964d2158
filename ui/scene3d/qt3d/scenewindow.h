// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt3D window with our own orbit camera: left drag orbits about the target, right or middle
// drag (or shift + left) pans, the wheel zooms, a double click fits the view; ctrl + left drag is
// the view's (a push on a body). The azimuth and
// elevation are kept explicitly, so the camera never rolls.
#pragma once

#include <QPointF>
#include <QVector3D>
#include <Qt3DExtras/Qt3DWindow>
#include <functional>

namespace Qt3DRender {
class QCamera;
}

namespace dms::ui::scene3d {

struct Orbit {
  QVector3D target;
  float distance = 10.0f;
  float azimuth = 0.0f;     ///< degrees about +Y
  float elevation = 20.0f;  ///< degrees, clamped to (-89, 89)
  QVector3D eye() const;
};

class SceneWindow final : public Qt3DExtras::Qt3DWindow {
  Q_OBJECT
 public:
  SceneWindow();
  /// The cameras this window drives (both viewports share one) and the callbacks of the view:
  /// onCameraMoved for every change of the camera, onUserMoved for those the mouse makes.
  void setCamera(Qt3DRender::QCamera* camera) { m_camera = camera; }
  std::function<void()> onResized, onFitRequested, onCameraMoved, onUserMoved;
  /// Ctrl + left drag: onPushPress says whether the press holds something, onPushMove and
  /// onPushRelease follow while it does (the pointer in window coordinates). Without
  /// onPushPress, Ctrl + left drag orbits as a left drag does.
  std::function<bool(QPointF)> onPushPress;
  std::function<void(QPointF)> onPushMove;
  std::function<void()> onPushRelease;
  const Orbit& orbit() const { return m_orbit; }
  void setOrbit(const Orbit& o);
  /// Bounds of the zoom (camera distance to the target).
  void setDistanceRange(float nearest, float farthest);

 protected:
  void resizeEvent(QResizeEvent* e) override;
  void mousePressEvent(QMouseEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void mouseReleaseEvent(QMouseEvent* e) override;
  void mouseDoubleClickEvent(QMouseEvent* e) override;
  void wheelEvent(QWheelEvent* e) override;

 private:
  void apply();
  Qt3DRender::QCamera* m_camera = nullptr;
  Orbit m_orbit;
  float m_minDistance = 1e-3f, m_maxDistance = 1e6f;
  enum class Drag { None, Orbit, Pan, Push } m_drag = Drag::None;
  QPointF m_last;
};

}  // namespace dms::ui::scene3d
