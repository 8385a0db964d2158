// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// SceneView on Qt3D: one viewport per run (side by side, four as two by two) with one shared
// camera (so orbit, zoom and pan move every one), each run coloured as in the plots and
// labelled by a card; the parts the runs share are drawn in every viewport. In the overlay one
// viewport lets every run's layer through, the bodies are rebuilt as ghosts and the cards
// become one legend. A time stamp can sit in the top right corner. The viewports and layers
// are the frame graph's (framegraph.h), the trails and arrows the run paths' (runpaths.h), the
// capture is in scenecapture.cpp; this class builds the scene and keeps them in step.
#pragma once

#include <QPointer>
#include <QRectF>
#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "ui/scene3d/qt3d/framegraph.h"
#include "ui/scene3d/qt3d/hud.h"
#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/runpaths.h"
#include "ui/scene3d/qt3d/scenewindow.h"
#include "ui/scene3d/qt3d/systemvisual.h"
#include "ui/scene3d/sceneview.h"

namespace Qt3DRender {
class QCamera;
class QDirectionalLight;
class QRenderCapture;
}  // namespace Qt3DRender

namespace dms::ui::scene3d {

class Qt3DSceneView final : public SceneView {
 public:
  /// Longest trail drawn per run: setTrail keeps the newest this many points.
  static constexpr int kTrailCapacity = RunPaths::kTrailCapacity;
  /// A capture that has not completed after this long reports failure.
  static constexpr int kCaptureTimeoutMs = 8000;

  explicit Qt3DSceneView(QWidget* parent, const SceneOptions& options = {});
  ~Qt3DSceneView() override;
  QWidget* widget() override { return m_container; }
  void setSystem(const std::string& system, const ParamValues& params) override;
  void setRuns(const std::vector<SceneRun>& runs) override;
  int runCount() const override { return int(m_runs.size()); }
  /// How many times a system's drawing was built (setSystem keeps it when its layout stays).
  int visualsBuilt() const { return m_visualsBuilt; }
  void setPose(int run, const std::optional<Sample>& sample) override;
  void setTrail(int run, const std::vector<Vector3d>& points) override;
  /// Half the visual's scale (the rod length, the orbit radius): a segment of a pendulum's
  /// trail then spans at most about 29 degrees of its circle.
  double trailMaxStep() const override;
  void setArrows(const std::vector<SceneArrow>& arrows) override;
  /// Up to kReferenceCapacity points; redrawn through a new visual's frame.
  void setReference(const std::vector<Vector3d>& points) override;
  static constexpr int kReferenceCapacity = 2048;
  void fitView() override;
  void fitPoints(const std::vector<Vector3d>& points) override;
  void setBodyAxesVisible(bool on) override;
  void setHelpVisible(bool on) override {
    HudContent c = m_hud->content();
    c.help = on;
    setHud(c);
  }
  void setLabelsVisible(bool on) override {
    HudContent c = m_hud->content();
    c.labels = on;
    setHud(c);
  }
  void setOverlay(bool on) override;
  bool overlay() const override { return m_overlay; }
  void setTimeStamp(const QString& text) override;
  QString timeStamp() const override { return m_stampText; }
  /// The Qt3D nodes under the scene's root (entities, components, materials): a count that
  /// does not grow when the overlay is switched on and off again shows nothing leaks.
  int nodeCount() const;
  /// Whether the time stamp's quad is shown.
  bool timeStampShown() const { return m_stamp->visible(); }
  void capture(std::function<void(const QImage& image, const QString& error)> done) override;
  bool draws(const std::string& system) const override;
  bool antialiased() const override;
  void setPushHandler(ScenePushHandler handler) override;
  std::optional<SceneRay> rayAt(const QPointF& pos) const override;
  std::optional<QPointF> screenPoint(int run, const Vector3d& point) const override;

 private:
  /// The viewport under a window point: its run and its rectangle (window coordinates).
  std::optional<std::pair<int, QRectF>> viewportAt(const QPointF& pos) const;
  /// The ray through a window point in the viewport of run `run` at `rect`.
  SceneRay rayIn(const QPointF& pos, int run, const QRectF& rect) const;
  /// The camera's eye and its unit axes (forward, right, up), in the scene's frame.
  void cameraAxes(QVector3D& eye, QVector3D& forward, QVector3D& right, QVector3D& up) const;
  static constexpr std::size_t kRuns = std::size_t(kMaxRuns);
  /// How opaque a ghost is (the overlay's runs after the first), and how much larger (a
  /// fraction of the body's size) each is than the one before: a ghost that coincides with
  /// another body shows as a rim around it.
  static constexpr float kGhostAlpha = 0.5f;
  static constexpr float kGhostGrowth = 0.15f;
  /// The labels' content, with the time stamp's box, and the stamp placed beside the cards.
  void setHud(HudContent c);
  /// Poses the bodies of a rebuilt visual as they were (setPose), hiding those without one.
  void restorePoses();
  /// Places run `run`'s body at `sample`, when the visual draws bodies (BodyVisual).
  void placeBody(std::size_t run, const Sample& sample);
  /// Viewports, cards and the camera's aspect for the current runs.
  void layOut();
  /// Columns and rows of the viewports.
  QSize grid() const;
  void onResized();
  void onCameraMoved();
  /// Trails, the points the fit holds and the arrows; clearRuns also hides the bodies.
  void clearPaths();
  void clearRuns();
  /// What the camera frames until the user moves it (again after a resize or a new layout):
  /// a sphere (centre, radius), or points when `points` is not empty.
  struct Framing {
    QVector3D centre;
    float radius = 1.0f;
    std::vector<QVector3D> points;
  };
  void applyFit(const Framing& framing);
  void setHasData(std::size_t run, bool on);
  void buildVisual(const std::string& system, const ParamValues& params);
  struct CaptureJob;
  void requestCaptureFrame(const std::shared_ptr<CaptureJob>& job, int warmups, int retries);

  QPointer<QWidget> m_container;
  SceneWindow* m_window = nullptr;
  Qt3DCore::QEntity* m_root = nullptr;
  Qt3DCore::QEntity* m_commonRoot = nullptr;
  std::array<Qt3DCore::QEntity*, kRuns> m_runRoot = {};
  Qt3DCore::QEntity* m_arrowRoot = nullptr;
  std::unique_ptr<FrameGraph> m_graph;  // the viewports and the layers they let through
  bool m_axesVisible = true;
  bool m_overlay = false;
  std::vector<SceneRun> m_runs;
  Qt3DRender::QCamera* m_camera = nullptr;
  Qt3DRender::QCamera* m_hudCamera = nullptr;
  Qt3DRender::QDirectionalLight* m_key = nullptr;
  Qt3DRender::QDirectionalLight* m_fill = nullptr;
  Qt3DRender::QRenderCapture* m_capture = nullptr;
  std::unique_ptr<Hud> m_hud;
  std::unique_ptr<HudStamp> m_stamp;
  QString m_stampText;
  // the last framing asked for, applied again when the window's shape changes (a view built
  // before the window is shown), until the user moves the camera
  std::optional<Framing> m_fit;

  // what the current system built; replaced by setSystem, and by setRuns with new colours
  std::string m_system;
  int m_visualsBuilt = 0;
  ParamValues m_params;
  std::vector<double> m_layout;  // the numbers m_visual is drawn from (visualLayout)
  VisualRoots m_roots;
  std::unique_ptr<SystemVisual> m_visual;
  std::unique_ptr<LineSet> m_reference;  // the desired path (setReference)
  std::vector<Vector3d> m_referencePoints;
  void drawReference();
  std::unique_ptr<RunPaths> m_paths;  // the trails, the bodies' points and the arrows
  // the samples the bodies show, to pose a rebuilt visual (the overlay switched)
  std::array<std::optional<Sample>, kRuns> m_poses;
  ScenePushHandler m_push;
  std::pair<int, QRectF> m_pushViewport;  // where the current push started
};

}  // namespace dms::ui::scene3d
