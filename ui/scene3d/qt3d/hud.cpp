// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/hud.h"

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <Qt3DExtras/QTextureMaterial>
#include <algorithm>
#include <cmath>

namespace dms::ui::scene3d {

void HudImage::setContent(const HudContent& c, qreal dpr) {
  m_content = c;
  m_dpr = dpr;
  update();
}

namespace {

QFont hudFont(int pixelSize, bool bold) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setPixelSize(pixelSize);
  f.setBold(bold);
  return f;
}

constexpr qreal kMargin = 12;    // from the window's edges to the cards and the time stamp
constexpr qreal kGap = 8;        // between a card and the time stamp
constexpr qreal kMinCard = 150;  // a card narrower than this beside the stamp moves the stamp

// text broken at spaces into lines at most `width` wide, at most maxLines of them: what does
// not fit on the last line is elided there (as is a word wider than a line)
QStringList wrapText(const QFontMetrics& fm, const QString& text, int width, int maxLines) {
  QStringList lines;
  QString line;
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
    if (line.isEmpty() || fm.horizontalAdvance(longer) <= width || lines.size() + 1 >= maxLines) {
      line = longer;
    } else {
      lines << line;
      line = word;
    }
  }
  lines << line;
  for (QString& l : lines) l = fm.elidedText(l, Qt::ElideRight, width);
  return lines;
}

// a run's card: the method's name and its description on up to two lines each (broken at
// spaces to fit maxWidth, elided only past that), and the card's size
struct Card {
  QStringList title, subtitle;
  QSizeF size;
};

Card layOutCard(const HudContent::Run& run, qreal maxWidth) {
  const QFontMetrics fmT(hudFont(15, true)), fmS(hudFont(12, false));
  const int textWidth = std::max(int(maxWidth) - 44, 24);
  Card card;
  card.title = wrapText(fmT, run.title, textWidth, 2);
  card.subtitle = wrapText(
      fmS, run.hasData ? run.subtitle : run.subtitle + QStringLiteral(" - no data"), textWidth, 2);
  int wide = 0;
  for (const QString& l : card.title) wide = std::max(wide, fmT.horizontalAdvance(l));
  for (const QString& l : card.subtitle) wide = std::max(wide, fmS.horizontalAdvance(l));
  card.size = QSizeF(
      44 + wide, 12 + card.title.size() * fmT.height() + card.subtitle.size() * fmS.height() + 6);
  return card;
}

// a rounded, nearly opaque card with a colour swatch, a title and a subtitle, at most maxWidth
// wide
void drawRunCard(QPainter& p, const QPointF& at, const HudContent::Run& run, qreal maxWidth) {
  const QFont title = hudFont(15, true), sub = hudFont(12, false);
  const QFontMetrics fmT(title), fmS(sub);
  const Card card = layOutCard(run, maxWidth);
  QPainterPath path;
  path.addRoundedRect(QRectF(at, card.size), 7, 7);
  p.fillPath(path, QColor(255, 255, 255, 225));
  p.setPen(QPen(run.color.lighter(130), 1.2));
  p.setBrush(Qt::NoBrush);
  p.drawPath(path);
  const QRectF swatch(at.x() + 12, at.y() + 10, 18, 18);
  p.setPen(Qt::NoPen);
  p.setBrush(run.hasData ? run.color
                         : QColor(run.color.red(), run.color.green(), run.color.blue(), 90));
  p.drawRoundedRect(swatch, 4, 4);
  qreal y = at.y() + 8;
  p.setFont(title);
  p.setPen(run.color.darker(125));
  for (const QString& l : card.title) {
    p.drawText(QPointF(at.x() + 38, y + fmT.ascent()), l);
    y += fmT.height();
  }
  y += 2;
  p.setFont(sub);
  p.setPen(QColor(0x50, 0x55, 0x5d));
  for (const QString& l : card.subtitle) {
    p.drawText(QPointF(at.x() + 38, y + fmS.ascent()), l);
    y += fmS.height();
  }
}

// The overlay's legend: one card, a row per run (a swatch, the title in the run's colour, the
// subtitle after the titles' column), its texts elided to fit maxWidth; the subtitles go first.
struct Legend {
  std::vector<QString> titles, subtitles;
  qreal titleColumn = 0;
  QSizeF size;
};

constexpr qreal kLegendPad = 10, kSwatch = 16;

qreal legendRowHeight() { return QFontMetrics(hudFont(15, true)).height() + 4; }

Legend layOutLegend(const std::vector<HudContent::Run>& runs, qreal maxWidth) {
  const QFontMetrics fmT(hudFont(15, true)), fmS(hudFont(12, false));
  Legend l;
  const qreal lead = kLegendPad + kSwatch + 8;  // the swatch and the space after it
  const qreal titleRoom = std::max(maxWidth - lead - kLegendPad, 24.0);
  qreal subtitleWidth = 0;
  for (const HudContent::Run& r : runs) {
    l.titles.push_back(fmT.elidedText(r.title, Qt::ElideRight, int(titleRoom)));
    l.titleColumn = std::max(l.titleColumn, qreal(fmT.horizontalAdvance(l.titles.back())));
  }
  const qreal subtitleRoom = maxWidth - lead - l.titleColumn - 12 - kLegendPad;
  for (const HudContent::Run& r : runs) {
    const QString sub = r.hasData ? r.subtitle : r.subtitle + QStringLiteral(" - no data");
    // a subtitle cut to a few letters says nothing: then none
    l.subtitles.push_back(
        subtitleRoom >= 60 ? fmS.elidedText(sub, Qt::ElideRight, int(subtitleRoom)) : QString());
    subtitleWidth = std::max(subtitleWidth, qreal(fmS.horizontalAdvance(l.subtitles.back())));
  }
  l.size = QSizeF(lead + l.titleColumn + (subtitleWidth > 0 ? 12 + subtitleWidth : 0) + kLegendPad,
                  2 * kLegendPad - 4 + qreal(runs.size()) * legendRowHeight());
  return l;
}

void drawLegend(QPainter& p, const QPointF& at, const std::vector<HudContent::Run>& runs,
                qreal maxWidth) {
  if (runs.empty()) return;
  const QFont title = hudFont(15, true), sub = hudFont(12, false);
  const QFontMetrics fmT(title), fmS(sub);
  const Legend l = layOutLegend(runs, maxWidth);
  QPainterPath card;
  card.addRoundedRect(QRectF(at, l.size), 7, 7);
  p.fillPath(card, QColor(255, 255, 255, 225));
  p.setPen(QPen(QColor(0xc8, 0xcc, 0xd2), 1.2));
  p.setBrush(Qt::NoBrush);
  p.drawPath(card);
  const qreal rowH = legendRowHeight();
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const HudContent::Run& r = runs[i];
    const qreal top = at.y() + kLegendPad + qreal(i) * rowH;
    const qreal base = top + (rowH - 4 - fmT.height()) / 2 + fmT.ascent();
    // the first run is drawn solid, the others as ghosts: their swatches say so
    const QRectF swatch(at.x() + kLegendPad, top + (rowH - 4 - kSwatch) / 2, kSwatch, kSwatch);
    QColor fill = r.color;
    if (i > 0) fill.setAlpha(120);
    if (!r.hasData) fill.setAlpha(i > 0 ? 50 : 90);
    p.setPen(i > 0 ? QPen(r.color, 1.6) : Qt::NoPen);
    p.setBrush(fill);
    p.drawRoundedRect(swatch, 4, 4);
    const qreal x = swatch.right() + 8;
    p.setFont(title);
    p.setPen(r.color.darker(125));
    p.drawText(QPointF(x, base), l.titles[i]);
    if (!l.subtitles[i].isEmpty()) {
      p.setFont(sub);
      p.setPen(QColor(0x50, 0x55, 0x5d));
      p.drawText(QPointF(x + l.titleColumn + 12, base), l.subtitles[i]);
    }
  }
}

// Where the cards (or the legend) of the top row may reach beside the time stamp: each card's
// width limit, and whether the stamp moves under the cards instead (when a card would be left
// narrower than kMinCard beside it).
struct TopRow {
  std::vector<qreal> cardWidth;  // side by side: the limit of each card
  qreal legendWidth = 0;         // overlay: the legend's limit
  bool stampBelow = false;
};

TopRow layOutTopRow(const HudContent& c, qreal w) {
  TopRow t;
  const int cols = std::max(c.grid.width(), 1);
  const qreal cw = w / cols;
  t.cardWidth.assign(c.runs.size(), cw - 24);
  t.legendWidth = w - 2 * kMargin;
  if (c.stamp.isEmpty() || !c.labels) return t;
  // the stamp's left edge, and a gap before it
  const qreal right = w - kMargin - c.stamp.width() - kGap;
  std::vector<std::pair<qreal*, qreal>> narrowed;  // a limit and what it becomes
  if (c.overlay) {
    if (!c.runs.empty() && kMargin + layOutLegend(c.runs, t.legendWidth).size.width() > right)
      narrowed.emplace_back(&t.legendWidth, right - kMargin);
  } else {
    for (std::size_t i = 0; i < c.runs.size() && int(i) < cols; ++i) {
      const qreal x = int(i) * cw + kMargin;
      if (x + layOutCard(c.runs[i], t.cardWidth[i]).size.width() > right)
        narrowed.emplace_back(&t.cardWidth[i], right - x);
    }
  }
  for (const auto& n : narrowed)
    if (n.second < kMinCard) t.stampBelow = true;
  if (!t.stampBelow)
    for (const auto& n : narrowed) *n.first = n.second;
  return t;
}

const QString kCameraHelp =
    QStringLiteral("drag: orbit   right/middle drag: pan   wheel: zoom   double-click: fit");

bool captionAndHelpFit(const HudContent& c, qreal width) {
  if (!c.help) return true;
  const QFontMetrics fm(hudFont(12, false));
  return 24 + fm.horizontalAdvance(c.caption) + 24 + fm.horizontalAdvance(kCameraHelp) <= width;
}

}  // namespace

HudCardText hudCardText(const HudContent& c, std::size_t run, qreal windowWidth) {
  const Card card = layOutCard(c.runs[run], layOutTopRow(c, windowWidth).cardWidth[run]);
  return {card.title, card.subtitle};
}

HudBands hudBands(const HudContent& c, qreal windowWidth) {
  const QFontMetrics fmT(hudFont(15, true)), fmS(hudFont(12, false));
  HudBands b;
  b.top = 12 + 12 + fmT.height() + fmS.height() + 6 + 8;  // a card, with a margin under it
  // the tallest card (its texts on two lines where they need them)
  if (!c.overlay) {
    const TopRow row = layOutTopRow(c, windowWidth);
    for (std::size_t i = 0; i < c.runs.size(); ++i)
      b.top = std::max(b.top, kMargin + layOutCard(c.runs[i], row.cardWidth[i]).size.height() + 8);
  }
  // the overlay's legend, a row per run
  if (c.overlay)
    b.top = std::max(b.top,
                     kMargin + layOutLegend(c.runs, windowWidth - 2 * kMargin).size.height() + 8);
  const int lines = 1 + int(c.arrows.size()) + (captionAndHelpFit(c, windowWidth) ? 0 : 1);
  b.bottom = 10 + lines * (fmS.height() + 4) + 6;
  return b;
}

void HudImage::paint(QPainter* painter) {
  QPainter& p = *painter;
  const QSize px = size();
  p.setCompositionMode(QPainter::CompositionMode_Source);
  p.fillRect(QRect(QPoint(0, 0), px), Qt::transparent);
  p.setCompositionMode(QPainter::CompositionMode_SourceOver);
  p.setRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::TextAntialiasing);
  p.scale(m_dpr, m_dpr);
  const qreal w = px.width() / m_dpr, h = px.height() / m_dpr;

  // the dividers between the viewports, and each run's card at its viewport's top left
  const int cols = std::max(m_content.grid.width(), 1), rows = std::max(m_content.grid.height(), 1);
  const qreal cw = w / cols, ch = h / rows;
  const QColor divider(0xc8, 0xcc, 0xd2);
  for (int c = 1; c < cols; ++c) p.fillRect(QRectF(c * cw - 1, 0, 2, h), divider);
  for (int r = 1; r < rows; ++r) p.fillRect(QRectF(0, r * ch - 1, w, 2), divider);
  if (!m_content.labels) return;  // the dividers alone
  const TopRow top = layOutTopRow(m_content, w);
  if (m_content.overlay) {
    drawLegend(p, QPointF(kMargin, kMargin), m_content.runs, top.legendWidth);
  } else {
    for (std::size_t i = 0; i < m_content.runs.size(); ++i) {
      const int c = int(i) % cols, r = int(i) / cols;
      drawRunCard(p, QPointF(c * cw + kMargin, r * ch + kMargin), m_content.runs[i],
                  top.cardWidth[i]);
    }
  }

  const QFont small = hudFont(12, false);
  const QFontMetrics fm(small);
  p.setFont(small);
  qreal y = h - 10 - fm.descent();
  p.setPen(QColor(0x6a, 0x70, 0x78));
  p.drawText(QPointF(12, y), fm.elidedText(m_content.caption, Qt::ElideRight, int(w) - 24));
  // the camera's help beside the caption, or on the line above it when both do not fit
  const QString help = fm.elidedText(kCameraHelp, Qt::ElideRight, int(w) - 24);
  if (!captionAndHelpFit(m_content, w)) y -= fm.height() + 2;
  if (m_content.help) p.drawText(QPointF(w - 12 - fm.horizontalAdvance(help), y), help);

  // the arrows' legend, above the caption
  for (auto it = m_content.arrows.rbegin(); it != m_content.arrows.rend(); ++it) {
    y -= fm.height() + 4;
    p.setPen(QPen(it->first, 3));
    p.drawLine(QPointF(14, y - fm.ascent() / 2 + 1), QPointF(34, y - fm.ascent() / 2 + 1));
    p.setPen(QColor(0x30, 0x34, 0x3a));
    p.drawText(QPointF(40, y), it->second);
  }
}

namespace {

QFont stampFont(int windowHeight) {
  return hudFont(std::clamp(qRound(windowHeight / 20.0), 22, 36), true);
}

// the box's padding around the text, a fraction of the font's size
QSizeF stampPadding(const QFont& f) { return QSizeF(0.5 * f.pixelSize(), 0.2 * f.pixelSize()); }

}  // namespace

QSize stampBox(const QString& text, int windowHeight) {
  if (text.isEmpty()) return {};
  const QFont f = stampFont(windowHeight);
  const QFontMetrics fm(f);
  const QSizeF pad = stampPadding(f);
  // widths in steps of about a digit: a text of digits counting up (of one width in this font)
  // changes its box only when it gets a digit more
  const int step = std::max(f.pixelSize() / 2, 8);
  const int w = int(std::ceil((fm.horizontalAdvance(text) + 2 * pad.width()) / step)) * step;
  return QSize(w, int(std::ceil(fm.height() + 2 * pad.height())));
}

QPointF stampPosition(const HudContent& c, const QSize& window) {
  const qreal w = window.width();
  const qreal y = layOutTopRow(c, w).stampBelow ? hudBands(c, w).top : kMargin;
  return QPointF(w - kMargin - c.stamp.width(), y);
}

void StampImage::setText(const QString& text, int windowHeight, qreal dpr, bool resized) {
  if (!resized && text == m_text && windowHeight == m_windowHeight && dpr == m_dpr) return;
  m_text = text;
  m_windowHeight = windowHeight;
  m_dpr = dpr;
  update();
}

void StampImage::paint(QPainter* painter) {
  QPainter& p = *painter;
  const QSize px = size();
  p.setCompositionMode(QPainter::CompositionMode_Source);
  p.fillRect(QRect(QPoint(0, 0), px), Qt::transparent);
  p.setCompositionMode(QPainter::CompositionMode_SourceOver);
  p.setRenderHint(QPainter::Antialiasing);
  p.setRenderHint(QPainter::TextAntialiasing);
  p.scale(m_dpr, m_dpr);
  const qreal w = px.width() / m_dpr, h = px.height() / m_dpr;
  const QFont f = stampFont(m_windowHeight);
  const QFontMetrics fm(f);
  const QSizeF pad = stampPadding(f);
  // right-aligned in the texture (which is a step wider than the text), so it keeps its corner
  const qreal boxWidth = std::min(w, fm.horizontalAdvance(m_text) + 2 * pad.width());
  const QRectF box(w - boxWidth + 1, 1, boxWidth - 2, h - 2);
  QPainterPath path;
  path.addRoundedRect(box, 7, 7);
  p.fillPath(path, QColor(255, 255, 255, 235));
  p.setPen(QPen(QColor(0x9a, 0xa0, 0xa8), 1.4));
  p.setBrush(Qt::NoBrush);
  p.drawPath(path);
  p.setFont(f);
  p.setPen(QColor(0x1c, 0x20, 0x26));
  p.drawText(
      QPointF(box.left() + pad.width(), box.top() + (box.height() - fm.height()) / 2 + fm.ascent()),
      m_text);
}

namespace {

// a plane that shows `image` as an alpha-blended texture, turned to face the camera on +z (the
// plane mesh lies in x-z: a quarter turn about x)
void makeTexturedQuad(Qt3DCore::QEntity* entity, Qt3DCore::QTransform* transform,
                      Qt3DExtras::QPlaneMesh* mesh, Qt3DRender::QTexture2D* texture,
                      Qt3DRender::QAbstractTextureImage* image) {
  texture->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
  texture->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
  texture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
  texture->setGenerateMipMaps(false);
  texture->addTextureImage(image);
  auto* material = new Qt3DExtras::QTextureMaterial(entity);
  material->setTexture(texture);
  material->setAlphaBlendingEnabled(true);
  transform->setRotation(QQuaternion::fromAxisAndAngle(1, 0, 0, 90));
  entity->addComponent(mesh);
  entity->addComponent(transform);
  entity->addComponent(material);
}

}  // namespace

HudStamp::HudStamp(Qt3DCore::QEntity* parent)
    : m_entity(new Qt3DCore::QEntity(parent)),
      m_transform(new Qt3DCore::QTransform),
      m_mesh(new Qt3DExtras::QPlaneMesh),
      m_texture(new Qt3DRender::QTexture2D(m_entity)),
      m_image(new StampImage(m_texture)) {
  makeTexturedQuad(m_entity, m_transform, m_mesh, m_texture, m_image);  // as the labels' quad
  m_entity->setEnabled(false);
  // a texture image that was never painted has no data for the renderer (which crashes on it):
  // an empty picture until the first text
  m_texture->setSize(16, 16);
  m_image->setSize(QSize(16, 16));
  m_image->update();
}

void HudStamp::set(const QString& text, const QSize& box, const QPointF& at, const QSize& window,
                   qreal dpr) {
  if (text.isEmpty() || box.isEmpty()) {
    m_entity->setEnabled(false);
    return;
  }
  const bool resized = box != m_box || dpr != m_dpr;
  if (resized) {
    m_box = box;
    m_dpr = dpr;
    m_mesh->setWidth(float(box.width()));
    m_mesh->setHeight(float(box.height()));
    const QSize px(qRound(box.width() * dpr), qRound(box.height() * dpr));
    m_texture->setSize(px.width(), px.height());
    m_image->setSize(px);
  }
  // the camera's y runs up from the window's bottom
  m_transform->setTranslation(QVector3D(float(at.x() + 0.5 * box.width()),
                                        float(window.height() - at.y() - 0.5 * box.height()),
                                        1.0f));
  m_image->setText(text, window.height(), dpr, resized);
  m_entity->setEnabled(true);
}

Hud::Hud(Qt3DCore::QEntity* parent)
    : m_entity(new Qt3DCore::QEntity(parent)),
      m_transform(new Qt3DCore::QTransform),
      m_mesh(new Qt3DExtras::QPlaneMesh),
      m_texture(new Qt3DRender::QTexture2D(m_entity)),
      m_image(new HudImage(m_texture)) {
  makeTexturedQuad(m_entity, m_transform, m_mesh, m_texture, m_image);
  resize(QSize(640, 480), 1.0);
}

void Hud::resize(const QSize& logical, qreal dpr) {
  if (logical == m_size && dpr == m_dpr) return;
  m_size = logical.expandedTo(QSize(1, 1));
  m_dpr = dpr;
  m_mesh->setWidth(float(m_size.width()));
  m_mesh->setHeight(float(m_size.height()));
  m_transform->setTranslation(QVector3D(0.5f * m_size.width(), 0.5f * m_size.height(), 0));
  const QSize px(qRound(m_size.width() * dpr), qRound(m_size.height() * dpr));
  m_texture->setSize(px.width(), px.height());
  m_image->setSize(px);
  m_image->setContent(m_content, m_dpr);
}

void Hud::setContent(const HudContent& c) {
  if (c == m_content) return;
  m_content = c;
  m_image->setContent(m_content, m_dpr);
}

}  // namespace dms::ui::scene3d
