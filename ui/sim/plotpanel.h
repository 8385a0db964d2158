// The live plots: energy deviation |E - E0| and the structure error of every run, in the
// palette's colours, with a legend, a log-scale toggle, zoom/pan, autoscale and a playback
// cursor. The curves are the stores' min/max decimation (one bucket group per pixel column), so
// memory and drawing time stay bounded on any horizon.
#pragma once

#include <QColor>
#include <QString>
#include <QWidget>
#include <vector>

#include "core/sim/runstore.h"

class QCustomPlot;
class QCPItemLine;
class QCPItemText;
class QCheckBox;
class QCPGraph;

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
  /// Re-decimates the visible range into `columns` columns (0: the plot's width in pixels)
  /// and queues a replot, or replots at once when `now` (the window's frame, once a tick).
  void refresh(int columns = 0, bool now = false);
  void setCursorTime(double t);

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

  /// The plots, in the order of plotNames(): "energy", "structure".
  std::vector<QCustomPlot*> plots() const { return {m_energy, m_structure}; }
  static QStringList plotNames() { return {"energy", "structure"}; }
  /// Points of the curve of run `run` on plot `plot` (0 energy, 1 structure): a test hook.
  int pointCount(int plot, int run) const;
  /// Sum of the values of that curve (changes whenever its data does): a test hook.
  double dataChecksum(int plot, int run) const;

 signals:
  void logScaleChanged(bool on);

 private:
  void setupPlot(QCustomPlot* p, const QString& yLabel);
  void applyScale(QCustomPlot* p);
  void updateStructureTitle();
  void fillGraph(QCPGraph* g, const RunStore& store, Metric m, double t0, double t1, int columns);

  QCustomPlot* m_energy = nullptr;
  QCustomPlot* m_structure = nullptr;
  QCPItemLine* m_cursor[2] = {nullptr, nullptr};
  QCPItemText* m_note = nullptr;
  std::vector<QCPItemText*> m_staleBanners;
  QCheckBox* m_logBox = nullptr;
  QCheckBox* m_s2Box = nullptr;
  const std::vector<RunStore>* m_stores = nullptr;
  std::vector<QCPGraph*> m_energyGraphs, m_structureGraphs;
  std::vector<QCPGraph*> m_structure2Graphs;  ///< per run; nullptr where it has none
  QString m_structureName, m_structure2Name;
  bool m_log = true, m_showS2 = false, m_autoscale = true, m_hasStructure = false;
  bool m_legendsInWindow = true, m_legendsShown = true;
  bool m_stale = false;
  double m_horizon = 1.0;
};

}  // namespace dms::ui
