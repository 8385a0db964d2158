// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/figurelayout.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QGuiApplication>
#include <QScreen>
#include <algorithm>
#include <cmath>

#include "ui/common/palette.h"
#include "ui/common/plotstyle.h"

namespace dms::ui {

QString wrapToWidth(const QString& text, const QFont& font, int width) {
  const QFontMetrics fm(font);
  QStringList lines;
  for (const QString& paragraph : text.split('\n')) {
    QString line;
    for (const QString& word : paragraph.split(' ', Qt::SkipEmptyParts)) {
      const QString longer = line.isEmpty() ? word : line + ' ' + word;
      if (!line.isEmpty() && fm.horizontalAdvance(longer) > width) {
        lines << line;
        line = word;
      } else {
        line = longer;
      }
    }
    lines << line;
  }
  return lines.join('\n');
}

double layoutDpi() {
  // what QFont's point sizes are measured at when no paint device is named
  if (const QScreen* screen = QGuiApplication::primaryScreen())
    return std::round(screen->logicalDotsPerInchY());
  return 100.0;  // Qt's own default without a screen
}

QSize printCanvas(QSizeF pagePt) {
  const double k = layoutDpi() / 72.0;
  return QSize(int(std::lround(pagePt.width() * k)), int(std::lround(pagePt.height() * k)));
}

FigureLayout::FigureLayout(QCustomPlot* plot, QSize canvas, double fontScale, double lineScale,
                           bool cursor, const QString& caption)
    : m_plot(plot) {
  if (QCPLayer* layer = plot->layer("cursor")) {
    m_cursorShown = layer->visible();
    layer->setVisible(m_cursorShown && cursor);
  }
  if (!caption.isEmpty()) {
    m_caption = new QCPTextElement(plot, caption, QFont(plot->font().family(), 8));
    m_caption->setTextColor(mutedTextColor());
    m_caption->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    m_caption->setMargins(QMargins(6, 2, 6, 4));
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount(), 0, m_caption);
    plot->plotLayout()->setRowStretchFactor(plot->plotLayout()->rowCount() - 1, 0.001);
  }
  PlotStyle::setScale(plot, fontScale, lineScale);
  // the text rows' lines, in the fonts just set, no wider than the page less their margins
  QCPTextElement* title = PlotStyle::title(plot);
  m_title = title->text();
  const int width = canvas.width();
  title->setText(wrapToWidth(m_title, title->font(), width - 12));
  if (m_caption) m_caption->setText(wrapToWidth(caption, m_caption->font(), width - 14));
  // as many legend entries a row as the width holds
  QCPLegend* legend = plot->legend;
  m_legendWrap = legend->wrap();
  int widestEntry = 0, entries = 0;
  for (int k = 0; k < legend->elementCount(); ++k)
    if (QCPLayoutElement* e = legend->elementAt(k)) {
      widestEntry = std::max(widestEntry, e->minimumOuterSizeHint().width());
      ++entries;
    }
  if (entries > 0) {
    const QMargins m = legend->margins();
    const int room = width - m.left() - m.right() + legend->columnSpacing();
    const int columns =
        std::clamp(room / std::max(1, widestEntry + legend->columnSpacing()), 1, entries);
    legend->setWrap(columns);
    legend->setFillOrder(legend->fillOrder(), true);
  }
  // a small page: the legend inside the axes' top right corner, over a veil, when the rows above
  // and below would leave the axes less than half the height (a figure for one column)
  const QFontMetrics fm(plot->xAxis->tickLabelFont());
  int rows = 2 * fm.height() + 16;  // the x axis's tick labels and label
  for (int k = 0; k < plot->plotLayout()->elementCount(); ++k)
    if (QCPLayoutElement* e = plot->plotLayout()->elementAt(k); e && e != plot->axisRect())
      rows += e->minimumOuterSizeHint().height();
  if (entries > 0 && canvas.height() - rows < canvas.height() / 2) {
    plot->plotLayout()->take(legend);
    plot->plotLayout()->simplify();
    plot->axisRect()->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    // the axes are narrower than the page: the columns that fit in three quarters of it
    const int inside = 3 * width / 4 + legend->columnSpacing();
    legend->setWrap(
        std::clamp(inside / std::max(1, widestEntry + legend->columnSpacing()), 1, entries));
    legend->setFillOrder(legend->fillOrder(), true);
    legend->setBrush(QColor(255, 255, 255, 215));
    // and tight: short line samples, no space between the rows
    m_legendLook = {legend->iconSize(), legend->margins(), legend->rowSpacing()};
    legend->setIconSize(QSize(fm.height() * 3 / 2, fm.height() / 2));
    legend->setMargins(QMargins(4, 2, 4, 2));
    legend->setRowSpacing(0);
    m_legendInside = true;
  }
  // margins around the axes as wide as the tick labels that overhang them (half the last x
  // label on the right, half the top y label above), not QCustomPlot's fixed 15 pixels
  m_margins = plot->axisRect()->minimumMargins();
  m_padding = {plot->xAxis->tickLabelPadding(), plot->xAxis->labelPadding()};
  int widest = 0;
  for (const QString& l : plot->xAxis->tickVectorLabels())
    widest = std::max(widest, fm.horizontalAdvance(l));
  plot->axisRect()->setMinimumMargins(
      QMargins(m_margins.left(), fm.height() / 2 + 2, widest / 2 + 4, m_margins.bottom()));
  for (QCPAxis* a : {plot->xAxis, plot->yAxis}) {
    a->setTickLabelPadding(3);
    a->setLabelPadding(2);
  }
}

FigureLayout::~FigureLayout() {
  QCPLegend* legend = m_plot->legend;
  if (m_legendInside) {
    m_plot->axisRect()->insetLayout()->take(legend);
    m_plot->plotLayout()->insertRow(1);
    m_plot->plotLayout()->addElement(1, 0, legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    legend->setBrush(Qt::NoBrush);
    legend->setIconSize(m_legendLook.icon);
    legend->setMargins(m_legendLook.margins);
    legend->setRowSpacing(m_legendLook.rowSpacing);
  }
  m_plot->axisRect()->setMinimumMargins(m_margins);
  for (QCPAxis* a : {m_plot->xAxis, m_plot->yAxis}) {
    a->setTickLabelPadding(m_padding.first);
    a->setLabelPadding(m_padding.second);
  }
  PlotStyle::setScale(m_plot, 1.0, 1.0);
  PlotStyle::title(m_plot)->setText(m_title);
  m_plot->legend->setWrap(m_legendWrap);
  m_plot->legend->setFillOrder(m_plot->legend->fillOrder(), true);
  if (m_caption) {
    m_plot->plotLayout()->remove(m_caption);
    m_plot->plotLayout()->simplify();
  }
  if (QCPLayer* layer = m_plot->layer("cursor")) layer->setVisible(m_cursorShown);
  m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace dms::ui
