// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The scripted mode: what the command line asks of a shown window, in named stages. Select the
// system and the mode, apply --set and the choices, start the computation (or the solve), wait
// for it, move the playback to --play-to (or the end), give the 3D view a moment to draw, write
// the screenshot, the plots and the video, and report an exit status: 0, 1 when a write failed, 2
// for a bad argument (named in the message on stderr), 3 when the solver did not converge.
#pragma once

#include <QObject>

#include "ui/app/commandline.h"

namespace dms::ui {

class MainWindow;
class Mode;

class ScriptRunner : public QObject {
  Q_OBJECT
 public:
  enum class Stage {
    Idle,       ///< not started
    Computing,  ///< waiting for the mode's computation or solve (Mode::finished)
    Settling,   ///< the playback is at the asked time; the 3D view draws it
    Writing,    ///< screenshot, then plots, then the video
    Done,       ///< finished() was emitted
  };
  /// Writes are at this size (pixels; points for PDF).
  static constexpr int kPlotWidth = 1200, kPlotHeight = 800;
  /// The 3D view's time to draw the final pose before the screenshot.
  static constexpr int kSettleMs = 600;

  ScriptRunner(MainWindow* window, const ScriptOptions& options, QObject* parent = nullptr);

  /// Runs the options on the window; finished() follows (at once for a bad argument). Without
  /// files to write or --quit (ScriptOptions::scripted()), it sets the window up and is done.
  void start();
  Stage stage() const { return m_stage; }

 signals:
  void finished(int exitStatus);

 private:
  void fail(int status, const QString& message);
  void onModeFinished(int status);
  void settle();
  void write();
  void writeVideo();
  void finish(int status);

  MainWindow* m_window;
  ScriptOptions m_options;
  Mode* m_mode = nullptr;
  Stage m_stage = Stage::Idle;
  int m_status = 0;
};

}  // namespace dms::ui
