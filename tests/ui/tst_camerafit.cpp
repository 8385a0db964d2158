// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The camera's framing, pure geometry without a window: every framed point lands inside the
// band between the labels, the framing is tight (a point touches the band's edge), and a flat
// disc seen at an angle is framed closer than the sphere around it.
#include <QPointF>
#include <QtTest>
#include <cmath>

#include "tests/common/suitemain.h"
#include "ui/scene3d/camerafit.h"

namespace tst_camerafit {

using namespace dms::ui;

std::vector<QVector3D> disc(float radius, int n) {
  std::vector<QVector3D> pts;
  for (int k = 0; k < n; ++k) {
    const float a = float(k) * 2.0f * float(M_PI) / float(n);
    pts.push_back(QVector3D(radius * std::cos(a), 0.0f, radius * std::sin(a)));
  }
  return pts;
}

// how far inside the band a point lands: 0 on its edge, negative outside (in half heights).
// The band keeps 40% of the height however tall the labels are (they then cover the framing's
// edge rather than squeeze it to nothing), about the middle between them.
float margin(const QPointF& s, const CameraFrame& f) {
  const float half = std::max(1.0f - f.bandTop - f.bandBottom, 0.4f);
  const float mid = f.bandBottom - f.bandTop;
  const float top = mid + half, bottom = mid - half;
  return std::min({float(f.aspect - std::fabs(s.x())), float(top - s.y()), float(s.y() - bottom)});
}

class TestCameraFit : public QObject {
  Q_OBJECT
 private slots:
  void pointsLandInsideTheBand_data() {
    QTest::addColumn<float>("aspect");
    QTest::addColumn<float>("top");
    QTest::addColumn<float>("bottom");
    QTest::addColumn<float>("elevation");
    QTest::newRow("wide, cards on top") << 2.0f << 0.2f << 0.05f << 35.0f;
    QTest::newRow("tall, no labels") << 0.6f << 0.0f << 0.0f << 20.0f;
    QTest::newRow("square, from above") << 1.0f << 0.1f << 0.1f << 80.0f;
    QTest::newRow("labels over half the height") << 1.5f << 0.5f << 0.3f << 35.0f;
  }
  void pointsLandInsideTheBand() {
    QFETCH(float, aspect);
    QFETCH(float, top);
    QFETCH(float, bottom);
    QFETCH(float, elevation);
    CameraFrame f;
    f.azimuth = 20.0f;
    f.elevation = elevation;
    f.aspect = aspect;
    f.bandTop = top;
    f.bandBottom = bottom;
    std::vector<QVector3D> pts = disc(3.9f, 48);
    pts.push_back(QVector3D(0.5f, 1.2f, -0.3f));  // a body above the plane
    const CameraFit fit = fitPoints(pts, f);
    float closest = 1e9f;
    for (const QVector3D& p : pts) {
      const float m = margin(projectToScreen(p, fit, f), f);
      QVERIFY2(m >= -1e-4f, qPrintable(QString("a point lands %1 outside the band").arg(-m)));
      closest = std::min(closest, m);
    }
    // tight: the 4% spare room, not more (each point's margin is at most that of the extent)
    QVERIFY2(closest < 0.12f, qPrintable(QString("nearest point %1 inside the band").arg(closest)));
  }

  // the dumbbell's orbit plane from 35 degrees up: the disc's outline frames it closer than
  // its bounding sphere, so the bodies on it are drawn larger
  void flatDiscCloserThanItsSphere() {
    CameraFrame f;
    f.elevation = 35.0f;
    f.aspect = 2.0f;
    f.bandTop = 0.2f;
    const CameraFit points = fitPoints(disc(3.9f, 48), f);
    const CameraFit sphere = fitSphere(QVector3D(0, 0, 0), 3.9f, f);
    QVERIFY2(points.distance < 0.85f * sphere.distance,
             qPrintable(QString("disc %1, sphere %2").arg(points.distance).arg(sphere.distance)));
  }

  // a sphere fits the narrower field of view: its silhouette touches the band's edge
  void sphereTouchesTheNarrowerSide() {
    CameraFrame f;
    f.aspect = 0.5f;  // tall: the width limits
    const CameraFit fit = fitSphere(QVector3D(1, 2, 3), 2.0f, f);
    const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
    QCOMPARE(fit.distance, 1.04f * 2.0f / std::sin(std::atan(t * 0.5f)));
  }

  // four runs in presentation at 1024x768 (the 3D view about 1024x390, labels taking 106 px of
  // each viewport's height): the grid's viewports frame the reach of the motion at least 200 px
  // across (a body of a quarter of that then reads from the back of the room); in a square
  // window two rows frame it larger than one
  void fourRunsFramedLarge_data() {
    QTest::addColumn<QSizeF>("window");
    QTest::addColumn<qreal>("bands");
    QTest::addColumn<double>("least");
    QTest::newRow("presentation 1024x768") << QSizeF(1024, 390) << qreal(106) << 200.0;
    QTest::newRow("presentation 1920x1080") << QSizeF(1920, 560) << qreal(106) << 380.0;
    QTest::newRow("square") << QSizeF(800, 800) << qreal(106) << 260.0;
  }
  void fourRunsFramedLarge() {
    QFETCH(QSizeF, window);
    QFETCH(qreal, bands);
    QFETCH(double, least);
    const QSize g = viewportGrid(4, window, bands);
    QVERIFY(g.width() * g.height() >= 4);
    const double vw = window.width() / g.width(), vh = window.height() / g.height();
    CameraFrame f;
    f.aspect = float(vw / vh);
    f.bandTop = float(70 / vh);
    f.bandBottom = float((bands - 70) / vh);
    const float radius = 1.0f;
    const CameraFit fit = fitSphere(QVector3D(0, 0, 0), radius, f);
    // the sphere's diameter on the screen, in pixels (half heights times half the height)
    const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
    const double across = 2.0 * radius / (double(fit.distance) * t) * vh / 2;
    QVERIFY2(across >= least, qPrintable(QString("%1x%2 viewports frame it %3 px across")
                                             .arg(g.width())
                                             .arg(g.height())
                                             .arg(across)));
  }
};

DMS_TEST_APPLESS_MAIN(TestCameraFit)
}  // namespace tst_camerafit
#include "tst_camerafit.moc"
