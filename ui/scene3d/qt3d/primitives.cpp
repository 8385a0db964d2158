// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/scene3d/qt3d/primitives.h"

#include <QByteArray>
#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QPhongAlphaMaterial>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DExtras/QSphereMesh>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QEffect>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTechnique>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace dms::ui::scene3d {

QQuaternion rotationFromY(const QVector3D& dir) {
  const float n = dir.length();
  if (n < 1e-12f) return QQuaternion();
  return QQuaternion::rotationTo(QVector3D(0, 1, 0), dir / n);
}

QColor axisColor(int i) {
  static const QColor c[3] = {QColor(0xc8, 0x28, 0x28), QColor(0x2e, 0x7d, 0x32),
                              QColor(0x3a, 0x46, 0x9c)};
  return c[i];
}

void deleteTree(Qt3DCore::QNode* node) {
  if (!node) return;
  const QList<Qt3DCore::QNode*> children =
      node->findChildren<Qt3DCore::QNode*>(Qt::FindDirectChildrenOnly);
  for (Qt3DCore::QNode* child : children) deleteTree(child);
  delete node;
}

QColor mix(const QColor& a, const QColor& b, double t) {
  const double s = 1.0 - t;
  return QColor::fromRgbF(
      float(s * a.redF() + t * b.redF()), float(s * a.greenF() + t * b.greenF()),
      float(s * a.blueF() + t * b.blueF()), float(s * a.alphaF() + t * b.alphaF()));
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

Qt3DRender::QMaterial* ghostMaterial(const QColor& c, float alpha, Qt3DCore::QNode* parent) {
  auto* m = new Qt3DExtras::QPhongAlphaMaterial(parent);
  m->setDiffuse(c);
  m->setAmbient(c.darker(300));
  m->setSpecular(QColor(90, 90, 90));
  m->setShininess(40.0f);
  m->setAlpha(alpha);
  auto* cull = new Qt3DRender::QCullFace(m);
  cull->setMode(Qt3DRender::QCullFace::Back);
  for (Qt3DRender::QTechnique* t : m->effect()->techniques())
    for (Qt3DRender::QRenderPass* pass : t->renderPasses()) pass->addRenderState(cull);
  return m;
}

// Qt3DExtras' QPerVertexColorMaterial lights its colours, and Qt 6.8 lights them far more than
// Qt 6.4 (a blue trail comes out cyan, an orange one yellow), so the colours would no longer be
// the runs'. This material draws each vertex's colour as it is, on every Qt: OpenGL 3.2 core
// (the renderer is OpenGL, see qt3dsceneview.cpp) with the attribute and uniform names Qt 3D
// binds by default.
Qt3DRender::QMaterial* vertexColorMaterial(Qt3DCore::QNode* parent) {
  static const QByteArray vertex = R"(#version 150 core
in vec3 vertexPosition;
in vec3 vertexColor;
out vec3 colour;
uniform mat4 modelViewProjection;
void main() {
  colour = vertexColor;
  gl_Position = modelViewProjection * vec4(vertexPosition, 1.0);
}
)";
  static const QByteArray fragment = R"(#version 150 core
in vec3 colour;
out vec4 fragColor;
void main() { fragColor = vec4(colour, 1.0); }
)";
  auto* material = new Qt3DRender::QMaterial(parent);
  auto* effect = new Qt3DRender::QEffect(material);
  auto* technique = new Qt3DRender::QTechnique(effect);
  technique->graphicsApiFilter()->setApi(Qt3DRender::QGraphicsApiFilter::OpenGL);
  technique->graphicsApiFilter()->setProfile(Qt3DRender::QGraphicsApiFilter::CoreProfile);
  technique->graphicsApiFilter()->setMajorVersion(3);
  technique->graphicsApiFilter()->setMinorVersion(2);
  auto* forward = new Qt3DRender::QFilterKey(technique);
  forward->setName(QStringLiteral("renderingStyle"));
  forward->setValue(QStringLiteral("forward"));
  technique->addFilterKey(forward);
  auto* pass = new Qt3DRender::QRenderPass(technique);
  auto* program = new Qt3DRender::QShaderProgram(pass);
  program->setVertexShaderCode(vertex);
  program->setFragmentShaderCode(fragment);
  pass->setShaderProgram(program);
  technique->addRenderPass(pass);
  effect->addTechnique(technique);
  material->setEffect(effect);
  return material;
}

Part::Part(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material)
    : m_entity(new Qt3DCore::QEntity(parent)), m_transform(new Qt3DCore::QTransform) {
  m_entity->addComponent(m_transform);
  m_entity->addComponent(material);
}

Ball::Ball(Qt3DCore::QEntity* parent, float radius, Qt3DRender::QMaterial* material)
    : Part(parent, material), m_meshRadius(radius) {
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
  m_position = floatAttribute(m_buffer, Qt3DCore::QAttribute::defaultPositionAttributeName(), 3, 0,
                              stride, geometry);
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

Tube::Tube(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material, int capacity, int sides,
           bool colours)
    : m_entity(new Qt3DCore::QEntity(parent)),
      m_renderer(new Qt3DRender::QGeometryRenderer),
      m_capacity(capacity),
      m_sides(sides),
      m_colours(colours) {
  auto* geometry = new Qt3DCore::QGeometry(m_renderer);
  m_vertices = new Qt3DCore::QBuffer(geometry);
  const int stride = (m_colours ? 9 : 6) * int(sizeof(float));
  m_attributes.push_back(floatAttribute(
      m_vertices, Qt3DCore::QAttribute::defaultPositionAttributeName(), 3, 0, stride, geometry));
  m_attributes.push_back(floatAttribute(m_vertices,
                                        Qt3DCore::QAttribute::defaultNormalAttributeName(), 3,
                                        3 * sizeof(float), stride, geometry));
  if (m_colours)
    m_attributes.push_back(floatAttribute(m_vertices,
                                          Qt3DCore::QAttribute::defaultColorAttributeName(), 3,
                                          6 * sizeof(float), stride, geometry));
  for (int j = 0; j < m_sides; ++j) {
    m_cos.push_back(float(std::cos(2.0 * M_PI * j / m_sides)));
    m_sin.push_back(float(std::sin(2.0 * M_PI * j / m_sides)));
  }

  // two triangles per quad between consecutive rings, for the whole capacity
  const int nIndex = (m_capacity - 1) * m_sides * 6;
  QByteArray idx(nIndex * int(sizeof(quint32)), Qt::Uninitialized);
  quint32* ip = reinterpret_cast<quint32*>(idx.data());
  for (int i = 0; i + 1 < m_capacity; ++i) {
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

  m_renderer->setGeometry(geometry);
  m_renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
  m_renderer->setVertexCount(0);
  m_entity->addComponent(m_renderer);
  m_entity->addComponent(material);
  m_entity->setEnabled(false);
}

void Tube::clear() {
  m_entity->setEnabled(false);
  m_renderer->setVertexCount(0);
}

void Tube::setPath(const std::vector<QVector3D>& path, float radius,
                   const std::vector<QColor>& colours, float tail) {
  const std::size_t n = std::min(path.size(), std::size_t(m_capacity));
  if (n < 2 || (m_colours && colours.size() != path.size())) {
    clear();
    return;
  }
  const std::size_t first = path.size() - n;
  const int floats = m_colours ? 9 : 6;
  QByteArray bytes(int(n) * m_sides * floats * int(sizeof(float)), Qt::Uninitialized);
  float* f = reinterpret_cast<float*>(bytes.data());
  // a ring frame carried along the path by parallel transport, so the tube does not twist
  const QVector3D* p = path.data() + first;
  QVector3D tangent = (p[1] - p[0]).normalized();
  QVector3D normal = QVector3D::crossProduct(tangent, QVector3D(0, 0, 1));
  if (normal.lengthSquared() < 1e-6f) normal = QVector3D::crossProduct(tangent, QVector3D(0, 1, 0));
  normal.normalize();
  for (std::size_t k = 0; k < n; ++k) {
    QVector3D t = (p[std::min(k + 1, n - 1)] - p[k == 0 ? 0 : k - 1]).normalized();
    if (t.lengthSquared() < 0.5f) t = tangent;
    // remove the new tangent's component from the carried normal
    QVector3D carried = normal - QVector3D::dotProduct(normal, t) * t;
    if (carried.lengthSquared() > 1e-12f) normal = carried.normalized();
    tangent = t;
    const QVector3D binormal = QVector3D::crossProduct(t, normal);
    const QColor c = m_colours ? colours[first + k] : QColor();
    const float r = radius * (tail + (1.0f - tail) * float(k) / float(n - 1));
    for (int j = 0; j < m_sides; ++j) {
      const QVector3D dn = m_cos[std::size_t(j)] * normal + m_sin[std::size_t(j)] * binormal;
      const QVector3D v = p[k] + r * dn;
      *f++ = v.x();
      *f++ = v.y();
      *f++ = v.z();
      *f++ = dn.x();
      *f++ = dn.y();
      *f++ = dn.z();
      if (m_colours) {
        *f++ = float(c.redF());
        *f++ = float(c.greenF());
        *f++ = float(c.blueF());
      }
    }
  }
  m_vertices->setData(bytes);
  for (Qt3DCore::QAttribute* a : m_attributes) a->setCount(uint(n) * uint(m_sides));
  m_renderer->setVertexCount(int(n - 1) * m_sides * 6);
  m_entity->setEnabled(true);
}

}  // namespace dms::ui::scene3d
