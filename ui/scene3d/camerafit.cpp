// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/camerafit.h"

#include <QPointF>
#include <QtMath>
#include <algorithm>
#include <cmath>

namespace dms::ui {

namespace {

constexpr float kSpare = 1.04f;
// the band between the labels keeps at least this fraction of the height, however tall they are
constexpr float kMinBand = 0.4f;

float bandFraction(const CameraFrame& f) {
  return std::max(1.0f - f.bandTop - f.bandBottom, kMinBand);
}

// the target moves up by half the difference of the bands (in half heights at its depth),
// which moves what is framed down on the screen, into the middle of the band
QVector3D bandShift(const CameraFrame& f, const CameraAxes& a, float distance) {
  const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
  return a.up * ((f.bandTop - f.bandBottom) * distance * t);
}

}  // namespace

CameraAxes cameraAxes(float azimuth, float elevation) {
  const float az = qDegreesToRadians(azimuth), el = qDegreesToRadians(elevation);
  CameraAxes a;
  a.back = QVector3D(std::cos(el) * std::sin(az), std::sin(el), std::cos(el) * std::cos(az));
  a.up = QVector3D(-std::sin(el) * std::sin(az), std::cos(el), -std::sin(el) * std::cos(az));
  a.right = QVector3D(std::cos(az), 0.0f, -std::sin(az));
  return a;
}

CameraFit fitSphere(const QVector3D& centre, float radius, const CameraFrame& f) {
  const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
  const float halfV = std::atan(t * bandFraction(f)), halfH = std::atan(t * f.aspect);
  CameraFit fit;
  fit.distance = kSpare * radius / std::sin(std::min(halfV, halfH));
  fit.target = centre + bandShift(f, cameraAxes(f.azimuth, f.elevation), fit.distance);
  return fit;
}

CameraFit fitPoints(const std::vector<QVector3D>& points, const CameraFrame& f) {
  CameraFit fit;
  if (points.empty()) return fit;
  const CameraAxes a = cameraAxes(f.azimuth, f.elevation);
  // the centre of the points' extent along each of the camera's axes
  float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
  for (const QVector3D& p : points) {
    const float c[3] = {QVector3D::dotProduct(p, a.right), QVector3D::dotProduct(p, a.up),
                        QVector3D::dotProduct(p, a.back)};
    for (int k = 0; k < 3; ++k) {
      lo[k] = std::min(lo[k], c[k]);
      hi[k] = std::max(hi[k], c[k]);
    }
  }
  const QVector3D centre = a.right * (0.5f * (lo[0] + hi[0])) + a.up * (0.5f * (lo[1] + hi[1])) +
                           a.back * (0.5f * (lo[2] + hi[2]));
  const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
  // on the screen (half heights, y up) the band spans mid - half .. mid + half; the camera
  // stands at centre + s up + D back with s = -mid D t (bandShift), so that a point at x, y
  // across and z towards the camera lands at ((x, y - s) / ((D - z) t)): inside the band and
  // the width when D is at least each bound below (each grows with D, so the largest holds all)
  const float half = bandFraction(f), mid = f.bandBottom - f.bandTop;
  const float top = mid + half, bottom = mid - half;
  float distance = 0.0f;
  for (const QVector3D& p : points) {
    const QVector3D r = p - centre;
    const float x = std::fabs(QVector3D::dotProduct(r, a.right));
    const float y = QVector3D::dotProduct(r, a.up);
    const float z = QVector3D::dotProduct(r, a.back);
    distance = std::max({distance, z + x / (f.aspect * t), (y + top * z * t) / (t * half),
                         (-y - bottom * z * t) / (t * half)});
  }
  fit.distance = std::max(kSpare * distance, 1e-3f);
  fit.target = centre + bandShift(f, a, fit.distance);
  return fit;
}

QSize viewportGrid(int runs, const QSizeF& window, qreal bands) {
  const int n = std::max(runs, 1);
  if (n <= 3) return QSize(n, 1);
  const auto side = [&](int cols, int rows) {
    return std::min(window.width() / cols, window.height() / rows - bands);
  };
  return side(4, 1) > side(2, 2) ? QSize(4, 1) : QSize(2, 2);
}

QPointF projectToScreen(const QVector3D& p, const CameraFit& fit, const CameraFrame& f) {
  const CameraAxes a = cameraAxes(f.azimuth, f.elevation);
  const QVector3D eye = fit.target + a.back * fit.distance;
  const QVector3D r = p - eye;
  const float depth = -QVector3D::dotProduct(r, a.back);
  const float t = std::tan(qDegreesToRadians(f.fieldOfView) / 2.0f);
  return QPointF(QVector3D::dotProduct(r, a.right) / (depth * t),
                 QVector3D::dotProduct(r, a.up) / (depth * t));
}

}  // namespace dms::ui
