// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Qt3D frame graph of the scene view: the render surface, one viewport per run through one
// shared camera, the layers that say which entities each viewport draws (the shared parts, a
// run's own, in the overlay every run's with the first run's body last), the labels on top and
// the capture of the finished frame.
#pragma once

#include <QList>
#include <QSize>
#include <array>
#include <cstddef>

#include "ui/scene3d/sceneview.h"

class QObject;

namespace Qt3DCore {
class QNode;
}

namespace Qt3DRender {
class QCamera;
class QFrameGraphNode;
class QLayer;
class QLayerFilter;
class QViewport;
class QRenderCapture;
}  // namespace Qt3DRender

namespace dms::ui::scene3d {

class FrameGraph {
 public:
  static constexpr std::size_t kRuns = std::size_t(SceneView::kMaxRuns);

  /// Makes the layers (children of `root`); build() makes the graph that filters by them.
  explicit FrameGraph(Qt3DCore::QNode* root);

  /// The graph drawing into `surface` (the 3D window): the scene through `camera`, the labels
  /// through `hudCamera`. Returns its root, for the window's active frame graph.
  Qt3DRender::QFrameGraphNode* build(QObject* surface, Qt3DRender::QCamera* camera,
                                     Qt3DRender::QCamera* hudCamera);
  /// Places the viewports on a grid of columns and rows and sets the layers each lets
  /// through, for `runs` runs shown side by side or, with `overlay`, all in the first viewport.
  void layOut(QSize grid, std::size_t runs, bool overlay);

  /// The parts every viewport draws (the system's fixed parts, the lights, the arrows).
  Qt3DRender::QLayer* commonLayer() const { return m_commonLayer; }
  /// A run's own entities (its body and trail).
  Qt3DRender::QLayer* runLayer(std::size_t run) const { return m_runLayer[run]; }
  /// The labels, drawn on top through the labels' camera.
  Qt3DRender::QLayer* hudLayer() const { return m_hudLayer; }
  /// The first run's body (its root): drawn after everything else in the overlay.
  Qt3DRender::QLayer* solidLayer() const { return m_solidLayer; }
  /// The lights alone, for the overlay's pass that draws the first run's body last.
  Qt3DRender::QLayer* lightLayer() const { return m_lightLayer; }
  /// The capture node, the graph's last leaf (it reads the finished frame).
  Qt3DRender::QRenderCapture* capture() const { return m_capture; }

 private:
  /// The layers a filter matches (none: m_noneLayer alone, which no entity has).
  void setLayers(Qt3DRender::QLayerFilter* filter, const QList<Qt3DRender::QLayer*>& layers);

  Qt3DRender::QLayer* m_commonLayer = nullptr;
  std::array<Qt3DRender::QLayer*, kRuns> m_runLayer = {};
  Qt3DRender::QLayer* m_hudLayer = nullptr;
  // a layer no entity has: a layer filter with it alone lets nothing through
  Qt3DRender::QLayer* m_noneLayer = nullptr;
  Qt3DRender::QLayer* m_solidLayer = nullptr;
  Qt3DRender::QLayer* m_lightLayer = nullptr;
  // the first viewport's filters that draw the first run's body last in the overlay
  Qt3DRender::QLayerFilter* m_overlayDiscard = nullptr;
  Qt3DRender::QLayerFilter* m_solidFilter = nullptr;
  std::array<Qt3DRender::QViewport*, kRuns> m_viewports = {};
  std::array<Qt3DRender::QLayerFilter*, kRuns> m_layerFilters = {};
  Qt3DRender::QRenderCapture* m_capture = nullptr;
};

}  // namespace dms::ui::scene3d
