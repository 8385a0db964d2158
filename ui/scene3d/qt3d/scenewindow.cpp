// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/scenewindow.h"

#include <QMouseEvent>
#include <QWheelEvent>
#include <Qt3DRender/QCamera>
#include <QtMath>
#include <algorithm>
#include <cmath>

namespace dms::ui::scene3d {

QVector3D Orbit::eye() const {
  const float az = qDegreesToRadians(azimuth), el = qDegreesToRadians(elevation);
  return target + distance * QVector3D(std::cos(el) * std::sin(az), std::sin(el),
                                       std::cos(el) * std::cos(az));
}

SceneWindow::SceneWindow() = default;

void SceneWindow::setOrbit(const Orbit& o) {
  m_orbit = o;
  m_orbit.elevation = std::clamp(m_orbit.elevation, -89.0f, 89.0f);
  m_orbit.distance = std::clamp(m_orbit.distance, m_minDistance, m_maxDistance);
  apply();
}

void SceneWindow::setDistanceRange(float nearest, float farthest) {
  m_minDistance = nearest;
  m_maxDistance = std::max(nearest, farthest);
}

void SceneWindow::apply() {
  if (!m_camera) return;
  m_camera->setUpVector(QVector3D(0, 1, 0));
  m_camera->setPosition(m_orbit.eye());
  m_camera->setViewCenter(m_orbit.target);
  if (onCameraMoved) onCameraMoved();
}

void SceneWindow::resizeEvent(QResizeEvent* e) {
  Qt3DExtras::Qt3DWindow::resizeEvent(e);
  if (onResized) onResized();
}

void SceneWindow::mousePressEvent(QMouseEvent* e) {
  m_last = e->position();
  if (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ControlModifier) && onPushPress) {
    // a push, or nothing when no body is under the pointer (the camera stays where it is)
    m_drag = onPushPress(e->position()) ? Drag::Push : Drag::None;
    e->accept();
    return;
  }
  const bool pan = e->button() == Qt::RightButton || e->button() == Qt::MiddleButton ||
                   (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ShiftModifier));
  m_drag = pan ? Drag::Pan : (e->button() == Qt::LeftButton ? Drag::Orbit : Drag::None);
  e->accept();
}

void SceneWindow::mouseMoveEvent(QMouseEvent* e) {
  if (m_drag == Drag::None) return;
  if (m_drag == Drag::Push) {
    if (onPushMove) onPushMove(e->position());
    e->accept();
    return;
  }
  const QPointF d = e->position() - m_last;
  m_last = e->position();
  Orbit o = m_orbit;
  if (m_drag == Drag::Orbit) {
    o.azimuth -= 0.4f * float(d.x());
    o.elevation += 0.4f * float(d.y());
  } else if (m_camera) {
    // move the target with the cursor: one pixel is this many world units at the target
    const float perPixel = 2.0f * o.distance *
                           std::tan(qDegreesToRadians(m_camera->fieldOfView()) / 2.0f) /
                           float(std::max(height(), 1));
    const QVector3D forward = (o.target - o.eye()).normalized();
    const QVector3D right = QVector3D::crossProduct(forward, QVector3D(0, 1, 0)).normalized();
    const QVector3D up = QVector3D::crossProduct(right, forward);
    o.target += perPixel * (-float(d.x()) * right + float(d.y()) * up);
  }
  setOrbit(o);
  if (onUserMoved) onUserMoved();
  e->accept();
}

void SceneWindow::mouseReleaseEvent(QMouseEvent* e) {
  const bool pushed = m_drag == Drag::Push;
  m_drag = Drag::None;
  if (pushed && onPushRelease) onPushRelease();
  e->accept();
}

void SceneWindow::mouseDoubleClickEvent(QMouseEvent* e) {
  if (onFitRequested) onFitRequested();
  e->accept();
}

void SceneWindow::wheelEvent(QWheelEvent* e) {
  Orbit o = m_orbit;
  // one wheel notch (120) moves 15% closer
  o.distance *= std::pow(0.85f, float(e->angleDelta().y()) / 120.0f);
  setOrbit(o);
  if (onUserMoved) onUserMoved();
  e->accept();
}

}  // namespace dms::ui::scene3d
