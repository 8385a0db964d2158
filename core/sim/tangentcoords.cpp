// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/tangentcoords.h"

#include <cmath>

#include "core/lie/so3.h"
#include "core/params.h"
#include "core/sim/namedstate.h"

namespace dms {
namespace {

const StatePart& partOf(const SystemDeclaration& d, const std::vector<StatePart>& state,
                        const TangentPart& t) {
  const StatePart* p = findPart(state, t.part);
  if (!p)
    throw InputError(d.name + ": the state has no part '" + t.part +
                     "', which its tangent coordinates name");
  const std::size_t n = p->values.size();
  if (t.kind == TangentKind::Rotation && n != 9)
    throw InputError(d.name + ": the part '" + t.part + "' is not a 3 x 3 rotation");
  if (t.kind == TangentKind::UnitVectors && n % 3 != 0)
    throw InputError(d.name + ": the part '" + t.part + "' is not a list of 3-vectors");
  return *p;
}

Eigen::Index sizeOf(const TangentPart& t, const StatePart& p) {
  return t.kind == TangentKind::Rotation ? 3 : Eigen::Index(p.values.size());
}

Matrix3d rotationOf(const StatePart& p) {
  Matrix3d R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) R(i, j) = p.values[std::size_t(3 * i + j)];
  return R;
}

}  // namespace

bool isAnglePart(const SystemDeclaration& d, const std::string& part) {
  for (const StatePartSpec& s : d.state)
    if (s.name == part) return s.shape.empty() && s.unit == "rad";
  return false;
}

Eigen::Index tangentSize(const SystemDeclaration& d, const std::vector<StatePart>& state) {
  Eigen::Index n = 0;
  for (const TangentPart& t : d.tangent) n += sizeOf(t, partOf(d, state, t));
  return n;
}

std::vector<std::string> tangentNames(const SystemDeclaration& d,
                                      const std::vector<StatePart>& state) {
  std::vector<std::string> out;
  for (const TangentPart& t : d.tangent) {
    const StatePart& p = partOf(d, state, t);
    const std::size_t n = p.values.size();
    const bool rows = p.shape.size() == 2 && t.kind != TangentKind::Rotation;
    const std::size_t cols = rows ? std::size_t(p.shape[1]) : n;
    const std::size_t count = t.kind == TangentKind::Rotation ? 3 : n;
    for (std::size_t i = 0; i < count; ++i) {
      std::string name = t.part;
      if (rows) name += "[" + std::to_string(i / cols + 1) + "]";
      if (t.kind != TangentKind::Entries) name += ".xi";
      if (count > 1) name += std::to_string((rows ? i % cols : i) + 1);
      out.push_back(name);
    }
  }
  return out;
}

std::vector<StatePart> retractState(const SystemDeclaration& d, const std::vector<StatePart>& state,
                                    const VectorXd& delta) {
  if (delta.size() != tangentSize(d, state))
    throw InputError(d.name + ": a tangent vector has " + std::to_string(tangentSize(d, state)) +
                     " entries, got " + std::to_string(delta.size()));
  std::vector<StatePart> out = state;
  Eigen::Index k = 0;
  for (const TangentPart& t : d.tangent) {
    const StatePart& p = partOf(d, state, t);
    StatePart& q =
        *std::find_if(out.begin(), out.end(), [&](const StatePart& s) { return s.name == t.part; });
    switch (t.kind) {
      case TangentKind::Rotation: {
        const Matrix3d R = rotationOf(p) * so3Exp(delta.segment<3>(k));
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) q.values[std::size_t(3 * i + j)] = R(i, j);
        k += 3;
        break;
      }
      case TangentKind::UnitVectors:
        for (std::size_t r = 0; r < p.values.size(); r += 3, k += 3) {
          const Vector3d v(p.values[r], p.values[r + 1], p.values[r + 2]);
          const Vector3d w = so3Exp(delta.segment<3>(k)) * v;
          for (int i = 0; i < 3; ++i) q.values[r + std::size_t(i)] = w[i];
        }
        break;
      case TangentKind::Entries:
        for (std::size_t i = 0; i < p.values.size(); ++i, ++k) q.values[i] = p.values[i] + delta[k];
        break;
    }
  }
  return out;
}

VectorXd tangentDifference(const SystemDeclaration& d, const std::vector<StatePart>& base,
                           const std::vector<StatePart>& other) {
  VectorXd out(tangentSize(d, base));
  Eigen::Index k = 0;
  for (const TangentPart& t : d.tangent) {
    const StatePart& a = partOf(d, base, t);
    const StatePart& b = partOf(d, other, t);
    if (a.values.size() != b.values.size())
      throw InputError(d.name + ": two states' parts '" + t.part + "' differ in size");
    switch (t.kind) {
      case TangentKind::Rotation:
        out.segment<3>(k) = so3Log(rotationOf(a).transpose() * rotationOf(b));
        k += 3;
        break;
      case TangentKind::UnitVectors:
        for (std::size_t r = 0; r < a.values.size(); r += 3, k += 3) {
          const Vector3d u = Vector3d(a.values[r], a.values[r + 1], a.values[r + 2]).normalized();
          const Vector3d w = Vector3d(b.values[r], b.values[r + 1], b.values[r + 2]).normalized();
          const Vector3d axis = u.cross(w);
          const double s = axis.norm(), angle = std::atan2(s, u.dot(w));
          out.segment<3>(k) = s > 0.0 ? Vector3d(axis * (angle / s)) : Vector3d::Zero();
        }
        break;
      case TangentKind::Entries:
        if (isAnglePart(d, t.part)) {
          double x = std::remainder(b.values[0] - a.values[0], 2 * kPi);
          if (x <= -kPi) x += 2 * kPi;
          out[k++] = x;
          break;
        }
        for (std::size_t i = 0; i < a.values.size(); ++i, ++k) out[k] = b.values[i] - a.values[i];
        break;
    }
  }
  return out;
}

}  // namespace dms
