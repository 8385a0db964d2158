// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// dmstudio's command line, the scripted mode's interface (scripts rely on it: keep the names):
//   dmstudio --system NAME [--methods vi,rk45,...] [--set NAME=VALUE ...] [--play-to T]
//            [--screenshot FILE.png] [--export-plots DIR] [--export-video FILE] [--quit]
//   dmstudio --system NAME --control [--set NAME=VALUE ...] [--transcription vi|rk2]
//            [--guess plain|mirror] [--play-to T] [--screenshot FILE.png] [--export-plots DIR]
//            [--quit]
// --export-video FILE.mp4|.webm|.gif takes [--video-size WxH] [--video-fps N] [--video-from T]
// [--video-to T] [--video-speed S] [--video-plots] (ui/app/animationexport.h).
// The modes' flags (--control, --transcription, --guess, --analysis, --study, --methods, --show)
// are declared by the modes themselves (ui/mode/modeflags.h, listed in ui/app/modes.h).
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ui/app/animationexport.h"
#include "ui/mode/modeflags.h"

namespace dms::ui {

/// Everything the arguments ask; what the modes' checks read and fill (--system, the mode and
/// its choices) is in ModeArguments.
struct ScriptOptions : ModeArguments {
  /// Parsed and range-checked --set items (parameters, or h, T, rtol, atol; with --control the
  /// fields of the system's problem).
  std::vector<std::pair<std::string, std::vector<double>>> sets;
  std::optional<double> playTo;
  QString screenshot;
  QString exportDir;
  /// --export-video FILE (empty: none) and its options, checked but for the time range, which
  /// needs the run's horizon.
  AnimationOptions video;
  bool quit = false;
  bool help = false;
  bool version = false;  ///< --version
  /// --present: View > Presentation from the start.
  bool present = false;
  /// A scenario file to open (the one positional argument: `dmstudio FILE.json`), or empty.
  QString scenario;
  /// True when the window has something to do on its own (and then quits with --quit).
  bool scripted() const {
    return playTo || !screenshot.isEmpty() || !exportDir.isEmpty() || !video.path.isEmpty() || quit;
  }
  /// True when the arguments ask for anything at all (else the window opens as it was left).
  bool any() const {
    return scripted() || !mode.isEmpty() || !system.isEmpty() || !sets.empty() || !choices.empty();
  }
};

/// Parses the arguments (without the program name) with QCommandLineParser. On a bad argument
/// returns false and an `error` naming the flag (the caller exits with status 2).
bool parseCommandLine(const QStringList& args, ScriptOptions* out, QString* error);

/// True when the arguments (argv without the program name) ask for the help or the version, which
/// dmstudio prints without a display: it then parses them with a QCoreApplication, not a
/// QApplication, which needs one.
bool asksForText(const QStringList& args);

/// The usage text (every system, and every mode's flags as it declares them).
QString commandLineUsage();

}  // namespace dms::ui
