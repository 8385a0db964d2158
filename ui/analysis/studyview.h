// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The plots of a study beside the sweep (core/studies/study.h): its one or two figures side by
// side, drawn as they come back from the worker, with a note while there are none.
#pragma once

#include <QString>
#include <QWidget>
#include <vector>

#include "core/studies/study.h"

class QCustomPlot;

namespace dms::ui {

class StudyView : public QWidget {
  Q_OBJECT
 public:
  explicit StudyView(QWidget* parent = nullptr);
  /// Draws a study's output; none: an empty plot titled `title` (the study's name) with `note`
  /// (e.g. "press Run").
  void display(const StudyOutput* output, const QString& note, const QString& title = {});
  /// The plots that show a figure (one or two).
  std::vector<QCustomPlot*> plots() const;
  /// Points drawn on plot `plot`, over every curve (a test hook).
  int pointCount(int plot) const;

 private:
  QCustomPlot* m_plots[2] = {nullptr, nullptr};
  int m_shown = 0;
};

}  // namespace dms::ui
