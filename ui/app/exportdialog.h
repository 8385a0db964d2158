// File > Export plots: which of the active mode's plots, in which formats (PNG, SVG, PDF), at
// which size, into which folder.
#pragma once

#include <QDialog>
#include <QSize>
#include <QStringList>
#include <vector>

#include "ui/common/exporter.h"

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace dms::ui {

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  /// `plotNames`: the file names offered (Mode::exportPlots); `folder`: the one proposed.
  ExportDialog(const QStringList& plotNames, const QString& folder, QWidget* parent = nullptr);

  int plotIndex() const;  ///< -1: every plot
  std::vector<ImageFormat> formats() const;
  QSize size() const;
  QString folder() const;

 private:
  QComboBox* m_which = nullptr;
  QCheckBox* m_png = nullptr;
  QCheckBox* m_svg = nullptr;
  QCheckBox* m_pdf = nullptr;
  QSpinBox* m_width = nullptr;
  QSpinBox* m_height = nullptr;
  QLineEdit* m_folder = nullptr;
};

}  // namespace dms::ui
