// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The live plots of the Simulation mode, one view at a time, chosen in the top bar ("Show:"):
// - Errors (the default): energy deviation |E - E0| and the structure error of every run, side
//   by side, log scale by default;
// - Energy and shadow energy: E - E0 and H~ - H~0 of the runs that have a shadow energy (the
//   variational ones), where E oscillates and H~ stays flat; a note says why the others have none;
// - Phase portrait: (q, p) of every run with the playback time's point marked, for a system with
//   a phase plane (an angle in (-pi, pi], no line across the wrap);
// - State: q and p against t where there is a phase plane, else the position and velocity of the
//   point the 3D view draws;
// - Angular momentum: |L - L0| against t, for a system with a conserved one;
// - Control and energy: u(t) of every run beside E - E0, while a control law forces the runs.
// Each run in its method's colour, with a legend, zoom/pan, autoscale and the playback cursor.
// The curves against t are the stores' min/max decimation (one bucket group per pixel column),
// the phase portrait their playback buffers, so memory and drawing time stay bounded on any
// horizon. Only the view shown is filled and drawn. Each view is a page of the panel's stack
// (views/plotpage.h: errorsview.h, energyview.h, phaseview.h, stateview.h, momentumview.h); the
// panel holds the chooser, the options they share and what they draw from (PlotContext), and
// hands each call to the page it concerns.
#pragma once

#include <QString>
#include <QWidget>
#include <utility>
#include <vector>

#include "core/sim/runstore.h"
#include "ui/sim/quantities.h"
#include "ui/sim/views/plotpage.h"

class QCustomPlot;
class QCheckBox;
class QComboBox;
class QStackedWidget;

namespace dms::ui {

class ErrorsView;

class PlotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlotPanel(QWidget* parent = nullptr);

  /// What the views other than Errors show of the next runs: the system, its normalized values
  /// and the job's methods (in the order of setRuns' styles). Call before setRuns; until then
  /// (and for a method list of another length) those views have no curves.
  void setQuantities(const SystemModel& model, const ParamValues& values,
                     const std::vector<Method>& methods);
  /// The control of the next runs (the Control view): the system's declared channels, their
  /// sizes at the runs' values, whether a law forces the runs and, when not, why (empty: no law
  /// is on). Call before setRuns.
  void setControl(const std::vector<StatePartSpec>& channels, const std::vector<std::size_t>& sizes,
                  bool on, const QString& reason = {});
  /// The law's tracking errors (PlotContext::tracking), null for a law without them.
  void setTracking(decltype(PlotContext::tracking) tracking) {
    m_ctx.tracking = std::move(tracking);
  }
  /// New runs (clears the curves; the plots show what they showed until the next refresh(),
  /// which the caller makes when the new runs have results). An empty structureName (a linear
  /// configuration space) hides the structure plot: the energy plot takes the width (an export of
  /// it says why it is empty). structure2Name is the secondary error's symbol, plotted (dotted, on
  /// demand) for the runs whose RunStyle::structure2 is set.
  void setRuns(const std::vector<RunStyle>& runs, double horizon, const QString& structureName,
               const QString& structure2Name);
  /// Whether the structure plot is shown (the system has a structure error).
  bool structureShown() const;
  /// Marks the curves as out of date (the panel's values cannot run): dimmed, under a banner
  /// that says so, until the next setRuns or setStale(false).
  void setStale(bool stale);
  bool stale() const { return m_stale; }
  /// The stores to draw from (owned by the session; must outlive the next refresh()).
  void setStores(const std::vector<RunStore>* stores) { m_ctx.stores = stores; }
  /// Re-decimates the visible range of the view shown into `columns` columns (0: the plot's
  /// width in pixels) and queues a replot, or replots at once when `now` (the window's frame).
  void refresh(int columns = 0, bool now = false);
  /// The playback time: the cursor line of the plots against t, the marked points of the phase
  /// portrait.
  void setCursorTime(double t);

  /// The view shown. A view the system does not have (no phase plane, no conserved momentum)
  /// cannot be chosen: setView returns false and the view stays. When new quantities take the
  /// view shown away, the panel goes back to Errors.
  bool setView(PlotView view);
  PlotView view() const { return m_view; }
  bool viewAvailable(PlotView view) const;
  /// The chooser's text for a view, e.g. "Phase portrait" (its page's title).
  QString viewTitle(PlotView view) const;

  void setLogScale(bool on);
  bool logScale() const { return m_ctx.log; }
  void setShowStructure2(bool on);
  /// Frames the whole horizon and every curve; re-enabled by the button or a double click.
  void autoscale();

  /// Each plot's legend row, on or off (an exported file always has it; the window only while
  /// legendsInWindow()).
  void setLegendsShown(bool shown);
  bool legendsInWindow() const { return m_legendsInWindow; }
  bool legendsShown() const { return m_ctx.legendsShown; }

  /// The plots of the view shown; in the Errors view those of plotNames(): "energy",
  /// "structure" (the latter hidden for a system without a structure error).
  std::vector<QCustomPlot*> plots() const;
  /// The plot names of the Errors view (the default one).
  static QStringList plotNames();
  /// What an export of the view shown writes: each plot shown with its file name ("energy",
  /// "structure"; "shadow-energy"; "phase-portrait"; "state-q" and "state-p" or "state-x" and
  /// "state-v"; "momentum").
  std::vector<std::pair<QString, QCustomPlot*>> exportablePlots() const;

  /// Points of the curve of run `run` on plot `plot` of the Errors view (0 energy, 1
  /// structure): a test hook.
  int pointCount(int plot, int run) const;
  /// Sum of the values of that curve (changes whenever its data does): a test hook.
  double dataChecksum(int plot, int run) const;
  /// A point of a curve as drawn: its time, x and y (x = t against t; NaN where a line breaks).
  using CurvePoint = dms::ui::CurvePoint;
  /// The curve of run `run` as drawn: in the Energy view E - E0 (`which` 0) and H~ - H~0
  /// (`which` 1); in the Phase view (q, p) (`which` 0) and the marked point (`which` 1); in the
  /// State view component `which` (of both plots, in order); in the Momentum view |L - L0|.
  /// Empty where the run has none: a test hook.
  std::vector<CurvePoint> curve(PlotView view, int run, int which = 0) const;
  /// The note of a view's plot: in the Energy view the runs without H~ and why (under the axes,
  /// or in their middle where no run has H~, the reasons as the core gives them); in the
  /// Momentum view the runs whose L is conserved exactly (|L - L0| = 0 has no place on a log
  /// axis). Empty when there is nothing to say.
  QString note(PlotView view) const;

 signals:
  void logScaleChanged(bool on);
  void viewChanged(dms::ui::PlotView view);

 protected:
  void resizeEvent(QResizeEvent* e) override;

 private:
  PlotPage* page(PlotView view) const { return m_pages[std::size_t(view)]; }
  /// Every page's legend rows placed anew.
  void placeLegends();
  void updateChooser();

  QComboBox* m_viewBox = nullptr;
  QStackedWidget* m_stack = nullptr;
  QCheckBox* m_logBox = nullptr;
  QCheckBox* m_s2Box = nullptr;
  PlotView m_view = PlotView::Errors;
  PlotContext m_ctx;
  std::vector<PlotPage*> m_pages;  ///< in the order of PlotView
  ErrorsView* m_errors = nullptr;
  bool m_autoscale = true;
  bool m_legendsInWindow = true;
  bool m_stale = false;
  double m_cursorTime = 0.0;
};

}  // namespace dms::ui
