// Colours shared by the plots and the 3D view, so each run looks the same everywhere.
#pragma once

#include <QColor>

namespace dms::ui {

inline QColor variationalColor() { return QColor(0x1f, 0x77, 0xb4); }  // blue
inline QColor rungeKuttaColor() { return QColor(0xd6, 0x5f, 0x00); }   // orange
inline QColor controlColor() { return QColor(0x2c, 0xa0, 0x2c); }      // green: controls
inline QColor controlColor2() { return QColor(0x00, 0x83, 0x8f); }     // teal: a second control

}  // namespace dms::ui
