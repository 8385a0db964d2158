// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What a mode adds to dmstudio's command line: its flags, their lines in the usage text and
// their checks. The command line (ui/app/commandline.cpp) adds every mode's flags to one parser
// and calls every mode's checks at fixed points, in the order of the modes' list
// (ui/app/modes.cpp); it knows no mode by name. A check returns false with an `error` naming the
// flag (dmstudio exits with status 2).
#pragma once

#include <QCommandLineOption>
#include <QString>
#include <QStringList>
#include <string>
#include <utility>
#include <vector>

class QCommandLineParser;

namespace dms {
class SystemModel;
}

namespace dms::ui {

/// What the command line asks of the modes (the scripted mode applies it, ui/app/scriptrunner.h).
struct ModeArguments {
  QString system;  ///< --system as given; empty: the last system (QSettings)
  /// The mode to work in, by Mode::settingsKey() ("control" for --control); empty: the mode
  /// without a flag of its own (the simulation).
  QString mode;
  /// The asked mode's choices by name, each a flag of that mode and its value as given (e.g.
  /// --transcription, --study, the simulation's --potential, --methods and --show), checked by
  /// the mode's flags and applied in this order with Scripted::applyChoice before the --set
  /// values.
  std::vector<std::pair<std::string, std::string>> choices;
};

/// One flag's lines in the usage text.
struct FlagHelp {
  QString flag;       ///< as shown, e.g. "--methods M1,M2,..."
  QStringList lines;  ///< its help, one entry a line
  /// The window's flag (e.g. "system") whose help these lines follow; empty: in the modes' part
  /// at the end, in the order of the modes' list.
  QString after;
  /// Its part of the usage line (e.g. "[--methods M1,M2,...]"), after that of `after`; empty:
  /// none.
  QString synopsis;
  /// The usage text's lines: the flag, then its help at column 24.
  QString text() const;
};

class ModeFlags {
 public:
  virtual ~ModeFlags() = default;
  /// Mode::settingsKey() of the mode.
  virtual QString key() const = 0;
  /// Whether --KEY makes it the scripted mode; the one mode without (the simulation) is the
  /// mode when none is asked.
  virtual bool hasModeFlag() const { return true; }
  /// Its flags but the mode flag.
  virtual std::vector<QCommandLineOption> options() const { return {}; }
  /// The usage text's lines of its flags, the mode flag's first.
  virtual std::vector<FlagHelp> help() const = 0;

  // The checks, called for every mode whether its flags are given or not:
  /// Once the mode is chosen (args->mode), before the window's flags are read.
  virtual bool checkMode([[maybe_unused]] const QCommandLineParser& parser,
                         [[maybe_unused]] ModeArguments* args,
                         [[maybe_unused]] QString* error) const {
    return true;
  }
  /// After the window's flags, before the system is looked up.
  virtual bool checkFlags([[maybe_unused]] const QCommandLineParser& parser,
                          [[maybe_unused]] ModeArguments* args,
                          [[maybe_unused]] QString* error) const {
    return true;
  }
  /// With the system --system names (null: none given).
  virtual bool checkSystem([[maybe_unused]] const QCommandLineParser& parser,
                           [[maybe_unused]] const SystemModel* system,
                           [[maybe_unused]] const ModeArguments& args,
                           [[maybe_unused]] QString* error) const {
    return true;
  }

  /// These flags in role R (ChecksSets below), or null when they do not play it.
  template <class R>
  const R* role() const {
    return dynamic_cast<const R*>(this);
  }
};

/// Role: the mode's --set names are known from the system (and its other flags) alone, so the
/// command line checks each item before the window opens. A mode whose names follow from a
/// choice it applies first (the Analysis mode: a study's fields) does not play it; its mode
/// checks them when applied (Scripted::applySet).
class ChecksSets {
 public:
  virtual ~ChecksSets() = default;
  /// One --set NAME=VALUE item for the system while this is the asked mode (only called with
  /// a system); throws InputError naming the field and its range.
  virtual void checkSet(const SystemModel& system, const std::string& name,
                        const std::vector<double>& value) const = 0;
};

}  // namespace dms::ui
