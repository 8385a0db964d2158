#include "ui/app/windowshot.h"

#include <QPainter>
#include <QPixmap>
#include <QPointer>
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
                   std::function<void(bool ok, QString error)> done) {
  QPointer<QWidget> alive(context);
  scene->capture([alive, path, done](const QImage& image, const QString& why) {
    if (!alive) return;
    QString error = why;
    const bool ok = !image.isNull() && savePng(image, path, &error);
    if (done) done(ok, error);
  });
}

}  // namespace dms::ui
