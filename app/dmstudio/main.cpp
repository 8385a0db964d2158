// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmstudio: the desktop app. Without arguments it opens the window on the last system; with
// the scripted-mode flags (ui/app/commandline.h) it plays, writes files and may quit.
#include <QApplication>
#include <QIcon>
#include <QTimer>
#include <cstdio>

#include "core/version.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/presentation.h"
#include "ui/app/scriptrunner.h"
#include "ui/scene3d/sceneview.h"

int main(int argc, char** argv) {
  // what the 3D view needs of the whole process, before the application exists
  dms::ui::prepareSceneProcess();
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName("DiscreteMechanicsStudio");
  QCoreApplication::setApplicationName("dmstudio");
  QCoreApplication::setApplicationVersion(DMS_VERSION);
  // the icon compiled in from resources/dmstudio.qrc; the desktop file name lets a Wayland
  // compositor match the window to the installed desktop entry and its icon
  QApplication::setWindowIcon(QIcon(":/icons/dmstudio.svg"));
  QGuiApplication::setDesktopFileName("io.github.dms.DiscreteMechanicsStudio");

  QStringList args = QCoreApplication::arguments();
  args.removeFirst();
  dms::ui::ScriptOptions options;
  QString error;
  if (!dms::ui::parseCommandLine(args, &options, &error)) {
    std::fprintf(stderr, "dmstudio: %s\n%s", qPrintable(error),
                 qPrintable(dms::ui::commandLineUsage()));
    return 2;
  }
  if (options.help) {
    std::printf("%s", qPrintable(dms::ui::commandLineUsage()));
    return 0;
  }

  dms::ui::MainWindow window;
  dms::ui::ScriptRunner script(&window, options);
  int status = 0;
  QObject::connect(&script, &dms::ui::ScriptRunner::finished, &app, [&](int code) {
    status = code;
    if (options.quit || code == 2) {
      window.close();
      QCoreApplication::exit(code);
    }
  });
  window.show();
  // scripted: messages on stderr, no dialog; a scenario that cannot be opened is a bad argument
  // (its message says why), not a run of the scenario that was there before
  if (options.scripted()) window.setScripted(true);
  if (!options.scenario.isEmpty() && !window.openScenario(options.scenario) &&
      options.scripted()) {
    window.close();
    return 2;
  }
  if (options.present) window.presentation()->setOn(true);
  if (options.any()) QTimer::singleShot(0, &script, &dms::ui::ScriptRunner::start);
  const int rc = app.exec();
  return rc != 0 ? rc : status;
}
