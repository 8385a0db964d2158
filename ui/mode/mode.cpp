// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mode/mode.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDir>
#include <cmath>

#include "ui/common/exporter.h"
#include "ui/common/figurelayout.h"

namespace dms::ui {

Mode::Mode(const ModeContext& context, QObject* parent) : QObject(parent), m_context(context) {}

Mode::~Mode() = default;

QString ExportsPlots::csvContent() const {
  return QCoreApplication::translate("dms::ui::Mode", "time series");
}

QStringList ExportsPlots::plotFiles(const QString& dir, int index,
                                    const std::vector<ImageFormat>& formats,
                                    const QString& prefix) const {
  QStringList files;
  const std::vector<ExportPlot> plots = exportPlots();
  for (int i = 0; i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    for (ImageFormat f : formats)
      files << QDir(dir).filePath(prefix + plots[std::size_t(i)].name + "." + formatSuffix(f));
  }
  return files;
}

bool ExportsPlots::writePlots(const QString& dir, int index,
                              const std::vector<ImageFormat>& formats, QSize size, QString* error,
                              const QString& prefix, const FigureOptions& options) {
  if (!QDir().mkpath(dir)) {
    if (error)
      *error =
          QCoreApplication::translate("dms::ui::Mode", "Cannot create the folder '%1'").arg(dir);
    return false;
  }
  // a print size: the page in points, laid out in the units the fonts are measured in, and a
  // PNG of it at kPrintDpi
  const bool print = options.printCm.isValid();
  const QSize page = options.pageSize(size);
  const QSize canvas = print ? printCanvas(page) : page;
  prepareExport(print ? QSize(int(page.width() * FigureOptions::kPrintDpi / 72.0), page.height())
                      : page);
  const std::vector<ExportPlot> plots = exportPlots();
  const QString caption = options.caption ? figureCaption() : QString();
  bool ok = true;
  for (int i = 0; ok && i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    QCustomPlot* plot = plots[std::size_t(i)].plot;
    // the text and line sizes asked for, from the plot's own (the screen's) sizes; the options
    // apply to the files only: the window's plot is as it was after
    const double fontScale = options.textPt > 0 ? options.textPt / plot->font().pointSizeF() : 1.0;
    const FigureLayout layout(plot, canvas, fontScale, options.lineScale, options.cursor, caption);
    for (ImageFormat f : formats) {
      const QString path =
          QDir(dir).filePath(prefix + plots[std::size_t(i)].name + "." + formatSuffix(f));
      ok = print ? savePrint(plot, path, f, page, FigureOptions::kPrintDpi, error)
                 : savePlot(plot, path, f, page, error);
      if (!ok) break;
    }
  }
  finishExport();
  return ok;
}

QSize FigureOptions::pageSize(QSize pixels) const {
  if (!printCm.isValid()) return pixels;
  return QSize(int(std::lround(printCm.width() / 2.54 * 72.0)),
               int(std::lround(printCm.height() / 2.54 * 72.0)));
}

QString wrapWords(const QString& text, int width) {
  QStringList lines;
  QString line;
  for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
    if (!line.isEmpty() && line.size() + 1 + word.size() > width) {
      lines << line;
      line.clear();
    }
    line += (line.isEmpty() ? "" : " ") + word;
  }
  if (!line.isEmpty()) lines << line;
  return lines.join('\n');
}

}  // namespace dms::ui
