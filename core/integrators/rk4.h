// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The classical Runge-Kutta method of order 4 with a fixed step h on a continuous form, as a
/// FixedStepRun stepper: the usual fixed-step baseline at the variational integrator's h.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/integrators/rkrun.h"

namespace dms {

/// Rk4StepperT::State: y and its time (the forms take t, though ours do not use it); N entries
/// (Eigen::Dynamic: any).
template <int N>
struct Rk4StateT {
  Eigen::Matrix<double, N, 1> y;
  double t = 0.0;
};
using Rk4State = Rk4StateT<Eigen::Dynamic>;

/// One step of classical RK4 (Kutta 1901; Hairer, Norsett and Wanner II.1):
///   k1 = f(t, y), k2 = f(t + h/2, y + h/2 k1), k3 = f(t + h/2, y + h/2 k2),
///   k4 = f(t + h, y + h k3),  y_{k+1} = y_k + h/6 (k1 + 2 k2 + 2 k3 + k4)
/// Never fails but on a non-finite state (the run stops there). On a system's fixed-size form
/// (ContinuousFormT<N, Rhs>) the state and the stages are fixed-size and the right-hand side is
/// inlined, as RK45 takes it: a step costs its four evaluations and little else.
template <class Form>
class Rk4StepperT {
 public:
  using Vec = typename Form::State;
  using State = Rk4StateT<Form::kSize>;
  explicit Rk4StepperT(Form f) : form(std::move(f)) {}
  Form form;
  bool step(State& x, double h, StepWork& work, std::string* why) const;
  void fill(Sample& s, double t, const State& x, SampleFields) const { s = form.sample(t, x.y); }
  std::vector<std::string> stateNames() const { return form.names; }
  /// The derivative of step(x, h) (tangent.h): RK4 on the variational equation.
  bool linearize(const State& x, double h, StepDerivative& d, std::string* why) const;
  MatrixXd symplecticForm(const State& x) const {
    return form.tangent.symplectic ? form.tangent.symplectic(VectorXd(x.y)) : MatrixXd();
  }

 private:
  mutable Vec m_k1, m_k2, m_k3, m_k4, m_tmp;  // the stages (dynamic: sized at the first step)
};

/// RK4 on a form through std::function (the tests, a system without a fixed-size form).
using Rk4Stepper = Rk4StepperT<ContinuousForm>;

template <class Form>
bool Rk4StepperT<Form>::step(State& x, double h, StepWork& work, std::string* why) const {
  if constexpr (Form::kSize == Eigen::Dynamic) {
    const Eigen::Index n = x.y.size();
    for (Vec* v : {&m_k1, &m_k2, &m_k3, &m_k4, &m_tmp}) v->resize(n);
  }
  Vec &k1 = m_k1, &k2 = m_k2, &k3 = m_k3, &k4 = m_k4, &tmp = m_tmp;
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

template <class Form>
bool Rk4StepperT<Form>::linearize(const State& x, double h, StepDerivative& d,
                                  std::string* why) const {
  if (!form.tangent.available()) {
    if (why) *why = kNoStepDerivative;
    return false;
  }
  static constexpr double a[16] = {0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0};
  static constexpr double b[4] = {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6};
  static constexpr double c[4] = {0, 0.5, 0.5, 1};
  const VectorXd y0 = x.y;
  // the stages on VectorXd: a system's right-hand side takes any indexable state
  const auto rhs = [this](double t, const VectorXd& y, VectorXd& dy) {
    const Vec yv = y;
    Vec dv;
    if constexpr (Form::kSize == Eigen::Dynamic) dv.resize(y.size());
    form.rhs(t, yv, dv);
    dy = dv;
  };
  // seeded with E(y0): the d tangent columns are carried, and the control's size comes from
  // the first stage's f_u. The stages give the end of the step too (in another order of
  // summation than step()'s, which moves it by round-off only: it is where P is evaluated, not
  // a result)
  MatrixXd S = form.tangent.in(y0);
  const Eigen::Index dTangent = S.cols();
  VectorXd y1;
  explicitRkDerivative(rhs, form.tangent, 4, a, b, c, x.t, y0, h, -1, S, &y1);
  if (!y1.allFinite()) {
    if (why) *why = "RK4: the state became non-finite";
    return false;
  }
  const MatrixXd P = form.tangent.out(y1);
  d.A = P * S.leftCols(dTangent);
  d.B = P * S.rightCols(S.cols() - dTangent);
  return true;
}

// the dynamic-size one is compiled once, in rk4.cpp
extern template class Rk4StepperT<ContinuousForm>;

}  // namespace dms
