// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/quadrotorvisual.h"

#include <algorithm>

namespace dms::ui::scene3d {

namespace {

const QString kAxesCaption =
    QStringLiteral("quadrotor: arms along b1 (red) and b2 (green), thrust along -b3 (blue)");
const QString kPlainCaption = QStringLiteral("quadrotor: four rotors on arms along b1 and b2");

}  // namespace

std::vector<double> QuadrotorVisual::layout(const ParamValues& params) {
  return {positiveParam(params, "d", 0.315)};
}

QuadrotorVisual::QuadrotorVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size) {
  // e1 to scene x, e2 to scene z, e3 (down) to scene -y
  m_frame << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  m_caption = kAxesCaption;
  addGrid(roots.common, QVector3D(0, 0, 0), 3.0f, 0.5f, 2);
  auto* armMat = solidMaterial(Shades::rod(), roots.common);
  std::array<Qt3DRender::QMaterial*, 3> axisMat;
  for (int k = 0; k < 3; ++k) axisMat[std::size_t(k)] = solidMaterial(axisColor(k), roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    auto* mat = runMaterial(roots, i, roots.color[i]);
    b.hub = std::make_unique<Box>(root, QVector3D(1, 1, 1), mat);
    for (auto& a : b.arms)
      a = std::make_unique<Rod>(root, 1.0f, runMaterial(roots, i, Shades::rod(), armMat));
    for (auto& r : b.rotors) r = std::make_unique<Rod>(root, 1.0f, mat);
    for (int k = 0; k < 3; ++k)
      b.axes[std::size_t(k)] = std::make_unique<Arrow>(
          root, runMaterial(roots, i, axisColor(k), axisMat[std::size_t(k)]));
  }
  size(layout(params)[0]);
}

bool QuadrotorVisual::relayout(const ParamValues& params) {
  size(layout(params)[0]);
  return true;
}

void QuadrotorVisual::size(double d) {
  m_d = d;
  m_scale = float(4.0 * d);
  m_trailRadius = float(0.025 * d);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Body& b = m_bodies[i];
    const float hub = float(0.45 * d) * m_size[i];
    b.hub->setScale3D(QVector3D(hub, 0.35f * hub, hub));
    for (auto& a : b.arms) a->setRadius(float(0.05 * d));
    for (auto& r : b.rotors) r->setRadius(float(0.42 * d) * m_size[i]);
  }
  m_hint = ViewHint{QVector3D(0, 0, 0), float(std::max(3.0, 4.0 * d)), 30.0f, 25.0f, {}};
}

void QuadrotorVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  const Matrix3d& R = s.attitude;
  const QVector3D c = toScene(s.position);
  // the hub turned with the body: Qt3D's box axes are the scene's, the body's b1, -b3, b2
  Matrix3d sceneR = m_frame * R * m_frame.transpose();
  QMatrix3x3 q;
  for (int r = 0; r < 3; ++r)
    for (int k = 0; k < 3; ++k) q(r, k) = float(sceneR(r, k));
  b.hub->setCentre(c);
  b.hub->setRotation(QQuaternion::fromRotationMatrix(q));
  const Vector3d arms[4] = {m_d * R.col(0), m_d * R.col(1), -m_d * R.col(0), -m_d * R.col(1)};
  b.arms[0]->setEnds(toScene(s.position + arms[2]), toScene(s.position + arms[0]));
  b.arms[1]->setEnds(toScene(s.position + arms[3]), toScene(s.position + arms[1]));
  // a thin disc above each arm's end (above: along -b3)
  const Vector3d up = -R.col(2);
  for (int k = 0; k < 4; ++k) {
    const Vector3d hubTop = s.position + arms[k] + 0.06 * m_d * up;
    b.rotors[std::size_t(k)]->setEnds(toScene(hubTop), toScene(hubTop + 0.03 * m_d * up));
  }
  for (int k = 0; k < 3; ++k) {
    const Vector3d axis =
        m_axesVisible ? Vector3d(k == 2 ? up : Vector3d(R.col(k))) : Vector3d::Zero();
    b.axes[std::size_t(k)]->set(c, float(1.4 * m_d) * toScene(axis), float(0.03 * m_d));
  }
}

void QuadrotorVisual::setBodyAxesVisible(bool on) {
  m_axesVisible = on;
  for (Body& b : m_bodies)
    for (const std::unique_ptr<Arrow>& a : b.axes)
      if (!on) a->setVisible(false);
  m_caption = on ? kAxesCaption : kPlainCaption;
}

}  // namespace dms::ui::scene3d
