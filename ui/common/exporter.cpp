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

#include "core/version.h"

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

bool savePlot(QCustomPlot* plot, const QString& path, ImageFormat f, QSize size, QString* error,
              double pngScale) {
  if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
    if (error)
      *error = QObject::tr("Export size %1 x %2 is outside 16..20000 pixels")
                   .arg(size.width())
                   .arg(size.height());
    return false;
  }
  return saveFile(
      path,
      [&](QIODevice& file) {
        bool ok = true;
        if (f == ImageFormat::Png) {
          const QPixmap pm = plot->toPixmap(size.width(), size.height(), pngScale);
          ok = pm.save(&file, "PNG");
        } else if (f == ImageFormat::Svg) {
          QSvgGenerator svg;
          svg.setOutputDevice(&file);
          svg.setSize(size);
          svg.setViewBox(QRect(QPoint(0, 0), size));
          svg.setTitle(plotTitle(plot));
          svg.setDescription("Discrete Mechanics Studio " DMS_VERSION);
          QCPPainter painter;
          ok = painter.begin(&svg);
          if (ok) {
            painter.setMode(QCPPainter::pmVectorized);
            plot->toPainter(&painter, size.width(), size.height());
            ok = painter.end();
          }
        } else {
          QPdfWriter pdf(&file);
          pdf.setCreator("Discrete Mechanics Studio " DMS_VERSION);
          pdf.setTitle(plotTitle(plot));
          pdf.setResolution(72);  // one pixel of the size is one point of the page
          pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
          pdf.setPageSize(
              QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
          QCPPainter painter;
          ok = painter.begin(&pdf);
          if (ok) {
            painter.setMode(QCPPainter::pmVectorized);
            plot->toPainter(&painter, size.width(), size.height());
            ok = painter.end();
          }
        }
        return ok ? QString() : QObject::tr("Rendering '%1' failed").arg(path);
      },
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
