// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What the main window's suites share (tst_mainwindow, tst_windowlayout, tst_windowexport,
// tst_scenariofile): a fresh window for each test case, with settings of its own, and waiting
// for the Simulation mode's runs on a condition (the session idle), never on the clock.
#pragma once

#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "tests/common/deadline.h"
#include "tests/common/settings.h"
#include "ui/app/mainwindow.h"
#include "ui/sim/simulationmode.h"
#include "ui/sim/simworker.h"

namespace dms::test {

/// A new main window, shown and exposed, over settings no other window has used (an empty
/// INI file of its own in `dir`): a test case sees nothing an earlier one left, neither in the
/// window nor in the settings. `size`: the window's, else its default. Null when the window
/// was not exposed.
inline std::unique_ptr<ui::MainWindow> openFreshWindow(const QTemporaryDir& dir,
                                                       const QString& suite, QSize size = QSize()) {
  static int count = 0;
  useOwnSettings(dir.filePath(QStringLiteral("settings-%1").arg(++count)), suite);
  auto w = std::make_unique<ui::MainWindow>();
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
