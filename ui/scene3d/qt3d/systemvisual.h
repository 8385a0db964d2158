// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What one mechanical system looks like: the parts the runs share (pivot, rail, central body)
// and one moving body per run (in the run's colour), each under its own root so the view can show
// one run per viewport. A visual only places parts from a Sample; it computes no physics.
#pragma once

#include <QColor>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DRender/QMaterial>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/sim/registry.h"
#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/sceneview.h"

namespace dms::ui::scene3d {

/// Where a visual builds: common parts, and one body root per run with the run's colour, and
/// how each run's body is drawn: opaque (alpha 1, size 1, side by side), or as a ghost in the
/// overlay (alpha below 1 and a size factor a little above 1, so that a ghost which coincides
/// with another body still shows around it).
struct VisualRoots {
  static constexpr std::size_t kRuns = std::size_t(SceneView::kMaxRuns);
  Qt3DCore::QEntity* common = nullptr;
  std::array<Qt3DCore::QEntity*, kRuns> body = {};
  std::array<QColor, kRuns> color;
  std::array<float, kRuns> alpha = ones();
  std::array<float, kRuns> size = ones();
  bool ghost(std::size_t run) const { return alpha[run] < 1.0f; }

 private:
  static constexpr std::array<float, kRuns> ones() {
    std::array<float, kRuns> a = {};
    for (float& x : a) x = 1.0f;
    return a;
  }
};

/// How the camera first looks at a system (scene coordinates, Y up).
struct ViewHint {
  QVector3D centre;
  float radius = 1.0f;      ///< a sphere around centre that holds the expected motion
  float azimuth = 0.0f;     ///< degrees about +Y, 0 looks along -Z
  float elevation = 20.0f;  ///< degrees above the horizon
  /// Points that outline the expected motion better than the sphere does (a flat orbit seen
  /// at an angle): when given, the view frames them instead of the sphere.
  std::vector<QVector3D> extent;
};

/// Neutral colours of the scene, shared by every visual.
struct Shades {
  static QColor background() { return QColor(0xf2, 0xf3, 0xf5); }
  static QColor steel() { return QColor(0x8d, 0x93, 0x9c); }
  static QColor dark() { return QColor(0x3c, 0x41, 0x48); }
  static QColor rod() { return QColor(0x5b, 0x61, 0x6a); }
  static QColor wall() { return QColor(0xb9, 0xb3, 0xa8); }
  static QColor grid() { return QColor(0xc4, 0xc8, 0xce); }
  static QColor gridMajor() { return QColor(0xa6, 0xab, 0xb3); }
};

/// Every visual also has a static `layout(params)`: the numbers its drawing is built from (it
/// reads the parameters through them only, and throws InputError as its constructor would).
/// Parameters with the same layout draw the same scene, so the view keeps it instead of
/// rebuilding (a rebuild is new meshes and materials for the renderer).
class SystemVisual {
 public:
  virtual ~SystemVisual() = default;
  /// The rotation from the system's frame to the scene's, chosen so that gravity points down
  /// the screen (scene -Y).
  const Matrix3d& frame() const { return m_frame; }
  QVector3D toScene(const Vector3d& v) const;
  /// The scene point that stands for a run at Sample::position `position`: where its trail
  /// runs and the camera's fit looks. The position itself, unless the visual draws the motion
  /// better elsewhere (a body on a pivot: the tip of the axis the recorded point lies on).
  virtual QVector3D trackedPoint(const Vector3d& position) const { return toScene(position); }
  const ViewHint& hint() const { return m_hint; }
  /// A length that sizes trails and arrows (the rod length, the orbit radius...).
  float scale() const { return m_scale; }
  /// The radius of the tube a trail is drawn as.
  float trailRadius() const { return m_trailRadius; }
  /// One line naming the system, for the legend.
  const QString& caption() const { return m_caption; }
  /// A body's own axes on or off (and the caption to match); visuals without axes ignore it.
  virtual void setBodyAxesVisible(bool) {}
  /// Takes parameters of another layout in place, moving and resizing its parts, when it can
  /// (the same parts, other sizes: a slider of the geometry dragged); false when it cannot and
  /// the view must build a new visual. A new visual's meshes take the renderer several frames,
  /// in which nothing of it is drawn: rebuilt at each step of a drag, the view stays blank.
  /// Throws InputError as the constructor would, changing nothing.
  virtual bool relayout(const ParamValues&) { return false; }

 protected:
  Matrix3d m_frame = Matrix3d::Identity();
  ViewHint m_hint;
  float m_scale = 1.0f;
  float m_trailRadius = 0.01f;
  QString m_caption;
};

/// A visual that draws the system's bodies, one under each run's root: every visual of a kind of
/// body the view draws (visualregistry.cpp), all but the placeholder of a system without one,
/// which has no body to place.
class BodyVisual : public SystemVisual {
 public:
  /// Places the body of run `run` (its root is shown and hidden by the view).
  virtual void setPose(std::size_t run, const Sample& s) = 0;
};

/// A material for a part of run `run`'s body, of colour c: opaque, or translucent for a ghost
/// (VisualRoots::alpha), owned by the run's body root. `shared`, when given, is the opaque
/// material the runs share (a rod's grey) and is what an opaque run gets.
Qt3DRender::QMaterial* runMaterial(const VisualRoots& roots, std::size_t run, const QColor& c,
                                   Qt3DRender::QMaterial* shared = nullptr);

/// A positive, finite parameter, or `fallback` when absent; throws InputError naming the field
/// when present but not positive and finite.
double positiveParam(const ParamValues& values, const std::string& name, double fallback);
/// A finite scalar parameter, or `fallback` when absent; throws InputError when not finite.
double finiteParam(const ParamValues& values, const std::string& name, double fallback);

/// A square grid in the scene's horizontal plane at height y (lines, every `step`, a darker
/// line every `major` steps).
void addGrid(Qt3DCore::QEntity* parent, const QVector3D& centre, float halfSize, float step,
             int major);

/// addGrid's grid, which takes another place, size and step in place (its lines are rewritten
/// into one buffer, no entity is made anew): for a drawing whose grid does not scale with the
/// rest of it. It holds at most `maxLines` lines each side of the centre; set draws no more
/// (a larger grid loses its outer lines).
class Grid {
 public:
  Grid(Qt3DCore::QEntity* parent, int maxLines);
  void set(const QVector3D& centre, float halfSize, float step, int major);

 private:
  int m_maxLines;
  LineSet m_lines;
};

/// The parts the runs share, drawn for a length of 1 under a transform that scales them to the
/// length l, so that another l only changes the scale (the pendulums' pivot, floor and grid).
class UnitScene {
 public:
  explicit UnitScene(Qt3DCore::QEntity* common);
  Qt3DCore::QEntity* root() const { return m_root; }
  void setLength(float l);

 private:
  Qt3DCore::QEntity* m_root;
  Qt3DCore::QTransform* m_transform;
};

}  // namespace dms::ui::scene3d
