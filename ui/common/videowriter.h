// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a video (MP4/H.264, WebM/VP9) or an animated GIF frame by frame through the `ffmpeg`
// program (Debian's ffmpeg package): raw RGB frames go to its standard input. The file is written
// beside the target under a temporary name and renamed over it only when ffmpeg succeeded, so a
// failed or cancelled export never leaves a partial file nor touches an existing one.
#pragma once

#include <QImage>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QSize>
#include <QString>
#include <optional>

namespace dms::ui {

enum class VideoFormat { Mp4, WebM, Gif };

/// The format a file name asks for (.mp4, .webm, .gif, any case), or none.
std::optional<VideoFormat> videoFormatFromPath(const QString& path);
/// The ffmpeg program found on PATH, or empty.
QString ffmpegProgram();
/// Why a frame size cannot be encoded in `format` (empty when it can): both sides in
/// [kMinSide, kMaxSide], even for the 4:2:0 video formats.
QString videoSizeProblem(VideoFormat format, QSize size);

class VideoWriter : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMinSide = 16, kMaxSide = 4096;
  /// Frames waiting in the pipe above this many bytes: pending() asks the caller to wait.
  static constexpr qint64 kMaxPending = 32 << 20;

  explicit VideoWriter(QObject* parent = nullptr);
  ~VideoWriter() override;

  /// Starts ffmpeg for `path` (the format from its suffix) at `size` pixels and `fps` frames per
  /// second. False and `error` (naming the file or the program) when it cannot start.
  bool open(const QString& path, QSize size, int fps, QString* error);
  /// Sends one frame, scaled to the video's size with its aspect kept (the margin filled with
  /// the colour of its top-left pixel). False and `error` when ffmpeg has stopped.
  bool writeFrame(const QImage& frame, QString* error);
  /// Bytes written but not yet taken by ffmpeg.
  qint64 pending() const;
  /// Ends the input; finished() follows when ffmpeg has written the file (renamed into place).
  void finish();
  /// Stops ffmpeg and removes the partial file; finished() is not emitted.
  void abort();
  int framesWritten() const { return m_frames; }

 signals:
  /// Once, after finish() or when ffmpeg stops on its own: ok, or why not (ffmpeg's message).
  void finished(bool ok, const QString& error);
  /// The pipe has room again (pending() fell under kMaxPending).
  void drained();

 private:
  void onProcessFinished(int code, QProcess::ExitStatus status);
  void removePartial();

  QPointer<QProcess> m_process;
  QString m_path, m_partial;
  QSize m_size;
  int m_frames = 0;
  bool m_done = false;
};

}  // namespace dms::ui
