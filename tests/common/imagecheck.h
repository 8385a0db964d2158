// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Counting what a picture shows: pixels near a colour's hue, as a lit body of that colour is
// drawn (darker or lighter, still saturated), or near the colour itself, as text is drawn, in a
// rectangle of a capture.
#pragma once

#include <QColor>
#include <QImage>
#include <QRect>
#include <algorithm>
#include <cmath>

namespace dms::test {

/// Pixels of `img` inside `r` (clipped to the image) whose hue is within 0.035 of target's,
/// with saturation above 0.35 and value above 0.2.
inline int countHue(const QImage& img, const QRect& r, const QColor& target) {
  const float hue = target.hsvHueF();
  int n = 0;
  for (int y = std::max(r.top(), 0); y <= std::min(r.bottom(), img.height() - 1); ++y)
    for (int x = std::max(r.left(), 0); x <= std::min(r.right(), img.width() - 1); ++x) {
      const QColor c = img.pixelColor(x, y);
      float d = std::abs(c.hsvHueF() - hue);
      d = std::min(d, 1.0f - d);
      if (c.hsvHueF() >= 0 && d < 0.035f && c.hsvSaturationF() > 0.35f && c.valueF() > 0.2f) ++n;
    }
  return n;
}

/// Pixels of `img` inside `r` (clipped to the image) whose red, green and blue are each within
/// `tolerance` of target's: text of that colour (its antialiased edges left out).
inline int countNear(const QImage& img, const QRect& r, const QColor& target, int tolerance) {
  int n = 0;
  for (int y = std::max(r.top(), 0); y <= std::min(r.bottom(), img.height() - 1); ++y)
    for (int x = std::max(r.left(), 0); x <= std::min(r.right(), img.width() - 1); ++x) {
      const QColor c = img.pixelColor(x, y);
      if (std::abs(c.red() - target.red()) <= tolerance &&
          std::abs(c.green() - target.green()) <= tolerance &&
          std::abs(c.blue() - target.blue()) <= tolerance)
        ++n;
    }
  return n;
}

}  // namespace dms::test
