#include "ui/scene3d/qt3d/hud.h"

#include <QFont>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <Qt3DExtras/QTextureMaterial>
#include <algorithm>

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

// a rounded, nearly opaque card with a colour swatch, a title and a subtitle, at most maxWidth
// wide (the texts elided to fit their viewport)
void drawRunCard(QPainter& p, const QPointF& at, const HudContent::Run& run, qreal maxWidth) {
  const QFont title = hudFont(15, true), sub = hudFont(12, false);
  const QFontMetrics fmT(title), fmS(sub);
  const int textWidth = std::max(int(maxWidth) - 44, 24);
  const QString name = fmT.elidedText(run.title, Qt::ElideRight, textWidth);
  const QString subtitle =
      fmS.elidedText(run.hasData ? run.subtitle : run.subtitle + QStringLiteral(" - no data"),
                     Qt::ElideRight, textWidth);
  const qreal w = 44 + std::max(fmT.horizontalAdvance(name), fmS.horizontalAdvance(subtitle));
  const qreal h = 12 + fmT.height() + fmS.height() + 6;
  QPainterPath card;
  card.addRoundedRect(QRectF(at, QSizeF(w, h)), 7, 7);
  p.fillPath(card, QColor(255, 255, 255, 225));
  p.setPen(QPen(run.color.lighter(130), 1.2));
  p.setBrush(Qt::NoBrush);
  p.drawPath(card);
  const QRectF swatch(at.x() + 12, at.y() + 10, 18, 18);
  p.setPen(Qt::NoPen);
  p.setBrush(run.hasData ? run.color
                         : QColor(run.color.red(), run.color.green(), run.color.blue(), 90));
  p.drawRoundedRect(swatch, 4, 4);
  p.setFont(title);
  p.setPen(run.color.darker(125));
  p.drawText(QPointF(at.x() + 38, at.y() + 8 + fmT.ascent()), name);
  p.setFont(sub);
  p.setPen(QColor(0x50, 0x55, 0x5d));
  p.drawText(QPointF(at.x() + 38, at.y() + 10 + fmT.height() + fmS.ascent()), subtitle);
}

const QString kCameraHelp =
    QStringLiteral("drag: orbit   right/middle drag: pan   wheel: zoom   double-click: fit");

bool captionAndHelpFit(const HudContent& c, qreal width) {
  if (!c.help) return true;
  const QFontMetrics fm(hudFont(12, false));
  return 24 + fm.horizontalAdvance(c.caption) + 24 + fm.horizontalAdvance(kCameraHelp) <= width;
}

}  // namespace

HudBands hudBands(const HudContent& c, qreal windowWidth) {
  const QFontMetrics fmT(hudFont(15, true)), fmS(hudFont(12, false));
  HudBands b;
  b.top = 12 + 12 + fmT.height() + fmS.height() + 6 + 8;  // a card, with a margin under it
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
  for (std::size_t i = 0; i < m_content.runs.size(); ++i) {
    const int c = int(i) % cols, r = int(i) / cols;
    drawRunCard(p, QPointF(c * cw + 12, r * ch + 12), m_content.runs[i], cw - 24);
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

Hud::Hud(Qt3DCore::QEntity* parent)
    : m_entity(new Qt3DCore::QEntity(parent)),
      m_transform(new Qt3DCore::QTransform),
      m_mesh(new Qt3DExtras::QPlaneMesh),
      m_texture(new Qt3DRender::QTexture2D(m_entity)),
      m_image(new HudImage(m_texture)) {
  m_texture->setFormat(Qt3DRender::QAbstractTexture::RGBA8_UNorm);
  m_texture->setMinificationFilter(Qt3DRender::QAbstractTexture::Linear);
  m_texture->setMagnificationFilter(Qt3DRender::QAbstractTexture::Linear);
  m_texture->setGenerateMipMaps(false);
  m_texture->addTextureImage(m_image);
  auto* material = new Qt3DExtras::QTextureMaterial(m_entity);
  material->setTexture(m_texture);
  material->setAlphaBlendingEnabled(true);
  // the plane lies in x-z; a quarter turn about x faces it to the camera on +z
  m_transform->setRotation(QQuaternion::fromAxisAndAngle(1, 0, 0, 90));
  m_entity->addComponent(m_mesh);
  m_entity->addComponent(m_transform);
  m_entity->addComponent(material);
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
