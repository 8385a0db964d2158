// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/videowriter.h"

#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <cstdio>

#include "ui/common/exporter.h"

namespace dms::ui {

std::optional<VideoFormat> videoFormatFromPath(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "mp4") return VideoFormat::Mp4;
  if (suffix == "webm") return VideoFormat::WebM;
  if (suffix == "gif") return VideoFormat::Gif;
  return std::nullopt;
}

QString ffmpegProgram() { return QStandardPaths::findExecutable("ffmpeg"); }

QString videoSizeProblem(VideoFormat format, QSize size) {
  const int lo = VideoWriter::kMinSide, hi = VideoWriter::kMaxSide;
  for (const auto& [name, v] : {std::pair{"width", size.width()}, {"height", size.height()}}) {
    if (v < lo || v > hi)
      return QString("the %1 %2 is out of range (%3 to %4 pixels)")
          .arg(name)
          .arg(v)
          .arg(lo)
          .arg(hi);
    if (format != VideoFormat::Gif && v % 2 != 0)
      return QString("the %1 %2 must be even (the video's colour is sampled by 2x2 pixels)")
          .arg(name)
          .arg(v);
  }
  return {};
}

namespace {

QStringList encoderArguments(VideoFormat f) {
  switch (f) {
    case VideoFormat::Mp4:
      return {"-c:v",     "libx264", "-preset",   "medium",     "-crf", "18",
              "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f",   "mp4"};
    case VideoFormat::WebM:
      return {"-c:v",      "libvpx-vp9", "-crf",      "32",  "-b:v",    "0",
              "-deadline", "good",       "-cpu-used", "4",   "-row-mt", "1",
              "-pix_fmt",  "yuv420p",    "-f",        "webm"};
    case VideoFormat::Gif:
      // a palette per frame: streams (a whole-video palette would keep every frame in memory)
      return {"-filter_complex",
              "split[a][b];[a]palettegen=stats_mode=single:reserve_transparent=0[p];"
              "[b][p]paletteuse=new=1:dither=sierra2_4a",
              "-f", "gif"};
  }
  return {};
}

}  // namespace

VideoWriter::VideoWriter(QObject* parent) : QObject(parent) {}

VideoWriter::~VideoWriter() {
  if (m_process && !m_done) abort();
}

bool VideoWriter::open(const QString& path, QSize size, int fps, QString* error) {
  const std::optional<VideoFormat> format = videoFormatFromPath(path);
  if (!format) {
    *error = QString("'%1': expected a .mp4, .webm or .gif file name").arg(path);
    return false;
  }
  if (const QString why = videoSizeProblem(*format, size); !why.isEmpty()) {
    *error = why;
    return false;
  }
  const QString program = ffmpegProgram();
  if (program.isEmpty()) {
    *error = "needs the ffmpeg program, which is not installed (Debian: apt-get install ffmpeg)";
    return false;
  }
  // reserve the temporary name beside the target: this also checks that the folder is writable
  const QFileInfo info(path);
  QTemporaryFile reserve(info.absoluteDir().filePath("." + info.fileName() + ".XXXXXX.part"));
  reserve.setAutoRemove(false);
  if (!reserve.open()) {
    *error = QString("cannot write in '%1': %2").arg(info.absolutePath(), reserve.errorString());
    return false;
  }
  m_partial = reserve.fileName();
  reserve.close();
  // a temporary file is private (0600): give the video a new file's usual permissions
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::chmod(QFile::encodeName(m_partial).constData(), 0666 & ~mask);
  m_path = info.absoluteFilePath();
  m_size = size;
  m_frames = 0;
  m_done = false;

  QStringList args{"-hide_banner", "-loglevel",
                   "error",        "-y",
                   "-f",           "rawvideo",
                   "-pix_fmt",     "rgb24",
                   "-video_size",  QString("%1x%2").arg(size.width()).arg(size.height()),
                   "-framerate",   QString::number(fps),
                   "-i",           "pipe:0"};
  args << encoderArguments(*format) << m_partial;
  m_process = new QProcess(this);
  m_process->setStandardOutputFile(QProcess::nullDevice());
  connect(m_process, &QProcess::finished, this, &VideoWriter::onProcessFinished);
  connect(m_process, &QProcess::bytesWritten, this, [this] {
    if (pending() < kMaxPending / 2) emit drained();
  });
  m_process->start(program, args);
  if (!m_process->waitForStarted(10000)) {
    *error = QString("could not start %1: %2").arg(program, m_process->errorString());
    m_done = true;
    delete m_process;
    removePartial();
    return false;
  }
  return true;
}

bool VideoWriter::writeFrame(const QImage& frame, QString* error) {
  if (!m_process || m_done || m_process->state() != QProcess::Running) {
    *error = "ffmpeg has stopped";
    return false;
  }
  const QImage image = fitImage(frame, m_size).convertToFormat(QImage::Format_RGB888);
  const qsizetype row = qsizetype(m_size.width()) * 3;
  QByteArray bytes;
  bytes.reserve(row * m_size.height());
  for (int y = 0; y < m_size.height(); ++y)
    bytes.append(reinterpret_cast<const char*>(image.constScanLine(y)), row);
  if (m_process->write(bytes) != bytes.size()) {
    *error = "could not send the frame to ffmpeg: " + m_process->errorString();
    return false;
  }
  ++m_frames;
  return true;
}

qint64 VideoWriter::pending() const { return m_process ? m_process->bytesToWrite() : 0; }

void VideoWriter::finish() {
  if (m_process && !m_done) m_process->closeWriteChannel();
}

void VideoWriter::abort() {
  if (m_done) return;
  m_done = true;
  if (m_process) {
    m_process->disconnect(this);
    m_process->kill();
    m_process->waitForFinished(5000);
  }
  removePartial();
}

void VideoWriter::onProcessFinished(int code, QProcess::ExitStatus status) {
  if (m_done) return;
  m_done = true;
  QString error;
  if (status != QProcess::NormalExit || code != 0) {
    const QStringList lines =
        QString::fromLocal8Bit(m_process->readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    error = status != QProcess::NormalExit ? QString("ffmpeg crashed")
                                           : QString("ffmpeg failed (exit status %1)").arg(code);
    if (!lines.isEmpty()) error += ": " + lines.back().trimmed();
  } else if (std::rename(QFile::encodeName(m_partial).constData(),
                         QFile::encodeName(m_path).constData()) != 0) {
    error = QString("could not move the video into place as '%1'").arg(m_path);
  }
  if (!error.isEmpty()) removePartial();
  emit finished(error.isEmpty(), error);
}

void VideoWriter::removePartial() {
  if (!m_partial.isEmpty()) QFile::remove(m_partial);
}

}  // namespace dms::ui
