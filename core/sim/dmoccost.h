// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// The running cost L(t, state, u) and the terminal cost Phi(state) of a DMOC problem
/// (core/sim/dmoc.h), typed as expressions: checked and differentiated once, symbolically, by
/// the typed potential's machinery (GiNaC, potentialexpression.h), evaluated compiled
/// (muParser), with their gradients in the state's tangent coordinates (core/sim/
/// tangentcoords.h), where DMOC's charts take them.
///
/// The names an expression may read: t (L only), the entries of the state's tangent parts as a
/// typed control law names them (controllaw.h: R11 ... R33, Omega1 Omega2 Omega3, theta, q1_2
/// for the first component of a chain's q_2), the entries of u (L only: tau1 tau2 tau3, f), and
/// the system's parameters (a scalar by its name, a vector's entries numbered from 1).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/systems/system.h"

namespace dms {

class DmocCost {
 public:
  /// Checks both expressions (empty: none) for `model` at its normalized parameter `values`.
  /// Throws InputError naming the field and the expression: "--running-cost 'TEXT': ..." for a
  /// syntax error (its column), an unknown function, or a name that is no variable or
  /// parameter (with the names allowed).
  DmocCost(const SystemModel& model, const ParamValues& values, const std::string& running,
           const std::string& terminal);
  ~DmocCost();
  DmocCost(const DmocCost&) = delete;
  DmocCost& operator=(const DmocCost&) = delete;

  bool hasRunning() const { return bool(m_running); }
  bool hasTerminal() const { return bool(m_terminal); }

  /// L(t, x, u); with `gradient`, dL/dx along x's tangent coordinates and dL/du. False when a
  /// value is not finite (why names the expression, where and what it is).
  bool running(double t, const std::vector<StatePart>& x, const VectorXd& u, bool gradient,
               double& L, VectorXd& Lx, VectorXd& Lu, std::string* why);
  /// Phi(x); with `gradient`, dPhi/dx along x's tangent coordinates.
  bool terminal(const std::vector<StatePart>& x, bool gradient, double& Phi, VectorXd& Px,
                std::string* why);

  /// The names L may read, in words, for help texts: "t, the state's ..., u's ... and the
  /// parameters ...".
  static std::string runningNames(const SystemModel& model, const ParamValues& values);
  /// The control effort |u|^2 as L would be typed, e.g. "tau1^2 + tau2^2 + tau3^2".
  static std::string effortText(const SystemModel& model, const ParamValues& values);

 private:
  struct Term;
  bool evaluate(Term& term, double t, const std::vector<StatePart>& x, const VectorXd* u,
                bool gradient, double& value, VectorXd& gx, VectorXd* gu, std::string* why);
  const SystemModel& m_model;
  std::unique_ptr<Term> m_running, m_terminal;
};

}  // namespace dms
