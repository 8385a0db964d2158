#include "ui/scene3d/qt3d/qt3dsceneview.h"

#include <QImage>
#include <QSurfaceFormat>
#include <QTimer>
#include <QWidget>
#include <Qt3DCore/QEntity>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QViewport>
#include <QtMath>
#include <algorithm>
#include <cmath>
#include <limits>

#include "ui/common/palette.h"
#include "ui/scene3d/camerafit.h"
#include "ui/scene3d/qt3d/visualregistry.h"

namespace dms::ui::scene3d {

namespace {

constexpr float kFieldOfView = 38.0f;

bool finitePoint(const Vector3d& p) { return p.allFinite(); }

// a sample the view can draw: every number it reads is finite
bool drawable(const Sample& s) { return s.position.allFinite() && s.attitude.allFinite(); }

}  // namespace

Qt3DSceneView::Qt3DSceneView(QWidget* parent, const SceneOptions& options) {
  // Qt 6.4's RHI renderer ignores our clear colour and returns captures upside down; the
  // OpenGL renderer draws this frame graph as written. An explicit choice by the user wins.
  if (!qEnvironmentVariableIsSet("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
  m_window = new SceneWindow;
  // Qt3DWindow asks for 4 samples, for itself and as the default format, which the renderer's
  // OpenGL context takes: without antialiasing both ask for none (the window alone is not enough)
  if (!options.antialiasing) {
    QSurfaceFormat format = m_window->format();
    format.setSamples(0);
    m_window->setFormat(format);
    QSurfaceFormat::setDefaultFormat(format);
  }
  m_container = QWidget::createWindowContainer(m_window, parent);
  m_container->setMinimumSize(320, 200);
  m_container->setFocusPolicy(Qt::StrongFocus);

  m_root = new Qt3DCore::QEntity;
  m_commonLayer = new Qt3DRender::QLayer(m_root);
  m_commonLayer->setRecursive(true);
  m_commonRoot = new Qt3DCore::QEntity(m_root);
  m_commonRoot->addComponent(m_commonLayer);
  m_arrowRoot = new Qt3DCore::QEntity(m_commonRoot);
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_runLayer[i] = new Qt3DRender::QLayer(m_root);
    m_runLayer[i]->setRecursive(true);
    m_runRoot[i] = new Qt3DCore::QEntity(m_root);
    m_runRoot[i]->addComponent(m_runLayer[i]);
    // trails are tubes in unlit, fading colours: lines would be one pixel wide
    m_trails[i] = std::make_unique<Tube>(m_runRoot[i], vertexColorMaterial(m_runRoot[i]),
                                         kTrailCapacity, 6, true);
  }
  m_noneLayer = new Qt3DRender::QLayer(m_root);
  m_solidLayer = new Qt3DRender::QLayer(m_root);
  m_solidLayer->setRecursive(true);
  m_hudLayer = new Qt3DRender::QLayer(m_root);
  auto* hudRoot = new Qt3DCore::QEntity(m_root);
  hudRoot->addComponent(m_hudLayer);
  m_hudLayer->setRecursive(true);
  m_hud = std::make_unique<Hud>(hudRoot);
  m_stamp = std::make_unique<HudStamp>(hudRoot);

  m_camera = new Qt3DRender::QCamera(m_root);
  m_camera->lens()->setPerspectiveProjection(kFieldOfView, 1.0f, 0.05f, 1000.0f);
  m_hudCamera = new Qt3DRender::QCamera(m_root);
  m_hudCamera->setPosition(QVector3D(0, 0, 10));
  m_hudCamera->setViewCenter(QVector3D(0, 0, 0));
  m_hudCamera->setUpVector(QVector3D(0, 1, 0));

  // (lights pass the layer filter like any entity: they sit under the common root)
  // a key light from the viewer's upper left and a weaker fill from the lower right; both
  // follow the camera (onCameraMoved) so the shading reads from any side
  auto* keyEntity = new Qt3DCore::QEntity(m_commonRoot);
  m_key = new Qt3DRender::QDirectionalLight(keyEntity);
  m_key->setColor(QColor(255, 252, 245));
  m_key->setIntensity(0.95f);
  keyEntity->addComponent(m_key);
  auto* fillEntity = new Qt3DCore::QEntity(m_commonRoot);
  m_fill = new Qt3DRender::QDirectionalLight(fillEntity);
  m_fill->setColor(QColor(225, 235, 255));
  m_fill->setIntensity(0.38f);
  fillEntity->addComponent(m_fill);
  // the lights alone, for the overlay's pass that draws the first run's body last
  m_lightLayer = new Qt3DRender::QLayer(m_root);
  keyEntity->addComponent(m_lightLayer);
  fillEntity->addComponent(m_lightLayer);

  buildFrameGraph();
  m_window->setRootEntity(m_root);
  m_window->setCamera(m_camera);
  // draw only when something changed: setPose, the camera or a capture request
  m_window->renderSettings()->setRenderPolicy(Qt3DRender::QRenderSettings::OnDemand);
  m_window->onResized = [this] { onResized(); };
  m_window->onUserMoved = [this] { m_fit.reset(); };
  m_window->onCameraMoved = [this] { onCameraMoved(); };
  m_window->onFitRequested = [this] { fitView(); };

  layOut();
  setSystem("", {});
}

Qt3DSceneView::~Qt3DSceneView() {
  // the window container owns the window and with it the whole scene
  delete m_container.data();
}

void Qt3DSceneView::buildFrameGraph() {
  auto* surface = new Qt3DRender::QRenderSurfaceSelector;
  surface->setSurface(m_window);
  auto* full = new Qt3DRender::QViewport(surface);
  full->setNormalizedRect(QRectF(0, 0, 1, 1));
  auto* techniques = new Qt3DRender::QTechniqueFilter(full);
  auto* forward = new Qt3DRender::QFilterKey(techniques);
  forward->setName(QStringLiteral("renderingStyle"));
  forward->setValue(QStringLiteral("forward"));
  techniques->addMatch(forward);

  auto* clear = new Qt3DRender::QClearBuffers(techniques);
  clear->setBuffers(Qt3DRender::QClearBuffers::ColorDepthBuffer);
  clear->setClearColor(Shades::background());
  new Qt3DRender::QNoDraw(clear);

  // one viewport per run, all through the same camera (placed by layOut, which also sets the
  // layers each lets through: its run's and the shared parts', or in the overlay the first
  // lets every run's through and the others none)
  const auto backToFront = [](Qt3DRender::QFrameGraphNode* parent) {
    // translucent parts (swing plane, shadows, ghosts) need the far things drawn first
    auto* sort = new Qt3DRender::QSortPolicy(parent);
    sort->setSortTypes(
        QList<Qt3DRender::QSortPolicy::SortType>{Qt3DRender::QSortPolicy::BackToFront});
  };
  for (std::size_t i = 0; i < kRuns; ++i) {
    auto* vp = new Qt3DRender::QViewport(techniques);
    m_viewports[i] = vp;
    auto* cam = new Qt3DRender::QCameraSelector(vp);
    cam->setCamera(m_camera);
    auto* layers = new Qt3DRender::QLayerFilter(cam);
    m_layerFilters[i] = layers;
    layers->addLayer(m_commonLayer);
    layers->addLayer(m_runLayer[i]);
    layers->setFilterMode(Qt3DRender::QLayerFilter::AcceptAnyMatchingLayers);
    if (i > 0) {
      backToFront(layers);
      continue;
    }
    // The overlay draws the first run's body after everything else (these two filters let
    // nothing through side by side): where a larger ghost coincides with it, the ghost (which
    // writes no depth) shows as a rim around a body that keeps its own colour. The price: a
    // ghost in front of that body is drawn behind it.
    m_overlayDiscard = new Qt3DRender::QLayerFilter(layers);
    m_overlayDiscard->setFilterMode(Qt3DRender::QLayerFilter::DiscardAnyMatchingLayers);
    m_overlayDiscard->addLayer(m_noneLayer);
    backToFront(m_overlayDiscard);
    m_solidFilter = new Qt3DRender::QLayerFilter(cam);
    m_solidFilter->addLayer(m_noneLayer);
    backToFront(m_solidFilter);
  }

  // the labels on top, then the capture (the last leaf, so it reads the finished frame)
  auto* hudClear = new Qt3DRender::QClearBuffers(techniques);
  hudClear->setBuffers(Qt3DRender::QClearBuffers::DepthBuffer);
  auto* hudCam = new Qt3DRender::QCameraSelector(hudClear);
  hudCam->setCamera(m_hudCamera);
  auto* hudLayers = new Qt3DRender::QLayerFilter(hudCam);
  hudLayers->addLayer(m_hudLayer);
  // the labels' quad (z = 0) before the time stamp's (z = 1): both blend without writing depth
  auto* hudSort = new Qt3DRender::QSortPolicy(hudLayers);
  hudSort->setSortTypes(
      QList<Qt3DRender::QSortPolicy::SortType>{Qt3DRender::QSortPolicy::BackToFront});
  m_capture = new Qt3DRender::QRenderCapture(hudSort);

  m_window->setActiveFrameGraph(surface);
}

QSize Qt3DSceneView::grid() const {
  if (m_overlay) return QSize(1, 1);
  const int n = std::max(int(m_runs.size()), 1);
  return n <= 3 ? QSize(n, 1) : QSize(2, 2);
}

void Qt3DSceneView::layOut() {
  const QSize g = grid();
  // with no run, the first viewport shows the shared parts alone
  const std::size_t shown = std::max<std::size_t>(m_runs.size(), 1);
  for (std::size_t i = 0; i < kRuns; ++i) {
    const bool on = m_overlay ? i == 0 : i < shown;
    const int c = int(i) % g.width(), r = int(i) / g.width();
    m_viewports[i]->setNormalizedRect(on ? QRectF(double(c) / g.width(), double(r) / g.height(),
                                                  1.0 / g.width(), 1.0 / g.height())
                                         : QRectF(0, 0, 0, 0));
    // a viewport without a run draws nothing: not even the shared parts
    QList<Qt3DRender::QLayer*> layers;
    if (on) layers << m_commonLayer;
    if (on && m_overlay)
      for (std::size_t k = 0; k < m_runs.size(); ++k) layers << m_runLayer[k];
    else if (on && i < m_runs.size())
      layers << m_runLayer[i];
    setLayers(m_layerFilters[i], layers);
    m_runRoot[i]->setEnabled(i < m_runs.size());
  }
  const QList<Qt3DRender::QLayer*> solid = {m_solidLayer}, lit = {m_solidLayer, m_lightLayer};
  setLayers(m_overlayDiscard, m_overlay ? solid : QList<Qt3DRender::QLayer*>());
  setLayers(m_solidFilter, m_overlay ? lit : QList<Qt3DRender::QLayer*>());
  HudContent c = m_hud->content();
  c.grid = g;
  c.overlay = m_overlay;
  c.runs.resize(m_runs.size());
  for (std::size_t i = 0; i < m_runs.size(); ++i)
    c.runs[i] = {m_runs[i].title, m_runs[i].subtitle, m_runs[i].color, c.runs[i].hasData};
  setHud(c);
  onResized();
}

void Qt3DSceneView::setLayers(Qt3DRender::QLayerFilter* filter,
                              const QList<Qt3DRender::QLayer*>& wanted) {
  const QList<Qt3DRender::QLayer*> layers =
      wanted.isEmpty() ? QList<Qt3DRender::QLayer*>{m_noneLayer} : wanted;
  if (filter->layers() == layers) return;
  for (Qt3DRender::QLayer* l : filter->layers()) filter->removeLayer(l);
  for (Qt3DRender::QLayer* l : layers) filter->addLayer(l);
}

void Qt3DSceneView::setHud(HudContent c) {
  const QSize window = m_window->size().expandedTo(QSize(1, 1));
  c.stamp = stampBox(m_stampText, window.height());
  m_hud->setContent(c);
  m_stamp->set(m_stampText, c.stamp, stampPosition(c, window), window,
               m_window->devicePixelRatio());
}

void Qt3DSceneView::setTimeStamp(const QString& text) {
  if (text == m_stampText) return;
  m_stampText = text;
  setHud(m_hud->content());
}

void Qt3DSceneView::setOverlay(bool on) {
  if (on == m_overlay) return;
  m_overlay = on;
  // the bodies take their look (opaque, or ghosts) when built; the old ones are deleted
  if (m_visual) {
    buildVisual(m_system, m_params);
    restorePoses();
  }
  layOut();
}

void Qt3DSceneView::restorePoses() {
  for (std::size_t i = 0; i < kRuns; ++i) {
    const bool show = i < m_runs.size() && m_poses[i].has_value();
    if (show) m_visual->setPose(i, *m_poses[i]);
    m_roots.body[i]->setEnabled(show);
  }
}

int Qt3DSceneView::nodeCount() const {
  return int(m_root->findChildren<Qt3DCore::QNode*>().size());
}

void Qt3DSceneView::onResized() {
  const float w = float(std::max(m_window->width(), 1));
  const float h = float(std::max(m_window->height(), 1));
  const QSize g = grid();
  m_camera->setAspectRatio((w / float(g.width())) / (h / float(g.height())));
  m_hudCamera->lens()->setOrthographicProjection(0, w, 0, h, 0.1f, 100.0f);
  m_hud->resize(m_window->size(), m_window->devicePixelRatio());
  // the time stamp's font follows the window's height
  setHud(m_hud->content());
  if (m_fit) applyFit(*m_fit);
}

void Qt3DSceneView::onCameraMoved() {
  const Orbit& o = m_window->orbit();
  const QVector3D forward = (o.target - o.eye()).normalized();
  const QVector3D right = QVector3D::crossProduct(forward, QVector3D(0, 1, 0)).normalized();
  const QVector3D up = QVector3D::crossProduct(right, forward);
  m_key->setWorldDirection((forward - 0.9f * up + 0.55f * right).normalized());
  m_fill->setWorldDirection((forward + 0.35f * up - 0.8f * right).normalized());
  // depth range around what the view holds
  const float r = m_visual ? m_visual->hint().radius : 1.0f;
  m_camera->setNearPlane(std::max(1e-3f * o.distance, o.distance - 4.0f * r) * 0.5f);
  m_camera->setFarPlane(o.distance + 6.0f * r);
}

void Qt3DSceneView::setHasData(std::size_t i, bool on) {
  if (i >= m_hud->content().runs.size() || m_hud->content().runs[i].hasData == on) return;
  HudContent c = m_hud->content();
  c.runs[i].hasData = on;
  setHud(c);
}

void Qt3DSceneView::clearPaths() {
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_trails[i]->clear();
    m_trailPoints[i].clear();
    m_posePoint[i].reset();
  }
  setArrows({});
}

void Qt3DSceneView::clearRuns() {
  clearPaths();
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_poses[i].reset();
    if (m_roots.body[i]) m_roots.body[i]->setEnabled(false);
    setHasData(i, false);
  }
}

void Qt3DSceneView::setSystem(const std::string& system, const ParamValues& params) {
  // only parameters the drawing does not show changed (a mass, gravity): the scene and its
  // bodies stay (hiding and showing them would cost the renderer a frame of its own)
  if (m_visual && system == m_system && visualLayout(system, params) == m_layout) {
    m_params = params;
    clearPaths();
  } else {
    buildVisual(system, params);
    clearRuns();
  }
  fitView();
}

void Qt3DSceneView::setRuns(const std::vector<SceneRun>& runs) {
  std::vector<SceneRun> shown(runs.begin(), runs.begin() + std::min(runs.size(), kRuns));
  if (shown == m_runs) return;
  std::vector<QColor> before, after;
  for (const SceneRun& r : m_runs) before.push_back(r.color);
  for (const SceneRun& r : shown) after.push_back(r.color);
  m_runs = std::move(shown);
  // the bodies take their run's colour when built
  if (before != after && m_visual) buildVisual(m_system, m_params);
  clearRuns();
  layOut();
  if (m_fit) applyFit(*m_fit);
}

void Qt3DSceneView::buildVisual(const std::string& system, const ParamValues& params) {
  VisualRoots roots;
  roots.common = new Qt3DCore::QEntity(m_commonRoot);
  for (std::size_t i = 0; i < kRuns; ++i) {
    roots.body[i] = new Qt3DCore::QEntity(m_runRoot[i]);
    roots.color[i] = i < m_runs.size() ? m_runs[i].color : Shades::steel();
    // in the overlay the first run stays solid, the others are ghosts, each a little larger
    if (m_overlay && i > 0) {
      roots.alpha[i] = kGhostAlpha;
      roots.size[i] = 1.0f + kGhostGrowth * float(i);
    }
  }
  // the first run's body, drawn last in the overlay
  roots.body[0]->addComponent(m_solidLayer);
  std::unique_ptr<SystemVisual> visual;
  try {
    visual = makeVisual(system, params, roots);
  } catch (...) {
    // keep the scene that was there
    for (Qt3DCore::QEntity* e : roots.body) delete e;
    delete roots.common;
    throw;
  }
  ++m_visualsBuilt;
  m_visual.reset();
  for (Qt3DCore::QEntity* e : m_roots.body) delete e;
  delete m_roots.common;
  m_roots = roots;
  m_visual = std::move(visual);
  m_system = system;
  m_params = params;
  m_layout = visualLayout(system, params);
  m_visual->setBodyAxesVisible(m_axesVisible);
  HudContent c = m_hud->content();
  c.caption = m_visual->caption();
  setHud(c);
}

void Qt3DSceneView::setPose(int run, const std::optional<Sample>& sample) {
  if (run < 0 || run >= int(m_runs.size())) return;
  const std::size_t i = std::size_t(run);
  if (!m_visual || !m_roots.body[i]) return;
  const bool show = sample.has_value() && drawable(*sample);
  if (show) {
    m_visual->setPose(i, *sample);
    m_posePoint[i] = m_visual->toScene(sample->position);
    m_poses[i] = sample;
  } else {
    m_posePoint[i].reset();
    m_poses[i].reset();
  }
  m_roots.body[i]->setEnabled(show);
  setHasData(i, show);
}

void Qt3DSceneView::setTrail(int run, const std::vector<Vector3d>& points) {
  if (run < 0 || run >= int(m_runs.size()) || !m_visual) return;
  const std::size_t i = std::size_t(run);
  const std::size_t first =
      points.size() > std::size_t(kTrailCapacity) ? points.size() - std::size_t(kTrailCapacity) : 0;
  std::vector<QVector3D>& pts = m_trailPoints[i];
  pts.clear();
  for (std::size_t k = first; k < points.size(); ++k)
    if (finitePoint(points[k])) pts.push_back(m_visual->toScene(points[k]));
  // fade from a pale tint (oldest) to the run's colour (newest), and thin towards the tail so
  // that a closed orbit's new lap covers the old one instead of flickering with it
  std::vector<QColor> colours(pts.size());
  const QColor bg = Shades::background(), c = m_runs[i].color;
  for (std::size_t k = 0; k < pts.size(); ++k) {
    const double t = double(k + 1) / double(pts.size());
    colours[k] = mix(bg, c, 0.18 + 0.82 * t * t);
  }
  m_trails[i]->setPath(pts, m_visual->trailRadius(), colours, 0.45f);
}

double Qt3DSceneView::trailMaxStep() const {
  return m_visual ? 0.5 * double(m_visual->scale()) : std::numeric_limits<double>::infinity();
}

Qt3DRender::QMaterial* Qt3DSceneView::arrowMaterial(const QColor& c) {
  const QColor colour = c.isValid() ? c : controlColor();
  auto it = m_arrowMaterials.find(colour.rgb());
  if (it != m_arrowMaterials.end()) return it->second;
  Qt3DRender::QMaterial* m = solidMaterial(colour, m_arrowRoot);
  m_arrowMaterials.emplace(colour.rgb(), m);
  return m;
}

void Qt3DSceneView::setArrows(const std::vector<SceneArrow>& arrows) {
  // a pool of arrows: grown when needed, the surplus hidden; rebuilt when a colour changes
  while (m_arrows.size() > arrows.size()) {
    delete m_arrows.back()->entity();
    m_arrows.pop_back();
  }
  m_arrowSpans.clear();
  HudContent c = m_hud->content();
  c.arrows.clear();
  const float s = m_visual ? m_visual->scale() : 1.0f;
  for (std::size_t k = 0; k < arrows.size(); ++k) {
    const SceneArrow& a = arrows[k];
    Qt3DRender::QMaterial* mat = arrowMaterial(a.color);
    if (k == m_arrows.size() || !m_arrows[k]->entity()->components().contains(mat)) {
      auto arrow = std::make_unique<Arrow>(m_arrowRoot, mat);
      if (k < m_arrows.size()) {
        delete m_arrows[k]->entity();
        m_arrows[k] = std::move(arrow);
      } else {
        m_arrows.push_back(std::move(arrow));
      }
    }
    if (!m_visual || !a.origin.allFinite() || !a.vector.allFinite()) {
      m_arrows[k]->setVisible(false);
      continue;
    }
    const QVector3D o = m_visual->toScene(a.origin);
    const QVector3D v = toQt(Vector3d(m_visual->frame() * a.vector));
    const float radius = std::clamp(0.03f * v.length(), 0.004f * s, 0.012f * s);
    m_arrows[k]->set(o, v, radius);
    m_arrowSpans.emplace_back(o, o + v);
    if (!a.label.isEmpty())
      c.arrows.emplace_back(a.color.isValid() ? a.color : controlColor(), a.label);
  }
  setHud(c);
}

void Qt3DSceneView::fitView() {
  if (!m_visual) return;
  const ViewHint& hint = m_visual->hint();
  // what the runs have drawn so far, beside the reach of the motion the visual expects
  std::vector<QVector3D> drawn;
  for (std::size_t i = 0; i < kRuns; ++i) {
    if (m_posePoint[i]) drawn.push_back(*m_posePoint[i]);
    drawn.insert(drawn.end(), m_trailPoints[i].begin(), m_trailPoints[i].end());
  }
  for (const auto& span : m_arrowSpans) {
    drawn.push_back(span.first);
    drawn.push_back(span.second);
  }
  Framing f;
  if (!hint.extent.empty()) {
    f.points = hint.extent;
    f.points.insert(f.points.end(), drawn.begin(), drawn.end());
  } else {
    f.centre = hint.centre;
    f.radius = hint.radius;
    for (const QVector3D& p : drawn)
      f.radius = std::max(f.radius, (p - hint.centre).length() * 1.05f);
  }
  applyFit(f);
}

void Qt3DSceneView::setBodyAxesVisible(bool on) {
  m_axesVisible = on;
  if (!m_visual) return;
  m_visual->setBodyAxesVisible(on);
  HudContent c = m_hud->content();
  c.caption = m_visual->caption();
  setHud(c);
}

void Qt3DSceneView::fitPoints(const std::vector<Vector3d>& points) {
  if (!m_visual) return;
  Framing f;
  for (const Vector3d& p : points)
    if (finitePoint(p)) f.points.push_back(m_visual->toScene(p));
  if (f.points.empty()) return fitView();
  // room for the bodies drawn around the points (a bob, a sphere of the dumbbell): each point
  // stands for a small box around it
  const float room = 0.08f * m_visual->scale();
  const std::size_t n = f.points.size();
  for (std::size_t i = 0; i < n; ++i)
    for (const QVector3D& d :
         {QVector3D(room, 0, 0), QVector3D(0, room, 0), QVector3D(0, 0, room)}) {
      f.points.push_back(f.points[i] + d);
      f.points.push_back(f.points[i] - d);
    }
  applyFit(f);
}

void Qt3DSceneView::applyFit(const Framing& framing) {
  m_fit = framing;
  const ViewHint& hint = m_visual->hint();
  // the framing fits a viewport, between the labels at its top and bottom
  const QSize g = grid();
  const float w = float(std::max(m_window->width(), 1)) / float(g.width());
  const float h = float(std::max(m_window->height(), 1)) / float(g.height());
  const HudBands bands = hudBands(m_hud->content(), m_window->width());
  CameraFrame frame;
  frame.azimuth = hint.azimuth;
  frame.elevation = hint.elevation;
  frame.fieldOfView = kFieldOfView;
  frame.aspect = w / h;
  frame.bandTop = float(bands.top) / h;
  frame.bandBottom = float(bands.bottom) / h;
  const CameraFit fit = framing.points.empty() ? fitSphere(framing.centre, framing.radius, frame)
                                               : ui::fitPoints(framing.points, frame);
  Orbit o;
  o.azimuth = hint.azimuth;
  o.elevation = hint.elevation;
  o.distance = fit.distance;
  o.target = fit.target;
  m_window->setDistanceRange(0.05f * o.distance, 20.0f * o.distance);
  m_window->setOrbit(o);
}

bool Qt3DSceneView::draws(const std::string& system) const { return hasVisual(system); }

bool Qt3DSceneView::antialiased() const { return m_window->format().samples() > 1; }

}  // namespace dms::ui::scene3d

namespace dms::ui {

std::unique_ptr<SceneView> createSceneView(QWidget* parent, const SceneOptions& options) {
  return std::make_unique<scene3d::Qt3DSceneView>(parent, options);
}

}  // namespace dms::ui
