// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The labels drawn over the 3D view: which run each viewport shows (in the plots' colours), or
// in the overlay one legend of all runs, what the arrows mean, and how to move the camera.
// Painted with QPainter into a texture that covers the window, repainted only when its size or
// its text changes; the time stamp is a small texture of its own.
#pragma once

#include <QColor>
#include <QPointF>
#include <QSize>
#include <QString>
#include <QStringList>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QPlaneMesh>
#include <Qt3DRender/QPaintedTextureImage>
#include <Qt3DRender/QTexture>
#include <vector>

namespace dms::ui::scene3d {

struct HudContent {
  struct Run {
    QString title, subtitle;
    QColor color;
    bool hasData = false;
    bool operator==(const Run& o) const {
      return title == o.title && subtitle == o.subtitle && color == o.color && hasData == o.hasData;
    }
  };
  std::vector<Run> runs;  ///< one card per viewport, in grid order (row by row)
  QSize grid{1, 1};       ///< columns and rows of the viewports (dividers between them)
  /// The overlay: one viewport for all runs, listed in one legend instead of cards (the first
  /// run's swatch solid, the ghosts' translucent).
  bool overlay = false;
  QString caption;
  bool help = true;  ///< the camera's help line (hidden in exported pictures and videos)
  /// The runs' cards, the caption and the arrows' legend (a picture may leave them out; the
  /// camera's fit keeps their room either way, so the framing does not jump).
  bool labels = true;
  std::vector<std::pair<QColor, QString>> arrows;
  /// The time stamp's box (HudStamp, a quad of its own) at the top right, empty for none: the
  /// cards keep out of its corner.
  QSize stamp;
  bool operator==(const HudContent& o) const {
    return runs == o.runs && grid == o.grid && overlay == o.overlay && caption == o.caption &&
           help == o.help && labels == o.labels && arrows == o.arrows && stamp == o.stamp;
  }
};

/// What the labels take at the top (the cards) and at the bottom (the caption, the camera's
/// help and the arrows' legend) of a viewport, in logical pixels: the camera's fit keeps the
/// system between them.
struct HudBands {
  qreal top = 0, bottom = 0;
};
HudBands hudBands(const HudContent& c, qreal windowWidth);

/// The lines of run `run`'s card as drawn in a window this wide: its title and its subtitle,
/// each broken into at most two lines to fit the card.
struct HudCardText {
  QStringList title, subtitle;
};
HudCardText hudCardText(const HudContent& c, std::size_t run, qreal windowWidth);

/// The box a time stamp of this text takes in a window this high (logical pixels; its font
/// grows with the window): its width rounded up to a step, so that a number counting up seldom
/// resizes its texture. Empty for an empty text.
QSize stampBox(const QString& text, int windowHeight);
/// The top left corner of the time stamp's box (logical pixels from the window's top left): in
/// the top right corner, or just under the cards when a card would be left too narrow beside
/// it.
QPointF stampPosition(const HudContent& c, const QSize& window);

class HudImage final : public Qt3DRender::QPaintedTextureImage {
 public:
  explicit HudImage(Qt3DCore::QNode* parent = nullptr) : QPaintedTextureImage(parent) {}
  void setContent(const HudContent& c, qreal dpr);

 protected:
  void paint(QPainter* painter) override;

 private:
  HudContent m_content;
  qreal m_dpr = 1.0;
};

/// The time stamp's picture: its text, large and bold, right-aligned in a rounded box.
class StampImage final : public Qt3DRender::QPaintedTextureImage {
 public:
  explicit StampImage(Qt3DCore::QNode* parent = nullptr) : QPaintedTextureImage(parent) {}
  /// Repaints when the text, the window's height or the pixel ratio changed, or when resized.
  void setText(const QString& text, int windowHeight, qreal dpr, bool resized);

 protected:
  void paint(QPainter* painter) override;

 private:
  QString m_text;
  int m_windowHeight = 0;
  qreal m_dpr = 1.0;
};

/// The time stamp: a quad of its own over the labels, so that a new text every frame repaints
/// and uploads a small texture, not the window-sized one of the labels.
class HudStamp {
 public:
  explicit HudStamp(Qt3DCore::QEntity* parent);
  /// Shows `text` in `box` (stampBox) with its top left corner at `at` in a window of
  /// `window` logical pixels; an empty text hides it.
  void set(const QString& text, const QSize& box, const QPointF& at, const QSize& window,
           qreal dpr);
  bool visible() const { return m_entity->isEnabled(); }

 private:
  Qt3DCore::QEntity* m_entity;
  Qt3DCore::QTransform* m_transform;
  Qt3DExtras::QPlaneMesh* m_mesh;
  Qt3DRender::QTexture2D* m_texture;
  StampImage* m_image;
  QSize m_box;
  qreal m_dpr = 0.0;
};

/// A quad in front of an orthographic camera whose units are the window's logical pixels.
class Hud {
 public:
  explicit Hud(Qt3DCore::QEntity* parent);
  void resize(const QSize& logical, qreal dpr);
  /// Repaints the texture when `c` differs from what it shows (each repaint is a new texture
  /// for the renderer to upload: a frame's worth of work for a software renderer).
  void setContent(const HudContent& c);
  const HudContent& content() const { return m_content; }

 private:
  Qt3DCore::QEntity* m_entity;
  Qt3DCore::QTransform* m_transform;
  Qt3DExtras::QPlaneMesh* m_mesh;
  Qt3DRender::QTexture2D* m_texture;
  HudImage* m_image;
  HudContent m_content;
  QSize m_size;
  qreal m_dpr = 1.0;
};

}  // namespace dms::ui::scene3d
