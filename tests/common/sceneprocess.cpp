// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Linked into every suite that opens a Qt3D window (dms_add_test's QT3D_WINDOW): QTEST_MAIN
// writes the suite's main(), so the process-wide setup the app makes in its main()
// (prepareSceneProcess) runs here from a static initializer, before the QApplication exists.
#include "ui/scene3d/sceneview.h"

namespace {

const bool kPrepared = [] {
  dms::ui::prepareSceneProcess();
  return true;
}();

}  // namespace
