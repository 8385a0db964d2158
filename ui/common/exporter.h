// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writing plots, images and tables to files. Every write goes to a temporary file that is
// renamed over the target (QSaveFile), so a failed export never leaves a partial file.
#pragma once

#include <QImage>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <functional>
#include <string>
#include <vector>

class QCustomPlot;
class QIODevice;

namespace dms::ui {

enum class ImageFormat { Png, Svg, Pdf };

QString formatSuffix(ImageFormat f);
/// The format a file name asks for ("png", "svg", "pdf", any case); false when none.
bool formatFromPath(const QString& path, ImageFormat* f);

/// Renders a plot at `size` pixels (points for PDF and SVG) into `path`; a PNG with
/// `pngScale` > 1 has that many more pixels (the same layout: a print resolution). False and
/// `error` on failure.
bool savePlot(QCustomPlot* plot, const QString& path, ImageFormat f, QSize size, QString* error,
              double pngScale = 1.0);
/// Renders a plot for a page of `pagePt` points, laid out in the units fonts are measured in
/// (printCanvas), so that its text has its point size on paper: a PDF or SVG page of that size,
/// or a PNG of it at `pngDpi`. False and `error` on failure.
bool savePrint(QCustomPlot* plot, const QString& path, ImageFormat f, QSizeF pagePt, double pngDpi,
               QString* error);
/// The image scaled to `size` with its aspect kept, centred, the margin filled with the colour of
/// its top-left pixel (a background); the image itself when it has that size already.
QImage fitImage(const QImage& image, QSize size);
/// A video frame filmed from the scene and the plots alone (no panel, menus, playback bar or
/// table, no margin): the 3D view's picture across the top band, sceneBandHeight() high (three
/// fifths of the frame with plots, all of it without), and the plots' row under it.
int sceneBandHeight(QSize size, bool withPlots);
/// `plots` side by side in an image of `size`, each drawn at its cell's size.
QImage plotRow(const std::vector<QCustomPlot*>& plots, QSize size);
/// The frame of `size`: `scene` whole in its band (fitImage: the sides in its background colour),
/// `plots` (a plotRow of the rest of the height, or null) under it. A null `scene`: the plots
/// alone.
QImage sceneAndPlots(const QImage& scene, const QImage& plots, QSize size);
/// Writes an image as PNG.
bool savePng(const QImage& image, const QString& path, QString* error);
/// Writes `path` through a temporary file: `write` fills it and returns why it failed (empty
/// when it did not). False and `error`, which names the file, on any failure.
bool saveFile(const QString& path, const std::function<QString(QIODevice&)>& write, QString* error);
/// Writes `text` to `path` as saveFile does.
bool saveText(const QString& path, const std::string& text, QString* error);

}  // namespace dms::ui
