// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Analysis mode's plots of one sweep (core/analysis/sweep.h), side by side and log-log: the
// work-precision diagram (an error against the cost: CPU time or evaluations) and the
// convergence plot (the same error against the step h, or an adaptive method's mean step T/N,
// with each fixed-step method's fitted order in its legend entry, and slope triangles for h^2
// and h^4 beside the curves of those orders). A point's settings show in a tooltip.
#pragma once

#include <QPointF>
#include <QRectF>
#include <QString>
#include <QWidget>
#include <vector>

#include "core/analysis/sweep.h"
#include "core/studies/study.h"

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QMouseEvent;

namespace dms::ui {

/// Which error a plot shows.
enum class SweepError { Global, Energy, Structure, Momentum };
/// What the work-precision diagram's cost axis counts.
enum class SweepCost { Cpu, Evaluations };

/// The error of a run, or none (not applicable, not finished, or zero on a log axis).
std::optional<double> sweepError(const SweepRun& run, SweepError e);

/// A slope triangle of the convergence plot, in plot coordinates: the horizontal leg from `left`
/// to `corner` (the right angle), the vertical leg from `corner` up to `top`, so that on the
/// log-log axes the hypotenuse rises `order` decades per decade of h.
struct SlopeTriangle {
  int order = 0;
  QPointF left, corner, top;
  /// In pixels, as drawn last: the triangle's bounding box and its two labels'.
  QRectF box, runLabel, riseLabel;
};

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
  /// The slope triangles drawn on the convergence plot at its last layout (on screen or in an
  /// export): one for h^2 where a fixed-step method's fitted order is 2 (rounded), one for h^4
  /// where one's is 4, for the global error; none where no place clear of the curves was found.
  std::vector<SlopeTriangle> slopeTriangles() const;

 private:
  struct Point {
    double x, y;
    QString tip;
  };
  // a slope triangle's items and the curves of its order
  struct Triangle {
    int order = 0;
    std::vector<QCPGraph*> curves;
    QCPItemLine *run = nullptr, *rise = nullptr, *hypotenuse = nullptr;
    QCPItemText *runText = nullptr, *riseText = nullptr;
    bool shown = false;
    SlopeTriangle placed;
  };
  void showTip(int plot, QMouseEvent* e);
  void addTriangles(const std::vector<std::pair<QCPGraph*, int>>& orders);
  /// Puts the triangles where they cover no point, curve or note, just under the curves of
  /// their order, for the plot's layout of the moment (called after every layout, so that an
  /// export at another size places them for that size).
  void placeTriangles();
  /// A note (PlotStyle::addNote) that fitTexts wraps to the axes' width.
  QCPItemText* addNote(QCustomPlot* p, double x, double y, int pointSize, const QString& text);
  /// After a layout: the notes wrapped to the axes' width, the legend one entry a row when two
  /// do not fit.
  void fitTexts(QCustomPlot* p);
  static constexpr const char* kFullText = "dmsFullText";

  QCustomPlot* m_work = nullptr;
  QCustomPlot* m_convergence = nullptr;
  std::vector<Point> m_points[2];
  std::vector<Triangle> m_triangles;
};

}  // namespace dms::ui
