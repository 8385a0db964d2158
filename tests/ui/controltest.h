// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the Optimal control mode's suites share (tst_controlmode, tst_controlinput): the arrows
// of the target and of the controls, the colour count of the control arrows, waiting for a
// solve and the 3D view's capture, each waited for on a condition (a signal, a callback).
#pragma once

#include <QColor>
#include <QImage>
#include <QSignalSpy>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "tests/common/deadline.h"
#include "tests/ui/windowtest.h"
#include "ui/app/mainwindow.h"
#include "ui/common/exporter.h"
#include "ui/control/controlmode.h"
#include "ui/scene3d/sceneview.h"

namespace dms::test {

/// Pixels of a colour's hue (as lit: darker or lighter, still saturated) in the whole image:
/// narrower in hue and more saturated than countHue (imagecheck.h), as the control arrows are
/// drawn.
inline int countControlHue(const QImage& img, const QColor& target) {
  const float hue = target.hsvHueF();
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      const QColor c = img.pixelColor(x, y);
      float d = std::abs(c.hsvHueF() - hue);
      d = std::min(d, 1.0f - d);
      if (c.hsvHueF() >= 0 && d < 0.025f && c.hsvSaturationF() > 0.45f && c.valueF() > 0.2f) ++n;
    }
  return n;
}

/// The arrows that show the maneuver's target (labelled "target ..." or unlabelled parts of it).
inline std::vector<ui::SceneArrow> targetArrows(const std::vector<ui::SceneArrow>& all) {
  std::vector<ui::SceneArrow> out;
  for (const ui::SceneArrow& a : all)
    if (a.label.isEmpty() || a.label.contains("target")) out.push_back(a);
  return out;
}

/// The other arrows: the controls.
inline std::vector<ui::SceneArrow> controlArrows(const std::vector<ui::SceneArrow>& all) {
  std::vector<ui::SceneArrow> out;
  for (const ui::SceneArrow& a : all)
    if (!a.label.isEmpty() && !a.label.contains("target")) out.push_back(a);
  return out;
}

/// Waits for the mode's solveEnded signal; returns its (converged, cancelled).
inline std::pair<bool, bool> waitSolve(ui::ControlMode* mode, int budget = ms(30000)) {
  QSignalSpy spy(mode, &ui::ControlMode::solveEnded);
  if (!spy.wait(budget)) return {false, false};
  return {spy.at(0).at(0).toBool(), spy.at(0).at(1).toBool()};
}

/// The 3D view's own capture (a null image when it failed), kept at `path` for a look.
inline QImage captureScene(ui::MainWindow& w, const QString& path) {
  const QImage shot = sceneShot(w, ms(10000));
  if (!shot.isNull()) ui::savePng(shot, path, nullptr);
  return shot;
}

}  // namespace dms::test
