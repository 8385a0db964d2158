// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the 3D view's suites share (tst_scene3d, tst_scenesystems): a view in a real window
// (Xvfb and Mesa when there is no display), its capture waited for on its callback, and the
// counts the suites make of the pictures.
#pragma once

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QWidget>
#include <QWindow>
#include <QtTest>
#include <cmath>
#include <memory>
#include <set>

#include "core/sim/registry.h"
#include "tests/common/deadline.h"
#include "tests/common/imagecheck.h"
#include "ui/common/exporter.h"
#include "ui/common/methodlook.h"
#include "ui/common/palette.h"
#include "ui/scene3d/qt3d/hud.h"
#include "ui/scene3d/qt3d/qt3dsceneview.h"
#include "ui/scene3d/qt3d/visualregistry.h"
#include "ui/scene3d/sceneview.h"

namespace dms::test::scene {

using namespace dms;
using namespace dms::ui;

struct Shot {
  bool done = false, ok = false;
  QString message;
};

inline int countDifferent(const QImage& a, const QImage& b) {
  int n = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (a.pixel(x, y) != b.pixel(x, y)) ++n;
  return n;
}

// the k-th sample of a run from the model's defaults
inline Sample sampleAt(const SystemModel& model, Method method, int k) {
  const ParamValues values = model.normalize(defaultValues(model.params()), nullptr);
  IntegratorSettings settings = model.defaultSettings();
  std::unique_ptr<Run> run = model.makeRun(values, method, settings);
  std::vector<Sample> out;
  while (int(out.size()) <= k && run->advance(out, std::size_t(k + 1 - int(out.size())))) {
  }
  return out.at(std::size_t(k));
}

// a planar pendulum's bob at `angle` (radians) from hanging straight down, negative to the
// left of the pivot as the view shows it
inline Sample bobAt(double angle, double l) {
  Sample s;
  s.position = l * Vector3d(std::sin(angle), std::cos(angle), 0.0);
  return s;
}

// pixels darker than the time stamp's text is drawn (near black; the cards' texts are lighter)
inline int countDark(const QImage& img, const QRect& r, QRect* bounds = nullptr) {
  int n = 0;
  QRect box;
  for (int y = std::max(r.top(), 0); y <= std::min(r.bottom(), img.height() - 1); ++y)
    for (int x = std::max(r.left(), 0); x <= std::min(r.right(), img.width() - 1); ++x)
      if (img.pixelColor(x, y).valueF() < 0.2f) {
        ++n;
        box |= QRect(x, y, 1, 1);
      }
  if (bounds) *bounds = box;
  return n;
}

inline int countDifferent(const QImage& a, const QImage& b, const QRect& r) {
  return countDifferent(a.copy(r), b.copy(r));
}

inline SceneRun sceneRun(Method m) {
  return {QString::fromStdString(methodInfo(m).label), methodSubtitle(m), methodLook(m).color};
}

inline QColor colorOf(Method m) { return methodLook(m).color; }

/// The view in a window of its own (setUp), its captures.
class SceneFixture : public QObject {
 protected:
  QWidget m_top;
  std::unique_ptr<SceneView> m_view;
  QTemporaryDir m_dir;
  // DMS_SCENE_SHOTS=folder keeps the captures for a look
  QString shotDir() const {
    return qEnvironmentVariableIsSet("DMS_SCENE_SHOTS") ? qEnvironmentVariable("DMS_SCENE_SHOTS")
                                                        : m_dir.path();
  }

  // the view's capture, written as a PNG to `path` (savePng, as File > Export 3D view does)
  bool shoot(const QString& path, Shot& shot) {
    shot = Shot();
    m_view->capture([&shot, path](const QImage& image, const QString& error) {
      shot.done = true;
      shot.message = error;
      shot.ok = !image.isNull() && savePng(image, path, &shot.message);
    });
    return QTest::qWaitFor([&shot] { return shot.done; }, ms(20000));
  }

  // before each case: the article's pair of runs (every case but the grid's shows it)
  void showArticlePair() {
    m_view->setRuns({sceneRun(Method::Variational), sceneRun(Method::Rk45)});
  }
  // after each case: side by side, no time stamp, the cards shown
  void resetView() {
    m_view->setOverlay(false);
    m_view->setTimeStamp(QString());
    m_view->setLabelsVisible(true);
  }

  QImage grab(const QString& name) {
    Shot shot;
    const QString path = QDir(shotDir()).filePath(name);
    if (!shoot(path, shot) || !shot.ok) {
      qWarning("capture %s failed: %s", qPrintable(name), qPrintable(shot.message));
      return QImage();
    }
    return QImage(path);
  }

  QSize expectedSize() const {
    return m_view->widget()->size() * m_view->widget()->devicePixelRatio();
  }

  /// Shows the view at 900 x 520; false when the window was not exposed.
  bool setUp() {
    if (!m_dir.isValid()) return false;
    m_view = createSceneView(&m_top);
    auto* layout = new QVBoxLayout(&m_top);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view->widget());
    m_top.resize(900, 520);
    m_top.show();
    return QTest::qWaitForWindowExposed(&m_top);
  }
};

}  // namespace dms::test::scene
