// The scripted mode's command line (an interface scripts rely on: keep the names):
//   dmstudio --system NAME [--set NAME=VALUE ...] [--play-to T] [--screenshot FILE.png]
//            [--export-plots DIR] [--quit]
//   dmstudio --system NAME --control [--set NAME=VALUE ...] [--transcription vi|rk2]
//            [--guess plain|mirror] [--play-to T] [--screenshot FILE.png] [--export-plots DIR]
//            [--quit]
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dms::ui {

struct ScriptOptions {
  QString system;  ///< empty: the last system (QSettings)
  /// Parsed and range-checked --set items (parameters, or h, T, rtol, atol).
  std::vector<std::pair<std::string, std::vector<double>>> sets;
  std::optional<double> playTo;
  QString screenshot;
  QString exportDir;
  bool quit = false;
  bool help = false;
  /// The "Optimal control" mode: solve, then show the maneuver (the --set items are its fields).
  bool control = false;
  /// Its choices (--transcription, --guess), checked by the mode.
  std::vector<std::pair<std::string, std::string>> choices;

  /// True when the window has something to do on its own.
  bool scripted() const { return playTo || !screenshot.isEmpty() || !exportDir.isEmpty() || quit; }
};

/// Parses the arguments (without the program name). On a bad argument returns false and an
/// `error` naming the flag (the caller exits with status 2).
bool parseScriptOptions(const QStringList& args, ScriptOptions* out, QString* error);

/// The usage text.
QString scriptUsage();

}  // namespace dms::ui
