// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/visualregistry.h"

#include <QtGlobal>
#include <map>

#include "core/sim/registry.h"
#include "ui/scene3d/qt3d/chainvisual.h"
#include "ui/scene3d/qt3d/dumbbellvisual.h"
#include "ui/scene3d/qt3d/massspringvisual.h"
#include "ui/scene3d/qt3d/pendulum3dvisual.h"
#include "ui/scene3d/qt3d/pendulumvisuals.h"
#include "ui/scene3d/qt3d/quadrotorvisual.h"
#include "ui/scene3d/qt3d/twobodyvisual.h"
#include "ui/scene3d/qt3d/typedvisuals.h"

namespace dms::ui::scene3d {

namespace {

/// The drawing of a body kind, the parameter names it reads its sizes under (in the order of
/// BodyDeclaration::sizes) and its number of copies under (BodyDeclaration::copies).
struct Entry {
  std::unique_ptr<SystemVisual> (*make)(const ParamValues&, const VisualRoots&);
  std::vector<double> (*layout)(const ParamValues&);
  std::vector<std::string> sizes;
  std::string copies = {};
};

template <class Visual>
Entry entry(std::vector<std::string> sizes, std::string copies = {}) {
  return {[](const ParamValues& params, const VisualRoots& roots) -> std::unique_ptr<SystemVisual> {
            return std::make_unique<Visual>(params, roots);
          },
          &Visual::layout, std::move(sizes), std::move(copies)};
}

const std::map<BodyKind, Entry>& factories() {
  static const std::map<BodyKind, Entry> table = {
      {BodyKind::SpringMass, entry<MassSpringVisual>({"m", "kappa", "q0", "v0"})},
      {BodyKind::BobOnRodInPlane, entry<PlanarPendulumVisual>({"l"})},
      {BodyKind::BobOnRodOnSphere, entry<SphericalPendulumVisual>({"l"})},
      {BodyKind::ParticleOnSphere, entry<TypedParticleVisual>({"l"})},
      {BodyKind::BoxOnPivot, entry<Pendulum3dVisual>({"m", "J", "rho"})},
      {BodyKind::EllipsoidOnPivot, entry<TypedBodyVisual>({"J"})},
      {BodyKind::Dumbbell, entry<DumbbellVisual>({"m1", "m2", "L", "r"})},
      {BodyKind::ChainBob, entry<ChainVisual>({"l_i", "m_i"}, "n")},
      {BodyKind::SphereCluster, entry<TwoBodyVisual>({})},
      {BodyKind::Quadrotor, entry<QuadrotorVisual>({"d"})},
  };
  return table;
}

/// The system's first declared body: the kind its drawing is chosen by.
const BodyDeclaration* firstBody(const std::string& system) {
  const SystemModel* model = findSystem(system);
  if (!model || model->declaration().bodies.empty()) return nullptr;
  return &model->declaration().bodies.front();
}

const Entry* entryOf(const std::string& system) {
  const BodyDeclaration* body = firstBody(system);
  if (!body) return nullptr;
  const auto it = factories().find(body->kind);
  return it == factories().end() ? nullptr : &it->second;
}

/// The parameters under the names the kind's drawing reads: each size the system declares under
/// another name is copied to the drawing's name (a size ending in "_i" once per copy, 1 to the
/// value of BodyDeclaration::copies, itself copied to the drawing's name of it), so that a system
/// whose rod is "L" draws its own length rather than the drawing's default.
ParamValues drawnParams(const BodyDeclaration& body, const Entry& e, const ParamValues& params) {
  ParamValues out = params;
  if (!body.copies.empty() && !e.copies.empty() && params.count(body.copies))
    out[e.copies] = params.at(body.copies);
  const auto suffixed = [](const std::string& s) {
    return s.size() > 2 && s.compare(s.size() - 2, 2, "_i") == 0;
  };
  const auto copies = params.find(body.copies);
  const int n = copies == params.end() || copies->second.empty() ? 0 : int(copies->second[0]);
  for (std::size_t k = 0; k < body.sizes.size() && k < e.sizes.size(); ++k) {
    const std::string &from = body.sizes[k], &to = e.sizes[k];
    if (from == to) continue;
    if (suffixed(from) && suffixed(to)) {
      for (int i = 1; i <= n; ++i) {
        const std::string index = "_" + std::to_string(i);
        const auto it = params.find(from.substr(0, from.size() - 2) + index);
        if (it != params.end()) out[to.substr(0, to.size() - 2) + index] = it->second;
      }
    } else if (const auto it = params.find(from); it != params.end()) {
      out[to] = it->second;
    }
  }
  return out;
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
};

}  // namespace

std::unique_ptr<SystemVisual> makeVisual(const std::string& system, const ParamValues& params,
                                         const VisualRoots& roots) {
  if (const Entry* e = entryOf(system))
    return e->make(drawnParams(*firstBody(system), *e, params), roots);
  if (!system.empty())
    qWarning(
        "3D view: no drawing for the system '%s' (it declares no body of a kind "
        "ui/scene3d/qt3d/visualregistry.cpp draws)",
        system.c_str());
  return std::make_unique<PlaceholderVisual>(system, roots);
}

std::vector<double> visualLayout(const std::string& system, const ParamValues& params) {
  const BodyDeclaration* body = firstBody(system);
  return body ? visualLayout(*body, params) : std::vector<double>();
}

std::vector<double> visualLayout(const BodyDeclaration& body, const ParamValues& params) {
  const auto it = factories().find(body.kind);
  if (it == factories().end()) return {};
  return it->second.layout(drawnParams(body, it->second, params));
}

bool hasVisual(const std::string& system) { return entryOf(system) != nullptr; }

}  // namespace dms::ui::scene3d
