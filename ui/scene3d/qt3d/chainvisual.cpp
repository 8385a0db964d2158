// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/chainvisual.h"

#include <cmath>

namespace dms::ui::scene3d {

namespace {

ParamValues normalizedChain(const ParamValues& params) {
  return findSystem("pendulum-chain")->normalize(params, nullptr);
}

}  // namespace

std::vector<double> ChainVisual::layout(const ParamValues& params) {
  const ParamValues v = normalizedChain(params);
  const int n = int(scalarParam(v, "n"));
  std::vector<double> out = {double(n)};
  for (int i = 1; i <= n; ++i) out.push_back(scalarParam(v, "l_" + std::to_string(i)));
  return out;
}

ChainVisual::ChainVisual(const ParamValues& params, const VisualRoots& roots)
    : m_values(normalizedChain(params)) {
  const std::vector<double> lay = layout(m_values);
  m_n = int(lay[0]);
  float L = 0.0f;
  for (int i = 1; i <= m_n; ++i) L += float(lay[std::size_t(i)]);
  // e1 to scene x, e2 to scene z, e3 (gravity) to screen-down, as the spherical pendulum
  m_frame << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  m_scale = L;
  m_caption = QStringLiteral("chain of %1 spherical pendula: the last bob's path fades").arg(m_n);
  // the pivot: a dark ball under a ceiling plate
  Ball pivot(roots.common, 0.02f * L, solidMaterial(Shades::dark(), roots.common));
  pivot.setCentre(QVector3D(0, 0, 0));
  Box plate(roots.common, QVector3D(0.1f * L, 0.025f * L, 0.1f * L),
            solidMaterial(Shades::wall(), roots.common));
  plate.setCentre(QVector3D(0, 0.03f * L, 0));
  addGrid(roots.common, QVector3D(0, -1.05f * L, 0), 1.1f * L, 0.1f * L, 5);
  auto* rodMat = solidMaterial(Shades::rod(), roots.common);
  // bobs a little smaller as the chain gets longer, so eight of them do not touch at rest
  const float bob = 0.05f * L / std::sqrt(float(m_n));
  for (std::size_t r = 0; r < VisualRoots::kRuns; ++r)
    for (int i = 0; i < m_n; ++i) {
      Link& k = m_links[r][std::size_t(i)];
      k.rod = std::make_unique<Rod>(roots.body[r], 0.008f * L,
                                    runMaterial(roots, r, Shades::rod(), rodMat));
      k.bob = std::make_unique<Ball>(roots.body[r], bob * roots.size[r],
                                     runMaterial(roots, r, roots.color[r]));
    }
  m_trailRadius = 0.005f * L;
  m_hint = ViewHint{QVector3D(0, -0.2f * L, 0), 1.05f * L, 30.0f, 18.0f, {}};
}

void ChainVisual::setPose(std::size_t run, const Sample& s) {
  const std::vector<BodyPose> poses = findSystem("pendulum-chain")->bodyPoses(m_values, s);
  if (int(poses.size()) != m_n) return;  // not a sample of this chain
  QVector3D from(0, 0, 0);
  for (int i = 0; i < m_n; ++i) {
    const QVector3D to = toScene(poses[std::size_t(i)].position);
    Link& k = m_links[run][std::size_t(i)];
    k.rod->setEnds(from, to);
    k.bob->setCentre(to);
    from = to;
  }
}

}  // namespace dms::ui::scene3d
