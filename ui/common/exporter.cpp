// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/exporter.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <cmath>

#include "core/version.h"
#include "ui/common/figurelayout.h"

namespace dms::ui {

namespace {

bool openForWrite(QSaveFile& f, QString* error) {
  if (f.open(QIODevice::WriteOnly)) return true;
  if (error) *error = QObject::tr("Cannot write '%1': %2").arg(f.fileName(), f.errorString());
  return false;
}

bool finish(QSaveFile& f, QString* error) {
  if (f.commit()) return true;
  if (error) *error = QObject::tr("Writing '%1' failed: %2").arg(f.fileName(), f.errorString());
  return false;
}

// the title row PlotStyle::apply puts first, else the plot's object name
QString plotTitle(QCustomPlot* plot) {
  QCPLayoutGrid* layout = plot->plotLayout();
  auto* title = layout->elementCount() > 0 && layout->rowCount() > 0
                    ? qobject_cast<QCPTextElement*>(layout->element(0, 0))
                    : nullptr;
  return title && !title->text().isEmpty() ? title->text() : plot->objectName();
}

}  // namespace

bool saveFile(const QString& path, const std::function<QString(QIODevice&)>& write,
              QString* error) {
  QSaveFile file(path);
  if (!openForWrite(file, error)) return false;
  const QString failure = write(file);
  if (!failure.isEmpty()) {
    if (error) *error = failure;
    file.cancelWriting();
    file.commit();
    return false;
  }
  return finish(file, error);
}

bool saveText(const QString& path, const std::string& text, QString* error) {
  return saveFile(
      path,
      [&text](QIODevice& file) {
        return file.write(text.data(), qint64(text.size())) == qint64(text.size())
                   ? QString()
                   : file.errorString();
      },
      error);
}

QString formatSuffix(ImageFormat f) {
  switch (f) {
    case ImageFormat::Png:
      return "png";
    case ImageFormat::Svg:
      return "svg";
    case ImageFormat::Pdf:
      return "pdf";
  }
  return {};
}

bool formatFromPath(const QString& path, ImageFormat* f) {
  const QString s = QFileInfo(path).suffix().toLower();
  for (ImageFormat x : {ImageFormat::Png, ImageFormat::Svg, ImageFormat::Pdf}) {
    if (s == formatSuffix(x)) {
      *f = x;
      return true;
    }
  }
  return false;
}

namespace {

// `plot` laid out on `canvas` and drawn into `file`: a PNG of `png` pixels, or a PDF or SVG page
// of `canvas` at `dpi` (72: a pixel of the canvas is a point of the page)
QString render(QCustomPlot* plot, QIODevice& file, const QString& path, ImageFormat f, QSize canvas,
               QSize png, double dpi) {
  bool ok = true;
  QCPPainter painter;
  if (f == ImageFormat::Png) {
    QPixmap pm(png);
    pm.fill(Qt::white);
    ok = painter.begin(&pm);
    if (ok) {
      if (png != canvas) {
        painter.setMode(QCPPainter::pmNonCosmetic);
        painter.scale(double(png.width()) / canvas.width(), double(png.height()) / canvas.height());
      }
      plot->toPainter(&painter, canvas.width(), canvas.height());
      ok = painter.end() && pm.save(&file, "PNG");
    }
  } else if (f == ImageFormat::Svg) {
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setResolution(int(std::lround(dpi)));
    svg.setSize(canvas);
    svg.setViewBox(QRect(QPoint(0, 0), canvas));
    svg.setTitle(plotTitle(plot));
    svg.setDescription("Discrete Mechanics Studio " DMS_VERSION);
    ok = painter.begin(&svg);
    if (ok) {
      painter.setMode(QCPPainter::pmVectorized);
      plot->toPainter(&painter, canvas.width(), canvas.height());
      ok = painter.end();
    }
  } else {
    QPdfWriter pdf(&file);
    pdf.setCreator("Discrete Mechanics Studio " DMS_VERSION);
    pdf.setTitle(plotTitle(plot));
    pdf.setResolution(int(std::lround(dpi)));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    const QSizeF points(canvas.width() * 72.0 / dpi, canvas.height() * 72.0 / dpi);
    pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    ok = painter.begin(&pdf);
    if (ok) {
      painter.setMode(QCPPainter::pmVectorized);
      plot->toPainter(&painter, canvas.width(), canvas.height());
      ok = painter.end();
    }
  }
  return ok ? QString() : QObject::tr("Rendering '%1' failed").arg(path);
}

bool sizeInRange(QSize size, QString* error) {
  if (size.width() >= 16 && size.height() >= 16 && size.width() <= 20000 && size.height() <= 20000)
    return true;
  if (error)
    *error = QObject::tr("Export size %1 x %2 is outside 16..20000 pixels")
                 .arg(size.width())
                 .arg(size.height());
  return false;
}

}  // namespace

bool savePlot(QCustomPlot* plot, const QString& path, ImageFormat f, QSize size, QString* error,
              double pngScale) {
  if (!sizeInRange(size, error)) return false;
  const QSize png(int(std::lround(size.width() * pngScale)),
                  int(std::lround(size.height() * pngScale)));
  return saveFile(
      path, [&](QIODevice& file) { return render(plot, file, path, f, size, png, 72.0); }, error);
}

bool savePrint(QCustomPlot* plot, const QString& path, ImageFormat f, QSizeF pagePt, double pngDpi,
               QString* error) {
  const QSize canvas = printCanvas(pagePt);
  const QSize png(int(pagePt.width() * pngDpi / 72.0), int(pagePt.height() * pngDpi / 72.0));
  if (!sizeInRange(canvas, error) || !sizeInRange(png, error)) return false;
  return saveFile(
      path, [&](QIODevice& file) { return render(plot, file, path, f, canvas, png, layoutDpi()); },
      error);
}

QImage fitImage(const QImage& image, QSize size) {
  if (image.size() == size) return image;
  QImage canvas(size, QImage::Format_RGB32);
  canvas.fill(image.isNull() ? QColor(Qt::white) : image.pixelColor(0, 0));
  if (image.isNull()) return canvas;
  const QImage scaled = image.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
  QPainter(&canvas).drawImage(
      QPoint((size.width() - scaled.width()) / 2, (size.height() - scaled.height()) / 2), scaled);
  return canvas;
}

int sceneBandHeight(QSize size, bool withPlots) {
  return withPlots ? size.height() * 3 / 5 : size.height();
}

QImage plotRow(const std::vector<QCustomPlot*>& plots, QSize size) {
  QImage row(size, QImage::Format_RGB32);
  row.fill(Qt::white);
  QPainter painter(&row);
  const int n = int(plots.size());
  for (int i = 0; i < n; ++i) {
    const int x0 = size.width() * i / n, x1 = size.width() * (i + 1) / n;
    if (x1 - x0 < 16 || size.height() < 16) continue;
    painter.drawPixmap(QPoint(x0, 0), plots[std::size_t(i)]->toPixmap(x1 - x0, size.height()));
  }
  return row;
}

QImage sceneAndPlots(const QImage& scene, const QImage& plots, QSize size) {
  QImage frame(size, QImage::Format_RGB32);
  frame.fill(Qt::white);
  QPainter painter(&frame);
  const int sceneHeight = scene.isNull() ? 0 : sceneBandHeight(size, !plots.isNull());
  // the whole picture (the method cards at its top, the time stamp at its foot), as large as
  // the band holds, the band's sides in the scene's own background
  if (sceneHeight > 0)
    painter.drawImage(QPoint(0, 0), fitImage(scene, QSize(size.width(), sceneHeight)));
  if (!plots.isNull()) painter.drawImage(QPoint(0, sceneHeight), plots);
  return frame;
}

bool savePng(const QImage& image, const QString& path, QString* error) {
  if (path.isEmpty()) {
    if (error) *error = QObject::tr("No file name to write the PNG to");
    return false;
  }
  if (image.isNull()) {
    if (error) *error = QObject::tr("No image to write to '%1'").arg(path);
    return false;
  }
  return saveFile(
      path,
      [&](QIODevice& file) {
        return image.save(&file, "PNG") ? QString()
                                        : QObject::tr("Encoding '%1' as PNG failed").arg(path);
      },
      error);
}

}  // namespace dms::ui
