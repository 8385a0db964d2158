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
// - Angular momentum: |L - L0| against t, for a system with a conserved one.
// Each run in its method's colour, with a legend, zoom/pan, autoscale and the playback cursor.
// The curves against t are the stores' min/max decimation (one bucket group per pixel column),
// the phase portrait their playback buffers, so memory and drawing time stay bounded on any
// horizon. Only the view shown is filled and drawn. The Errors view's curves are made in
// plotpanelerrors.cpp, the other views' in plotpanelquantities.cpp, the chooser's views in
// plotpanelviews.cpp; the drawing helpers they share are in views/plotdrawing.h.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <utility>
#include <vector>

#include "core/sim/runstore.h"
#include "ui/sim/quantities.h"

class QCustomPlot;
class QCPCurve;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCheckBox;
class QComboBox;
class QCPGraph;
class QStackedWidget;

namespace dms::ui {

/// How one run is drawn.
struct RunStyle {
  QString label;
  QColor color;
  Qt::PenStyle pen = Qt::SolidLine;
  bool structure2 = false;  ///< the run fills the secondary structure error (else 0 by design)
};

class PlotPanel : public QWidget {
  Q_OBJECT
 public:
  explicit PlotPanel(QWidget* parent = nullptr);
  ~PlotPanel() override;

  /// What the views other than Errors show of the next runs: the system, its normalized values
  /// and the job's methods (in the order of setRuns' styles). Call before setRuns; until then
  /// (and for a method list of another length) those views have no curves.
  void setQuantities(const SystemModel& model, const ParamValues& values,
                     const std::vector<Method>& methods);
  /// New runs (clears the curves; the plots show what they showed until the next refresh(),
  /// which the caller makes when the new runs have results). An empty structureName (a linear
  /// configuration space) hides the structure plot: the energy plot takes the width (an export of
  /// it says why it is empty). structure2Name is the secondary error's symbol, plotted (dotted, on
  /// demand) for the runs whose RunStyle::structure2 is set.
  void setRuns(const std::vector<RunStyle>& runs, double horizon, const QString& structureName,
               const QString& structure2Name);
  /// Whether the structure plot is shown (the system has a structure error).
  bool structureShown() const { return m_hasStructure; }
  /// Marks the curves as out of date (the panel's values cannot run): dimmed, under a banner
  /// that says so, until the next setRuns or setStale(false).
  void setStale(bool stale);
  bool stale() const { return m_stale; }
  /// The stores to draw from (owned by the session; must outlive the next refresh()).
  void setStores(const std::vector<RunStore>* stores) { m_stores = stores; }
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
  /// The chooser's text for a view, e.g. "Phase portrait".
  static QString viewTitle(PlotView view);

  void setLogScale(bool on);
  bool logScale() const { return m_log; }
  void setShowStructure2(bool on);
  /// Frames the whole horizon and every curve; re-enabled by the button or a double click.
  void autoscale();

  /// Each plot's legend row, on or off (an exported file always has it; the window only while
  /// legendsInWindow()).
  void setLegendsShown(bool shown);
  bool legendsInWindow() const { return m_legendsInWindow; }
  bool legendsShown() const { return m_legendsShown; }

  /// The plots of the view shown; in the Errors view those of plotNames(): "energy",
  /// "structure" (the latter hidden for a system without a structure error).
  std::vector<QCustomPlot*> plots() const;
  /// The plot names of the Errors view (the default one).
  static QStringList plotNames() { return {"energy", "structure"}; }
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
  struct CurvePoint {
    double t, x, y;
  };
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
  /// A plot shorter than this (pixels) is short: the window at its smallest. In the window it
  /// keeps its axes' room: no legend row beyond the errors' plots, notes cut to one line.
  static constexpr int kShortPlot = 240;
  void placeLegends();
  /// One plot's legend row in or out of its layout; returns whether that changed (then the plot
  /// needs a replot, which a call from its beforeReplot is about to make).
  bool placeLegend(QCustomPlot* plot);
  int plotWidth() const;
  void setupTimePlot(QCustomPlot* p, const QString& yLabel);
  void applyScale(QCustomPlot* p);
  void updateStructureTitle();
  void updateChooser();
  void rebuildQuantityGraphs();
  void fillPhase();
  void updatePhaseMarkers();
  void updateShadowNote(bool full);
  void updateMomentumNote();
  /// The chooser's tooltip for a view.
  static QString viewTip(PlotView view);
  bool isLogPlot(const QCustomPlot* p) const;
  std::vector<QCustomPlot*> allPlots() const;
  std::vector<QCustomPlot*> timePlots() const;

  QComboBox* m_viewBox = nullptr;
  QStackedWidget* m_stack = nullptr;
  PlotView m_view = PlotView::Errors;

  QCustomPlot* m_energy = nullptr;
  QCustomPlot* m_structure = nullptr;
  QCustomPlot* m_shadowPlot = nullptr;
  QCustomPlot* m_phase = nullptr;
  QCustomPlot* m_stateA = nullptr;
  QCustomPlot* m_stateB = nullptr;
  QCustomPlot* m_momentum = nullptr;
  std::vector<QCPItemLine*> m_cursors;
  QCPItemText* m_note = nullptr;
  QCPTextElement* m_shadowNote = nullptr;
  QCPTextElement* m_momentumNote = nullptr;
  QCPItemText* m_shadowCentre = nullptr;  ///< why no run has H~, in the middle of the axes
  QString m_shadowNoteText, m_momentumNoteText, m_shadowCentreText;
  std::vector<QCPItemText*> m_staleBanners;
  QCheckBox* m_logBox = nullptr;
  QCheckBox* m_s2Box = nullptr;
  const std::vector<RunStore>* m_stores = nullptr;
  std::vector<RunStyle> m_runs;
  std::vector<QCPGraph*> m_energyGraphs, m_structureGraphs;
  std::vector<QCPGraph*> m_structure2Graphs;  ///< per run; nullptr where it has none
  // the other views' curves, per run (nullptr where a run has none)
  std::vector<QCPGraph*> m_signedEnergyGraphs, m_shadowGraphs, m_momentumGraphs;
  std::vector<QCPCurve*> m_phaseCurves, m_phaseMarkers;
  std::vector<std::vector<QCPGraph*>> m_stateGraphs[2];  ///< [plot][run][component]
  Quantities m_q;
  bool m_haveQuantities = false;
  std::vector<Method> m_methods;
  QString m_structureName, m_structure2Name;
  bool m_log = true, m_showS2 = false, m_autoscale = true, m_hasStructure = false;
  bool m_legendsInWindow = true, m_legendsShown = true;
  bool m_stale = false;
  bool m_exporting = false;  ///< refresh() at an export's width: its legends and whole notes
  int m_exportWidth = 0;
  double m_horizon = 1.0;
  double m_cursorTime = 0.0;
};

}  // namespace dms::ui
