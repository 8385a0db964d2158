// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt3D scene view's picking: which viewport a point of the window is in, the camera's ray
// through it in the system's frame, a point of the system on the screen, and the push by mouse
// those rays drive.
#include <Qt3DRender/QCamera>
#include <QtMath>
#include <algorithm>
#include <cmath>

#include "ui/scene3d/qt3d/qt3dsceneview.h"
#include "ui/scene3d/qt3d/visualregistry.h"

namespace dms::ui::scene3d {

std::optional<std::pair<int, QRectF>> Qt3DSceneView::viewportAt(const QPointF& pos) const {
  const float w = float(std::max(m_window->width(), 1)), h = float(std::max(m_window->height(), 1));
  if (m_runs.empty() || pos.x() < 0 || pos.y() < 0 || pos.x() >= w || pos.y() >= h)
    return std::nullopt;
  // the viewports' grid as the frame graph lays it out: run i in column i % columns, row
  // i / columns; the overlay's one viewport shows the first run's body solid
  const QSize g = grid();
  const double cw = double(w) / g.width(), ch = double(h) / g.height();
  const int c = std::min(int(pos.x() / cw), g.width() - 1);
  const int r = std::min(int(pos.y() / ch), g.height() - 1);
  const int run = m_overlay ? 0 : r * g.width() + c;
  if (run >= int(m_runs.size())) return std::nullopt;
  return std::make_pair(run, QRectF(c * cw, r * ch, cw, ch));
}

void Qt3DSceneView::cameraAxes(QVector3D& eye, QVector3D& forward, QVector3D& right,
                               QVector3D& up) const {
  const Orbit& o = m_window->orbit();
  eye = o.eye();
  forward = (o.target - eye).normalized();
  right = QVector3D::crossProduct(forward, QVector3D(0, 1, 0)).normalized();
  up = QVector3D::crossProduct(right, forward);
}

std::optional<SceneRay> Qt3DSceneView::rayAt(const QPointF& pos) const {
  const auto viewport = viewportAt(pos);
  if (!viewport || !m_visual) return std::nullopt;
  return rayIn(pos, viewport->first, viewport->second);
}

SceneRay Qt3DSceneView::rayIn(const QPointF& pos, int run, const QRectF& rect) const {
  QVector3D eye, forward, right, up;
  cameraAxes(eye, forward, right, up);
  // the perspective camera of every viewport: the vertical field of view, the cell's aspect
  const float halfHeight = std::tan(qDegreesToRadians(m_camera->fieldOfView()) / 2.0f);
  const float aspect = float(rect.width() / std::max(rect.height(), 1.0));
  const float x = float(2.0 * (pos.x() - rect.left()) / rect.width() - 1.0);
  const float y = float(1.0 - 2.0 * (pos.y() - rect.top()) / rect.height());
  const QVector3D d =
      (forward + x * halfHeight * aspect * right + y * halfHeight * up).normalized();
  // the scene's frame is the system's turned by the visual's frame
  const Matrix3d back = m_visual->frame().transpose();
  SceneRay ray;
  ray.run = run;
  ray.origin = back * Vector3d(eye.x(), eye.y(), eye.z());
  ray.direction = back * Vector3d(d.x(), d.y(), d.z());
  ray.forward = back * Vector3d(forward.x(), forward.y(), forward.z());
  return ray;
}

std::optional<QPointF> Qt3DSceneView::screenPoint(int run, const Vector3d& point) const {
  if (!m_visual || run < 0 || run >= int(m_runs.size()) || (m_overlay && run != 0))
    return std::nullopt;
  const QSize g = grid();
  const double cw = double(std::max(m_window->width(), 1)) / g.width();
  const double ch = double(std::max(m_window->height(), 1)) / g.height();
  const int c = m_overlay ? 0 : run % g.width(), r = m_overlay ? 0 : run / g.width();
  QVector3D eye, forward, right, up;
  cameraAxes(eye, forward, right, up);
  const QVector3D v = m_visual->toScene(point) - eye;
  const float depth = QVector3D::dotProduct(v, forward);
  if (!(depth > 0.0f)) return std::nullopt;
  const float halfHeight = std::tan(qDegreesToRadians(m_camera->fieldOfView()) / 2.0f);
  const float aspect = float(cw / ch);
  const double x = QVector3D::dotProduct(v, right) / (depth * halfHeight * aspect);
  const double y = QVector3D::dotProduct(v, up) / (depth * halfHeight);
  return QPointF(c * cw + (x + 1.0) * cw / 2.0, r * ch + (1.0 - y) * ch / 2.0);
}

void Qt3DSceneView::setPushHandler(ScenePushHandler handler) {
  m_push = std::move(handler);
  if (!m_push.press) {
    m_window->onPushPress = nullptr;
    m_window->onPushMove = nullptr;
    m_window->onPushRelease = nullptr;
    return;
  }
  m_window->onPushPress = [this](QPointF pos) {
    const auto viewport = viewportAt(pos);
    if (!viewport || !m_visual || !m_push.press) return false;
    m_pushViewport = *viewport;
    return m_push.press(rayIn(pos, viewport->first, viewport->second));
  };
  m_window->onPushMove = [this](QPointF pos) {
    // through the viewport the drag started in, wherever the pointer is now
    if (m_visual && m_push.move)
      m_push.move(rayIn(pos, m_pushViewport.first, m_pushViewport.second));
  };
  m_window->onPushRelease = [this] {
    if (m_push.release) m_push.release();
  };
}

}  // namespace dms::ui::scene3d
