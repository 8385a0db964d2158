// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/integrators/rk4.h"

namespace dms {

bool Rk4Stepper::step(State& x, double h, StepWork& work, std::string* why) const {
  const Eigen::Index n = x.y.size();
  for (VectorXd* v : {&m_k1, &m_k2, &m_k3, &m_k4, &m_tmp}) v->resize(n);
  VectorXd &k1 = m_k1, &k2 = m_k2, &k3 = m_k3, &k4 = m_k4, &tmp = m_tmp;
  form.rhs(x.t, x.y, k1);
  tmp = x.y + (0.5 * h) * k1;
  form.rhs(x.t + 0.5 * h, tmp, k2);
  tmp = x.y + (0.5 * h) * k2;
  form.rhs(x.t + 0.5 * h, tmp, k3);
  tmp = x.y + h * k3;
  form.rhs(x.t + h, tmp, k4);
  work.fevals += 4;
  x.y += (h / 6.0) * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
  x.t += h;
  if (x.y.allFinite()) return true;
  if (why) *why = "RK4: the state became non-finite";
  return false;
}

bool Rk4Stepper::linearize(const State& x, double h, StepDerivative& d, std::string* why) const {
  if (!form.tangent.available()) {
    if (why) *why = kNoStepDerivative;
    return false;
  }
  static constexpr double a[16] = {0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0};
  static constexpr double b[4] = {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6};
  static constexpr double c[4] = {0, 0.5, 0.5, 1};
  // the stages give the end of the step too (in another order of summation than step()'s,
  // which moves it by round-off only: it is where P is evaluated, not a result)
  MatrixXd dy, du;
  VectorXd y1;
  explicitRkDerivative(form.rhs, form.tangent, 4, a, b, c, x.t, x.y, h, -1, dy, du, &y1);
  if (!y1.allFinite()) {
    if (why) *why = "RK4: the state became non-finite";
    return false;
  }
  const MatrixXd P = form.tangent.out(y1);
  d.A = P * dy * form.tangent.in(x.y);
  d.B = P * du;
  return true;
}

MatrixXd Rk4Stepper::symplecticForm(const State& x) const {
  return form.tangent.symplectic ? form.tangent.symplectic(x.y) : MatrixXd();
}

}  // namespace dms
