// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Where the camera stands to frame what a viewport must show: pure geometry (no window, no GL),
// so that a test checks it directly. The camera orbits its target at an azimuth and elevation
// (degrees; azimuth about the scene's +Y, 0 looking along -Z) with a vertical field of view;
// labels cover bands at the top and bottom of the viewport, and what is framed fits between them.
#pragma once

#include <QSize>
#include <QSizeF>
#include <QVector3D>
#include <vector>

namespace dms::ui {

struct CameraFrame {
  float azimuth = 0.0f;
  float elevation = 20.0f;
  float fieldOfView = 38.0f;  ///< vertical, degrees
  float aspect = 1.0f;        ///< the viewport's width over its height
  /// The fractions of the viewport's height the labels cover at its top and bottom.
  float bandTop = 0.0f, bandBottom = 0.0f;
};

struct CameraFit {
  QVector3D target;
  float distance = 1.0f;
};

/// The unit vectors of the camera's frame: towards the camera from the target (`back`), the
/// screen's up and right.
struct CameraAxes {
  QVector3D back, up, right;
};
CameraAxes cameraAxes(float azimuth, float elevation);

/// Frames a sphere (the whole reach of a system's motion): it fits the narrower field of view
/// of the band between the labels, with 4% to spare.
CameraFit fitSphere(const QVector3D& centre, float radius, const CameraFrame& frame);

/// Frames points (a flat orbit seen at an angle, a path): the camera looks at the centre of
/// their extent across the screen and stands back just far enough that every point projects
/// inside the band between the labels, with 4% to spare. A flat disc seen from 35 degrees above
/// fills the viewport where the sphere around it would leave it half empty. No points: a unit
/// distance at the origin.
CameraFit fitPoints(const std::vector<QVector3D>& points, const CameraFrame& frame);

/// The columns and rows of the viewports for `runs` side by side in a window of this size
/// (logical pixels) whose viewports each lose `bands` of their height to the labels: up to
/// three in a row; four in a row or on two rows, whichever frames the system larger (the
/// side of the largest square that fits between the labels of one viewport).
QSize viewportGrid(int runs, const QSizeF& window, qreal bands);

/// Where point p lands on the screen of a camera at `fit`, in units of the viewport's half
/// height (x right, y up; the viewport's top edge is y = 1); for tests and for checks.
QPointF projectToScreen(const QVector3D& p, const CameraFit& fit, const CameraFrame& frame);

}  // namespace dms::ui
