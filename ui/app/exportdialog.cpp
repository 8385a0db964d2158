// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace dms::ui {

ExportDialog::ExportDialog(const QStringList& plotNames, const QString& folder,
                           const QString& prefix, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export plots"));
  auto* form = new QFormLayout(this);
  m_which = new QComboBox;
  m_which->addItem(tr("All plots"), -1);
  for (int i = 0; i < plotNames.size(); ++i) m_which->addItem(plotNames[i], i);
  m_png = new QCheckBox("PNG");
  m_svg = new QCheckBox("SVG");
  m_pdf = new QCheckBox("PDF");
  m_png->setObjectName("png");
  m_svg->setObjectName("svg");
  m_pdf->setObjectName("pdf");
  const QSettings settings;
  const QString kept = settings.value("export/formats", "png").toString();
  m_png->setChecked(kept.contains("png"));
  m_svg->setChecked(kept.contains("svg"));
  m_pdf->setChecked(kept.contains("pdf"));
  auto* formats = new QHBoxLayout;
  for (QCheckBox* b : {m_png, m_svg, m_pdf}) formats->addWidget(b);
  m_width = new QSpinBox;
  m_height = new QSpinBox;
  m_width->setObjectName("width");
  m_height->setObjectName("height");
  // savePlot's limits
  m_width->setRange(16, 20000);
  m_height->setRange(16, 20000);
  m_width->setValue(settings.value("export/width", 1200).toInt());
  m_height->setValue(settings.value("export/height", 800).toInt());
  auto* size = new QHBoxLayout;
  size->addWidget(m_width);
  size->addWidget(new QLabel("x"));
  size->addWidget(m_height);
  size->addWidget(new QLabel(tr("pixels (points for PDF)")));
  m_folder = new QLineEdit(folder);
  m_folder->setObjectName("folder");
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
  // a figure for a paper: a print size, a text size in points and the lines' width
  m_print = new QCheckBox(tr("print size"));
  m_print->setObjectName("print");
  m_print->setToolTip(tr("PDF and SVG pages of this size; PNG at %1 dpi; instead of the pixels")
                          .arg(FigureOptions::kPrintDpi));
  m_print->setChecked(settings.value("export/print", true).toBool());
  m_widthCm = cmBox("widthCm", settings.value("export/widthCm", 16.0).toDouble());
  m_heightCm = cmBox("heightCm", settings.value("export/heightCm", 10.0).toDouble());
  auto* print = new QHBoxLayout;
  print->addWidget(m_print);
  print->addWidget(m_widthCm);
  print->addWidget(new QLabel("x"));
  print->addWidget(m_heightCm);
  print->addWidget(new QLabel(tr("cm")), 1);
  form->addRow(tr("Paper"), print);
  const auto printOn = [this, w = m_width, h = m_height](bool on) {
    m_widthCm->setEnabled(on);
    m_heightCm->setEnabled(on);
    w->setEnabled(!on);
    h->setEnabled(!on);
  };
  connect(m_print, &QCheckBox::toggled, this, printOn);
  printOn(m_print->isChecked());
  m_textPt = new QDoubleSpinBox;
  m_textPt->setObjectName("textPt");
  m_textPt->setRange(0.0, 36.0);
  m_textPt->setSingleStep(0.5);
  m_textPt->setDecimals(1);
  m_textPt->setSpecialValueText(tr("as on screen"));
  m_textPt->setSuffix(tr(" pt"));
  m_textPt->setValue(settings.value("export/textPt", 9.0).toDouble());
  m_lineScale = new QDoubleSpinBox;
  m_lineScale->setObjectName("lineScale");
  m_lineScale->setRange(0.5, 6.0);
  m_lineScale->setSingleStep(0.5);
  m_lineScale->setDecimals(1);
  m_lineScale->setSuffix(tr(" x the screen's"));
  m_lineScale->setValue(settings.value("export/lineScale", 1.5).toDouble());
  auto* look = new QHBoxLayout;
  look->addWidget(new QLabel(tr("text")));
  look->addWidget(m_textPt);
  look->addWidget(new QLabel(tr("lines")));
  look->addWidget(m_lineScale, 1);
  form->addRow(tr("Text, lines"), look);
  form->addRow(tr("Folder"), folderRow);
  m_prefix = new QLineEdit(prefix);
  m_prefix->setObjectName("prefix");
  m_prefix->setToolTip(tr("Put before each plot's name; empty: the plot's name alone"));
  form->addRow(tr("Name prefix"), m_prefix);
  m_cursor = new QCheckBox(tr("the playback cursor"));
  m_cursor->setObjectName("cursor");
  m_cursor->setChecked(settings.value("export/cursor", false).toBool());
  m_caption = new QCheckBox(tr("a caption with the set-up (system, parameters, h, T, methods)"));
  m_caption->setObjectName("caption");
  m_caption->setChecked(settings.value("export/caption", false).toBool());
  auto* shows = new QVBoxLayout;
  shows->addWidget(m_cursor);
  shows->addWidget(m_caption);
  form->addRow(tr("Also show"), shows);
  auto* names = new QLabel;
  const auto showNames = [names, plotNames, this] {
    QStringList files;
    for (const QString& n : plotNames) files << m_prefix->text() + n;
    names->setText(tr("Files: %1 (.png, .svg, .pdf); an existing file is replaced only when you "
                      "say so")
                       .arg(files.join(", ")));
  };
  names->setWordWrap(true);
  connect(m_prefix, &QLineEdit::textChanged, this, showNames);
  showNames();
  form->addRow(names);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

bool confirmReplace(QWidget* parent, const QString& folder, const QStringList& files) {
  QStringList existing;
  for (const QString& f : files)
    if (QFileInfo::exists(f)) existing << QFileInfo(f).fileName();
  if (existing.isEmpty()) return true;
  return QMessageBox::question(
             parent, ExportDialog::tr("Replace files?"),
             ExportDialog::tr("%n file(s) in %1 will be replaced:\n%2", "", int(existing.size()))
                 .arg(folder, existing.join("\n")),
             QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Yes;
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

QString ExportDialog::prefix() const { return m_prefix->text(); }

FigureOptions ExportDialog::options() const {
  FigureOptions o;
  o.cursor = m_cursor->isChecked();
  o.caption = m_caption->isChecked();
  if (m_print->isChecked()) o.printCm = QSizeF(m_widthCm->value(), m_heightCm->value());
  o.textPt = m_textPt->value();
  o.lineScale = m_lineScale->value();
  return o;
}

QDoubleSpinBox* ExportDialog::cmBox(const char* name, double value) {
  auto* b = new QDoubleSpinBox;
  b->setObjectName(name);
  b->setRange(2.0, 100.0);  // a stamp to a poster; within savePlot's limits at 300 dpi
  b->setDecimals(1);
  b->setSingleStep(0.5);
  b->setValue(value);
  return b;
}

void ExportDialog::accept() {
  QStringList formats;
  if (m_png->isChecked()) formats << "png";
  if (m_svg->isChecked()) formats << "svg";
  if (m_pdf->isChecked()) formats << "pdf";
  QSettings settings;
  settings.setValue("export/formats", formats.join(','));
  settings.setValue("export/width", m_width->value());
  settings.setValue("export/height", m_height->value());
  settings.setValue("export/cursor", m_cursor->isChecked());
  settings.setValue("export/caption", m_caption->isChecked());
  settings.setValue("export/print", m_print->isChecked());
  settings.setValue("export/widthCm", m_widthCm->value());
  settings.setValue("export/heightCm", m_heightCm->value());
  settings.setValue("export/textPt", m_textPt->value());
  settings.setValue("export/lineScale", m_lineScale->value());
  QDialog::accept();
}

}  // namespace dms::ui
