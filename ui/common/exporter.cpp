#include "ui/common/exporter.h"

#include <qcustomplot.h>

#include <QFileInfo>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QTextStream>
#include <cmath>

#include "core/params.h"

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

}  // namespace

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

bool savePlot(QCustomPlot* plot, const QString& path, ImageFormat f, QSize size, QString* error) {
  if (size.width() < 16 || size.height() < 16 || size.width() > 20000 || size.height() > 20000) {
    if (error)
      *error = QObject::tr("Export size %1 x %2 is outside 16..20000 pixels")
                   .arg(size.width())
                   .arg(size.height());
    return false;
  }
  QSaveFile file(path);
  if (!openForWrite(file, error)) return false;
  bool ok = true;
  if (f == ImageFormat::Png) {
    const QPixmap pm = plot->toPixmap(size.width(), size.height(), 1.0);
    ok = pm.save(&file, "PNG");
  } else if (f == ImageFormat::Svg) {
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(plot->objectName());
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
    pdf.setResolution(72);  // one pixel of the size is one point of the page
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
    QCPPainter painter;
    ok = painter.begin(&pdf);
    if (ok) {
      painter.setMode(QCPPainter::pmVectorized);
      plot->toPainter(&painter, size.width(), size.height());
      ok = painter.end();
    }
  }
  if (!ok) {
    if (error) *error = QObject::tr("Rendering '%1' failed").arg(path);
    file.cancelWriting();
    file.commit();
    return false;
  }
  return finish(file, error);
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
  QSaveFile file(path);
  if (!openForWrite(file, error)) return false;
  if (!image.save(&file, "PNG")) {
    if (error) *error = QObject::tr("Encoding '%1' as PNG failed").arg(path);
    file.cancelWriting();
    file.commit();
    return false;
  }
  return finish(file, error);
}

bool saveCsv(const QString& path, const std::vector<RunStore>& stores,
             const std::vector<Method>& methods, QString* error) {
  QSaveFile file(path);
  if (!openForWrite(file, error)) return false;
  QTextStream out(&file);
  out.setRealNumberPrecision(17);
  out << "method,t,energy,energy_dev,structure,structure2,L1,L2,L3,x,y,z\n";
  for (std::size_t r = 0; r < stores.size() && r < methods.size(); ++r) {
    const RunStore& st = stores[r];
    const QString name = QString::fromStdString(methodName(methods[r]));
    const auto row = [&](const Sample& s) {
      out << name << ',' << s.t << ',' << s.energy << ',' << std::fabs(s.energy - st.energy0())
          << ',' << s.structure << ',' << s.structure2 << ',' << s.momentum.x() << ','
          << s.momentum.y() << ',' << s.momentum.z() << ',' << s.position.x() << ','
          << s.position.y() << ',' << s.position.z() << '\n';
    };
    for (const Sample& s : st.playback()) row(s);
    // the latest sample, unless the buffer already ends with it
    if (!st.empty() && (st.playback().empty() || st.playback().back().t != st.last().t))
      row(st.last());
  }
  out.flush();
  if (out.status() != QTextStream::Ok) {
    if (error) *error = QObject::tr("Writing '%1' failed").arg(path);
    file.cancelWriting();
    file.commit();
    return false;
  }
  return finish(file, error);
}

}  // namespace dms::ui
