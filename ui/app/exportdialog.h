// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export plots: which of the active mode's plots, in which formats (PNG, SVG, PDF), at
// which size (pixels, or a print size in cm with the text in points and the lines' width, for a
// paper), with which file-name prefix (the system's name), into which folder. The choices are
// remembered (QSettings) from one export to the next.
#pragma once

#include <QDialog>
#include <QSize>
#include <QStringList>
#include <vector>

#include "ui/common/exporter.h"
#include "ui/mode/mode.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace dms::ui {

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  /// `plotNames`: the file names offered (Mode::exportPlots); `folder`: the one proposed;
  /// `prefix`: put before each name (e.g. "planar-pendulum-").
  ExportDialog(const QStringList& plotNames, const QString& folder, const QString& prefix,
               QWidget* parent = nullptr);

  int plotIndex() const;  ///< -1: every plot
  std::vector<ImageFormat> formats() const;
  QSize size() const;
  QString folder() const;
  QString prefix() const;
  FigureOptions options() const;
  /// Accepts and remembers the formats and the size.
  void accept() override;

 private:
  QComboBox* m_which = nullptr;
  QCheckBox* m_png = nullptr;
  QCheckBox* m_svg = nullptr;
  QCheckBox* m_pdf = nullptr;
  QSpinBox* m_width = nullptr;
  QSpinBox* m_height = nullptr;
  QLineEdit* m_folder = nullptr;
  QLineEdit* m_prefix = nullptr;
  QCheckBox* m_cursor = nullptr;
  QCheckBox* m_caption = nullptr;
  QCheckBox* m_print = nullptr;
  QDoubleSpinBox* m_widthCm = nullptr;
  QDoubleSpinBox* m_heightCm = nullptr;
  QDoubleSpinBox* m_textPt = nullptr;
  QDoubleSpinBox* m_lineScale = nullptr;
  static QDoubleSpinBox* cmBox(const char* name, double value);
};

/// Whether to go on writing `files`: true when none exists, else after asking (the existing
/// ones listed) and the user said yes.
bool confirmReplace(QWidget* parent, const QString& folder, const QStringList& files);

}  // namespace dms::ui
