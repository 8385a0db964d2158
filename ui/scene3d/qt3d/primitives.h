// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Building blocks of the 3D scene: materials, moving spheres, rods and arrows made from unit
// meshes placed by a transform (so a pose update rebuilds no mesh), and two geometries whose
// vertex buffers are rewritten in place (lines with per-vertex colours, a tube along a path).
#pragma once

#include <QColor>
#include <QQuaternion>
#include <QVector3D>
#include <Qt3DCore/QEntity>
#include <Qt3DCore/QTransform>
#include <Qt3DRender/QMaterial>
#include <vector>

#include "core/types.h"

namespace Qt3DCore {
class QBuffer;
class QAttribute;
}  // namespace Qt3DCore
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace dms::ui::scene3d {

inline QVector3D toQt(const Vector3d& v) {
  return QVector3D(float(v.x()), float(v.y()), float(v.z()));
}

/// The rotation taking +Y (the axis of Qt3D's cylinder and cone meshes) onto dir.
QQuaternion rotationFromY(const QVector3D& dir);

/// The colour of a body axis e1, e2, e3 (i = 0, 1, 2): the usual red, green, blue, darkened so
/// that they do not read as runs.
QColor axisColor(int i);

/// Mixes two colours: t = 0 gives a, t = 1 gives b.
QColor mix(const QColor& a, const QColor& b, double t);

/// Deletes `node` and every node under it, the deepest first. A node made under a node of a
/// live scene waits in Qt3D's queue for its backend until the event loop turns, and leaves that
/// queue when deleted only while it still belongs to the scene; deleting a parent first takes
/// its whole subtree out of the scene before the children are deleted. Qt 6.8 queues nodes
/// under a parent that is itself still queued, so a subtree built and deleted within one turn
/// of the event loop (a visual rebuilt twice, an arrow replaced) would leave deleted nodes in
/// the queue for Qt3D to read. Null is allowed.
void deleteTree(Qt3DCore::QNode* node);

/// A lit opaque material (Phong, soft specular) of one colour.
Qt3DRender::QMaterial* solidMaterial(const QColor& c, Qt3DCore::QNode* parent);
/// A lit translucent material (alpha blended).
Qt3DRender::QMaterial* glassMaterial(const QColor& c, float alpha, Qt3DCore::QNode* parent);
/// A ghost's material: lit, translucent like glassMaterial, with the shading of solidMaterial,
/// and drawing front faces only (the far side of a translucent body would double its opacity).
Qt3DRender::QMaterial* ghostMaterial(const QColor& c, float alpha, Qt3DCore::QNode* parent);
/// Unlit colours per vertex, for lines.
Qt3DRender::QMaterial* vertexColorMaterial(Qt3DCore::QNode* parent);

/// An entity with a transform: the common base of the moving parts.
class Part {
 public:
  Qt3DCore::QEntity* entity() const { return m_entity; }
  void setVisible(bool on) { m_entity->setEnabled(on); }
  void setScale3D(const QVector3D& s) { m_transform->setScale3D(s); }
  void setRotation(const QQuaternion& q) { m_transform->setRotation(q); }

 protected:
  Part(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material);
  Qt3DCore::QEntity* m_entity;
  Qt3DCore::QTransform* m_transform;
};

/// A sphere.
class Ball : public Part {
 public:
  Ball(Qt3DCore::QEntity* parent, float radius, Qt3DRender::QMaterial* material);
  void setCentre(const QVector3D& c) { m_transform->setTranslation(c); }
  /// Another radius, by the transform's scale: the mesh stays.
  void setRadius(float r) { m_transform->setScale(r / m_meshRadius); }

 private:
  float m_meshRadius;
};

/// A cylinder between two points: a unit cylinder scaled and turned.
class Rod : public Part {
 public:
  Rod(Qt3DCore::QEntity* parent, float radius, Qt3DRender::QMaterial* material);
  void setEnds(const QVector3D& a, const QVector3D& b);
  void setRadius(float r) { m_radius = r; }

 private:
  float m_radius;
};

/// A box of a given size, placed by setCentre.
class Box : public Part {
 public:
  Box(Qt3DCore::QEntity* parent, const QVector3D& size, Qt3DRender::QMaterial* material);
  void setCentre(const QVector3D& c) { m_transform->setTranslation(c); }
};

/// An arrow from origin along vector: a cylinder shaft and a cone head.
class Arrow {
 public:
  Arrow(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material);
  /// Places the arrow; a (near) zero vector hides it. The head is about 4 shaft radii wide.
  void set(const QVector3D& origin, const QVector3D& vector, float shaftRadius);
  void setVisible(bool on);
  Qt3DCore::QEntity* entity() const { return m_root; }

 private:
  Qt3DCore::QEntity* m_root;
  Qt3DCore::QTransform* m_shaft;
  Qt3DCore::QTransform* m_head;
};

/// Lines with one colour per vertex in a fixed-capacity buffer rewritten in place: a strip
/// (trails) or separate segments (grids, two points per segment).
class LineSet {
 public:
  enum class Kind { Strip, Segments };
  LineSet(Qt3DCore::QEntity* parent, Kind kind, int capacity);
  /// points and colours have the same length; past the capacity the last points are kept.
  void set(const std::vector<QVector3D>& points, const std::vector<QColor>& colours);
  void clear();
  int capacity() const { return m_capacity; }
  Qt3DCore::QEntity* entity() const { return m_entity; }

 private:
  Qt3DCore::QEntity* m_entity;
  Qt3DRender::QGeometryRenderer* m_renderer;
  Qt3DCore::QBuffer* m_buffer;
  Qt3DCore::QAttribute* m_position;
  Qt3DCore::QAttribute* m_colour;
  int m_capacity;
};

/// A tube around a path of at most `capacity` points (the spring's wire, a trail); setPath
/// rewrites the vertex buffer only, the indices are made once for the capacity. With colours,
/// each ring takes its point's colour (for an unlit per-vertex-colour material).
class Tube {
 public:
  Tube(Qt3DCore::QEntity* parent, Qt3DRender::QMaterial* material, int capacity, int sides,
       bool colours = false);
  /// Draws the tube along path (past the capacity, its last points); colours, when the tube
  /// has them, match path one to one. The radius grows linearly from tail * radius at the
  /// first point to radius at the last. Fewer than two points hide it.
  void setPath(const std::vector<QVector3D>& path, float radius,
               const std::vector<QColor>& colours = {}, float tail = 1.0f);
  void clear();
  int capacity() const { return m_capacity; }
  Qt3DCore::QEntity* entity() const { return m_entity; }

 private:
  Qt3DCore::QEntity* m_entity;
  Qt3DRender::QGeometryRenderer* m_renderer;
  Qt3DCore::QBuffer* m_vertices;
  std::vector<Qt3DCore::QAttribute*> m_attributes;
  std::vector<float> m_cos, m_sin;
  int m_capacity, m_sides;
  bool m_colours;
};

}  // namespace dms::ui::scene3d
