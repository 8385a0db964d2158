// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// A small table under the plots, a row per run: what it cost (steps, evaluations, CPU time), its
// errors at the playback cursor (energy, structure, momentum: a readout that follows the
// playback) and their maxima over the whole run (the figures `dmsim run` prints), so the methods
// side by side are compared in numbers as well as in curves.
#pragma once

#include <QColor>
#include <QTableWidget>
#include <optional>
#include <vector>

namespace dms::ui {

struct RunRow {
  QString label;
  QColor color;
  Qt::PenStyle pen = Qt::SolidLine;
  qint64 steps = 0, rejected = 0, evaluations = 0;
  bool adaptive = false;
  double cpuSeconds = 0.0;
  /// At the playback cursor, and the maxima so far (dmsim's energy_max_dev, structure_max_err,
  /// angmom_max_dev); none before the first sample, and structure none for a linear
  /// configuration space, momentum none for a system that does not conserve one.
  std::optional<double> energyAt, energyMax, structureAt, structureMax, momentumAt, momentumMax;
  QString state;  ///< "computing", "done", "stopped at t = ..."
  bool failed = false;
};

class RunTable : public QTableWidget {
  Q_OBJECT
 public:
  enum Column {
    kMethod,
    kSteps,
    kEvaluations,
    kCpu,
    kEnergyAt,
    kEnergyMax,
    kStructureAt,
    kStructureMax,
    kMomentumAt,
    kMomentumMax,
    kState,
    kColumns
  };
  /// Rows shown without scrolling; more runs scroll inside the table.
  static constexpr int kShownRows = 4;
  explicit RunTable(QWidget* parent = nullptr);
  /// One row per run, in the plots' order; the height follows the number of rows (at most
  /// kShownRows, and a scroll bar when the columns are wider than the table). The cursor's
  /// columns say the time `t`; the momentum columns show only when `momentum` (the system
  /// conserves one).
  void setRows(const std::vector<RunRow>& rows, double t, bool momentum);
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return sizeHint(); }

 protected:
  void resizeEvent(QResizeEvent* e) override;

 private:
  bool m_scrolls = false;  ///< the columns were wider than the table at the last setRows
};

}  // namespace dms::ui
