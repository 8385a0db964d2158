// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/dumbbellvisual.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace dms::ui::scene3d {

namespace {

// circles every `step` up to `rMax` and spokes every 30 degrees, in the scene's y = 0 plane
void addPolarGrid(Qt3DCore::QEntity* parent, float rMax, float step) {
  std::vector<QVector3D> pts;
  std::vector<QColor> cols;
  constexpr int n = 120;
  for (float r = step; r <= rMax + 1e-4f; r += step) {
    for (int k = 0; k < n; ++k) {
      const float a0 = float(2.0 * M_PI * k / n), a1 = float(2.0 * M_PI * (k + 1) / n);
      pts.push_back(QVector3D(r * std::cos(a0), 0, r * std::sin(a0)));
      pts.push_back(QVector3D(r * std::cos(a1), 0, r * std::sin(a1)));
    }
    cols.insert(cols.end(), 2 * n, Shades::grid());
  }
  for (int k = 0; k < 12; ++k) {
    const float a = float(M_PI * k / 6.0);
    pts.push_back(QVector3D(step * std::cos(a), 0, step * std::sin(a)));
    pts.push_back(QVector3D(rMax * std::cos(a), 0, rMax * std::sin(a)));
    cols.insert(cols.end(), 2, Shades::grid());
  }
  LineSet grid(parent, LineSet::Kind::Segments, int(pts.size()));
  grid.set(pts, cols);
}

}  // namespace

std::vector<double> DumbbellVisual::layout(const ParamValues& params) {
  positiveParam(params, "mu", 1.0);
  double orbit = 3.0;
  const auto x0 = params.find("x0");
  if (x0 != params.end() && x0->second.size() == 3) {
    const double n = std::sqrt(x0->second[0] * x0->second[0] + x0->second[1] * x0->second[1] +
                               x0->second[2] * x0->second[2]);
    if (std::isfinite(n) && n > 0) orbit = n;
  }
  return {positiveParam(params, "m1", 0.5), positiveParam(params, "m2", 0.5),
          positiveParam(params, "L", 1.0), positiveParam(params, "r", 0.2), orbit};
}

DumbbellVisual::DumbbellVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size) {
  const std::vector<double> key = layout(params);
  m_orbit = key[4];
  // e1 to scene x, e2 to scene -z, e3 up: the orbit plane (e1, e2) lies flat
  m_frame << 1, 0, 0, 0, 0, 1, 0, -1, 0;
  m_scale = float(m_orbit);
  m_caption = QStringLiteral(
      "dumbbell spacecraft: body axes e1 (red, along the rod), e2 (green), e3 (blue)");

  // the central body: its size is a marker only, the gravity model is a point mu
  m_central = std::make_unique<Ball>(roots.common, 1.0f,
                                     solidMaterial(QColor(0x9b, 0x8f, 0x7e), roots.common));
  m_central->setCentre(QVector3D(0, 0, 0));
  const float gridStep = float(std::pow(10.0, std::floor(std::log10(m_orbit))));
  m_rim = float(std::ceil(1.3 * m_orbit / gridStep) * gridStep);
  addPolarGrid(roots.common, m_rim, gridStep);
  m_trailRadius = float(0.008 * m_orbit);

  auto* rodMat = solidMaterial(Shades::rod(), roots.common);
  std::array<Qt3DRender::QMaterial*, 3> axisMat;
  for (int k = 0; k < 3; ++k) axisMat[std::size_t(k)] = solidMaterial(axisColor(k), roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    auto* mat = runMaterial(roots, i, roots.color[i]);
    b.sphere1 = std::make_unique<Ball>(root, 1.0f, mat);
    b.sphere2 = std::make_unique<Ball>(root, 1.0f, mat);
    b.rod = std::make_unique<Rod>(root, 1.0f, runMaterial(roots, i, Shades::rod(), rodMat));
    for (int k = 0; k < 3; ++k)
      b.axes[std::size_t(k)] = std::make_unique<Arrow>(
          root, runMaterial(roots, i, axisColor(k), axisMat[std::size_t(k)]));
  }
  size(key);
}

bool DumbbellVisual::relayout(const ParamValues& params) {
  const std::vector<double> key = layout(params);
  if (key[4] != m_orbit) return false;  // the grid and the trails' width follow the orbit
  size(key);
  return true;
}

void DumbbellVisual::size(const std::vector<double>& key) {
  const double m1 = key[0], m2 = key[1], L = key[2], r = key[3], orbit = key[4];
  const double m = m1 + m2;
  m_rho1 = Vector3d(-(m2 / m) * L, 0, 0);
  m_rho2 = Vector3d((m1 / m) * L, 0, 0);
  m_central->setRadius(float(std::min(0.12 * orbit, std::max(0.5 * orbit - L, 0.05))));
  // e1 reaches well past the sphere it points to; e2 and e3 are shorter
  m_axisLength[0] = float(m_rho2.x() + r + 0.45 * L);
  m_axisLength[1] = m_axisLength[2] = float(0.6 * L + r);
  m_axisRadius = float(std::max(0.028 * L, 0.12 * r));
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Body& b = m_bodies[i];
    const float radius = float(r) * m_size[i];
    b.sphere1->setRadius(radius);
    b.sphere2->setRadius(radius);
    b.rod->setRadius(float(std::max(0.03 * L, 0.15 * r)));
  }
  m_hint = ViewHint{QVector3D(0, 0, 0), float(1.15 * orbit + 0.5 * L), 20.0f, 35.0f, {}};
  // the orbit plane is flat: its outline (the polar grid's rim) and the body's height over it
  // frame it, so that the disc, seen from 35 degrees up, fills the viewport
  for (int k = 0; k < 48; ++k) {
    const float a = float(k) * 2.0f * float(M_PI) / 48.0f;
    m_hint.extent.push_back(QVector3D(m_rim * std::cos(a), 0.0f, m_rim * std::sin(a)));
  }
  for (const float y : {-1.0f, 1.0f}) m_hint.extent.push_back(QVector3D(0, y * float(L + r), 0));
}

void DumbbellVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  const Vector3d y1 = s.position + s.attitude * m_rho1;
  const Vector3d y2 = s.position + s.attitude * m_rho2;
  const QVector3D p1 = toScene(y1), p2 = toScene(y2), c = toScene(s.position);
  b.sphere1->setCentre(p1);
  b.sphere2->setCentre(p2);
  b.rod->setEnds(p1, p2);
  for (int k = 0; k < 3; ++k) {
    const Vector3d axis = m_axesVisible ? Vector3d(s.attitude.col(k)) : Vector3d::Zero();
    b.axes[std::size_t(k)]->set(c, m_axisLength[std::size_t(k)] * toScene(axis), m_axisRadius);
  }
}

void DumbbellVisual::setBodyAxesVisible(bool on) {
  m_axesVisible = on;
  for (Body& b : m_bodies)
    for (const std::unique_ptr<Arrow>& a : b.axes)
      if (!on) a->setVisible(false);
  m_caption = on ? QStringLiteral(
                       "dumbbell spacecraft: body axes e1 (red, along the rod), e2 (green), e3 "
                       "(blue)")
                 : QStringLiteral("dumbbell spacecraft: two spheres on a rod (body axis e1)");
}

}  // namespace dms::ui::scene3d
