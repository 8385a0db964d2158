// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/visualregistry.h"

#include <QtGlobal>
#include <map>

#include "ui/scene3d/qt3d/chainvisual.h"
#include "ui/scene3d/qt3d/dumbbellvisual.h"
#include "ui/scene3d/qt3d/massspringvisual.h"
#include "ui/scene3d/qt3d/pendulum3dvisual.h"
#include "ui/scene3d/qt3d/pendulumvisuals.h"
#include "ui/scene3d/qt3d/twobodyvisual.h"
#include "ui/scene3d/qt3d/typedvisuals.h"

namespace dms::ui::scene3d {

namespace {

struct Entry {
  std::unique_ptr<SystemVisual> (*make)(const ParamValues&, const VisualRoots&);
  std::vector<double> (*layout)(const ParamValues&);
};

template <class Visual>
Entry entry() {
  return {[](const ParamValues& params, const VisualRoots& roots) -> std::unique_ptr<SystemVisual> {
            return std::make_unique<Visual>(params, roots);
          },
          &Visual::layout};
}

const std::map<std::string, Entry>& factories() {
  static const std::map<std::string, Entry> table = {
      {"mass-spring", entry<MassSpringVisual>()},
      {"planar-pendulum", entry<PlanarPendulumVisual>()},
      {"spherical-pendulum", entry<SphericalPendulumVisual>()},
      {"dumbbell", entry<DumbbellVisual>()},
      {"pendulum-3d", entry<Pendulum3dVisual>()},
      {"pendulum-chain", entry<ChainVisual>()},
      {"custom-rigid-body", entry<TypedBodyVisual>()},
      {"custom-sphere-particle", entry<TypedParticleVisual>()},
      {"two-body", entry<TwoBodyVisual>()},
  };
  return table;
}

// a system the view has no drawing for: a grid, so the view is not empty, and a caption
class PlaceholderVisual final : public SystemVisual {
 public:
  PlaceholderVisual(const std::string& system, const VisualRoots& roots) {
    addGrid(roots.common, QVector3D(0, 0, 0), 2.0f, 0.25f, 4);
    m_hint = ViewHint{QVector3D(0, 0, 0), 2.0f, 20.0f, 30.0f, {}};
    m_caption = system.empty() ? QStringLiteral("no system chosen")
                               : QString::fromStdString("no 3D drawing for '" + system + "'");
  }
  void setPose(std::size_t, const Sample&) override {}
};

}  // namespace

std::unique_ptr<SystemVisual> makeVisual(const std::string& system, const ParamValues& params,
                                         const VisualRoots& roots) {
  const auto it = factories().find(system);
  if (it != factories().end()) return it->second.make(params, roots);
  if (!system.empty())
    qWarning("3D view: no drawing for the system '%s' (ui/scene3d/qt3d/visualregistry.cpp)",
             system.c_str());
  return std::make_unique<PlaceholderVisual>(system, roots);
}

std::vector<double> visualLayout(const std::string& system, const ParamValues& params) {
  const auto it = factories().find(system);
  return it != factories().end() ? it->second.layout(params) : std::vector<double>();
}

bool hasVisual(const std::string& system) { return factories().count(system) > 0; }

}  // namespace dms::ui::scene3d
