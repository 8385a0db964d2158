// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/qt3dsceneview.h"

#include <QImage>
#include <QSurfaceFormat>
#include <QTimer>
#include <QWidget>
#include <Qt3DCore/QEntity>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QDirectionalLight>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSettings>
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
  // (the renderer is chosen once per process, before the first window: prepareSceneProcess)
  m_window = new SceneWindow;
  // Qt3DWindow asks for 4 samples, for itself and as the default format, which the renderer's
  // OpenGL context takes: without antialiasing both ask for none (the window alone is not
  // enough). Every Qt3DWindow sets that default when it is made, so this follows it here.
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
  m_graph = std::make_unique<FrameGraph>(m_root);
  m_commonRoot = new Qt3DCore::QEntity(m_root);
  m_commonRoot->addComponent(m_graph->commonLayer());
  m_arrowRoot = new Qt3DCore::QEntity(m_commonRoot);
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_runRoot[i] = new Qt3DCore::QEntity(m_root);
    m_runRoot[i]->addComponent(m_graph->runLayer(i));
  }
  m_paths = std::make_unique<RunPaths>(m_runRoot, m_arrowRoot);
  auto* hudRoot = new Qt3DCore::QEntity(m_root);
  hudRoot->addComponent(m_graph->hudLayer());
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
  keyEntity->addComponent(m_graph->lightLayer());
  fillEntity->addComponent(m_graph->lightLayer());

  m_window->setActiveFrameGraph(m_graph->build(m_window, m_camera, m_hudCamera));
  m_capture = m_graph->capture();
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

QSize Qt3DSceneView::grid() const {
  if (m_overlay) return QSize(1, 1);
  // the labels' room as on two rows, whatever the grid is now: the choice does not feed back
  HudContent c = m_hud->content();
  c.grid = QSize(2, 2);
  const HudBands b = hudBands(c, m_window->width());
  return viewportGrid(int(m_runs.size()), QSizeF(m_window->size()), b.top + b.bottom);
}

void Qt3DSceneView::layOut() {
  const QSize g = grid();
  m_graph->layOut(g, m_runs.size(), m_overlay);
  for (std::size_t i = 0; i < kRuns; ++i) m_runRoot[i]->setEnabled(i < m_runs.size());
  HudContent c = m_hud->content();
  c.grid = g;
  c.overlay = m_overlay;
  c.runs.resize(m_runs.size());
  for (std::size_t i = 0; i < m_runs.size(); ++i)
    c.runs[i] = {m_runs[i].title, m_runs[i].subtitle, m_runs[i].color, c.runs[i].hasData};
  setHud(c);
  onResized();
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
    if (show) placeBody(i, *m_poses[i]);
    m_roots.body[i]->setEnabled(show);
  }
}

int Qt3DSceneView::nodeCount() const {
  return int(m_root->findChildren<Qt3DCore::QNode*>().size());
}

void Qt3DSceneView::onResized() {
  // four runs go in a row or on two rows as the window's shape suits them
  if (grid() != m_hud->content().grid) return layOut();
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
  m_paths->clearTrails();
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
  const bool same = m_visual && system == m_system;
  std::vector<double> layout;
  if (same) layout = visualLayout(system, params);
  if (same && (layout == m_layout || m_visual->relayout(params))) {
    // or only sizes changed, which the visual takes in place (a slider of the geometry
    // dragged: a new visual at each step would not be drawn before the next)
    m_params = params;
    m_layout = std::move(layout);
    clearPaths();
    restorePoses();
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
  roots.body[0]->addComponent(m_graph->solidLayer());
  std::unique_ptr<SystemVisual> visual;
  try {
    visual = makeVisual(system, params, roots);
  } catch (...) {
    // keep the scene that was there
    for (Qt3DCore::QEntity* e : roots.body) deleteTree(e);
    deleteTree(roots.common);
    throw;
  }
  ++m_visualsBuilt;
  m_visual.reset();
  for (Qt3DCore::QEntity* e : m_roots.body) deleteTree(e);
  deleteTree(m_roots.common);
  m_roots = roots;
  m_visual = std::move(visual);
  m_system = system;
  m_params = params;
  m_layout = visualLayout(system, params);
  m_visual->setBodyAxesVisible(m_axesVisible);
  HudContent c = m_hud->content();
  c.caption = m_visual->caption();
  setHud(c);
  drawReference();  // through the new visual's frame
}

void Qt3DSceneView::placeBody(std::size_t run, const Sample& sample) {
  // a system without a drawing has a placeholder with no body to place
  if (auto* bodies = dynamic_cast<BodyVisual*>(m_visual.get())) bodies->setPose(run, sample);
}

void Qt3DSceneView::setPose(int run, const std::optional<Sample>& sample) {
  if (run < 0 || run >= int(m_runs.size())) return;
  const std::size_t i = std::size_t(run);
  if (!m_visual || !m_roots.body[i]) return;
  const bool show = sample.has_value() && drawable(*sample);
  if (show) {
    placeBody(i, *sample);
    m_paths->setPosePoint(i, m_visual->trackedPoint(sample->position));
    m_poses[i] = sample;
  } else {
    m_paths->setPosePoint(i, std::nullopt);
    m_poses[i].reset();
  }
  m_roots.body[i]->setEnabled(show);
  setHasData(i, show);
}

void Qt3DSceneView::setTrail(int run, const std::vector<Vector3d>& points) {
  if (run < 0 || run >= int(m_runs.size()) || !m_visual) return;
  m_paths->setTrail(std::size_t(run), points, *m_visual, m_runs[std::size_t(run)].color);
}

double Qt3DSceneView::trailMaxStep() const {
  return m_visual ? 0.5 * double(m_visual->scale()) : std::numeric_limits<double>::infinity();
}

void Qt3DSceneView::setReference(const std::vector<Vector3d>& points) {
  m_referencePoints = points;
  drawReference();
}

void Qt3DSceneView::drawReference() {
  if (!m_reference)
    m_reference = std::make_unique<LineSet>(m_commonRoot, LineSet::Kind::Strip, kReferenceCapacity);
  if (!m_visual || m_referencePoints.size() < 2) return m_reference->clear();
  std::vector<QVector3D> pts;
  for (const Vector3d& p : m_referencePoints) pts.push_back(m_visual->toScene(p));
  m_reference->set(pts, std::vector<QColor>(pts.size(), Shades::dark()));
}

void Qt3DSceneView::setArrows(const std::vector<SceneArrow>& arrows) {
  HudContent c = m_hud->content();
  c.arrows = m_paths->setArrows(arrows, m_visual.get());
  setHud(c);
}

void Qt3DSceneView::fitView() {
  if (!m_visual) return;
  const ViewHint& hint = m_visual->hint();
  // what the runs have drawn so far, beside the reach of the motion the visual expects
  const std::vector<QVector3D> drawn = m_paths->drawn();
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
  // points that all lie within that box (a free body at rest, before a solve) frame nothing but
  // the body itself, filling the view with it: the motion the visual expects is framed instead
  float span = 0.0f;
  for (const QVector3D& q : f.points) span = std::max(span, (q - f.points.front()).length());
  if (span <= room) return fitView();
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

void prepareSceneProcess() {
  // Qt 6.4's RHI renderer ignores our clear colour and returns captures upside down; the
  // OpenGL renderer draws our frame graph as written. An explicit choice by the user wins.
  if (!qEnvironmentVariableIsSet("QT3D_RENDERER")) qputenv("QT3D_RENDERER", "opengl");
}

std::unique_ptr<SceneView> createSceneView(QWidget* parent, const SceneOptions& options) {
  return std::make_unique<scene3d::Qt3DSceneView>(parent, options);
}

}  // namespace dms::ui
