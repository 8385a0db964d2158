// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Colours shared by the plots, the panels and the 3D view, so each run looks the same everywhere
// and a problem is the same red in every panel.
#pragma once

#include <QColor>
#include <QString>

namespace dms::ui {

// the controls (the runs' colours are the methods': ui/common/methodlook.h)
inline QColor controlColor() { return QColor(0x2c, 0xa0, 0x2c); }   // green: controls
inline QColor controlColor2() { return QColor(0x00, 0x83, 0x8f); }  // teal: a second control
/// The three components of a control vector: apart from the runs' and the controls' colours.
inline QColor componentColor(int k) {
  const QColor colours[3] = {QColor(0xc0, 0x39, 0x2b), QColor(0x7b, 0x4f, 0xb0),
                             QColor(0x5d, 0x6d, 0x7e)};
  return colours[k % 3];
}
inline QColor costColor() { return QColor(0x2b, 0x4c, 0x7e); }       // a solver's cost
inline QColor violationColor() { return QColor(0xc0, 0x39, 0x2b); }  // its constraint violation

// text
inline QColor errorColor() { return QColor(0xb0, 0x00, 0x20); }      // a problem, a failed run
inline QColor liveTextColor() { return QColor(0x44, 0x44, 0x44); }   // what is happening now
inline QColor mutedTextColor() { return QColor(0x55, 0x55, 0x55); }  // notes, table labels
inline QColor hintTextColor() { return QColor(0x77, 0x77, 0x77); }   // hints, empty plots

// plot furniture
inline QColor gridColor() { return QColor(0xdd, 0xdd, 0xdd); }
inline QColor cursorColor() { return QColor(0x33, 0x33, 0x33); }  // the playback time

inline QString colorHex(const QColor& c) { return c.name(QColor::HexRgb); }
/// A label's style sheet in one of these colours.
inline QString labelStyle(const QColor& c, bool bold = false) {
  return QStringLiteral("QLabel { color: %1;%2 }")
      .arg(colorHex(c), bold ? QStringLiteral(" font-weight: bold;") : QString());
}

}  // namespace dms::ui
