// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/massspringvisual.h"

#include <algorithm>
#include <cmath>

namespace dms::ui::scene3d {

namespace {
constexpr int kTurns = 11;
constexpr int kPointsPerTurn = 28;
constexpr int kPathPoints = kTurns * kPointsPerTurn + 1;
constexpr int kSides = 10;
}  // namespace

std::vector<double> MassSpringVisual::layout(const ParamValues& params) {
  const double m = positiveParam(params, "m", 1.0);
  const double kappa = positiveParam(params, "kappa", 1.0);
  const double q0 = finiteParam(params, "q0", std::sqrt(2.0));
  const double v0 = finiteParam(params, "v0", 0.0);
  // the amplitude follows from the energy the parameters set, so the scene holds the motion
  return {std::sqrt(q0 * q0 + m * v0 * v0 / kappa)};
}

MassSpringVisual::MassSpringVisual(const ParamValues& params, const VisualRoots& roots)
    : m_size(roots.size) {
  const double amplitude = layout(params)[0];
  m_caption = QStringLiteral("mass-spring: block at x = q on a rail");

  auto* steel = solidMaterial(Shades::steel(), roots.common);
  auto* wallMat = solidMaterial(Shades::wall(), roots.common);
  auto* dark = solidMaterial(Shades::dark(), roots.common);
  // rail under the block, wall at the left end, a tick at the equilibrium q = 0; size() gives
  // them their sizes and places
  const QVector3D unit(1, 1, 1);
  m_rail = std::make_unique<Box>(roots.common, unit, steel);
  m_wall = std::make_unique<Box>(roots.common, unit, wallMat);
  m_tick = std::make_unique<Box>(roots.common, unit, dark);
  // the grid's half-size is at most 2.5 scales (the rail is 2 amplitude + 1.6 scale long, the
  // amplitude at most the scale) in steps of a quarter: 10 lines each side, and two for the
  // rounding of floor(halfSize / step)
  m_grid = std::make_unique<Grid>(roots.common, 12);

  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i) {
    Body& b = m_bodies[i];
    b.block = std::make_unique<Box>(roots.body[i], unit, runMaterial(roots, i, roots.color[i]));
    b.spring = std::make_unique<Tube>(roots.body[i], runMaterial(roots, i, Shades::steel(), steel),
                                      kPathPoints, kSides);
  }
  m_path.resize(kPathPoints);
  size(amplitude);
}

bool MassSpringVisual::relayout(const ParamValues& params) {
  size(layout(params)[0]);
  return true;
}

void MassSpringVisual::size(double amplitude) {
  const float s = float(std::max(amplitude, 0.5));
  m_scale = s;
  m_blockWidth = 0.5f * s;
  const float blockHeight = 0.45f * s;
  const float railThick = 0.06f * s;
  const float amp = float(amplitude);
  m_wallX = -(amp + 0.5f * m_blockWidth + 0.75f * s);
  const float railEnd = amp + 0.5f * m_blockWidth + 0.35f * s;
  m_coilRadius = 0.15f * s;
  m_wireRadius = 0.022f * s;
  m_limit = m_wallX + 0.1f * s;  // the block face never passes this (a squashed coil)

  const float railY = -0.5f * blockHeight - 0.5f * railThick;
  m_rail->setScale3D(QVector3D(railEnd - m_wallX, railThick, 0.42f * s));
  m_rail->setCentre(QVector3D(0.5f * (railEnd + m_wallX), railY, 0));
  const float wallThick = 0.12f * s;
  m_wall->setScale3D(QVector3D(wallThick, 1.1f * s, 0.9f * s));
  m_wall->setCentre(QVector3D(m_wallX - 0.5f * wallThick, railY + 0.55f * s - 0.5f * railThick, 0));
  m_tick->setScale3D(QVector3D(0.02f * s, 0.01f * s, 0.44f * s));
  m_tick->setCentre(QVector3D(0, railY + 0.5f * railThick + 0.004f * s, 0));
  m_grid->set(QVector3D(0, railY - 0.5f * railThick - 0.002f * s, 0),
              std::ceil(1.2f * (railEnd - m_wallX) / s) * 0.5f * s, 0.25f * s, 4);
  m_trailRadius = 0.01f * s;

  for (std::size_t i = 0; i < VisualRoots::kRuns; ++i)
    m_bodies[i].block->setScale3D(m_size[i] * QVector3D(m_blockWidth, blockHeight, 0.4f * s));

  const float mid = 0.5f * (m_wallX + railEnd);
  m_hint = ViewHint{QVector3D(mid, 0.1f * s, 0), 0.55f * (railEnd - m_wallX), 25.0f, 22.0f, {}};
}

void MassSpringVisual::setPose(std::size_t run, const Sample& s) {
  Body& b = m_bodies[run];
  const float x = float(s.position.x());
  b.block->setCentre(QVector3D(x, 0, 0));
  // a helix from the wall to the block's left face: only the pitch changes
  const float a = m_wallX;
  const float face = std::max(x - 0.5f * m_blockWidth, m_limit);
  for (int k = 0; k < kPathPoints; ++k) {
    const float u = float(k) / float(kPathPoints - 1);
    const float phi = float(2.0 * M_PI) * kTurns * u;
    m_path[std::size_t(k)] =
        QVector3D(a + u * (face - a), m_coilRadius * std::cos(phi), m_coilRadius * std::sin(phi));
  }
  b.spring->setPath(m_path, m_wireRadius);
}

}  // namespace dms::ui::scene3d
