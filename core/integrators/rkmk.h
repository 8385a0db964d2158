// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Runge-Kutta-Munthe-Kaas of order 4 (Munthe-Kaas 1998; Iserles, Munthe-Kaas, Norsett and
/// Zanna, "Lie-group methods", Acta Numerica 2000) for a system written on a homogeneous space
/// of G = SO(3) x R^n or SO(2) x R^n: the state moves only by the action of G, so it keeps its
/// structure (|q| = 1, R in SO(3)) to round-off, but the method is not symplectic.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/integrators/rk4.h"
#include "core/integrators/run.h"

namespace dms {

/// y' = xi(y) . y with xi(y) = (w, a) in g = so(3) x R^n (w a 3-vector) or so(2) x R^n (w a
/// scalar): the rotation part acts from the left (a spatial angular velocity), the vector part
/// by translation. act(u, y) is exp(u) . y.
struct LieForm {
  VectorXd y0;
  int rotationDim = 3;  ///< 3: so(3), 6: so(3) x so(3) (two bodies), 1: so(2)
  int vectorDim = 0;
  std::function<void(const VectorXd& y, VectorXd& xi)> generator;
  std::function<void(const VectorXd& u, const VectorXd& y, VectorXd& out)> act;
  std::function<Sample(double t, const VectorXd& y)> sample;
  std::vector<std::string> names;
};

/// One RKMK4 step, classical RK4 in the algebra with u_i the stage's coordinates:
///   k1 = h xi(y_k),                  u2 = k1/2
///   k2 = h dexpinv(u2, xi(exp(u2) y_k)),  u3 = k2/2
///   k3 = h dexpinv(u3, xi(exp(u3) y_k)),  u4 = k3
///   k4 = h dexpinv(u4, xi(exp(u4) y_k))
///   y_{k+1} = exp((k1 + 2 k2 + 2 k3 + k4)/6) y_k
/// with dexpinv(u, v) = v - 1/2 [u, v] + 1/12 [u, [u, v]] on so(3) ([u, v] = u x v; the series
/// truncated at order p - 2 = 2) and v on the abelian parts. Fails only on a non-finite state.
class RkmkStepper {
 public:
  using State = Rk4State;
  explicit RkmkStepper(LieForm f) : form(std::move(f)) {}
  bool step(State& x, double h, StepWork& work, std::string* why) const;
  void fill(Sample& s, double t, const State& x, SampleFields) const { s = form.sample(t, x.y); }
  std::vector<std::string> stateNames() const { return form.names; }

  LieForm form;

 private:
  // dexpinv(u, v) written into v
  void dexpinv(const VectorXd& u, VectorXd& v) const;
  mutable VectorXd m_xi, m_u, m_k[4], m_y;
};

}  // namespace dms
