// SceneView on Qt3D: two viewports side by side with one shared camera (so orbit, zoom and pan
// move both), the variational run on the left and the RK45 run on the right, each coloured as
// in the plots and labelled by an overlay; the parts both runs share are drawn in both halves.
#pragma once

#include <QPointer>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "ui/scene3d/qt3d/hud.h"
#include "ui/scene3d/qt3d/primitives.h"
#include "ui/scene3d/qt3d/scenewindow.h"
#include "ui/scene3d/qt3d/systemvisual.h"
#include "ui/scene3d/sceneview.h"

namespace Qt3DRender {
class QCamera;
class QDirectionalLight;
class QLayer;
class QLayerFilter;
class QViewport;
class QRenderCapture;
}  // namespace Qt3DRender

namespace dms::ui::scene3d {

class Qt3DSceneView final : public SceneView {
 public:
  /// Longest trail drawn per run: setTrail keeps the newest this many points.
  static constexpr int kTrailCapacity = 2000;
  /// A capture that has not completed after this long reports failure.
  static constexpr int kCaptureTimeoutMs = 8000;

  explicit Qt3DSceneView(QWidget* parent);
  ~Qt3DSceneView() override;
  QWidget* widget() override { return m_container; }
  void setSystem(const std::string& system, const ParamValues& params) override;
  void setPose(RunSlot slot, const std::optional<Sample>& sample) override;
  void setTrail(RunSlot slot, const std::vector<Vector3d>& points) override;
  /// Half the visual's scale (the rod length, the orbit radius): a segment of a pendulum's
  /// trail then spans at most about 29 degrees of its circle.
  double trailMaxStep() const override;
  void setArrows(const std::vector<SceneArrow>& arrows) override;
  void fitView() override;
  void setSingleRun(bool single, const QString& title, const QString& subtitle) override;
  void fitPoints(const std::vector<Vector3d>& points) override;
  void setBodyAxesVisible(bool on) override;
  void capture(std::function<void(const QImage& image, const QString& error)> done) override;
  bool draws(const std::string& system) const override;

 private:
  void buildFrameGraph();
  void onResized();
  void onCameraMoved();
  void clearRuns();
  void applyFit(const QVector3D& centre, float radius);
  void setHasData(RunSlot slot, bool on);
  Qt3DRender::QMaterial* arrowMaterial(const QColor& c);
  struct CaptureJob;
  void requestCaptureFrame(const std::shared_ptr<CaptureJob>& job, int warmups, int retries);

  QPointer<QWidget> m_container;
  SceneWindow* m_window = nullptr;
  Qt3DCore::QEntity* m_root = nullptr;
  Qt3DCore::QEntity* m_commonRoot = nullptr;
  std::array<Qt3DCore::QEntity*, 2> m_runRoot = {nullptr, nullptr};
  Qt3DCore::QEntity* m_arrowRoot = nullptr;
  Qt3DRender::QLayer* m_commonLayer = nullptr;
  std::array<Qt3DRender::QLayer*, 2> m_runLayer = {nullptr, nullptr};
  Qt3DRender::QLayer* m_hudLayer = nullptr;
  std::array<Qt3DRender::QViewport*, 2> m_viewports = {nullptr, nullptr};
  std::array<Qt3DRender::QLayerFilter*, 2> m_layerFilters = {nullptr, nullptr};
  bool m_single = false;
  bool m_axesVisible = true;
  HudContent::Run m_defaultCard;  // the Variational card of the two-halves layout
  Qt3DRender::QCamera* m_camera = nullptr;
  Qt3DRender::QCamera* m_hudCamera = nullptr;
  Qt3DRender::QDirectionalLight* m_key = nullptr;
  Qt3DRender::QDirectionalLight* m_fill = nullptr;
  Qt3DRender::QRenderCapture* m_capture = nullptr;
  std::unique_ptr<Hud> m_hud;
  // the last framing asked for, applied again when the window's shape changes (a view built
  // before the window is shown), until the user moves the camera
  std::optional<std::pair<QVector3D, float>> m_fit;

  // what the current system built; replaced by setSystem
  VisualRoots m_roots;
  std::unique_ptr<SystemVisual> m_visual;
  std::array<std::unique_ptr<Tube>, 2> m_trails;
  std::array<std::vector<QVector3D>, 2> m_trailPoints;
  std::array<std::optional<QVector3D>, 2> m_posePoint;
  std::vector<std::unique_ptr<Arrow>> m_arrows;
  std::vector<std::pair<QVector3D, QVector3D>> m_arrowSpans;
  std::map<QRgb, Qt3DRender::QMaterial*> m_arrowMaterials;
};

}  // namespace dms::ui::scene3d
