// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A plot laid out for a file (File > Export plots): its text at the size asked for, the title and
// the caption broken into lines the page's width holds, the legend in as many columns as fit,
// and the cursor shown or not; and a page for a paper, laid out in the units the fonts are
// measured in, so that a text of 8 pt is 8 pt on the printed page.
#pragma once

#include <QFont>
#include <QList>
#include <QMargins>
#include <QSize>
#include <QSizeF>
#include <QString>
#include <utility>

class QCustomPlot;
class QCPTextElement;

namespace dms::ui {

/// `text` broken at spaces (and at its own line breaks) into lines no wider than `width` pixels
/// in `font`; a word wider than that stays whole on its own line.
QString wrapToWidth(const QString& text, const QFont& font, int width);

/// The resolution fonts are measured and laid out at (the screen's logical dots per inch, 96
/// under Xvfb): a canvas of a page of P points is P x this / 72 of those pixels.
double layoutDpi();
/// The canvas a page of `pagePt` points is laid out on (layoutDpi() pixels an inch).
QSize printCanvas(QSizeF pagePt);

/// While it lives, `plot` is laid out for a file of `canvas` pixels: text scaled by `fontScale`,
/// pens by `lineScale`, the cursor layer shown or hidden, `caption` (if any) under the axes;
/// the title and the caption wrapped to the canvas's width, the legend's columns as many as the
/// width holds. The destructor gives the plot back as it was.
class FigureLayout {
 public:
  FigureLayout(QCustomPlot* plot, QSize canvas, double fontScale, double lineScale, bool cursor,
               const QString& caption);
  ~FigureLayout();
  FigureLayout(const FigureLayout&) = delete;
  FigureLayout& operator=(const FigureLayout&) = delete;

 private:
  QCustomPlot* m_plot;
  QCPTextElement* m_caption = nullptr;
  QString m_title;
  int m_legendWrap = 0;
  bool m_cursorShown = false;
  bool m_legendInside = false;
  struct {
    QSize icon;
    QMargins margins;
    int rowSpacing = 0;
  } m_legendLook;
  QMargins m_margins;
  std::pair<int, int> m_padding;  // the axes' tick label and label padding
};

}  // namespace dms::ui
