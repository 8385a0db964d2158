// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/systemvisual.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "ui/scene3d/qt3d/primitives.h"

namespace dms::ui::scene3d {

QVector3D SystemVisual::toScene(const Vector3d& v) const {
  const Vector3d w = m_frame * v;
  return toQt(w);
}

Qt3DRender::QMaterial* runMaterial(const VisualRoots& roots, std::size_t run, const QColor& c,
                                   Qt3DRender::QMaterial* shared) {
  if (roots.ghost(run)) return ghostMaterial(c, roots.alpha[run], roots.body[run]);
  return shared ? shared : solidMaterial(c, roots.body[run]);
}

double finiteParam(const ParamValues& values, const std::string& name, double fallback) {
  const auto it = values.find(name);
  if (it == values.end() || it->second.empty()) return fallback;
  const double v = it->second[0];
  if (!std::isfinite(v))
    throw InputError("3D view: parameter '" + name + "' = " + formatNumber(v) +
                     " is not a finite number");
  return v;
}

double positiveParam(const ParamValues& values, const std::string& name, double fallback) {
  const double v = finiteParam(values, name, fallback);
  if (!(v > 0.0))
    throw InputError("3D view: parameter '" + name + "' = " + formatNumber(v) +
                     " must be in (0, inf)");
  return v;
}

namespace {

// the grid's lines, n each side of the centre, two points per line
void gridLines(const QVector3D& centre, int n, float step, int major, std::vector<QVector3D>& pts,
               std::vector<QColor>& cols) {
  for (int i = -n; i <= n; ++i) {
    const QColor c = (i % major == 0) ? Shades::gridMajor() : Shades::grid();
    const float u = float(i) * step;
    pts.push_back(centre + QVector3D(u, 0, -n * step));
    pts.push_back(centre + QVector3D(u, 0, n * step));
    pts.push_back(centre + QVector3D(-n * step, 0, u));
    pts.push_back(centre + QVector3D(n * step, 0, u));
    cols.insert(cols.end(), 4, c);
  }
}

// the points of a grid of n lines each side of its centre
int gridPoints(int n) { return 4 * (2 * n + 1); }

}  // namespace

void addGrid(Qt3DCore::QEntity* parent, const QVector3D& centre, float halfSize, float step,
             int major) {
  const int n = int(std::floor(halfSize / step));
  std::vector<QVector3D> pts;
  std::vector<QColor> cols;
  gridLines(centre, n, step, major, pts, cols);
  // the entity belongs to parent; the wrapper is only needed to fill it once
  LineSet lines(parent, LineSet::Kind::Segments, int(pts.size()));
  lines.set(pts, cols);
}

Grid::Grid(Qt3DCore::QEntity* parent, int maxLines)
    : m_maxLines(maxLines), m_lines(parent, LineSet::Kind::Segments, gridPoints(maxLines)) {}

void Grid::set(const QVector3D& centre, float halfSize, float step, int major) {
  const int n = std::min(int(std::floor(halfSize / step)), m_maxLines);
  std::vector<QVector3D> pts;
  std::vector<QColor> cols;
  gridLines(centre, n, step, major, pts, cols);
  m_lines.set(pts, cols);
}

UnitScene::UnitScene(Qt3DCore::QEntity* common)
    : m_root(new Qt3DCore::QEntity(common)), m_transform(new Qt3DCore::QTransform) {
  m_root->addComponent(m_transform);
}

void UnitScene::setLength(float l) { m_transform->setScale(l); }

}  // namespace dms::ui::scene3d
