// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Pictures of the window for files: a widget grab() does not see the 3D window, so the 3D
// view's own capture (SceneView::capture) is drawn into the grab where the view is.
#pragma once

#include <QSize>
#include <QString>
#include <functional>

class QImage;

class QWidget;

namespace dms::ui {

class SceneView;

/// The picture of `window` (with the 3D view drawn in when `withScene`), passed to `done` with why
/// the 3D view is missing when its capture failed.
void grabWindow(QWidget* window, SceneView* scene, bool withScene,
                std::function<void(const QImage& image, const QString& error)> done);
/// Writes a PNG of `window` (with the 3D view drawn in when `withScene`); calls `done` with
/// false and why when the capture or the write failed (the grab is still written when only the
/// capture failed).
void saveWindowShot(QWidget* window, SceneView* scene, bool withScene, const QString& path,
                    std::function<void(bool ok, QString error)> done);
/// A picture of the 3D view alone for a figure: never the camera's help line.
struct SceneShotOptions {
  QSize size;          ///< invalid: the view's own size; else fitted in (ui/common/exporter.h)
  bool labels = true;  ///< the runs' cards, the caption and the arrows' legend
};
/// Writes a PNG of the 3D view alone.
void saveSceneShot(QWidget* context, SceneView* scene, const QString& path,
                   std::function<void(bool ok, QString error)> done,
                   const SceneShotOptions& options = {});
/// File > Export 3D view as PNG: the file, the size (the view's own proposed) and the labels
/// (remembered), then the PNG, reported through `report(ok, message)`.
void showSceneShotDialog(QWidget* parent, SceneView* scene, const QString& proposedPath,
                         std::function<void(bool ok, const QString& message)> report);

}  // namespace dms::ui
