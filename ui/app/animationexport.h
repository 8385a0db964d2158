// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// File > Export animation and the scripted mode's --export-video: the 3D view (or the whole
// window, the plots with their cursor) rendered frame by frame at the playback times of a time
// range, not recorded from the screen, and encoded by ffmpeg (ui/common/videowriter.h) as MP4,
// WebM or an animated GIF at a chosen size and frame rate.
#pragma once

#include <QObject>
#include <QPointer>
#include <QSize>
#include <QString>
#include <optional>

namespace dms::ui {

class MainWindow;
class VideoWriter;

struct AnimationOptions {
  /// Most frames in one video (20 minutes at 30 frames per second).
  static constexpr int kMaxFrames = 36000;
  static constexpr int kMaxFps = 120;

  QString path;  ///< .mp4, .webm or .gif
  QSize size{1280, 720};
  int fps = 25;
  double from = 0.0;
  std::optional<double> to;  ///< none: the horizon
  double speed = 1.0;        ///< simulated seconds per second of video
  bool withPlots = false;    ///< the 3D view with the plots under it (not the side panel)

  double end(double horizon) const { return to ? *to : horizon; }
  /// round((end - from) / speed * fps), at least 1.
  int frameCount(double horizon) const;
  /// Frame i's simulated time: from + (end - from) i / (n - 1), so the last frame shows the end.
  double frameTime(int i, double horizon) const;
};

/// The names a problem is reported under: the command line's flags or the dialog's labels.
struct AnimationFieldNames {
  QString size, fps, from, to, speed;
};
AnimationFieldNames commandLineFieldNames();

/// Why the options cannot make a video of runs computed up to `available` of a horizon
/// `horizon` (empty when they can): the file's format, the size, the frame rate, the time range
/// and the number of frames, each named as `names` says with its allowed range.
QString animationProblem(const AnimationOptions& o, double horizon, double available,
                         const AnimationFieldNames& names);

class AnimationExport : public QObject {
  Q_OBJECT
 public:
  AnimationExport(MainWindow* window, const AnimationOptions& options, QObject* parent = nullptr);
  ~AnimationExport() override;

  /// Checks the options and starts ffmpeg; false and `error` when it cannot (nothing written).
  /// The playback is paused at each frame's time and put back as it was at the end.
  bool start(QString* error);
  /// Stops; the file is not written (an existing one is kept). finished() is not emitted.
  void cancel();
  int total() const { return m_total; }

 signals:
  void progress(int framesDone, int total);
  /// Once: ok with what was written, or why it failed.
  void finished(bool ok, const QString& message);

 private:
  void nextFrame();
  void onFrame(const QImage& image, const QString& error);
  void end(bool ok, const QString& message);
  void restore();

  QPointer<MainWindow> m_window;
  AnimationOptions m_options;
  VideoWriter* m_writer = nullptr;
  int m_total = 0, m_frame = 0;
  double m_horizon = 0.0, m_savedTime = 0.0;
  bool m_savedPlaying = false, m_running = false, m_waiting = false;
};

/// File > Export animation: asks the file, the content, the size, the frame rate, the time range
/// and the speed (remembered), then exports with a progress dialog and Cancel.
void showAnimationDialog(MainWindow* window);

}  // namespace dms::ui
