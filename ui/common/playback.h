// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The playback clock: a time in [0, horizon] that advances at a chosen speed (or follows the
// computation), never past what has been computed.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace dms::ui {

class Playback : public QObject {
  Q_OBJECT
 public:
  /// Speed value meaning "as fast as computed": the time follows the computation.
  static constexpr double kAsFastAsComputed = 0.0;

  explicit Playback(QObject* parent = nullptr);

  /// The playback time shown: the requested position, or less while it is not computed yet.
  double time() const;
  bool playing() const { return m_playing; }
  double speed() const { return m_speed; }
  double horizon() const { return m_horizon; }
  /// How far the computation has got (setAvailable).
  double available() const { return m_available; }

  /// The simulated span and the step of one single step.
  void setHorizon(double T, double step);
  /// How far the computation has got; playback never passes it.
  void setAvailable(double t);
  void setSpeed(double speed);  ///< simulated seconds per wall second, or kAsFastAsComputed
  void play();
  void pause();
  void togglePlay();
  void restart();       ///< back to t = 0, paused
  void singleStep();    ///< pauses and moves one step forward
  void seek(double t);  ///< clamped to [0, horizon]; shown once computed

 signals:
  void timeChanged(double t);
  void playingChanged(bool playing);

 private:
  void tick();
  void notify();

  QTimer m_timer;
  QElapsedTimer m_wall;
  double m_time = 0.0, m_shown = 0.0, m_available = 0.0, m_horizon = 1.0, m_step = 0.05;
  double m_speed = 1.0;
  bool m_playing = false;
};

}  // namespace dms::ui
