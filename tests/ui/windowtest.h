// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window's suites share (tst_mainwindow, tst_windowlayout, tst_windowexport,
// tst_scenariofile and the modes' window suites): a fresh window for each test case, with
// settings of its own, its 3D view drawn only where the case looks at it, and waiting for the
// Simulation mode's runs on a condition (the session idle), never on the clock.
#pragma once

#include <QImage>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "tests/ui/recordingscene.h"
#include "ui/app/mainwindow.h"
#include "ui/scene3d/sceneview.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace dms::test {

/// The 3D view of a test's window: the app's own (Qt3D), or a RecordingScene that draws
/// nothing. A Qt3D view is about half of a window's cost under the sanitizers; the cases that
/// capture or query it ask for it (casesThatDraw), the others get the recording one, through
/// the same SceneView calls.
enum class WindowScene { Recording, Drawn };

/// Drawn when the running test function is one of `cases` (the cases of a suite that look at
/// the 3D view), else Recording.
inline WindowScene casesThatDraw(const QStringList& cases) {
  return cases.contains(QLatin1String(QTest::currentTestFunction())) ? WindowScene::Drawn
                                                                     : WindowScene::Recording;
}

/// A new main window, shown and exposed, over settings no other window has used (an empty
/// INI file of its own in `dir`): a test case sees nothing an earlier one left, neither in the
/// window nor in the settings. `size`: the window's, else its default. `scene`: the 3D view it
/// gets (the recording one unless the case looks at the view). Null when the window was not
/// exposed.
inline std::unique_ptr<ui::MainWindow> openFreshWindow(const QTemporaryDir& dir,
                                                       const QString& suite, QSize size = QSize(),
                                                       WindowScene scene = WindowScene::Recording) {
  static int count = 0;
  useOwnSettings(dir.filePath(QStringLiteral("settings-%1").arg(++count)), suite);
  auto w = std::make_unique<ui::MainWindow>(
      scene == WindowScene::Drawn ? nullptr : std::make_unique<RecordingScene>());
  if (size.isValid()) w->resize(size);
  w->show();
  if (!QTest::qWaitForWindowExposed(w.get())) return nullptr;
  return w;
}

/// Waits until the Simulation mode's runs are done, then draws them at once
/// (MainWindow::refresh: what the frame timer would draw next); false at the deadline.
inline bool waitIdle(ui::MainWindow& w, int budget = ms(20000)) {
  const bool idle =
      QTest::qWaitFor([&w] { return !w.simulationMode()->session()->running(); }, budget);
  w.refresh();
  return idle;
}

/// The last sample of a run of the Simulation mode.
/// The 3D view's own capture, waited for on its callback (a null image when it failed or did not
/// come within `budget`).
inline QImage sceneShot(ui::MainWindow& w, int budget = ms(20000)) {
  bool done = false;
  QImage shot;
  w.scene()->capture([&](const QImage& image, const QString&) {
    done = true;
    shot = image;
  });
  if (!QTest::qWaitFor([&done] { return done; }, budget)) return QImage();
  return shot;
}

inline Sample lastOf(const ui::MainWindow& w, int run) {
  return w.simulationMode()->session()->stores()[std::size_t(run)].last();
}

/// Writes the active mode's CSV through File > Export's path (MainWindow::exportCsv) and waits
/// for its end, on the window's signal; false and `error` when it was not written.
inline bool exportCsvAndWait(ui::MainWindow& w, const QString& path, QString* error,
                             int budget = ms(60000)) {
  QSignalSpy spy(&w, &ui::MainWindow::csvExported);
  w.exportCsv(path);
  if (spy.isEmpty() && !spy.wait(budget)) {
    *error = QStringLiteral("no end of the export within %1 ms").arg(budget);
    return false;
  }
  *error = spy.first().at(2).toString();
  return spy.first().at(1).toBool();
}

}  // namespace dms::test
