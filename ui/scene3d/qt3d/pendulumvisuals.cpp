// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/pendulumvisuals.h"

#include <Qt3DExtras/QCylinderMesh>
#include <cmath>
#include <vector>

namespace dms::ui::scene3d {

namespace {

// the pivot: a dark ball under a ceiling plate
void addPivot(Qt3DCore::QEntity* parent, float l) {
  Ball pivot(parent, 0.028f * l, solidMaterial(Shades::dark(), parent));
  pivot.setCentre(QVector3D(0, 0, 0));
  Box plate(parent, QVector3D(0.14f * l, 0.035f * l, 0.14f * l),
            solidMaterial(Shades::wall(), parent));
  plate.setCentre(QVector3D(0, 0.045f * l, 0));
  Rod stem(parent, 0.01f * l, solidMaterial(Shades::steel(), parent));
  stem.setEnds(QVector3D(0, 0, 0), QVector3D(0, 0.03f * l, 0));
}

// a circle of radius r about the origin in the plane spanned by u and v
void addCircle(Qt3DCore::QEntity* parent, float r, const QVector3D& u, const QVector3D& v,
               const QVector3D& offset, const QColor& c) {
  constexpr int n = 160;
  std::vector<QVector3D> pts;
  for (int k = 0; k <= n; ++k) {
    const float a = float(2.0 * M_PI * k / n);
    pts.push_back(offset + r * (std::cos(a) * u + std::sin(a) * v));
  }
  LineSet line(parent, LineSet::Kind::Strip, int(pts.size()));
  line.set(pts, std::vector<QColor>(pts.size(), c));
}

}  // namespace

PendulumBodies::PendulumBodies(const VisualRoots& roots, float l, bool shadow, float floorY)
    : m_size(roots.size), m_floorY(floorY) {
  auto* rodMat = solidMaterial(Shades::rod(), roots.common);
  auto* shadowMat = glassMaterial(QColor(40, 44, 52), 0.22f, roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    b.rod = std::make_unique<Rod>(root, 1.0f, runMaterial(roots, i, Shades::rod(), rodMat));
    b.bob = std::make_unique<Ball>(root, 1.0f, runMaterial(roots, i, roots.color[i]));
    if (shadow) b.shadow = std::make_unique<Ball>(root, 1.0f, shadowMat);
  }
  resize(l, floorY);
}

void PendulumBodies::resize(float l, float floorY) {
  m_floorY = floorY;
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Body& b = m_bodies[i];
    const float bob = 0.075f * l * m_size[i];
    b.rod->setRadius(0.013f * l);
    b.bob->setRadius(bob);
    // a flat disc on the floor: the unit mesh's radius is 1
    if (b.shadow) b.shadow->setScale3D(QVector3D(bob, 0.02f * bob, bob));
  }
}

void PendulumBodies::place(std::size_t run, const QVector3D& bob) {
  Body& b = m_bodies[run];
  b.rod->setEnds(QVector3D(0, 0, 0), bob);
  b.bob->setCentre(bob);
  if (b.shadow) b.shadow->setCentre(QVector3D(bob.x(), m_floorY + 0.003f, bob.z()));
}

namespace {
// the spherical pendulum's floor, under the pivot, in rod lengths
constexpr float kFloor = -1.12f;

std::vector<double> rodLayout(const ParamValues& params) {
  return {positiveParam(params, "l", 9.81)};
}
}  // namespace

std::vector<double> PlanarPendulumVisual::layout(const ParamValues& params) {
  return rodLayout(params);
}

PlanarPendulumVisual::PlanarPendulumVisual(const ParamValues& params, const VisualRoots& roots)
    : m_unit(std::make_unique<UnitScene>(roots.common)) {
  const float l = float(layout(params)[0]);
  // a half turn about e1: e2 (gravity) to screen-down, e3 towards the viewer's back
  m_frame << 1, 0, 0, 0, -1, 0, 0, 0, -1;
  m_caption = QStringLiteral("planar pendulum: swings in the plane behind it");
  Qt3DCore::QEntity* unit = m_unit->root();
  addPivot(unit, 1.0f);
  // the swing plane: a translucent disc just behind the rod, with the bob's circle on it
  const float zPlane = -0.11f;
  auto* disc = new Qt3DCore::QEntity(unit);
  auto* mesh = new Qt3DExtras::QCylinderMesh;
  mesh->setRadius(1.18f);
  mesh->setLength(0.004f);
  mesh->setSlices(96);
  auto* tf = new Qt3DCore::QTransform;
  tf->setRotation(QQuaternion::fromAxisAndAngle(1, 0, 0, 90));
  tf->setTranslation(QVector3D(0, 0, zPlane));
  disc->addComponent(mesh);
  disc->addComponent(tf);
  disc->addComponent(glassMaterial(QColor(0x9a, 0xb0, 0xc8), 0.28f, disc));
  addCircle(unit, 1.0f, QVector3D(1, 0, 0), QVector3D(0, 1, 0), QVector3D(0, 0, zPlane + 0.004f),
            QColor(0x8a, 0x96, 0xa6));
  m_bodies = std::make_unique<PendulumBodies>(roots, l, false, 0.0f);
  size(l);
}

bool PlanarPendulumVisual::relayout(const ParamValues& params) {
  size(float(layout(params)[0]));
  return true;
}

void PlanarPendulumVisual::size(float l) {
  m_unit->setLength(l);
  m_bodies->resize(l, 0.0f);
  m_scale = l;
  m_trailRadius = 0.006f * l;
  m_hint = ViewHint{QVector3D(0, -0.05f * l, 0), 1.22f * l, 0.0f, 8.0f, {}};
}

void PlanarPendulumVisual::setPose(std::size_t run, const Sample& s) {
  m_bodies->place(run, toScene(s.position));
}

std::vector<double> SphericalPendulumVisual::layout(const ParamValues& params) {
  return rodLayout(params);
}

SphericalPendulumVisual::SphericalPendulumVisual(const ParamValues& params,
                                                 const VisualRoots& roots)
    : m_unit(std::make_unique<UnitScene>(roots.common)) {
  const float l = float(layout(params)[0]);
  // e1 to scene x, e2 to scene z, e3 (gravity) to screen-down: a proper rotation
  m_frame << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  m_caption = QStringLiteral("spherical pendulum: the bob's recent path fades");
  addPivot(m_unit->root(), 1.0f);
  addGrid(m_unit->root(), QVector3D(0, kFloor, 0), 1.25f, 0.125f, 4);
  m_bodies = std::make_unique<PendulumBodies>(roots, l, true, kFloor * l);
  size(l);
}

bool SphericalPendulumVisual::relayout(const ParamValues& params) {
  size(float(layout(params)[0]));
  return true;
}

void SphericalPendulumVisual::size(float l) {
  m_unit->setLength(l);
  m_bodies->resize(l, kFloor * l);
  m_scale = l;
  m_trailRadius = 0.007f * l;
  m_hint = ViewHint{QVector3D(0, -0.5f * l, 0), 0.95f * l, 30.0f, 22.0f, {}};
}

void SphericalPendulumVisual::setPose(std::size_t run, const Sample& s) {
  m_bodies->place(run, toScene(s.position));
}

}  // namespace dms::ui::scene3d
