// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Draws a plain figure (core/studies/figure.h: curves and points on linear or log axes, with a
// title, axis labels and a caption) on one of the app's plots. The Analysis mode's studies build
// figures in a worker thread and show them with this; `dmsim figures` draws the same ones
// offscreen into files.
#pragma once

#include <QColor>
#include <QString>
#include <cstddef>

#include "core/studies/figure.h"

class QCustomPlot;

namespace dms::ui {

/// A figure's colour and line style as Qt draws them.
inline QColor toQColor(Rgb c) { return QColor::fromRgb(QRgb(c)); }
Qt::PenStyle toPenStyle(Pen p);

/// Draws `f` on a plot styled by PlotStyle::apply, replacing what it showed: title, labels,
/// axes, curves, ranges; with `caption`, its caption as a line under the axes (once per plot).
/// Points a log axis cannot show (zero, negative) and non-finite ones are left out, and the
/// caption says how many. Replots. Returns the number of points left out.
std::size_t drawFigure(QCustomPlot* plot, const Figure& f, bool caption);
/// Lines of muted text under a plot's axes (a figure's caption): one row per plot, whose text a
/// later call replaces.
void addCaption(QCustomPlot* plot, const QString& caption);

}  // namespace dms::ui
