// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/common/playback.h"

#include <algorithm>

namespace dms::ui {

Playback::Playback(QObject* parent) : QObject(parent) {
  m_timer.setInterval(16);  // about 60 frames per second
  m_timer.setTimerType(Qt::PreciseTimer);
  connect(&m_timer, &QTimer::timeout, this, &Playback::tick);
}

double Playback::time() const { return std::min(m_time, m_available); }

void Playback::setHorizon(double T, double step) {
  // a recomputation keeps the playback position: the view follows the new runs up to it
  m_horizon = T;
  m_step = step;
  m_time = std::min(m_time, T);
  m_available = 0.0;
  notify();
}

void Playback::setAvailable(double t) {
  m_available = std::min(t, m_horizon);
  if (m_playing && m_speed == kAsFastAsComputed) m_time = m_available;
  notify();
}

void Playback::setSpeed(double speed) {
  m_speed = speed;
  m_wall.restart();
}

void Playback::play() {
  if (m_playing) return;
  if (time() >= m_horizon) m_time = 0.0;
  m_playing = true;
  m_wall.start();
  m_timer.start();
  notify();
  emit playingChanged(true);
}

void Playback::pause() {
  if (!m_playing) return;
  m_playing = false;
  m_timer.stop();
  emit playingChanged(false);
}

void Playback::togglePlay() { m_playing ? pause() : play(); }

void Playback::restart() {
  pause();
  m_time = 0.0;
  notify();
}

void Playback::singleStep() {
  pause();
  seek(time() + m_step);
}

void Playback::seek(double t) {
  m_time = std::clamp(t, 0.0, m_horizon);
  notify();
}

void Playback::tick() {
  const double dt = double(m_wall.restart()) * 1e-3;
  if (m_speed == kAsFastAsComputed)
    m_time = m_available;
  else
    m_time = std::min(time() + m_speed * dt, m_available);
  notify();
  if (time() >= m_horizon) pause();
}

void Playback::notify() {
  const double t = time();
  if (t == m_shown) return;
  m_shown = t;
  emit timeChanged(t);
}

}  // namespace dms::ui
