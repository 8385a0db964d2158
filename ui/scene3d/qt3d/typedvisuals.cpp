// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/typedvisuals.h"

#include <QMatrix3x3>
#include <QQuaternion>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace dms::ui::scene3d {

namespace {

// e1 to scene x, e2 to scene z, e3 to screen-down (a proper rotation), as the pendulums'
Matrix3d downwardFrame() {
  Matrix3d f;
  f << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  return f;
}

// how opaque an opaque run's ellipsoid is: the pivot and the axes' roots show through it
constexpr float kEllipsoidAlpha = 0.45f;

// the size drawn (the largest semi-axis kSemiAxis) is in docs/user-guide.md: the caption fits
// one line of a 1024 pixel wide window
QString bodyCaption(bool axes) {
  return QStringLiteral("rigid body in a typed potential: inertia ellipsoid") +
         (axes ? QStringLiteral("; e1 red, e2 green, e3 blue") : QString()) +
         QStringLiteral("; grey: fixed e3 (down)");
}

// the rotation R in scene axes, F R F^T, as a quaternion
QQuaternion sceneRotation(const Matrix3d& frame, const Matrix3d& R) {
  const Matrix3d Rs = frame * R * frame.transpose();
  float a[9];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a[3 * i + j] = float(Rs(i, j));
  return QQuaternion::fromRotationMatrix(QMatrix3x3(a));
}

}  // namespace

std::vector<double> TypedBodyVisual::layout(const ParamValues& params) {
  Vector3d J(0.13, 0.28, 0.17);
  const auto it = params.find("J");
  if (it != params.end() && it->second.size() == 3)
    J = Vector3d(it->second[0], it->second[1], it->second[2]);
  semiAxes(J);  // refuses what the drawing could not show
  return {J.x(), J.y(), J.z()};
}

Vector3d TypedBodyVisual::semiAxes(const Vector3d& J) {
  if (!J.allFinite() || !(J.minCoeff() > 0))
    throw InputError("3D view: parameter 'J' = " + formatVector(J) +
                     " must be positive and finite");
  // the core's own test of the triangle inequality, with its allowance for round-off
  const double half = 0.5 * J.sum();
  const double tol = 8 * std::numeric_limits<double>::epsilon() * half;
  for (int i = 0; i < 3; ++i)
    if (J[i] - half > tol)
      throw InputError("3D view: parameter 'J' = " + formatVector(J) + ": J" +
                       std::to_string(i + 1) + " exceeds the sum of the other two");
  // J1 = M (a2^2 + a3^2) / 5 and its two cyclic companions give a1^2 = 5 (J2 + J3 - J1) / (2 M);
  // only the proportions matter, the size is fixed below
  Vector3d a;
  for (int i = 0; i < 3; ++i) a[i] = std::sqrt(std::max(J.sum() - 2.0 * J[i], 0.0));
  a *= kSemiAxis / a.maxCoeff();
  for (int i = 0; i < 3; ++i) a[i] = std::max(a[i], kThinnest * kSemiAxis);
  return a;
}

TypedBodyVisual::TypedBodyVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size) {
  const std::vector<double> key = layout(params);
  m_frame = downwardFrame();
  m_axisLength = float(1.4 * kSemiAxis);
  m_axisRadius = float(0.035 * kSemiAxis);
  const float L = m_axisLength;
  m_scale = L;
  m_caption = bodyCaption(true);

  // the pivot, the fixed axis E3 pointing down to a floor grid, a short grey cross of E1, E2
  Ball pivot(roots.common, 0.05f * L, solidMaterial(Shades::dark(), roots.common));
  pivot.setCentre(QVector3D(0, 0, 0));
  const float floorY = -1.3f * L;
  Arrow down(roots.common, solidMaterial(Shades::steel(), roots.common));
  down.set(QVector3D(0, 0, 0), QVector3D(0, floorY + 0.08f * L, 0), 0.012f * L);
  LineSet cross(roots.common, LineSet::Kind::Segments, 4);
  cross.set({QVector3D(-L, 0, 0), QVector3D(L, 0, 0), QVector3D(0, 0, -L), QVector3D(0, 0, L)},
            std::vector<QColor>(4, Shades::gridMajor()));
  addGrid(roots.common, QVector3D(0, floorY, 0), 1.25f * L, 0.125f * L, 4);

  std::array<Qt3DRender::QMaterial*, 3> axisMat;
  for (int k = 0; k < 3; ++k) axisMat[std::size_t(k)] = solidMaterial(axisColor(k), roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    // translucent even for an opaque run, so that the pivot shows; a ghost keeps its own alpha
    Qt3DRender::QMaterial* mat = roots.ghost(i)
                                     ? runMaterial(roots, i, roots.color[i])
                                     : ghostMaterial(roots.color[i], kEllipsoidAlpha, root);
    b.ellipsoid = std::make_unique<Ball>(root, 1.0f, mat);
    b.tip = std::make_unique<Ball>(root, 0.045f * L * roots.size[i],
                                   runMaterial(roots, i, roots.color[i]));
    for (int k = 0; k < 3; ++k)
      b.axes[std::size_t(k)] = std::make_unique<Arrow>(
          root, runMaterial(roots, i, axisColor(k), axisMat[std::size_t(k)]));
  }
  m_trailRadius = 0.012f * L;
  m_hint = ViewHint{QVector3D(0, -0.35f * L, 0), 1.25f * L, 30.0f, 20.0f, {}};
  shape(semiAxes(Vector3d(key[0], key[1], key[2])));
}

bool TypedBodyVisual::relayout(const ParamValues& params) {
  const std::vector<double> key = layout(params);
  shape(semiAxes(Vector3d(key[0], key[1], key[2])));
  return true;
}

void TypedBodyVisual::shape(const Vector3d& a) {
  m_semiAxes = a;
  // the ellipsoid at R = I in scene axes: a unit sphere stretched along F e1, F e2, F e3
  const QVector3D stretch = toScene(a);
  const QVector3D extent(std::fabs(stretch.x()), std::fabs(stretch.y()), std::fabs(stretch.z()));
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i)
    m_bodies[i].ellipsoid->setScale3D(extent * m_size[i]);
}

QVector3D TypedBodyVisual::trackedPoint(const Vector3d& position) const {
  const double r = position.norm();
  if (!(r > 0)) return toScene(position);
  return toScene(position * (double(m_axisLength) / r));
}

void TypedBodyVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  b.ellipsoid->setRotation(sceneRotation(m_frame, s.attitude));
  b.tip->setCentre(trackedPoint(s.position));
  for (int k = 0; k < 3; ++k) {
    const Vector3d axis = m_axesVisible ? Vector3d(s.attitude.col(k)) : Vector3d::Zero();
    b.axes[std::size_t(k)]->set(QVector3D(0, 0, 0), m_axisLength * toScene(axis), m_axisRadius);
  }
}

void TypedBodyVisual::setBodyAxesVisible(bool on) {
  m_axesVisible = on;
  for (Body& b : m_bodies)
    for (const std::unique_ptr<Arrow>& a : b.axes)
      if (!on) a->setVisible(false);
  m_caption = bodyCaption(on);
}

std::vector<double> TypedParticleVisual::layout(const ParamValues& params) {
  return {positiveParam(params, "l", 9.81)};
}

TypedParticleVisual::TypedParticleVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size), m_unit(std::make_unique<UnitScene>(roots.common)) {
  const float l = float(layout(params)[0]);
  m_frame = downwardFrame();
  m_caption = QStringLiteral(
      "particle on a sphere in a typed potential: e3 points down, the recent path fades");

  // the sphere, of radius 1 (the unit scene's transform makes it l): faint glass, its poles on
  // e3, latitude circles every 30 degrees and meridians every 30 degrees, and a dark dot at its
  // centre
  Qt3DCore::QEntity* unit = m_unit->root();
  Ball sphere(unit, 1.0f, glassMaterial(QColor(0x9a, 0xb0, 0xc8), 0.14f, unit));
  sphere.setCentre(QVector3D(0, 0, 0));
  Ball centre(unit, 0.025f, solidMaterial(Shades::dark(), unit));
  centre.setCentre(QVector3D(0, 0, 0));
  constexpr int n = 96;  // segments per circle
  std::vector<QVector3D> pts;
  std::vector<QColor> cols;
  auto circle = [&](auto point, const QColor& c) {
    for (int k = 0; k < n; ++k) {
      pts.push_back(toScene(point(2.0 * M_PI * k / n)));
      pts.push_back(toScene(point(2.0 * M_PI * (k + 1) / n)));
      cols.insert(cols.end(), 2, c);
    }
  };
  for (int lat = 1; lat < 6; ++lat) {
    const double theta = M_PI * lat / 6.0;  // from the pole +e3
    circle(
        [&](double a) {
          return Vector3d(std::sin(theta) * std::cos(a), std::sin(theta) * std::sin(a),
                          std::cos(theta));
        },
        lat == 3 ? Shades::gridMajor() : Shades::grid());
  }
  for (int lon = 0; lon < 6; ++lon) {
    const double phi = M_PI * lon / 6.0;
    circle(
        [&](double a) {
          return Vector3d(std::sin(a) * std::cos(phi), std::sin(a) * std::sin(phi), std::cos(a));
        },
        Shades::grid().lighter(106));
  }
  LineSet grid(unit, LineSet::Kind::Segments, int(pts.size()));
  grid.set(pts, cols);

  auto* radiusMat = solidMaterial(Shades::steel(), roots.common);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Qt3DCore::QEntity* root = roots.body[i];
    Body& b = m_bodies[i];
    b.radius = std::make_unique<Rod>(root, 1.0f, runMaterial(roots, i, Shades::steel(), radiusMat));
    b.ball = std::make_unique<Ball>(root, 1.0f, runMaterial(roots, i, roots.color[i]));
  }
  size(l);
}

bool TypedParticleVisual::relayout(const ParamValues& params) {
  size(float(layout(params)[0]));
  return true;
}

void TypedParticleVisual::size(float l) {
  m_scale = l;
  m_unit->setLength(l);
  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    m_bodies[i].radius->setRadius(0.005f * l);
    m_bodies[i].ball->setRadius(0.06f * l * m_size[i]);
  }
  m_trailRadius = 0.008f * l;
  m_hint = ViewHint{QVector3D(0, 0, 0), 1.1f * l, 30.0f, 22.0f, {}};
}

void TypedParticleVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  const QVector3D p = toScene(s.position);
  b.ball->setCentre(p);
  b.radius->setEnds(QVector3D(0, 0, 0), p);
}

}  // namespace dms::ui::scene3d
