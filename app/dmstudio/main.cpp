// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmstudio: the desktop app. Without arguments it opens the window on the last system; with
// the scripted-mode flags (ui/app/commandline.h) it plays, writes files and may quit.
#include <QApplication>
#include <QIcon>
#include <QTimer>
#include <cstdio>
#include <optional>

#include "core/version.h"
#include "ui/app/commandline.h"
#include "ui/app/mainwindow.h"
#include "ui/app/presentation.h"
#include "ui/app/scriptrunner.h"
#include "ui/scene3d/sceneview.h"

namespace {

void nameApplication() {
  QCoreApplication::setOrganizationName("DiscreteMechanicsStudio");
  QCoreApplication::setApplicationName("dmstudio");
  QCoreApplication::setApplicationVersion(DMS_VERSION);
}

// the arguments of the running application: the exit status when they end the program (a bad
// argument, the help, the version), none when the window is to open
std::optional<int> parseArguments(dms::ui::ScriptOptions* options) {
  QStringList args = QCoreApplication::arguments();
  args.removeFirst();
  QString error;
  if (!dms::ui::parseCommandLine(args, options, &error)) {
    std::fprintf(stderr, "dmstudio: %s\n%s", qPrintable(error),
                 qPrintable(dms::ui::commandLineUsage()));
    return 2;
  }
  if (options->help) {
    std::printf("%s", qPrintable(dms::ui::commandLineUsage()));
    return 0;
  }
  if (options->version) {
    std::printf("dmstudio %s\n", DMS_VERSION);
    return 0;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  // --help and --version print without a display: a QApplication would need one
  {
    QStringList raw;
    for (int i = 1; i < argc; ++i) raw << QString::fromLocal8Bit(argv[i]);
    if (dms::ui::asksForText(raw)) {
      QCoreApplication core(argc, argv);
      nameApplication();
      dms::ui::ScriptOptions options;
      if (const std::optional<int> status = parseArguments(&options)) return *status;
      // "--help" was a flag's value: the window opens
    }
  }
  // what the 3D view needs of the whole process, before the application exists
  dms::ui::prepareSceneProcess();
  QApplication app(argc, argv);
  nameApplication();
  // the icon compiled in from resources/dmstudio.qrc; the desktop file name lets a Wayland
  // compositor match the window to the installed desktop entry and its icon
  QApplication::setWindowIcon(QIcon(":/icons/dmstudio.svg"));
  QGuiApplication::setDesktopFileName("io.github.dms.DiscreteMechanicsStudio");

  dms::ui::ScriptOptions options;
  if (const std::optional<int> status = parseArguments(&options)) return *status;

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
  if (!options.scenario.isEmpty() && !window.openScenario(options.scenario) && options.scripted()) {
    window.close();
    return 2;
  }
  if (options.present) window.presentation()->setOn(true);
  if (options.any()) QTimer::singleShot(0, &script, &dms::ui::ScriptRunner::start);
  const int rc = app.exec();
  return rc != 0 ? rc : status;
}
