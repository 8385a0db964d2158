// A small table under the plots, a row per run: what it cost (steps, evaluations, CPU time) and
// where it ended (the energy and structure errors at its last sample), so the methods side by
// side are compared in numbers as well as in curves.
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
  std::optional<double> energyError;     ///< |E - E0| at the last sample; none before it
  std::optional<double> structureError;  ///< none for a linear configuration space
  QString state;                         ///< "computing", "done", "stopped at t = ..."
  bool failed = false;
};

class RunTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit RunTable(QWidget* parent = nullptr);
  /// One row per run, in the plots' order; the height follows the number of rows.
  void setRows(const std::vector<RunRow>& rows);
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return sizeHint(); }
};

}  // namespace dms::ui
