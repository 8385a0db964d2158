// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/rkmk.h"

namespace dms {

void RkmkStepper::dexpinv(const VectorXd& u, VectorXd& v) const {
  // so(2) is abelian: dexpinv is the identity; so(3)^k (rotationDim 3k) block by block
  if (form.rotationDim % 3 != 0) return;
  for (int b = 0; b < form.rotationDim; b += 3) {
    const Vector3d uw = u.segment<3>(b), vw = v.segment<3>(b);
    const Vector3d c = uw.cross(vw);
    v.segment<3>(b) = vw - 0.5 * c + (1.0 / 12.0) * uw.cross(c);
  }
}

bool RkmkStepper::step(State& x, double h, StepWork& work, std::string* why) const {
  const Eigen::Index n = form.rotationDim + form.vectorDim;
  m_u.resize(n);
  for (VectorXd& k : m_k) k.resize(n);
  // k1 = h xi(y)
  form.generator(x.y, m_xi);
  m_k[0] = h * m_xi;
  const double frac[3] = {0.5, 0.5, 1.0};
  for (int i = 1; i < 4; ++i) {
    m_u = frac[i - 1] * m_k[i - 1];
    form.act(m_u, x.y, m_y);
    form.generator(m_y, m_xi);
    dexpinv(m_u, m_xi);
    m_k[i] = h * m_xi;
  }
  work.fevals += 4;
  m_u = (1.0 / 6.0) * (m_k[0] + 2.0 * m_k[1] + 2.0 * m_k[2] + m_k[3]);
  form.act(m_u, x.y, m_y);
  x.y.swap(m_y);
  x.t += h;
  if (x.y.allFinite()) return true;
  if (why) *why = "RKMK4: the state became non-finite";
  return false;
}

}  // namespace dms
