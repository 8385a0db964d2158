// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/dmocchart.h"

#include <cmath>
#include <limits>

#include "core/lie/so3.h"
#include "core/sim/namedstate.h"
#include "core/sim/tangentcoords.h"

namespace dms {
namespace {

// below this angle the Jacobians' coefficients are their Taylor series (two terms: the next
// is O(theta^4), under round-off at theta^2 < 1e-8)
constexpr double kSeries = 1e-4;

// a rotation or unit-vector chart coordinate's bound: |z| <= 1.5 sqrt(3) < pi per rotation
constexpr double kDomain = 1.5;

const StatePart& partNamed(const std::vector<StatePart>& s, const std::string& name) {
  const StatePart* p = findPart(s, name);
  if (!p) throw InputError("the state has no part '" + name + "'");
  return *p;
}

Vector3d row(const StatePart& p, int i) {
  return Vector3d(p.values[std::size_t(3 * i)], p.values[std::size_t(3 * i + 1)],
                  p.values[std::size_t(3 * i + 2)]);
}

// the left Jacobian of exp: d exp(v^) = (J_l(v) dv)^ exp(v^)
Matrix3d leftJacobian(const Vector3d& v) { return so3RightJacobian(-v); }

// an orthonormal basis (e1, e2) of the plane normal to the unit q: e1 from the coordinate axis
// least aligned with q
void normalBasis(const Vector3d& q, Vector3d& e1, Vector3d& e2) {
  int axis = 0;
  for (int i = 1; i < 3; ++i)
    if (std::fabs(q[i]) < std::fabs(q[axis])) axis = i;
  e1 = q.cross(Vector3d::Unit(axis)).normalized();
  e2 = q.cross(e1);
}

}  // namespace

Matrix3d so3RightJacobian(const Vector3d& v) {
  const double t = v.norm();
  const double a = t < kSeries ? 0.5 - t * t / 24 : (1 - std::cos(t)) / (t * t);
  const double b = t < kSeries ? 1.0 / 6 - t * t / 120 : (t - std::sin(t)) / (t * t * t);
  const Matrix3d V = hat(v);
  return Matrix3d::Identity() - a * V + b * V * V;
}

Matrix3d so3RightJacobianInverse(const Vector3d& v) {
  const double t = v.norm();
  const double c = t < kSeries ? 1.0 / 12 + t * t / 720
                               : 1 / (t * t) - (1 + std::cos(t)) / (2 * t * std::sin(t));
  const Matrix3d V = hat(v);
  return Matrix3d::Identity() + 0.5 * V + c * V * V;
}

DmocChart::DmocChart(const SystemDeclaration& d, std::vector<StatePart> reference)
    : m_decl(&d), m_ref(std::move(reference)) {
  for (const TangentPart& t : d.tangent) {
    const StatePart& p = partNamed(m_ref, t.part);
    const int n = int(p.values.size());
    if (t.kind == TangentKind::UnitVectors) {
      for (int i = 0; i < n / 3; ++i) {
        Block b{t.kind, t.part, i, 3, m_d, m_r, {}, {}};
        normalBasis(row(p, i).normalized(), b.e1, b.e2);
        m_blocks.push_back(b);
        m_d += 3;
        m_r += 2;
      }
    } else {
      const int size = t.kind == TangentKind::Rotation ? 3 : n;
      m_blocks.push_back({t.kind, t.part, 0, size, m_d, m_r, {}, {}});
      m_d += size;
      m_r += size;
    }
  }
}

std::vector<StatePart> DmocChart::state(const VectorXd& z) const {
  VectorXd xi = VectorXd::Zero(m_d);
  for (std::size_t i = 0; i < m_blocks.size(); ++i) {
    const Block& b = m_blocks[i];
    const int tEnd = b.t + b.n;
    if (b.kind == TangentKind::UnitVectors)
      xi.segment<3>(b.t) = b.e1 * z[b.c] + b.e2 * z[b.c + 1];
    else
      xi.segment(b.t, tEnd - b.t) = z.segment(b.c, tEnd - b.t);
  }
  return retractState(*m_decl, m_ref, xi);
}

MatrixXd DmocChart::stateDerivative(const VectorXd& z) const {
  MatrixXd D = MatrixXd::Zero(m_d, m_r);
  for (std::size_t i = 0; i < m_blocks.size(); ++i) {
    const Block& b = m_blocks[i];
    const int tEnd = b.t + b.n;
    switch (b.kind) {
      case TangentKind::Rotation:
        D.block<3, 3>(b.t, b.c) = so3RightJacobian(z.segment<3>(b.c));
        break;
      case TangentKind::UnitVectors: {
        Eigen::Matrix<double, 3, 2> E;
        E << b.e1, b.e2;
        D.block<3, 2>(b.t, b.c) = leftJacobian(E * z.segment<2>(b.c)) * E;
        break;
      }
      case TangentKind::Entries:
        D.block(b.t, b.c, tEnd - b.t, tEnd - b.t).setIdentity();
        break;
    }
  }
  return D;
}

VectorXd DmocChart::coordinates(const std::vector<StatePart>& x) const {
  const VectorXd v = tangentDifference(*m_decl, m_ref, x);
  VectorXd z(m_r);
  for (std::size_t i = 0; i < m_blocks.size(); ++i) {
    const Block& b = m_blocks[i];
    const int tEnd = b.t + b.n;
    if (b.kind == TangentKind::UnitVectors) {
      z[b.c] = b.e1.dot(v.segment<3>(b.t));
      z[b.c + 1] = b.e2.dot(v.segment<3>(b.t));
    } else {
      z.segment(b.c, tEnd - b.t) = v.segment(b.t, tEnd - b.t);
    }
  }
  return z;
}

MatrixXd DmocChart::coordinatesDerivative(const std::vector<StatePart>& x) const {
  const VectorXd v = tangentDifference(*m_decl, m_ref, x);
  MatrixXd D = MatrixXd::Zero(m_r, m_d);
  for (std::size_t i = 0; i < m_blocks.size(); ++i) {
    const Block& b = m_blocks[i];
    const int tEnd = b.t + b.n;
    switch (b.kind) {
      case TangentKind::Rotation:
        D.block<3, 3>(b.c, b.t) = so3RightJacobianInverse(v.segment<3>(b.t));
        break;
      case TangentKind::UnitVectors: {
        // q_y = exp((E z)^) q_ref and delta q_y = eta x q_y: q_y^ J_l(E z) E dz = q_y^ eta,
        // solved for dz in the least-squares sense (q_y^ has rank 2, as the chart)
        const Vector3d qy = row(partNamed(x, b.part), b.row).normalized();
        Eigen::Matrix<double, 3, 2> E;
        E << b.e1, b.e2;
        const Matrix3d Q = hat(qy);
        const Eigen::Matrix<double, 3, 2> M = Q * leftJacobian(v.segment<3>(b.t)) * E;
        D.block<2, 3>(b.c, b.t) = (M.transpose() * M).inverse() * M.transpose() * Q;
        break;
      }
      case TangentKind::Entries:
        D.block(b.c, b.t, tEnd - b.t, tEnd - b.t).setIdentity();
        break;
    }
  }
  return D;
}

VectorXd DmocChart::domainBound() const {
  VectorXd out = VectorXd::Constant(m_r, std::numeric_limits<double>::infinity());
  for (const Block& b : m_blocks) {
    // an angle's coordinate is its difference to the reference in (-pi, pi]
    // (tangentDifference): as a rotation's, bounded below pi
    if (b.kind == TangentKind::Entries && b.n == 1 && isAnglePart(*m_decl, b.part))
      out[b.c] = kDomain;
    if (b.kind == TangentKind::Rotation) out.segment<3>(b.c).setConstant(kDomain);
    if (b.kind == TangentKind::UnitVectors) out.segment<2>(b.c).setConstant(kDomain);
  }
  return out;
}

VectorXd dmocTangentPath(const SystemDeclaration& d, const std::vector<StatePart>& from,
                         const std::vector<StatePart>& to) {
  VectorXd v = tangentDifference(d, from, to);
  Eigen::Index k = 0;
  for (const TangentPart& t : d.tangent) {
    const StatePart& a = partNamed(from, t.part);
    const StatePart& b = partNamed(to, t.part);
    if (t.kind == TangentKind::Rotation) {
      k += 3;
      continue;
    }
    if (t.kind == TangentKind::Entries) {
      k += Eigen::Index(a.values.size());
      continue;
    }
    for (int i = 0; i < int(a.values.size()) / 3; ++i, k += 3) {
      const Vector3d qa = row(a, i).normalized(), qb = row(b, i).normalized();
      if (qa.dot(qb) < 0 && v.segment<3>(k).norm() < 1e-6) {
        Vector3d e1, e2;
        normalBasis(qa, e1, e2);
        v.segment<3>(k) = M_PI * e1;
      }
    }
  }
  return v;
}

}  // namespace dms
