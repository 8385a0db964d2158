// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The drawing helpers the plot panel's views share (views/plotpage.h): the playback cursor's
// layer, a run's curve filled from its store's min/max decimation, a time plot's autoscale, the
// note rows under the axes, the stale banners and whether a legend row fits its plot.
#pragma once

#include <QColor>
#include <QFont>
#include <QString>

#include "core/sim/runstore.h"

class QCustomPlot;
class QCPGraph;
class QCPItemText;
class QCPTextElement;

namespace dms::ui {

/// The layer of the playback time's marks (buffered: a frame repaints it alone), as
/// PlotStyle::addCursor makes it.
void ensureCursorLayer(QCustomPlot* p);

/// A curve of one run: the store's decimation of `m` over [t0, t1] in `columns` columns. On a
/// log axis (`log`) the points at 0 are left out; an angle (`angular`) breaks its line at a wrap.
void fillDecimated(QCPGraph* g, const RunStore& store, Metric m, double t0, double t1, int columns,
                   bool log, bool angular = false);

/// A graph in a run's colour and pen, adaptively sampled.
QCPGraph* addRunGraph(QCustomPlot* p, const QColor& color, double width, Qt::PenStyle pen,
                      const QString& name);

/// Frames [0, horizon] and the visible curves' values of a time plot: a decade of room on a log
/// axis, a range around a single value, 10 % more otherwise.
void autoscaleTimePlot(QCustomPlot* p, double horizon, bool log);

/// A note row under a plot's axes (row 3 of its layout), out of the layout until setFootnote gives
/// it a text.
QCPTextElement* addFootnote(QCustomPlot* p, const QFont& font);
/// Sets a note row's text (`shown` keeps it); out of the layout while it says nothing (an empty
/// text element still takes a line).
void setFootnote(QCPTextElement* element, QString* shown, const QString& text);

/// The banner over a plot whose curves are out of date (hidden until shown).
QCPItemText* addStaleBanner(QCustomPlot* p, const QString& text);

/// Whether the legend's rows of entries fit the plot's width: each column as wide as its widest
/// name in the legend's font now, with the spacing between the columns and the legend's margins.
bool legendRowFits(QCustomPlot* p);

}  // namespace dms::ui
