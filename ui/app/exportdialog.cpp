#include "ui/app/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace dms::ui {

ExportDialog::ExportDialog(const QStringList& plotNames, const QString& folder, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export plots"));
  auto* form = new QFormLayout(this);
  m_which = new QComboBox;
  m_which->addItem(tr("All plots"), -1);
  for (int i = 0; i < plotNames.size(); ++i) m_which->addItem(plotNames[i], i);
  m_png = new QCheckBox("PNG");
  m_svg = new QCheckBox("SVG");
  m_pdf = new QCheckBox("PDF");
  m_png->setChecked(true);
  auto* formats = new QHBoxLayout;
  for (QCheckBox* b : {m_png, m_svg, m_pdf}) formats->addWidget(b);
  m_width = new QSpinBox;
  m_height = new QSpinBox;
  // savePlot's limits
  m_width->setRange(16, 20000);
  m_height->setRange(16, 20000);
  m_width->setValue(1200);
  m_height->setValue(800);
  auto* size = new QHBoxLayout;
  size->addWidget(m_width);
  size->addWidget(new QLabel("x"));
  size->addWidget(m_height);
  size->addWidget(new QLabel(tr("pixels (points for PDF)")));
  m_folder = new QLineEdit(folder);
  auto* browse = new QPushButton(tr("Browse..."));
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString d =
        QFileDialog::getExistingDirectory(this, tr("Export folder"), m_folder->text());
    if (!d.isEmpty()) m_folder->setText(d);
  });
  auto* folderRow = new QHBoxLayout;
  folderRow->addWidget(m_folder, 1);
  folderRow->addWidget(browse);
  form->addRow(tr("Plots"), m_which);
  form->addRow(tr("Formats"), formats);
  form->addRow(tr("Size"), size);
  form->addRow(tr("Folder"), folderRow);
  form->addRow(new QLabel(tr("Files are named %1 (.png, .svg, .pdf)").arg(plotNames.join(", "))));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

int ExportDialog::plotIndex() const { return m_which->currentData().toInt(); }

std::vector<ImageFormat> ExportDialog::formats() const {
  std::vector<ImageFormat> fs;
  if (m_png->isChecked()) fs.push_back(ImageFormat::Png);
  if (m_svg->isChecked()) fs.push_back(ImageFormat::Svg);
  if (m_pdf->isChecked()) fs.push_back(ImageFormat::Pdf);
  return fs;
}

QSize ExportDialog::size() const { return QSize(m_width->value(), m_height->value()); }

QString ExportDialog::folder() const { return m_folder->text(); }

}  // namespace dms::ui
