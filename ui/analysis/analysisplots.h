// The Analysis mode's plots of one sweep (core/analysis/sweep.h), side by side and log-log: the
// work-precision diagram (an error against the cost: CPU time or evaluations) and the
// convergence plot (the same error against the step h, or an adaptive method's mean step T/N,
// with each fixed-step method's fitted order in its legend entry). A point's settings show in a
// tooltip.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "core/analysis/sweep.h"

class QCustomPlot;
class QMouseEvent;

namespace dms::ui {

/// Which error a plot shows.
enum class SweepError { Global, Energy, Structure, Momentum };
/// What the work-precision diagram's cost axis counts.
enum class SweepCost { Cpu, Evaluations };

/// The error of a run, or none (not applicable, not finished, or zero on a log axis).
std::optional<double> sweepError(const SweepRun& run, SweepError e);

class AnalysisPlots : public QWidget {
  Q_OBJECT
 public:
  explicit AnalysisPlots(QWidget* parent = nullptr);
  /// Draws a sweep (none: the plots say what to do); `partial`: the runs of a sweep still
  /// running (its reference's bound comes at the end).
  void setResult(const SweepResult* result, SweepError error, SweepCost cost, bool partial = false);
  QCustomPlot* workPrecision() const { return m_work; }
  QCustomPlot* convergence() const { return m_convergence; }
  /// Points drawn on plot 0 (work-precision) or 1 (convergence), over every method.
  int pointCount(int plot) const;
  /// The tooltip of the point nearest to a pixel of plot `plot` within 12 pixels, or empty.
  QString tipAt(int plot, const QPointF& pixel) const;

 private:
  struct Point {
    double x, y;
    QString tip;
  };
  void showTip(int plot, QMouseEvent* e);

  QCustomPlot* m_work = nullptr;
  QCustomPlot* m_convergence = nullptr;
  std::vector<Point> m_points[2];
};

}  // namespace dms::ui
