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
                       bool compensated, int* iterations, std::string* why) {
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
  f = Eigen::LLT<ChainMat>(A).solve(b);
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
      for (int i = 0; i < n; ++i) {
        Vector3d Gi = p.M[i][i] * f.segment<3>(3 * i) - b.segment<3>(3 * i);
        J.block<3, 3>(3 * i, 3 * i) = p.M[i][i] * Matrix3d::Identity();
        const Matrix3d qi = hat(x.q[i]);
        for (int j = 0; j < n; ++j) {
          if (j == i) continue;
          Gi += p.M[i][j] * x.q[i].cross(dq[j]);
          const Vector3d fj = f.segment<3>(3 * j);
          J.block<3, 3>(3 * i, 3 * j) =
              p.M[i][j] * qi * (-hat(x.q[j]) - x.q[j] * fj.transpose() / s[j]);
        }
        G.segment<3>(3 * i) = Gi;
      }
      df = J.partialPivLu().solve(G);
      f -= df;
      if (iterations) *iterations = it;
      const double step = df.lpNorm<Eigen::Infinity>(), size = f.lpNorm<Eigen::Infinity>();
      if (!std::isfinite(step))
        return stepFailure(why, "the implicit step's Newton correction is not finite; reduce h");
      // converged, or at round-off: small and no longer halving
      if (step <= kChainNewtonRelTol * size || (step <= 1e-8 * size && step > 0.5 * last)) break;
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
