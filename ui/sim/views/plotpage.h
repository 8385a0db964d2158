// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One view of the plot panel (ui/sim/plotpanel.h): a page of its stack with the view's plots
// side by side. The base makes and styles the plots (the time axis, the playback cursor, zoom
// and pan, the legend row, the stale banner) and refreshes them: the visible range of the plots
// against t decimated into a column per pixel, then the axes framed while autoscaling. Each view
// (views/errorsview.h, energyview.h, phaseview.h, stateview.h, momentumview.h) makes its curves
// for new runs and fills them from the stores; what the views share is read from the panel's
// PlotContext.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <array>
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "core/sim/runstore.h"
#include "ui/sim/quantities.h"

class QCustomPlot;
class QCPCurve;
class QCPGraph;
class QCPItemLine;
class QCPItemText;

namespace dms::ui {

struct TimeUnit;

/// How one run is drawn.
struct RunStyle {
  QString label;
  QColor color;
  Qt::PenStyle pen = Qt::SolidLine;
  bool structure2 = false;  ///< the run fills the secondary structure error (else 0 by design)
};

/// A point of a curve as drawn: its time, x and y (x = t against t; NaN where a line breaks).
struct CurvePoint {
  double t, x, y;
};

/// What the pages draw from and with: the panel's stores, runs, quantities and options. The
/// panel owns it and sets it; the pages only read it.
struct PlotContext {
  /// The stores to draw from (owned by the session).
  const std::vector<RunStore>* stores = nullptr;
  std::vector<RunStyle> runs;
  double horizon = 1.0;
  /// The job's quantities (setQuantities), for `methodCount` methods; none until then.
  Quantities q;
  bool haveQuantities = false;
  std::size_t methodCount = 0;
  bool log = true;  ///< log y axes on the pages of errors
  bool legendsShown = true;
  bool exporting = false;  ///< refresh() at an export's width: its legends and whole notes
  int exportWidth = 0;
  /// The control of the runs (PlotPanel::setControl): whether a law forces them, the system's
  /// declared channels and their sizes at the runs' values, and why there is none when off
  /// (empty: no law is on).
  bool controlOn = false;
  std::vector<StatePartSpec> controls;
  std::vector<std::size_t> controlSizes;
  QString controlReason;
  /// The tracking errors of a built-in law that has them (the quadrotor's geometric
  /// controller, core/sim/geometriclaw.h): run `run`'s |e_x| [m] and Psi at each of `samples`
  /// (in order of t); null for any other law. The Control view plots them in place of E - E0.
  std::function<std::vector<std::array<double, 2>>(std::size_t run,
                                                   const std::vector<Sample>& samples)>
      tracking;

  /// Whether the quantities are those of the runs (a method list of the same length): the views
  /// beyond the errors have curves only then.
  bool known() const {
    return haveQuantities && methodCount == runs.size() && q.shadow.size() == runs.size();
  }
};

class PlotPage : public QWidget {
  Q_OBJECT
 public:
  ~PlotPage() override;

  /// The page's plots, left to right.
  const std::vector<QCustomPlot*>& plots() const { return m_plots; }
  /// What an export of the page writes: each plot shown with its file name.
  virtual std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const = 0;
  /// The chooser's text for the view, e.g. "Phase portrait".
  virtual QString title() const = 0;
  /// The chooser's tooltip for the view: what its plots show.
  virtual QString tip() const = 0;
  /// Whether the system of the quantities has this view (PlotContext::q).
  virtual bool available() const { return true; }
  /// Why the system has not this view, for the chooser's tooltip while it is not available
  /// (empty: the view's tip says enough).
  virtual QString unavailableReason() const { return {}; }
  /// Whether the page's plots are errors, on a log axis while PlotContext::log.
  bool usesLogScale() const { return m_logScale; }

  /// New runs or quantities (PlotContext): the time axes in `unit`, at most three legend entries
  /// a row, no stale banner, and the curves made anew, empty until the next refresh().
  void setRuns(const TimeUnit& unit);
  /// Re-decimates the visible range into `columns` columns (0: the plot's width in pixels), frames
  /// the curves while `autoscale`, and queues a replot, or replots at once when `now`.
  void refresh(int columns, bool autoscale, bool now);
  /// The playback time: the cursor line of the plots against t.
  virtual void setCursorTime(double t);
  /// The y axes log or linear, as PlotContext::log says (a page of errors).
  void applyScale();
  /// Each plot's legend row in or out of its layout, as the context and the plot's size say.
  void placeLegends();
  /// After the panel's resize, once the new sizes are in: what follows the plots' height.
  virtual void resized() {}
  /// The banner over each plot that says its curves are out of date (hidden until setStale).
  void addStaleBanners(const QString& text);
  /// The curves dimmed under the banners, or as they were.
  void setStale(bool stale);

  /// The note of the page's plot (empty when there is nothing to say).
  virtual QString note() const { return {}; }
  /// The curve `which` of run `run` as drawn (run < the context's runs): a test hook.
  virtual std::vector<CurvePoint> curve(std::size_t run, int which) const = 0;

 signals:
  /// A wheel or a drag: the user chose a range, the plots stop following the data.
  void rangeChosen();
  /// A double click: frame the whole horizon and every curve.
  void autoscaleRequested();
  /// The time range of a plot changed (a zoom, a pan, the linked plot's range).
  void timeRangeChanged();

 protected:
  /// A plot shorter than this (pixels) is short: the window at its smallest. In the window it
  /// keeps its axes' room: no legend row beyond the errors' plots, notes cut to one line.
  static constexpr int kShortPlot = 240;

  /// `logScale`: the page's plots are errors (log y axes while PlotContext::log).
  PlotPage(const PlotContext& context, bool logScale, QWidget* parent);

  /// A plot against t with the playback cursor, laid out right of the ones before.
  QCustomPlot* addTimePlot(const QString& yLabel);
  /// A plot laid out right of the ones before, styled by the caller.
  QCustomPlot* addPlot();
  /// The plots of the page side by side share the time axis.
  void shareTimeAxis(QCustomPlot* a, QCustomPlot* b);
  /// Fills the curves of the visible range [t0, t1] from the stores (the notes too).
  virtual void fill(const std::vector<RunStore>& stores, double t0, double t1, int columns) = 0;
  /// The curves anew for the context's runs and quantities (empty until filled).
  virtual void rebuild() = 0;
  /// Whether a short plot of the page (the window at its smallest) makes room for its curves: no
  /// legend row and fewer ticks on a linear axis in the window, and, shown before it is laid
  /// out, its curves' columns counted by the widget's width. The Errors view's plots, laid out
  /// from the start and keyed by their legends, keep their own.
  virtual bool fitsShortPlots() const { return true; }
  bool isLogPlot() const { return m_logScale && m_ctx.log; }

  static std::vector<CurvePoint> pointsOf(const QCPGraph* g);
  static std::vector<CurvePoint> pointsOf(const QCPCurve* c);

  const PlotContext& m_ctx;

 private:
  /// One plot's legend row in or out of its layout; returns whether that changed (then the plot
  /// needs a replot, which a call from its beforeReplot is about to make).
  bool placeLegend(QCustomPlot* plot);

  std::vector<QCustomPlot*> m_plots;
  std::vector<QCustomPlot*> m_timePlots;  ///< the plots with t on their x axis
  std::vector<QCPItemLine*> m_cursors;
  std::vector<QCPItemText*> m_staleBanners;
  bool m_logScale = false;
};

}  // namespace dms::ui
