// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/mode/mode.h"

#include <qcustomplot.h>

#include <QDir>
#include <cmath>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

Mode::Mode(const ModeContext& context, QObject* parent) : QObject(parent), m_context(context) {}

Mode::~Mode() = default;

void Mode::applyChoice(const std::string& name, const std::string&) {
  throw InputError("unknown option '" + name + "'");
}

QStringList Mode::plotFiles(const QString& dir, int index, const std::vector<ImageFormat>& formats,
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

bool Mode::writePlots(const QString& dir, int index, const std::vector<ImageFormat>& formats,
                      QSize size, QString* error, const QString& prefix,
                      const FigureOptions& options) {
  if (!QDir().mkpath(dir)) {
    if (error) *error = tr("Cannot create the folder '%1'").arg(dir);
    return false;
  }
  // a print size: the page in points, a PNG of it at kPrintDpi
  const QSize page = options.pageSize(size);
  const double pngScale = options.printCm.isValid() ? FigureOptions::kPrintDpi / 72.0 : 1.0;
  prepareExport(QSize(int(page.width() * pngScale), page.height()));
  const std::vector<ExportPlot> plots = exportPlots();
  const QString caption = options.caption ? wrapWords(figureCaption(), 110) : QString();
  bool ok = true;
  for (int i = 0; ok && i < int(plots.size()); ++i) {
    if (index >= 0 && i != index) continue;
    QCustomPlot* plot = plots[std::size_t(i)].plot;
    // the options apply to the files only: the window's plot is as it was after
    QCPLayer* cursor = plot->layer("cursor");
    const bool cursorShown = cursor && cursor->visible();
    if (cursor) cursor->setVisible(cursorShown && options.cursor);
    QCPTextElement* under = nullptr;
    if (!caption.isEmpty()) {
      under = new QCPTextElement(plot, caption, QFont(plot->font().family(), 8));
      under->setTextColor(mutedTextColor());
      under->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
      under->setMargins(QMargins(12, 4, 12, 6));
      plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, under);
    }
    // the text and line sizes asked for, from the plot's own (the screen's) sizes
    const double fontScale = options.textPt > 0 ? options.textPt / plot->font().pointSizeF() : 1.0;
    PlotStyle::setScale(plot, fontScale, options.lineScale);
    for (ImageFormat f : formats) {
      ok = savePlot(plot,
                    QDir(dir).filePath(prefix + plots[std::size_t(i)].name + "." + formatSuffix(f)),
                    f, page, error, pngScale);
      if (!ok) break;
    }
    PlotStyle::setScale(plot, 1.0, 1.0);
    if (under) {
      plot->plotLayout()->remove(under);
      plot->plotLayout()->simplify();
    }
    if (cursor) cursor->setVisible(cursorShown);
    plot->replot(QCustomPlot::rpQueuedReplot);
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
