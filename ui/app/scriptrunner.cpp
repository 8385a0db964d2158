// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/scriptrunner.h"

#include <QTimer>
#include <cstdio>

#include "ui/app/animationexport.h"
#include "ui/app/mainwindow.h"
#include "ui/common/playback.h"
#include "ui/mode/mode.h"

namespace dms::ui {

ScriptRunner::ScriptRunner(MainWindow* window, const ScriptOptions& options, QObject* parent)
    : QObject(parent), m_window(window), m_options(options) {
  for (Mode* m : m_window->modes())
    connect(m, &Mode::finished, this, &ScriptRunner::onModeFinished);
}

void ScriptRunner::fail(int status, const QString& message) {
  std::fprintf(stderr, "dmstudio: %s\n", qPrintable(message));
  finish(status);
}

void ScriptRunner::start() {
  const ScriptOptions& o = m_options;
  m_status = 0;
  if (o.scripted()) m_window->setScripted(true);
  if (!o.system.isEmpty() && !m_window->selectSystem(o.system))
    return fail(2, QString("--system '%1': unknown system").arg(o.system));
  // the asked mode, else the first (the simulation), made active when asked anything (with
  // --system alone the window stays in the mode it was left in)
  m_mode = o.mode.isEmpty() ? m_window->modes().front() : m_window->findMode(o.mode);
  const QString flag = o.mode.isEmpty() ? QString("--set") : "--" + o.mode;
  if (!m_mode) return fail(2, QString("--%1: no such mode").arg(o.mode));
  if (!o.scripted() && o.mode.isEmpty() && o.sets.empty() && o.choices.empty()) {
    m_stage = Stage::Done;  // the system is shown: the user takes over
    return;
  }
  if (!m_window->activateMode(m_mode)) {
    const SystemModel* s = m_window->system();
    QString why = m_mode->description(s);
    if (!why.isEmpty()) why[0] = why[0].toLower();
    return fail(
        2, QString("%1: the system '%2': %3").arg(flag, QString::fromStdString(s->name()), why));
  }
  Scripted* script = m_mode->role<Scripted>();
  if (!script) return fail(2, flag + ": this mode does not run from the command line");
  for (const auto& [name, value] : o.choices) {
    try {
      script->applyChoice(name, value);
    } catch (const InputError& e) {
      // a refusal that names its flag already (--methods: ...) is printed as it is
      const QString option = "--" + QString::fromStdString(name), what = e.what();
      return fail(2, what.startsWith(option) ? what : QString("%1: %2").arg(option, what));
    }
  }
  // after the choices: a choice may decide what the --set names mean (--study's fields)
  for (const auto& [name, value] : o.sets) {
    try {
      script->applySet(name, value);
    } catch (const InputError& e) {
      return fail(2, QString("--set %1: %2").arg(QString::fromStdString(name), e.what()));
    }
  }
  // a time on the playback bar, for a mode that plays what it computes
  const Plays* plays = m_mode->role<Plays>();
  const auto timeProblem = [&](double t) {
    return plays ? plays->playTimeProblem(t)
                 : QString("the %1 mode has no playback").arg(m_mode->name());
  };
  if (o.playTo) {
    const QString problem = timeProblem(*o.playTo);
    if (!problem.isEmpty()) return fail(2, "--play-to " + problem);
  }
  const AnimationOptions& video = o.video;
  if (!video.path.isEmpty()) {
    if (const QString p = timeProblem(video.from); !p.isEmpty())
      return fail(2, "--video-from " + p);
    if (video.to)
      if (const QString p = timeProblem(*video.to); !p.isEmpty()) return fail(2, "--video-to " + p);
  }
  QString problem;
  if (!script->start(&problem)) return fail(2, flag + ": " + problem);
  if (!o.scripted()) {
    m_stage = Stage::Done;  // the user takes over
    return;
  }
  m_stage = Stage::Computing;
}

void ScriptRunner::onModeFinished(int status) {
  if (m_stage != Stage::Computing || sender() != m_mode) return;
  if (status != 0) m_status = status;
  settle();
}

void ScriptRunner::settle() {
  m_stage = Stage::Settling;
  Playback* playback = m_window->playback();
  playback->pause();
  playback->seek(m_options.playTo ? *m_options.playTo : playback->horizon());
  m_window->refresh();
  // give the 3D view a few frames to render the final pose
  QTimer::singleShot(kSettleMs, this, &ScriptRunner::write);
}

void ScriptRunner::write() {
  m_stage = Stage::Writing;
  const auto writePlots = [this] {
    if (!m_options.exportDir.isEmpty()) {
      QString error;
      if (!m_window->exportPlots(m_options.exportDir, -1,
                                 {ImageFormat::Png, ImageFormat::Svg, ImageFormat::Pdf},
                                 QSize(kPlotWidth, kPlotHeight), &error)) {
        std::fprintf(stderr, "dmstudio: --export-plots: %s\n", qPrintable(error));
        m_status = 1;
      }
    }
    writeVideo();
  };
  if (m_options.screenshot.isEmpty()) return writePlots();
  m_window->screenshot(m_options.screenshot, [this, writePlots](bool ok, const QString& message) {
    if (!ok) {
      std::fprintf(stderr, "dmstudio: --screenshot: %s\n", qPrintable(message));
      m_status = 1;
    }
    writePlots();
  });
}

void ScriptRunner::writeVideo() {
  if (m_options.video.path.isEmpty()) return finish(m_status);
  // a time range or a frame count that does not fit the computed runs is a bad argument (2);
  // a video that cannot be written (no ffmpeg, a folder without write access) a failed write
  const Playback* playback = m_window->playback();
  QString error = animationProblem(m_options.video, playback->horizon(), playback->available(),
                                   commandLineFieldNames());
  if (!error.isEmpty()) return fail(2, "--export-video: " + error);
  auto* job = new AnimationExport(m_window, m_options.video, this);
  if (!job->start(&error)) {
    delete job;
    std::fprintf(stderr, "dmstudio: --export-video: %s\n", qPrintable(error));
    m_status = 1;
    return finish(m_status);
  }
  connect(job, &AnimationExport::finished, this, [this, job](bool ok, const QString& message) {
    job->deleteLater();
    if (!ok) {
      std::fprintf(stderr, "dmstudio: --export-video: %s\n", qPrintable(message));
      m_status = 1;
    }
    finish(m_status);
  });
}

void ScriptRunner::finish(int status) {
  m_stage = Stage::Done;
  emit finished(status);
}

}  // namespace dms::ui
