// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Linked into every test executable whose suites open a Qt3D window (dms_add_test's
// QT3D_WINDOW): their main() is the executable's (tests/common/suitemain.h), so the process-wide
// setup the app makes in its main() (prepareSceneProcess) runs here from a static initializer,
// before any suite makes its QApplication.
#include "ui/scene3d/sceneview.h"

namespace {

const bool kPrepared = [] {
  dms::ui::prepareSceneProcess();
  return true;
}();

}  // namespace
