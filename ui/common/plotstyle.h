// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The look every plot of the app shares (the simulation's and the optimal-control mode's):
// a bold title row, the legend in one row under it (so it never covers a curve), a dotted grid,
// zoom and pan, log axes, the dashed playback cursor and centred notes.
#pragma once

#include <QString>

class QCPAxis;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

namespace dms::ui {

struct TimeUnit;

class PlotStyle {
 public:
  /// Title row, legend row, axis labels, grid, drag and wheel zoom.
  static void apply(QCustomPlot* plot, const QString& title, const QString& xLabel,
                    const QString& yLabel);
  /// The title row made by apply().
  static QCPTextElement* title(QCustomPlot* plot);
  /// A logarithmic axis with a label per decade (1e-12), or back to a linear one.
  static void setLogAxis(QCPAxis* axis, bool log);
  /// A linear time axis (the data in seconds) with ticks and label in `unit`: "t [d]", 0 2 4 6.
  static void setTimeAxis(QCPAxis* axis, const TimeUnit& unit);
  /// The legend's entries a row: as many as the plot's width holds whole, at most `most` (a
  /// legend inside the axes is left as it is).
  /// Returns whether that changed (then the plot needs a new layout: a replot).
  static bool fitLegend(QCustomPlot* plot, int most);
  /// The title on as many lines as the plot's width needs in the title's font, broken between
  /// words (a parenthesis kept whole); the title set last is kept whole and fitted again at the
  /// next call (a wider plot, a smaller font join the lines again). Returns whether the text
  /// changed (then the plot needs a new layout: a replot, unless called before one).
  static bool fitTitle(QCustomPlot* plot);
  /// Fits both axes to the visible curves, whatever range and scale they showed before: a log
  /// axis to the positive values, a margin on y (and on a log x) so no point sits on the frame.
  /// What a plot shows after new data and after a double-click.
  static void fitAxes(QCustomPlot* plot);
  /// Scales a plot's text (axes, title, legend, notes, caption) by `fontScale` and its curves'
  /// pens by `lineScale` (a pen of width w gets max(w, 1) lineScale), from the sizes it had
  /// before the first call: setScale(plot, 1, 1) gives them back. Curves and notes added since
  /// the last call get the scale at the next call. For View > Presentation and for figures.
  /// Returns whether anything changed (then the plot needs a replot).
  static bool setScale(QCustomPlot* plot, double fontScale, double lineScale);
  /// A dashed vertical line over the whole axis rect, placed with setCursor(), on a buffered
  /// layer of its own ("cursor", above the curves).
  static QCPItemLine* addCursor(QCustomPlot* plot);
  /// Moves the cursor to t and repaints its layer alone: the curves are not drawn again, so a
  /// playback frame costs a line, not a replot (a moved axis or new data still replots all).
  static void setCursor(QCPItemLine* cursor, double t);
  /// A line of muted text at a point of the axis rect (0..1 in both directions).
  static QCPItemText* addNote(QCustomPlot* plot, double x, double y, int pointSize,
                              const QString& text);
};

}  // namespace dms::ui
