// A plot as data: curves and points on linear or log axes, with a title, labels and a caption.
// The Analysis mode's studies build them (in a worker thread: plain values) and draw them on
// the app's plots; `dmsim figures` draws the same ones offscreen into files. The CSV of a figure
// holds every point of its curves (those a log axis cannot show too).
#pragma once

#include <QColor>
#include <QString>
#include <cstddef>
#include <iosfwd>
#include <vector>

class QCustomPlot;

namespace dms::ui {

struct Series {
  QString name;
  QColor color;
  Qt::PenStyle pen = Qt::SolidLine;
  std::vector<double> x, y;
  bool points = false;  ///< markers on the points
  bool line = true;     ///< a line through the points (false: markers alone)
  bool path = false;    ///< a parametric curve (x not increasing): drawn in the points' order
  bool inLegend = true;
  double width = 1.4;
  int marker = 0;  ///< QCPScatterStyle::ScatterShape of the markers; 0: a disc
};

struct Figure {
  QString title, xLabel, yLabel;
  bool logX = false, logY = false;
  bool equalAxes = false;  ///< one unit the same length on both axes (an orbit)
  std::vector<Series> series;
  QString caption;  ///< lines under the plot (files), or beside it (the app)
};

/// Draws `f` on a plot styled by PlotStyle::apply, replacing what it showed: title, labels,
/// axes, curves, ranges; with `caption`, its caption as a line under the axes (once per plot).
/// Points a log axis cannot show (zero, negative) and non-finite ones are left out, and the
/// caption says how many. Replots. Returns the number of points left out.
std::size_t drawFigure(QCustomPlot* plot, const Figure& f, bool caption);
/// Lines of muted text under a plot's axes (a figure's caption): one row per plot, whose text a
/// later call replaces.
void addCaption(QCustomPlot* plot, const QString& caption);
/// The points of every series as CSV: series,x,y.
void writeFigureCsv(std::ostream& csv, const Figure& f);
/// Several figures' CSV in one: figure,series,x,y (the figure's title).
void writeFiguresCsv(std::ostream& csv, const std::vector<Figure>& figures);

}  // namespace dms::ui
