// SPDX-FileCopyrightText: 2026 The Discrete Mechanics Studio authors
// SPDX-License-Identifier: GPL-3.0-or-later
/// Minimal hand-written variational steps, one per system and form (plain and compensated):
/// what someone writing only this step would write. Fixed-size types, the constants of a run
/// (those depending on h and the parameters) computed once, the step inlined into the loop, no
/// failure reports, no virtual calls, no strings. Each does the product's arithmetic operation
/// for operation (the same Eigen expressions where the product uses Eigen), so main.cpp can
/// check that it reproduces the product's step bit for bit: the ratio product / minimal is the
/// cost of the product's structure, not of a different computation.
#pragma once

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <cmath>

#include "core/integrators/compensated.h"
#include "core/lie/so3.h"
#include "core/systems/dumbbell.h"
#include "core/systems/lgvi.h"
#include "core/systems/massspring.h"
#include "core/systems/planarpendulum.h"
#include "core/systems/sphericalpendulum.h"

namespace dms::bench {

// eqs (10)-(11)
struct MinimalMassSpring {
  double h, c, omc, opc, k, a, b, e;
  MinimalMassSpring(const MassSpringParams& p, double h_)
      : h(h_),
        c(h * h * p.kappa / (4 * p.m)),
        omc(1 - c),
        opc(1 + c),
        k(h * p.kappa / (2 * p.m)),
        a(0.5 * h),
        b(h * p.kappa / (2 * p.m)),
        e(2 * b / (1 + a * b)) {}
  void step(MassSpringState& x) const {
    const double q1 = (h * x.v + omc * x.q) / opc;
    x.v = x.v - k * x.q - k * q1;
    x.q = q1;
  }
  void step(MassSpringSums& x) const {
    const double dv = -e * (x.x.q + a * x.x.v);
    const double dq = a * (2 * x.x.v + dv);
    compensatedAdd(x.x.q, x.lost.q, dq);
    compensatedAdd(x.x.v, x.lost.v, dv);
  }
};

// eqs (25)-(27)
struct MinimalPlanarPendulum {
  double h, k2, k1, k1n;
  MinimalPlanarPendulum(const PlanarPendulumParams& p, double h_)
      : h(h_), k2(h * h * p.g / (2 * p.l)), k1(h * p.g / (2 * p.l)), k1n(-h * p.g / (2 * p.l)) {}
  void step(PlanarPendulumState& x) const {
    const double e2Re1 = x.R(1, 0);
    const double s = h * x.Omega - k2 * e2Re1;
    const double c = std::sqrt(1 - s * s);
    Matrix2d F;
    F << c, -s, s, c;
    const Matrix2d R1 = x.R * F;
    x.Omega = x.Omega - k1 * e2Re1 - k1 * R1(1, 0);
    x.R = R1;
  }
  void step(PlanarPendulumSums& x) const {
    const double e2Re1 = x.x.R(1, 0);
    const double s = h * x.x.Omega - k2 * e2Re1;
    const double c = std::sqrt(1 - s * s), d = -s * s / (1 + c);
    Matrix2d FminusI;
    FminusI << d, -s, s, d;
    const Matrix2d dR = x.x.R * FminusI;
    compensatedAdd(x.x.R, x.lostR, dR);
    compensatedAdd(x.x.Omega, x.lostOmega, k1n * (e2Re1 + x.x.R(1, 0)));
  }
};

// eqs (35)-(36)
struct MinimalSphericalPendulum {
  double h, k2, k1, k2c;
  MinimalSphericalPendulum(const SphericalPendulumParams& p, double h_)
      : h(h_), k2(h * h * p.g / (2 * p.l)), k1(h * p.g / (2 * p.l)), k2c(h * k1) {}
  void step(SphericalPendulumState& x) const {
    const Vector3d qxe3(x.q.y(), -x.q.x(), 0.0);  // q x e3
    const Vector3d f = h * x.omega + k2 * qxe3;
    const double f2 = f.squaredNorm();
    const Vector3d q1 = f.cross(x.q) + std::sqrt(1 - f2) * x.q;
    x.omega = x.omega + k1 * qxe3 + k1 * Vector3d(q1.y(), -q1.x(), 0.0);
    x.q = q1;
  }
  void step(SphericalPendulumSums& x) const {
    const Vector3d q = x.x.q;
    const Vector3d qxe3(q.y(), -q.x(), 0.0);
    const Vector3d f = h * x.x.omega + k2c * qxe3;
    const double f2 = f.squaredNorm();
    const Vector3d fxq = f.cross(q);
    const Vector3d dq = fxq + f.cross(fxq) / (1 + std::sqrt(1 - f2));
    compensatedAdd(x.x.q, x.lost.q, dq);
    const Vector3d kick = k1 * Vector3d(dq.y(), -dq.x(), 0.0), early = (2 * k1) * qxe3;
    compensatedAdd(x.x.omega, x.lost.omega, kick, early);
  }
};

// RATTLE on the spherical pendulum (rattleStep in sphericalpendulum.h): the gravity gradient
// and the step's coefficients computed once; Compensated as the product's default
struct MinimalRattle {
  double h, ml2, hm, hh, c;
  Vector3d dU;
  MinimalRattle(const SphericalPendulumParams& p, double h_)
      : h(h_),
        ml2(p.m * p.l * p.l),
        hm(h / ml2),
        hh(0.5 * h),
        c(h * h / (2 * ml2)),
        dU(-p.m * p.g * p.l * Vector3d::UnitZ()) {}
  template <bool Compensated>
  static void add(Vector3d& sum, Vector3d& lost, const Vector3d& inc) {
    if constexpr (Compensated)
      compensatedAdd(sum, lost, inc);
    else
      sum += inc;
  }
  template <bool Compensated>
  void step(RattleState& x) const {
    const Vector3d q = x.q;
    const Vector3d a = q + hm * (x.p - hh * dU);
    const double aq = a.dot(q), a2m1 = a.squaredNorm() - 1;
    const double D = aq * aq - q.squaredNorm() * a2m1;
    const double lambda = a2m1 / (c * (aq + std::sqrt(std::max(D, 0.0))));
    add<Compensated>(x.p, x.lostP, Vector3d(-hh * (dU + lambda * q)));
    add<Compensated>(x.q, x.lostQ, Vector3d(hm * x.p));
    const double mu = (2 * x.q.dot(x.p) / h - x.q.dot(dU)) / x.q.squaredNorm();
    add<Compensated>(x.p, x.lostP, Vector3d(-hh * (dU + mu * x.q)));
  }
};

// eqs (42)-(46) for the dumbbell: its gravity inlined, J's factorization made once
struct MinimalDumbbell {
  double h, m, mu;
  double mass[2];
  Vector3d rho[2];
  Matrix3d J;
  Eigen::LLT<Matrix3d> Jllt;
  double Jmin;

  MinimalDumbbell(const DumbbellParams& p, double h_)
      : h(h_), m(p.m()), mu(p.mu), mass{p.m1, p.m2}, rho{p.rho(0), p.rho(1)}, J(p.J()) {
    Jllt.compute(J);
    Jmin = smallestEigenvalue(J);
  }

  Vector3d sphereForce(int i, const Vector3d& x, const Matrix3d& R) const {
    const Vector3d y = x + R * rho[i];
    const double d = y.norm();
    return (-mu * mass[i] / (d * d * d)) * y;
  }
  void gradient(const Vector3d& x, const Matrix3d& R, Vector3d& dUdx, Matrix3d& dUdR) const {
    dUdx.setZero();
    dUdR.setZero();
    for (int i = 0; i < 2; ++i) {
      const Vector3d F = sphereForce(i, x, R);
      dUdx -= F;
      dUdR -= F * rho[i].transpose();
    }
  }
  // Newton on eq (42) from f = J^-1 g / 2, stopped as the product stops (relative residual);
  // the root test's first bound, which holds at the article's set-up
  Vector3d solve42(const Vector3d& g) const {
    Vector3d f = Jllt.solve(0.5 * g);
    for (int it = 0; it <= kEq42MaxIterations; ++it) {
      const Vector3d G = g + g.cross(f) + g.dot(f) * f - 2.0 * J * f;
      const double nf = f.norm(), ng = g.norm();
      const double scale =
          ng + ng * nf + std::fabs(g.dot(f)) * nf + 2.0 * (J.cwiseAbs() * f.cwiseAbs()).norm();
      if ((scale > 0.0 ? G.norm() / scale : 0.0) <= kEq42Tolerance) break;
      const Matrix3d dG = hat(g) + g.dot(f) * Matrix3d::Identity() + f * g.transpose() - 2.0 * J;
      f += dG.partialPivLu().solve(-G);
    }
    return f;
  }

  void step(RigidBodyState& s) const {
    Vector3d dU0, dU1;
    Matrix3d dUdR;
    gradient(s.x, s.R, dU0, dUdR);
    Matrix3d B = dUdR.transpose() * s.R;
    const Vector3d M0 = vee(B - B.transpose());
    const Vector3d Pi0 = J * s.Omega;
    const Matrix3d F = cayley(solve42(h * Pi0 + 0.5 * h * h * M0));
    RigidBodyState n;
    n.R = s.R * F;
    n.x = s.x + h * s.v - h * h / (2.0 * m) * dU0;
    gradient(n.x, n.R, dU1, dUdR);
    B = dUdR.transpose() * n.R;
    const Vector3d M1 = vee(B - B.transpose());
    const Vector3d Pi1 = F.transpose() * Pi0 + 0.5 * h * (F.transpose() * M0) + 0.5 * h * M1;
    n.Omega = Jllt.solve(Pi1);
    n.v = s.v - h / (2.0 * m) * (dU0 + dU1);
    s = n;
  }

  // a half kick; the dumbbell's gravity is rotation invariant: pi's increment is -X x p's
  void kick(RigidBodySums& s) const {
    Vector3d dU;
    Matrix3d dUdR;
    gradient(s.s.x, s.s.R, dU, dUdR);
    const Vector3d kickP = -0.5 * h * dU;
    compensatedAdd(s.p, s.lostP, kickP);
    compensatedAdd(s.pi, s.lostPi, Vector3d(s.lostX.cross(kickP) - s.s.x.cross(kickP)));
  }

  void step(RigidBodySums& s) const {
    kick(s);
    const Vector3d f = solve42(h * (s.s.R.inverse() * s.pi));
    const Matrix3d W = hat(f);
    const Matrix3d FminusI = (2.0 / (1.0 + f.squaredNorm())) * (W + W * W);
    compensatedAdd(s.s.R, s.lostR, Matrix3d(s.s.R * FminusI));
    Vector3d dx, dxLow;
    for (int i = 0; i < 3; ++i) twoProduct(h / m, s.p[i], dx[i], dxLow[i]);
    dxLow -= (h / m) * s.lostP;
    compensatedAdd(s.s.x, s.lostX, dx, dxLow);
    kick(s);
    s.s.v = s.p / m;
    s.s.Omega = Jllt.solve(Vector3d(s.s.R.inverse() * s.pi));
  }
};

}  // namespace dms::bench
