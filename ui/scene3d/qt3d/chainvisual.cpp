// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/chainvisual.h"

#include <cmath>

namespace dms::ui::scene3d {

namespace {

// the chain's own parameters among `params`, completed: a system drawn as a chain may have
// parameters the chain has not (visualregistry.cpp gives it the chain's names for its sizes)
ParamValues normalizedChain(const ParamValues& params) {
  const SystemModel* chain = findSystem("pendulum-chain");
  ParamValues known;
  for (const ParamSpec& spec : chain->paramsFor(params))
    if (const auto it = params.find(spec.name); it != params.end()) known.insert(*it);
  return chain->normalize(known, nullptr);
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
    : m_values(normalizedChain(params)),
      m_size(roots.size),
      m_unit(std::make_unique<UnitScene>(roots.common)) {
  const std::vector<double> lay = layout(m_values);
  m_n = int(lay[0]);
  // e1 to scene x, e2 to scene z, e3 (gravity) to screen-down, as the spherical pendulum
  m_frame << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  m_caption = QStringLiteral("chain of %1 spherical pendula: the last bob's path fades").arg(m_n);
  // the pivot: a dark ball under a ceiling plate, and the floor's grid, for a chain of length 1
  Qt3DCore::QEntity* unit = m_unit->root();
  Ball pivot(unit, 0.02f, solidMaterial(Shades::dark(), unit));
  pivot.setCentre(QVector3D(0, 0, 0));
  Box plate(unit, QVector3D(0.1f, 0.025f, 0.1f), solidMaterial(Shades::wall(), unit));
  plate.setCentre(QVector3D(0, 0.03f, 0));
  addGrid(unit, QVector3D(0, -1.05f, 0), 1.1f, 0.1f, 5);
  auto* rodMat = solidMaterial(Shades::rod(), roots.common);
  for (std::size_t r = 0; r < VisualRoots::kRuns; ++r)
    for (int i = 0; i < m_n; ++i) {
      Link& k = m_links[r][std::size_t(i)];
      k.rod =
          std::make_unique<Rod>(roots.body[r], 1.0f, runMaterial(roots, r, Shades::rod(), rodMat));
      k.bob = std::make_unique<Ball>(roots.body[r], 1.0f, runMaterial(roots, r, roots.color[r]));
    }
  size(lay);
}

bool ChainVisual::relayout(const ParamValues& params) {
  ParamValues values = normalizedChain(params);
  const std::vector<double> lay = layout(values);
  // another n is other parts (a rod and a bob per link) and another caption: not a change of
  // sizes, the view builds the chain anew
  if (int(lay[0]) != m_n) return false;
  m_values = std::move(values);
  size(lay);
  return true;
}

void ChainVisual::size(const std::vector<double>& lay) {
  float L = 0.0f;
  for (int i = 1; i <= m_n; ++i) L += float(lay[std::size_t(i)]);
  m_scale = L;
  m_unit->setLength(L);
  // bobs a little smaller as the chain gets longer, so eight of them do not touch at rest
  const float bob = 0.05f * L / std::sqrt(float(m_n));
  for (std::size_t r = 0; r < VisualRoots::kRuns; ++r)
    for (int i = 0; i < m_n; ++i) {
      Link& k = m_links[r][std::size_t(i)];
      k.rod->setRadius(0.008f * L);
      k.bob->setRadius(bob * m_size[r]);
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
