// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The 3D view behind our own interface: no Qt3D type appears here, so a move to Qt Quick 3D
// touches ui/scene3d/qt3d/ only.
#pragma once

#include <QColor>
#include <QImage>
#include <QPointF>
#include <QString>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/params.h"
#include "core/sim/registry.h"

namespace dms::ui {

/// An arrow drawn from a point (a control force or moment), in the system's frame.
struct SceneArrow {
  Vector3d origin = Vector3d::Zero();
  Vector3d vector = Vector3d::Zero();
  QColor color;
  QString label;
};

/// One run the view shows: the card over its viewport, and the colour of its body and trail.
struct SceneRun {
  QString title, subtitle;
  QColor color;
  bool operator==(const SceneRun& o) const {
    return title == o.title && subtitle == o.subtitle && color == o.color;
  }
};

/// The pointer's ray in the viewport of a run, in the system's frame: what a push with the mouse
/// (Ctrl + left drag) picks a body with and moves the spring's end along.
struct SceneRay {
  int run = 0;  ///< the viewport's run (setRuns order; the first in the overlay)
  Vector3d origin = Vector3d::Zero();     ///< the camera's eye
  Vector3d direction = Vector3d::Zero();  ///< through the pointer, of length 1
  Vector3d forward = Vector3d::Zero();    ///< where the camera looks, of length 1
};

/// What a Ctrl + left drag in the view does: `press` says whether it holds something (a drag
/// that holds nothing does nothing), `move` follows the pointer while it does, `release` ends it.
struct ScenePushHandler {
  std::function<bool(const SceneRay&)> press;
  std::function<void(const SceneRay&)> move;
  std::function<void()> release;
};

/// How a view draws, fixed when it is made (a 3D surface's format cannot change later).
struct SceneOptions {
  /// Multisampled edges (4 samples): smooth bodies, rings and thin trails. A software renderer
  /// (Mesa's llvmpipe) takes about twice as long per frame with it (docs/benchmarks.md).
  bool antialiasing = true;
};

class SceneView {
 public:
  /// Most runs shown at once, each in a viewport of its own (side by side, four as two by two),
  /// or all in one viewport with the overlay on (setOverlay).
  static constexpr int kMaxRuns = 4;

  virtual ~SceneView() = default;
  /// The widget to put in a layout (a window container around the 3D window).
  virtual QWidget* widget() = 0;
  /// Builds the scene for a system (SystemModel::name()) with its normalized parameters,
  /// e.g. rod length l, dumbbell L and r, and clears poses, trails and arrows; or, when only
  /// parameters that it does not draw changed (a mass, the gravity constant), keeps the scene
  /// and the bodies where they are until their next setPose, and clears trails and arrows.
  /// Either way fits the view.
  virtual void setSystem(const std::string& system, const ParamValues& params) = 0;
  /// The runs to show (the first kMaxRuns), one viewport each (or one for all, setOverlay), all
  /// through one camera (so orbit, zoom and pan move every one). Clears poses and trails when
  /// the list changes; the same list again changes nothing.
  virtual void setRuns(const std::vector<SceneRun>& runs) = 0;
  /// How many runs are shown (at most kMaxRuns).
  virtual int runCount() const = 0;
  /// The pose of run `run` (setRuns order) at the playback time (Sample::position /
  /// Sample::attitude, in the system's frame: gravity along +e2 for the planar pendulum, +e3
  /// for the spherical one); std::nullopt hides that run's body. Other indices are ignored.
  virtual void setPose(int run, const std::optional<Sample>& sample) = 0;
  /// The recent path of a run's bob or centre of mass, oldest first (drawn fading).
  virtual void setTrail(int run, const std::vector<Vector3d>& points) = 0;
  /// The longest straight segment (system units) a trail may have and still stand for the
  /// path of the current system (RunStore::trail): a fraction of its size.
  virtual double trailMaxStep() const = 0;
  /// A path the runs are meant to follow (a controller's desired trajectory, in the system's
  /// frame), drawn as a thin dark line under the trails; empty hides it.
  virtual void setReference([[maybe_unused]] const std::vector<Vector3d>& points) {}
  /// Arrows of the optimal-control modes; an empty list hides them.
  virtual void setArrows(const std::vector<SceneArrow>& arrows) = 0;
  /// Frames the whole system in view.
  virtual void fitView() = 0;
  /// Shows or hides a rigid body's own axes (the optimal-control modes hide them, so that
  /// control arrows along a body axis stay visible). Views without axes ignore it.
  virtual void setBodyAxesVisible([[maybe_unused]] bool on) {}
  /// Frames these points (system frame, e.g. a whole maneuver) from the system's usual
  /// viewing direction. Views without the option frame the system (fitView).
  virtual void fitPoints([[maybe_unused]] const std::vector<Vector3d>& points) { fitView(); }
  /// Shows or hides the camera's help line (exported videos leave it out). Views without one
  /// ignore it.
  virtual void setHelpVisible([[maybe_unused]] bool on) {}
  /// Shows or hides the labels: the runs' cards, the caption and the arrows' legend (a 3D
  /// snapshot may leave them out). Views without labels ignore it.
  virtual void setLabelsVisible([[maybe_unused]] bool on) {}
  /// Renders the view and calls `done` with the picture (Qt3DRender::QRenderCapture,
  /// asynchronous; a widget grab() does not see a 3D window), or with a null image and why not.
  virtual void capture(std::function<void(const QImage& image, const QString& error)> done) = 0;
  /// Whether the view has a drawing of its own for a system (SystemModel::name()); a system
  /// without one is shown as a placeholder that says so.
  virtual bool draws(const std::string& system) const = 0;
  /// Overlay on: every run (the same first kMaxRuns as side by side) in ONE viewport filling the
  /// view, through the same camera: the first run's body solid and drawn over the others, each
  /// other one a translucent "ghost" in its run's colour, a little larger than the one before
  /// (a ghost that coincides with the solid body shows as a rim of its colour around it), every
  /// trail in its run's colour, and the runs' cards become one legend at the top left (each
  /// method's name in its colour, the ghosts' swatches translucent). Off (the default): one
  /// viewport per run. Switching keeps the poses, trails and arrows, and the camera (a view
  /// the user has not moved is framed again for the new viewport's shape); it rebuilds the
  /// bodies (new meshes for the renderer, the old ones deleted), so it is meant for a menu
  /// toggle, not for every frame. setRuns, setSystem and setPose work the same in both.
  /// Views without an overlay ignore it.
  virtual void setOverlay([[maybe_unused]] bool on) {}
  /// Whether the overlay is on.
  virtual bool overlay() const { return false; }
  /// A line of large bold text drawn into the view's top right corner, e.g. "t = 12.40 s" (the
  /// playback time, for a lecture or a video); an empty text hides it. It is part of the
  /// picture capture() returns (and so of exported videos), whether the labels are shown or
  /// not (setLabelsVisible leaves it alone). A card that would reach into its corner is
  /// narrowed; where that would leave the card too narrow, the stamp sits just under the
  /// cards. Setting the same text again changes nothing; a new text repaints only its own
  /// small texture, so it may be set every frame. Views without one ignore it.
  virtual void setTimeStamp([[maybe_unused]] const QString& text) {}
  /// The text setTimeStamp set (empty: none, or a view without one).
  virtual QString timeStamp() const { return {}; }
  /// The handler of Ctrl + left drags (the Simulation mode's push); an empty one turns them off.
  /// Views without a pointer ignore it.
  virtual void setPushHandler([[maybe_unused]] ScenePushHandler handler) {}
  /// The ray under a point of widget() (its coordinates), or none outside every run's viewport.
  virtual std::optional<SceneRay> rayAt([[maybe_unused]] const QPointF& pos) const { return {}; }
  /// Where a point of the system's frame shows in run `run`'s viewport, in widget()
  /// coordinates (none when behind the camera or not shown).
  virtual std::optional<QPointF> screenPoint([[maybe_unused]] int run,
                                             [[maybe_unused]] const Vector3d& point) const {
    return {};
  }
  /// Whether the view's surface is multisampled (SceneOptions::antialiasing, as the platform
  /// granted it once the view is shown).
  virtual bool antialiased() const { return false; }
};

/// Sets what the 3D view needs of the whole process, once, in main() before the QApplication
/// exists (environment variables are read by Qt3D when its first window is made, and changing
/// them while threads run is not safe): the OpenGL renderer, unless QT3D_RENDERER names one.
/// Every executable that makes a SceneView calls it (the app, the GUI benchmark, and the test
/// suites that open a 3D window, through tests/common/sceneprocess.cpp). A view's antialiasing
/// (SceneOptions) is not set here: every Qt3D window sets the default surface format when it is
/// made, so the view sets it right after its own window.
void prepareSceneProcess();

/// The one implementation (Qt3D), in ui/scene3d/qt3d/.
std::unique_ptr<SceneView> createSceneView(QWidget* parent, const SceneOptions& options = {});

}  // namespace dms::ui
