// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/runpaths.h"

#include <Qt3DCore/QEntity>
#include <algorithm>

#include "ui/common/palette.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

RunPaths::RunPaths(const std::array<Qt3DCore::QEntity*, kRuns>& runRoots,
                   Qt3DCore::QEntity* arrowRoot)
    : m_arrowRoot(arrowRoot) {
  for (std::size_t i = 0; i < kRuns; ++i)
    // trails are tubes in unlit, fading colours: lines would be one pixel wide
    m_trails[i] = std::make_unique<Tube>(runRoots[i], vertexColorMaterial(runRoots[i]),
                                         kTrailCapacity, 6, true);
}

RunPaths::~RunPaths() = default;

void RunPaths::setTrail(std::size_t i, const std::vector<Vector3d>& points,
                        const SystemVisual& visual, const QColor& c) {
  const std::size_t first =
      points.size() > std::size_t(kTrailCapacity) ? points.size() - std::size_t(kTrailCapacity) : 0;
  std::vector<QVector3D>& pts = m_trailPoints[i];
  pts.clear();
  for (std::size_t k = first; k < points.size(); ++k)
    if (points[k].allFinite()) pts.push_back(visual.trackedPoint(points[k]));
  // fade from a pale tint (oldest) to the run's colour (newest), and thin towards the tail so
  // that a closed orbit's new lap covers the old one instead of flickering with it
  std::vector<QColor> colours(pts.size());
  const QColor bg = Shades::background();
  for (std::size_t k = 0; k < pts.size(); ++k) {
    const double t = double(k + 1) / double(pts.size());
    colours[k] = mix(bg, c, 0.18 + 0.82 * t * t);
  }
  m_trails[i]->setPath(pts, visual.trailRadius(), colours, 0.45f);
}

void RunPaths::clearTrails() {
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_trails[i]->clear();
    m_trailPoints[i].clear();
    m_posePoint[i].reset();
  }
}

std::vector<QVector3D> RunPaths::drawn() const {
  std::vector<QVector3D> drawn;
  for (std::size_t i = 0; i < kRuns; ++i) {
    if (m_posePoint[i]) drawn.push_back(*m_posePoint[i]);
    drawn.insert(drawn.end(), m_trailPoints[i].begin(), m_trailPoints[i].end());
  }
  for (const auto& span : m_arrowSpans) {
    drawn.push_back(span.first);
    drawn.push_back(span.second);
  }
  return drawn;
}

Qt3DRender::QMaterial* RunPaths::arrowMaterial(const QColor& c) {
  const QColor colour = c.isValid() ? c : controlColor();
  auto it = m_arrowMaterials.find(colour.rgb());
  if (it != m_arrowMaterials.end()) return it->second;
  Qt3DRender::QMaterial* m = solidMaterial(colour, m_arrowRoot);
  m_arrowMaterials.emplace(colour.rgb(), m);
  return m;
}

std::vector<std::pair<QColor, QString>> RunPaths::setArrows(const std::vector<SceneArrow>& arrows,
                                                            const SystemVisual* visual) {
  // a pool of arrows: grown when needed, the surplus hidden; rebuilt when a colour changes
  while (m_arrows.size() > arrows.size()) {
    deleteTree(m_arrows.back()->entity());
    m_arrows.pop_back();
  }
  m_arrowSpans.clear();
  std::vector<std::pair<QColor, QString>> legend;
  const float s = visual ? visual->scale() : 1.0f;
  for (std::size_t k = 0; k < arrows.size(); ++k) {
    const SceneArrow& a = arrows[k];
    Qt3DRender::QMaterial* mat = arrowMaterial(a.color);
    if (k == m_arrows.size() || !m_arrows[k]->entity()->components().contains(mat)) {
      auto arrow = std::make_unique<Arrow>(m_arrowRoot, mat);
      if (k < m_arrows.size()) {
        deleteTree(m_arrows[k]->entity());
        m_arrows[k] = std::move(arrow);
      } else {
        m_arrows.push_back(std::move(arrow));
      }
    }
    if (!visual || !a.origin.allFinite() || !a.vector.allFinite()) {
      m_arrows[k]->setVisible(false);
      continue;
    }
    const QVector3D o = visual->toScene(a.origin);
    const QVector3D v = toQt(Vector3d(visual->frame() * a.vector));
    const float radius = std::clamp(0.03f * v.length(), 0.004f * s, 0.012f * s);
    m_arrows[k]->set(o, v, radius);
    m_arrowSpans.emplace_back(o, o + v);
    if (!a.label.isEmpty())
      legend.emplace_back(a.color.isValid() ? a.color : controlColor(), a.label);
  }
  return legend;
}

}  // namespace dms::ui::scene3d
