// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/sim/sampleinterpolant.h"

#include <Eigen/SVD>
#include <algorithm>
#include <cmath>

namespace dms {
namespace {

bool isRotation(const StatePart& p) {
  if (p.shape.size() != 2 || p.shape[0] != p.shape[1] || p.listOfRows) return false;
  const int d = p.shape[0];
  const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> R(
      p.values.data(), d, d);
  const Eigen::MatrixXd E = R.transpose() * R - Eigen::MatrixXd::Identity(d, d);
  return E.cwiseAbs().maxCoeff() <= 1e-6 && R.determinant() > 0;
}

bool hasUnitRows(const StatePart& p) {
  if (p.shape.empty() || p.shape.back() != 3) return false;
  for (std::size_t i = 0; i + 3 <= p.values.size(); i += 3) {
    const double n = std::sqrt(p.values[i] * p.values[i] + p.values[i + 1] * p.values[i + 1] +
                               p.values[i + 2] * p.values[i + 2]);
    if (std::fabs(n - 1) > 1e-6) return false;
  }
  return true;
}

// the nearest rotation (the orthogonal polar factor) of a square part, in place
void toRotation(StatePart& p) {
  const int d = p.shape[0];
  Eigen::Map<Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> R(
      p.values.data(), d, d);
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(Eigen::MatrixXd(R),
                                              Eigen::ComputeFullU | Eigen::ComputeFullV);
  Eigen::MatrixXd U = svd.matrixU();
  if ((U * svd.matrixV().transpose()).determinant() < 0) U.col(d - 1) *= -1;
  R = U * svd.matrixV().transpose();
}

void toUnitRows(StatePart& p) {
  for (std::size_t i = 0; i + 3 <= p.values.size(); i += 3) {
    const double n = std::sqrt(p.values[i] * p.values[i] + p.values[i + 1] * p.values[i + 1] +
                               p.values[i + 2] * p.values[i + 2]);
    if (n > 0)
      for (std::size_t j = 0; j < 3; ++j) p.values[i + j] /= n;
  }
}

}  // namespace

void CubicInterpolant::push(const Sample& s) {
  if (m_nKept == m_kept.size()) {
    std::rotate(m_kept.begin(), m_kept.begin() + 1, m_kept.end());
    --m_nKept;
  }
  m_kept[m_nKept++] = s;
  const std::vector<StatePart> p = namedState(m_model, m_method, s);
  if (!m_started) {
    m_started = true;
    for (const StatePart& part : p) {
      m_rotation.push_back(isRotation(part));
      m_unitRows.push_back(!m_rotation.back() && hasUnitRows(part));
    }
    return;
  }
  for (std::size_t i = 0; i < p.size() && i < m_rotation.size(); ++i) {
    m_rotation[i] = m_rotation[i] && isRotation(p[i]);
    m_unitRows[i] = m_unitRows[i] && hasUnitRows(p[i]);
  }
}

void CubicInterpolant::at(double t, Sample& out) const {
  // Lagrange's cubic (or lower, at the start) through the kept samples, entry by entry
  const std::size_t n = m_nKept;
  const Sample& last = m_kept[n - 1];
  out.t = t;
  out.state = StateVec::Zero(last.state.size());
  out.position.setZero();
  out.velocity.setZero();
  out.momentum.setZero();
  out.energy = 0.0;
  out.structure = 0.0;
  out.structure2 = 0.0;
  out.attitude = last.attitude;
  out.control = last.control;
  for (std::size_t j = 0; j < n; ++j) {
    double w = 1.0;
    for (std::size_t l = 0; l < n; ++l)
      if (l != j) w *= (t - m_kept[l].t) / (m_kept[j].t - m_kept[l].t);
    out.state += w * m_kept[j].state;
    out.position += w * m_kept[j].position;
    out.velocity += w * m_kept[j].velocity;
    out.momentum += w * m_kept[j].momentum;
    out.energy += w * m_kept[j].energy;
    out.structure += w * m_kept[j].structure;
    out.structure2 += w * m_kept[j].structure2;
  }
}

std::vector<StatePart> CubicInterpolant::parts(const Sample& s) const {
  std::vector<StatePart> p = namedState(m_model, m_method, s);
  // the interpolant leaves SO(d) and S^2 by its error: back onto them, for the parts that have
  // stayed there at every sample
  for (std::size_t i = 0; i < p.size() && i < m_rotation.size(); ++i) {
    if (m_rotation[i]) toRotation(p[i]);
    if (m_unitRows[i]) toUnitRows(p[i]);
  }
  return p;
}

}  // namespace dms
