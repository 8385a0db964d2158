// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The chain's equations: its matrix A(q), the variational step (Newton on the f_i), the
// continuous right-hand side, the energy and the sample.
#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/integrators/compensated.h"
#include "core/lie/so3.h"
#include "core/systems/pendulumchain.h"
#include "core/systems/spheresteps.h"
#include "core/systems/stepfailure.h"

namespace dms {
namespace {

const Vector3d kE3 = Vector3d::UnitZ();

// a x e3 without the products by zero
inline Vector3d crossE3(const Vector3d& a) { return Vector3d(a.y(), -a.x(), 0.0); }

}  // namespace

ChainVectors chainZeros() {
  ChainVectors v;
  v.fill(Vector3d::Zero());
  return v;
}

PendulumChainState::PendulumChainState() {
  for (int i = 0; i < kChainMaxLinks; ++i) {
    q[i] = kE3;
    pi[i] = lostQ[i] = lostPi[i] = Vector3d::Zero();
  }
}

ChainVectors PendulumChainParams::linkForces() const {
  ChainVectors G = chainZeros();
  Vector3d below = Vector3d::Zero();  // sum_{k >= i} F_k
  for (int i = n - 1; i >= 0; --i) {
    below += control->u.segment<3>(3 * i);
    G[i] = l[i] * below;
  }
  return G;
}

void PendulumChainParams::update() {
  std::array<double, kChainMaxLinks + 1> below{};  // below[i] = sum_{k >= i} m_k
  for (int i = n - 1; i >= 0; --i) below[i] = below[i + 1] + m[i];
  for (int i = 0; i < n; ++i) {
    c[i] = g * l[i] * below[i];
    for (int j = 0; j < n; ++j) M[i][j] = l[i] * l[j] * below[std::max(i, j)];
  }
}

void pendulumChainMatrix(const PendulumChainParams& p, const ChainVectors& q, ChainMat& A) {
  const int n = p.n;
  A.resize(3 * n, 3 * n);
  for (int i = 0; i < n; ++i) {
    A.block<3, 3>(3 * i, 3 * i) = p.M[i][i] * Matrix3d::Identity();
    for (int j = i + 1; j < n; ++j) {
      const Matrix3d Aij = -p.M[i][j] * (hat(q[i]) * hat(q[j]));
      A.block<3, 3>(3 * i, 3 * j) = Aij;
      A.block<3, 3>(3 * j, 3 * i) = Aij.transpose();  // hat(q_j) hat(q_i) = (hat(q_i) hat(q_j))^T
    }
  }
}

void pendulumChainOmega(const PendulumChainParams& p, const ChainVectors& q, const ChainVectors& pi,
                        ChainVectors& omega) {
  const int n = p.n;
  ChainMat A;
  pendulumChainMatrix(p, q, A);
  ChainVec b(3 * n);
  for (int i = 0; i < n; ++i) b.segment<3>(3 * i) = pi[i];
  const Eigen::LLT<ChainMat> llt(A);
  const ChainVec w = llt.solve(b);
  for (int i = 0; i < n; ++i) omega[i] = w.segment<3>(3 * i);
}

bool pendulumChainStep(const PendulumChainParams& p, double h, PendulumChainState& x,
                       bool compensated, int* iterations, std::string* why, ChainVec* solution) {
  const int n = p.n;
  if (iterations) *iterations = 0;
  ChainVec b(3 * n), f(3 * n), G(3 * n), df(3 * n);
  for (int i = 0; i < n; ++i)
    b.segment<3>(3 * i) = h * x.pi[i] + (0.5 * h * h * p.c[i]) * crossE3(x.q[i]);
  const bool forced = p.forced();
  const ChainVectors links = forced ? p.linkForces() : ChainVectors{};
  if (forced)
    for (int i = 0; i < n; ++i) b.segment<3>(3 * i) += (0.5 * h * h) * x.q[i].cross(links[i]);
  // first guess: A(q_k) f = b, the linearization of G at f = 0
  ChainMat A;
  pendulumChainMatrix(p, x.q, A);
  const Eigen::LLT<ChainMat> chord(A);
  f = chord.solve(b);
  // dq_j(f_j): q_j turned about f_j by asin|f_j|, in Cayley form (keeps |q_j| = 1)
  ChainVectors dq = chainZeros();
  std::array<double, kChainMaxLinks> s{};
  const auto increments = [&]() {
    for (int j = 0; j < n; ++j) {
      const Vector3d fj = f.segment<3>(3 * j);
      const double f2 = fj.squaredNorm();
      if (!(f2 < 1.0)) {
        std::ostringstream m;
        m << "the implicit step has no q_" << j + 1 << " on the sphere (|f_" << j + 1
          << "| = " << std::sqrt(f2) << ", it must stay below 1); reduce h";
        return stepFailure(why, m.str());
      }
      s[j] = std::sqrt(1.0 - f2);
      const Vector3d fxq = fj.cross(x.q[j]);
      dq[j] = fxq + fj.cross(fxq) / (1.0 + s[j]);
    }
    return true;
  };
  if (n > 1) {
    ChainMat J(3 * n, 3 * n);
    double last = INFINITY;
    for (int it = 1;; ++it) {
      if (!increments()) return false;
      // the first kChainChordSteps corrections solve with A = J(0), already factored (a chord
      // step: G alone is evaluated), then Newton with J(f)
      const bool newton = it > kChainChordSteps;
      for (int i = 0; i < n; ++i) {
        Vector3d Gi = p.M[i][i] * f.segment<3>(3 * i) - b.segment<3>(3 * i);
        if (newton) J.block<3, 3>(3 * i, 3 * i) = p.M[i][i] * Matrix3d::Identity();
        const Matrix3d qi = hat(x.q[i]);
        for (int j = 0; j < n; ++j) {
          if (j == i) continue;
          Gi += p.M[i][j] * x.q[i].cross(dq[j]);
          if (!newton) continue;
          const Vector3d fj = f.segment<3>(3 * j);
          J.block<3, 3>(3 * i, 3 * j) =
              p.M[i][j] * qi * (-hat(x.q[j]) - x.q[j] * fj.transpose() / s[j]);
        }
        G.segment<3>(3 * i) = Gi;
      }
      if (newton)
        df = J.partialPivLu().solve(G);
      else
        df = chord.solve(G);
      f -= df;
      if (iterations) *iterations = it;
      const double step = df.lpNorm<Eigen::Infinity>(), size = f.lpNorm<Eigen::Infinity>();
      if (!std::isfinite(step))
        return stepFailure(why, "the implicit step's Newton correction is not finite; reduce h");
      // converged, or at round-off: small and no longer halving (a Newton step only: a chord
      // step's linear rate may itself be above a half)
      if (step <= kChainNewtonRelTol * size || (newton && step <= 1e-8 * size && step > 0.5 * last))
        break;
      if (it >= kChainNewtonMaxIter) {
        std::ostringstream m;
        m << "the implicit step's Newton iteration did not converge in " << kChainNewtonMaxIter
          << " iterations (last correction " << step << ", tolerance " << kChainNewtonRelTol * size
          << "); reduce h";
        return stepFailure(why, m.str());
      }
      last = step;
    }
  }
  if (!increments()) return false;
  if (solution) *solution = f;
  for (int i = 0; i < n; ++i) {
    Vector3d kick = (0.5 * h * p.c[i]) * crossE3(2.0 * x.q[i] + dq[i]);
    if (forced) kick += (0.5 * h) * Vector3d(2.0 * x.q[i] + dq[i]).cross(links[i]);
    for (int j = 0; j < n; ++j)
      if (j != i) kick += (p.M[i][j] / h) * dq[i].cross(dq[j]);
    if (compensated) {
      compensatedAdd(x.q[i], x.lostQ[i], dq[i]);
      compensatedAdd(x.pi[i], x.lostPi[i], kick);
    } else {
      x.q[i] += dq[i];
      x.pi[i] += kick;
    }
  }
  return true;
}

void pendulumChainRhs(const PendulumChainParams& p, const double* y, double* dy) {
  const int n = p.n;
  ChainVectors q = chainZeros(), w = chainZeros();
  for (int i = 0; i < n; ++i) {
    q[i] = Vector3d(y[3 * i], y[3 * i + 1], y[3 * i + 2]);
    w[i] = Vector3d(y[3 * n + 3 * i], y[3 * n + 3 * i + 1], y[3 * n + 3 * i + 2]);
  }
  ChainMat A;
  pendulumChainMatrix(p, q, A);
  ChainVec r(3 * n);
  const ChainVectors G = p.forced() ? p.linkForces() : ChainVectors{};
  for (int i = 0; i < n; ++i) {
    Vector3d ri = p.c[i] * crossE3(q[i]);
    if (p.forced()) ri += q[i].cross(G[i]);
    for (int j = 0; j < n; ++j)
      if (j != i) ri += p.M[i][j] * w[j].squaredNorm() * q[i].cross(q[j]);
    r.segment<3>(3 * i) = ri;
  }
  const ChainVec dw = Eigen::LLT<ChainMat>(A).solve(r);
  for (int i = 0; i < n; ++i) {
    const Vector3d dq = w[i].cross(q[i]);
    for (int k = 0; k < 3; ++k) {
      dy[3 * i + k] = dq[k];
      dy[3 * n + 3 * i + k] = dw[3 * i + k];
    }
  }
}

namespace {

// The 3n x 3n matrix K with (delta A(q)) w = K delta q: A_ij w_j = -M_ij q_i x (q_j x w_j)
// (i != j) changes by M_ij (q_j x w_j)^ delta q_i + M_ij q_i^ w_j^ delta q_j; A_ii is constant.
MatrixXd chainMatrixChange(const PendulumChainParams& p, const ChainVectors& q,
                           const ChainVectors& w) {
  const int n = p.n;
  MatrixXd K = MatrixXd::Zero(3 * n, 3 * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      K.block<3, 3>(3 * i, 3 * i) += p.M[i][j] * hat(q[j].cross(w[j]));
      K.block<3, 3>(3 * i, 3 * j) += p.M[i][j] * hat(q[i]) * hat(w[j]);
    }
  return K;
}

// The changes of the link forces G_i = l_i sum_{k >= i} F_k by the force F's entries, in the
// columns [offset, offset + 3n) of a 3n x cols matrix.
MatrixXd chainLinkForceChange(const PendulumChainParams& p, Eigen::Index cols,
                              Eigen::Index offset) {
  const int n = p.n;
  MatrixXd DG = MatrixXd::Zero(3 * n, cols);
  for (int i = 0; i < n; ++i)
    for (int k = i; k < n; ++k)
      DG.block<3, 3>(3 * i, offset + 3 * k) = p.l[i] * Matrix3d::Identity();
  return DG;
}

// omega = A(q)^-1 pi
ChainVectors chainOmega(const PendulumChainParams& p, const ChainVectors& q,
                        const ChainVectors& pi) {
  ChainVectors w = chainZeros();
  pendulumChainOmega(p, q, pi, w);
  return w;
}

}  // namespace

MatrixXd pendulumChainSymplectic(const PendulumChainParams& p, const ChainVectors& q,
                                 const ChainVectors& omega) {
  const int n = p.n;
  MatrixXd Dq = MatrixXd::Zero(3 * n, 6 * n), Dw = MatrixXd::Zero(3 * n, 6 * n);
  for (int i = 0; i < n; ++i) Dq.block<3, 3>(3 * i, 3 * i) = -hat(q[i]);
  Dw.rightCols(3 * n).setIdentity();
  ChainMat A;
  pendulumChainMatrix(p, q, A);
  ChainVec w(3 * n);
  for (int i = 0; i < n; ++i) w.segment<3>(3 * i) = omega[i];
  const ChainVec pi = A * w;
  const MatrixXd Dpi = MatrixXd(A) * Dw + chainMatrixChange(p, q, omega) * Dq;
  // p_i = pi_i x q_i: delta p_i = -q_i^ delta pi_i + pi_i^ delta q_i
  MatrixXd Dp(3 * n, 6 * n);
  for (int i = 0; i < n; ++i)
    Dp.middleRows<3>(3 * i) = -hat(q[i]) * Dpi.middleRows<3>(3 * i) +
                              hat(Vector3d(pi.segment<3>(3 * i))) * Dq.middleRows<3>(3 * i);
  return Dq.transpose() * Dp - Dp.transpose() * Dq;
}

bool pendulumChainStepDerivative(const PendulumChainParams& p, double h,
                                 const PendulumChainState& x, StepDerivative& d, std::string* why,
                                 PendulumChainState* end) {
  const int n = p.n;
  const bool forced = p.forced();
  const Eigen::Index m = forced ? 3 * n : 0, cols = 6 * n + m;
  // the step to its converged solution f, with the plain sums (the compensated step is the same
  // map; what its rounding dropped is left out)
  PendulumChainState next = x;
  ChainVec f(3 * n);
  if (!pendulumChainStep(p, h, next, false, nullptr, why, &f)) return false;
  const ChainVectors G = forced ? p.linkForces() : chainZeros();
  const ChainVectors omega = chainOmega(p, x.q, x.pi);
  // the inputs' changes: delta q_i = xi_i x q_i, omega as setState takes it (sphereStateChange)
  MatrixXd Xq = MatrixXd::Zero(3 * n, cols), Xw = MatrixXd::Zero(3 * n, cols);
  for (int i = 0; i < n; ++i) {
    const Eigen::Matrix<double, 6, 6> E = sphereStateChange(x.q[i], omega[i], true);
    Xq.block<3, 3>(3 * i, 3 * i) = E.topLeftCorner<3, 3>();
    Xw.block<3, 3>(3 * i, 3 * i) = E.bottomLeftCorner<3, 3>();
    Xw.block<3, 3>(3 * i, 3 * n + 3 * i) = E.bottomRightCorner<3, 3>();
  }
  const MatrixXd XG = forced ? chainLinkForceChange(p, cols, 6 * n) : MatrixXd::Zero(3 * n, cols);
  ChainMat A0;
  pendulumChainMatrix(p, x.q, A0);
  // pi = A(q) omega
  const MatrixXd Dpi = MatrixXd(A0) * Xw + chainMatrixChange(p, x.q, omega) * Xq;
  // dq_j(f_j, q_j) = w + f x w / (1 + s), w = f x q, s = (1 - |f|^2)^(1/2) (the Cayley form
  // the step uses), and its partial derivatives in f_j and q_j
  std::array<Matrix3d, kChainMaxLinks> Df{}, Dq{};
  ChainVectors dq = chainZeros();
  for (int j = 0; j < n; ++j) {
    const Vector3d fj = f.segment<3>(3 * j), wj = fj.cross(x.q[j]);
    const double s = std::sqrt(1.0 - fj.squaredNorm());
    dq[j] = wj + fj.cross(wj) / (1 + s);
    Df[j] = -hat(x.q[j]) + (-hat(wj) - hat(fj) * hat(x.q[j])) / (1 + s) +
            fj.cross(wj) * fj.transpose() / (s * (1 + s) * (1 + s));
    Dq[j] = hat(fj) + hat(fj) * hat(fj) / (1 + s);
  }
  // the implicit equation G(f; x) = 0 (pendulumChainStep):
  //   G_i = M_ii f_i + sum_{j != i} M_ij q_i x dq_j(f_j, q_j) - b_i,
  //   b_i = h pi_i + (h^2 c_i/2) q_i x e3 + (h^2/2) q_i x G_i,
  // differentiated: J delta f + R = 0, J = dG/df, R = dG/dx delta x (the implicit function
  // theorem at the converged f)
  const Matrix3d e3 = hat(Vector3d::UnitZ());
  MatrixXd J = MatrixXd::Zero(3 * n, 3 * n), R(3 * n, cols);
  for (int i = 0; i < n; ++i) {
    J.block<3, 3>(3 * i, 3 * i) = p.M[i][i] * Matrix3d::Identity();
    const auto Xqi = Xq.middleRows<3>(3 * i);
    MatrixXd Ri = -(h * Dpi.middleRows<3>(3 * i) - (0.5 * h * h * p.c[i]) * e3 * Xqi);
    if (forced) Ri -= (0.5 * h * h) * (-hat(G[i]) * Xqi + hat(x.q[i]) * XG.middleRows<3>(3 * i));
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      J.block<3, 3>(3 * i, 3 * j) = p.M[i][j] * hat(x.q[i]) * Df[j];
      Ri += p.M[i][j] * (-hat(dq[j]) * Xqi + hat(x.q[i]) * Dq[j] * Xq.middleRows<3>(3 * j));
    }
    R.middleRows<3>(3 * i) = Ri;
  }
  const MatrixXd Xf = -J.partialPivLu().solve(R);
  MatrixXd Xdq(3 * n, cols);
  for (int i = 0; i < n; ++i)
    Xdq.middleRows<3>(3 * i) = Df[i] * Xf.middleRows<3>(3 * i) + Dq[i] * Xq.middleRows<3>(3 * i);
  // pi_{k+1} = pi + (h c_i/2)(2 q_i + dq_i) x e3 + (h/2)(2 q_i + dq_i) x G_i
  //            + sum_{j != i} (M_ij/h) dq_i x dq_j
  MatrixXd Dpi1 = Dpi;
  for (int i = 0; i < n; ++i) {
    const MatrixXd Xr = 2 * Xq.middleRows<3>(3 * i) + Xdq.middleRows<3>(3 * i);
    MatrixXd kick = -(0.5 * h * p.c[i]) * e3 * Xr;
    if (forced)
      kick += (0.5 * h) *
              (-hat(G[i]) * Xr + hat(Vector3d(2 * x.q[i] + dq[i])) * XG.middleRows<3>(3 * i));
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      kick += (p.M[i][j] / h) *
              (-hat(dq[j]) * Xdq.middleRows<3>(3 * i) + hat(dq[i]) * Xdq.middleRows<3>(3 * j));
    }
    Dpi1.middleRows<3>(3 * i) += kick;
  }
  const MatrixXd Xq1 = Xq + Xdq;
  // omega_{k+1} = A(q_{k+1})^-1 pi_{k+1}: delta omega1 = A1^-1 (delta pi1 - (delta A1) omega1)
  const ChainVectors omega1 = chainOmega(p, next.q, next.pi);
  ChainMat A1;
  pendulumChainMatrix(p, next.q, A1);
  const MatrixXd Xw1 =
      Eigen::LLT<MatrixXd>(MatrixXd(A1)).solve(Dpi1 - chainMatrixChange(p, next.q, omega1) * Xq1);
  MatrixXd out(6 * n, cols);
  for (int i = 0; i < n; ++i)
    out.middleRows<3>(3 * i) = sphereCoordinates(next.q[i]) * Xq1.middleRows<3>(3 * i);
  out.bottomRows(3 * n) = Xw1;
  d.A = out.leftCols(6 * n);
  d.B = out.rightCols(m);
  if (end) *end = next;
  return true;
}

void pendulumChainJacobian(const PendulumChainParams& p, const VectorXd& y, MatrixXd& fy,
                           MatrixXd& fu, VectorXd* f) {
  const int n = p.n;
  const bool forced = p.forced();
  const Eigen::Index m = forced ? 3 * n : 0;
  ChainVectors q = chainZeros(), w = chainZeros(), dw = chainZeros();
  for (int i = 0; i < n; ++i) {
    q[i] = y.segment<3>(3 * i);
    w[i] = y.segment<3>(3 * n + 3 * i);
  }
  // omega' = A(q)^-1 r, as pendulumChainRhs evaluates it, with the one factorization of A that
  // the derivative solves with too
  ChainMat A;
  pendulumChainMatrix(p, q, A);
  const Eigen::LLT<ChainMat> llt(A);
  const ChainVectors G = forced ? p.linkForces() : chainZeros();
  ChainVec r(3 * n);
  for (int i = 0; i < n; ++i) {
    Vector3d ri = p.c[i] * crossE3(q[i]);
    if (forced) ri += q[i].cross(G[i]);
    for (int j = 0; j < n; ++j)
      if (j != i) ri += p.M[i][j] * w[j].squaredNorm() * q[i].cross(q[j]);
    r.segment<3>(3 * i) = ri;
  }
  const ChainVec dwAll = llt.solve(r);
  for (int i = 0; i < n; ++i) dw[i] = dwAll.segment<3>(3 * i);
  if (f) {
    f->resize(6 * n);
    for (int i = 0; i < n; ++i) {
      f->segment<3>(3 * i) = w[i].cross(q[i]);
      f->segment<3>(3 * n + 3 * i) = dw[i];
    }
  }
  const MatrixXd XG = forced ? chainLinkForceChange(p, m, 0) : MatrixXd::Zero(3 * n, 0);
  // r = A(q) omega': its change by q (the first 3n columns) and omega (the next 3n)
  MatrixXd Dr = MatrixXd::Zero(3 * n, 6 * n);
  const Matrix3d e3 = hat(Vector3d::UnitZ());
  for (int i = 0; i < n; ++i) {
    Dr.block<3, 3>(3 * i, 3 * i) += -p.c[i] * e3 - (forced ? hat(G[i]) : Matrix3d::Zero());
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const double w2 = w[j].squaredNorm();
      Dr.block<3, 3>(3 * i, 3 * i) += -p.M[i][j] * w2 * hat(q[j]);
      Dr.block<3, 3>(3 * i, 3 * j) += p.M[i][j] * w2 * hat(q[i]);
      Dr.block<3, 3>(3 * i, 3 * n + 3 * j) += (2 * p.M[i][j]) * q[i].cross(q[j]) * w[j].transpose();
    }
  }
  // A omega' = r: delta omega' = A^-1 (delta r - (delta A) omega')
  Dr.leftCols(3 * n) -= chainMatrixChange(p, q, dw);
  fy = MatrixXd::Zero(6 * n, 6 * n);
  for (int i = 0; i < n; ++i) {
    fy.block<3, 3>(3 * i, 3 * i) = hat(w[i]);
    fy.block<3, 3>(3 * i, 3 * n + 3 * i) = -hat(q[i]);
  }
  fy.bottomRows(3 * n) = llt.solve(Dr);
  fu = MatrixXd::Zero(6 * n, m);
  if (forced) {
    MatrixXd Du(3 * n, m);
    for (int i = 0; i < n; ++i) Du.middleRows<3>(3 * i) = hat(q[i]) * XG.middleRows<3>(3 * i);
    fu.bottomRows(3 * n) = llt.solve(Du);
  }
}

double pendulumChainEnergy(const PendulumChainParams& p, const ChainVectors& q,
                           const ChainVectors& omega) {
  Vector3d x = Vector3d::Zero(), v = Vector3d::Zero();
  double T = 0.0, U = 0.0;
  for (int i = 0; i < p.n; ++i) {
    x += p.l[i] * q[i];
    v += p.l[i] * omega[i].cross(q[i]);
    T += 0.5 * p.m[i] * v.squaredNorm();
    U -= p.g * p.m[i] * x.z();
  }
  return T + U;
}

void PendulumChain::fill(const PendulumChainParams& p, double t, const ChainVectors& q,
                         const ChainVectors& omega, Sample& s, SampleFields f) {
  const int n = p.n;
  s.t = t;
  s.structure = s.structure2 = 0.0;
  Vector3d x = Vector3d::Zero(), v = Vector3d::Zero(), L = Vector3d::Zero();
  double T = 0.0, U = 0.0;
  s.state.resize(6 * n);
  for (int i = 0; i < n; ++i) {
    s.structure = std::max(s.structure, std::fabs(1.0 - q[i].squaredNorm()));
    s.structure2 = std::max(s.structure2, std::fabs(q[i].dot(omega[i])));
    x += p.l[i] * q[i];
    v += p.l[i] * omega[i].cross(q[i]);
    T += 0.5 * p.m[i] * v.squaredNorm();
    U -= p.g * p.m[i] * x.z();
    L += p.m[i] * x.cross(v);
    s.state.segment<3>(3 * i) = q[i];
    s.state.segment<3>(3 * n + 3 * i) = omega[i];
  }
  s.energy = T + U;
  s.momentum = L;
  if (f == SampleFields::All) {
    s.position = x;
    s.velocity = v;
  }
}

}  // namespace dms
