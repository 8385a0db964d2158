// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/pendulum3dvisual.h"

#include <QMatrix3x3>
#include <QQuaternion>
#include <algorithm>
#include <cmath>

namespace dms::ui::scene3d {

namespace {

// a 3-vector parameter, or `fallback` when absent; throws InputError when not finite
Vector3d vectorOr(const ParamValues& values, const std::string& name, const Vector3d& fallback) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.size() != 3) return fallback;
  const Vector3d v(it->second[0], it->second[1], it->second[2]);
  if (!v.allFinite()) throw InputError("parameter '" + name + "' must be finite");
  return v;
}

// how opaque the body is drawn
constexpr float kBodyAlpha = 0.6f;

QString captionText(bool axes) {
  return QStringLiteral("3D pendulum") +
         (axes ? QStringLiteral(": body axes e1 (red), e2 (green), e3 (blue)")
               : QStringLiteral(": a rigid body on a pivot"));
}

}  // namespace

std::vector<double> Pendulum3dVisual::layout(const ParamValues& params) {
  const Vector3d J = vectorOr(params, "J", Vector3d(0.13, 0.28, 0.17));
  const Vector3d rho = vectorOr(params, "rho", Vector3d(0, 0, 0.3));
  return {positiveParam(params, "m", 1.0), J.x(), J.y(), J.z(), rho.x(), rho.y(), rho.z()};
}

Vector3d Pendulum3dVisual::bodySides(const ParamValues& params) {
  const std::vector<double> key = layout(params);
  const double m = key[0];
  const Vector3d J(key[1], key[2], key[3]), rho(key[4], key[5], key[6]);
  // the moments about the centre of mass (their diagonal: exact when rho lies on a body axis)
  // and the uniform box that has them: J_c1 = m (b^2 + c^2) / 12, ...
  const Vector3d Jc = J - m * (rho.squaredNorm() * Vector3d::Ones() - rho.cwiseProduct(rho));
  Vector3d side;
  for (int i = 0; i < 3; ++i)
    side[i] = std::sqrt(std::max(6.0 * (Jc.sum() - 2.0 * Jc[i]) / m, 0.0));
  // the box keeps those proportions (its shape shows the attitude) but is shrunk, when larger,
  // so that it reaches at most kBodyReach of the way from its centre back to the pivot: the
  // pivot and most of the rod stay in sight (at the default inertia the box of the true size
  // would touch the pivot)
  const double arm = rho.norm();
  if (arm > 0) {
    const Vector3d u = rho / arm;
    const double halfAlong = 0.5 * side.dot(u.cwiseAbs());  // the box's half-width along the rod
    if (halfAlong > kBodyReach * arm) side *= kBodyReach * arm / halfAlong;
  }
  const double reach = arm + 0.5 * side.norm();
  const double L = reach > 0 ? reach : 1.0;
  for (int i = 0; i < 3; ++i) side[i] = std::max(side[i], 0.04 * L);  // a flat body stays seen
  return side;
}

Pendulum3dVisual::Pendulum3dVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size), m_unit(std::make_unique<UnitScene>(roots.common)) {
  const std::vector<double> key = layout(params);
  const Vector3d side = bodySides(params);
  // e1 to scene x, e2 to scene z, e3 (gravity) to screen-down, as the spherical pendulum's
  m_frame << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  m_caption = captionText(true);

  // the pivot under its plate and the floor's grid, for a reach of 1
  Qt3DCore::QEntity* unit = m_unit->root();
  Ball pivot(unit, 0.03f, solidMaterial(Shades::dark(), unit));
  pivot.setCentre(QVector3D(0, 0, 0));
  Box plate(unit, QVector3D(0.16f, 0.035f, 0.16f), solidMaterial(Shades::wall(), unit));
  plate.setCentre(QVector3D(0, 0.05f + 0.03f, 0));
  addGrid(unit, QVector3D(0, -1.15f, 0), 1.25f, 0.125f, 4);

  auto* rodMat = solidMaterial(Shades::rod(), roots.common);
  std::array<Qt3DRender::QMaterial*, 3> axisMat;
  for (int k = 0; k < 3; ++k) axisMat[std::size_t(k)] = solidMaterial(axisColor(k), roots.common);
  auto* centreMat = solidMaterial(Shades::dark(), roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    // translucent even when opaque runs are drawn, so that the rod's end and the centre of
    // mass show through the body; a ghost keeps its own, fainter alpha
    Qt3DRender::QMaterial* boxMat = roots.ghost(i)
                                        ? runMaterial(roots, i, roots.color[i])
                                        : ghostMaterial(roots.color[i], kBodyAlpha, root);
    b.box = std::make_unique<Box>(root, QVector3D(1, 1, 1), boxMat);
    b.centre = std::make_unique<Ball>(root, 1.0f, runMaterial(roots, i, Shades::dark(), centreMat));
    b.rod = std::make_unique<Rod>(root, 1.0f, runMaterial(roots, i, Shades::rod(), rodMat));
    for (int k = 0; k < 3; ++k)
      b.axes[std::size_t(k)] = std::make_unique<Arrow>(
          root, runMaterial(roots, i, axisColor(k), axisMat[std::size_t(k)]));
  }
  size(key, side);
}

bool Pendulum3dVisual::relayout(const ParamValues& params) {
  const std::vector<double> key = layout(params);
  size(key, bodySides(params));
  return true;
}

void Pendulum3dVisual::size(const std::vector<double>& key, const Vector3d& side) {
  const Vector3d rho(key[4], key[5], key[6]);
  const double reach = rho.norm() + 0.5 * side.norm();
  const double L = reach > 0 ? reach : 1.0;
  const float l = float(L);
  m_scale = l;
  m_unit->setLength(l);
  // the box's sides along the body axes, in scene units of the frame above
  const QVector3D size = toScene(side);
  const QVector3D extent(std::fabs(size.x()), std::fabs(size.y()), std::fabs(size.z()));
  m_axisLength = float(0.5 * side.maxCoeff() + 0.15 * L);
  m_axisRadius = 0.012f * l;
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Body& b = m_bodies[i];
    b.box->setScale3D(extent * m_size[i]);
    b.centre->setRadius(0.025f * l);
    b.rod->setRadius(0.012f * l);
  }
  m_trailRadius = 0.006f * l;
  m_hint = ViewHint{QVector3D(0, -0.3f * l, 0), 1.1f * l, 30.0f, 20.0f, {}};
}

void Pendulum3dVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  const QVector3D c = toScene(s.position);
  // the body's rotation in scene axes: F R F^T with F the frame
  const Matrix3d Rs = m_frame * s.attitude * m_frame.transpose();
  float a[9];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a[3 * i + j] = float(Rs(i, j));
  b.box->setRotation(QQuaternion::fromRotationMatrix(QMatrix3x3(a)));
  b.box->setCentre(c);
  b.centre->setCentre(c);
  b.rod->setEnds(QVector3D(0, 0, 0), c);
  for (int k = 0; k < 3; ++k) {
    const Vector3d axis = m_axesVisible ? Vector3d(s.attitude.col(k)) : Vector3d::Zero();
    b.axes[std::size_t(k)]->set(c, m_axisLength * toScene(axis), m_axisRadius);
  }
}

void Pendulum3dVisual::setBodyAxesVisible(bool on) {
  m_axesVisible = on;
  for (Body& b : m_bodies)
    for (const std::unique_ptr<Arrow>& a : b.axes)
      if (!on) a->setVisible(false);
  m_caption = captionText(on);
}

}  // namespace dms::ui::scene3d
