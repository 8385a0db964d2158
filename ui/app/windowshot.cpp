// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/windowshot.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QWidget>

#include "ui/common/exporter.h"
#include "ui/scene3d/sceneview.h"

namespace dms::ui {

void grabWindow(QWidget* window, SceneView* scene, bool withScene,
                std::function<void(const QImage& image, const QString& error)> done) {
  const QPixmap shot = window->grab();
  QWidget* view = scene->widget();
  const QRect target(view->mapTo(window, QPoint(0, 0)), view->size());
  const auto compose = [shot, target, done](const QImage& sceneImage, const QString& why) {
    QImage image = shot.toImage();
    if (!sceneImage.isNull()) {
      const qreal dpr = shot.devicePixelRatio();
      QPainter(&image).drawImage(
          QRectF(QPointF(target.topLeft()) * dpr, QSizeF(target.size()) * dpr), sceneImage);
    }
    done(image, why);
  };
  if (!withScene) return compose({}, {});
  QPointer<QWidget> alive(window);
  scene->capture([alive, compose](const QImage& image, const QString& why) {
    if (alive) compose(image, why);
  });
}

void saveWindowShot(QWidget* window, SceneView* scene, bool withScene, const QString& path,
                    std::function<void(bool ok, QString error)> done) {
  grabWindow(window, scene, withScene, [path, done](const QImage& image, const QString& why) {
    QString error = why;
    const bool written = savePng(image, path, &error);
    if (done) done(written && why.isEmpty(), error);
  });
}

void saveSceneShot(QWidget* context, SceneView* scene, const QString& path,
                   std::function<void(bool ok, QString error)> done,
                   const SceneShotOptions& options) {
  QPointer<QWidget> alive(context);
  scene->setHelpVisible(false);
  scene->setLabelsVisible(options.labels);
  scene->capture([alive, scene, path, done, options](const QImage& image, const QString& why) {
    if (!alive) return;
    scene->setHelpVisible(true);
    scene->setLabelsVisible(true);
    QString error = why;
    const bool ok =
        !image.isNull() &&
        savePng(options.size.isValid() ? fitImage(image, options.size) : image, path, &error);
    if (done) done(ok, error);
  });
}

void showSceneShotDialog(QWidget* parent, SceneView* scene, const QString& proposedPath,
                         std::function<void(bool ok, const QString& message)> report) {
  QDialog dialog(parent);
  dialog.setWindowTitle(QObject::tr("Export 3D view as PNG"));
  auto* form = new QFormLayout(&dialog);
  auto* path = new QLineEdit(proposedPath);
  path->setObjectName("path");
  auto* browse = new QPushButton(QObject::tr("Browse..."));
  QObject::connect(browse, &QPushButton::clicked, &dialog, [&dialog, path] {
    const QString p = QFileDialog::getSaveFileName(&dialog, QObject::tr("Export 3D view"),
                                                   path->text(), QObject::tr("PNG (*.png)"),
                                                   nullptr, QFileDialog::DontConfirmOverwrite);
    if (!p.isEmpty()) path->setText(p);
  });
  auto* fileRow = new QHBoxLayout;
  fileRow->addWidget(path, 1);
  fileRow->addWidget(browse);
  form->addRow(QObject::tr("File"), fileRow);
  // the view's own pixels by default: a larger size scales its picture up
  const QSize own = scene->widget()->size() * scene->widget()->devicePixelRatio();
  auto* width = new QSpinBox;
  auto* height = new QSpinBox;
  width->setObjectName("width");
  height->setObjectName("height");
  for (QSpinBox* b : {width, height}) b->setRange(16, 20000);
  width->setValue(own.width());
  height->setValue(own.height());
  auto* size = new QHBoxLayout;
  size->addWidget(width);
  size->addWidget(new QLabel("x"));
  size->addWidget(height);
  size->addWidget(
      new QLabel(QObject::tr("pixels (the view renders %1 x %2; other sizes are fitted in)")
                     .arg(own.width())
                     .arg(own.height())),
      1);
  form->addRow(QObject::tr("Size"), size);
  auto* labels = new QCheckBox(QObject::tr("the runs' cards, the caption and the legend"));
  labels->setObjectName("labels");
  labels->setChecked(QSettings().value("sceneshot/labels", true).toBool());
  form->addRow(QObject::tr("Show"), labels);
  form->addRow(new QLabel(QObject::tr("The camera's help line is left out.")));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted || path->text().isEmpty()) return;
  QString file = path->text();
  if (QFileInfo(file).suffix().isEmpty()) file += ".png";
  if (QFileInfo::exists(file) &&
      QMessageBox::question(
          parent, QObject::tr("Replace file?"), QObject::tr("%1 exists. Replace it?").arg(file),
          QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
    return;
  QSettings().setValue("sceneshot/labels", labels->isChecked());
  SceneShotOptions options;
  const QSize asked(width->value(), height->value());
  if (asked != own) options.size = asked;
  options.labels = labels->isChecked();
  saveSceneShot(
      parent, scene, file,
      [report, file](bool ok, const QString& error) {
        report(ok, ok ? QObject::tr("Wrote %1").arg(file) : error);
      },
      options);
}

}  // namespace dms::ui
