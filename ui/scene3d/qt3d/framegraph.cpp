// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/framegraph.h"

#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QLayer>
#include <Qt3DRender/QLayerFilter>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QTechniqueFilter>
#include <Qt3DRender/QViewport>
#include <algorithm>

#include "ui/common/palette.h"
#include "ui/scene3d/qt3d/systemvisual.h"

namespace dms::ui::scene3d {

FrameGraph::FrameGraph(Qt3DCore::QNode* root) {
  m_commonLayer = new Qt3DRender::QLayer(root);
  m_commonLayer->setRecursive(true);
  for (std::size_t i = 0; i < kRuns; ++i) {
    m_runLayer[i] = new Qt3DRender::QLayer(root);
    m_runLayer[i]->setRecursive(true);
  }
  m_noneLayer = new Qt3DRender::QLayer(root);
  m_solidLayer = new Qt3DRender::QLayer(root);
  m_solidLayer->setRecursive(true);
  m_hudLayer = new Qt3DRender::QLayer(root);
  m_hudLayer->setRecursive(true);
  m_lightLayer = new Qt3DRender::QLayer(root);
}

Qt3DRender::QFrameGraphNode* FrameGraph::build(QObject* surfaceObject, Qt3DRender::QCamera* camera,
                                               Qt3DRender::QCamera* hudCamera) {
  auto* surface = new Qt3DRender::QRenderSurfaceSelector;
  surface->setSurface(surfaceObject);
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
    cam->setCamera(camera);
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
  hudCam->setCamera(hudCamera);
  auto* hudLayers = new Qt3DRender::QLayerFilter(hudCam);
  hudLayers->addLayer(m_hudLayer);
  // the labels' quad (z = 0) before the time stamp's (z = 1): both blend without writing depth
  auto* hudSort = new Qt3DRender::QSortPolicy(hudLayers);
  hudSort->setSortTypes(
      QList<Qt3DRender::QSortPolicy::SortType>{Qt3DRender::QSortPolicy::BackToFront});
  m_capture = new Qt3DRender::QRenderCapture(hudSort);
  return surface;
}

void FrameGraph::layOut(QSize g, std::size_t runs, bool overlay) {
  // with no run, the first viewport shows the shared parts alone
  const std::size_t shown = std::max<std::size_t>(runs, 1);
  for (std::size_t i = 0; i < kRuns; ++i) {
    const bool on = overlay ? i == 0 : i < shown;
    const int c = int(i) % g.width(), r = int(i) / g.width();
    m_viewports[i]->setNormalizedRect(on ? QRectF(double(c) / g.width(), double(r) / g.height(),
                                                  1.0 / g.width(), 1.0 / g.height())
                                         : QRectF(0, 0, 0, 0));
    // a viewport without a run draws nothing: not even the shared parts
    QList<Qt3DRender::QLayer*> layers;
    if (on) layers << m_commonLayer;
    if (on && overlay)
      for (std::size_t k = 0; k < runs; ++k) layers << m_runLayer[k];
    else if (on && i < runs)
      layers << m_runLayer[i];
    setLayers(m_layerFilters[i], layers);
  }
  const QList<Qt3DRender::QLayer*> solid = {m_solidLayer}, lit = {m_solidLayer, m_lightLayer};
  setLayers(m_overlayDiscard, overlay ? solid : QList<Qt3DRender::QLayer*>());
  setLayers(m_solidFilter, overlay ? lit : QList<Qt3DRender::QLayer*>());
}

void FrameGraph::setLayers(Qt3DRender::QLayerFilter* filter,
                           const QList<Qt3DRender::QLayer*>& wanted) {
  const QList<Qt3DRender::QLayer*> layers =
      wanted.isEmpty() ? QList<Qt3DRender::QLayer*>{m_noneLayer} : wanted;
  if (filter->layers() == layers) return;
  for (Qt3DRender::QLayer* l : filter->layers()) filter->removeLayer(l);
  for (Qt3DRender::QLayer* l : layers) filter->addLayer(l);
}

}  // namespace dms::ui::scene3d
