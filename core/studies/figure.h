// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A plot as plain values: curves and points on linear or log axes, with a title, axis labels and
// units, a legend (the series' names) and a caption. The studies build them (in any thread, with
// no Qt); the app draws them on its plots (ui/common/figure.h) and `dmsim figures` writes them
// into files. The CSV of a figure holds every point of its curves (those a log axis cannot show
// too).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace dms {

/// A colour as 0xRRGGBB.
using Rgb = std::uint32_t;

/// How a series' line is drawn.
enum class Pen { Solid, Dash, Dot };
/// The markers on a series' points.
enum class Marker {
  Disc,    ///< filled in the series' colour
  Circle,  ///< hollow
};

struct Series {
  std::string name;  ///< its legend entry
  Rgb color = 0x000000;
  Pen pen = Pen::Solid;
  std::vector<double> x, y;
  bool points = false;  ///< markers on the points
  bool line = true;     ///< a line through the points (false: markers alone)
  bool path = false;    ///< a parametric curve (x not increasing): drawn in the points' order
  bool inLegend = true;
  double width = 1.4;  ///< the line's width in pixels
  Marker marker = Marker::Disc;
};

/// An axis: what it shows, in which unit (empty: none), on a log scale or not.
struct Axis {
  std::string label, unit;
  bool log = false;
  /// "t [s]": the label with its unit.
  std::string text() const { return unit.empty() ? label : label + " [" + unit + "]"; }
};

struct Figure {
  std::string title;
  Axis x, y;
  bool equalAxes = false;  ///< one unit the same length on both axes (an orbit)
  std::vector<Series> series;
  std::string caption;  ///< lines under the plot (files), or beside it (the app)
};

/// The points of every series as CSV: series,x,y.
void writeFigureCsv(std::ostream& csv, const Figure& f);
/// Several figures' CSV in one: figure,series,x,y (the figure's title).
void writeFiguresCsv(std::ostream& csv, const std::vector<Figure>& figures);

}  // namespace dms
