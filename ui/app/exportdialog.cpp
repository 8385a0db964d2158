#include "ui/app/exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
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
  return FigureOptions{m_cursor->isChecked(), m_caption->isChecked()};
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
  QDialog::accept();
}

}  // namespace dms::ui
