// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The bar under the 3D view: play / pause, single step, restart, a time slider to scrub, the
// time shown and the playback speed (0.1x to 1000x real time, or as fast as computed).
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QToolButton;
class QSettings;
class QSlider;

namespace dms::ui {

class Playback;

class PlaybackBar : public QWidget {
  Q_OBJECT
 public:
  explicit PlaybackBar(Playback* playback, QWidget* parent = nullptr);

  /// Shows the playback's time and horizon (the window calls it once per frame).
  void refresh();
  /// Picks the speed of the list nearest to `speed` (Playback::kAsFastAsComputed for "as fast
  /// as computed").
  void setSpeed(double speed);
  double speed() const;

  void saveSettings(QSettings& s) const;
  void restoreSettings(const QSettings& s);

 protected:
  /// A larger font (presentation): the time's label widens with it.
  void changeEvent(QEvent* e) override;

 private:
  QString labelText(double t, double T) const;
  /// The time's label as wide as its text at the end of the horizon, in its font.
  void fitTimeLabel();

  Playback* m_playback;
  QToolButton* m_play = nullptr;
  QSlider* m_slider = nullptr;
  QLabel* m_time = nullptr;
  QComboBox* m_speed = nullptr;
  double m_shownTime = -1.0, m_shownHorizon = -1.0;
};

}  // namespace dms::ui
