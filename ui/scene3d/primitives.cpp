#include "ui/scene3d/primitives.h"

#include <QByteArray>
#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPerVertexColorMaterial>
#include <Qt3DExtras/QPhongAlphaMaterial>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DRender/QGeometryRenderer>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace dms::ui::scene3d {

QQuaternion rotationFromY(const QVector3D& dir) {
  const float n = dir.length();
  if (n < 1e-12f) return QQuaternion();
  return QQuaternion::rotationTo(QVector3D(0, 1, 0), dir / n);
}

QColor mix(const QColor& a, const QColor& b, double t) {
  const double s = 1.0 - t;
  return QColor::fromRgbF(float(s * a.redF() + t * b.redF()), float(s * a.greenF() + t * b.greenF()),
                          float(s * a.blueF() + t * b.blueF()),
                          float(s * a.alphaF() + t * b.alphaF()));
}

Qt3DRender::QMaterial* solidMaterial(const QColor& c, Qt3DCore::QNode* parent) {
  auto* m = new Qt3DExtras::QPhongMaterial(parent);
  m->setDiffuse(c);
  m->setAmbient(c.darker(300));
  m->setSpecular(QColor(90, 90, 90));
  m->setShininess(40.0f);
  return m;
}

Qt3DRender::QMaterial* glassMaterial(const QColor& c, float alpha, Qt3DCore::QNode* parent) {
  auto* m = new Qt3DExtras::QPhongAlphaMaterial(parent);
  m->setDiffuse(c);
  m->setAmbient(c.darker(200));
  m->setSpecular(QColor(30, 30, 30));
  m->setShininess(20.0f);
  m->setAlpha(alpha);
  return m;
}

Qt3DRender::QMaterial* vertexColorMaterial(Qt3DCore::QNode* parent) {
  return new Qt3DExtras::QPerVertexColorMaterial(parent);
}

Part::Part(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material)
    : m_entity(new Qt3DCore::QEntity(parent)), m_transform(new Qt3DCore::QTransform) {
  m_entity->addComponent(m_transform);
  m_entity->addComponent(material);
}

Ball::Ball(Qt3DCore::QEntity* parent, float radius, Qt3DRender::QMaterial* material)
    : Part(parent, material) {
  auto* mesh = new Qt3DExtras::QSphereMesh;
  mesh->setRadius(radius);
  mesh->setRings(32);
  mesh->setSlices(48);
  m_entity->addComponent(mesh);
}

Rod::Rod(Qt3DCore::QEntity* parent, float radius, Qt3DRender::QMaterial* material)
    : Part(parent, material), m_radius(radius) {
  auto* mesh = new Qt3DExtras::QCylinderMesh;
  mesh->setRadius(1.0f);
  mesh->setLength(1.0f);
  mesh->setRings(2);
  mesh->setSlices(24);
  m_entity->addComponent(mesh);
}

void Rod::setEnds(const QVector3D& a, const QVector3D& b) {
  const QVector3D d = b - a;
  const float len = d.length();
  m_transform->setScale3D(QVector3D(m_radius, std::max(len, 1e-6f), m_radius));
  m_transform->setRotation(rotationFromY(d));
  m_transform->setTranslation(0.5f * (a + b));
}

Box::Box(Qt3DCore::QEntity* parent, const QVector3D& size, Qt3DRender::QMaterial* material)
    : Part(parent, material) {
  auto* mesh = new Qt3DExtras::QCuboidMesh;
  mesh->setXExtent(size.x());
  mesh->setYExtent(size.y());
  mesh->setZExtent(size.z());
  m_entity->addComponent(mesh);
}

Arrow::Arrow(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material)
    : m_root(new Qt3DCore::QEntity(parent)),
      m_shaft(new Qt3DCore::QTransform),
      m_head(new Qt3DCore::QTransform) {
  auto* shaft = new Qt3DCore::QEntity(m_root);
  auto* cyl = new Qt3DExtras::QCylinderMesh;
  cyl->setRadius(1.0f);
  cyl->setLength(1.0f);
  cyl->setRings(2);
  cyl->setSlices(20);
  shaft->addComponent(cyl);
  shaft->addComponent(m_shaft);
  shaft->addComponent(material);
  auto* head = new Qt3DCore::QEntity(m_root);
  auto* cone = new Qt3DExtras::QConeMesh;
  cone->setTopRadius(0.0f);
  cone->setBottomRadius(1.0f);
  cone->setLength(1.0f);
  cone->setRings(2);
  cone->setSlices(24);
  cone->setHasBottomEndcap(true);
  head->addComponent(cone);
  head->addComponent(m_head);
  head->addComponent(material);
}

void Arrow::set(const QVector3D& origin, const QVector3D& vector, float shaftRadius) {
  const float len = vector.length();
  if (!(len > 1e-9f) || !std::isfinite(len)) {
    m_root->setEnabled(false);
    return;
  }
  m_root->setEnabled(true);
  const QVector3D u = vector / len;
  // the head takes at most 40% of a short arrow
  const float headLen = std::min(7.0f * shaftRadius, 0.4f * len);
  const float headRadius = std::min(2.2f * shaftRadius, 0.5f * headLen);
  const float shaftLen = len - headLen;
  const QQuaternion q = rotationFromY(u);
  m_shaft->setScale3D(QVector3D(shaftRadius, std::max(shaftLen, 1e-6f), shaftRadius));
  m_shaft->setRotation(q);
  m_shaft->setTranslation(origin + 0.5f * shaftLen * u);
  m_head->setScale3D(QVector3D(headRadius, headLen, headRadius));
  m_head->setRotation(q);
  m_head->setTranslation(origin + (shaftLen + 0.5f * headLen) * u);
}

void Arrow::setVisible(bool on) { m_root->setEnabled(on); }

namespace {

Qt3DCore::QAttribute* floatAttribute(Qt3DCore::QBuffer* buffer, const QString& name, int size,
                                     int offset, int stride, Qt3DCore::QGeometry* geometry) {
  auto* a = new Qt3DCore::QAttribute(geometry);
  a->setName(name);
  a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
  a->setVertexBaseType(Qt3DCore::QAttribute::Float);
  a->setVertexSize(uint(size));
  a->setByteOffset(uint(offset));
  a->setByteStride(uint(stride));
  a->setBuffer(buffer);
  a->setCount(0);
  geometry->addAttribute(a);
  return a;
}

}  // namespace

LineSet::LineSet(Qt3DCore::QEntity* parent, Kind kind, int capacity)
    : m_entity(new Qt3DCore::QEntity(parent)),
      m_renderer(new Qt3DRender::QGeometryRenderer),
      m_capacity(capacity) {
  auto* geometry = new Qt3DCore::QGeometry(m_renderer);
  m_buffer = new Qt3DCore::QBuffer(geometry);
  constexpr int stride = 6 * sizeof(float);
  m_position = floatAttribute(m_buffer, Qt3DCore::QAttribute::defaultPositionAttributeName(), 3,
                              0, stride, geometry);
  m_colour = floatAttribute(m_buffer, Qt3DCore::QAttribute::defaultColorAttributeName(), 3,
                            3 * sizeof(float), stride, geometry);
  m_renderer->setGeometry(geometry);
  m_renderer->setPrimitiveType(kind == Kind::Strip ? Qt3DRender::QGeometryRenderer::LineStrip
                                                   : Qt3DRender::QGeometryRenderer::Lines);
  m_renderer->setVertexCount(0);
  m_entity->addComponent(m_renderer);
  m_entity->addComponent(vertexColorMaterial(m_entity));
  m_entity->setEnabled(false);
}

void LineSet::set(const std::vector<QVector3D>& points, const std::vector<QColor>& colours) {
  const int n = int(std::min({points.size(), colours.size(), std::size_t(m_capacity)}));
  if (n < 2) {
    clear();
    return;
  }
  const std::size_t first = points.size() - std::size_t(n);
  const std::size_t firstColour = colours.size() - std::size_t(n);
  QByteArray bytes(n * 6 * int(sizeof(float)), Qt::Uninitialized);
  float* f = reinterpret_cast<float*>(bytes.data());
  for (int i = 0; i < n; ++i) {
    const QVector3D& p = points[first + std::size_t(i)];
    const QColor& c = colours[firstColour + std::size_t(i)];
    *f++ = p.x();
    *f++ = p.y();
    *f++ = p.z();
    *f++ = float(c.redF());
    *f++ = float(c.greenF());
    *f++ = float(c.blueF());
  }
  m_buffer->setData(bytes);
  m_position->setCount(uint(n));
  m_colour->setCount(uint(n));
  m_renderer->setVertexCount(n);
  m_entity->setEnabled(true);
}

void LineSet::clear() {
  m_entity->setEnabled(false);
  m_renderer->setVertexCount(0);
}

Tube::Tube(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material, int pathPoints, int sides)
    : m_entity(new Qt3DCore::QEntity(parent)), m_points(pathPoints), m_sides(sides) {
  auto* renderer = new Qt3DRender::QGeometryRenderer;
  auto* geometry = new Qt3DCore::QGeometry(renderer);
  m_vertices = new Qt3DCore::QBuffer(geometry);
  const int nv = m_points * m_sides;
  constexpr int stride = 6 * sizeof(float);
  floatAttribute(m_vertices, Qt3DCore::QAttribute::defaultPositionAttributeName(), 3, 0, stride,
                 geometry)
      ->setCount(uint(nv));
  floatAttribute(m_vertices, Qt3DCore::QAttribute::defaultNormalAttributeName(), 3,
                 3 * sizeof(float), stride, geometry)
      ->setCount(uint(nv));
  m_vertices->setData(QByteArray(nv * stride, '\0'));

  // two triangles per quad between consecutive rings; fixed for the life of the tube
  const int nIndex = (m_points - 1) * m_sides * 6;
  QByteArray idx(nIndex * int(sizeof(quint32)), Qt::Uninitialized);
  quint32* ip = reinterpret_cast<quint32*>(idx.data());
  for (int i = 0; i + 1 < m_points; ++i) {
    for (int j = 0; j < m_sides; ++j) {
      const quint32 a = quint32(i * m_sides + j);
      const quint32 b = quint32(i * m_sides + (j + 1) % m_sides);
      const quint32 c = a + quint32(m_sides);
      const quint32 d = b + quint32(m_sides);
      *ip++ = a;
      *ip++ = b;
      *ip++ = c;
      *ip++ = b;
      *ip++ = d;
      *ip++ = c;
    }
  }
  auto* indexBuffer = new Qt3DCore::QBuffer(geometry);
  indexBuffer->setData(idx);
  auto* index = new Qt3DCore::QAttribute(geometry);
  index->setAttributeType(Qt3DCore::QAttribute::IndexAttribute);
  index->setVertexBaseType(Qt3DCore::QAttribute::UnsignedInt);
  index->setBuffer(indexBuffer);
  index->setCount(uint(nIndex));
  geometry->addAttribute(index);

  renderer->setGeometry(geometry);
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
  renderer->setVertexCount(nIndex);
  m_entity->addComponent(renderer);
  m_entity->addComponent(material);
}

void Tube::setPath(const std::vector<QVector3D>& path, float radius) {
  if (int(path.size()) != m_points) return;
  QByteArray bytes(m_points * m_sides * 6 * int(sizeof(float)), Qt::Uninitialized);
  float* f = reinterpret_cast<float*>(bytes.data());
  // a ring frame carried along the path by parallel transport, so the tube does not twist
  QVector3D tangent = (path[1] - path[0]).normalized();
  QVector3D normal = QVector3D::crossProduct(tangent, QVector3D(0, 0, 1));
  if (normal.lengthSquared() < 1e-6f) normal = QVector3D::crossProduct(tangent, QVector3D(0, 1, 0));
  normal.normalize();
  for (int i = 0; i < m_points; ++i) {
    const std::size_t k = std::size_t(i);
    const QVector3D next = path[std::min(k + 1, path.size() - 1)];
    const QVector3D prev = path[k == 0 ? 0 : k - 1];
    QVector3D t = (next - prev).normalized();
    if (t.lengthSquared() < 0.5f) t = tangent;
    // remove the new tangent's component from the carried normal
    normal = (normal - QVector3D::dotProduct(normal, t) * t).normalized();
    tangent = t;
    const QVector3D binormal = QVector3D::crossProduct(t, normal);
    for (int j = 0; j < m_sides; ++j) {
      const float a = float(2.0 * M_PI * j / m_sides);
      const QVector3D n = std::cos(a) * normal + std::sin(a) * binormal;
      const QVector3D p = path[k] + radius * n;
      *f++ = p.x();
      *f++ = p.y();
      *f++ = p.z();
      *f++ = n.x();
      *f++ = n.y();
      *f++ = n.z();
    }
  }
  m_vertices->setData(bytes);
}

}  // namespace dms::ui::scene3d
