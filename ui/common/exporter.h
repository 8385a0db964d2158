// Writing plots, images and time series to files. Every write goes to a temporary file that is
// renamed over the target (QSaveFile), so a failed export never leaves a partial file.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>
#include <vector>

#include "core/sim/model.h"
#include "core/sim/runstore.h"

class QCustomPlot;

namespace dms::ui {

enum class ImageFormat { Png, Svg, Pdf };

QString formatSuffix(ImageFormat f);
/// The format a file name asks for ("png", "svg", "pdf", any case); false when none.
bool formatFromPath(const QString& path, ImageFormat* f);

/// Renders a plot at `size` pixels (points for PDF) into `path`; false and `error` on failure.
bool savePlot(QCustomPlot* plot, const QString& path, ImageFormat f, QSize size, QString* error);
/// Writes an image as PNG.
bool savePng(const QImage& image, const QString& path, QString* error);
/// Writes the kept samples of every run as CSV: method, t, energy, energy_dev, structure,
/// structure2, L1..L3, x, y, z (one row per sample; long runs at the playback buffer's stride).
bool saveCsv(const QString& path, const std::vector<RunStore>& stores,
             const std::vector<Method>& methods, QString* error);

}  // namespace dms::ui
