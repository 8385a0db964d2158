// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/animationexport.h"

#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTimer>
#include <cmath>

#include "ui/app/mainwindow.h"
#include "ui/app/windowshot.h"
#include "ui/common/playback.h"
#include "ui/common/videowriter.h"
#include "ui/mode/mode.h"

namespace dms::ui {

namespace {

QString num(double v) { return QString::number(v, 'g', 8); }

// a time a little past another by rounding only (a horizon read back from a text field)
bool beyond(double t, double limit) { return t > limit + 1e-9 * std::max(1.0, std::abs(limit)); }

}  // namespace

int AnimationOptions::frameCount(double horizon) const {
  const double n = std::round((end(horizon) - from) / speed * fps);
  return n >= 1 ? int(std::min(n, double(kMaxFrames) + 1)) : 1;
}

double AnimationOptions::frameTime(int i, double horizon) const {
  const int n = frameCount(horizon);
  if (n <= 1) return from;
  return i == n - 1 ? end(horizon) : from + (end(horizon) - from) * double(i) / double(n - 1);
}

AnimationFieldNames commandLineFieldNames() {
  return {"--video-size", "--video-fps", "--video-from", "--video-to", "--video-speed"};
}

QString animationProblem(const AnimationOptions& o, double horizon, double available,
                         const AnimationFieldNames& names) {
  const std::optional<VideoFormat> format = videoFormatFromPath(o.path);
  if (!format) return QString("'%1': expected a .mp4, .webm or .gif file name").arg(o.path);
  if (const QString why = videoSizeProblem(*format, o.size); !why.isEmpty())
    return QString("%1 %2x%3: %4")
        .arg(names.size)
        .arg(o.size.width())
        .arg(o.size.height())
        .arg(why);
  if (o.fps < 1 || o.fps > AnimationOptions::kMaxFps)
    return QString("%1 %2: out of range (1 to %3 frames per second)")
        .arg(names.fps)
        .arg(o.fps)
        .arg(AnimationOptions::kMaxFps);
  if (!(o.speed > 0) || !std::isfinite(o.speed))
    return QString("%1 %2: must be > 0 (simulated seconds per second of video)")
        .arg(names.speed, num(o.speed));
  const double to = o.end(horizon);
  if (!(o.from >= 0) || !beyond(to, o.from) || beyond(o.from, horizon))
    return QString("%1 %2: out of range (0 <= from < to = %3)")
        .arg(names.from, num(o.from), num(to));
  if (beyond(to, horizon))
    return QString("%1 %2: out of range (at most the horizon T = %3)")
        .arg(names.to, num(to), num(horizon));
  if (beyond(to, available))
    return QString("%1 %2: the runs are computed up to t = %3 only")
        .arg(names.to, num(to), num(available));
  const int n = o.frameCount(horizon);
  if (n > AnimationOptions::kMaxFrames)
    return QString("more than %1 frames asked (at most %1): raise %2 or shorten the time range")
        .arg(AnimationOptions::kMaxFrames)
        .arg(names.speed);
  return {};
}

AnimationExport::AnimationExport(MainWindow* window, const AnimationOptions& options,
                                 QObject* parent)
    : QObject(parent), m_window(window), m_options(options) {}

AnimationExport::~AnimationExport() { cancel(); }

bool AnimationExport::start(QString* error) {
  Playback* playback = m_window->playback();
  m_horizon = playback->horizon();
  *error = animationProblem(m_options, m_horizon, playback->available(), commandLineFieldNames());
  if (!error->isEmpty()) return false;
  if (!m_options.withPlots && !m_window->activeMode()->showsScene()) {
    *error = "this mode shows no 3D view: export the whole window instead";
    return false;
  }
  m_writer = new VideoWriter(this);
  if (!m_writer->open(m_options.path, m_options.size, m_options.fps, error)) return false;
  connect(m_writer, &VideoWriter::drained, this, [this] {
    if (m_waiting) nextFrame();
  });
  connect(m_writer, &VideoWriter::finished, this, [this](bool ok, const QString& why) {
    end(ok, ok ? QString("Wrote %1: %2 frames, %3 x %4 pixels, %5 per second")
                     .arg(m_options.path)
                     .arg(m_frame)
                     .arg(m_options.size.width())
                     .arg(m_options.size.height())
                     .arg(m_options.fps)
               : why);
  });
  m_total = m_options.frameCount(m_horizon);
  m_frame = 0;
  m_savedTime = playback->time();
  m_savedPlaying = playback->playing();
  playback->pause();
  m_window->scene()->setHelpVisible(false);
  m_window->setTimeStampForced(true);  // every frame says its time
  m_running = true;
  QTimer::singleShot(0, this, &AnimationExport::nextFrame);
  return true;
}

void AnimationExport::nextFrame() {
  m_waiting = false;
  if (!m_running || !m_window) return;
  if (m_frame == m_total) {
    m_writer->finish();
    return;
  }
  m_window->playback()->seek(m_options.frameTime(m_frame, m_horizon));
  m_window->refresh();
  QPointer<AnimationExport> self(this);
  const auto done = [self](const QImage& image, const QString& why) {
    if (self) self->onFrame(image, why);
  };
  // the 3D view and the plots alone (no panel, menus, playback bar or table), filling the frame
  if (m_options.withPlots) {
    Mode* mode = m_window->activeMode();
    std::vector<QCustomPlot*> plots;
    if (const auto* exports = mode->role<ExportsPlots>())
      for (const ExportPlot& p : exports->exportPlots()) plots.push_back(p.plot);
    const QSize size = m_options.size;
    const bool scene = mode->showsScene();
    // the plots drawn now, at this frame's time; the scene when its capture comes back
    const QImage row =
        plots.empty()
            ? QImage()
            : plotRow(plots, QSize(size.width(),
                                   size.height() - (scene ? sceneBandHeight(size, true) : 0)));
    const auto compose = [done, row, size](const QImage& image, const QString& why) {
      done(why.isEmpty() ? sceneAndPlots(image, row, size) : QImage(), why);
    };
    if (scene)
      m_window->scene()->capture(compose);
    else
      compose({}, {});
  } else {
    m_window->scene()->capture(done);
  }
}

void AnimationExport::onFrame(const QImage& image, const QString& error) {
  if (!m_running) return;
  QString why = error;
  if (image.isNull() && why.isEmpty()) why = "no picture";
  if (!why.isEmpty()) {
    m_writer->abort();
    return end(false, QString("frame %1 (t = %2): %3")
                          .arg(m_frame + 1)
                          .arg(num(m_options.frameTime(m_frame, m_horizon)), why));
  }
  if (!m_writer->writeFrame(image, &why)) {
    m_writer->abort();
    return end(false, why);
  }
  ++m_frame;
  emit progress(m_frame, m_total);
  if (m_writer->pending() > VideoWriter::kMaxPending)
    m_waiting = true;  // VideoWriter::drained calls nextFrame
  else
    QTimer::singleShot(0, this, &AnimationExport::nextFrame);
}

void AnimationExport::end(bool ok, const QString& message) {
  if (!m_running) return;
  m_running = false;
  restore();
  emit finished(ok, message);
}

void AnimationExport::cancel() {
  if (!m_running) return;
  m_running = false;
  m_writer->abort();
  restore();
}

void AnimationExport::restore() {
  if (!m_window) return;
  m_window->scene()->setHelpVisible(true);
  m_window->setTimeStampForced(false);
  m_window->playback()->seek(m_savedTime);
  if (m_savedPlaying) m_window->playback()->play();
  m_window->refresh();
}

namespace {

class AnimationDialog : public QDialog {
 public:
  /// The clip offered first, in seconds of video.
  static constexpr double kClipSeconds = 10.0;

  AnimationDialog(MainWindow* window, const QString& path) : QDialog(window) {
    setWindowTitle(tr("Export animation"));
    const QSettings s;
    Playback* playback = window->playback();
    m_horizon = playback->horizon();
    m_available = playback->available();
    auto* form = new QFormLayout(this);
    m_path = new QLineEdit(path);
    m_path->setObjectName("path");
    auto* browse = new QPushButton(tr("Browse..."));
    connect(browse, &QPushButton::clicked, this, [this] {
      const QString p = QFileDialog::getSaveFileName(
          this, tr("Export animation"), m_path->text(),
          tr("MP4 video (*.mp4);;WebM video (*.webm);;Animated GIF (*.gif)"), nullptr,
          QFileDialog::DontConfirmOverwrite);  // asked once, on OK
      if (!p.isEmpty()) m_path->setText(p);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    form->addRow(tr("File (.mp4, .webm, .gif)"), fileRow);
    m_plots =
        new QCheckBox(tr("the plots and their cursor under the 3D view (no panel, no menus)"));
    m_plots->setObjectName("plots");
    m_plots->setChecked(s.value("animation/plots", false).toBool());
    form->addRow(tr("Show"), m_plots);
    m_width = spin("width", VideoWriter::kMinSide, VideoWriter::kMaxSide,
                   s.value("animation/width", 1280).toInt());
    m_height = spin("height", VideoWriter::kMinSide, VideoWriter::kMaxSide,
                    s.value("animation/height", 720).toInt());
    auto* size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel("x"));
    size->addWidget(m_height);
    size->addWidget(new QLabel(tr("pixels (the picture is fitted in, its aspect kept)")), 1);
    form->addRow(tr("Size"), size);
    m_fps = spin("fps", 1, AnimationOptions::kMaxFps, s.value("animation/fps", 25).toInt());
    form->addRow(tr("Frames per second"), m_fps);
    // a short clip to start from: ten seconds of video at the speed offered below (the whole
    // range of a long run would be tens of thousands of frames)
    const double played = playback->speed();
    const double speed = played > 0 ? played : s.value("animation/speed", 1.0).toDouble();
    m_from = timeBox("from", 0.0);
    m_to = timeBox("to", std::min(m_available, kClipSeconds * speed));
    auto* range = new QHBoxLayout;
    range->addWidget(m_from);
    range->addWidget(new QLabel(tr("to")));
    range->addWidget(m_to);
    range->addWidget(new QLabel(tr("s (computed: 0 to %1 s)").arg(num(m_available))), 1);
    form->addRow(tr("Simulated time"), range);
    m_speed = new QDoubleSpinBox;
    m_speed->setObjectName("speed");
    m_speed->setRange(0.001, 1e6);
    m_speed->setDecimals(3);
    m_speed->setValue(speed);
    m_speed->setSuffix(tr(" simulated s per second of video"));
    form->addRow(tr("Speed"), m_speed);
    m_summary = new QLabel;
    m_summary->setObjectName("summary");
    m_summary->setWordWrap(true);
    form->addRow(m_summary);
    for (QSpinBox* b : {m_width, m_height, m_fps})
      connect(b, &QSpinBox::valueChanged, this, &AnimationDialog::update);
    for (QDoubleSpinBox* b : {m_from, m_to, m_speed})
      connect(b, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::update);
    connect(m_path, &QLineEdit::textChanged, this, &AnimationDialog::update);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(m_buttons);
    update();
  }

  AnimationOptions options() const {
    AnimationOptions o;
    o.path = m_path->text();
    o.size = QSize(m_width->value(), m_height->value());
    o.fps = m_fps->value();
    o.from = m_from->value();
    // the spin box shows three decimals and rounds its maximum, maybe past the computed end:
    // at its maximum it means the end itself
    o.to = m_to->value() >= m_to->maximum() ? m_available : m_to->value();
    o.speed = m_speed->value();
    o.withPlots = m_plots->isChecked();
    return o;
  }

  void accept() override {
    const AnimationOptions o = options();
    if (QFileInfo::exists(o.path) &&
        QMessageBox::question(this, tr("Replace file?"), tr("%1 exists. Replace it?").arg(o.path),
                              QMessageBox::Yes | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Yes)
      return;
    QSettings s;
    s.setValue("animation/width", o.size.width());
    s.setValue("animation/height", o.size.height());
    s.setValue("animation/fps", o.fps);
    s.setValue("animation/speed", o.speed);
    s.setValue("animation/plots", o.withPlots);
    s.setValue("animation/suffix", QFileInfo(o.path).suffix().toLower());
    QDialog::accept();
  }

 private:
  QSpinBox* spin(const char* name, int lo, int hi, int value) {
    auto* b = new QSpinBox;
    b->setObjectName(name);
    b->setRange(lo, hi);
    b->setValue(value);
    return b;
  }
  QDoubleSpinBox* timeBox(const char* name, double value) {
    auto* b = new QDoubleSpinBox;
    b->setObjectName(name);
    b->setRange(0.0, m_available);
    b->setDecimals(3);
    b->setValue(value);
    return b;
  }
  void update() {
    const AnimationOptions o = options();
    const QString problem =
        animationProblem(o, m_horizon, m_available,
                         {tr("Size"), tr("Frames per second"), tr("From"), tr("To"), tr("Speed")});
    const int n = o.frameCount(m_horizon);
    AnimationOptions whole = o;
    whole.from = 0.0;
    whole.to = m_available;
    const int all = whole.frameCount(m_horizon);
    QString text = tr("%1 frames, %2 s of video").arg(n).arg(num(double(n) / o.fps));
    if (all != n) text += tr(" (the whole computed range: %1 frames)").arg(all);
    m_summary->setText(problem.isEmpty() ? text : problem);
    m_summary->setStyleSheet(problem.isEmpty() ? QString() : QString("color: #b00020"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
  }

  double m_horizon = 0.0, m_available = 0.0;
  QLineEdit* m_path = nullptr;
  QCheckBox* m_plots = nullptr;
  QSpinBox *m_width = nullptr, *m_height = nullptr, *m_fps = nullptr;
  QDoubleSpinBox *m_from = nullptr, *m_to = nullptr, *m_speed = nullptr;
  QLabel* m_summary = nullptr;
  QDialogButtonBox* m_buttons = nullptr;
};

}  // namespace

void showAnimationDialog(MainWindow* window) {
  const QString suffix = QSettings().value("animation/suffix", "mp4").toString();
  const QString name =
      QString::fromStdString(window->system() ? window->system()->name() : "dmstudio");
  AnimationDialog dialog(window, QDir(window->lastDir()).filePath(name + "." + suffix));
  if (dialog.exec() != QDialog::Accepted) return;
  window->rememberDir(dialog.options().path);
  auto* job = new AnimationExport(window, dialog.options(), window);
  QString error;
  if (!job->start(&error)) {
    delete job;
    QMessageBox::warning(window, QObject::tr("Export animation"), error);
    return;
  }
  auto* progress = new QProgressDialog(QObject::tr("Rendering and encoding the frames..."),
                                       QObject::tr("Cancel"), 0, job->total(), window);
  progress->setWindowModality(Qt::WindowModal);
  progress->setMinimumDuration(0);
  progress->setAutoClose(false);
  progress->setAutoReset(false);
  QObject::connect(job, &AnimationExport::progress, progress, &QProgressDialog::setValue);
  QObject::connect(progress, &QProgressDialog::canceled, job, [job, progress] {
    job->cancel();
    job->deleteLater();
    progress->deleteLater();
  });
  QObject::connect(job, &AnimationExport::finished, window,
                   [window, job, progress](bool ok, const QString& message) {
                     progress->disconnect(job);
                     progress->hide();  // not left behind the message (deleted after it)
                     progress->deleteLater();
                     job->deleteLater();
                     if (ok)
                       QMessageBox::information(window, QObject::tr("Export animation"), message);
                     else
                       QMessageBox::warning(
                           window, QObject::tr("Export animation"),
                           QObject::tr("The animation was not written: %1").arg(message));
                   });
}

}  // namespace dms::ui
