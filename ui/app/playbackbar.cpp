// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/app/playbackbar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <algorithm>
#include <cmath>

#include "ui/common/playback.h"
#include "ui/common/timeunit.h"

namespace dms::ui {

namespace {

constexpr int kTimeSteps = 10000;  // resolution of the time slider
// up to 5e4x: the two-body problem's orbit of 17 h plays in a few seconds
const double kSpeeds[] = {0.1, 0.2, 0.5, 1,    2,    5,    10,    20,    50,
                          100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000};
constexpr int kDefaultSpeed = 3;  // 1x

}  // namespace

PlaybackBar::PlaybackBar(Playback* playback, QWidget* parent)
    : QWidget(parent), m_playback(playback) {
  auto* bar = new QHBoxLayout(this);
  bar->setContentsMargins(0, 0, 0, 0);
  // icons with their names in the tooltips, as media players have them: the time slider keeps
  // the width (at least 240 px in a 1024 px wide window)
  const auto button = [this](QStyle::StandardPixmap icon, const QString& tip) {
    auto* b = new QToolButton(this);
    b->setIcon(style()->standardIcon(icon));
    b->setToolTip(tip);
    b->setAutoRaise(true);
    b->setIconSize(QSize(20, 20));
    // the keys belong to the window's shortcuts (Space, Right, Home), not to a focused button
    b->setFocusPolicy(Qt::NoFocus);
    return b;
  };
  m_play = button(QStyle::SP_MediaPlay, tr("Play (Space)"));
  auto* step = button(QStyle::SP_MediaSeekForward, tr("One step forward (Right)"));
  auto* restart = button(QStyle::SP_MediaSkipBackward, tr("Back to t = 0 (Home)"));
  connect(m_play, &QToolButton::clicked, m_playback, &Playback::togglePlay);
  connect(step, &QToolButton::clicked, m_playback, &Playback::singleStep);
  connect(restart, &QToolButton::clicked, m_playback, &Playback::restart);
  connect(m_playback, &Playback::playingChanged, this, [this](bool playing) {
    m_play->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  m_slider = new QSlider(Qt::Horizontal, this);
  m_slider->setRange(0, kTimeSteps);
  m_slider->setToolTip(tr("Playback time: drag to scrub"));
  m_slider->setFocusPolicy(Qt::NoFocus);
  m_slider->setMinimumWidth(120);  // room for the time in presentation beside the side panel
  connect(m_slider, &QSlider::valueChanged, this,
          [this](int pos) { m_playback->seek(m_playback->horizon() * pos / kTimeSteps); });
  m_time = new QLabel(this);
  m_speed = new QComboBox(this);
  for (double s : kSpeeds) m_speed->addItem(QString("%1x").arg(s), s);
  m_speed->addItem(tr("as fast as computed"), Playback::kAsFastAsComputed);
  m_speed->setToolTip(tr("Playback speed: simulated seconds per real second"));
  m_speed->setFocusPolicy(Qt::NoFocus);
  m_speed->setCurrentIndex(kDefaultSpeed);
  // as wide as "100x": the list shows "as fast as computed" whole
  m_speed->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_speed->setMinimumContentsLength(6);
  connect(m_speed, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_playback->setSpeed(m_speed->itemData(i).toDouble()); });
  bar->addWidget(m_play);
  bar->addWidget(step);
  bar->addWidget(restart);
  bar->addWidget(m_slider, 1);
  bar->addWidget(m_time);
  bar->addWidget(new QLabel(tr("Speed"), this));
  bar->addWidget(m_speed);
}

void PlaybackBar::refresh() {
  const double t = m_playback->time(), T = m_playback->horizon();
  if (t == m_shownTime && T == m_shownHorizon) return;
  m_shownTime = t;
  m_shownHorizon = T;
  m_slider->blockSignals(true);
  m_slider->setValue(T > 0 ? int(std::lround(kTimeSteps * t / T)) : 0);
  m_slider->blockSignals(false);
  m_time->setText(labelText(t, T));
  fitTimeLabel();
}

QString PlaybackBar::labelText(double t, double T) const {
  const TimeUnit unit = timeUnitFor(T);
  if (unit.seconds == 1.0)
    return tr("t = %1 s of %2 s")
        .arg(QString::number(t, 'f', t < 100 ? 2 : 1))
        .arg(QString::number(T, 'g', 6));
  return tr("t = %1 of %2").arg(timeText(t, unit), timeText(T, unit));
}

void PlaybackBar::fitTimeLabel() {
  const double T = m_playback->horizon();
  const QFontMetrics fm(m_time->font());
  m_time->setMinimumWidth(
      std::max({150, fm.horizontalAdvance(labelText(T, T)), fm.horizontalAdvance(m_time->text())}) +
      4);
}

void PlaybackBar::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::FontChange && m_time) fitTimeLabel();
}

void PlaybackBar::setSpeed(double speed) {
  if (speed == Playback::kAsFastAsComputed) return m_speed->setCurrentIndex(m_speed->count() - 1);
  // the nearest of the menu's speeds, by ratio
  int best = 0;
  for (int i = 1; i < int(std::size(kSpeeds)); ++i)
    if (std::fabs(std::log(kSpeeds[i] / speed)) < std::fabs(std::log(kSpeeds[best] / speed)))
      best = i;
  m_speed->setCurrentIndex(best);
}

double PlaybackBar::speed() const { return m_speed->currentData().toDouble(); }

void PlaybackBar::saveSettings(QSettings& s) const {
  s.setValue("playback/speed", m_speed->currentIndex());
}

void PlaybackBar::restoreSettings(const QSettings& s) {
  const int i = s.value("playback/speed", kDefaultSpeed).toInt();
  m_speed->setCurrentIndex(std::clamp(i, 0, m_speed->count() - 1));
}

}  // namespace dms::ui
